#!/usr/bin/env bash
# Set-up command 2: install test packages, build, and run the whole test suite: unit tests,
# end-to-end tests against umockdev testbeds with schema validation, device motion on the BROAD
# recordings against the published filters, the man page check and its
# lints (mandoc, man-db), the parsers fuzzed for FUZZ_SECONDS (default 20) each, the streams under
# LeakSanitizer, DevCapsKit's DocC pages (no warning), and the Debian package built, installed,
# tried and removed.
set -euo pipefail
cd "$(dirname "$0")/.."
# How long each step took, said at the end (the command's time on a 2-core machine is a goal).
step_started=$SECONDS
timings=()
took() {
  timings+=("$(printf '%4ds  %s' $((SECONDS - step_started)) "$1")")
  step_started=$SECONDS
}
scripts/check-self-contained.sh
scripts/check-io-funnel.sh
# Formatted with the toolchain's swift-format and .swift-format (scripts/check-format.sh --fix).
scripts/check-format.sh
took "checks: self-contained, I/O funnel, format"
scripts/install-packages.sh test
scripts/install-python-tools.sh
took "packages (Debian, PyPI)"
swift build --build-tests
took "swift build --build-tests"
# The examples (BatteryBar, MotionMonitor): packages outside devcaps on DevCapsKit's public API,
# run by the end-to-end tests.
(cd Examples/BatteryBar && swift build)
(cd Examples/MotionMonitor && swift build)
took "the examples' builds"
log=$(mktemp)
docc_log=$(mktemp)
hang_report=$(mktemp)
trap 'rm -f "$log" "$docc_log" "$hang_report"' EXIT
# The Swift Testing bundle, run directly (line by line, under a time limit: see the script).
set +e
scripts/run-swift-tests.sh "$log" "$hang_report"
status=$?
set -e
took "the Swift tests"
# What failed, said again at the end, where a CI log's tail shows it.
failures=()
[ "$status" = 0 ] || failures+=("the Swift tests (their ✘ lines above)")
# Device motion on BROAD's recordings with optical ground truth: every category's average at or
# below VQF's on the same samples and below the better of Madgwick's and Mahony's published best,
# the clipped and gap cases (docs/explanation/motion-benchmark.md; about 3
# minutes of one core). It runs beside the fuzzers, its report printed whole when they are done.
broad_log=$(mktemp)
.build/test-venv/bin/python scripts/broad-benchmark.py --check >"$broad_log" 2>&1 &
broad_pid=$!
scripts/generate-man-page.sh --check
# JSONLine's powers of ten are the ones the generator computes (and its shortcuts for logarithms exact).
scripts/generate-powers-of-ten.py --check || { status=1; failures+=("ShortestDecimal+PowersOfTen.swift is out of date (scripts/generate-powers-of-ten.py)"); }
# DevCapsKit's public API is the one listed in Tests/DevCapsKitAPITests/PublicAPI.txt (a change is a diff).
scripts/generate-public-api.sh --check || { status=1; failures+=("DevCapsKit's public API changed (scripts/generate-public-api.sh)"); }
# docs/reference/cli.md is the same --help, as Markdown.
scripts/generate-cli-reference.sh --check || { status=1; failures+=("docs/reference/cli.md is out of date (scripts/generate-cli-reference.sh)"); }
# The man page is lint-clean: neither mandoc nor man-db's groff prints a single warning.
man_warnings=$({ mandoc -Tlint -Wwarning man/devcaps.1; man --warnings -l man/devcaps.1 >/dev/null; } 2>&1 || true)
if [ -n "$man_warnings" ]; then
  printf '%s\n' "$man_warnings" >&2
  echo "man/devcaps.1 is not lint-clean (above): fix scripts/generate-man-page.sh or the help texts." >&2
  status=1
  failures+=("the man page's lint")
fi
took "man page, CLI reference, lints"
scripts/fuzz.sh "${FUZZ_SECONDS:-20}" || { status=1; failures+=("scripts/fuzz.sh"); }
took "the fuzzers (builds and runs)"
broad_status=0
wait "$broad_pid" || broad_status=$?
cat "$broad_log"
rm -f "$broad_log"
[ "$broad_status" = 0 ] || { status=1; failures+=("scripts/broad-benchmark.py --check"); }
took "BROAD --check (the rest of it, after the fuzzers)"
# Every stream under LeakSanitizer (a sanitized build of its own in .build-asan).
scripts/leak-check.sh >"$docc_log" 2>&1 || {
  cat "$docc_log" >&2
  echo "scripts/leak-check.sh failed (above)." >&2
  status=1
  # The log is coloured: strip the escapes before matching (and never let no match end the script).
  failures+=("scripts/leak-check.sh: $(sed 's/\x1b\[[0-9;]*m//g' "$docc_log" | grep -E '✘ Test .*(failed after|recorded an issue)|THE TESTS HUNG' | head -n 3 | tr '\n' ' ' || true)")
}
took "leak check (sanitized build and streams)"
# The DocC pages build without a single warning (a broken link, an unknown symbol): DevCapsKit's,
# and DevCapsMotion's, whose symbols DevCapsKit re-exports but DocC documents only in their own module.
for docc_target in DevCapsKit DevCapsMotion; do
  if ! swift package generate-documentation --target "$docc_target" >"$docc_log" 2>&1 || grep -q "warning:" "$docc_log"; then
    cat "$docc_log" >&2
    echo "the DocC documentation of $docc_target does not build cleanly (above)." >&2
    status=1
    failures+=("the DocC documentation of $docc_target")
  fi
done
took "DocC (DevCapsKit, DevCapsMotion)"
# The Debian package: built (a release build, reused when there is one), lintian-clean, installed
# with dpkg -i, tried, removed.
scripts/check-deb-package.sh || { status=1; failures+=("scripts/check-deb-package.sh"); }
took "the Debian package"
# One plain closing line with the Swift Testing counts, whatever else printed after them.
plain_log=$(sed 's/\x1b\[[0-9;]*m//g' "$log")
total=$(sed -nE 's/^.*Test run with ([0-9]+) tests? .*/\1/p' <<<"$plain_log" | tail -n 1)
failed=$(grep -cE '^✘ Test ".*failed after' <<<"$plain_log" || true)
if [ -s "$hang_report" ]; then cat "$hang_report"; fi
sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -E '^✘ Test .*recorded an issue' | cut -c1-300 | head -n 10 || true
echo "time per step:"
printf '%s\n' "${timings[@]}"
for failure in "${failures[@]}"; do echo "FAILED: $failure"; done
echo "tests: $(( ${total:-0} - failed )) passed, $failed failed"
exit "$status"
