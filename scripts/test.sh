#!/usr/bin/env bash
# Set-up command 2: install test packages, build, and run the whole test suite (unit tests,
# end-to-end tests against umockdev testbeds, the schema validation, the man page check).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-packages.sh test
swift build --build-tests
swift test --skip-build
scripts/generate-man-page.sh --check
