"""How `devcaps list --json` scales with the machine: CPUs (32 to 256), mounted filesystems (100 to
3,200) and devices (block devices and network interfaces, 16 to 512 of each). Each step doubles
or more one input and keeps the others small; cost should grow linearly with it, so the cost per
unit added between two steps (the marginal cost) should stay about the same. The marginal cost is
taken from instructions counted by callgrind, which a busy machine does not change; wall-clock
time is shown beside them.
Prints a Markdown table; run by scripts/benchmark.sh (or alone, with DEVCAPS set to a binary).

The machines are DEVCAPS_ROOT trees written at benchmark time in the layouts of the test fixtures:
CPUs as Tests/DevCapsKitTests/Fixtures/cpu/make-fixtures.py writes its two-socket Broadwell-EP
Xeon (its own functions, scaled to more cores: topology, one intel_pstate policy per CPU, L1/L2 per
core and L3 per socket in cache/indexN, /proc/cpuinfo blocks), disks and interfaces as
Fixtures/net-block does, mounts as /proc/self/mountinfo lists ext4 volumes. The sections are
those that read these files (device, system, cpu, memory, limits, disks, network, storage); the
udev sections read the live machine whatever the root, a constant. Time and peak RSS from
a best of fifteen runs and a lowest of five.
"""
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

DEVCAPS = os.environ.get("DEVCAPS", ".build/release/devcaps")
PROFILED = None
SECTIONS = "device,system,cpu,memory,limits,disks,network,storage"
HERE = os.path.dirname(os.path.abspath(__file__))


