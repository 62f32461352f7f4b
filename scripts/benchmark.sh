#!/usr/bin/env bash
# Benchmarks devcaps against the peer tools (neofetch, inxi, lshw, hwinfo, lscpu, iio-sensor-proxy,
# upower) and writes the table into the README. Installs what it needs. Not part of the tests:
# nothing here passes or fails. IDLE_SECONDS, SOAK_SECONDS and RATE_SECONDS set the durations.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-packages.sh test
packages=(hyperfine neofetch inxi lshw hwinfo time)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
swift build -c release --static-swift-stdlib --product devcaps
LD_PRELOAD=libumockdev-preload.so.0 /usr/bin/python3 scripts/benchmark.py
