#!/usr/bin/env bash
# Installs the Python packages the tests use from PyPI, into a virtual environment of the
# project's own (.build/test-venv), with Debian's python3: imufusion, x-io Technologies' Fusion
# library, the second implementation the device-motion filter is checked against; vqf (Laidig &
# Seel's VQF, the filter scripts/broad-benchmark.py holds devcaps to) and ahrs (its Madgwick filter,
# run by the benchmark on a clipped gyroscope). Does nothing when they are already there.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build/test-venv
wanted=(imufusion==1.3.3 numpy==2.4.6 vqf==2.1.2 ahrs==0.4.0)
if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c 'import imufusion, vqf, ahrs' 2>/dev/null; then exit 0; fi
rm -rf "$venv"
/usr/bin/python3 -m venv "$venv"
echo "Installing into $venv: ${wanted[*]}" >&2
"$venv/bin/pip" install -q --disable-pip-version-check "${wanted[@]}"
