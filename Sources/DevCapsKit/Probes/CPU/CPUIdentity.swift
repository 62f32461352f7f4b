/// Vendor, family, model and stepping as lscpu reads them from /proc/cpuinfo (util-linux,
/// lscpu-cputype.c and lscpu-arm.c), from `CPUInfoFile.describingRecord`.
struct CPUIdentity: Equatable {
  var vendor: String?
  var family: String?
  var modelNumber: String?
  var stepping: String?

  init(vendor: String? = nil, family: String? = nil, modelNumber: String? = nil, stepping: String? = nil) {
    self.vendor = vendor
    self.family = family
    self.modelNumber = modelNumber
    self.stepping = stepping
  }

  init(_ cpuinfo: CPUInfoFile) {
    let record = cpuinfo.describingRecord
    func field(_ keys: String...) -> String? {
      for key in keys {
        if let value = record[key], !value.isEmpty { return value }
      }
      return nil
    }
    let implementer = field("CPU implementer")
    vendor = implementer.map { ARMCPUParts.implementerName($0) ?? $0 } ?? field("vendor_id", "vendor", "mvendorid")
    family = field("cpu family", "CPU Family", "family")
    // lscpu prints a revision as "Model:" where the architecture has one.
    modelNumber = field("CPU revision", "revision", "CPU Revision", "model")
    if implementer != nil {
      stepping = CPUIdentity.armStepping(variant: field("CPU variant"), revision: field("CPU revision"))
    } else {
      stepping = field("stepping")
    }
  }

  /// ARM's "rNpM": the major revision (`CPU variant`, hexadecimal) and the minor one.
  static func armStepping(variant: String?, revision: String?) -> String? {
    guard let variant, variant.hasPrefix("0x"), let major = Int(variant.dropFirst(2), radix: 16),
      let revision, let minor = Int(revision)
    else { return nil }
    return "r\(major)p\(minor)"
  }
}
