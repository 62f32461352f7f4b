/// `/proc/cpuinfo`: `key : value` lines. A `processor` line (`cpu number` on s390) opens the
/// record of one CPU, which runs to the next blank line. Other lines describe the whole machine:
/// s390's header, the trailer of POWER and 32-bit ARM, all of SPARC's file, and the lines around
/// the bare `processor` lines of arm64 before Linux 3.19.
struct CPUInfoFile {
  var processors: [[String: String]]
  /// Keys outside any processor record.
  var machine: [String: String]

  init(text: String) {
    // Plain text (every machine's) in its bytes: by Character, this parse was a tenth of `list`.
    let records = CPUInfoFile.plainRecords(text) ?? CPUInfoFile.characterRecords(text)
    processors = records.processors
    machine = records.machine
  }

  /// The records of plain text, read in its bytes; nil for any other text.
  static func plainRecords(_ text: String) -> Records? {
    var text = text
    return text.withUTF8 { bytes in
      guard PlainASCII.isPlain(bytes) else { return nil }
      var records = Records()
      var start = 0
      for end in 0...bytes.count where end == bytes.count || bytes[end] == 0x0A {
        let line = start..<end
        start = end + 1
        guard let colon = line.first(where: { bytes[$0] == UInt8(ascii: ":") }) else {
          if PlainASCII.trimmed(bytes, line).isEmpty { records.inProcessor = false }
          continue
        }
        let key = PlainASCII.trimmed(bytes, line.lowerBound..<colon)
        if key.isEmpty { continue }
        records.add(
          key: PlainASCII.string(bytes, key),
          value: PlainASCII.string(bytes, PlainASCII.trimmed(bytes, (colon + 1)..<line.upperBound)))
      }
      return records
    }
  }

  /// The records of any text, read by Character.
  static func characterRecords(_ text: String) -> Records {
    var records = Records()
    for line in text.splitCharacters(separator: "\n", omittingEmptySubsequences: false) {
      guard let colon = line.firstIndex(ofASCII: ":") else {
        if line.trimmingWhitespace().isEmpty { records.inProcessor = false }
        continue
      }
      let key = line[..<colon].trimmingWhitespace()
      if key.isEmpty { continue }
      records.add(key: key, value: line[line.index(after: colon)...].trimmingWhitespace())
    }
    return records
  }

  /// The records as the lines add up: a `processor` line opens one, a blank line ends it.
  struct Records: Equatable {
    var processors: [[String: String]] = []
    var machine: [String: String] = [:]
    var inProcessor = false

    mutating func add(key: String, value: String) {
      if key == "processor" || key == "cpu number" {
        // Room for an x86 record's 27 keys at once, not grown and rehashed five times.
        var record = [String: String](minimumCapacity: 32)
        record[key] = value
        processors.append(record)
        inProcessor = true
      } else if inProcessor {
        Records.keepFirst(&processors[processors.count - 1][key], value)
      } else {
        Records.keepFirst(&machine[key], value)
      }
    }

    /// The first value of a key wins. Through the subscript's place in the table, one lookup:
    /// asking whether the key is there and then storing it hashed each key twice.
    private static func keepFirst(_ slot: inout String?, _ value: String) {
      if slot == nil { slot = value }
    }
  }

  /// The machine's file, parsed once per snapshot: the cpu section and the device section's
  /// hypervisor test both read it.
  init(context: ProbeContext) {
    if let made = context.made[Made.key] as? Made {
      self = made.file
      return
    }
    self.init(text: context.text("/proc/cpuinfo") ?? "")
    context.made[Made.key] = Made(self)
  }

  /// The parsed file as the probe context keeps it for the next section that needs it.
  final class Made {
    static var key: String { "cpuinfo" }
    let file: CPUInfoFile
    init(_ file: CPUInfoFile) { self.file = file }
  }

  /// Whether the first processor's `flags` list `flag` (a whole word): no Set of a hundred
  /// Strings made to ask about one.
  func firstProcessorHas(flag: String) -> Bool {
    guard let flags = processors.first?["flags"], !flag.isEmpty else { return false }
    return PlainASCII.containsWord(flags, flag, separator: UInt8(ascii: " "))
  }

  /// The name of each kind of core, distinct, in order of first appearance, as lscpu names them:
  /// the ARM implementer and part decoded, else `model name` (x86, ARMv7), `Model Name`
  /// (LoongArch), `cpu` (POWER, SPARC), `uarch` (RISC-V), `cpu model` (MIPS, which lscpu shows
  /// as "Model:" for want of a name). Where no processor record has a name, the machine's lines
  /// stand for every CPU (SPARC). s390 has no name at all.
  var modelNames: [String] {
    var names: [String] = []
    for processor in processors {
      if let name = CPUInfoFile.modelName(processor), !names.contains(name) { names.append(name) }
    }
    if names.isEmpty, let name = CPUInfoFile.modelName(machine) { names.append(name) }
    return names
  }

  private static func modelName(_ record: [String: String]) -> String? {
    let name =
      ARMCPUParts.name(implementer: record["CPU implementer"], part: record["CPU part"])
      ?? record["model name"] ?? record["Model Name"] ?? record["cpu"] ?? record["uarch"] ?? record["cpu model"]
    guard let name, !name.isEmpty, name != "-" else { return nil }
    return name
  }

  /// The lines describing the first CPU: its record, then the machine's lines (s390 prints
  /// `vendor_id` once, in its header), then the first record that has more than a `processor`
  /// line (arm64 before 3.19 printed bare `processor : N` lines and one description after them).
  var describingRecord: [String: String] {
    var record = processors.first ?? [:]
    record.merge(machine) { mine, _ in mine }
    if record.count <= 1 + machine.count, let described = processors.first(where: { $0.count > 1 }) {
      record.merge(described) { mine, _ in mine }
    }
    return record
  }

  /// Distinct (physical id, core id) pairs and packages, when every processor has both (x86, s390).
  var topology: (cores: Int, packages: Int)? {
    var cores = Set<String>()
    var packages = Set<String>()
    for processor in processors {
      guard let package = processor["physical id"], let core = processor["core id"] else { return nil }
      cores.insert(package + ":" + core)
      packages.insert(package)
    }
    return cores.isEmpty ? nil : (cores.count, packages.count)
  }

  /// The first processor's clock as cpuinfo states it: `cpu MHz` (x86, among others), `CPU MHz`
  /// (LoongArch), `cpu MHz dynamic` (s390). Nil when absent.
  var firstProcessorMegahertz: (key: String, text: String)? {
    guard let processor = processors.first else { return nil }
    for key in ["cpu MHz", "CPU MHz", "cpu MHz dynamic"] {
      if let text = processor[key] { return (key, text) }
    }
    return nil
  }

  /// `firstProcessorMegahertz` in Hz; nil when absent or not a plausible frequency.
  var firstProcessorHz: Int64? {
    firstProcessorMegahertz.flatMap { CPUInfoFile.hertz(megahertz: $0.text) }
  }

  /// Above a petahertz a value is garbage.
  static let maximumMegahertz = 1e9

  /// A decimal MHz value in Hz. `inf`, `nan`, negative, zero and absurdly large values give nil.
  static func hertz(megahertz text: String) -> Int64? {
    guard let megahertz = Double(text), megahertz > 0, megahertz <= maximumMegahertz else { return nil }
    return Int64(roundingIfRepresentable: megahertz * 1_000_000)
  }
}
