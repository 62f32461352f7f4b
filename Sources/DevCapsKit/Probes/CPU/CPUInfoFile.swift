/// `/proc/cpuinfo`: one block of `key : value` lines per processor, blank-line separated. Some
/// architectures add a trailing block about the whole machine (ARM's `Hardware`, `Model`).
public struct CPUInfoFile {
  public var processors: [[String: String]]
  /// Keys outside any processor block.
  public var machine: [String: String]

  public init(text: String) {
    processors = []
    machine = [:]
    for block in text.split(separator: "\n\n", omittingEmptySubsequences: true) {
      var fields: [String: String] = [:]
      for line in block.split(separator: "\n") {
        guard let colon = line.firstIndex(of: ":") else { continue }
        let key = line[..<colon].trimmingWhitespace()
        let value = line[line.index(after: colon)...].trimmingWhitespace()
        if !key.isEmpty && fields[key] == nil { fields[key] = value }
      }
      if fields["processor"] != nil {
        processors.append(fields)
      } else {
        machine.merge(fields) { first, _ in first }
      }
    }
  }

  init(context: ProbeContext) {
    self.init(text: context.text("/proc/cpuinfo") ?? "")
  }

  var firstProcessorFlags: Set<String> {
    guard let flags = processors.first?["flags"] else { return [] }
    return Set(flags.split(separator: " ").map(String.init))
  }

  /// The processor names, distinct, in order of first appearance: `model name` (x86, some ARM),
  /// `cpu model` (MIPS), `uarch` (RISC-V), else the ARM implementer and part decoded.
  public var modelNames: [String] {
    var names: [String] = []
    for processor in processors {
      let name =
        processor["model name"] ?? processor["cpu model"] ?? processor["uarch"]
        ?? ARMCores.name(implementer: processor["CPU implementer"], part: processor["CPU part"])
      if let name, !name.isEmpty, !names.contains(name) { names.append(name) }
    }
    return names
  }

  /// Distinct (physical id, core id) pairs and packages, when x86 reports them.
  public var topology: (cores: Int, packages: Int)? {
    var cores = Set<String>()
    var packages = Set<String>()
    for processor in processors {
      guard let package = processor["physical id"], let core = processor["core id"] else { return nil }
      cores.insert(package + ":" + core)
      packages.insert(package)
    }
    return cores.isEmpty ? nil : (cores.count, packages.count)
  }

  /// `cpu MHz` of the first processor, in Hz; nil when absent or not a plausible frequency.
  public var firstProcessorHz: Int64? {
    processors.first?["cpu MHz"].flatMap(CPUInfoFile.hertz(megahertz:))
  }

  /// Above a petahertz a value is garbage, and the bound keeps the product inside Int64.
  static let maximumMegahertz = 1e9

  /// A decimal MHz value in Hz. `inf`, `nan`, negative, zero and absurdly large values give nil:
  /// converting them to Int64 would trap.
  static func hertz(megahertz text: String) -> Int64? {
    guard let megahertz = Double(text), megahertz.isFinite, megahertz > 0, megahertz <= maximumMegahertz else {
      return nil
    }
    return Int64((megahertz * 1_000_000).rounded())
  }
}

/// ARM's `CPU part` numbers for the cores found in boards and phones (as lscpu names them).
enum ARMCores {
  static let armLimited: [Int: String] = [
    0xb76: "ARM1176", 0xc05: "Cortex-A5", 0xc07: "Cortex-A7", 0xc08: "Cortex-A8", 0xc09: "Cortex-A9",
    0xc0d: "Cortex-A12", 0xc0e: "Cortex-A17", 0xc0f: "Cortex-A15", 0xd01: "Cortex-A32",
    0xd03: "Cortex-A53", 0xd04: "Cortex-A35", 0xd05: "Cortex-A55", 0xd06: "Cortex-A65",
    0xd07: "Cortex-A57", 0xd08: "Cortex-A72", 0xd09: "Cortex-A73", 0xd0a: "Cortex-A75",
    0xd0b: "Cortex-A76", 0xd0c: "Neoverse-N1", 0xd0d: "Cortex-A77", 0xd40: "Neoverse-V1",
    0xd41: "Cortex-A78", 0xd44: "Cortex-X1", 0xd46: "Cortex-A510", 0xd47: "Cortex-A710",
    0xd48: "Cortex-X2", 0xd49: "Neoverse-N2", 0xd4b: "Cortex-A78C", 0xd4d: "Cortex-A715",
    0xd4e: "Cortex-X3", 0xd4f: "Neoverse-V2", 0xd80: "Cortex-A520", 0xd81: "Cortex-A720",
    0xd82: "Cortex-X4",
  ]

  static func name(implementer: String?, part: String?) -> String? {
    guard let implementer, let part, let partNumber = parseHex(part) else { return nil }
    if parseHex(implementer) == 0x41, let known = armLimited[partNumber] { return known }
    return "ARM implementer \(implementer) part \(part)"
  }

  private static func parseHex(_ text: String) -> Int? {
    let digits = text.hasPrefix("0x") ? String(text.dropFirst(2)) : text
    return Int(digits, radix: 16)
  }
}
