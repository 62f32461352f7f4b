#!/usr/bin/env bash
# Set-up command 1: install build packages, build a release binary, run `devcaps list`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-packages.sh build
# lld with packed relative relocations (DT_RELR): the 40,000 relocations of the position-independent
# binary take 8 KB instead of 950 KB, less to read and fewer pages touched at start-up. No $ORIGIN
# rpath: the dynamic loader would look for each system library in .build/release first.
swift build -c release --static-swift-stdlib --disable-local-rpath -Xswiftc -use-ld=lld \
  -Xlinker -z -Xlinker pack-relative-relocs --product devcaps
.build/release/devcaps list "$@"
