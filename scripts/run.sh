#!/usr/bin/env bash
# Set-up command 1: install build packages, build a release binary, run `devcaps list`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-packages.sh build
swift build -c release --static-swift-stdlib --product devcaps
.build/release/devcaps list "$@"
