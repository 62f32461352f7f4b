#!/usr/bin/env bash
# Installs the Debian packages devcaps needs: `build` for building and running, `test` for the
# whole test suite, `package` for building the Debian package. Does nothing when they are already
# there; uses sudo when not root.
set -euo pipefail

build_packages=(libudev-dev libstdc++-12-dev make)
test_packages=("${build_packages[@]}" umockdev libumockdev0 gir1.2-umockdev-1.0 python3 python3-venv python3-gi python3-jsonschema python3-yaml
  util-linux bsdutils coreutils dbus-daemon iio-sensor-proxy upower libupower-glib3 power-profiles-daemon python3-dbusmock libglib2.0-bin
  mandoc man-db prometheus prometheus-node-exporter tmux pci.ids curl)
# The Debian package: built by scripts/package-deb.sh, installed and tried by the test command.
deb_packages=(dpkg-dev debhelper fakeroot lintian)
package_packages=("${build_packages[@]}" "${deb_packages[@]}")
test_packages+=("${deb_packages[@]}" bash-completion)

case "${1:-}" in
  build) wanted=("${build_packages[@]}") ;;
  test) wanted=("${test_packages[@]}") ;;
  package) wanted=("${package_packages[@]}") ;;
  *) echo "usage: $0 build|test|package" >&2; exit 64 ;;
esac

missing=()
for package in "${wanted[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "Installing: ${missing[*]}" >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
