#!/usr/bin/env bash
# The Swift sources are formatted by the toolchain's swift-format with the repository's
# .swift-format. `scripts/check-format.sh` names every file that is not; `--fix` formats them.
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(git ls-files '*.swift' ':!:Examples/*/.build/*')
if [ "${1:-}" = "--fix" ]; then
  swift format format --in-place --configuration .swift-format "${files[@]}"
  exit 0
fi
unformatted=()
for file in "${files[@]}"; do
  swift format format --configuration .swift-format "$file" | cmp -s - "$file" || unformatted+=("$file")
done
if [ ${#unformatted[@]} -gt 0 ]; then
  printf '%s\n' "${unformatted[@]}" >&2
  echo "${#unformatted[@]} Swift files are not formatted (above): run scripts/check-format.sh --fix" >&2
  exit 1
fi
