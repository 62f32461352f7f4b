import CDevCapsShims
import DevCapsMotion
import Foundation
import Testing

@testable import DevCapsKit

/// The evdev source's pure parts (input_event records, absinfo units, frames) fed tables, and
/// its reading loop over a pipe standing in for `/dev/input/eventN`. The ioctls themselves are
/// answered by umockdev in the end-to-end tests (InputSensorStreamTests).
@Suite("Input event source")
struct InputEventSourceTests {
  /// A record as a little-endian machine lays it out: two `long`s of time, type, code, value.
  static func record(
    _ seconds: Int64, _ microseconds: Int64, _ type: UInt16, _ code: UInt16, _ value: Int32, wordSize: Int = 8
  ) -> [UInt8] {
    func bytes<T: FixedWidthInteger>(_ value: T) -> [UInt8] { withUnsafeBytes(of: value.littleEndian, Array.init) }
    let time =
      wordSize == 8 ? bytes(seconds) + bytes(microseconds) : bytes(UInt32(seconds)) + bytes(UInt32(microseconds))
    return time + bytes(type) + bytes(code) + bytes(value)
  }

  static func decode(_ bytes: [UInt8], wordSize: Int = 8) -> [InputEvent] {
    bytes.withUnsafeBytes { InputEvent.decode($0, wordSize: wordSize) }
  }

  @Test("a record is two longs of time and 8 bytes, as this build's struct input_event")
  func recordSize() {
    #expect(InputEvent.size(wordSize: 8) == 24)
    #expect(InputEvent.size(wordSize: 4) == 16)
    #expect(InputEvent.size() == Int(devcaps_evdev_event_size()), "sizeof(struct input_event) from linux/input.h")
  }

  @Test(
    "records decode, negative values and all, a partial one left for later",
    arguments: [
      // An accelerometer frame: ABS_Y −256 (upright at 256 units per g), SYN_REPORT.
      (
        record(1_700_000_000, 250_000, 3, 1, -256) + record(1_700_000_000, 250_000, 0, 0, 0),
        [
          InputEvent(seconds: 1_700_000_000, microseconds: 250_000, type: 3, code: 1, value: -256),
          InputEvent(seconds: 1_700_000_000, microseconds: 250_000, type: 0, code: 0, value: 0),
        ]
      ),
      // SW_FRONT_PROXIMITY set, then 10 bytes of the next record.
      (
        record(12, 999_999, 5, 11, 1) + Array(record(13, 0, 0, 0, 0).prefix(10)),
        [InputEvent(seconds: 12, microseconds: 999_999, type: 5, code: 11, value: 1)]
      ),
      // The extremes of the value field.
      (
        record(0, 0, 3, 2, Int32.min) + record(0, 1, 3, 0, Int32.max),
        [
          InputEvent(type: 3, code: 2, value: Int32.min),
          InputEvent(seconds: 0, microseconds: 1, type: 3, code: 0, value: Int32.max),
        ]
      ),
      ([], []),
      (Array(repeating: 0xff, count: 23), []),
    ] as [([UInt8], [InputEvent])])
  func decode(bytes: [UInt8], expected: [InputEvent]) {
    #expect(Self.decode(bytes) == expected)
  }

