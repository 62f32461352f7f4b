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
is skipped without a warning. After each command's functions, its data: a symbol of each small
section of `.data.rel.ro`, `.data` and `.rodata` that the command reads or writes, from valgrind's
lackey (lld sorts each output section by the same list, so the data gathers at the start of its
own section).
"""
import bisect
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
# The functions of such sections that the commands run are listed last instead, after every
# command's own: their sections follow the ordered block, not split it. Among them are the small
# copies that share a name with a function of the standard library's `.text` (the outlined copies
# and merged thunks Swift emits in every file, `$sSSSgWOhTm`): left where they were, each of the
# three that `list --json` runs kept a 64 KB block resident for a page.
LARGEST_MOVED_SECTION = 16 * 1024


def movable_functions(layout):
    """The functions the linker can move cheaply, and the others: every section that holds a
    symbol of the name (lld orders all of them, local ones in other files too) is small: one
    function's own section (`.text.NAME`, as -function-sections emits) or a small file's `.text`.
    Most of the standard library's non-generic code, the regex parser and FoundationEssentials are
    in large ones: for each name of those, the large sections (by address) that hold it."""
    largest, in_sections = {}, {}
    size = address = None
    for line in open(layout, errors="replace"):
        # VMA, LMA, size, alignment, then the name indented: 0 an output section, 8 an input
        # section (`file:(name)`), 16 a symbol in it (mangled: the map is written with --no-demangle).
        match = re.match(r"^\s*[0-9a-f]+\s+[0-9a-f]+\s+([0-9a-f]+)\s+\d+ ( *)(.+)$", line.rstrip("\n"))
        if not match:
            continue
        depth, name = len(match.group(2)), match.group(3)
        if depth == 8:
            size = int(match.group(1), 16) if ":(.text" in name else None
            address = int(line.split()[0], 16)
        elif depth == 16 and size is not None:
            largest[name] = max(largest.get(name, 0), size)
            if size > LARGEST_MOVED_SECTION:
                in_sections.setdefault(name, set()).add((address, size))
    movable = {name for name, size in largest.items() if size <= LARGEST_MOVED_SECTION}
    return movable, in_sections


# The output sections whose data the same order lays out: read-only after relocation, writable,
# constant, zeroed. Their Swift data (type metadata, descriptors, witness tables) is one small
# section per declaration, so the linker can move it as it moves a function; the merged strings
# and the standard library's own data are one section each and stay where they are. The kernel
# maps data 64 KB around each page read, as it maps code: the few kilobytes of it that
# `list --json` reads had kept five more blocks resident. `.bss` (a section per file: the caches
# of type metadata and lazy globals) takes a page of memory for each page written: gathered, the
# hundred that `list --json` uses take fewer.
DATA_SECTIONS = (".data.rel.ro", ".data", ".rodata", ".bss")


def data_sections(layout):
    """The input sections of DATA_SECTIONS the linker can move, as (address, size, a symbol in
    it), sorted by address: each is small and holds a symbol whose every section is small (lld
    orders every section that holds a symbol of the name)."""
    largest, sections = {}, []
    output = current = None
    for line in open(layout, errors="replace"):
        match = re.match(r"^\s*([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)\s+\d+ ( *)(.+)$", line.rstrip("\n"))
        if not match:
            continue
        address, size = int(match.group(1), 16), int(match.group(2), 16)
        depth, name = len(match.group(3)), match.group(4)
        if depth == 0:
            output, current = name, None
        elif depth == 8:
            current = [address, size, []] if output in DATA_SECTIONS and size > 0 else None
            if current:
                sections.append(current)
        elif depth == 16:
            if current:
                current[2].append(name)
            largest[name] = max(largest.get(name, 0), current[1] if current else LARGEST_MOVED_SECTION + 1)
    movable = []
    for address, size, names in sections:
        if size > LARGEST_MOVED_SECTION:
            continue
        name = next((name for name in names if largest[name] <= LARGEST_MOVED_SECTION), None)
        if name:
            movable.append((address, size, name))
    movable.sort()
    return movable


def traced(stripped, environment, arguments, sections, large_sections):
    """A symbol of each movable data section the command reads or writes, and the large sections
    of code it runs (valgrind's lackey traces every access; the binary is position-dependent, so
    its addresses are the map's)."""
    starts = [address for address, _, _ in sections]
    low, high = starts[0], sections[-1][0] + sections[-1][1]
    code = sorted(large_sections)
    code_starts = [address for address, _ in code]
    touched, run = set(), set()
    with tempfile.NamedTemporaryFile(suffix=".lackey") as trace:
        env = dict(os.environ, **dict(item.split("=", 1) for item in environment))
        subprocess.run(["valgrind", "--tool=lackey", "--trace-mem=yes", f"--log-file={trace.name}", stripped]
                       + arguments, check=False, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for line in open(trace.name, errors="replace"):
            # " L 00f8c940,8": a load, store or modify; "I  004e37a0,3" an instruction.
            if line[:1] == "I" and code:
                address = int(line[3:].split(",", 1)[0], 16)
                index = bisect.bisect_right(code_starts, address) - 1
                if index >= 0 and address < code[index][0] + code[index][1]:
                    run.add(code[index])
                continue
            if line[:1] != " " or line[1:2] not in ("L", "S", "M"):
                continue
            address = int(line[3:].split(",", 1)[0], 16)
            if not low <= address < high:
                continue
            index = bisect.bisect_right(starts, address) - 1
            section_address, size, name = sections[index]
            if address < section_address + size:
                touched.add(name)
    return touched, run


def main():
    movable, in_large = movable_functions(sys.argv[1])
    large_sections = set().union(*in_large.values()) if in_large else set()
    data = data_sections(sys.argv[1])
    data_address = {name: address for address, _, name in data}
    position_dependent = open(BINARY, "rb").read(18)[16] == 2  # e_type ET_EXEC, not ET_DYN
    symbols, large = {}, {}
    listing = subprocess.run(["nm", "--defined-only", BINARY], check=True, capture_output=True, text=True).stdout
    for line in listing.splitlines():
        fields = line.split(" ", 2)
        if len(fields) == 3 and fields[1] in "tTwW" and fields[2] in movable:
            symbols.setdefault(fields[2], int(fields[0], 16))
        elif len(fields) == 3 and fields[1] in "tTwW" and fields[2] in in_large:
            large.setdefault(fields[2], int(fields[0], 16))
    # valgrind 3.19 cannot read the DWARF 5 of Swift's debug information: profile a copy without it.
    with tempfile.TemporaryDirectory() as directory:
        stripped = os.path.join(directory, "devcaps")
        subprocess.run(["objcopy", "--strip-debug", BINARY, stripped], check=True)
        ordered, seen, last, large_run = [], set(), [], set()
        for environment, arguments in COMMANDS:
            run = functions_run(stripped, environment, arguments)
            new = [name for name in run if name in symbols and name not in seen]
            new.sort(key=lambda name: symbols[name])
            ordered += new
            seen.update(new)
            new_large = sorted((name for name in run if name in large and name not in seen), key=lambda name: large[name])
            last += new_large
            seen.update(new_large)
            read, code_run = (traced(stripped, environment, arguments, data, large_sections)
                              if position_dependent and data else (set(), set()))
            large_run |= code_run
            new_data = sorted((name for name in read if name not in seen), key=lambda name: data_address[name])
            ordered += new_data
            seen.update(new_data)
            print(f"symbol-order: {' '.join(environment + arguments)}: {len(new)} more functions, "
                  f"{len(new_data)} more data, {len(new_large)} more in large sections", file=sys.stderr)
        # A name that is also in a large section none of the commands runs (the regex parser's
        # `.text` has its own `$sSqwxx`) comes after the others, the fewer such bytes the
        # earlier: those sections would otherwise sit between the ordered block and the large
        # sections that run, or between them and the small copies of the names that follow.
        def idle_bytes(name):
            return sum(size for section, size in in_large[name] - large_run)

        ordered += sorted(last, key=idle_bytes)
    with open(ORDER, "w") as out:
        out.write("\n".join(ordered) + "\n")
    print(f"symbol-order: {len(ordered)} functions and data in {os.path.relpath(ORDER, ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    main()
