#!/usr/bin/env bash
# CI: downloads the released binary of a devcaps tag instead of building it. Configured by the
# environment:
#   DEVCAPS_VERSION       the tag the action or template was used at (vX.Y.Z); anything else
#                         (a branch, a commit) has no release
#   DEVCAPS_RELEASE_URL   where releases are: $DEVCAPS_RELEASE_URL/$DEVCAPS_VERSION/devcaps-linux-x86_64
#                         and its .sha256 (the release workflow attaches both)
#   DEVCAPS_BIN_DIR       the directory to put `devcaps` in
# Prints the binary's path. Exit status: 0 fetched and its SHA-256 checked; 2 no release for this
# tag or machine (build from source instead); 1 a download whose checksum does not match, or that
# failed otherwise (refused: nothing is installed).
set -euo pipefail
: "${DEVCAPS_RELEASE_URL:?DEVCAPS_RELEASE_URL names where the releases are}"
: "${DEVCAPS_BIN_DIR:?DEVCAPS_BIN_DIR names where to put devcaps}"
version="${DEVCAPS_VERSION:-}"
asset=devcaps-linux-x86_64

if ! [[ "$version" =~ ^v[0-9]+\.[0-9]+\.[0-9]+$ ]]; then
  echo "fetch-release.sh: '$version' is not a release tag (vX.Y.Z): no released binary" >&2
  exit 2
fi
if [ "$(uname -m)" != x86_64 ]; then
  echo "fetch-release.sh: releases are built for x86_64, this machine is $(uname -m)" >&2
  exit 2
fi
if ! command -v curl >/dev/null; then
  echo "fetch-release.sh: curl is not installed: no download" >&2
  exit 2
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
url="${DEVCAPS_RELEASE_URL%/}/$version/$asset"
# --fail: an HTTP error is an exit status (22), not an error page saved as the binary.
status=0
curl --fail --silent --show-error --location --retry 2 --output "$work/$asset.sha256" "$url.sha256" || status=$?
if [ "$status" -eq 22 ]; then
  echo "fetch-release.sh: no release $version at ${DEVCAPS_RELEASE_URL%/}" >&2
  exit 2
elif [ "$status" -ne 0 ]; then
  echo "fetch-release.sh: downloading $url.sha256 failed (curl status $status)" >&2
  exit 1
fi
if ! curl --fail --silent --show-error --location --retry 2 --output "$work/$asset" "$url"; then
  echo "fetch-release.sh: downloading $url failed" >&2
  exit 1
fi

expected=$(awk 'NR == 1 { print tolower($1) }' "$work/$asset.sha256")
actual=$(sha256sum "$work/$asset" | awk '{ print $1 }')
if ! [[ "$expected" =~ ^[0-9a-f]{64}$ ]]; then
  echo "fetch-release.sh: $url.sha256 holds no SHA-256; refusing the binary" >&2
  exit 1
fi
if [ "$expected" != "$actual" ]; then
  echo "fetch-release.sh: $url has SHA-256 $actual, the release says $expected; refusing it" >&2
  exit 1
fi

mkdir -p "$DEVCAPS_BIN_DIR"
install -m 0755 "$work/$asset" "$DEVCAPS_BIN_DIR/devcaps"
echo "$DEVCAPS_BIN_DIR/devcaps"
