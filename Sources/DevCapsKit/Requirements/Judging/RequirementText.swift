/// What a requirement's check found, in the words `devcaps require` prints: `2.0 GiB installed`,
/// `not present`, `2.60 GHz (cpuinfo MHz)`. Also the JSON `detail`.
extension Finding: CustomStringConvertible {
  public var description: String {
    switch self {
    case .device(let evidence): evidence
    case .notPresent: "not present"
    case .notAvailableOnLinux: "not available on Linux"
    case .bytes(let bytes, let what): Units.binaryBytes(bytes) + (what.map { " " + $0 } ?? "")
    case .count(let count): String(count)
    case .displays(let connectors):
      "\(connectors.count)" + (connectors.isEmpty ? "" : " (" + connectors.concatenated(separator: ", ") + ")")
    case .hertz(let hertz, let source): Units.hertz(hertz) + (source.map { " (\($0))" } ?? "")
    case .batteryLevel(let level, let batteries, let source):
      Units.fixed(level * 100, decimals: 0) + " % (" + batteries.concatenated(separator: ", ") + ", \(source.rawValue))"
    case .version(let text, let source): text + (source.map { " (\($0))" } ?? "")
    case .features(let names): names.concatenated(separator: ", ")
    case .missingFeatures(let names): "missing " + names.concatenated(separator: ", ")
    case .cpuLevel(let level): level
    case .thermalState(let state, let reason): state + (reason.map { " (\($0))" } ?? "")
    case .noBattery: "no battery"
    case .named(let name): name
    case .cores(let cores, let decidedBy):
      Finding.trimmedDecimal(cores) + " CPUs" + (decidedBy.map { " (\($0))" } ?? "")
    case .unusable(let reason): reason
    case .summary(let text): text
    case .unknown(let reason): "unknown: " + reason
    }
  }
}

extension Finding {
  /// Up to two decimals, without trailing zeros: 2, 1.5, 0.25.
  static func trimmedDecimal(_ value: Double) -> String {
    var text = Units.fixed(value, decimals: 2)
    while text.contains("."), text.hasSuffix("0") || text.hasSuffix(".") { text.removeLast() }
    return text
  }
}

extension RequirementResult: CustomStringConvertible {
  /// The finding as the text table's last column reads it: `found 2.0 GiB installed`, `not
  /// present`.
  public var findingText: String { finding.isFound ? "found \(finding)" : finding.description }

  /// One line for a person: `memory >= 4 GiB: met, found 7.6 GiB installed`,
  /// `gyroscope required: not met, not present`.
  public var description: String {
    "\(key) \(expected): \(satisfied ? "met" : "not met"), \(findingText)"
  }
}
