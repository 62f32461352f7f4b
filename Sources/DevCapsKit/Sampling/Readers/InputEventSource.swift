import CDevCapsShims
import DevCapsMotion

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reads an input device's event node (`/dev/input/eventN`): an accelerometer's `EV_ABS`
/// `ABS_X/Y/Z`, or a `SW_FRONT_PROXIMITY` switch. Events are gathered into frames and a frame
/// becomes a sample at `SYN_REPORT`, stamped with its events' time. Before the first event the
/// source already has a sample: the state the kernel holds (`EVIOCGABS`, `EVIOCGSW`) when the node
/// was opened.
///
/// Units: an accelerometer axis is divided by its `absinfo.resolution`, which the kernel defines
/// as units per g for accelerometers (linux/input.h); a driver that leaves it 0 is taken to
/// report 256 units per g, as iio-sensor-proxy's input-accel driver does, so both tools read the
/// same device the same way. Then the mount matrix. A proximity switch gives 1 (near: the
/// kernel's "front proximity sensor active") or 0.
///
/// Clock: the kernel stamps events with CLOCK_REALTIME unless the reader asks otherwise with
/// `EVIOCSCLOCKID`, which applies to this open file only (no other reader is affected and nothing
/// needs putting back). devcaps asks for CLOCK_MONOTONIC, its clock everywhere else; when the
/// kernel refuses, the samples say `realtime`.
final class InputEventSource: StreamingSampleSource {
  let id: String
  let kind: SensorInfo.Kind
  let node: String
  var onSample: ((SensorSample) -> Void)?
  private(set) var samplesRead = 0
  /// The clock of the events' timestamps.
  let clock: SampleTimestamp.Clock
  /// Each accelerometer axis's range and resolution, as `EVIOCGABS` gave them at the start.
  let axes: [InputAxis]
  private let mountMatrix: MountMatrix?
  private var decoder: InputFrameDecoder
  private var latest: SensorSample?
  private let reader: InputEventReader
  /// Why reading stopped (the device went away, or the node ended).
  var ended: Errno? { reader.ended }
  /// The event node; the loop unwatches it by this number after `stop()` closed it.
  var descriptor: FileDescriptor { reader.descriptor }

  var kinds: [SensorInfo.Kind] { [kind] }
  var mode: SampleMode { .evdev }

  enum OpenError: Error, Equatable, CustomStringConvertible {
    case notDelivered(SensorInfo.Kind)
    /// The input device has no `eventN` child.
    case noEventNode(String)
    case cannotOpen(path: String, Errno)
    /// An ioctl that reads the device's state failed.
    case unreadable(path: String, request: String, Errno)

    var description: String {
      switch self {
      case .notDelivered(let kind):
        return "devcaps reads accelerometers and proximity switches from input devices, not \(kind.rawValue)s"
      case .noEventNode(let syspath): return "the input device \(syspath) has no event node"
      case .cannotOpen(let path, let error):
        let hint = error.meansDenied ? " (input event nodes are readable by root and the input group)" : ""
        return "cannot open \(path): \(error)\(hint)"
      case .unreadable(let path, let request, let error): return "\(path): \(request) failed: \(error)"
      }
    }
  }

  /// Opens the node and reads the current state. `kind` is `.accelerometer` or `.proximity`.
  convenience init(kind: SensorInfo.Kind, id: String, node: String, mountMatrix: MountMatrix? = nil) throws(OpenError) {
    guard kind == .accelerometer || kind == .proximity else { throw .notDelivered(kind) }
    let reader = try InputEventReader.open(node)
    // Not every kernel (or a testbed) takes EVIOCSCLOCKID: then events keep CLOCK_REALTIME.
    let monotonic = Errno.result { devcaps_evdev_set_clock(reader.descriptor.rawValue, CLOCK_MONOTONIC) }
    let clock: SampleTimestamp.Clock = (try? monotonic.get()) != nil ? .monotonic : .realtime

    var axes: [InputAxis] = []
    var switchOn = false
    if kind == .accelerometer {
      for code in InputEvent.accelerometerAxes {
        axes.append(try InputEventSource.axis(reader, code))
      }
    } else {
      switchOn = try reader.switchState(InputEvent.frontProximity)
    }
    self.init(
      kind: kind, id: id, reader: reader, clock: clock, axes: axes, switchOn: switchOn, mountMatrix: mountMatrix)
  }

  /// A source over a node already open (non-blocking) whose state was read: what the node
  /// gives, or a pipe standing in for it. The source owns the reader.
  init(
    kind: SensorInfo.Kind, id: String, reader: InputEventReader, clock: SampleTimestamp.Clock, axes: [InputAxis],
    switchOn: Bool, mountMatrix: MountMatrix?
  ) {
    self.id = id
    self.kind = kind
    node = reader.node
    self.reader = reader
    self.mountMatrix = mountMatrix
    self.clock = clock
    self.axes = axes
    decoder = InputFrameDecoder(kind: kind, axes: axes.map(\.value), switchOn: switchOn)
    latest = makeSample(at: .now(clock))
  }