def cpu_fixtures():
    """The CPU fixtures' writer, as a module (its file name has a dash)."""
    path = os.path.join(HERE, "..", "Tests", "DevCapsKitTests", "Fixtures", "cpu", "make-fixtures.py")
    spec = importlib.util.spec_from_file_location("cpu_fixtures", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


FIXTURES = cpu_fixtures()


def write(root, path, text):
    full = os.path.join(root, path.lstrip("/"))
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w") as handle:
        handle.write(text)


def xeon(root, cpus):
    """Two sockets of cpus/4 cores with two threads each, numbered as Linux numbers them (first
    threads socket by socket, then the second threads), as in the fixture's x86_xeon_2s."""
    FIXTURES.HERE = os.path.dirname(root)
    machine = FIXTURES.Machine(os.path.basename(root), list(range(cpus)), 8191)
    cores = cpus // 4
    layout = {}
    for cpu in range(cpus):
        thread, rest = divmod(cpu, cpus // 2)
        package, core = divmod(rest, cores)
        layout[cpu] = (package, core, thread)
    text = ""
    for cpu in range(cpus):
        package, core, thread = layout[cpu]
        text += FIXTURES.x86_block(
            cpu, "Intel(R) Xeon(R) CPU E5-2699 v4 @ 2.20GHz", 6, 79, 1, "0xb000040", "2200.000", "56320 KB",
            package, cores * 2, core, cores, package * 256 + core * 2 + thread, FIXTURES.BROADWELL_FLAGS,
            FIXTURES.X86_BUGS, "4399.83", "46 bits physical, 48 bits virtual", 20)
    machine.write("/proc/cpuinfo", text)
    online = list(range(cpus))
    machine.cpu_lists(online)
    machine.cpu_online_files(online)
    for cpu in online:
        package, core, _ = layout[cpu]
        threads = [cpu % (cpus // 2), cpu % (cpus // 2) + cpus // 2]
        package_cpus = [other for other in online if layout[other][0] == package]
        # The 22-core E5-2699 v4's 55 MiB L3 per socket.
        FIXTURES.broadwell_ep_cpu(machine, cpu, package, core, threads, package_cpus, online,
                                  (3600000, 1200000, 2200000), 56320, package * 256 + core)


def mounts(root, count):
    """/ and `count` ext4 volumes of device-mapper, each mounted once under /srv."""
    lines = ["22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw"]
    for index in range(count):
        mount_point = f"/srv/volume{index}"
        os.makedirs(os.path.join(root, mount_point.lstrip("/")), exist_ok=True)
        lines.append(f"{100 + index} 22 253:{index} / {mount_point} rw,relatime shared:{index + 2} - ext4 "
                     f"/dev/mapper/data-volume{index} rw")
    write(root, "/proc/self/mountinfo", "\n".join(lines) + "\n")


def disk_name(index):
    """sda … sdz, sdaa …: the sd driver's names."""
    letters = ""
    index += 1
    while index:
        index, remainder = divmod(index - 1, 26)
        letters = chr(ord("a") + remainder) + letters
    return "sd" + letters


def devices(root, count):
    """`count` SATA disks and `count` Ethernet interfaces, as Fixtures/net-block lays them out."""
    for index in range(count):
        name = disk_name(index)
        path = f"pci0000:00/0000:00:17.0/ata{index + 1}/host{index}/target{index}:0:0/{index}:0:0:0/block/{name}"
        base = f"/sys/devices/{path}/"
        write(root, base + "size", "3907029168\n")
        write(root, base + "queue/rotational", "1\n")
        write(root, base + "removable", "0\n")
        write(root, base + "device/model", "ST2000DM008-2FR1\n")
        link = os.path.join(root, "sys/block", name)
        os.makedirs(os.path.dirname(link), exist_ok=True)
        os.symlink(f"../devices/{path}", link)
        interface = f"enp{index + 1}s0"
        base = f"/sys/devices/pci0000:00/0000:00:1c.{index % 8}/0000:{index + 1:02x}:00.0/net/{interface}/"
        for file, value in [("type", "1"), ("operstate", "up"), ("mtu", "1500"), ("speed", "1000"),
                            ("address", f"52:54:00:12:{index >> 8:02x}:{index & 255:02x}"),
                            ("uevent", f"INTERFACE={interface}\nIFINDEX={index + 2}")]:
            write(root, base + file, value + "\n")
        link = os.path.join(root, "sys/class/net", interface)
        os.makedirs(os.path.dirname(link), exist_ok=True)
        os.symlink("../../" + base.lstrip("/").removeprefix("sys/").rstrip("/"), link)


def machine(work, name, cpus, mount_count, device_count):
    root = os.path.join(work, name)
    xeon(root, cpus)
    mounts(root, mount_count)
    devices(root, device_count)
    write(root, "/etc/os-release", 'NAME="Debian GNU/Linux"\nID=debian\nVERSION_ID="12"\n')
    write(root, "/proc/meminfo", "MemTotal:       263921868 kB\nMemFree:        250000000 kB\n"
          "MemAvailable:   255000000 kB\n")
    write(root, "/proc/sys/kernel/osrelease", "6.1.0-37-amd64\n")
    return root


def measure(root):
    """Best wall-clock seconds of fifteen runs (timed here: /usr/bin/time counts in 10 ms steps,
    more than a whole run of a small machine) and the lowest peak RSS (KB) of five."""
    environment = dict(os.environ, DEVCAPS_ROOT=root)
    command = [DEVCAPS, "list", "--json", "--only", SECTIONS]
    seconds = None
    for _ in range(15):
        start = time.perf_counter()
        result = subprocess.run(command, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        elapsed = time.perf_counter() - start
        if result.returncode != 0:
            sys.exit(f"devcaps list on {root}: exit {result.returncode}: {result.stderr[-500:]}")
        seconds = elapsed if seconds is None else min(seconds, elapsed)
    rss = None
    for _ in range(5):
        result = subprocess.run(["/usr/bin/time", "-f", "%M"] + command, env=environment,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        kilobytes = int(result.stderr.strip().splitlines()[-1])
        rss = kilobytes if rss is None else min(rss, kilobytes)
    return seconds, rss, instructions(environment, command)


def instructions(environment, command):
    """User-space instructions of one run, from callgrind, of the copy main() made."""
    result = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", PROFILED] + command[1:],
                            env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    return int(re.search(r"Collected : (\d+)", result.stderr).group(1))


def main():
    global PROFILED
    work = tempfile.mkdtemp(prefix="devcaps-list-scaling-")
    try:
        # valgrind 3.19 cannot read the DWARF 5 of Swift's debug information: callgrind profiles a
        # copy without it, as scripts/symbol-order.py does.
        PROFILED = os.path.join(work, "devcaps")
        subprocess.run(["strip", "--strip-debug", "-o", PROFILED, DEVCAPS], check=True)
        series = [
            ("CPUs", "CPU", [(cpus, (cpus, 16, 16)) for cpus in (32, 64, 128, 256)]),
            ("mounts", "mount", [(count, (8, count, 16)) for count in (100, 400, 1_600, 3_200)]),
            ("devices", "device", [(count, (8, 16, count)) for count in (16, 64, 256, 512)]),
        ]
        rows = ["| machine | time | instructions | marginal instructions per unit | peak RSS | marginal RSS per unit |",
                "|---|---:|---:|---:|---:|---:|"]
        for label, unit, steps in series:
            previous = None
            for size, shape in steps:
                root = machine(work, f"{label}-{size}", *shape)
                seconds, rss, count = measure(root)
                if previous is None:
                    marginal = "—"
                    marginal_rss = "—"
                else:
                    added = size - previous[0]
                    marginal = f"{(count - previous[1]) / added / 1000:,.0f} k/{unit}"
                    marginal_rss = f"{(rss - previous[2]) / added:,.1f} KB/{unit}"
                cpus, mount_count, device_count = shape
                rows.append(f"| {cpus} CPUs, {mount_count:,} mounts, {device_count} disks + {device_count} "
                            f"interfaces | {seconds * 1000:,.0f} ms | {count / 1e6:,.1f} M | {marginal} "
                            f"| {rss / 1024:.1f} MB | {marginal_rss} |")
                previous = (size, count, rss)
                shutil.rmtree(root)
        print("\n".join(rows))
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
