#!/usr/bin/python3
"""Measures devcaps against the peer tools on this machine and writes the results into
docs/explanation/performance.md (between the BENCHMARK markers). Run by scripts/benchmark.sh, which installs the peers.

  * `devcaps list` (and --json, --only, get, --version) against fastfetch on the same facts,
    lscpu, neofetch, inxi, lshw, hwinfo and a static Swift "hello world" built the same way, in
    one hyperfine run: medians and their ratios; peak RSS with /usr/bin/time -v; instruction
    counts of `--version` and `list --json` from callgrind (noise-free, for regressions); the
    targets of issues #10 and #39 and whether this run meets them.
  * `up-angle --json` at 100 Hz on a umockdev accelerometer: CPU share of a core over the run,
    against iio-sensor-proxy + monitor-sensor on the same device.
  * `watch motion --json` at 200 Hz on the convertible with a gyroscope and a magnetometer added
    (device motion through devcaps' own filter): CPU share of a core, the delay from each
    sample's tick (its `timestamp`, CLOCK_MONOTONIC) to its line read here, and the heap
    allocations per sample (valgrind's count at two --count values, the difference divided).
  * `watch battery` idle against the real upowerd: CPU time and context switches over the idle
    time (no wakeups of its own is the target), and the delay from a uevent to the printed event,
    against `upower --monitor-detail`.
  * A soak: `watch battery` with changes flowing; RSS at the start and the end.
  * `motion --replay` of a 60 MB recording: the time to its first sample (`--count 0`), the
    rate at which the whole file is replayed (rows parsed, filtered and printed as JSON, to
    /dev/null) in MB/s, and peak RSS, also on hostile files (250 MB of one line of columns, of
    spaces, of newlines). `scripts/benchmark.py replay` runs only this part.
  * The power section with the daemons on the bus: `list --json`, `list --json --only power` and
    `get power.source` on the umockdev convertible with the real upowerd and power-profiles-daemon
    on a private bus (as the end-to-end tests run them), against the same commands on a bus
    nobody answers on; medians, ratios and instruction counts. `scripts/benchmark.py --daemons`
    runs only this part and prints its table (it writes nothing).
  * What each section costs on `list`'s path, in instructions (callgrind, on this machine): `list
    --json --only SECTION`, and what `list --json --only` with every section saves without it (its
    marginal cost: what it shares with other sections, as loading libudev or parsing mountinfo,
    is not counted there). `scripts/benchmark.py
    --sections` runs only this part and prints its table.
Benchmarks, not tests: nothing here passes or fails.
"""
import argparse
import datetime
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import gi

gi.require_version("UMockdev", "1.0")
from gi.repository import UMockdev  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEVCAPS = os.path.join(ROOT, ".build/release/devcaps")
FIXTURES = os.path.join(ROOT, "Tests/devcapsEndToEndTests/Fixtures/machines")
IDLE_SECONDS = float(os.environ.get("IDLE_SECONDS", "10"))
SOAK_SECONDS = float(os.environ.get("SOAK_SECONDS", "60"))
RATE_SECONDS = float(os.environ.get("RATE_SECONDS", "10"))
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def status(pid, key):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith(key + ":"):
            return int(line.split()[1])
    return 0


# This process runs with the umockdev preload (it sends uevents); the tools timed here must not.
PLAIN = {key: value for key, value in os.environ.items() if key not in ("LD_PRELOAD", "UMOCKDEV_DIR")}


def peak_rss_kb(command):
    result = subprocess.run(["/usr/bin/time", "-v"] + command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=PLAIN)
    match = re.search(r"Maximum resident set size \(kbytes\): (\d+)", result.stderr)
    return int(match.group(1)) if match else None


FASTFETCH = os.environ.get("FASTFETCH") or shutil.which("fastfetch") or "fastfetch"
HELLO = os.environ.get("HELLO", "")
# The build debian/rules makes (`make build PIE=1 STATIC_CXX=0`), for comparison.
DEVCAPS_DEBIAN = os.environ.get("DEVCAPS_DEBIAN", "")
# fastfetch restricted to the facts `list --only ONLY` reports.
FASTFETCH_FACTS = [FASTFETCH, "--format", "json", "-s", "Host:OS:Kernel:CPU:Memory:Disk:Battery:Display"]
ONLY = "device,system,cpu,memory,disks,power,displays"


