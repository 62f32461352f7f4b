/// `cpu-features`: every name must be among the CPU's flags. A name the kernel spells otherwise
/// is taken under the kernel's name (`sse3` is `pni`, `lzcnt` is `abm`); a missing one that is
/// close to a flag the machine has, or to a kernel name of the features people gate on, gets it
/// as a did-you-mean.
enum FeatureCheck {
  /// Common names and the kernel's for the same feature, where they differ.
  static let kernelNames: [String: String] = [
    "sse3": "pni", "sse4.1": "sse4_1", "sse4.2": "sse4_2", "lzcnt": "abm", "bmi": "bmi1", "neon": "asimd",
    "lahf": "lahf_lm",
  ]

  /// The kernel's names (arch/x86/include/asm/cpufeatures.h, arm64's hwcaps) of features that
  /// are often required and often absent, so a typo of one is caught on machines without it.
  static let wellKnown = [
    "avx", "avx2", "avx512f", "avx512bw", "avx512cd", "avx512dq", "avx512vl", "avx512ifma", "avx512vbmi",
    "avx512_vbmi2", "avx512_vnni", "avx512_bitalg", "avx512_vpopcntdq", "avx512_bf16", "avx512_fp16", "avx_vnni",
    "amx_tile", "amx_bf16", "amx_int8", "sha_ni", "aes", "vaes", "vpclmulqdq", "gfni", "fma", "f16c", "bmi1", "bmi2",
    "adx", "rdrand", "rdseed", "sse4_1", "sse4_2", "ssse3", "popcnt", "movbe", "xsave", "hypervisor", "vmx", "svm",
    "asimd", "asimddp", "asimdhp", "fphp", "atomics", "crc32", "sha1", "sha2", "sha3", "sha512", "pmull", "sve", "sve2",
    "sme", "sme2", "bf16", "i8mm", "lrcpc", "dcpop", "neon", "vfpv4", "idiva",
  ]

  static func check(_ names: [String], flags: [String]) -> (json: JSONValue, finding: Finding, satisfied: Bool) {
    let present = Set(flags)
    var found: [String] = []
    var missing: [String] = []
    for name in names {
      let lowered = name.lowercased()
      if present.contains(name) || present.contains(lowered) {
        found.append(name)
      } else if let kernel = kernelNames[lowered], present.contains(kernel) {
        found.append(name)
      } else {
        // A real name that is absent (sve on x86) needs no suggestion.
        let known = wellKnown.contains(lowered) || kernelNames[lowered] != nil
        let near =
          known ? nil : nearestCandidate(to: lowered, among: flags) ?? nearestCandidate(to: lowered, among: wellKnown)
        let hint = near.map { " (did you mean '\($0)'?)" } ?? ""
        missing.append(name + hint)
      }
    }
    let finding: Finding = missing.isEmpty ? .features(found) : .missingFeatures(missing)
    return (.strings(found), finding, missing.isEmpty)
  }
}
