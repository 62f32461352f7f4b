#!/usr/bin/env bash
# The release build, shared by scripts/run.sh and scripts/ci/install-devcaps.sh: installs the build
# packages and builds .build/release/devcaps.
# lld with packed relative relocations (DT_RELR): the 40,000 relocations of the position-independent
# binary take 8 KB instead of 950 KB, less to read and fewer pages touched at start-up. No $ORIGIN
# rpath: the dynamic loader would look for each system library in .build/release first.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-packages.sh build
swift build -c release --static-swift-stdlib --disable-local-rpath -Xswiftc -use-ld=lld \
  -Xlinker -z -Xlinker pack-relative-relocs --product devcaps