def startup():
    peers = [
        ("devcaps list", [DEVCAPS, "list"]),
        ("devcaps list --json", [DEVCAPS, "list", "--json"]),
        (f"devcaps list --json --only {ONLY}", [DEVCAPS, "list", "--json", "--only", ONLY]),
        ("devcaps get memory.totalBytes", [DEVCAPS, "get", "memory.totalBytes"]),
        ("devcaps --version", [DEVCAPS, "--version"]),
        (f"devcaps list --json --only {ONLY}, Debian build", [DEVCAPS_DEBIAN, "list", "--json", "--only", ONLY]),
        ("devcaps get memory.totalBytes, Debian build", [DEVCAPS_DEBIAN, "get", "memory.totalBytes"]),
        ("static Swift hello world", [HELLO]),
        ("fastfetch, the same facts", FASTFETCH_FACTS),
        ("lscpu", ["lscpu"]),
        ("neofetch --stdout", ["neofetch", "--stdout"]),
        ("inxi -b", ["inxi", "-b"]),
        ("lshw -short", ["lshw", "-short"]),
        ("hwinfo --short", ["hwinfo", "--short"]),
    ]
    present = [(name, command) for name, command in peers if command[0] and shutil.which(command[0])]
    export = tempfile.mktemp(suffix=".json")
    arguments = ["hyperfine", "-N", "--warmup", "5", "--min-runs", "30", "--export-json", export, "--style", "none"]
    for name, command in present:
        arguments += ["-n", name, " ".join(command)]
    subprocess.run(arguments, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=PLAIN)
    results = {r["command"]: r for r in json.load(open(export))["results"]}
    rows = []
    for name, command in present:
        rows.append((name, results[name]["median"] * 1000, peak_rss_kb(command)))
    return rows


def instructions(arguments, env=None):
    """Instructions executed, from callgrind: the same on every run, unlike times. valgrind
    3.19 cannot read the DWARF 5 of Swift's debug information, so a copy without it is counted."""
    if not shutil.which("valgrind"):
        return None
    stripped = tempfile.mktemp()
    subprocess.run(["objcopy", "--strip-debug", DEVCAPS, stripped], check=True)
    result = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", stripped] + arguments,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env or PLAIN)
    os.unlink(stripped)
    match = re.search(r"Collected : (\d+)", result.stderr)
    return int(match.group(1)) if match else None


def symbol_order_found():
    """How many of the functions and data scripts/release-symbol-order.txt lays out together the
    release binary still has: renamed or removed ones fall back to wherever the linker puts them,
    and the peak RSS rows grow. `make symbol-order` writes the file again."""
    wanted = set(open(os.path.join(ROOT, "scripts/release-symbol-order.txt")).read().split())
    listing = subprocess.run(["nm", "--defined-only", DEVCAPS], check=True, capture_output=True, text=True).stdout
    defined = {line.split(" ", 2)[2] for line in listing.splitlines() if line.count(" ") >= 2}
    return len(wanted & defined), len(wanted)


def targets(rows):
    by_name = {name: (median, rss) for name, median, rss in rows}
    fastfetch = by_name.get("fastfetch, the same facts", (None, None))[0]
    hello = by_name.get("static Swift hello world", (None, None))[0]
    only = by_name[f"devcaps list --json --only {ONLY}"][0]
    full, full_rss = by_name["devcaps list --json"]
    checks = []
    if fastfetch:
        checks.append(("`list --json --only …` ≤ 0.70× fastfetch on the same facts (#39; #10 asked 1.0×)", f"{only / fastfetch:.2f}×", only <= 0.70 * fastfetch))
        checks.append(("`list --json` ≤ 1.0× fastfetch (#39; #10 asked 1.5×)", f"{full / fastfetch:.2f}×", full <= fastfetch))
    for name in ("devcaps --version", "devcaps get memory.totalBytes"):
        median = by_name[name][0]
        bound = f", {median / hello:.2f}× hello world" if hello else ""
        checks.append((f"`{name[8:]}` ≤ 2 ms or ≤ 1.3× hello world (#10, #39)", f"{median:.1f} ms{bound}",
                       median <= 2.0 or bool(hello and median <= 1.3 * hello)))
    hello_rss = by_name.get("static Swift hello world", (None, None))[1]
    if full_rss:
        floor = f" (hello world: {hello_rss / 1024:.1f} MB)" if hello_rss else ""
        checks.append(("peak RSS of `list --json` ≤ 6 MB (#10)", f"{full_rss / 1024:.1f} MB{floor}", full_rss <= 6 * 1024))
    return checks


