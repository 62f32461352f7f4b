#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where samples of one device come from, whatever the kind of source: IIO attributes polled,
/// an IIO buffer, an input device's event node. One source may deliver several channel groups
/// of its device (a combined chip's accelerometer and gyroscope).
protocol SampleSource: AnyObject {
  /// The device's kernel name: `iio:device3`, `event5`.
  var id: String { get }
  /// The channel groups it delivers.
  var kinds: [SensorInfo.Kind] { get }
  var mode: SampleMode { get }
  /// The newest sample of one group: read now by a polled source, the last one that arrived
  /// from a streaming one (`.noDataYet` before the first).
  func sample(_ kind: SensorInfo.Kind) -> Result<SensorSample, SampleError>
}

/// A source that delivers by itself: wait until `descriptor` is readable, then `drain()`.
protocol StreamingSampleSource: SampleSource {
  var descriptor: FileDescriptor { get }
  /// Called with every sample decoded, oldest first, each group of a scan in turn.
  var onSample: ((SensorSample) -> Void)? { get set }
  /// Samples decoded so far.
  var samplesRead: Int { get }
  /// Reads and decodes what is there; false at the end of the data or on a read error.
  func drain() -> Bool
  /// Stops reading and puts back what starting changed; what could not be put back.
  func stop() -> [SysfsWriteError]
}

enum SampleMode: String, Sendable {
  case polled, buffered, evdev
}

/// One reading of a channel group in proper units (docs/explanation/motion.md): a vector in g (acceleration),
/// rad/s (angular velocity) or µT (magnetic field) after the sensor's mount matrix, one value
/// (lx, kPa, %, °C, raw proximity counts), or a hub's orientation quaternion; and when it was
/// taken.
struct SensorSample: Sendable, Equatable {
  enum Value: Sendable, Equatable {
    case vector(Vector3)
    case scalar(Double)
    /// A hub's fused orientation, unit length.
    case quaternion(Quaternion)
  }

  var kind: SensorInfo.Kind
  var value: Value
  var timestamp: SampleTimestamp

  init(kind: SensorInfo.Kind, value: Value, timestamp: SampleTimestamp) {
    self.kind = kind
    self.value = value
    self.timestamp = timestamp
  }

  var vector: Vector3? {
    if case .vector(let vector) = value { return vector }
    return nil
  }

  var scalar: Double? {
    if case .scalar(let scalar) = value { return scalar }
    return nil
  }

  var quaternion: Quaternion? {
    if case .quaternion(let quaternion) = value { return quaternion }
    return nil
  }
}

/// When a sample was taken: the kernel's timestamp of a buffer scan or input event on the clock
/// the device uses, else CLOCK_MONOTONIC when devcaps read it.
struct SampleTimestamp: Sendable, Equatable {
  /// The clocks an IIO device can stamp scans with (`current_timestamp_clock`).
  enum Clock: String, Sendable {
    case realtime, monotonic, boottime, tai
    case monotonicRaw = "monotonic_raw"
    case realtimeCoarse = "realtime_coarse"
    case monotonicCoarse = "monotonic_coarse"

    var clockID: clockid_t {
      switch self {
      case .realtime: return CLOCK_REALTIME
      case .monotonic: return CLOCK_MONOTONIC
      case .boottime: return CLOCK_BOOTTIME
      case .tai: return CLOCK_TAI
      case .monotonicRaw: return CLOCK_MONOTONIC_RAW
      case .realtimeCoarse: return CLOCK_REALTIME_COARSE
      case .monotonicCoarse: return CLOCK_MONOTONIC_COARSE
      }
    }
  }

  var nanoseconds: Int64
  var clock: Clock

  init(nanoseconds: Int64, clock: Clock) {
    self.nanoseconds = nanoseconds
    self.clock = clock
  }

  var seconds: Double { Double(nanoseconds) / 1e9 }

  /// The clock's time now.
  static func now(_ clock: Clock = .monotonic) -> SampleTimestamp {
    var spec = timespec()
    clock_gettime(clock.clockID, &spec)
    return SampleTimestamp(nanoseconds: Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec), clock: clock)
  }
}

/// Why a source has no sample.
enum SampleError: Error, Equatable, CustomStringConvertible {
  /// The device went away (its attributes or node vanished): the stream ends.
  case gone(kind: SensorInfo.Kind, id: String)
  /// A streaming source before its first sample: nothing to report yet.
  case noDataYet
  /// The source does not deliver this kind.
  case notDelivered(kind: SensorInfo.Kind, id: String)
  case unreadable(path: String, reason: String)
  case garbage(path: String, text: String)

  var description: String {
    switch self {
    case .gone(let kind, let id): return "the \(kind.rawValue) \(id) went away"
    case .noDataYet: return "waiting for the first scan"
    case .notDelivered(let kind, let id): return "\(id) delivers no \(kind.rawValue) samples here"
    case .unreadable(let path, let reason): return "\(path): \(reason)"
    case .garbage(let path, let text): return "\(path) holds \(text.quotedForMessage), not a number"
    }
  }
}
