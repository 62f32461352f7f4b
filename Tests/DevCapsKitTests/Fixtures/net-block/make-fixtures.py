#!/usr/bin/env python3
"""Writes root/: a laptop-and-server mix of /sys/class/net and /sys/block (see README.md)."""

import os
import shutil

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "root")


def write(path, text):
    full = os.path.join(ROOT, path.lstrip("/"))
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w") as handle:
        handle.write(text)


def link(path, target):
    full = os.path.join(ROOT, path.lstrip("/"))
    os.makedirs(os.path.dirname(full), exist_ok=True)
    os.symlink(target, full)


shutil.rmtree(ROOT, ignore_errors=True)

# name, type (ARPHRD), operstate, mtu, speed, uevent DEVTYPE, directories present, device behind it
interfaces = [
    ("lo", 772, "unknown", 65536, None, None, [], None),
    ("enp3s0", 1, "up", 1500, 1000, None, [], "../../devices/pci0000:00/0000:00:1c.0/0000:03:00.0"),
    ("enp4s0", 1, "down", 1500, None, None, [], "../../devices/pci0000:00/0000:00:1c.1/0000:04:00.0"),
    ("wlp2s0", 1, "up", 1500, None, "wlan", ["wireless", "phy80211"], "../../devices/pci0000:00/0000:00:14.3"),
    ("br0", 1, "up", 1500, None, "bridge", ["bridge", "brif"], None),
    ("docker0", 1, "down", 1500, None, "bridge", ["bridge", "brif"], None),
    ("veth3f2a1b0", 1, "up", 1500, 10000, None, [], None),
    ("wwan0", 65534, "down", 1500, None, "wwan", [], "../../devices/pci0000:00/0000:00:1c.2/0000:05:00.0"),
]
for name, kind, operstate, mtu, speed, devtype, directories, device in interfaces:
    base = f"/sys/devices/virtual/net/{name}/" if device is None else f"/sys/devices/{device.split('devices/')[1]}/net/{name}/"
    write(base + "type", f"{kind}\n")
    write(base + "operstate", f"{operstate}\n")
    write(base + "mtu", f"{mtu}\n")
    write(base + "address", "00:00:00:00:00:00\n" if name == "lo" else f"52:54:00:12:34:{len(name):02x}\n")
    write(base + "uevent", f"{'DEVTYPE=' + devtype + chr(10) if devtype else ''}INTERFACE={name}\nIFINDEX={interfaces.index((name, kind, operstate, mtu, speed, devtype, directories, device)) + 1}\n")
    if speed is not None:
        write(base + "speed", f"{speed}\n")
    for directory in directories:
        write(base + directory + "/.keep", "")
    if device is not None:
        link(base + "device", "../../../" + os.path.basename(device))
    link(f"/sys/class/net/{name}", "../../" + base.lstrip("/").removeprefix("sys/").rstrip("/"))

# name, /sys/devices path, sectors, rotational, removable, model file (device/model or device/name)
disks = [
    ("nvme0n1", "pci0000:00/0000:00:1d.0/0000:3d:00.0/nvme/nvme0/nvme0n1", 1000215216, 0, 0, ("model", "Samsung SSD 980 PRO 1TB                 ")),
    ("sda", "pci0000:00/0000:00:17.0/ata1/host0/target0:0:0/0:0:0:0/block/sda", 3907029168, 1, 0, ("model", "ST2000DM008-2FR1")),
    ("sdb", "pci0000:00/0000:00:14.0/usb2/2-1/2-1:1.0/host2/target2:0:0/2:0:0:0/block/sdb", 60063744, 1, 1, ("model", "Flash Drive FIT ")),
    ("vda", "pci0000:00/0000:00:04.0/virtio2/block/vda", 536870912, 1, 0, None),
    ("mmcblk0", "platform/soc/fe340000.mmc/mmc_host/mmc0/mmc0:0001/block/mmcblk0", 124735488, 0, 0, ("name", "SC64G")),
    ("loop0", "virtual/block/loop0", 0, 0, 0, None),
    ("zram0", "virtual/block/zram0", 8388608, 0, 0, None),
]
for name, path, sectors, rotational, removable, model in disks:
    base = f"/sys/devices/{path}/"
    write(base + "size", f"{sectors}\n")
    write(base + "queue/rotational", f"{rotational}\n")
    write(base + "removable", f"{removable}\n")
    write(base + f"{name}p1/size", "2048\n")
    if model is not None:
        write(base + "device/" + model[0], model[1] + "\n")
    link(f"/sys/block/{name}", f"../devices/{path}")
