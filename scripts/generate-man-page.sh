#!/usr/bin/env bash
# Regenerates man/devcaps.1 with swift-argument-parser's generate-manual plugin, then turns its
# output into lint-clean mdoc (below). The date is fixed so the page changes only when the
# commands do. `--check` compares instead of writing.
set -euo pipefail
cd "$(dirname "$0")/.."
date=2026-11-22
swift package plugin generate-manual --date "$date" --configuration debug >/dev/null
generated=.build/plugins/GenerateManual/outputs/devcaps/devcaps.1

# generate-manual copies each discussion into the page as plain text lines, so:
#  * a blank line between paragraphs (a groff "Empty input line" warning, mandoc's "blank line
#    in fill mode") becomes .Pp;
#  * indented lines (examples, tables) would be filled into the paragraph: they become a literal
#    display, .Bd -literal, directly under the line before them (-compact) unless a paragraph
#    break was asked for, without their source indentation;
#  * several sentences on one text line (mandoc: "new sentence, new line") are split, one per line;
#  * the .Pp it writes between an argument's abstract and an empty list of values comes right
#    before .It or .El (mandoc: "skipping paragraph macro") and is dropped, as is any .Pp before
#    a block macro that starts on its own vertical space.
# Deterministic: text in, text out, no state but the lines read.
program=$(
  cat <<'AWK'
function text(line) {
  # A text line must not start with a control character.
  if (line ~ /^[.']/) line = "\\&" line
  print line
}
function close_display() {
  if (literal) { print ".Ed"; literal = 0 }
}
function flush_paragraph() {
  if (paragraph) { print ".Pp"; paragraph = 0 }
}
function prose(line,    rest, piece) {
  rest = line
  # A sentence ends at . ? or ! (and any closing quotes or brackets) followed by blanks.
  while (match(rest, /[.?!][])"']*  *[^ ]/)) {
    piece = substr(rest, 1, RSTART + RLENGTH - 2)
    sub(/ +$/, "", piece)
    text(piece)
    rest = substr(rest, RSTART + RLENGTH - 1)
  }
  text(rest)
}
/^\./ {
  if ($0 == ".Pp") { close_display(); paragraph = 1; next }
  close_display()
  if ($1 == ".It" || $1 == ".El" || $1 == ".Bl" || $1 == ".Bd" || $1 == ".Sh" || $1 == ".Ss") paragraph = 0
  flush_paragraph()
  print
  next
}
/^$/ { close_display(); paragraph = 1; next }
/^(\\&)? / {
  line = $0
  sub(/^\\&/, "", line)
  if (!literal) {
    print ".Bd -literal -offset indent" (paragraph ? "" : " -compact")
    paragraph = 0
    literal = 1
    match(line, /^ */)
    indent = RLENGTH
  }
  match(line, /^ */)
  text(substr(line, (RLENGTH < indent ? RLENGTH : indent) + 1))
  next
}
{
  close_display()
  flush_paragraph()
  prose($0)
}
END { close_display() }
AWK
)
page=$(mktemp)
keys=$(mktemp)
trap 'rm -f "$page" "$keys"' EXIT
# The manifest keys, from `devcaps require --list-keys` (the catalog): a section of their own
# before EXIT STATUS, so the page lists every key and cannot drift from the code. Columns are two
# or more spaces apart; the meaning goes through the same sentence splitting as the rest.
{
  echo '.Sh "MANIFEST KEYS"'
  echo 'Every key a manifest of devcaps require may name, what it takes and what it means (devcaps require --list-keys):'
  echo '.Bl -tag -width Ds'
  .build/debug/devcaps require --list-keys | awk -F '  +' '{
    meaning = $3
    for (i = 4; i <= NF; i++) meaning = meaning "  " $i
    print ".It Cm " $1 " Ar " $2
    print meaning
  }'
  echo '.El'
} >"$keys"
awk 'FNR == NR { section = section $0 "\n"; next } /^\.Sh "EXIT STATUS"/ { printf "%s", section } { print }' \
  "$keys" "$generated" | awk "$program" >"$page"

if [ "${1:-}" = "--check" ]; then
  if ! diff -u man/devcaps.1 "$page"; then
    echo "man/devcaps.1 is out of date: run scripts/generate-man-page.sh and commit it." >&2
    exit 1
  fi
  echo "man/devcaps.1 is current."
else
  mkdir -p man
  cat "$page" >man/devcaps.1
  echo "wrote man/devcaps.1"
fi
