#!/usr/bin/env bash
# The release build, shared by scripts/run.sh and scripts/ci/install-devcaps.sh: installs the build
# packages and builds .build/release/devcaps. The build and its flags are the Makefile's
# (SWIFT_RELEASE_FLAGS); -s: swift build's output only, without make's echo of the command.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-packages.sh build
make -s build
