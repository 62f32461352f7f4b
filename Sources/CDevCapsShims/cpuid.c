#include "devcaps_cpuid.h"

#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>

int devcaps_cpuid_hypervisor(char signature[13]) {
  unsigned int eax, ebx, ecx, edx;
  signature[0] = 0;
  if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx) || !(ecx & (1u << 31))) return 0;
  // Leaf 0x40000000 is outside the standard range, so __get_cpuid (which checks the maximum
  // standard leaf) cannot ask for it.
  __cpuid(0x40000000, eax, ebx, ecx, edx);
  memcpy(signature, &ebx, 4);
  memcpy(signature + 4, &ecx, 4);
  memcpy(signature + 8, &edx, 4);
  signature[12] = 0;
  return 1;
}
#else
int devcaps_cpuid_hypervisor(char signature[13]) {
  signature[0] = 0;
  return 0;
}
#endif
