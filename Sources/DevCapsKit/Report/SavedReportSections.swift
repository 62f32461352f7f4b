/// A saved report's tree made into a `Report` without Codable, for what `require --against`
/// reads most: the device section (every row names its machine), cpu and memory. Codable's
/// containers, boxes and dynamic casts were a quarter of judging a report. Each reader accepts
/// exactly what the models' `Decodable` accepts and makes the same values; at anything else it
/// gives up (nil), and the report is decoded again through Codable, which says what is wrong as
/// it always has. Other sections are decoded through Codable one by one.
extension Report {
  init?(savedSections value: JSONValue) {
    guard case .object(let members) = value, SavedMembers(members).value("schemaVersion") == .integer(1) else {
      return nil
    }
    var values = [JSONValue?](repeating: nil, count: ReportSection.allCases.count)
    var present: [ReportSection] = []
    for member in members {
      if member.key == "warnings" || member.key == "capabilityEvidence" {
        // Left to Codable (their shapes and the capabilities' pairing with their evidence).
        if member.value != .null { return nil }
      } else if let section = ReportSection(rawValue: member.key) {
        values[section.ordinal] = member.value
        present.append(section)
      }
    }
    self.init(sections: ReportSection.allCases.filter(present.contains))
    do throws(SavedMembers.MemberError) {
      for section in sections {
        guard let value = values[section.ordinal], value != .null else { continue }
        try section.entry.readSaved(&self, value)
      }
    } catch {
      return nil
    }
  }
}

extension ReportSection {
  /// Its place in `allCases`.
  fileprivate var ordinal: Int { ReportSection.allCases.firstIndex(of: self)! }
}

extension DeviceInfo {
  init(saved value: JSONValue) throws(SavedMembers.MemberError) {
    let members = try SavedMembers(object: value)
    self.init(
      name: try members.string("name"), model: try members.string("model"), vendor: try members.string("vendor"),
      platform: try members.string("platform"), chassis: try members.required("chassis", Chassis.init(rawValue:)),
      chassisSource: try members.string("chassisSource"), architecture: try members.string("architecture"),
      virtualization: try members.string("virtualization"),
      virtualizationKind: try members.enumeration("virtualizationKind", VirtualizationKind.init(rawValue:)),
      firmware: try FirmwareInfo(saved: try members.required("firmware")),
      hypervisor: try members.string("hypervisor"),
      thermalState: try members.enumeration("thermalState", ThermalState.init(rawValue:)))
  }
}

extension FirmwareInfo {
  init(saved value: JSONValue) throws(SavedMembers.MemberError) {
    let members = try SavedMembers(object: value)
    self.init(
      vendor: try members.string("vendor"), version: try members.string("version"), date: try members.string("date"))
  }
}

extension CPUInfo {
  init(saved value: JSONValue) throws(SavedMembers.MemberError) {
    let members = try SavedMembers(object: value)
    var caches: [CPUCache] = []
    if let elements = try members.array("caches") {
      caches.reserveCapacity(elements.count)
      for element in elements { caches.append(try CPUCache(saved: element)) }
    }
    self.init(
      model: try members.string("model"), logicalCores: try members.count("logicalCores"),
      availableCores: try members.count("availableCores"), physicalCores: try members.count("physicalCores"),
      packages: try members.count("packages"), frequency: try CPUFrequency(saved: try members.required("frequency")),
      vendor: try members.string("vendor"), family: try members.string("family"),
      modelNumber: try members.string("modelNumber"), stepping: try members.string("stepping"),
      flags: try members.strings("flags") ?? [], level: try members.string("level"), caches: caches,
      hypervisorVendor: try members.string("hypervisorVendor"),
      availableCoresFraction: try members.number("availableCoresFraction"),
      availableCoresDecidedBy: try members.string("availableCoresDecidedBy"))
  }
}

extension CPUCache {
  init(saved value: JSONValue) throws(SavedMembers.MemberError) {
    let members = try SavedMembers(object: value)
    self.init(
      level: try members.required("level", Int.self, minimum: 1), type: try members.required("type", { $0 }),
      sizeBytes: try members.required("sizeBytes", Int64.self, minimum: 1),
      instances: try members.required("instances", Int.self, minimum: 1))
  }
}

extension CPUFrequency {
  init(saved value: JSONValue) throws(SavedMembers.MemberError) {
    let members = try SavedMembers(object: value)
    self.init(
      currentHz: try members.count("currentHz"), minHz: try members.count("minHz"),
      maxHz: try members.count("maxHz"), firmwareMaxHz: try members.count("firmwareMaxHz"))
  }
}

