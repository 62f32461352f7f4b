/// The channels of one IIO device, from its attribute names and `scan_elements`, and the values
/// of its attributes, parsed independently of locale.
struct IIOChannels {
  let device: UdevDevice
  let context: ProbeContext
  /// Attribute names at the top level of the device.
  let attributes: Set<String>
  /// Entries of `scan_elements` (`in_accel_x_en`, `in_accel_x_type`, …).
  let scanElements: Set<String>

  init(device: UdevDevice, context: ProbeContext) {
    self.device = device
    self.context = context
    attributes = Set(device.attributeNames)
    scanElements = Set(context.liveEntries(device.syspath + "/scan_elements"))
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
  ]

  var kinds: [SensorInfo.Kind] {
    IIOChannels.prefixes.compactMap { kind, prefixes in
      let names = attributes.union(scanElements)
      return names.contains { name in prefixes.contains { name.hasPrefix($0) } } ? kind : nil
    }
  }

  /// A numeric attribute; garbage is reported and gives nil.
  func number(_ name: String) -> Double? {
    attributes.contains(name) ? device.number(name, reporting: context.diagnostics) : nil
  }

  func text(_ name: String) -> String? {
    attributes.contains(name) ? device.attribute(name) : nil
  }

  /// The first of several attributes that exists, as a number.
  func firstNumber(_ names: [String]) -> Double? {
    for name in names where attributes.contains(name) { return number(name) }
    return nil
  }

  /// `value = (raw + offset) × scale`, with per-channel scale and offset before the shared ones.
  /// `channel` is e.g. `in_accel_x`, `type` `in_accel`.
  func processed(channel: String, type: String) -> Double? {
    if let input = number(channel + "_input") { return input }
    guard let raw = number(channel + "_raw") else { return nil }
    let scale = firstNumber([channel + "_scale", type + "_scale", "scale"]) ?? 1
    let offset = firstNumber([channel + "_offset", type + "_offset"]) ?? 0
    return (raw + offset) * scale
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
        if let value = Double(word), value.isFinite { values.append(value) } else {
          context.diagnostics.record(device.syspath + "/" + name, "expected frequencies, found \(text.quotedForMessage)")
          return []
        }
      }
      return values
    }
    return []
  }
}
