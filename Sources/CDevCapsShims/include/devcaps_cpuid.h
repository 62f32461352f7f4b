#ifndef DEVCAPS_CPUID_H
#define DEVCAPS_CPUID_H

// The CPUID hypervisor leaf (0x40000000): a hypervisor's 12-byte signature ("KVMKVMKVM",
// "Microsoft Hv", "VMwareVMware", "XenVMMXenVMM") written into `signature` with a closing NUL.
// Returns 1 when the CPUID hypervisor bit (leaf 1, ECX bit 31) is set and the leaf was read,
// 0 on bare metal and on every architecture but x86.
int devcaps_cpuid_hypervisor(char signature[13]);

#endif
