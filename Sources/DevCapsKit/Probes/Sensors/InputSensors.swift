/// Input devices that are sensors: accelerometers (udev's `ID_INPUT_ACCELEROMETER`, or the
/// driver's `INPUT_PROP_ACCELEROMETER` that udev's input_id reads to set it, for a tree udev rules
/// did not run on) and front-proximity switches. The properties may sit on the `inputN` device or
/// on its `eventN` child, whose node is what the streams read (InputEventSource).
struct InputSensors {
  func sensors(_ devices: [UdevDevice]) -> [SensorInfo] {
    var events: [String: UdevDevice] = [:]
    for device in devices where device.sysname.hasPrefix("event") {
      if let parent = device.parent { events[parent.syspath] = device }
    }
    var sensors: [SensorInfo] = []
    for device in devices where InputDevices.isInputNode(device) {
      let event = events[device.syspath]
      let id = event?.sysname ?? device.sysname
      let name = device.attribute("name")
      if device.flag("ID_INPUT_ACCELEROMETER") || event?.flag("ID_INPUT_ACCELEROMETER") == true
        || InputSensors.hasAccelerometerProperty(device)
      {
        var sensor = SensorInfo(type: .accelerometer, id: id, bus: "input", syspath: device.syspath)
        sensor.name = name
        sensor.location =
          (device.property("ACCEL_LOCATION") ?? event?.property("ACCEL_LOCATION")) == "base" ? .base : .display
        sensor.mountMatrix = (device.property("ACCEL_MOUNT_MATRIX") ?? event?.property("ACCEL_MOUNT_MATRIX")).flatMap(
          MountMatrix.parse)
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

  /// INPUT_PROP_ACCELEROMETER (linux/input-event-codes.h) in the `properties` bitmap.
  static func hasAccelerometerProperty(_ device: UdevDevice) -> Bool {
    guard let text = device.attribute("properties"), let bits = InputDevices.bits(text) else { return false }
    return bits.contains(0x06)
  }
}