  @Test("32-bit programs: 16-byte records whose seconds are unsigned (the kernel's time64 layout)")
  func decode32() {
    let bytes =
      Self.record(3_000_000_000, 5, 3, 0, 512, wordSize: 4) + Self.record(3_000_000_000, 5, 0, 0, 0, wordSize: 4)
    #expect(bytes.count == 32)
    #expect(
      Self.decode(bytes, wordSize: 4) == [
        InputEvent(seconds: 3_000_000_000, microseconds: 5, type: 3, code: 0, value: 512),
        InputEvent(seconds: 3_000_000_000, microseconds: 5, type: 0, code: 0, value: 0),
      ])
  }

  @Test("an event's time on the clock the node stamps with, in nanoseconds")
  func timestamp() {
    let event = InputEvent(seconds: 42, microseconds: 123_456, type: 0, code: 0, value: 0)
    #expect(event.timestamp(.monotonic) == SampleTimestamp(nanoseconds: 42_123_456_000, clock: .monotonic))
  }

  @Test(
    "units per g: the axis resolution, else the 256 iio-sensor-proxy assumes",
    arguments: [
      (InputAxis(value: 0, minimum: -2300, maximum: 2300, fuzz: 18, flat: 18, resolution: 0), 256.0),
      (InputAxis(value: 0, minimum: -32768, maximum: 32767, resolution: 8192), 8192.0),
      (InputAxis(value: 0, minimum: -2048, maximum: 2047, resolution: 1024), 1024.0),
      (InputAxis(resolution: -5), 256.0),
    ])
  func unitsPerG(axis: InputAxis, expected: Double) {
    #expect(axis.unitsPerG == expected)
  }

  @Test("raw axes to gravity in g, per-axis resolution, then the mount matrix")
  func gravity() {
    let axes = [InputAxis(resolution: 1024), InputAxis(resolution: 0), InputAxis(resolution: 8192)]
    #expect(InputAxis.gravity([512, -256, 8192], axes: axes, mountMatrix: nil) == Vector3(0.5, -1, 1))
    // Mounted turned a quarter: raw y is the device's x, raw x its −y.
    let turned = MountMatrix.parse("0, 1, 0; -1, 0, 0; 0, 0, 1")
    #expect(
      InputAxis.gravity([256, 0, 0], axes: [InputAxis(), InputAxis(), InputAxis()], mountMatrix: turned)
        == Vector3(0, -1, 0))
  }

  static func events(_ triples: [(UInt16, UInt16, Int32)]) -> [InputEvent] {
    triples.map { InputEvent(type: $0.0, code: $0.1, value: $0.2) }
  }

  @Test(
    "frames: values change within a frame, SYN_REPORT completes it, a SYN_DROPPED gap asks for the state again",
    arguments: [
      // A frame with two axes: one sample, at the SYN_REPORT.
      ([(3, 0, 100), (3, 2, -50), (0, 0, 0)], [.none, .none, .frame], [100, 0, -50]),
      // The kernel sends only the axes that changed: the others keep their values.
      ([(3, 1, 7), (0, 0, 0), (3, 1, 8), (0, 0, 0)], [.none, .frame, .none, .frame], [0, 8, 0]),
      // A SYN_REPORT with nothing of ours (an MSC_TIMESTAMP frame, another axis) is no sample.
      ([(4, 5, 1000), (3, 40, 3), (0, 0, 0)], [.none, .none, .none], [0, 0, 0]),
      // After SYN_DROPPED, everything to the next SYN_REPORT is dropped, then resynchronise.
      (
        [(3, 0, 5), (0, 3, 0), (3, 0, 9), (0, 0, 0), (3, 0, 11), (0, 0, 0)],
        [.none, .none, .none, .resynchronize, .none, .frame], [11, 0, 0]
      ),
      // A proximity switch is not an accelerometer's business.
      ([(5, 11, 1), (0, 0, 0)], [.none, .none], [0, 0, 0]),
    ] as [([(UInt16, UInt16, Int32)], [InputFrameDecoder.Outcome], [Int32])])
  func accelerometerFrames(triples: [(UInt16, UInt16, Int32)], outcomes: [InputFrameDecoder.Outcome], final: [Int32]) {
    var decoder = InputFrameDecoder(kind: .accelerometer, axes: [0, 0, 0], switchOn: false)
    #expect(Self.events(triples).map { decoder.apply($0) } == outcomes)
    #expect(decoder.reading == .acceleration(final))
  }

  @Test("a proximity switch: SW_FRONT_PROXIMITY set is near, cleared far; other switches are ignored")
  func proximityFrames() {
    var decoder = InputFrameDecoder(kind: .proximity, axes: [], switchOn: true)
    #expect(decoder.reading == .switchState(true))
    #expect(Self.events([(5, 0, 1), (0, 0, 0)]).map { decoder.apply($0) } == [.none, .none], "SW_LID")
    #expect(Self.events([(5, 11, 0), (0, 0, 0)]).map { decoder.apply($0) } == [.none, .frame])
    #expect(decoder.reading == .switchState(false))
    decoder.reset(axes: [], switchOn: true)
    #expect(decoder.reading == .switchState(true))
  }

  @Test("a tablet-mode switch: SW_TABLET_MODE alone counts; the lid and proximity switches and axes do not")
  func tabletModeFrames() {
    var decoder = InputFrameDecoder(switchCode: InputEvent.tabletMode, switchOn: false)
    #expect(
      Self.events([(5, 0, 1), (5, 11, 1), (3, 0, 40), (0, 0, 0)]).map { decoder.apply($0) } == [
        .none, .none, .none, .none,
      ])
    #expect(decoder.reading == .switchState(false))
    #expect(Self.events([(5, 1, 1), (0, 0, 0)]).map { decoder.apply($0) } == [.none, .frame])
    #expect(decoder.reading == .switchState(true))
  }

  /// A source over the reading end of a pipe, with the state a node's ioctls would have given.
  static func piped(_ kind: SensorInfo.Kind, axes: [InputAxis] = [], switchOn: Bool = false, matrix: MountMatrix? = nil)
    throws -> (InputEventSource, FileHandle)
  {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    #expect(fcntl(ends[0], F_SETFL, O_NONBLOCK) == 0)
    let source = InputEventSource(
      kind: kind, id: "event7",
      reader: InputEventReader(descriptor: FileDescriptor(rawValue: ends[0]), node: "/dev/input/event7"),
      clock: .monotonic, axes: axes, switchOn: switchOn, mountMatrix: matrix)
    return (source, FileHandle(fileDescriptor: ends[1], closeOnDealloc: true))
  }

  @Test(
    "through a pipe: the initial state, a sample per frame stamped with its events' time, records split across reads")
  func readsFrames() throws {
    let axes = [
      InputAxis(value: 0, resolution: 0), InputAxis(value: -256, resolution: 0), InputAxis(value: 0, resolution: 0),
    ]
    let (source, writer) = try Self.piped(.accelerometer, axes: axes)
    var seen: [SensorSample] = []
    source.onSample = { seen.append($0) }
    #expect(source.mode == .evdev)
    #expect(try source.sample(.accelerometer).get().vector == Vector3(0, -1, 0), "EVIOCGABS values before any event")
    #expect(source.sample(.gyroscope) == .failure(.notDelivered(kind: .gyroscope, id: "event7")))

    let frame =
      Self.record(100, 500_000, 3, 0, 256) + Self.record(100, 500_000, 3, 1, 0) + Self.record(100, 500_000, 0, 0, 0)
    writer.write(Data(frame.prefix(30)))
    #expect(source.drain())
    #expect(seen.isEmpty, "half a frame is no sample")
    writer.write(Data(frame.dropFirst(30)))
    #expect(source.drain())
    #expect(seen.map(\.vector) == [Vector3(1, 0, 0)])
    #expect(seen.first?.timestamp == SampleTimestamp(nanoseconds: 100_500_000_000, clock: .monotonic))
    #expect(source.samplesRead == 1)

    // Events lost: the ioctls that would fetch the state fail on a pipe, so the last sample stands.
    writer.write(Data(Self.record(101, 0, 0, 3, 0) + Self.record(101, 0, 3, 2, 99) + Self.record(101, 0, 0, 0, 0)))
    #expect(source.drain())
    #expect(try source.sample(.accelerometer).get().vector == Vector3(1, 0, 0))

    // The writer goes away as an unplugged device does: the source says so.
    try writer.close()
    #expect(!source.drain())
    #expect(source.sample(.accelerometer) == .failure(.gone(kind: .accelerometer, id: "event7")))
    #expect(source.stop() == [])
  }

  @Test("through a pipe: a proximity switch gives 1 near and 0 far")
  func readsSwitch() throws {
    let (source, writer) = try Self.piped(.proximity, switchOn: false)
    #expect(try source.sample(.proximity).get().scalar == 0)
    writer.write(Data(Self.record(5, 0, 5, 11, 1) + Self.record(5, 0, 0, 0, 0)))
    #expect(source.drain())
    #expect(try source.sample(.proximity).get().scalar == 1)
  }

  @Test("a node that is not an input device: the ioctl that failed, named")
  func notAnEventNode() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("devcaps-evdev-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let node = directory.appendingPathComponent("event9").path
    #expect(mkfifo(node, 0o600) == 0)
    let keeper = open(node, O_RDWR)  // so the source's open does not wait for a writer
    defer { close(keeper) }
    #expect(
      throws: InputEventSource.OpenError.unreadable(path: node, request: "EVIOCGABS(ABS_X)", Errno(rawValue: ENOTTY))
    ) {
      try InputEventSource(kind: .accelerometer, id: "event9", node: node)
    }
    #expect(throws: InputEventSource.OpenError.cannotOpen(path: directory.path + "/missing", .noSuchFileOrDirectory)) {
      try InputEventSource(kind: .proximity, id: "event9", node: directory.path + "/missing")
    }
    #expect(throws: InputEventSource.OpenError.notDelivered(.gyroscope)) {
      try InputEventSource(kind: .gyroscope, id: "event9", node: node)
    }
  }

  @Test("the choice: an IIO display accelerometer first, an input one when there is none, never a base one")
  func choice() {
    func sensor(_ id: String, _ bus: String, _ location: SensorInfo.Location?) -> SensorInfo {
      var sensor = SensorInfo(type: .accelerometer, id: id, bus: bus, syspath: "/sys/devices/" + id)
      sensor.location = location
      sensor.name = "accel"
      return sensor
    }
    func chosen(_ sensors: [SensorInfo]) -> String? {
      if case .found(let sensor) = AccelerometerChoice.choose(sensors) { return sensor.id }
      return nil
    }
    #expect(chosen([sensor("event7", "input", .display), sensor("iio:device0", "iio", .display)]) == "iio:device0")
    #expect(chosen([sensor("iio:device0", "iio", .base), sensor("event7", "input", .display)]) == "event7")
    #expect(chosen([sensor("event7", "input", .base), sensor("iio:device0", "iio", .base)]) == nil)
    if case .unavailable(let reason) = AccelerometerChoice.choose([sensor("event7", "input", .base)]) {
      #expect(reason == "found only a base accelerometer: accel (event7, base); the up-angle needs one in the display")
    }
  }
}