extension MemoryInfo {
  init(saved value: JSONValue) throws(SavedMembers.MemberError) {
    let members = try SavedMembers(object: value)
    self.init(
      totalBytes: try members.integer("totalBytes"), installedBytes: try members.integer("installedBytes"),
      availableBytes: try members.integer("availableBytes"), swapTotalBytes: try members.integer("swapTotalBytes"),
      swapFreeBytes: try members.integer("swapFreeBytes"), limitBytes: try members.integer("limitBytes"),
      cgroupAvailableBytes: try members.integer("cgroupAvailableBytes"))
  }
}

/// An object's members read as the JSON decoder's keyed container reads them: a member that is
/// null or absent is nil where the model's property is optional, integers and numbers convert
/// only where nothing is lost (JSONScalarDecoding's own conversions), other members are ignored.
struct SavedMembers {
  /// What Codable would refuse, or might: the report is decoded again through it.
  struct MemberError: Error {}

  let members: [JSONMember]

  init(_ members: [JSONMember]) { self.members = members }

  init(object value: JSONValue) throws(MemberError) {
    guard case .object(let members) = value else { throw MemberError() }
    self.members = members
  }

  func value(_ key: String) -> JSONValue? { members.first(where: { $0.key == key })?.value }

  /// The member's value; nil when it is absent or null.
  private func present(_ key: String) -> JSONValue? {
    guard let value = value(key), value != .null else { return nil }
    return value
  }

  func required(_ key: String) throws(MemberError) -> JSONValue {
    guard let value = value(key) else { throw MemberError() }
    return value
  }

  /// A non-optional string property, made into the model's type (a `RawRepresentable` enum's init).
  func required<T>(_ key: String, _ make: (String) -> T?) throws(MemberError) -> T {
    guard case .string(let text) = value(key), let made = make(text) else { throw MemberError() }
    return made
  }

  /// A non-optional count (`CPUCache.level`), at least `minimum` as the model's decoder wants.
  func required<I: FixedWidthInteger>(_ key: String, _ type: I.Type, minimum: I) throws(MemberError) -> I {
    guard let value = value(key), let integer = try? JSONScalarDecoding.integer(type, value, []), integer >= minimum
    else { throw MemberError() }
    return integer
  }

  func string(_ key: String) throws(MemberError) -> String? {
    guard let value = present(key) else { return nil }
    guard case .string(let text) = value else { throw MemberError() }
    return text
  }

  func enumeration<T>(_ key: String, _ make: (String) -> T?) throws(MemberError) -> T? {
    guard let value = present(key) else { return nil }
    guard case .string(let text) = value, let made = make(text) else { throw MemberError() }
    return made
  }

  func integer<I: FixedWidthInteger>(_ key: String) throws(MemberError) -> I? {
    guard let value = present(key) else { return nil }
    guard let integer = try? JSONScalarDecoding.integer(I.self, value, []) else { throw MemberError() }
    return integer
  }

  func number(_ key: String) throws(MemberError) -> Double? {
    guard let value = present(key) else { return nil }
    guard let number = try? JSONScalarDecoding.double(value, []) else { throw MemberError() }
    return number
  }

  /// An optional count, size or frequency: a negative one is left to Codable, which refuses it.
  func count<I: FixedWidthInteger>(_ key: String) throws(MemberError) -> I? {
    guard let integer: I = try integer(key) else { return nil }
    guard integer >= 0 else { throw MemberError() }
    return integer
  }

  func array(_ key: String) throws(MemberError) -> [JSONValue]? {
    guard let value = present(key) else { return nil }
    guard case .array(let elements) = value else { throw MemberError() }
    return elements
  }

  func strings(_ key: String) throws(MemberError) -> [String]? {
    guard let elements = try array(key) else { return nil }
    var strings: [String] = []
    strings.reserveCapacity(elements.count)
    for element in elements {
      guard case .string(let text) = element else { throw MemberError() }
      strings.append(text)
    }
    return strings
  }

  /// A section without a reader of its own, through Codable.
  static func codable<T: Decodable>(_ type: T.Type, _ value: JSONValue) throws(MemberError) -> T {
    guard let decoded = try? JSONValueDecoder().decode(type, from: value) else { throw MemberError() }
    return decoded
  }
}
