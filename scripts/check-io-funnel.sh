#!/usr/bin/env bash
# Every open, read, pread, write, close and pipe goes through FileDescriptor, and error text through
# Errno (strerror_r): only Sources/DevCapsKit/Core/IO calls the C library's I/O functions. Fails
# naming each file:line in Sources that calls one of them anywhere else.
set -euo pipefail
cd "$(dirname "$0")/.."

calls='open|openat|read|pread|write|close|pipe|strerror'
# The C function, bare or as Glibc.close( / Musl.write(: not a method (.read(), not a declaration
# (func read(), not an enum case (case read(), and with an argument (the C functions all take
# one; close() is Rumble's method).
pattern="(?<![.\\w])(?<!func )(?<!case )(?:(?:Glibc|Musl)\\.)?(?:$calls)\\((?!\\))"

# The project's own functions that share a C function's name, each with why it is not the C one:
# file, a text on the line, the reason (tab-separated).
exceptions=$(
  cat <<'EOF'
Sources/DevCapsKit/Sampling/Readers/IIOBufferedSource.swift	try read(	the initializer's nested read(_:), SysfsAttribute.read that throws Unusable
Sources/DevCapsKit/Streams/DeviceStream.swift	try open(SourceContext(	the stream's open closure, passed to its initializer
Sources/DevCapsKit/Core/ProbeContext.swift	read(path, from: 	ProbeContext's own read(_:from:belowRoot:)
EOF
)

found=$(grep -rnP --include='*.swift' "$pattern" Sources | grep -v '^Sources/DevCapsKit/Core/IO/' | grep -vP '^[^:]+:\d+:\s*//' || true)
while IFS=$'\t' read -r file text reason; do
  [ -n "$reason" ] || { echo "check-io-funnel.sh: the exception for $file has no reason" >&2; exit 2; }
  found=$(grep -vP "^\\Q$file\\E:\\d+:.*\\Q$text\\E" <<<"$found" || true)
done <<<"$exceptions"

if [ -n "$found" ]; then
  echo "These lines call the C library's I/O functions outside Sources/DevCapsKit/Core/IO; use FileDescriptor (or Errno for messages):" >&2
  echo "$found" >&2
  exit 1
fi
