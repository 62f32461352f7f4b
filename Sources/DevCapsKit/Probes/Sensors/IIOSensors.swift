/// The sensors of one IIO device, one per channel group, each carrying the device's description
/// (`IIODevice`) that the sample sources read it by. The reading shown is one sample from the
/// polled source, so `list` and the streams convert values the same way.
struct IIOSensors {
  let context: ProbeContext

  func sensors(of device: any IIOAttributeSource) -> [SensorInfo] {
    let channels = IIOChannels(device: device, context: context)
    let description = channels.describe()
    return description.groups.map { group in
      var sensor = SensorInfo(type: group.kind, id: description.id, bus: "iio", syspath: description.syspath)
      sensor.iio = description
      sensor.name = description.name
      sensor.buffered = !description.scanElements.isEmpty
      sensor.scale = group.reportedScale
      sensor.offset = group.sharedOffset
      sensor.samplingFrequencyHz = channels.firstNumber([group.type + "_sampling_frequency", "sampling_frequency"])
      sensor.availableFrequenciesHz = channels.frequencies([
        group.type + "_sampling_frequency_available", "sampling_frequency_available",
      ])
      if group.isVector { sensor.mountMatrix = group.mountMatrix }
      if group.kind == .accelerometer { sensor.location = channels.location() }
      sensor.reading = reading(description, group: group)
      return sensor
    }
  }

  /// One polled sample as the report shows it; a value that cannot be read is reported and the
  /// reading is null.
  func reading(_ device: IIODevice, group: IIOChannelGroup) -> SensorReading? {
    guard let source = IIOPolledSource(device: device, kinds: [group.kind]) else { return nil }
    switch source.sample(group.kind) {
    case .success(let sample):
      switch sample.value {
      case .vector(let vector): return .vector(vector, unit: group.unit)
      case .scalar(let value) where group.kind == .proximity:
        return .proximity(raw: value, near: group.nearLevel.map { value >= $0 })
      case .scalar(let value): return .scalar(value, unit: group.unit)
      case .quaternion(let quaternion): return .quaternion(quaternion)
      }
    case .failure(.garbage(let path, let text)):
      context.diagnostics.record(path, "expected a number, found \(text.quotedForMessage)")
    case .failure(.unreadable(let path, let reason)):
      context.diagnostics.record(path, reason)
    case .failure(.gone), .failure(.noDataYet), .failure(.notDelivered):
      break
    }
    return nil
  }
}
