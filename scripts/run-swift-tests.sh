#!/usr/bin/env bash
# Runs the built test bundle (Swift Testing) with a time limit, its output line by line in LOG.
#
# Why not `swift test`: SwiftPM passes the tests' output on in 4 KB blocks, so when a run stops
# the last lines are still in its buffer and nobody can tell which test hung. The bundle itself
# writes one line per event. Why a limit: a test that waits forever would otherwise hold CI until
# its own timeout, with nothing said; here it ends the run after TEST_TIME_LIMIT seconds (default
# 900; the whole suite takes about 70 s on a 2-core machine) and the hang is described in
# HANG_REPORT: the tests that started and never ended, the processes below the bundle, and each
# thread's stack when gdb is installed.
#
# Usage: scripts/run-swift-tests.sh LOG HANG_REPORT [swift-testing arguments: --filter, --skip…]
# SCRATCH_PATH: the build's scratch path (default .build).
set -uo pipefail
cd "$(dirname "$0")/.."
log=$1 report=$2
shift 2
limit=${TEST_TIME_LIMIT:-900}
bundle="$(swift build --show-bin-path --scratch-path "${SCRATCH_PATH:-.build}")/devcapsPackageTests.xctest"
: >"$report"

"$bundle" --testing-library swift-testing "$@" > >(tee "$log") 2>&1 &
tests=$!
waited=0
while kill -0 "$tests" 2>/dev/null && [ "$waited" -lt "$limit" ]; do
  sleep 1
  waited=$((waited + 1))
done
if ! kill -0 "$tests" 2>/dev/null; then
  wait "$tests"
  exit $?
fi

descendants() { local child; for child in $(pgrep -P "$1"); do echo "$child"; descendants "$child"; done; }
children=$(descendants "$tests")
{
  echo "THE TESTS HUNG: still running after ${limit} s (TEST_TIME_LIMIT), so they were stopped."
  echo "Started and never ended (with the last argument each began):"
  # Swift Testing's lines: '◇ Test "NAME" started.', '◇ Test case passing … to "NAME" started.',
  # '✔ Test "NAME" passed after …', '✘ Test "NAME" with 8 test cases failed after …'.
  awk '
    /^◇ Test case passing .* started\.$/ { name = $0; sub(/^.* to "/, "", name); sub(/" started\.$/, "", name); lastCase[name] = $0; next }
    /^◇ Test ".*" started\.$/ { name = $0; sub(/^◇ Test "/, "", name); sub(/" started\.$/, "", name); open[name] = 1; next }
    /^(✔|✘) Test ".*" (with [0-9]+ test cases? )?(passed|failed)/ {
      name = $0; sub(/^(✔|✘) Test "/, "", name); sub(/" (with [0-9]+ test cases? )?(passed|failed).*$/, "", name); delete open[name]
    }
    END { for (name in open) { print "  " name; if (name in lastCase) print "    last: " lastCase[name] } }
  ' < <(sed 's/\x1b\[[0-9;]*m//g' "$log")
  echo "Processes below the test bundle:"
  for pid in $children; do
    ps -o pid=,ppid=,stat=,etimes=,wchan:24=,args= -p "$pid" | cut -c1-200
  done
  if command -v gdb >/dev/null; then
    echo "Threads of the test bundle waiting in test code (gdb):"
    gdb -p "$tests" -batch -ex "thread apply all bt 40" 2>/dev/null |
      grep -E '^Thread |/Tests/' | grep -B1 '/Tests/' | sed -E 's/^#[0-9]+ +(0x[0-9a-f]+ in )?//' | swift demangle --simplified | cut -c1-200
  fi
} >"$report" 2>&1
kill -KILL "$tests" $children 2>/dev/null
wait "$tests" 2>/dev/null
cat "$report" >&2
exit 124
