/// Samples an IIO device by reading its channel attributes when asked (`in_accel_x_raw`,
/// `in_anglvel_y_raw`, `in_proximity_raw`, …): each value through the channel's scale and offset,
/// a vector through the mount matrix, in the group's unit, stamped with CLOCK_MONOTONIC at the
/// read. Polling disturbs no other reader.
final class IIOPolledSource: SampleSource {
  let device: IIODevice
  let kinds: [SensorInfo.Kind]
  private let readers:
    [SensorInfo.Kind: (group: IIOChannelGroup, axes: [(channel: IIOChannel, reader: SysfsValueReader)])]

  var id: String { device.id }
  var mode: SampleMode { .polled }

  /// Nil unless every group asked for has an attribute to poll on each of its channels (x, y
  /// and z for a vector).
  init?(device: IIODevice, kinds: [SensorInfo.Kind]) {
    var readers: [SensorInfo.Kind: (group: IIOChannelGroup, axes: [(channel: IIOChannel, reader: SysfsValueReader)])] =
      [:]
    for kind in kinds {
      guard let group = device.group(kind), group.channels.count == (group.isVector ? 3 : 1) else { return nil }
      var axes: [(channel: IIOChannel, reader: SysfsValueReader)] = []
      for channel in group.channels {
        guard let attribute = channel.attribute else { return nil }
        axes.append((channel, SysfsValueReader(path: device.syspath + "/" + attribute)))
      }
      readers[kind] = (group, axes)
    }
    self.device = device
    self.kinds = kinds
    self.readers = readers
  }

  /// The sensor's own group of its device; nil for a sensor that is not an IIO one or has no
  /// attributes to poll.
  convenience init?(sensor: SensorInfo) {
    guard let device = sensor.iio else { return nil }
    self.init(device: device, kinds: [sensor.type])
  }

  func sample(_ kind: SensorInfo.Kind) -> Result<SensorSample, SampleError> {
    guard let (group, axes) = readers[kind] else { return .failure(.notDelivered(kind: kind, id: id)) }
    if kind == .rotation, let axis = axes.first { return rotation(axis.channel, axis.reader) }
    var values = (0.0, 0.0, 0.0)
    for (index, axis) in axes.enumerated() {
      switch axis.reader.read() {
      case .success(let reading):
        let value = axis.channel.value(polled: reading)
        switch index {
        case 0: values.0 = value
        case 1: values.1 = value
        default: values.2 = value
        }
      case .failure(.gone): return .failure(.gone(kind: kind, id: id))
      case .failure(.unreadable(let code)):
        return .failure(.unreadable(path: axis.reader.path, reason: ReadError(code).description))
      case .failure(.garbage(let text)): return .failure(.garbage(path: axis.reader.path, text: text))
      }
    }
    let time = SampleTimestamp.now()
    let value: SensorSample.Value =
      group.isVector ? .vector(group.vector(values.0, values.1, values.2)) : .scalar(group.scalar(values.0))
    return .success(SensorSample(kind: kind, value: value, timestamp: time))
  }

  /// `in_rot_quaternion_raw` holds "x y z w"; each through the channel's scale and offset. All
  /// zero is what hid-sensor-rotation shows before the hub sent its first report.
  private func rotation(_ channel: IIOChannel, _ reader: SysfsValueReader) -> Result<SensorSample, SampleError> {
    switch reader.readFour() {
    case .success(let four) where four.count == 4:
      let (x, y, z, w) = four.values
      let q = Quaternion(
        w: channel.value(polled: w), x: channel.value(polled: x), y: channel.value(polled: y),
        z: channel.value(polled: z))
      guard q.isFinite, q.norm > 0 else { return .failure(.noDataYet) }
      return .success(SensorSample(kind: .rotation, value: .quaternion(q.normalized), timestamp: .now()))
    case .success:
      return .failure(.garbage(path: reader.path, text: "fewer than the four components x y z w"))
    case .failure(.gone): return .failure(.gone(kind: .rotation, id: id))
    case .failure(.unreadable(let code)):
      return .failure(.unreadable(path: reader.path, reason: ReadError(code).description))
    case .failure(.garbage(let text)): return .failure(.garbage(path: reader.path, text: text))
    }
  }
}
