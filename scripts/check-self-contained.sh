#!/usr/bin/env bash
# A user's clone has nothing beside it: no test, script or build step may read outside the
# checkout. Fails naming the lines that point at a folder beside the clone (the workplace's shared one).
set -euo pipefail
cd "$(dirname "$0")/.."
if found=$(git grep -nE '\.\./(shared|fixtures|seeds)\b|/work/shared' -- ':!*.md' ':!scripts/check-self-contained.sh'); then
  echo "These lines read outside the checkout; copy what they need into the repository:" >&2
  echo "$found" >&2
  exit 1
fi
# Nor does it cite documents it does not hold: the motion contract is docs/explanation/motion.md, the
# product's and the style's rules are in README, ARCHITECTURE and CONTRIBUTING.
if found=$(git grep -nE '(^|[^/[:alnum:]_.-])(motion|product|testing|style)\.md|[Tt]he seeds?\b' -- ':!scripts/check-self-contained.sh'); then
  echo "These lines cite documents that are not in the repository; cite the repository's own:" >&2
  echo "$found" >&2
  exit 1
fi
