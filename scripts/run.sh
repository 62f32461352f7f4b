#!/usr/bin/env bash
# Set-up command 1: install build packages, build a release binary, run `devcaps list`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build-release.sh
.build/release/devcaps list "$@"
