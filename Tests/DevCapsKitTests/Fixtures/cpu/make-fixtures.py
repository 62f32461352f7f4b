#!/usr/bin/env python3
"""Writes the CPU fixtures beside this script: one DEVCAPS_ROOT per machine kind, with the
/proc/cpuinfo and /sys/devices/system/cpu files its kernel prints (see README.md for where each
shape comes from). Run it again after changing a machine below; the output is deterministic."""

import os
import shutil

HERE = os.path.dirname(os.path.abspath(__file__))


def cpu_list(cpus):
    """A kernel CPU list: 0-3,8-11."""
    cpus = sorted(cpus)
    parts, start = [], None
    for index, cpu in enumerate(cpus):
        if start is None:
            start = cpu
        if index + 1 == len(cpus) or cpus[index + 1] != cpu + 1:
            parts.append(str(start) if start == cpu else f"{start}-{cpu}")
            start = None
    return ",".join(parts)


def cpu_mask(cpus, width):
    """A kernel CPU mask as %*pb prints it: hex, 32-bit groups separated by commas."""
    value = 0
    for cpu in cpus:
        value |= 1 << cpu
    digits = format(value, "x").rjust((width + 3) // 4, "0")
    groups = []
    while len(digits) > 8:
        groups.insert(0, digits[-8:])
        digits = digits[:-8]
    groups.insert(0, digits)
    return ",".join(groups)


class Machine:
    def __init__(self, name, possible, kernel_max):
        self.name = name
        self.root = os.path.join(HERE, name)
        self.possible = possible
        self.kernel_max = kernel_max

    def write(self, path, text):
        full = os.path.join(self.root, path.lstrip("/"))
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w") as handle:
            handle.write(text)

    def link(self, path, target):
        full = os.path.join(self.root, path.lstrip("/"))
        os.makedirs(os.path.dirname(full), exist_ok=True)
        os.symlink(target, full)

    def cpu_lists(self, online, present=None):
        base = "/sys/devices/system/cpu/"
        present = self.possible if present is None else present
        offline = [cpu for cpu in self.possible if cpu not in online]
        self.write(base + "kernel_max", f"{self.kernel_max}\n")
        self.write(base + "possible", cpu_list(self.possible) + "\n")
        self.write(base + "present", cpu_list(present) + "\n")
        self.write(base + "online", cpu_list(online) + "\n")
        self.write(base + "offline", cpu_list(offline) + "\n")

    def topology(self, cpu, package, core, threads, package_cpus, newer_files=True, extra=None):
        """sysfs topology of one online CPU. `threads`: CPUs of its core; `package_cpus`: of its
        package. Kernels before 5.x lack core_cpus and package_cpus."""
        base = f"/sys/devices/system/cpu/cpu{cpu}/topology/"
        width = len(self.possible)
        self.write(base + "physical_package_id", f"{package}\n")
        self.write(base + "core_id", f"{core}\n")
        names = [("thread_siblings", threads), ("core_siblings", package_cpus)]
        if newer_files:
            names += [("core_cpus", threads), ("package_cpus", package_cpus)]
        for name, cpus in names + list((extra or {}).items()):
            if name.endswith("_id"):
                self.write(base + name, f"{cpus}\n")
                continue
            self.write(base + name, cpu_mask(cpus, width) + "\n")
            self.write(base + name + "_list", cpu_list(cpus) + "\n")

    def policy(self, number, cpus, max_khz, min_khz, cur_khz, driver, online):
        """A cpufreq policy and the cpuN/cpufreq links of its online CPUs, as kernels ≥ 4.3 have."""
        base = f"/sys/devices/system/cpu/cpufreq/policy{number}/"
        self.write(base + "cpuinfo_max_freq", f"{max_khz}\n")
        self.write(base + "cpuinfo_min_freq", f"{min_khz}\n")
        self.write(base + "scaling_cur_freq", f"{cur_khz}\n")
        self.write(base + "scaling_driver", f"{driver}\n")
        self.write(base + "related_cpus", " ".join(str(cpu) for cpu in cpus) + "\n")
        self.write(base + "affected_cpus", " ".join(str(cpu) for cpu in cpus if cpu in online) + "\n")
        for cpu in cpus:
            self.link(f"/sys/devices/system/cpu/cpu{cpu}/cpufreq", f"../cpufreq/policy{number}")

    def cache(self, cpu, index, level, kind, size_kb, shared, line, ways, extra=None):
        """cpuN/cache/indexM as the kernel's cacheinfo prints it: `size` in K, the shared CPUs as a
        mask (%*pb, `possible` wide) and a list; `extra` for files only some architectures have
        (x86's `id` and `physical_line_partition`)."""
        base = f"/sys/devices/system/cpu/cpu{cpu}/cache/index{index}/"
        self.write(base + "level", f"{level}\n")
        self.write(base + "type", f"{kind}\n")
        self.write(base + "size", f"{size_kb}K\n")
        self.write(base + "shared_cpu_map", cpu_mask(shared, len(self.possible)) + "\n")
        self.write(base + "shared_cpu_list", cpu_list(shared) + "\n")
        self.write(base + "coherency_line_size", f"{line}\n")
        self.write(base + "ways_of_associativity", f"{ways}\n")
        self.write(base + "number_of_sets", f"{size_kb * 1024 // (line * ways)}\n")
        for name, value in (extra or {}).items():
            self.write(base + name, f"{value}\n")

    def cpu_online_files(self, online, first=1):
        for cpu in self.possible[first:]:
            self.write(f"/sys/devices/system/cpu/cpu{cpu}/online", "1\n" if cpu in online else "0\n")


def x86_block(cpu, model_name, family, model, stepping, microcode, mhz, cache, package, siblings, core,
              cores, apicid, flags, bugs, bogomips, address_sizes, cpuid_level):
    return (
        f"processor\t: {cpu}\nvendor_id\t: GenuineIntel\ncpu family\t: {family}\nmodel\t\t: {model}\n"
        f"model name\t: {model_name}\nstepping\t: {stepping}\nmicrocode\t: {microcode}\n"
        f"cpu MHz\t\t: {mhz}\ncache size\t: {cache}\nphysical id\t: {package}\nsiblings\t: {siblings}\n"
        f"core id\t\t: {core}\ncpu cores\t: {cores}\napicid\t\t: {apicid}\ninitial apicid\t: {apicid}\n"
        f"fpu\t\t: yes\nfpu_exception\t: yes\ncpuid level\t: {cpuid_level}\nwp\t\t: yes\n"
        f"flags\t\t: {flags}\nbugs\t\t: {bugs}\nbogomips\t: {bogomips}\nclflush size\t: 64\n"
        f"cache_alignment\t: 64\naddress sizes\t: {address_sizes}\npower management:\n\n"
    )


BROADWELL_FLAGS = (
    "fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 clflush dts acpi mmx fxsr sse "
    "sse2 ss ht tm pbe syscall nx pdpe1gb rdtscp lm constant_tsc arch_perfmon pebs bts rep_good nopl "
    "xtopology nonstop_tsc cpuid aperfmperf pni pclmulqdq dtes64 monitor ds_cpl vmx smx est tm2 ssse3 sdbg "
    "fma cx16 xtpr pdcm pcid dca sse4_1 sse4_2 x2apic movbe popcnt tsc_deadline_timer aes xsave avx f16c "
    "rdrand lahf_lm abm 3dnowprefetch cpuid_fault epb cat_l3 cdp_l3 invpcid_single pti intel_ppin ssbd ibrs "
    "ibpb stibp tpr_shadow vnmi flexpriority ept vpid ept_ad fsgsbase tsc_adjust bmi1 hle avx2 smep bmi2 erms "
    "invpcid rtm cqm rdt_a rdseed adx smap intel_pt xsaveopt cqm_llc cqm_occup_llc cqm_mbm_total "
    "cqm_mbm_local dtherm ida arat pln pts md_clear flush_l1d"
)
KABYLAKE_FLAGS = (
    "fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 clflush dts acpi mmx fxsr sse "
    "sse2 ss ht tm pbe syscall nx pdpe1gb rdtscp lm constant_tsc art arch_perfmon pebs bts rep_good nopl "
    "xtopology nonstop_tsc cpuid aperfmperf pni pclmulqdq dtes64 monitor ds_cpl vmx smx est tm2 ssse3 sdbg "
    "fma cx16 xtpr pdcm pcid sse4_1 sse4_2 x2apic movbe popcnt tsc_deadline_timer aes xsave avx f16c rdrand "
    "lahf_lm abm 3dnowprefetch cpuid_fault epb invpcid_single pti ssbd ibrs ibpb stibp tpr_shadow vnmi "
    "flexpriority ept vpid ept_ad fsgsbase tsc_adjust bmi1 avx2 smep bmi2 erms invpcid mpx rdseed adx smap "
    "clflushopt intel_pt xsaveopt xsavec xgetbv1 xsaves dtherm ida arat pln pts hwp hwp_notify hwp_act_window "
    "hwp_epp md_clear flush_l1d arch_capabilities"
)
X86_BUGS = "cpu_meltdown spectre_v1 spectre_v2 spec_store_bypass l1tf mds swapgs taa itlb_multihit mmio_stale_data"


def broadwell_ep_cpu(machine, cpu, package, core, threads, package_cpus, online, khz, l3_kb, cache_id):
    """sysfs of one online Broadwell-EP CPU: topology, its own intel_pstate policy (`khz`: max,
    min, current) and its caches (Intel's E5 v4 datasheet, the kernel's intel_cacheinfo): 32 KiB
    L1d and L1i and 256 KiB L2 per core, `l3_kb` of L3 per socket. `cache_id`: the core's cache id."""
    machine.topology(cpu, package, core, threads, package_cpus, extra={"die_id": 0})
    machine.policy(cpu, [cpu], *khz, "intel_pstate", online)
    core_extra = {"id": cache_id, "physical_line_partition": 1}
    machine.cache(cpu, 0, 1, "Data", 32, threads, 64, 8, core_extra)
    machine.cache(cpu, 1, 1, "Instruction", 32, threads, 64, 8, core_extra)
    machine.cache(cpu, 2, 2, "Unified", 256, threads, 64, 8, core_extra)
    machine.cache(cpu, 3, 3, "Unified", l3_kb, package_cpus, 64, 20, {"id": package, "physical_line_partition": 1})


def x86_xeon_2s():
    """Two Xeon E5-2623 v4 (4 cores, 2 threads each). Linux numbers the first thread of every core
    in socket order, then the second threads: cpu N and N+8 are one core."""
    machine = Machine("x86-xeon-2s", list(range(16)), 8191)
    core_ids = [0, 1, 3, 4]
    layout = {}
    for cpu in range(16):
        thread, rest = divmod(cpu, 8)
        package, slot = divmod(rest, 4)
        layout[cpu] = (package, core_ids[slot], thread)
    text = ""
    for cpu in range(16):
        package, core, thread = layout[cpu]
        apicid = package * 32 + core * 2 + thread
        text += x86_block(cpu, "Intel(R) Xeon(R) CPU E5-2623 v4 @ 2.60GHz", 6, 79, 1, "0xb000040",
                          "2600.000", "10240 KB", package, 8, core, 4, apicid, BROADWELL_FLAGS, X86_BUGS,
                          "5199.91", "46 bits physical, 48 bits virtual", 20)
    machine.write("/proc/cpuinfo", text)
    online = list(range(16))
    machine.cpu_lists(online)
    machine.cpu_online_files(online)
    for cpu in range(16):
        package, core, _ = layout[cpu]
        threads = [other for other in range(16) if layout[other][:2] == (package, core)]
        package_cpus = [other for other in range(16) if layout[other][0] == package]
        # 10 MiB L3 per socket on this 4-core part.
        broadwell_ep_cpu(machine, cpu, package, core, threads, package_cpus, online, (3200000, 1200000, 2600000),
                         10240, package * 16 + core)


def x86_offline():
    """A Core i7-8650U laptop (4 cores, 2 threads) after `chcpu -d 5,7`: offline CPUs leave
    /proc/cpuinfo and lose their topology directory; their cpufreq policy turns inactive (reading
    it fails with EBUSY), so the fixture has no cpufreq files for them."""
    machine = Machine("x86-offline", list(range(8)), 8191)
    online = [0, 1, 2, 3, 4, 6]
    text = ""
    for cpu in online:
        core, thread = cpu % 4, cpu // 4
        text += x86_block(cpu, "Intel(R) Core(TM) i7-8650U CPU @ 1.90GHz", 6, 142, 10, "0xf4",
                          "2100.000", "8192 KB", 0, len(online), core, 4, core * 2 + thread, KABYLAKE_FLAGS,
                          X86_BUGS + " srbds", "4199.88", "39 bits physical, 48 bits virtual", 22)
    machine.write("/proc/cpuinfo", text)
    machine.cpu_lists(online)
    machine.cpu_online_files(online)
    for cpu in online:
        core = cpu % 4
        threads = [other for other in online if other % 4 == core]
        machine.topology(cpu, 0, core, threads, online, extra={"die_id": 0})
        machine.policy(cpu, [cpu], 4200000, 400000, 2100000, "intel_pstate", online)


def armv7_quad_a7():
    """An Allwinner H3 board (Orange Pi PC) on an armhf 6.1 kernel: four Cortex-A7, one clock."""
    machine = Machine("armv7-cortex-a7", list(range(4)), 7)
    text = ""
    for cpu in range(4):
        text += (
            f"processor\t: {cpu}\nmodel name\t: ARMv7 Processor rev 5 (v7l)\nBogoMIPS\t: 48.00\n"
            "Features\t: half thumb fastmult vfp edsp neon vfpv3 tls vfpv4 idiva idivt vfpd32 lpae evtstrm \n"
            "CPU implementer\t: 0x41\nCPU architecture: 7\nCPU variant\t: 0x0\nCPU part\t: 0xc07\n"
            "CPU revision\t: 5\n\n"
        )
    text += "Hardware\t: Allwinner sun8i Family\nRevision\t: 0000\nSerial\t\t: 02c00081a4e2c7d1\n"
    machine.write("/proc/cpuinfo", text)
    online = list(range(4))
    machine.cpu_lists(online)
    machine.cpu_online_files(online)
    for cpu in range(4):
        machine.topology(cpu, 0, cpu, [cpu], online)
    machine.policy(0, online, 1368000, 480000, 1008000, "cpufreq-dt", online)


def arm64_big_little():
    """A Rockchip RK3588 on a 6.1 kernel: 4 Cortex-A55 (cluster 0) and 4 Cortex-A76 (clusters 1
    and 2). Since 5.19 a device tree's clusters are no longer packages: physical_package_id is 0
    everywhere and core_id counts within a cluster, so (package, core) pairs repeat."""
    machine = Machine("arm64-big-little", list(range(8)), 511)
    text = ""
    for cpu in range(8):
        big = cpu >= 4
        text += (
            f"processor\t: {cpu}\nBogoMIPS\t: 48.00\n"
            "Features\t: fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics fphp asimdhp cpuid asimdrdm lrcpc "
            "dcpop asimddp\n"
            f"CPU implementer\t: 0x41\nCPU architecture: 8\nCPU variant\t: {'0x4' if big else '0x2'}\n"
            f"CPU part\t: {'0xd0b' if big else '0xd05'}\nCPU revision\t: 0\n\n"
        )
    machine.write("/proc/cpuinfo", text)
    online = list(range(8))
    machine.cpu_lists(online)
    machine.cpu_online_files(online)
    clusters = [[0, 1, 2, 3], [4, 5], [6, 7]]
    for cluster_id, cluster in enumerate(clusters):
        for core, cpu in enumerate(cluster):
            machine.topology(cpu, 0, core, [cpu], online,
                             extra={"cluster_id": cluster_id, "cluster_cpus": cluster})
    # RK3588 datasheet and device tree (rk3588s.dtsi cache nodes): A55 32 KiB L1d/L1i and 128 KiB
    # L2 per core, A76 64 KiB and 512 KiB, one 3 MiB L3 for all eight. arm64 cacheinfo from a
    # device tree has no `id` file.
    for cpu in online:
        big = cpu >= 4
        l1, l2 = (64, 512) if big else (32, 128)
        machine.cache(cpu, 0, 1, "Data", l1, [cpu], 64, 4)
        machine.cache(cpu, 1, 1, "Instruction", l1, [cpu], 64, 4)
        machine.cache(cpu, 2, 2, "Unified", l2, [cpu], 64, 8 if big else 4)
        machine.cache(cpu, 3, 3, "Unified", 3072, online, 64, 12)
    machine.policy(0, [0, 1, 2, 3], 1800000, 408000, 1800000, "cpufreq-dt", online)
    machine.policy(4, [4, 5], 2400000, 408000, 2400000, "cpufreq-dt", online)
    machine.policy(6, [6, 7], 2400000, 408000, 816000, "cpufreq-dt", online)


def arm64_no_policy():
    """An Amlogic S905 board (ODROID-C2) on its vendor 3.14 kernel: arm64 /proc/cpuinfo before 3.19
    is one block for all CPUs, and cpufreq before 4.3 has no cpufreq/policyN: cpu0/cpufreq is a
    directory, the other CPUs link to it."""
    machine = Machine("arm64-no-policy", list(range(4)), 3)
    machine.write("/proc/cpuinfo", (
        "Processor\t: AArch64 Processor rev 4 (aarch64)\nprocessor\t: 0\nprocessor\t: 1\nprocessor\t: 2\n"
        "processor\t: 3\nFeatures\t: fp asimd evtstrm crc32 \nCPU implementer\t: 0x41\n"
        "CPU architecture: AArch64\nCPU variant\t: 0x0\nCPU part\t: 0xd03\nCPU revision\t: 4\n\n"
        "Hardware\t: ODROID-C2\n"
    ))
    online = list(range(4))
    machine.cpu_lists(online)
    machine.cpu_online_files(online)
    for cpu in range(4):
        machine.topology(cpu, 0, cpu, [cpu], online, newer_files=False)
    base = "/sys/devices/system/cpu/cpu0/cpufreq/"
    machine.write(base + "cpuinfo_max_freq", "1536000\n")
    machine.write(base + "cpuinfo_min_freq", "100000\n")
    machine.write(base + "scaling_cur_freq", "1536000\n")
    machine.write(base + "scaling_driver", "meson_cpufreq\n")
    machine.write(base + "related_cpus", "0 1 2 3\n")
    machine.write(base + "affected_cpus", "0 1 2 3\n")
    for cpu in range(1, 4):
        machine.link(f"/sys/devices/system/cpu/cpu{cpu}/cpufreq", "../cpu0/cpufreq")


def power9_smt4():
    """A Raptor Blackbird (one 4-core POWER9 Sforza, SMT4) on a ppc64le 6.1 kernel, bare metal
    (PowerNV). The `cpu` line is the model; the trailing block describes the machine."""
    machine = Machine("ppc64le-power9-smt4", list(range(16)), 2047)
    text = ""
    for cpu in range(16):
        text += (
            f"processor\t: {cpu}\ncpu\t\t: POWER9, altivec supported\nclock\t\t: 3200.000000MHz\n"
            "revision\t: 2.2 (pvr 004e 1202)\n\n"
        )
    text += (
        "timebase\t: 512000000\nplatform\t: PowerNV\nmodel\t\t: T2P9S01 REV 1.01\n"
        "machine\t\t: PowerNV T2P9S01 REV 1.01\nfirmware\t: OPAL\nMMU\t\t: Radix\n"
    )
    machine.write("/proc/cpuinfo", text)
    online = list(range(16))
    machine.cpu_lists(online)
    machine.cpu_online_files(online)
    core_ids = [8, 12, 16, 20]
    for cpu in range(16):
        first = cpu - cpu % 4
        machine.topology(cpu, 0, core_ids[cpu // 4], list(range(first, first + 4)), online)
    for first in range(0, 16, 4):
        machine.policy(first, list(range(first, first + 4)), 3800000, 2166000, 3200000, "powernv-cpufreq", online)


def s390x_zvm():
    """A z/VM 7.3 guest with two CPUs on a z15 (machine 8561). /proc/cpuinfo starts with a block
    about the machine, then a blank line and a `cpu number` block before each CPU (none after the
    last); z/VM puts each virtual CPU in its own drawer, book and socket. No cpufreq on s390."""
    machine = Machine("s390x-zvm", [0, 1], 511)
    text = (
        "vendor_id       : IBM/S390\n# processors    : 2\nbogomips per cpu: 3241.00\nmax thread id   : 0\n"
        "features\t: esan3 zarch stfle msa ldisp eimm dfp edat etf3eh highgprs te vx vxd vxe gs vxe2 vxp sort "
        "dflt sie \n"
        "facilities      : 0 1 2 3 4 6 7 8 9 10 12 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 30 31 32 33 "
        "34 35 36 37 38 40 41 42 43 44 45 47 48 49 50 51 52 53 54 57 58 59 60 61 73 74 75 76 77 80 81 82 128 "
        "129 130 131 133 134 135 138 139 146 147 148 150 151 152 155 156 168\n"
        "cache0          : level=1 type=Data scope=Private size=128K line_size=256 associativity=8\n"
        "cache1          : level=1 type=Instruction scope=Private size=128K line_size=256 associativity=8\n"
        "cache2          : level=2 type=Data scope=Private size=4096K line_size=256 associativity=8\n"
        "cache3          : level=2 type=Instruction scope=Private size=4096K line_size=256 associativity=8\n"
        "cache4          : level=3 type=Unified scope=Shared size=262144K line_size=256 associativity=32\n"
        "cache5          : level=4 type=Unified scope=Shared size=983040K line_size=256 associativity=60\n"
        "processor 0: version = FF,  identification = 0D8B28,  machine = 8561\n"
        "processor 1: version = FF,  identification = 0D8B28,  machine = 8561\n"
    )
    for cpu in [0, 1]:
        text += (
            f"\ncpu number      : {cpu}\nphysical id     : {cpu + 1}\ncore id         : {cpu}\n"
            f"book id         : {cpu + 1}\ndrawer id       : {cpu + 1}\ndedicated       : 0\n"
            f"address         : {cpu}\nsiblings        : 1\ncpu cores       : 1\nversion         : FF\n"
            "identification  : 0D8B28\nmachine         : 8561\ncpu MHz dynamic : 5200\n"
            "cpu MHz static  : 5200\n"
        )
    machine.write("/proc/cpuinfo", text)
    online = [0, 1]
    machine.cpu_lists(online)
    machine.cpu_online_files(online)
    machine.write("/sys/devices/system/cpu/dispatching", "0\n")
    for cpu in online:
        machine.topology(cpu, cpu + 1, cpu, [cpu], [cpu], extra={
            "book_id": cpu + 1, "drawer_id": cpu + 1, "book_siblings": [cpu], "drawer_siblings": [cpu]})
        machine.write(f"/sys/devices/system/cpu/cpu{cpu}/polarization", "horizontal\n")
        machine.write(f"/sys/devices/system/cpu/cpu{cpu}/address", f"{cpu}\n")
        machine.write(f"/sys/devices/system/cpu/cpu{cpu}/configure", "1\n")


def sparc64_t4():
    """A SPARC T4 logical domain with one whole core (8 strands) on a sparc64 6.1 kernel.
    /proc/cpuinfo is one block for the machine, without `processor` lines."""
    machine = Machine("sparc64-t4", list(range(8)), 4095)
    text = (
        "cpu\t\t: UltraSparc T4 (Niagara4)\nfpu\t\t: UltraSparc T4 integrated FPU\npmu\t\t: niagara4\n"
        "prom\t\t: OBP 4.38.16 2019/08/19 09:42\ntype\t\t: sun4v\nncpus probed\t: 8\nncpus active\t: 8\n"
        "D$ parity tl1\t: 0\nI$ parity tl1\t: 0\n"
        "cpucaps\t\t: flush,stbar,swap,muldiv,v9,blkinit,n2,mul32,div32,v8plus,popc,vis,vis2,ASIBlkInit,fmaf,"
        "vis3,hpc,ima,pause,cbcond,aes,des,kasumi,camellia,md5,sha1,sha256,sha512,mpmul,montmul,montsqr,crc32c\n"
    )
    for cpu in range(8):
        text += f"Cpu{cpu}ClkTck\t: 00000000b2d05e00\n"
    text += "MMU Type\t: Hypervisor (sun4v)\nMMU PGSZs\t: 8K,64K,4MB,256MB,2GB\nState:\n"
    for cpu in range(8):
        text += f"CPU{cpu}:\t\tonline\n"
    machine.write("/proc/cpuinfo", text)
    online = list(range(8))
    machine.cpu_lists(online)
    machine.cpu_online_files(online)
    for cpu in online:
        machine.topology(cpu, 0, 1, online, online)
        machine.write(f"/sys/devices/system/cpu/cpu{cpu}/clock_tick", "3000000000\n")
        # sparc64's own cache files (arch/sparc/kernel/sysfs.c, "%u\n" in bytes) from the machine
        # description, which gives every strand its core's caches: T4's 16 KiB L1i and L1d and
        # 128 KiB L2 per core (Oracle's SPARC T4 datasheet; the shared 4 MiB L3 has no file).
        for name, size in [("l1_icache_size", 16384), ("l1_icache_line_size", 32), ("l1_dcache_size", 16384),
                           ("l1_dcache_line_size", 32), ("l2_cache_size", 131072), ("l2_cache_line_size", 32)]:
            machine.write(f"/sys/devices/system/cpu/cpu{cpu}/{name}", f"{size}\n")


def loongarch_3a5000():
    """A Loongson-3A5000 desktop (4 cores) on a loong64 6.6 kernel, before LoongArch had a cpufreq
    driver. The `system type` line is a block of its own before processor 0."""
    machine = Machine("loongarch-3a5000", list(range(4)), 255)
    text = "system type\t\t: Generic Loongson64 System\n\n"
    for cpu in range(4):
        text += (
            f"processor\t\t: {cpu}\npackage\t\t\t: 0\ncore\t\t\t: {cpu}\nglobal_id\t\t: {cpu}\n"
            "CPU Family\t\t: Loongson-64bit\nModel Name\t\t: Loongson-3A5000\nCPU Revision\t\t: 0x11\n"
            "FPU Revision\t\t: 0x00\nCPU MHz\t\t\t: 2500.00\nBogoMIPS\t\t: 5000.00\nTLB Entries\t\t: 2112\n"
            "Address Sizes\t\t: 48 bits physical, 48 bits virtual\n"
            "ISA\t\t\t: loongarch32r loongarch32s loongarch64\n"
            "Features\t\t: cpucfg lam ual fpu lsx lasx crc32 complex crypto lvz lbt_x86 lbt_arm lbt_mips\n"
            "Hardware Watchpoint\t: yes, iwatch count: 8, dwatch count: 8\n\n"
        )
    machine.write("/proc/cpuinfo", text)
    online = list(range(4))
    machine.cpu_lists(online)
    machine.cpu_online_files(online)
    for cpu in online:
        machine.topology(cpu, 0, cpu, [cpu], online)


def riscv_visionfive2():
    """A StarFive VisionFive 2 (JH7110: four SiFive U74, hart 0 is a monitor core Linux leaves off)
    on a riscv64 6.8 kernel: `uarch` is the first compatible string of the CPU's device-tree node."""
    machine = Machine("riscv64-uarch", list(range(4)), 63)
    isa = "rv64imafdc_zicntr_zicsr_zifencei_zihpm_zca_zcd_zba_zbb"
    text = ""
    for cpu in range(4):
        text += (
            f"processor\t: {cpu}\nhart\t\t: {cpu + 1}\nisa\t\t: {isa}\nmmu\t\t: sv39\nuarch\t\t: sifive,u74-mc\n"
            f"mvendorid\t: 0x489\nmarchid\t\t: 0x8000000000000007\nmimpid\t\t: 0x4210427\nhart isa\t: {isa}\n\n"
        )
    machine.write("/proc/cpuinfo", text)
    online = list(range(4))
    machine.cpu_lists(online)
    machine.cpu_online_files(online)
    for cpu in online:
        machine.topology(cpu, 0, cpu + 1, [cpu], online, extra={"cluster_id": 0, "cluster_cpus": online})
    machine.policy(0, online, 1500000, 375000, 1500000, "cpufreq-dt", online)


def riscv_qemu():
    """A QEMU `virt` guest with four harts on a riscv64 6.1 kernel: the CPU nodes are only
    compatible with "riscv", which the kernel does not print as `uarch`. No cpufreq."""
    machine = Machine("riscv64-no-uarch", list(range(4)), 63)
    text = ""
    for cpu in range(4):
        text += (
            f"processor\t: {cpu}\nhart\t\t: {cpu}\nisa\t\t: rv64imafdch_zicbom_zicboz_zihintpause_sstc\n"
            "mmu\t\t: sv57\nmvendorid\t: 0x0\nmarchid\t\t: 0x0\nmimpid\t\t: 0x0\n\n"
        )
    machine.write("/proc/cpuinfo", text)
    online = list(range(4))
    machine.cpu_lists(online)
    machine.cpu_online_files(online)
    for cpu in online:
        machine.topology(cpu, 0, cpu, [cpu], online, extra={"cluster_id": 0, "cluster_cpus": online})


MACHINES = [x86_xeon_2s, x86_offline, armv7_quad_a7, arm64_big_little, arm64_no_policy, power9_smt4,
            s390x_zvm, sparc64_t4, loongarch_3a5000, riscv_visionfive2, riscv_qemu]

if __name__ == "__main__":
    for entry in os.listdir(HERE):
        if os.path.isdir(os.path.join(HERE, entry)):
            shutil.rmtree(os.path.join(HERE, entry))
    for make in MACHINES:
        make()
