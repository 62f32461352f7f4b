#!/usr/bin/env python3
"""Writes the SMBIOS roots here: /sys/firmware/dmi/tables/DMI as the kernel exports the table
(drivers/firmware/dmi_scan.c: the structures, without the entry point) and the /proc/cpuinfo
beside it. The structures are QEMU 8.2's (hw/smbios/smbios.c, smbios_build_type_N_table) as its
guests' firmware hands them on unchanged (SeaBIOS on x86, edk2's ArmVirtQemu on arm64). Run it
after changing a machine; it replaces every directory here. See README.md."""
import os
import shutil
import struct

HERE = os.path.dirname(os.path.abspath(__file__))


def structure(kind, handle, formatted, strings):
    """One SMBIOS structure: header (type, length, handle), formatted area, string set."""
    length = 4 + len(formatted)
    text = b"".join(s.encode() + b"\0" for s in strings) + b"\0"
    if not strings:
        text = b"\0\0"
    return struct.pack("<BBH", kind, length, handle) + formatted + text


def bios(vendor, version, date):
    # Vendor, version, start segment E800h, release date, ROM size, characteristics "not
    # supported", extension bytes (targeted content distribution; bit 4 of the second: a VM), no
    # BIOS or EC release numbers.
    formatted = struct.pack("<BBHBBQBBBBBB", 1, 2, 0xE800, 3, 0, 0x08, 0x00, 0x14, 0, 0, 0xFF, 0xFF)
    return structure(0, 0x0000, formatted, [vendor, version, date])


def system(product, version):
    formatted = struct.pack("<BBBB16sBBB", 1, 2, 3, 0, bytes(16), 0x06, 0, 0)
    return structure(1, 0x0100, formatted, ["QEMU", product, version])


def processor(version, processor_id, cores, threads, smbios3):
    """Type 4 as QEMU builds it: "CPU 0", central processor, family in Processor Family 2
    ("Other"), manufacturer QEMU, the machine type as version, Max and Current Speed 2000 MHz
    (QEMU's DEFAULT_CPU_SPEED, whatever the host), populated and enabled, no cache handles."""
    formatted = struct.pack(
        "<BBBB8sBBHHHBBHHHBBBBBBHH", 1, 0x03, 0xFE, 2, processor_id, 3, 0, 0, 2000, 2000, 0x41, 0x01,
        0xFFFF, 0xFFFF, 0xFFFF, 0, 0, 0, cores, cores, threads, 0x02, 0x01)
    if smbios3:
        formatted += struct.pack("<HHH", cores, cores, threads)
    return structure(4, 0x0400, formatted, ["CPU 0", "QEMU", version])


def end_of_table():
    return structure(127, 0x7F00, b"", [])


def write(root, path, data):
    full = os.path.join(HERE, root, path.lstrip("/"))
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "wb") as handle:
        handle.write(data.encode() if isinstance(data, str) else data)


def guest(root, table, cpus, processor_block):
    """The root's SMBIOS table, its /proc/cpuinfo (one block per CPU) and its online CPUs."""
    write(root, "/sys/firmware/dmi/tables/DMI", table)
    write(root, "/proc/cpuinfo", "".join(processor_block(cpu) for cpu in range(cpus)))
    write(root, "/sys/devices/system/cpu/online", f"0-{cpus - 1}\n")


def qemu_q35_kvm():
    """x86 KVM guest, `-machine pc-q35-8.2 -smp 2` with SeaBIOS 1.16 (SMBIOS 2.8, Debian 12):
    no cpufreq; /proc/cpuinfo states the host's 2.6 GHz, the firmware QEMU's 2000 MHz."""
    # CPUID 1 EAX and EDX of the host's Broadwell-EP (0x406F1) as QEMU copies them in.
    processor_id = struct.pack("<II", 0x000406F1, 0x0F8BFBFF)
    table = (bios("SeaBIOS", "1.16.2-debian-1.16.2-1", "04/01/2014")
             + system("Standard PC (Q35 + ICH9, 2009)", "pc-q35-8.2")
             + processor("pc-q35-8.2", processor_id, 2, 2, smbios3=False) + end_of_table())
    guest("qemu-q35-kvm", table, 2, lambda cpu: (
        f"processor\t: {cpu}\nvendor_id\t: GenuineIntel\ncpu family\t: 6\nmodel\t\t: 79\n"
        "model name\t: Intel(R) Xeon(R) CPU E5-2690 v4 @ 2.60GHz\nstepping\t: 1\n"
        "microcode\t: 0x1\ncpu MHz\t\t: 2599.998\ncache size\t: 16384 KB\n\n"))


def qemu_virt_arm64():
    """arm64 KVM guest, `-machine virt-8.2 -smp 4` with edk2's ArmVirtQemu (SMBIOS 3.0, so type 4
    has the 3.0 core and thread counts): no cpufreq, and arm64's /proc/cpuinfo states no clock,
    so the firmware's figure is the only one."""
    table = (bios("EFI Development Kit II / OVMF", "0.0.0", "02/06/2015") + system("KVM Virtual Machine", "virt-8.2")
             + processor("virt-8.2", bytes(8), 4, 4, smbios3=True) + end_of_table())
    guest("qemu-virt-arm64", table, 4, lambda cpu: (
        f"processor\t: {cpu}\nBogoMIPS\t: 50.00\nFeatures\t: fp asimd evtstrm aes pmull sha1 sha2 crc32 "
        "atomics fphp asimdhp cpuid asimdrdm lrcpc dcpop asimddp\nCPU implementer\t: 0x41\n"
        "CPU architecture: 8\nCPU variant\t: 0x3\nCPU part\t: 0xd0c\nCPU revision\t: 1\n\n"))


if __name__ == "__main__":
    for entry in os.listdir(HERE):
        if os.path.isdir(os.path.join(HERE, entry)):
            shutil.rmtree(os.path.join(HERE, entry))
    qemu_q35_kvm()
    qemu_virt_arm64()