  deinit { _ = stop() }

  private static func axis(_ reader: InputEventReader, _ code: UInt16) throws(OpenError) -> InputAxis {
    var info = devcaps_evdev_axis()
    if case .failure(let error) = Errno.result({
      devcaps_evdev_axis_info(reader.descriptor.rawValue, UInt32(code), &info)
    }) {
      throw .unreadable(path: reader.node, request: "EVIOCGABS(\(InputEvent.axisName(code)))", error)
    }
    return InputAxis(info)
  }

  /// Closes the node. Nothing else was changed: the clock choice belongs to this open file.
  func stop() -> [SysfsWriteError] {
    reader.close()
    return []
  }

  func sample(_ kind: SensorInfo.Kind) -> Result<SensorSample, SampleError> {
    guard kind == self.kind else { return .failure(.notDelivered(kind: kind, id: id)) }
    if ended != nil { return .failure(.gone(kind: kind, id: id)) }
    return latest.map { .success($0) } ?? .failure(.noDataYet)
  }

  /// Reads every whole event there is and turns each complete frame into a sample; false when
  /// the node ended or failed (ENODEV once the device is unplugged), after which `sample` says
  /// the device is gone.
  func drain() -> Bool {
    reader.drain(apply)
  }

  private func apply(_ event: InputEvent) {
    switch decoder.apply(event) {
    case .none: return
    case .frame: publish(makeSample(at: event.timestamp(clock)))
    case .resynchronize:
      // Events were lost (SYN_DROPPED): the state is whatever the kernel holds now.
      do {
        if kind == .accelerometer {
          let values = try InputEvent.accelerometerAxes.map { code throws(OpenError) in
            try InputEventSource.axis(reader, code).value
          }
          decoder.reset(axes: values, switchOn: false)
        } else {
          decoder.reset(axes: [], switchOn: try reader.switchState(InputEvent.frontProximity))
        }
        publish(makeSample(at: .now(clock)))
      } catch {
        // The next frame brings the values again; until then the last sample stands.
      }
    }
  }

  private func publish(_ sample: SensorSample) {
    latest = sample
    samplesRead += 1
    onSample?(sample)
  }

  private func makeSample(at time: SampleTimestamp) -> SensorSample {
    switch decoder.reading {
    case .acceleration(let raw):
      return SensorSample(
        kind: kind, value: .vector(InputAxis.gravity(raw, axes: axes, mountMatrix: mountMatrix)), timestamp: time)
    case .switchState(let on):
      return SensorSample(kind: kind, value: .scalar(on ? 1 : 0), timestamp: time)
    }
  }
}

/// One `struct input_event`: the time (two longs: seconds and microseconds), type, code, value.
struct InputEvent: Equatable, Sendable {
  var seconds: Int64
  var microseconds: Int64
  var type: UInt16
  var code: UInt16
  var value: Int32

  init(seconds: Int64 = 0, microseconds: Int64 = 0, type: UInt16, code: UInt16, value: Int32) {
    self.seconds = seconds
    self.microseconds = microseconds
    self.type = type
    self.code = code
    self.value = value
  }

  // linux/input-event-codes.h
  static let synchronization: UInt16 = 0x00  // EV_SYN
  static let absolute: UInt16 = 0x03  // EV_ABS
  static let switchEvent: UInt16 = 0x05  // EV_SW
  static let report: UInt16 = 0  // SYN_REPORT
  static let dropped: UInt16 = 3  // SYN_DROPPED
  static let accelerometerAxes: [UInt16] = [0x00, 0x01, 0x02]  // ABS_X, ABS_Y, ABS_Z
  static let tabletMode: UInt16 = 0x01  // SW_TABLET_MODE
  static let frontProximity: UInt16 = 0x0b  // SW_FRONT_PROXIMITY

  static func axisName(_ code: UInt16) -> String {
    let names = ["ABS_X", "ABS_Y", "ABS_Z"]
    return names.indices.contains(Int(code)) ? names[Int(code)] : "ABS \(code)"
  }

  /// The size of a record: the kernel's two `long`s of time, then 2 + 2 + 4 bytes.
  static func size(wordSize: Int = MemoryLayout<Int>.size) -> Int { 2 * wordSize + 8 }

  /// The whole records at the start of `bytes`, in the machine's byte order; a partial record at
  /// the end is left for the next read. `wordSize` is the kernel's `long` for this process: 8, or
  /// 4 for 32-bit programs (whose seconds are unsigned since the kernel's 2038 change).
  static func decode(_ bytes: UnsafeRawBufferPointer, wordSize: Int = MemoryLayout<Int>.size) -> [InputEvent] {
    let size = size(wordSize: wordSize)
    var events: [InputEvent] = []
    events.reserveCapacity(bytes.count / size)
    var offset = 0
    while offset + size <= bytes.count {
      func word(_ at: Int) -> Int64 {
        wordSize == 8
          ? bytes.loadUnaligned(fromByteOffset: offset + at, as: Int64.self)
          : Int64(bytes.loadUnaligned(fromByteOffset: offset + at, as: UInt32.self))
      }
      let tail = offset + 2 * wordSize
      events.append(
        InputEvent(
          seconds: word(0), microseconds: word(wordSize),
          type: bytes.loadUnaligned(fromByteOffset: tail, as: UInt16.self),
          code: bytes.loadUnaligned(fromByteOffset: tail + 2, as: UInt16.self),
          value: bytes.loadUnaligned(fromByteOffset: tail + 4, as: Int32.self)))
      offset += size
    }
    return events
  }

