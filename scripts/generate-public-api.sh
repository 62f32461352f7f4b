#!/usr/bin/env bash
# Writes DevCapsKit's public API, one declaration a line, to Tests/DevCapsKitAPITests/PublicAPI.txt:
# what an app that imports DevCapsKit can name (the `package` API, which the devcaps command uses,
# is left out, as is DevCapsMotion's own, which it re-exports). The symbols come from the
# compiler (`swift package dump-symbol-graph`, public only); each line is the symbol's path and
# its declaration, then its conformances, sorted, so that a change to the public API is a diff
# of this file in review.
#   scripts/generate-public-api.sh           regenerates the file
#   scripts/generate-public-api.sh --check   fails, showing the difference, when it is out of date
#                                            (the test command runs this)
set -euo pipefail
cd "$(dirname "$0")/.."

digest=Tests/DevCapsKitAPITests/PublicAPI.txt
check=false
case "${1:-}" in
  --check) check=true ;;
  '') ;;
  *) echo "usage: $0 [--check]" >&2; exit 64 ;;
esac

generated=$(mktemp)
log=$(mktemp)
trap 'rm -f "$generated" "$log"' EXIT
swift package dump-symbol-graph --minimum-access-level public --skip-synthesized-members >"$log" 2>&1 || {
  cat "$log" >&2
  exit 1
}
directory=$(sed -n 's/^Files written to //p' "$log" | tail -1)
[ -d "$directory" ] || directory=$(ls -d .build/*/symbolgraph | head -1)

python3 - "$directory" >"$generated" <<'EOF'
import glob, json, os, sys

directory = sys.argv[1]
# DevCapsKit's own graph, and its extensions of other modules' types (DevCapsKit@Swift: an
# extension of Array, say); not the graphs of the modules it imports.
files = [os.path.join(directory, "DevCapsKit.symbols.json")]
files += sorted(glob.glob(os.path.join(directory, "DevCapsKit@*.symbols.json")))
lines = set()
for path in files:
    with open(path) as file:
        graph = json.load(file)
    symbols = {}
    for symbol in graph["symbols"]:
        if symbol["accessLevel"] != "public":
            continue
        name = ".".join(symbol["pathComponents"])
        declaration = "".join(f["spelling"] for f in symbol.get("declarationFragments", []))
        declaration = " ".join(declaration.split())
        symbols[symbol["identifier"]["precise"]] = name
        lines.add(f"{name}\t{declaration}")
    for relation in graph.get("relationships", []):
        if relation["kind"] != "conformsTo" or relation["source"] not in symbols:
            continue
        target = relation.get("targetFallback") or relation["target"]
        # Implied for every type, and spelled differently by each toolchain: noise in a review.
        if target.split(".")[-1] in ("Copyable", "Escapable", "SendableMetatype"):
            continue
        lines.add(f"{symbols[relation['source']]}\tconforms to {target}")
for line in sorted(lines):
    print(line)
EOF

if $check; then
  if ! diff -u "$digest" "$generated"; then
    echo "DevCapsKit's public API changed: if that is meant, run scripts/generate-public-api.sh and commit $digest" >&2
    exit 1
  fi
else
  cp "$generated" "$digest"
fi
