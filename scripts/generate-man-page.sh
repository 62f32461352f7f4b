#!/usr/bin/env bash
# Regenerates man/devcaps.1 with swift-argument-parser's generate-manual plugin. The date is
# fixed so the page changes only when the commands do. `--check` compares instead of writing.
set -euo pipefail
cd "$(dirname "$0")/.."
date=2026-11-22
swift package plugin generate-manual --date "$date" --configuration debug >/dev/null
generated=.build/plugins/GenerateManual/outputs/devcaps/devcaps.1
if [ "${1:-}" = "--check" ]; then
  if ! diff -u man/devcaps.1 "$generated"; then
    echo "man/devcaps.1 is out of date: run scripts/generate-man-page.sh and commit it." >&2
    exit 1
  fi
  echo "man/devcaps.1 is current."
else
  mkdir -p man
  cp "$generated" man/devcaps.1
  echo "wrote man/devcaps.1"
fi