  func timestamp(_ clock: SampleTimestamp.Clock) -> SampleTimestamp {
    SampleTimestamp(nanoseconds: seconds &* 1_000_000_000 &+ microseconds &* 1000, clock: clock)
  }
}

/// An absolute axis as `EVIOCGABS` describes it.
struct InputAxis: Equatable, Sendable {
  var value: Int32
  var minimum: Int32
  var maximum: Int32
  var fuzz: Int32
  var flat: Int32
  var resolution: Int32

  init(
    value: Int32 = 0, minimum: Int32 = 0, maximum: Int32 = 0, fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32 = 0
  ) {
    self.value = value
    self.minimum = minimum
    self.maximum = maximum
    self.fuzz = fuzz
    self.flat = flat
    self.resolution = resolution
  }

  init(_ info: devcaps_evdev_axis) {
    self.init(
      value: info.value, minimum: info.minimum, maximum: info.maximum, fuzz: info.fuzz, flat: info.flat,
      resolution: info.resolution)
  }

  /// What a driver that sets no resolution is taken to report per g: iio-sensor-proxy's
  /// input-accel convention ("1G ~= 256").
  static let assumedUnitsPerG = 256.0

  /// Units per g: the resolution, which the kernel defines so for accelerometer axes.
  var unitsPerG: Double { resolution > 0 ? Double(resolution) : InputAxis.assumedUnitsPerG }

  /// Raw x, y, z in g, through the mount matrix (docs/explanation/motion.md's device frame).
  static func gravity(_ raw: [Int32], axes: [InputAxis], mountMatrix: MountMatrix?) -> Vector3 {
    func g(_ index: Int) -> Double {
      let perG = axes.indices.contains(index) ? axes[index].unitsPerG : assumedUnitsPerG
      return raw.indices.contains(index) ? Double(raw[index]) / perG : 0
    }
    let vector = Vector3(g(0), g(1), g(2))
    return mountMatrix?.apply(vector) ?? vector
  }
}

/// Gathers events into frames, as the evdev protocol defines them: values change within a frame,
/// `SYN_REPORT` completes it; after `SYN_DROPPED` everything up to and including the next
/// `SYN_REPORT` is dropped and the reader must fetch the state again.
struct InputFrameDecoder: Equatable {
  enum Reading: Equatable {
    case acceleration([Int32])
    case switchState(Bool)
  }

  enum Outcome: Equatable {
    /// Nothing to report yet.
    case none
    /// A frame that changed what this source reports is complete.
    case frame
    /// Events were lost: read the state with the ioctls and `reset`.
    case resynchronize
  }

  /// The switch followed (`SW_FRONT_PROXIMITY`, `SW_TABLET_MODE`); nil follows an
  /// accelerometer's axes.
  let switchCode: UInt16?
  private var axes: [Int32]
  private var switchOn: Bool
  private var changed = false
  private var dropping = false

  init(switchCode: UInt16?, axes: [Int32] = [], switchOn: Bool) {
    self.switchCode = switchCode
    self.axes = axes.count == 3 ? axes : [0, 0, 0]
    self.switchOn = switchOn
  }

  /// A sensor's decoder: a proximity sensor's front-proximity switch, an accelerometer's axes.
  init(kind: SensorInfo.Kind, axes: [Int32], switchOn: Bool) {
    self.init(switchCode: kind == .proximity ? InputEvent.frontProximity : nil, axes: axes, switchOn: switchOn)
  }

  var reading: Reading { switchCode == nil ? .acceleration(axes) : .switchState(switchOn) }

  mutating func reset(axes: [Int32], switchOn: Bool) {
    if axes.count == 3 { self.axes = axes }
    self.switchOn = switchOn
    changed = false
    dropping = false
  }

  mutating func apply(_ event: InputEvent) -> Outcome {
    if event.type == InputEvent.synchronization {
      switch event.code {
      case InputEvent.dropped:
        dropping = true
        changed = false
        return .none
      case InputEvent.report:
        if dropping {
          dropping = false
          return .resynchronize
        }
        defer { changed = false }
        return changed ? .frame : .none
      default:
        return .none
      }
    }
    guard !dropping else { return .none }
    switch event.type {
    case InputEvent.absolute where switchCode == nil:
      guard let index = InputEvent.accelerometerAxes.firstIndex(of: event.code) else { return .none }
      axes[index] = event.value
      changed = true
    case InputEvent.switchEvent where event.code == switchCode:
      switchOn = event.value != 0
      changed = true
    default:
      break
    }
    return .none
  }
}
