/// What an IIO description is built from: one device's attribute files and udev properties. A
/// libudev device in the probe; a plain sysfs directory elsewhere (`SysfsDeviceDirectory`).
protocol IIOAttributeSource {
  var syspath: String { get }
  /// `iio:device3`
  var sysname: String { get }
  /// The names of the files at the top of the device's directory.
  var attributeNames: [String] { get }
  /// An attribute's text, trailing white space removed; nil when absent or unreadable.
  func attribute(_ name: String) -> String?
  func property(_ name: String) -> String?
}

extension UdevDevice: IIOAttributeSource {}

/// A device directory read directly (no udev), with the udev properties given: for a program
/// that knows where a device is, and for tests on a directory laid out as the kernel does.
struct SysfsDeviceDirectory: IIOAttributeSource {
  let syspath: String
  let properties: [String: String]

  init(syspath: String, properties: [String: String] = [:]) {
    self.syspath = syspath
    self.properties = properties
  }

  var sysname: String { String(syspath.split(separator: "/").last ?? "") }

  var attributeNames: [String] {
    (try? SystemRoot().directoryEntries(syspath).get()) ?? []
  }

  func attribute(_ name: String) -> String? {
    guard case .success(let bytes) = SystemRoot().readBytes(syspath + "/" + name) else { return nil }
    return String(decoding: bytes, as: UTF8.self).trimmingWhitespace()
  }

  func property(_ name: String) -> String? { properties[name] }
}

/// Reads one IIO device's channels into an `IIODevice`: the channel groups from the attribute
/// names and `scan_elements`, each value parsed independently of locale; malformed values are
/// reported to the context's diagnostics.
struct IIOChannels {
  let device: any IIOAttributeSource
  let context: ProbeContext
  /// Attribute names at the top level of the device.
  let attributes: Set<String>
  /// Entries of `scan_elements` (`in_accel_x_en`, `in_accel_x_type`, …).
  let scanEntries: Set<String>

  init(device: any IIOAttributeSource, context: ProbeContext) {
    self.device = device
    self.context = context
    attributes = Set(device.attributeNames)
    scanEntries = Set(context.liveEntries(device.syspath + "/scan_elements"))
  }

  /// Channel prefixes that make a device a sensor of each kind (IIO sysfs ABI).
  static let prefixes: [(SensorInfo.Kind, [String])] = [
    (.accelerometer, ["in_accel_"]),
    (.gyroscope, ["in_anglvel_"]),
    (.magnetometer, ["in_magn_", "in_rot_from_north_magnetic"]),
    (.light, ["in_illuminance"]),
    (.proximity, ["in_proximity"]),
    (.pressure, ["in_pressure"]),
    (.humidity, ["in_humidityrelative"]),
    (.temperature, ["in_temp"]),
    (.rotation, ["in_rot_quaternion"]),
    (.stepCounter, ["in_steps"]),
  ]

  var kinds: [SensorInfo.Kind] {
    let names = attributes.union(scanEntries)
    return IIOChannels.prefixes.compactMap { kind, prefixes in
      names.contains { name in prefixes.contains { name.hasPrefix($0) } } ? kind : nil
    }
  }

  /// The whole description: every group the device has, its scan elements, its timestamp clock.
  func describe() -> IIODevice {
    let elements = scanElements()
    var description = IIODevice(
      id: device.sysname, syspath: device.syspath, name: text("name"),
      groups: kinds.map { group($0, elements: elements) },
      scanElements: elements)
    if !elements.isEmpty, let clock = text("current_timestamp_clock") {
      if let known = SampleTimestamp.Clock(rawValue: clock) {
        description.timestampClock = known
      } else {
        context.diagnostics.record(
          device.syspath + "/current_timestamp_clock",
          "expected a clock name such as 'monotonic', found \(clock.quotedForMessage)")
      }
    }
    return description
  }

  func group(_ kind: SensorInfo.Kind, elements: [IIOScanElement]) -> IIOChannelGroup {
    var group = IIOChannelGroup(kind: kind)
    let type = group.type
    let names: [String]
    if group.isVector {
      names = ["x", "y", "z"].map { "\(type)_\($0)" }.filter { name in
        attributes.contains(name + "_raw") || attributes.contains(name + "_input")
          || elements.contains { $0.name == name }
      }
    } else {
      names = channel(prefix: type).map { [$0] } ?? []
    }
    group.channels = names.map { name in
      channel(name, type: type, rawOnly: kind == .proximity, scan: elements.first { $0.name == name })
    }
    // The report's scale predates the per-channel rule: shared first, then the x axis's own.
    group.reportedScale = firstNumber(
      [type + "_scale", type + "_x_scale", "scale"] + (kind == .rotation ? ["in_rot_scale"] : []))
    group.sharedOffset = firstNumber([type + "_offset"])
    switch kind {
    case .accelerometer, .gyroscope, .magnetometer:
      group.mountMatrix = mountMatrix(kind, type: type)
    case .proximity:
      group.nearLevel = nearLevel(channel: names.first)
    case .light, .pressure, .humidity, .temperature, .rotation, .stepCounter:
      break
    }
    return group
  }

