#!/usr/bin/env bash
# Builds the Debian package (debian/) with dpkg-buildpackage -us -uc -b and checks it with lintian:
# no error and no warning, informational tags listed. Writes devcaps_VERSION_ARCH.deb (and the
# dbgsym package, .buildinfo and .changes) into OUTDIR, default .build/deb, and prints the .deb's
# path last. A release build already in .build is reused (debian/README.source).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.build/deb}
scripts/install-packages.sh package
command -v "${SWIFT:-swift}" >/dev/null || {
  echo "package-deb.sh: no Swift toolchain on PATH (or SWIFT=/path/to/swift): see debian/README.source" >&2
  exit 1
}
version=$(dpkg-parsechangelog -S Version)
arch=$(dpkg-architecture -qDEB_HOST_ARCH)
# dpkg-buildpackage writes its results beside the source tree: they are moved into $out at once.
dpkg-buildpackage -us -uc -b >&2
mkdir -p "$out"
for file in ../devcaps_"$version"_"$arch".{deb,buildinfo,changes} ../devcaps-dbgsym_"$version"_"$arch".deb; do
  [ -e "$file" ] && mv -f "$file" "$out/"
done
debian/rules clean >/dev/null
lintian --display-info --fail-on error,warning "$out/devcaps_${version}_${arch}.changes" >&2
echo "$out/devcaps_${version}_${arch}.deb"