def start_testbed(fixture):
    testbed = UMockdev.Testbed.new()
    testbed.add_from_string(open(os.path.join(FIXTURES, fixture, "devices.umockdev")).read())
    root = testbed.get_root_dir()
    base = os.path.join(FIXTURES, fixture, "root")
    for directory, _, files in os.walk(base):
        for name in files:
            target = os.path.join(root, os.path.relpath(os.path.join(directory, name), base))
            os.makedirs(os.path.dirname(target), exist_ok=True)
            shutil.copyfile(os.path.join(directory, name), target)
    return testbed, root


def private_bus():
    bus = subprocess.Popen(["dbus-daemon", "--session", "--print-address=1", "--nofork"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    return bus, bus.stdout.readline().strip()


def up_angle():
    testbed, root = start_testbed("yoga-convertible")
    env = dict(os.environ, UMOCKDEV_DIR=root, DEVCAPS_ROOT=root, LD_PRELOAD="libumockdev-preload.so.0")
    ours = subprocess.Popen([DEVCAPS, "up-angle", "--json", "--rate", "100"], env=env, stdout=subprocess.PIPE)
    time.sleep(1)
    begin, started = cpu_seconds(ours.pid), time.monotonic()
    lines = 0
    deadline = started + RATE_SECONDS
    while time.monotonic() < deadline:
        ours.stdout.readline()
        lines += 1
    used = cpu_seconds(ours.pid) - begin
    elapsed = time.monotonic() - started
    ours.terminate()
    ours.wait()
    bus, address = private_bus()
    env_proxy = dict(env, DBUS_SYSTEM_BUS_ADDRESS=address)
    proxy = subprocess.Popen(["/usr/sbin/iio-sensor-proxy"], env=env_proxy, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(0.7)
    monitor = subprocess.Popen(["monitor-sensor", "--accel"], env=env_proxy, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1)
    proxy_begin, monitor_begin = cpu_seconds(proxy.pid), cpu_seconds(monitor.pid)
    time.sleep(RATE_SECONDS)
    proxy_used = cpu_seconds(proxy.pid) - proxy_begin + cpu_seconds(monitor.pid) - monitor_begin
    for process in (monitor, proxy, bus):
        process.kill()
        process.wait()
    return {"devcaps_cpu": used / elapsed * 100, "devcaps_rate": lines / elapsed, "proxy_cpu": proxy_used / RATE_SECONDS * 100}


HUB = "/devices/pci0000:00/0000:00:13.0/{33AECD58-B679-4E54-9BD9-A04D34F0C226}/001F:8087:0AC2.0005"
# The HID sensor hub's gyroscope and magnetometer, as DeviceMotionCommandTests adds them.
MOTION_SENSORS = (
    f"P: {HUB}/HID-SENSOR-200076.5.auto/iio:device3\nN: iio:device3\nE: SUBSYSTEM=iio\nA: name=gyro_3d\n"
    "A: in_anglvel_x_raw=10\nA: in_anglvel_y_raw=-20\nA: in_anglvel_z_raw=5\nA: in_anglvel_scale=0.000174533\n\n"
    f"P: {HUB}/HID-SENSOR-200083.6.auto/iio:device4\nN: iio:device4\nE: SUBSYSTEM=iio\nA: name=magn_3d\n"
    "A: in_magn_x_raw=0\nA: in_magn_y_raw=2000\nA: in_magn_z_raw=-4300\nA: in_magn_scale=0.0001\n"
)


def device_motion():
    testbed, root = start_testbed("yoga-convertible")
    testbed.add_from_string(MOTION_SENSORS)
    env = dict(os.environ, UMOCKDEV_DIR=root, DEVCAPS_ROOT=root, LD_PRELOAD="libumockdev-preload.so.0")
    floor = sampler_floor(root, env)
    ours = subprocess.Popen([DEVCAPS, "watch", "motion", "--json", "--rate", "200"], env=env, stdout=subprocess.PIPE)
    for _ in range(200):
        ours.stdout.readline()
    begin, started = cpu_seconds(ours.pid), time.monotonic()
    lines, delays = 0, []
    deadline = started + RATE_SECONDS
    while time.monotonic() < deadline:
        line = ours.stdout.readline()
        delays.append(time.monotonic() - json.loads(line)["timestamp"])
        lines += 1
    used = cpu_seconds(ours.pid) - begin
    elapsed = time.monotonic() - started
    ours.terminate()
    ours.wait()
    # valgrind cannot read Swift's DWARF 5: a copy without debug information is counted.
    stripped = tempfile.mktemp()
    subprocess.run(["objcopy", "--strip-debug", DEVCAPS, stripped], check=True)
    allocations = []
    for count in (200, 600):
        result = subprocess.run(
            ["valgrind", "--tool=memcheck", "--leak-check=no", stripped, "watch", "motion", "--json", "--rate", "200", "--count", str(count)],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        found = re.search(r"total heap usage: ([\d,]+) allocs", result.stderr)
        allocations.append(int(found.group(1).replace(",", "")) if found else None)
    os.unlink(stripped)
    per_sample = (allocations[1] - allocations[0]) / 400 if None not in allocations else None
    delays.sort()
    return {"cpu": used / elapsed * 100, "rate": lines / elapsed, "delay_ms": delays[len(delays) // 2] * 1000,
            "delay_p99_ms": delays[int(len(delays) * 0.99)] * 1000, "allocations": per_sample, "floor_cpu": floor}


def sampler_floor(root, env):
    """CPU share of scripts/motion-floor.c reading the same nine raw attributes 200 times a second
    and writing a line of the same length: what the system calls alone cost on this machine."""
    floor = os.environ.get("MOTION_FLOOR")
    if not floor:
        return None
    paths = []
    for device in sorted(os.listdir(os.path.join(root, "sys/bus/iio/devices"))):
        real = os.path.realpath(os.path.join(root, "sys/bus/iio/devices", device))[len(root):]
        for channel in ("accel", "anglvel", "magn"):
            paths += [f"{real}/in_{channel}_{axis}_raw" for axis in "xyz" if os.path.exists(f"{root}{real}/in_{channel}_{axis}_raw")]
    theirs = subprocess.Popen([floor] + paths, env=env, stdout=subprocess.PIPE)
    for _ in range(200):
        theirs.stdout.readline()
    begin, started = cpu_seconds(theirs.pid), time.monotonic()
    while time.monotonic() < started + RATE_SECONDS:
        theirs.stdout.readline()
    used = cpu_seconds(theirs.pid) - begin
    elapsed = time.monotonic() - started
    theirs.terminate()
    theirs.wait()
    return used / elapsed * 100


def battery():
    testbed, root = start_testbed("thinkpad-laptop")
    bus, address = private_bus()
    scratch = tempfile.mkdtemp()
    conf = os.path.join(scratch, "UPower.conf")
    open(conf, "w").write("[UPower]\n")
    env = dict(os.environ, UMOCKDEV_DIR=root, DEVCAPS_ROOT=root, LD_PRELOAD="libumockdev-preload.so.0",
               DBUS_SYSTEM_BUS_ADDRESS=address, UPOWER_HISTORY_DIR=scratch, UPOWER_CONF_FILE_NAME=conf)
    upowerd = subprocess.Popen(["/usr/libexec/upowerd"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1.5)
    ours = subprocess.Popen([DEVCAPS, "watch", "battery", "--json"], env=env, stdout=subprocess.PIPE, text=True)
    theirs = subprocess.Popen(["stdbuf", "-oL", "upower", "--monitor-detail"], env=env, stdout=subprocess.PIPE, text=True)
    ours.stdout.readline()
    ours.stdout.readline()
    time.sleep(1)
    cpu0, switches0, rss0 = cpu_seconds(ours.pid), status(ours.pid, "voluntary_ctxt_switches"), status(ours.pid, "VmRSS")
    time.sleep(IDLE_SECONDS)
    idle_cpu = cpu_seconds(ours.pid) - cpu0
    idle_switches = status(ours.pid, "voluntary_ctxt_switches") - switches0
    battery = "/sys/devices/LNXSYSTM:00/LNXSYBUS:00/PNP0C0A:00/power_supply/BAT0"
    os.set_blocking(theirs.stdout.fileno(), False)
    while theirs.stdout.readline():
        pass
    os.set_blocking(theirs.stdout.fileno(), True)
    delays, peer_delays = [], []
    for value in ["40000000", "35000000", "30000000"]:
        testbed.set_attribute(battery, "energy_now", value)
        sent = time.monotonic()
        testbed.uevent(battery, "change")
        ours.stdout.readline()
        delays.append(time.monotonic() - sent)
        while "percentage" not in theirs.stdout.readline():
            pass
        peer_delays.append(time.monotonic() - sent)
        time.sleep(0.3)
    # Soak: a change every 0.2 s.
    rss_start = status(ours.pid, "VmRSS")
    deadline = time.monotonic() + SOAK_SECONDS
    flip = 0
    while time.monotonic() < deadline:
        flip += 1
        testbed.set_attribute(battery, "energy_now", str(20000000 + (flip % 50) * 100000))
        testbed.uevent(battery, "change")
        time.sleep(0.2)
        os.set_blocking(ours.stdout.fileno(), False)
        while ours.stdout.readline():
            pass
        os.set_blocking(ours.stdout.fileno(), True)
    rss_end = status(ours.pid, "VmRSS")
    for process in (ours, theirs, upowerd, bus):
        process.kill()
        process.wait()
    return {"idle_cpu_ms": idle_cpu * 1000, "idle_switches": idle_switches, "delay_ms": sorted(delays)[1] * 1000,
            "peer_delay_ms": sorted(peer_delays)[1] * 1000, "rss_start_kb": rss0, "soak_rss_start_kb": rss_start,
            "soak_rss_end_kb": rss_end, "soak_events": flip}


def replay_recording(path, megabytes):
    """A valid 10-column recording at 200 Hz of about `megabytes` MB: a device turning slowly."""
    with open(path, "w") as out:
        out.write("timestamp,gyro_x,gyro_y,gyro_z,accel_x,accel_y,accel_z,mag_x,mag_y,mag_z\n")
        index, written = 0, 0
        while written < megabytes * 1_000_000:
            t = index / 200
            line = (f"{t:.3f},0.001234,-0.002345,0.174533,0.012345,-0.023456,-0.999712,"
                    f"{24 + index % 7 * 0.01:.2f},{-0.5 + index % 5 * 0.01:.2f},-41.60\n")
            out.write(line)
            written += len(line)
            index += 1


def replay():
    directory = tempfile.mkdtemp(prefix="devcaps-replay-bench-")
    try:
        valid = os.path.join(directory, "valid.csv")
        replay_recording(valid, 60)
        size = os.path.getsize(valid)
        first = []
        for _ in range(5):
            start = time.perf_counter()
            subprocess.run([DEVCAPS, "motion", "--replay", valid, "--json", "--count", "0"], stdout=subprocess.DEVNULL, check=True, env=PLAIN)
            first.append(time.perf_counter() - start)
        whole = []
        for _ in range(3):
            before = os.times()
            subprocess.run([DEVCAPS, "motion", "--replay", valid, "--json"], stdout=subprocess.DEVNULL, check=True, env=PLAIN)
            after = os.times()
            whole.append(after.children_user + after.children_system - before.children_user - before.children_system)
        rss = {"valid": peak_rss_kb([DEVCAPS, "motion", "--replay", valid, "--json"])}
        hostile = {"columns": b"1," * 125_000_000, "spaces": b"0,0,0,0,0,0,-1\n" + b" " * 250_000_000,
                   "newlines": b"\n" * 250_000_000}
        for name, content in hostile.items():
            path = os.path.join(directory, name + ".csv")
            with open(path, "wb") as out:
                out.write(content)
            start = time.perf_counter()
            rss[name] = peak_rss_kb([DEVCAPS, "motion", "--replay", path, "--json"])
            rss[name + "_seconds"] = time.perf_counter() - start
            os.remove(path)
        return {"megabytes": size / 1e6, "first_ms": sorted(first)[2] * 1000, "mb_per_s": size / 1e6 / sorted(whole)[1],
                "rss": rss}
    finally:
        shutil.rmtree(directory)


def replay_lines(measured):
    rss = measured["rss"]
    return [
        f"| `motion --replay` of a {measured['megabytes']:.0f} MB recording: first sample (`--count 0`), median of 5 | {measured['first_ms']:.1f} ms | well under 1 s |",
        f"| the whole recording parsed, filtered and printed (`--json` to /dev/null), CPU time | {measured['mb_per_s']:.0f} MB/s | ≥ 50 MB/s |",
        f"| peak RSS: that replay; 250 MB of one line of columns, of spaces after a sample, of newlines | {rss['valid'] / 1024:.1f} MB; {rss['columns'] / 1024:.1f}, {rss['spaces'] / 1024:.1f}, {rss['newlines'] / 1024:.1f} MB ({rss['newlines_seconds']:.1f} s for the newlines) | ≤ 32 MB |",
    ]


DAEMON_ROUNDS = 5
DAEMON_COMMANDS = [["list", "--json"], ["list", "--json", "--only", "power"], ["get", "power.source"]]


def wait_for_power_source(env, wanted):
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        result = subprocess.run([DEVCAPS, "get", "power.source"], env=env, capture_output=True, text=True)
        if result.stdout.strip() == wanted:
            return
        time.sleep(0.1)
    raise RuntimeError(f"power.source never became {wanted} on the private bus")


def daemons():
    """Medians of DAEMON_COMMANDS with upowerd and power-profiles-daemon on a private bus over
    the convertible's testbed, and on a bus without them; devcaps and the daemons run under the
    umockdev preload, as in the end-to-end tests (it slows devcaps' file reads alike in both)."""
    testbed, root = start_testbed("yoga-convertible")
    with_bus, with_address = private_bus()
    empty_bus, empty_address = private_bus()
    scratch = tempfile.mkdtemp()
    conf = os.path.join(scratch, "UPower.conf")
    open(conf, "w").write("[UPower]\n")
    daemon_env = dict(os.environ, UMOCKDEV_DIR=root, LD_PRELOAD="libumockdev-preload.so.0",
                      DBUS_SYSTEM_BUS_ADDRESS=with_address, UPOWER_HISTORY_DIR=scratch, UPOWER_CONF_FILE_NAME=conf)
    started = [subprocess.Popen([path], env=daemon_env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
               for path in ("/usr/libexec/upowerd", "/usr/libexec/power-profiles-daemon")]
    plain = dict(PLAIN, DEVCAPS_ROOT=root, UMOCKDEV_DIR=root, LD_PRELOAD="libumockdev-preload.so.0")
    present = dict(plain, DBUS_SYSTEM_BUS_ADDRESS=with_address)
    absent = dict(plain, DBUS_SYSTEM_BUS_ADDRESS=empty_address)
    try:
        wait_for_power_source(present, "upower")
        deadline = time.monotonic() + 10
        while "powerProfile\": null" in subprocess.run([DEVCAPS, "list", "--json", "--only", "power"], env=present,
                                                       capture_output=True, text=True).stdout:
            if time.monotonic() > deadline:
                raise RuntimeError("power-profiles-daemon never answered on the private bus")
            time.sleep(0.1)
        rows = []
        for arguments in DAEMON_COMMANDS:
            # Rounds taken in turn, daemons on and off, so that a drift in the machine's load
            # during the run falls on both sides alike; the median of all of each side's runs.
            times = ([], [])
            for _ in range(DAEMON_ROUNDS):
                for side, env in enumerate((present, absent)):
                    export = tempfile.mktemp(suffix=".json")
                    subprocess.run(["hyperfine", "-N", "--warmup", "3", "--runs", "20", "--export-json", export,
                                    "--style", "none", " ".join([DEVCAPS] + arguments)],
                                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
                    times[side].extend(json.load(open(export))["results"][0]["times"])
                    os.unlink(export)
            on, off = (statistics.median(side) * 1000 for side in times)
            rows.append((arguments, on, off, instructions(arguments, present), instructions(arguments, absent)))
    finally:
        for process in started + [with_bus, empty_bus]:
            process.kill()
            process.wait()
    return rows


SECTIONS = ["device", "system", "cpu", "memory", "limits", "disks", "network", "storage", "power", "thermal",
            "sensors", "displays", "gpus", "cameras", "audio", "radios", "inputs", "pci", "capabilities"]


def section_instructions():
    full = instructions(["list", "--json"])
    human = instructions(["list"])
    # Against every section named with --only, so that both sides parse an --only list alike.
    named = instructions(["list", "--json", "--only", ",".join(SECTIONS)])
    rows = []
    for section in SECTIONS:
        others = ",".join(other for other in SECTIONS if other != section)
        alone = instructions(["list", "--json", "--only", section])
        without = instructions(["list", "--json", "--only", others])
        rows.append((section, alone, named - without if named and without else None))
    return full, human, rows


def section_lines(measured):
    full, human, rows = measured
    lines = [f"Instructions per section (callgrind, this machine): `list --json` {full:,}, `list` {human:,}.", "",
             "| section | `list --json --only SECTION` | `list --json` without it saves |", "|---|---:|---:|"]
    for section, alone, marginal in rows:
        lines.append(f"| {section} | {alone:,} | {marginal:,} |" if alone and marginal is not None else f"| {section} | — | — |")
    return lines


def daemon_lines(rows):
    load = os.getloadavg()[0]
    lines = [f"Daemons on a private bus (the umockdev convertible; load average {load:.1f}):", "",
             "| command | upowerd and power-profiles-daemon on the bus | nobody on the bus | ratio | more | instructions (on / off) | goal: ≤ 1.3× and ≤ 3 ms more |",
             "|---|---:|---:|---:|---:|---:|---|"]
    for arguments, on, off, count_on, count_off in rows:
        counts = f"{count_on:,} / {count_off:,}" if count_on and count_off else "—"
        met = "yes" if on <= 1.3 * off and on - off <= 3 else "no"
        lines.append(f"| `devcaps {' '.join(arguments)}` | {on:.1f} ms | {off:.1f} ms | {on / off:.2f}× | {on - off:.1f} ms | {counts} | {met} |")
    return lines


def parse_arguments():
    """The modes: none (the whole benchmark, written into performance.md), or one part printed."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parts = parser.add_mutually_exclusive_group()
    parts.add_argument("--sections", action="store_true", help="only the instructions per section; prints its table")
    parts.add_argument("--daemons", action="store_true", help="only the daemons-on-the-bus rows; prints its table")
    parser.add_argument("mode", nargs="?", choices=["replay"], help="replay: only `motion --replay`; prints its table")
    parsed = parser.parse_args()
    if parsed.mode and (parsed.sections or parsed.daemons):
        parser.error("replay runs alone: not with --sections or --daemons")
    return parsed


def main():
    parsed = parse_arguments()
    if parsed.sections:
        print("\n".join(section_lines(section_instructions())))
        return 0
    if parsed.daemons:
        print("\n".join(daemon_lines(daemons())))
        return 0
    if parsed.mode == "replay":
        print("\n".join(["| replay | this run | target |", "|---|---:|---|"] + replay_lines(replay())))
        return 0
    rows = startup()
    counts = [(arguments, instructions(arguments))
              for arguments in (["--version"], ["get", "memory.totalBytes"], ["list", "--json"], ["list", "--json", "--only", ONLY])]
    checks = targets(rows)
    found, ordered = symbol_order_found()
    motion = up_angle()
    fused = device_motion()
    power = battery()
    replayed = replay()
    on_bus = daemons()
    per_section = section_instructions()
    by_name = {name: median for name, median, _ in rows}
    ours = by_name["devcaps list"]
    lines = [
        f"Measured {datetime.date.today().isoformat()} on {platform.machine()}, {os.cpu_count()} cores, "
        f"{platform.release()} (`scripts/benchmark.sh`). Medians of hyperfine runs (30 or more each, "
        "one run for all); peak RSS from /usr/bin/time -v.",
        "",
        "| command | median | devcaps list is | peak RSS |",
        "|---|---:|---:|---:|",
    ]
    for name, median, rss in rows:
        if name.startswith("devcaps") or name.startswith("static"):
            ratio = "—"
        elif median >= ours:
            ratio = f"{median / ours:.1f}× faster"
        else:
            ratio = f"{ours / median:.1f}× slower"
        shown = f"`{name}`" if not name.startswith(("fastfetch", "static")) else name
        if name.endswith(", Debian build"):
            shown = f"`{name[:-len(', Debian build')]}`, built as the Debian package is (`make PIE=1 STATIC_CXX=0`)"
        if name.startswith("fastfetch"):
            shown = f"`fastfetch --format json -s Host:OS:Kernel:CPU:Memory:Disk:Battery:Display` ({name[11:]})"
        lines.append(f"| {shown} | {median:.1f} ms | {ratio} | {rss / 1024:.1f} MB |" if rss else f"| {shown} | {median:.1f} ms | {ratio} | — |")
    lines += ["", "| instructions (callgrind) | count |", "|---|---:|"]
    for arguments, count in counts:
        lines.append(f"| `devcaps {' '.join(arguments)}` | {count:,} |" if count else f"| `devcaps {' '.join(arguments)}` | — |")
    lines += ["", f"Functions and data of the hot commands laid out together (`scripts/release-symbol-order.txt`): "
              f"{found:,} of {ordered:,} found in this build.", ""]
    lines += ["| target (issue) | this run | met |", "|---|---:|---|"]
    for target, figure, met in checks:
        lines.append(f"| {target} | {figure} | {'yes' if met else 'no'} |")
    lines += [
        "",
        "| stream | devcaps | peer |",
        "|---|---|---|",
        f"| `up-angle --json --rate 100` on a umockdev accelerometer (the umockdev preload intercepts file calls: real sysfs costs less) | {motion['devcaps_cpu']:.2f} % of a core ({motion['devcaps_rate']:.0f} lines/s) | iio-sensor-proxy + monitor-sensor, which poll every 700 ms (1.4 Hz): {motion['proxy_cpu']:.2f} % |",
        f"| `watch motion --json --rate 200` on the umockdev convertible (accelerometer, gyroscope, magnetometer; fusion) | {fused['cpu']:.2f} % of a core ({fused['rate']:.0f} lines/s) | no Linux peer offers device motion; the floor, a C loop with the same timer, reads and line (scripts/motion-floor.c): {fused['floor_cpu'] or 0:.2f} % |",
        f"| sample's tick → its line read by the benchmark, median (99th percentile) | {fused['delay_ms']:.2f} ms ({fused['delay_p99_ms']:.2f} ms) | — |",
        f"| heap allocations per device-motion sample, filter to printed JSON line (valgrind, 600 − 200 samples) | {fused['allocations']:.1f} | — |"
        if fused["allocations"] is not None else "| heap allocations per device-motion sample | valgrind failed | — |",
        f"| `watch battery`, idle {IDLE_SECONDS:.0f} s | {power['idle_cpu_ms']:.1f} ms CPU, {power['idle_switches']} wakeups | — |",
        f"| uevent → printed event (median of 3) | {power['delay_ms']:.0f} ms | `upower --monitor-detail`: {power['peer_delay_ms']:.0f} ms |",
        f"| soak: {power['soak_events']} battery changes in {SOAK_SECONDS:.0f} s | RSS {power['soak_rss_start_kb'] / 1024:.1f} MB → {power['soak_rss_end_kb'] / 1024:.1f} MB | — |",
    ]
    lines += ["", "| replay | this run | target |", "|---|---:|---|"] + replay_lines(replayed)
    lines += [""] + daemon_lines(on_bus)
    lines += [""] + section_lines(per_section)
    table = "\n".join(lines)
    print(table)
    document = os.path.join(ROOT, "docs", "explanation", "performance.md")
    text = open(document).read()
    text = re.sub(r"(<!-- BENCHMARK START -->\n).*?(\n<!-- BENCHMARK END -->)", lambda m: m.group(1) + table + m.group(2), text, flags=re.S)
    open(document, "w").write(text)


if __name__ == "__main__":
    sys.exit(main())
