#!/usr/bin/python3
"""Measures devcaps against the peer tools on this machine and writes the results into the
README (between the BENCHMARK markers). Run by scripts/benchmark.sh, which installs the peers.

  * `devcaps list` (and --json) against neofetch, inxi, lshw, hwinfo, lscpu (and fastfetch when
    installed), in one hyperfine run: medians and their ratios; peak RSS with /usr/bin/time -v.
  * `up-angle --json` at 100 Hz on a umockdev accelerometer: CPU share of a core over the run,
    against iio-sensor-proxy + monitor-sensor on the same device.
  * `watch battery` idle against the real upowerd: CPU time and context switches over the idle
    time (no wakeups of its own is the target), and the delay from a uevent to the printed event,
    against `upower --monitor-detail`.
  * A soak: `watch battery` with changes flowing; RSS at the start and the end.
Benchmarks, not tests: nothing here passes or fails.
"""
import datetime
import json
import os
import platform
import re
import shutil
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


def startup():
    peers = [
        ("devcaps list", [DEVCAPS, "list"]),
        ("devcaps list --json", [DEVCAPS, "list", "--json"]),
        ("lscpu", ["lscpu"]),
        ("neofetch --stdout", ["neofetch", "--stdout"]),
        ("inxi -b", ["inxi", "-b"]),
        ("lshw -short", ["lshw", "-short"]),
        ("hwinfo --short", ["hwinfo", "--short"]),
        ("fastfetch", ["fastfetch"]),
    ]
    present = [(name, command) for name, command in peers if shutil.which(command[0])]
    export = tempfile.mktemp(suffix=".json")
    arguments = ["hyperfine", "-N", "--warmup", "3", "--min-runs", "10", "--export-json", export, "--style", "none"]
    for name, command in present:
        arguments += ["-n", name, " ".join(command)]
    subprocess.run(arguments, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=PLAIN)
    results = {r["command"]: r for r in json.load(open(export))["results"]}
    rows = []
    for name, command in present:
        rows.append((name, results[name]["median"] * 1000, peak_rss_kb(command)))
    return rows


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


def main():
    rows = startup()
    motion = up_angle()
    power = battery()
    by_name = {name: median for name, median, _ in rows}
    ours = by_name["devcaps list"]
    lines = [
        f"Measured {datetime.date.today().isoformat()} on {platform.machine()}, {os.cpu_count()} cores, "
        f"{platform.release()} (`scripts/benchmark.sh`). Medians of hyperfine runs; peak RSS from /usr/bin/time -v.",
        "",
        "| command | median | devcaps list is | peak RSS |",
        "|---|---:|---:|---:|",
    ]
    for name, median, rss in rows:
        if name.startswith("devcaps"):
            ratio = "—"
        elif median >= ours:
            ratio = f"{median / ours:.1f}× faster"
        else:
            ratio = f"{ours / median:.1f}× slower"
        lines.append(f"| `{name}` | {median:.1f} ms | {ratio} | {rss / 1024:.1f} MB |" if rss else f"| `{name}` | {median:.1f} ms | {ratio} | — |")
    lines += [
        "",
        "| stream | devcaps | peer |",
        "|---|---|---|",
        f"| `up-angle --json --rate 100` on a umockdev accelerometer (the umockdev preload intercepts file calls: real sysfs costs less) | {motion['devcaps_cpu']:.2f} % of a core ({motion['devcaps_rate']:.0f} lines/s) | iio-sensor-proxy + monitor-sensor, which poll every 700 ms (1.4 Hz): {motion['proxy_cpu']:.2f} % |",
        f"| `watch battery`, idle {IDLE_SECONDS:.0f} s | {power['idle_cpu_ms']:.1f} ms CPU, {power['idle_switches']} wakeups | — |",
        f"| uevent → printed event (median of 3) | {power['delay_ms']:.0f} ms | `upower --monitor-detail`: {power['peer_delay_ms']:.0f} ms |",
        f"| soak: {power['soak_events']} battery changes in {SOAK_SECONDS:.0f} s | RSS {power['soak_rss_start_kb'] / 1024:.1f} MB → {power['soak_rss_end_kb'] / 1024:.1f} MB | — |",
    ]
    table = "\n".join(lines)
    print(table)
    readme = os.path.join(ROOT, "README.md")
    text = open(readme).read()
    text = re.sub(r"(<!-- BENCHMARK START -->\n).*?(\n<!-- BENCHMARK END -->)", lambda m: m.group(1) + table + m.group(2), text, flags=re.S)
    open(readme, "w").write(text)


if __name__ == "__main__":
    sys.exit(main())
