import DevCapsMotion
import Testing

@testable import DevCapsKit

/// `JSONLine` writes what `JSONValue.serialized()` writes, byte for byte: the motion samples it
/// writes member by member, and everything else through the tree.
@Suite("JSON lines written in place")
struct JSONLineTests {
  static func line(_ event: StreamEvent) -> String {
    var line = JSONLine(capacity: 16)
    event.writeJSON(into: &line)
    return line.text
  }

  static func motion(
    source: MotionSource = .fusion, gravity: Vector3 = Vector3(0, -1, 0),
    rotationRate: Vector3? = Vector3(0.1, -0.25, 1e-300),
    field: MagneticField? = MagneticField(field: Vector3(20.5, -35, 10), accuracy: .medium), heading: Double? = 359.99,
    sensors: [String] = ["iio:device0", "iio:device1"], rateHz: Double? = 199.87654321,
    timestamp: Double = 18_505.318246568
  ) -> DeviceMotionUpdate {
    let motion = DeviceMotion(
      timestamp: timestamp, attitude: Attitude(roll: 0.3, pitch: -1.2, yaw: 3.0), gravity: gravity,
      userAcceleration: Vector3(-0.0003416049313476055, 2.220446049250313e-16, -0.0),
      rotationRate: rotationRate, magneticField: field, heading: heading, source: source,
      referenceFrame: .xMagneticNorthZVertical)
    return DeviceMotionUpdate(motion: motion, sensors: sensors, rateHz: rateHz)
  }

  @Test(
    "a motion sample: the same text as through Encodable",
    arguments: [
      motion(),
      motion(
        source: .accelerometer, rotationRate: nil, field: nil, heading: nil, sensors: ["iio:device1"], rateHz: nil),
      motion(source: .hub, heading: 0, rateHz: 200),
      motion(gravity: Vector3(.nan, .infinity, -.infinity), rateHz: .nan),
      motion(gravity: Vector3(1e15, -1e15, 123_456_789_012_345), timestamp: 0),
      motion(sensors: ["a\"b\\c\n\u{1}\u{7F}é✓🙂", ""], timestamp: -1.5),
      motion(sensors: []),
    ])
  func motionSample(update: DeviceMotionUpdate) {
    for time in [Timestamp(seconds: 0, milliseconds: 5), Timestamp(seconds: 1_795_000_000, milliseconds: 999)] {
      let event = StreamEvent(.motion(update), time: time)
      #expect(Self.line(event) == JSONValue(encoding: event).serialized())
    }
  }

  @Test("every source, frame and accuracy is written as its raw value", arguments: MotionSource.allCases)
  func enumerations(source: MotionSource) {
    for frame in AttitudeReferenceFrame.allCases {
      for accuracy in MagneticFieldAccuracy.allCases {
        let motion = DeviceMotion(
          timestamp: 1, attitude: Attitude(roll: 0, pitch: 0, yaw: 0), gravity: Vector3(0, 0, -1),
          userAcceleration: Vector3(0, 0, 0), rotationRate: nil,
          magneticField: MagneticField(field: Vector3(1, 2, 3), accuracy: accuracy), heading: nil, source: source,
          referenceFrame: frame)
        let text = Self.line(StreamEvent(.motion(DeviceMotionUpdate(motion: motion, sensors: [], rateHz: nil))))
        #expect(text.hasPrefix(#"{"event":"motion","#))
        #expect(text.contains(#","source":"\#(source.rawValue)","referenceFrame":"\#(frame.rawValue)","#))
        #expect(text.contains(#","accuracy":"\#(accuracy.rawValue)"}"#))
      }
    }
  }

  @Test("the other events go through the tree, with the same text")
  func otherEvents() {
    let time = Timestamp(seconds: 1_795_000_000, milliseconds: 42)
    let events = [
      StreamEvent(.lid(LidUpdate(closed: true, present: nil)), time: time, initial: true),
      StreamEvent(.sourceLost(source: "upower \"daemon\""), time: time),
      StreamEvent(
        .heading(HeadingUpdate(headingDegrees: 12.5, accuracy: .high, source: .fusion, sensor: "iio:device2")),
        time: time),
    ]
    for stamped in events {
      #expect(Self.line(stamped) == JSONValue(encoding: stamped).serialized())
    }
    #expect(
      Self.line(events[0])
        == #"{"event":"lid","time":"2026-11-18T11:06:40.042Z","initial":true,"closed":true,"present":null}"#)
  }

  @Test("the time is RFC 3339 in UTC with milliseconds, in the line as in the string")
  func time() {
    #expect(Timestamp(seconds: 1_795_000_000, milliseconds: 42).rfc3339 == "2026-11-18T11:06:40.042Z")
    #expect(Timestamp(seconds: 0, milliseconds: 5).rfc3339 == "1970-01-01T00:00:00.005Z")
    var line = JSONLine()
    line.value(rfc3339: Timestamp(seconds: 0, milliseconds: 999))
    #expect(line.text == "\"1970-01-01T00:00:00.999Z\"")
  }

  @Test("a line is emptied for the next and keeps its storage")
  func reused() {
    var line = JSONLine()
    let event = StreamEvent(.motion(Self.motion()), time: Timestamp(seconds: 1, milliseconds: 2))
    event.writeJSON(into: &line)
    let first = line.text
    let capacity = line.capacity
    line.removeAll()
    event.writeJSON(into: &line)
    #expect(line.text == first)
    #expect(line.capacity == capacity)
  }