  /// One channel: the attribute polled (`_input` before `_raw`: the kernel did the conversion;
  /// proximity keeps raw counts, `_raw` first), scale and offset by the kernel's rule.
  func channel(_ name: String, type: String, rawOnly: Bool, scan: IIOScanElement?) -> IIOChannel {
    let order = rawOnly ? ["_raw", "_input"] : ["_input", "_raw"]
    let suffix = order.first { attributes.contains(name + $0) }
    var channel = IIOChannel(
      name: name, attribute: suffix.map { name + $0 }, isProcessed: suffix == "_input", scan: scan)
    if !rawOnly {
      // A modified channel's shared attributes go by its type alone (hid-sensor-rotation's
      // in_rot_quaternion shares in_rot_scale).
      let shared = type == "in_rot_quaternion" ? "in_rot" : type
      channel.scale = firstNumber([name + "_scale", shared + "_scale", "scale"]) ?? 1
      channel.offset = firstNumber([name + "_offset", shared + "_offset"]) ?? 0
    }
    return channel
  }

  /// Every scan element, by index: `<name>_en` with its `_index` and `_type`.
  func scanElements() -> [IIOScanElement] {
    let base = device.syspath + "/scan_elements/"
    func text(_ entry: String) -> String? {
      guard scanEntries.contains(entry), let bytes = context.liveBytes(base + entry) else { return nil }
      return String(decoding: bytes, as: UTF8.self).trimmingWhitespace()
    }
    let elements = scanEntries.filter { $0.hasSuffix("_en") }.map { entry in
      let name = String(entry.dropLast(3))
      let type = text(name + "_type")
      return IIOScanElement(
        name: name, index: text(name + "_index").flatMap { Int($0) }, format: type.flatMap(ScanFormat.parse),
        typeText: type)
    }
    return elements.sorted { ($0.index ?? Int.max, $0.name) < ($1.index ?? Int.max, $1.name) }
  }

  /// udev's hwdb matrix first, then the driver's; a malformed one is reported and not used.
  func mountMatrix(_ kind: SensorInfo.Kind, type: String) -> MountMatrix? {
    let property =
      kind == .accelerometer ? "ACCEL_MOUNT_MATRIX" : kind == .gyroscope ? "ANGLVEL_MOUNT_MATRIX" : "MAGN_MOUNT_MATRIX"
    var candidates: [(String, String)] = []
    if let value = device.property(property) {
      candidates.append(("udev property \(property) of \(device.syspath)", value))
    }
    for name in [type + "_mount_matrix", "mount_matrix", "in_mount_matrix"] {
      if let value = text(name) { candidates.append((device.syspath + "/" + name, value)) }
    }
    for (source, text) in candidates {
      if let matrix = MountMatrix.parse(text) { return matrix }
      context.diagnostics.record(
        source, "expected a mount matrix such as '1, 0, 0; 0, 1, 0; 0, 0, 1', found \(text.quotedForMessage)")
    }
    return nil
  }

  /// udev's `PROXIMITY_NEAR_LEVEL` (from the hwdb), else the channel's own `_nearlevel`, else
  /// the shared `in_proximity_nearlevel`.
  func nearLevel(channel: String?) -> Double? {
    if let property = device.property("PROXIMITY_NEAR_LEVEL") {
      if let value = Double(property.trimmingWhitespace()), value.isFinite { return value }
      context.diagnostics.record(
        "udev property PROXIMITY_NEAR_LEVEL of \(device.syspath)",
        "expected a number, found \(property.quotedForMessage)")
    }
    let names = (channel.map { [$0 + "_nearlevel"] } ?? []) + ["in_proximity_nearlevel"]
    return firstNumber(names)
  }

  /// systemd's rule: `ACCEL_LOCATION`, else the `label` or `location` attribute; with none of them
  /// an accelerometer is in the display.
  func location() -> SensorInfo.Location {
    let word = device.property("ACCEL_LOCATION") ?? text("label") ?? text("location")
    switch word {
    case "base", "accel-base": return .base
    default: return .display
    }
  }

  /// A numeric attribute; garbage is reported and gives nil.
  func number(_ name: String) -> Double? {
    guard attributes.contains(name), let text = device.attribute(name) else { return nil }
    guard let value = Double(text), value.isFinite else {
      context.diagnostics.record(device.syspath + "/" + name, "expected a number, found \(text.quotedForMessage)")
      return nil
    }
    return value
  }

  func text(_ name: String) -> String? {
    attributes.contains(name) ? device.attribute(name) : nil
  }

  /// The first of several attributes that exists, as a number. A more specific attribute that
  /// holds garbage is reported and gives nil (the caller's default then applies); a less
  /// specific one does not stand in for it, as the kernel would not use it either.
  func firstNumber(_ names: [String]) -> Double? {
    for name in names where attributes.contains(name) { return number(name) }
    return nil
  }

  /// The first attribute name with this prefix and one of these suffixes (`in_illuminance0_raw`).
  func channel(prefix: String) -> String? {
    for name in attributes.sorted() where name.hasPrefix(prefix) {
      for suffix in ["_input", "_raw"] where name.hasSuffix(suffix) {
        return String(name.dropLast(suffix.count))
      }
    }
    return nil
  }

  /// Space-separated frequencies (`"12.5 25 50 100"`); garbage entries are reported.
  func frequencies(_ names: [String]) -> [Double] {
    for name in names where attributes.contains(name) {
      guard let text = device.attribute(name) else { return [] }
      var values: [Double] = []
      for word in text.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
        if let value = Double(word), value.isFinite {
          values.append(value)
        } else {
          context.diagnostics.record(
            device.syspath + "/" + name, "expected frequencies, found \(text.quotedForMessage)")
          return []
        }
      }
      return values
    }
    return []
  }
}
