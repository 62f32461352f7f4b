#!/usr/bin/env bash
# Set-up command 1: install build packages, build a release binary, run `devcaps list`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-packages.sh build
# The release build and its flags are the Makefile's (SWIFT_RELEASE_FLAGS); -s: swift build's
# output only, without make's echo of the command.
make -s build
.build/release/devcaps list "$@"
