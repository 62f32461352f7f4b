#!/usr/bin/env bash
# CI step 1 (action.yml, contrib/gitlab/devcaps.gitlab-ci.yml): puts devcaps on the PATH of the
# job's later steps (through $GITHUB_PATH when that is set) and prints the binary's path. Used at
# a release tag (DEVCAPS_VERSION=vX.Y.Z, DEVCAPS_RELEASE_URL set), it downloads that release's
# binary with scripts/ci/fetch-release.sh, SHA-256 checked; when there is none (a branch, a commit,
# no release, not x86_64) it builds the release binary of this checkout with
# scripts/build-release.sh, the build scripts/run.sh does. A download whose checksum does not match
# fails the step: it is never run, and never silently replaced by a build.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=""
if [ -n "${DEVCAPS_RELEASE_URL:-}" ]; then
  status=0
  # Where the build would put it, so that the templates find it in one place either way.
  DEVCAPS_BIN_DIR="$PWD/.build/release" scripts/ci/fetch-release.sh >/dev/null || status=$?
  case "$status" in
    0) bin="$PWD/.build/release" ;;
    2) echo "install-devcaps.sh: building devcaps from source" >&2 ;;
    *) exit "$status" ;;
  esac
fi
if [ -z "$bin" ]; then
  scripts/build-release.sh >&2
  bin="$PWD/.build/release"
fi
if [ -n "${GITHUB_PATH:-}" ]; then
  echo "$bin" >>"$GITHUB_PATH"
fi
echo "$bin/devcaps"
