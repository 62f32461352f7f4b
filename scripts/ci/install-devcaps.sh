#!/usr/bin/env bash
# CI step 1 (action.yml, contrib/gitlab/devcaps.gitlab-ci.yml): builds the release binary of this
# checkout with scripts/build-release.sh, the build scripts/run.sh does, and puts it on the PATH of
# the job's later steps through $GITHUB_PATH when that is set. Prints the binary's path.
set -euo pipefail
cd "$(dirname "$0")/../.."
scripts/build-release.sh >&2
bin="$PWD/.build/release"
if [ -n "${GITHUB_PATH:-}" ]; then
  echo "$bin" >>"$GITHUB_PATH"
fi
echo "$bin/devcaps"
