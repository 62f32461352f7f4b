#!/usr/bin/env bash
# The test command's package step: builds the Debian package (scripts/package-deb.sh, lintian
# clean), installs it with dpkg -i, checks what a user would (devcaps --version against the
# package's version, man -w devcaps, bash completion loaded on demand by bash-completion), then
# removes it with dpkg -r, so the machine is left as it was. Needs root (sudo otherwise).
set -euo pipefail
cd "$(dirname "$0")/.."
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"

# Installing over a devcaps that is already there, then removing it, would not leave the machine
# as it was: refuse instead.
if dpkg-query -W -f='${Status}' devcaps 2>/dev/null | grep -q "install ok installed" || [ -e /usr/bin/devcaps ]; then
  echo "check-deb-package.sh: devcaps is already installed in /usr (package or make install PREFIX=/usr); remove it to run this check" >&2
  exit 1
fi

deb=$(scripts/package-deb.sh | tail -n 1)
version=$(dpkg-parsechangelog -S Version)
$sudo dpkg -i "$deb" >/dev/null
# -r removes it; -P then forgets it (debhelper's postrm keeps a removed package in dpkg's list).
trap '$sudo dpkg -r devcaps >/dev/null && $sudo dpkg -P devcaps >/dev/null' EXIT

failed=0
check() {
  local what=$1 expected=$2 actual=$3
  if [ "$actual" = "$expected" ]; then
    echo "package: ok: $what"
  else
    printf 'package: FAILED: %s\n  expected: %s\n  actual:   %s\n' "$what" "$expected" "$actual" >&2
    failed=1
  fi
}
check "devcaps --version is the package's version" "$version" "$(/usr/bin/devcaps --version 2>&1)"
# debian/rules builds with PIE=1 (Debian's hardening); the Makefile's default is position-dependent.
check "the installed binary is position-independent (ELF type DYN)" DYN \
  "$(LC_ALL=C readelf -h /usr/bin/devcaps | awk '$1 == "Type:" {print $2}')"
check "man -w devcaps finds the installed page" /usr/share/man/man1/devcaps.1.gz "$(man -w devcaps 2>&1)"
# What bash does on TAB after "devcaps sn", with the completion file sourced as the brief's user
# would, and then as bash-completion loads it on demand.
completion='COMP_WORDS=(devcaps sn); COMP_CWORD=1; COMP_LINE="devcaps sn"; COMP_POINT=${#COMP_LINE}
  "$(complete -p devcaps | sed -E "s/.* -F ([^ ]+) .*/\1/")" devcaps sn devcaps; printf "%s\n" "${COMPREPLY[@]}"'
check "bash completes 'devcaps sn' to snapshot" snapshot \
  "$(bash -c "source /usr/share/bash-completion/completions/devcaps; $completion" 2>&1)"
check "bash-completion loads it on demand" snapshot \
  "$(bash -c "source /usr/share/bash-completion/bash_completion; _completion_loader devcaps; $completion" 2>&1)"
check "dpkg -L lists the schemas" /usr/share/devcaps/schemas/report.schema.json \
  "$(dpkg -L devcaps | grep -x /usr/share/devcaps/schemas/report.schema.json)"
trap - EXIT
$sudo dpkg -r devcaps >/dev/null
$sudo dpkg -P devcaps >/dev/null
check "dpkg -r (then -P) leaves nothing of it" "" \
  "$(dpkg-query -W devcaps 2>/dev/null; ls -d /usr/bin/devcaps /usr/share/man/man1/devcaps.1.gz /usr/share/devcaps 2>/dev/null)"
exit "$failed"