  @Test("containers nest, and any value goes through the generic writer as serialized() writes it")
  func nesting() {
    let value = JSONValue.object([
      JSONMember("a", .array([.integer(-9_223_372_036_854_775_807), .null, .array([]), .object([])])),
      JSONMember("k\"ey", .object([JSONMember("b", .bool(false)), JSONMember("c", .number(0.1))])),
    ])
    var line = JSONLine()
    line.value(value)
    #expect(line.text == value.serialized())
  }

  @Test("times in the same second and the next are each written in full, the date part kept per second")
  func timesInARow() {
    let times = [
      Timestamp(seconds: 1_795_000_000, milliseconds: 1), Timestamp(seconds: 1_795_000_000, milliseconds: 999),
      Timestamp(seconds: 1_795_000_001, milliseconds: 0), Timestamp(seconds: 86_399, milliseconds: 7),
      Timestamp(seconds: 1_795_000_001, milliseconds: 500),
    ]
    var line = JSONLine()
    for time in times {
      line.removeAll()
      line.value(rfc3339: time)
      #expect(line.text == "\"\(time.rfc3339)\"")
    }
    #expect(line.text == "\"2026-11-18T11:06:41.500Z\"")
  }

  @Test("a copy of a line keeps its text when either is written to or emptied")
  func copies() {
    var line = JSONLine(capacity: 64)
    line.beginArray()
    line.value("shared")
    var copy = line
    line.value("original")
    copy.value("copy")
    line.endArray()
    copy.endArray()
    #expect(line.text == #"["shared","original"]"#)
    #expect(copy.text == #"["shared","copy"]"#)
    var emptied = copy
    emptied.removeAll()
    emptied.value(String(repeating: "x", count: 100))
    #expect(copy.text == #"["shared","copy"]"#)
    #expect(emptied.text == "\"" + String(repeating: "x", count: 100) + "\"")
  }

  /// JSON's escapes as the writer's documentation lists them, a character at a time.
  static func escaped(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}":
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  @Test(
    "a character to escape is found at any place of a long string, not only in its first bytes",
    arguments: ["\"", "\\", "\n", "\u{1}", "\u{1F}", "\u{7F}", "\u{80}", "\u{9B}", "é", "🙂", "~", " "])
  func escapesAnywhere(special: String) {
    for length in [0, 7, 8, 9, 15, 16, 17, 24] {
      for position in 0...length {
        let plain = String(repeating: "a", count: length)
        let text = String(plain.prefix(position)) + special + String(plain.dropFirst(position))
        var line = JSONLine(capacity: 16)
        line.value(text)
        #expect(line.text == Self.escaped(text), "\(special.unicodeScalars.map(\.value)) at \(position) of \(length)")
      }
    }
  }

  @Test("members written as one stretch follow the line's commas, numbers and literals as the line writes them")
  func stretches() {
    var line = JSONLine(capacity: 16)
    line.beginObject()
    line.stretch(upTo: 4 * JSONLine.numberLength + 32) { writer in
      writer.raw(#""a":"#)
      writer.value(1.5)
      writer.raw(#","b":"#)
      writer.value(nil as Double?)
      writer.raw(#","c":"#)
      writer.value(Double.infinity)
      writer.raw(#","d":"#)
      writer.value(true)
    }
    line.key("e")
    line.value(2.0)
    line.stretch(upTo: JSONLine.numberLength + 8) { writer in
      writer.raw(#""f":"#)
      writer.value(-0.0)
    }
    line.endObject()
    #expect(line.text == #"{"a":1.5,"b":null,"c":null,"d":true,"e":2.0,"f":0.0}"#)
  }

  @Test("a stretch that writes more than the room it reserved stops the program, not writing past its storage")
  func stretchBeyondItsRoom() async {
    await #expect(processExitsWith: .failure) {
      var line = JSONLine(capacity: 64)
      line.stretch(upTo: 8) { writer in writer.raw(#""key":"value""#) }
    }
    // A number takes the room of its longest form, however short it is written (the room is
    // one byte more than asked, for a comma).
    await #expect(processExitsWith: .failure) {
      var line = JSONLine(capacity: 64)
      line.stretch(upTo: JSONLine.numberLength - 2) { writer in writer.value(1.5) }
    }
    // Exactly the room it reserved is written.
    await #expect(processExitsWith: .success) {
      var line = JSONLine(capacity: 64)
      line.stretch(upTo: 13) { writer in writer.raw(#""key":"value""#) }
      line.stretch(upTo: JSONLine.numberLength) { writer in writer.value(-2.2250738585072014e-308) }
    }
  }

  @Test("a list of strings is escaped again when it changes, and copied from the last line's bytes when it does not")
  func stringsKept() {
    var line = JSONLine(capacity: 16)
    let first = ["a\"b", "c"]
    // An empty list first: the kept bytes start as the empty list's.
    for (list, expected) in [
      ([], "[]"), (first, #"["a\"b","c"]"#), (first, #"["a\"b","c"]"#), (["a\"b", "d"], #"["a\"b","d"]"#), ([], "[]"),
      (["c"], #"["c"]"#), (["c", "e"], #"["c","e"]"#),
    ] {
      line.removeAll()
      line.value(strings: list)
      #expect(line.text == expected)
    }
  }
}
