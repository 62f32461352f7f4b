#!/usr/bin/env bash
# CI step 2 (action.yml, contrib/gitlab/devcaps.gitlab-ci.yml): `devcaps require`, configured by
# the environment:
#   DEVCAPS_MANIFEST      the manifest (required)
#   DEVCAPS_FORMAT        text|json|junit|github (default github)
#   DEVCAPS_AGAINST       saved reports or directories, space-separated (optional)
#   DEVCAPS_OUTPUT_FILE   write devcaps' standard output to this file instead (optional)
#   DEVCAPS               the binary (default: devcaps on PATH)
# Writes satisfied=true|false to $GITHUB_OUTPUT when that is set; exits with devcaps' status
# (0 met, 1 not met, 64 usage, 65 invalid manifest, 66 unreadable).
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
if [ -n "${GITHUB_OUTPUT:-}" ]; then
  if [ "$status" -eq 0 ]; then echo "satisfied=true"; else echo "satisfied=false"; fi >>"$GITHUB_OUTPUT"
fi
exit "$status"
