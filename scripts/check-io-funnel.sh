#!/usr/bin/env bash
# Every open, read, pread, write, close and pipe goes through FileDescriptor; every stat, lstat,
# fstatat, statvfs, access, mkdir, readlink and realpath through FileSystem or FileDescriptor;
# every directory listing (opendir, readdir) through DirectoryEntries; every poll through
# FileDescriptor.poll; error text through Errno (strerror_r): only Sources/DevCapsKit/Core/IO
# calls the C library's I/O functions. And every thread starts as a WorkerThread, with no raw
# pthread mutex anywhere (Synchronization's Mutex and Atomic instead): only
# Sources/DevCapsKit/Core/WorkerThread.swift calls pthread_create, pthread_join or pthread_detach,
# and names the thread (devcaps_set_thread_name).
# Fails naming each file:line in Sources that calls one of them anywhere else.
set -euo pipefail
cd "$(dirname "$0")/.."

calls='open|openat|read|pread|write|close|pipe|strerror|opendir|fdopendir|readdir|closedir|stat|lstat|fstat|fstatat'
calls+='|statvfs|fstatvfs|access|faccessat|mkdir|mkdirat|readlink|readlinkat|realpath|poll|ppoll|unlink|unlinkat'
calls+='|rename|renameat|rmdir|fsync|ftruncate|fchmod|chmod|truncate'
threads='pthread_create|pthread_join|pthread_detach|pthread_mutex_\w+|devcaps_set_thread_name'
# The C function, bare or as Glibc.close( / Musl.write(: not a method (.read(), not a declaration
# (func read(), not an enum case (case read(), and with an argument (the C functions all take
# one; close() is Rumble's method).
pattern="(?<![.\\w])(?<!func )(?<!case )(?:(?:Glibc|Musl)\\.)?(?:$calls)\\((?!\\))"
thread_pattern="(?<![.\\w])(?:$threads)\\((?!\\))"

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

status=0
if [ -n "$found" ]; then
  echo "These lines call the C library's I/O functions outside Sources/DevCapsKit/Core/IO; use FileDescriptor, FileSystem, DirectoryEntries (or Errno for messages):" >&2
  echo "$found" >&2
  status=1
fi

threads_found=$(grep -rnP --include='*.swift' "$thread_pattern" Sources | grep -v '^Sources/DevCapsKit/Core/WorkerThread.swift:' | grep -vP '^[^:]+:\d+:\s*//' || true)
if [ -n "$threads_found" ]; then
  echo "These lines start, join or lock threads with pthreads outside Sources/DevCapsKit/Core/WorkerThread.swift; use WorkerThread, and Synchronization's Mutex or Atomic:" >&2
  echo "$threads_found" >&2
  status=1
fi
exit $status
