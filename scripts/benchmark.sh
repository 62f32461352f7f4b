#!/usr/bin/env bash
# Benchmarks devcaps against the peer tools (fastfetch, neofetch, inxi, lshw, hwinfo, lscpu,
# iio-sensor-proxy, upower) and a static Swift "hello world" built the same way, and writes the
# tables into docs/explanation/performance.md. Installs what it needs (fastfetch from PyPI's fastfetch-bin wheel, into a
# virtual environment under .build). Not part of the tests: nothing here passes or fails.
# IDLE_SECONDS, SOAK_SECONDS and RATE_SECONDS set the durations.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-packages.sh test
packages=(hyperfine neofetch inxi lshw hwinfo time valgrind python3-venv)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
# The release build of scripts/run.sh, and beside it the one debian/rules builds (position-
# independent, libstdc++ shared), for the start-up rows that compare the two.
make -s build PIE=1 STATIC_CXX=0
cp .build/release/devcaps .build/benchmark-devcaps-debian
export DEVCAPS_DEBIAN="$PWD/.build/benchmark-devcaps-debian"
make -s build
read -ra release_flags <<<"$(make -s --no-print-directory release-flags)"
# fastfetch, the peer for the same facts, from its PyPI wheel.
venv=.build/benchmark-venv
[ -x "$venv/bin/fastfetch" ] || { /usr/bin/python3 -m venv "$venv" && "$venv/bin/pip" install -q fastfetch-bin; }
export FASTFETCH="$PWD/$venv/bin/fastfetch"
# A static Swift "hello world" built the same way: the floor of any Swift command's start-up.
hello=.build/benchmark-hello
mkdir -p "$hello/Sources/hello"
printf '%s\n' '// swift-tools-version:6.0' 'import PackageDescription' \
  'let package = Package(name: "hello", targets: [.executableTarget(name: "hello")])' >"$hello/Package.swift"
echo 'print("hello, world")' >"$hello/Sources/hello/main.swift"
swift build --package-path "$hello" "${release_flags[@]}" --product hello
export HELLO="$PWD/$hello/.build/release/hello"
# The floor of a 200 Hz polled sampler (scripts/motion-floor.c), beside `watch motion`.
/opt/swift/usr/bin/clang -O2 -o .build/motion-floor scripts/motion-floor.c
export MOTION_FLOOR="$PWD/.build/motion-floor"
LD_PRELOAD=libumockdev-preload.so.0 /usr/bin/python3 scripts/benchmark.py
# The scaling tables of docs/explanation/performance.md's "at scale" sections, printed to be copied there.
/usr/bin/python3 scripts/benchmark-scaling.py
/usr/bin/python3 scripts/benchmark-list-scaling.py
