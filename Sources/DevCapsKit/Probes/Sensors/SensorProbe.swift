/// Builds the `sensors` section: IIO devices by their channels, and input devices that udev
/// marks as accelerometers or that have a front-proximity switch.
public struct SensorProbe {
  let context: ProbeContext
  let udev: Udev?

  public init(context: ProbeContext, udev: Udev?) {
    self.context = context
    self.udev = udev
  }

  public func probe() -> [SensorInfo] {
    guard let udev else { return [] }
    let iio = udev.devices(subsystem: "iio").sorted { SensorProbe.deviceNumber($0.sysname) < SensorProbe.deviceNumber($1.sysname) }
    return iio.flatMap(iioSensors) + inputSensors(udev.devices(subsystem: "input"))
  }

  /// `iio:device10` sorts after `iio:device9`.
  static func deviceNumber(_ sysname: String) -> Int {
    Int(sysname.reversed().prefix { $0.isNumber }.reversed().map(String.init).joined()) ?? Int.max
  }

  func iioSensors(_ device: UdevDevice) -> [SensorInfo] {
    let channels = IIOChannels(device: device, context: context)
    return channels.kinds.map { kind in
      var sensor = SensorInfo(type: kind, id: device.sysname, bus: "iio", syspath: device.syspath)
      sensor.name = channels.text("name")
      sensor.buffered = !channels.scanElements.isEmpty
      let type = SensorProbe.channelType(kind)
      sensor.scale = channels.firstNumber([type + "_scale", type + "_x_scale", "scale"])
      sensor.offset = channels.firstNumber([type + "_offset"])
      sensor.samplingFrequencyHz = channels.firstNumber([type + "_sampling_frequency", "sampling_frequency"])
      sensor.availableFrequenciesHz = channels.frequencies([
        type + "_sampling_frequency_available", "sampling_frequency_available",
      ])
      switch kind {
      case .accelerometer, .gyroscope, .magnetometer:
        sensor.mountMatrix = mountMatrix(device, channels: channels, kind: kind)
        if kind == .accelerometer { sensor.location = SensorProbe.location(device, channels: channels) }
        sensor.reading = vectorReading(channels, kind: kind, matrix: sensor.mountMatrix ?? .identity)
      case .proximity:
        sensor.reading = proximityReading(device, channels: channels)
      case .light, .pressure, .humidity, .temperature:
        sensor.reading = scalarReading(channels, kind: kind)
      }
      return sensor
    }
  }

  static func channelType(_ kind: SensorInfo.Kind) -> String {
    switch kind {
    case .accelerometer: return "in_accel"
    case .gyroscope: return "in_anglvel"
    case .magnetometer: return "in_magn"
    case .light: return "in_illuminance"
    case .proximity: return "in_proximity"
    case .pressure: return "in_pressure"
    case .humidity: return "in_humidityrelative"
    case .temperature: return "in_temp"
    }
  }

  /// udev's hwdb matrix first, then the driver's; a malformed one is reported and not used.
  func mountMatrix(_ device: UdevDevice, channels: IIOChannels, kind: SensorInfo.Kind) -> MountMatrix? {
    let property = kind == .accelerometer ? "ACCEL_MOUNT_MATRIX" : kind == .gyroscope ? "ANGLVEL_MOUNT_MATRIX" : "MAGN_MOUNT_MATRIX"
    var candidates: [(String, String)] = []
    if let value = device.property(property) { candidates.append(("udev property \(property) of \(device.syspath)", value)) }
    let type = SensorProbe.channelType(kind)
    for name in [type + "_mount_matrix", "mount_matrix", "in_mount_matrix"] {
      if let value = channels.text(name) { candidates.append((device.syspath + "/" + name, value)) }
    }
    for (source, text) in candidates {
      if let matrix = MountMatrix.parse(text) { return matrix }
      context.diagnostics.record(source, "expected a mount matrix such as '1, 0, 0; 0, 1, 0; 0, 0, 1', found \(text.quotedForMessage)")
    }
    return nil
  }

