#!/usr/bin/env bash
# CI step 2 (action.yml, contrib/gitlab/devcaps.gitlab-ci.yml): `devcaps require`, configured by
# the environment:
#   DEVCAPS_MANIFEST      the manifest (required)
#   DEVCAPS_FORMAT        text|json|junit|github (default github)
#   DEVCAPS_AGAINST       saved reports or directories, space-separated (optional)
#   DEVCAPS_OUTPUT_FILE   write devcaps' standard output to this file instead (optional)
#   DEVCAPS               the binary (default: devcaps on PATH)
#   DEVCAPS_OUTCOME_FILE  write DEVCAPS_OUTCOME=... to this file (a GitLab dotenv report) (optional)
# Writes satisfied=true|false and outcome=... to $GITHUB_OUTPUT when that is set; exits with
# devcaps' status (0 met, 1 not met, 64 usage, 65 invalid, 66 unreadable, 74 output failed).
# The outcome tells a machine that falls short (unmet) from a gate that could not judge:
# met, unmet, invalid-manifest, unreadable-manifest, invalid-report, unreadable-report,
# usage-error, output-error.
set -uo pipefail
: "${DEVCAPS_MANIFEST:?DEVCAPS_MANIFEST names the manifest}"
arguments=(require "$DEVCAPS_MANIFEST" --format "${DEVCAPS_FORMAT:-github}")
if [ -n "${DEVCAPS_AGAINST:-}" ]; then
  read -r -a reports <<<"$DEVCAPS_AGAINST"
  arguments+=(--against "${reports[@]}")
fi
if [ -n "${DEVCAPS_OUTPUT_FILE:-}" ]; then
  "${DEVCAPS:-devcaps}" "${arguments[@]}" >"$DEVCAPS_OUTPUT_FILE"
else
  "${DEVCAPS:-devcaps}" "${arguments[@]}"
fi
status=$?
case "$status" in
  0) outcome=met ;;
  1) outcome=unmet ;;
  64) outcome=usage-error ;;
  65 | 66)
    subject=manifest
    # With reports, 65/66 may be about one of them: the manifest alone decides, judged on no
    # report (/dev/null is refused as one, after the manifest was read and checked).
    if [ -n "${DEVCAPS_AGAINST:-}" ]; then
      alone=$("${DEVCAPS:-devcaps}" require "$DEVCAPS_MANIFEST" --format json --against /dev/null 2>/dev/null)
      case "$alone" in *'"kind": "unreadable-report"'*) subject=report ;; esac
    fi
    if [ "$status" -eq 65 ]; then outcome=invalid-$subject; else outcome=unreadable-$subject; fi
    ;;
  74) outcome=output-error ;;
  *) outcome=error ;;
esac
if [ "$status" -gt 1 ]; then
  echo "devcaps require: $outcome (exit $status): the gate could not judge, which is not an unfit machine" >&2
fi
if [ -n "${GITHUB_OUTPUT:-}" ]; then
  if [ "$status" -eq 0 ]; then echo "satisfied=true"; else echo "satisfied=false"; fi >>"$GITHUB_OUTPUT"
  echo "outcome=$outcome" >>"$GITHUB_OUTPUT"
fi
if [ -n "${DEVCAPS_OUTCOME_FILE:-}" ]; then echo "DEVCAPS_OUTCOME=$outcome" >"$DEVCAPS_OUTCOME_FILE"; fi
exit "$status"
