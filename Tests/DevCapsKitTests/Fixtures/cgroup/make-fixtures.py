#!/usr/bin/env python3
"""Writes the cgroup fixtures beside this script (see README.md for where each layout comes from).
Run it again after changing a machine below; it replaces every directory here."""

import os
import shutil

HERE = os.path.dirname(os.path.abspath(__file__))
GIB = 1 << 30
MEMINFO = f"MemTotal:       {16 * GIB // 1024} kB\nMemFree:        {8 * GIB // 1024} kB\nMemAvailable:   {12 * GIB // 1024} kB\n"
LIMITS = (
    "Limit                     Soft Limit           Hard Limit           Units     \n"
    "Max cpu time              unlimited            unlimited            seconds   \n"
    "Max processes             63704                63704                processes \n"
    "Max open files            1024                 524288               files     \n"
)
# mountinfo lines as the kernel prints them (proc(5)): id parent major:minor root mount-point
# options [optional fields] - type source super-options.
V2_MOUNT = "35 24 0:30 / /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime shared:9 - cgroup2 cgroup2 rw,nsdelegate,memory_recursiveprot\n"
ROOT_MOUNT = "24 1 259:2 / / rw,relatime shared:1 - ext4 /dev/nvme0n1p2 rw\n"


# A memory cgroup's usage, which the kernel shows beside each limit: 150 MiB.
USAGE = f"{150 << 20}\n"


def machine(name, files):
    for path in list(files):
        for limit, usage in [("memory.max", "memory.current"), ("memory.limit_in_bytes", "memory.usage_in_bytes")]:
            if path.endswith("/" + limit):
                files.setdefault(path[: -len(limit)] + usage, USAGE)
    root = os.path.join(HERE, name)
    shutil.rmtree(root, ignore_errors=True)
    for path, text in files.items():
        full = os.path.join(root, path.lstrip("/"))
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w") as handle:
            handle.write(text)


def status(cpus):
    return f"Name:\tdevcaps\nState:\tR (running)\nCpus_allowed:\tff\nCpus_allowed_list:\t{cpus}\nMems_allowed_list:\t0\n"


# systemd on cgroup v2 (Debian 12, Fedora): a login session nested in its user's slice.
# `systemctl set-property user-1000.slice CPUQuota=200% MemoryMax=4G` writes the slice's cpu.max
# and memory.max; the scope below keeps "max".
scope = "/user.slice/user-1000.slice/session-3.scope"
files = {
    "/proc/self/cgroup": f"0::{scope}\n",
    "/proc/self/mountinfo": ROOT_MOUNT + V2_MOUNT,
    "/proc/self/status": status("0-7"),
    "/proc/self/limits": LIMITS,
    "/proc/meminfo": MEMINFO,
    "/sys/fs/cgroup/cpuset.cpus.effective": "0-7\n",
    "/sys/fs/cgroup/user.slice/cpu.max": "max 100000\n",
    "/sys/fs/cgroup/user.slice/memory.max": "max\n",
    "/sys/fs/cgroup/user.slice/user-1000.slice/cpu.max": "200000 100000\n",
    "/sys/fs/cgroup/user.slice/user-1000.slice/memory.max": f"{4 * GIB}\n",
    f"/sys/fs/cgroup{scope}/cpu.max": "max 100000\n",
    f"/sys/fs/cgroup{scope}/memory.max": "max\n",
    f"/sys/fs/cgroup{scope}/cpuset.cpus.effective": "0-7\n",
}
machine("v2-systemd-nested", files)

# Docker 24 on cgroup v2 with a private cgroup namespace (the default there): the container sees
# its own cgroup as "0::/" and /sys/fs/cgroup is that cgroup. `docker run --cpus 1.5 --memory
# 512m --cpuset-cpus 0-3` writes these files.
machine("v2-docker-namespace", {
    "/proc/self/cgroup": "0::/\n",
    "/proc/self/mountinfo": "620 581 0:52 / / rw,relatime master:270 - overlay overlay rw,lowerdir=/l,upperdir=/u,workdir=/w\n"
    "627 620 0:57 / /sys/fs/cgroup ro,nosuid,nodev,noexec,relatime - cgroup2 cgroup rw,nsdelegate,memory_recursiveprot\n",
    "/proc/self/status": status("0-3"),
    "/proc/self/limits": LIMITS,
    "/proc/meminfo": MEMINFO,
    "/sys/fs/cgroup/cpu.max": "150000 100000\n",
    "/sys/fs/cgroup/memory.max": f"{512 << 20}\n",
    "/sys/fs/cgroup/cpuset.cpus.effective": "0-3\n",
})

