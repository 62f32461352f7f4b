#!/usr/bin/python3
"""Writes scripts/release-symbol-order.txt, the order in which lld lays out the release binary's
functions (the Makefile passes it with --symbol-ordering-file). `make symbol-order` runs it with
the link map of a release build (its one argument); run that again when the hot commands' code
changes (the benchmark prints how many of the listed functions the build still has).

Why: the kernel maps a program's code 64 KB at a time around each page it touches (fault-around),
and all of it counts in the process's resident memory. `list --json` runs 400 KB of functions
spread over 10 MB of code, so it kept 5 MB of code resident. Laid out together, the same
functions take a few blocks.

What: the functions each command below runs, from callgrind (--demangle=no: names as the symbol
table has them), in the commands' order, so that the shortest command touches the fewest blocks;
within a command, in their present address order. A name lld cannot find (a function renamed since)
is skipped without a warning.
"""
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.path.join(ROOT, ".build/release/devcaps")
ORDER = os.path.join(ROOT, "scripts/release-symbol-order.txt")
FIXTURES = os.path.join(ROOT, "Tests/devcapsEndToEndTests/Fixtures/machines")
ONLY = "device,system,cpu,memory,disks,power,displays"

# The commands whose start-up and memory issue #10 measures, shortest first, then a `list` of two
# recorded machines, for the probing paths this machine does not take (a battery, a phone's
# device tree).
COMMANDS = [
    ([], ["--version"]),
    ([], ["get", "memory.totalBytes"]),
    ([], ["list", "--json", "--only", ONLY]),
    ([], ["list", "--json"]),
    ([], ["list"]),
    ([f"DEVCAPS_ROOT={FIXTURES}/thinkpad-laptop/root"], ["list", "--json"]),
    ([f"DEVCAPS_ROOT={FIXTURES}/pinephone/root"], ["list", "--json"]),
]


def functions_run(stripped, environment, arguments):
    """The mangled names of the functions callgrind saw run, as it names them."""
    with tempfile.NamedTemporaryFile(suffix=".callgrind") as profile:
        env = dict(os.environ, **dict(item.split("=", 1) for item in environment))
        subprocess.run(["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={profile.name}",
                        stripped] + arguments, check=False, env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        names = set()
        for line in open(profile.name, errors="replace"):
            match = re.match(r"^c?fn=\(\d+\) (.+)$", line.rstrip("\n"))
            if match:
                names.add(match.group(1))
        return names


# A section larger than this holds many functions (a library's whole `.text`, compiled without
# -function-sections): moving it for one of them would push a megabyte into the ordered block.
LARGEST_MOVED_SECTION = 16 * 1024


def movable_functions(layout):
    """The functions the linker can move cheaply: every section that holds a symbol of the name
    (lld orders all of them, local ones in other files too) is small: one function's own section
    (`.text.NAME`, as -function-sections emits) or a small file's `.text`. Most of the standard
    library's non-generic code, the regex parser and FoundationEssentials are in large ones."""
    largest = {}
    size = None
    for line in open(layout, errors="replace"):
        # VMA, LMA, size, alignment, then the name indented: 0 an output section, 8 an input
        # section (`file:(name)`), 16 a symbol in it (mangled: the map is written with --no-demangle).
        match = re.match(r"^\s*[0-9a-f]+\s+[0-9a-f]+\s+([0-9a-f]+)\s+\d+ ( *)(.+)$", line.rstrip("\n"))
        if not match:
            continue
        depth, name = len(match.group(2)), match.group(3)
        if depth == 8:
            size = int(match.group(1), 16) if ":(.text" in name else None
        elif depth == 16 and size is not None:
            largest[name] = max(largest.get(name, 0), size)
    return {name for name, size in largest.items() if size <= LARGEST_MOVED_SECTION}


def main():
    movable = movable_functions(sys.argv[1])
    symbols = {}
    listing = subprocess.run(["nm", "--defined-only", BINARY], check=True, capture_output=True, text=True).stdout
    for line in listing.splitlines():
        fields = line.split(" ", 2)
        if len(fields) == 3 and fields[1] in "tTwW" and fields[2] in movable:
            symbols.setdefault(fields[2], int(fields[0], 16))
    # valgrind 3.19 cannot read the DWARF 5 of Swift's debug information: profile a copy without it.
    with tempfile.TemporaryDirectory() as directory:
        stripped = os.path.join(directory, "devcaps")
        subprocess.run(["objcopy", "--strip-debug", BINARY, stripped], check=True)
        ordered, seen = [], set()
        for environment, arguments in COMMANDS:
            new = [name for name in functions_run(stripped, environment, arguments) if name in symbols and name not in seen]
            new.sort(key=lambda name: symbols[name])
            ordered += new
            seen.update(new)
            print(f"symbol-order: {' '.join(environment + arguments)}: {len(new)} more functions", file=sys.stderr)
    with open(ORDER, "w") as out:
        out.write("\n".join(ordered) + "\n")
    print(f"symbol-order: {len(ordered)} functions in {os.path.relpath(ORDER, ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    main()
