/// Where gravity samples come from: the polled sysfs attributes or the IIO buffer.
public protocol GravitySource: AnyObject {
  var sensor: SensorInfo { get }
  /// `polled` or `buffered`.
  var mode: String { get }
  func sample() -> Result<Vector3, AccelerometerSampler.Problem>
}

extension BufferedAccelerometer: GravitySource {
  public var mode: String { "buffered" }

  public func sample() -> Result<Vector3, AccelerometerSampler.Problem> {
    latest.map { .success($0) } ?? .failure(.noDataYet)
  }
}

/// Samples a display accelerometer by polling its raw sysfs attributes: `(raw + offset) × scale`
/// per axis, the mount matrix, then m/s² → g (motion.md). Polling disturbs no other reader.
public final class AccelerometerSampler: GravitySource {
  public var mode: String { "polled" }
  public let sensor: SensorInfo
  private let axes: [SysfsValueReader]
  private let scales: [Double]
  private let offsets: [Double]
  private let matrix: MountMatrix

  public enum Problem: Error, Equatable, CustomStringConvertible {
    case gone(String)
    /// A buffered source before its first scan: nothing to report yet.
    case noDataYet
    case unreadable(path: String, reason: String)
    case garbage(path: String, text: String)

    public var description: String {
      switch self {
      case .gone(let id): return "the accelerometer \(id) went away"
      case .noDataYet: return "waiting for the first scan"
      case .unreadable(let path, let reason): return "\(path): \(reason)"
      case .garbage(let path, let text): return "\(path) holds \(text.quotedForMessage), not a number"
      }
    }
  }

  /// Nil when the sensor has no raw or processed axis attributes to poll.
  public init?(sensor: SensorInfo, context: ProbeContext) {
    let base = sensor.syspath + "/"
    var readers: [SysfsValueReader] = []
    var scales: [Double] = []
    var offsets: [Double] = []
    let attributes = Set(context.liveEntries(sensor.syspath))
    func number(_ names: [String]) -> Double? {
      for name in names where attributes.contains(name) {
        guard let bytes = context.liveBytes(base + name) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self).trimmingWhitespace()
        guard let value = Double(text), value.isFinite else {
          context.diagnostics.record(base + name, "expected a number, found \(text.quotedForMessage)")
          return nil
        }
        return value
      }
      return nil
    }
    for axis in ["x", "y", "z"] {
      let channel = "in_accel_\(axis)"
      if attributes.contains(channel + "_raw") {
        readers.append(SysfsValueReader(path: base + channel + "_raw"))
        scales.append(number([channel + "_scale", "in_accel_scale", "scale"]) ?? 1)
        offsets.append(number([channel + "_offset", "in_accel_offset"]) ?? 0)
      } else if attributes.contains(channel + "_input") {
        readers.append(SysfsValueReader(path: base + channel + "_input"))
        scales.append(1)
        offsets.append(0)
      } else {
        return nil
      }
    }
    self.sensor = sensor
    self.axes = readers
    self.scales = scales
    self.offsets = offsets
    self.matrix = sensor.mountMatrix ?? .identity
  }

  /// One reading of gravity in g, in the device frame.
  public func sample() -> Result<Vector3, Problem> {
    var values = (0.0, 0.0, 0.0)
    for index in 0..<3 {
      switch axes[index].read() {
      case .success(let raw):
        let value = (raw + offsets[index]) * scales[index]
        switch index {
        case 0: values.0 = value
        case 1: values.1 = value
        default: values.2 = value
        }
      case .failure(.gone): return .failure(.gone(sensor.id))
      case .failure(.unreadable(let code)):
        return .failure(.unreadable(path: axes[index].path, reason: ReadFailure(errno: code).description))
      case .failure(.garbage(let text)): return .failure(.garbage(path: axes[index].path, text: text))
      }
    }
    return .success(matrix.apply(Vector3(values.0, values.1, values.2)) / standardGravity)
  }
}

/// Which accelerometer drives the up-angle: an IIO one in the display, never one in the base.
public enum AccelerometerChoice {
  public enum Outcome {
    case found(SensorInfo)
    case unavailable(String)
  }

  public static func choose(_ sensors: [SensorInfo]) -> Outcome {
    let accelerometers = sensors.filter { $0.type == .accelerometer }
    if let display = accelerometers.first(where: { $0.bus == "iio" && $0.location != .base }) { return .found(display) }
    if accelerometers.isEmpty { return .unavailable("no accelerometer found (no IIO device with in_accel_* channels)") }
    let found = accelerometers.map { "\($0.name ?? $0.type.rawValue) (\($0.id), \($0.bus == "input" ? "input device" : ($0.location?.rawValue ?? "display")))" }
    if accelerometers.allSatisfy({ $0.location == .base && $0.bus == "iio" }) {
      return .unavailable("found only a base accelerometer: \(found.joined(separator: ", ")); the up-angle needs one in the display")
    }
    return .unavailable("found \(found.joined(separator: ", ")); devcaps reads IIO accelerometers in the display")
  }
}
