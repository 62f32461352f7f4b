#!/usr/bin/env bash
# Set-up command 2: install test packages, build, and run the whole test suite: unit tests,
# end-to-end tests against umockdev testbeds with schema validation, the man page check and its
# lints (mandoc, man-db), and the parsers fuzzed for FUZZ_SECONDS (default 20) each.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/check-self-contained.sh
scripts/install-packages.sh test
swift build --build-tests
log=$(mktemp)
trap 'rm -f "$log"' EXIT
set +e
swift test --skip-build 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e
scripts/generate-man-page.sh --check
# The man page is lint-clean: neither mandoc nor man-db's groff prints a single warning.
man_warnings=$({ mandoc -Tlint -Wwarning man/devcaps.1; man --warnings -l man/devcaps.1 >/dev/null; } 2>&1 || true)
if [ -n "$man_warnings" ]; then
  printf '%s\n' "$man_warnings" >&2
  echo "man/devcaps.1 is not lint-clean (above): fix scripts/generate-man-page.sh or the help texts." >&2
  status=1
fi
scripts/fuzz.sh "${FUZZ_SECONDS:-20}" || status=1
# One plain closing line with the Swift Testing counts, whatever else printed after them.
total=$(sed -nE 's/^.*Test run with ([0-9]+) tests? .*/\1/p' "$log" | tail -n 1)
failed=$(grep -cE '^✘ Test ".*failed after' "$log" || true)
echo "tests: $(( ${total:-0} - failed )) passed, $failed failed"
exit "$status"
