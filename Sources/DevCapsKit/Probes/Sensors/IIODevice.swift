/// One IIO device as the probe found it, described once and used by everything that reads it:
/// `list`, the polled and buffered sample sources, proximity. Static facts only (attribute names,
/// resolved scales, scan-element layout); what changes while it runs (which scan elements are
/// enabled, whether the buffer is on) is read by the reader when it starts.
struct IIODevice: Sendable, Equatable {
  /// `iio:device3`
  var id: String
  var syspath: String
  var name: String?
  /// One per kind of sensor the device carries (a combined chip has `accel` and `anglvel`).
  var groups: [IIOChannelGroup]
  /// Every entry of `scan_elements` (the timestamp and channels of groups devcaps does not read
  /// included), by index; empty when the device has no buffer.
  var scanElements: [IIOScanElement]
  /// The clock of `in_timestamp` (`current_timestamp_clock`; the kernel's default is realtime).
  var timestampClock: SampleTimestamp.Clock

  init(
    id: String, syspath: String, name: String? = nil, groups: [IIOChannelGroup] = [],
    scanElements: [IIOScanElement] = []
  ) {
    self.id = id
    self.syspath = syspath
    self.name = name
    self.groups = groups
    self.scanElements = scanElements
    self.timestampClock = .realtime
  }

  /// Describes a device from its attributes (a libudev device, or `SysfsDeviceDirectory` for a
  /// directory); malformed values go to the context's diagnostics.
  init(describing device: any IIOAttributeSource, context: ProbeContext = ProbeContext()) {
    self = IIOChannels(device: device, context: context).describe()
  }

  func group(_ kind: SensorInfo.Kind) -> IIOChannelGroup? { groups.first { $0.kind == kind } }

  func scanElement(_ name: String) -> IIOScanElement? { scanElements.first { $0.name == name } }

  /// The number in `iio:deviceN`, which names the driver's own trigger (`<name>-devN`).
  var number: Int? {
    id.trailingNumber
  }
}

/// The channels of one kind on a device: `in_accel_{x,y,z}`, or the one `in_illuminance0`.
struct IIOChannelGroup: Sendable, Equatable {
  var kind: SensorInfo.Kind
  /// The attribute prefix of the kind: `in_accel`, `in_anglvel`, `in_magn`, `in_proximity`, …
  var type: String
  /// x, y, z for accelerometers, gyroscopes and magnetometers (absent axes left out); the one
  /// channel found for the other kinds.
  var channels: [IIOChannel]
  /// Vector kinds: udev's hwdb matrix, else the driver's (nil: identity).
  var mountMatrix: MountMatrix?
  /// Proximity: near when raw ≥ this (udev `PROXIMITY_NEAR_LEVEL`, else `in_proximity_nearlevel`).
  var nearLevel: Double?
  /// What the report calls the sensor's scale: the shared `in_accel_scale`, else the x axis's
  /// own, else the device's `scale`.
  var reportedScale: Double?
  /// The shared `in_accel_offset`, as the report shows it.
  var sharedOffset: Double?

  init(kind: SensorInfo.Kind, channels: [IIOChannel] = []) {
    self.kind = kind
    self.type = IIOChannelGroup.type(of: kind)
    self.channels = channels
  }

  static func type(of kind: SensorInfo.Kind) -> String {
    switch kind {
    case .accelerometer: return "in_accel"
    case .gyroscope: return "in_anglvel"
    case .magnetometer: return "in_magn"
    case .light: return "in_illuminance"
    case .proximity: return "in_proximity"
    case .pressure: return "in_pressure"
    case .humidity: return "in_humidityrelative"
    case .temperature: return "in_temp"
    case .rotation: return "in_rot_quaternion"
    case .stepCounter: return "in_steps"
    }
  }