# Docker on cgroup v1 (CentOS 7, Ubuntu 18.04): each controller's hierarchy is bind-mounted from
# the container's directory, so mountinfo's root is /docker/ID and /proc/self/cgroup names the
# same path. `docker run --cpus 0.5 --memory 256m --cpuset-cpus 0-1`.
cid = "/docker/3f1c2a9be0d54c8e9a1b7d6f5e4c3b2a1f0e9d8c7b6a5f4e3d2c1b0a9f8e7d6c"
v1_mounts = ROOT_MOUNT + "".join(
    f"{40 + index} 39 0:{40 + index} {cid} /sys/fs/cgroup/{name} ro,nosuid,nodev,noexec,relatime - cgroup cgroup rw,{options}\n"
    for index, (name, options) in enumerate([("cpu,cpuacct", "cpu,cpuacct"), ("cpuset", "cpuset"), ("memory", "memory")]))
machine("v1-docker", {
    "/proc/self/cgroup": f"12:memory:{cid}\n11:cpuset:{cid}\n4:cpu,cpuacct:{cid}\n1:name=systemd:{cid}\n",
    "/proc/self/mountinfo": v1_mounts,
    "/proc/self/status": status("0-7"),
    "/proc/self/limits": LIMITS,
    "/proc/meminfo": MEMINFO,
    "/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us": "50000\n",
    "/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_period_us": "100000\n",
    "/sys/fs/cgroup/cpuset/cpuset.effective_cpus": "0-1\n",
    "/sys/fs/cgroup/memory/memory.limit_in_bytes": f"{256 << 20}\n",
})

# systemd's hybrid layout (Ubuntu 20.04, Debian 10): v1 controllers, and cgroup2 without any at
# /sys/fs/cgroup/unified. The memory limit is the user slice's; "no limit" in v1 is 2^63 rounded
# down to a page. The process was started under `taskset -c 0,1`.
session = "/user.slice/user-1000.slice/session-2.scope"
hybrid_mounts = ROOT_MOUNT + (
    "30 24 0:26 / /sys/fs/cgroup ro,nosuid,nodev,noexec shared:4 - tmpfs tmpfs ro,mode=755\n"
    "31 30 0:27 / /sys/fs/cgroup/unified rw,nosuid,nodev,noexec,relatime shared:5 - cgroup2 cgroup2 rw,nsdelegate\n"
    "35 30 0:31 / /sys/fs/cgroup/cpu,cpuacct rw,nosuid,nodev,noexec,relatime shared:15 - cgroup cgroup rw,cpu,cpuacct\n"
    "36 30 0:32 / /sys/fs/cgroup/memory rw,nosuid,nodev,noexec,relatime shared:16 - cgroup cgroup rw,memory\n"
    "37 30 0:33 / /sys/fs/cgroup/cpuset rw,nosuid,nodev,noexec,relatime shared:17 - cgroup cgroup rw,cpuset\n"
)
machine("hybrid", {
    "/proc/self/cgroup": f"11:memory:{session}\n6:cpuset:/\n3:cpu,cpuacct:/user.slice\n1:name=systemd:{session}\n0::{session}\n",
    "/proc/self/mountinfo": hybrid_mounts,
    "/proc/self/status": status("0-1"),
    "/proc/self/limits": LIMITS,
    "/proc/meminfo": MEMINFO,
    "/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us": "-1\n",
    "/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_period_us": "100000\n",
    "/sys/fs/cgroup/cpu,cpuacct/user.slice/cpu.cfs_quota_us": "-1\n",
    "/sys/fs/cgroup/cpu,cpuacct/user.slice/cpu.cfs_period_us": "100000\n",
    "/sys/fs/cgroup/cpuset/cpuset.effective_cpus": "0-3\n",
    "/sys/fs/cgroup/memory/memory.limit_in_bytes": "9223372036854771712\n",
    "/sys/fs/cgroup/memory/user.slice/memory.limit_in_bytes": "9223372036854771712\n",
    "/sys/fs/cgroup/memory/user.slice/user-1000.slice/memory.limit_in_bytes": f"{2 * GIB}\n",
    f"/sys/fs/cgroup/memory{session}/memory.limit_in_bytes": "9223372036854771712\n",
})