  /// systemd's rule: `ACCEL_LOCATION`, else the `label` or `location` attribute; with none of them
  /// an accelerometer is in the display.
  static func location(_ device: UdevDevice, channels: IIOChannels) -> SensorInfo.Location {
    let word = device.property("ACCEL_LOCATION") ?? channels.text("label") ?? channels.text("location")
    switch word {
    case "base", "accel-base": return .base
    default: return .display
    }
  }

  func vectorReading(_ channels: IIOChannels, kind: SensorInfo.Kind, matrix: MountMatrix) -> SensorReading? {
    let type = SensorProbe.channelType(kind)
    let axes = ["x", "y", "z"].map { channels.processed(channel: "\(type)_\($0)", type: type) }
    guard let x = axes[0], let y = axes[1], let z = axes[2] else { return nil }
    let corrected = matrix.apply(Vector3(x, y, z))
    switch kind {
    case .accelerometer: return .vector(corrected / standardGravity, unit: "g")
    case .gyroscope: return .vector(corrected, unit: "rad/s")
    default: return .vector(corrected * 100, unit: "µT")  // IIO magnetometers report gauss.
    }
  }

  func scalarReading(_ channels: IIOChannels, kind: SensorInfo.Kind) -> SensorReading? {
    let type = SensorProbe.channelType(kind)
    guard let channel = channels.channel(prefix: type), let value = channels.processed(channel: channel, type: type)
    else { return nil }
    switch kind {
    case .light: return .scalar(value, unit: "lx")
    case .pressure: return .scalar(value, unit: "kPa")
    case .humidity: return .scalar(value / 1000, unit: "%")  // milli-percent
    default: return .scalar(value / 1000, unit: "°C")  // milli-degrees
    }
  }

  func proximityReading(_ device: UdevDevice, channels: IIOChannels) -> SensorReading? {
    guard let channel = channels.channel(prefix: "in_proximity"), let raw = channels.number(channel + (channels.attributes.contains(channel + "_raw") ? "_raw" : "_input"))
    else { return nil }
    let level = device.property("PROXIMITY_NEAR_LEVEL").flatMap(Double.init) ?? channels.number("in_proximity_nearlevel")
    return .proximity(raw: raw, near: level.map { raw >= $0 })
  }

  /// Input accelerometers (udev's `ID_INPUT_ACCELEROMETER`) and front-proximity switches. The
  /// properties may sit on the `inputN` device or on its `eventN` child.
  func inputSensors(_ devices: [UdevDevice]) -> [SensorInfo] {
    var events: [String: UdevDevice] = [:]
    for device in devices where device.sysname.hasPrefix("event") {
      if let parent = device.parent { events[parent.syspath] = device }
    }
    var sensors: [SensorInfo] = []
    for device in devices where InputDevices.isInputNode(device) {
      let event = events[device.syspath]
      let id = event?.sysname ?? device.sysname
      let name = device.attribute("name")
      if device.flag("ID_INPUT_ACCELEROMETER") || event?.flag("ID_INPUT_ACCELEROMETER") == true {
        var sensor = SensorInfo(type: .accelerometer, id: id, bus: "input", syspath: device.syspath)
        sensor.name = name
        sensor.location = (device.property("ACCEL_LOCATION") ?? event?.property("ACCEL_LOCATION")) == "base" ? .base : .display
        sensor.mountMatrix = (device.property("ACCEL_MOUNT_MATRIX") ?? event?.property("ACCEL_MOUNT_MATRIX")).flatMap(MountMatrix.parse)
        sensors.append(sensor)
      }
      if InputDevices.switches(device).contains(.frontProximity) {
        var sensor = SensorInfo(type: .proximity, id: id, bus: "input", syspath: device.syspath)
        sensor.name = name
        sensors.append(sensor)
      }
    }
    return sensors
  }
}