  /// The largest magnitude the group reads on every axis, in the kernel's unit (rad/s for a
  /// gyroscope): where a reading sits when the sensor clips. Each channel's scan type gives its
  /// largest and smallest raw counts (`le:s16/16>>0`: 32767 and −32768), its offset and scale
  /// turn them into units; the smaller end of the smallest axis. Nil unless every channel has a
  /// scan type (a device without a buffer says nothing of its counts' width).
  var fullScale: Double? {
    guard !channels.isEmpty else { return nil }
    var smallest = Double.infinity
    for channel in channels {
      guard let format = channel.scan?.format else { return nil }
      let counts = Double(sign: .plus, exponent: format.signed ? format.realBits - 1 : format.realBits, significand: 1)
      let (lowest, highest) = format.signed ? (-counts, counts - 1) : (0, counts - 1)
      smallest = min(smallest, abs(channel.value(raw: lowest)), abs(channel.value(raw: highest)))
    }
    return smallest > 0 && smallest.isFinite ? smallest : nil
  }

  /// Accelerometers, gyroscopes and magnetometers give x, y, z; the rest one value.
  var isVector: Bool { [.accelerometer, .gyroscope, .magnetometer].contains(kind) }

  /// The unit of a sample: g, rad/s, µT, lx, kPa, %, °C, raw for proximity, a unit quaternion
  /// for a hub's rotation, steps for a step counter.
  var unit: String {
    switch kind {
    case .accelerometer: return "g"
    case .gyroscope: return "rad/s"
    case .magnetometer: return "µT"
    case .light: return "lx"
    case .proximity: return "raw"
    case .pressure: return "kPa"
    case .humidity: return "%"
    case .temperature: return "°C"
    case .rotation: return "quaternion"
    case .stepCounter: return "steps"
    }
  }

  /// Three axis values in the kernel's units (m/s², rad/s, gauss) → the vector in the device
  /// frame (mount matrix) in the sample's unit (g, rad/s, µT).
  func vector(_ x: Double, _ y: Double, _ z: Double) -> Vector3 {
    let corrected = (mountMatrix ?? .identity).apply(Vector3(x, y, z))
    switch kind {
    case .accelerometer: return corrected / standardGravity
    case .magnetometer: return corrected * 100  // IIO magnetometers report gauss
    default: return corrected
    }
  }

  /// One value in the kernel's unit → the sample's unit.
  func scalar(_ value: Double) -> Double {
    switch kind {
    case .humidity, .temperature: return value / 1000  // milli-percent, milli-degrees
    default: return value
    }
  }
}

/// One IIO channel: the attribute to poll and how its value becomes the kernel's unit, and where
/// it sits in a buffer scan.
struct IIOChannel: Sendable, Equatable {
  /// `in_accel_x`
  var name: String
  /// The attribute polled: `in_accel_x_raw`, or the processed `in_accel_x_input`; nil when the
  /// channel exists only in the buffer.
  var attribute: String?
  /// The attribute is `_input`: already in units, scale and offset do not apply to it.
  var isProcessed: Bool
  /// Resolved by the kernel's rule: `in_accel_x_scale`, else `in_accel_scale`, else the device's
  /// `scale`, else 1; offset `in_accel_x_offset`, else `in_accel_offset`, else 0.
  var scale: Double
  var offset: Double
  /// The channel's scan element, when the device has a buffer.
  var scan: IIOScanElement?

  init(
    name: String, attribute: String?, isProcessed: Bool = false, scale: Double = 1, offset: Double = 0,
    scan: IIOScanElement? = nil
  ) {
    self.name = name
    self.attribute = attribute
    self.isProcessed = isProcessed
    self.scale = scale
    self.offset = offset
    self.scan = scan
  }

  /// A raw count (from the raw attribute or a scan) in the kernel's unit: (raw + offset) × scale.
  func value(raw: Double) -> Double { (raw + offset) * scale }

  /// What the polled attribute holds, in the kernel's unit.
  func value(polled: Double) -> Double { isProcessed ? polled : value(raw: polled) }
}

/// One entry of `scan_elements`: `<name>_en`, `<name>_index`, `<name>_type`.
struct IIOScanElement: Sendable, Equatable {
  /// `in_accel_x`, `in_timestamp`
  var name: String
  var index: Int?
  /// Nil when the type is one devcaps cannot decode (a repeat count such as `le:s16/32X4>>0`),
  /// or is missing; `typeText` keeps what the file said.
  var format: ScanFormat?
  var typeText: String?

  init(name: String, index: Int?, format: ScanFormat?, typeText: String? = nil) {
    self.name = name
    self.index = index
    self.format = format
    self.typeText = typeText
  }

  var isDecodable: Bool { index != nil && format != nil }
}
