import Testing

@testable import DevCapsKit

/// The replay CSV read chunk by chunk: the samples and errors do not depend on where the chunks
/// break, and what the parser keeps between chunks is bounded.
@Suite("Motion recording parser")
struct MotionRecordingParserTests {
  /// The samples of `bytes` fed in chunks of `chunk` bytes, or the error.
  static func parse(_ bytes: [UInt8], chunk: Int) -> Result<[MotionInput], MotionRecordingError> {
    var parser = MotionRecordingParser()
    var samples: [MotionInput] = []
    var start = 0
    return Result { () throws(MotionRecordingError) in
      while start < bytes.count {
        let end = min(start + chunk, bytes.count)
        let piece = Array(bytes[start..<end])
        var position = 0
        try piece.withUnsafeBytes { buffer in
          Result { () throws(MotionRecordingError) in
            while let sample = try parser.next(in: buffer, at: &position) { samples.append(sample) }
          }
        }.get()
        start = end
      }
      if let last = try parser.finish() { samples.append(last) }
      return samples
    }
  }

  static let recordings: [String] = [
    "\u{FEFF}# bench\n\ntimestamp,gx,gy,gz,ax,ay,az,mx,my,mz\n0,0.1,0.2,0.3,0,0,-1,20,0,-40\n0.01,0,0,0,0,0,-1,,,\n1e-2,0,0,0,0,0,-1",
    "0,0,0,0,0,0,-1\r\n  # comment, with, commas\r\n0.01 , 0,0,0,0,0,-1\r\n",
    "0,0,0,0,0,0,-1\n0.5\0garbage,0,0,0,0,0,-1\n",
    "0,0,0,0,0,0,-1,1,,3\n",
    "\u{FEFF}",
    "x,0,0,0,0,0,-1\n",
    // Lines that start as plain numbers and are not (MotionRecordingParser.plainLine).
    "0,0,0,0,0,0,-1\n0.01,1,2,3,4,5,6,7\n",
    "0,0,0,0,0,0,-1\n0.01,1,2,3,4,5,6,7,8,9,10\n",
    "0,0,0,0,0,0,-1\n0.01,+.5,-.5,5.,1e-2,0,-1\n0.02,0,0,0,0,0,-1,1,2,3\n0.03,0,0,0,0,0,-1",
    "0,0,0,0,0,0,-1\n0.01,12345678901234567890,9007199254740993,0.00000000000000000000001,0,0,-1\n",
    "0,0,0,0,0,0,-1\n0.01,-,0,0,0,0,-1\n",
    "0,0,0,0,0,0,-1\n0.01,0,0,0,0,0,-1,#\n",
    "0,0,0,0,0,0,-1\n0.01,0,0,0,0,0,-1\r\n0.02,0,0,0 ,0,0,-1\n0.03,0,0,0,0,0,-1,1,,3\n",
  ]

  @Test("the same samples and errors whatever the chunk size", arguments: recordings)
  func chunkBoundaries(recording: String) {
    let bytes = Array(recording.utf8)
    let whole = Self.parse(bytes, chunk: bytes.count + 1)
    for chunk in 1...8 {
      #expect(Self.parse(bytes, chunk: chunk) == whole, "chunks of \(chunk)")
    }
  }

  @Test("lines of plain numbers, read whole where they lie, give the samples and errors they give field by field")
  func plainLines() {
    var generator = SystemRandomNumberGenerator()
    let numbers = [
      "0", "-0", "1", "-1", "0.001234", "-41.60", "+.5", "5.", "-.0", "123456789.123456789", "9007199254740993",
    ]
    // Bytes that end a plain line early or make it another kind of line.
    let intruders = [",", "\n", " ", "\r", "e", "e-3", "#", "-", ".", "\0", "x", ""]
    for _ in 0..<2000 {
      var lines: [String] = []
      for _ in 0..<Int.random(in: 1...4, using: &generator) {
        let columns = [6, 7, 7, 8, 10, 10, 11].randomElement(using: &generator)!
        var fields = (0..<columns).map { _ in numbers.randomElement(using: &generator)! }
        if Int.random(in: 0..<3, using: &generator) == 0 {
          let column = Int.random(in: 0..<columns, using: &generator)
          let field = fields[column]
          let at = field.index(field.startIndex, offsetBy: Int.random(in: 0...field.count, using: &generator))
          fields[column] = String(field[..<at]) + intruders.randomElement(using: &generator)! + String(field[at...])
        }
        lines.append(fields.joined(separator: ","))
      }
      let bytes = Array((lines.joined(separator: "\n") + (Bool.random(using: &generator) ? "\n" : "")).utf8)
      // Byte by byte, no line lies whole in a chunk: every field is read on its own.
      // As text, bit for bit (`==` takes -0.0 for 0.0; a double's description reads back as itself).
      let fieldByField = "\(Self.parse(bytes, chunk: 1))"
      #expect("\(Self.parse(bytes, chunk: bytes.count))" == fieldByField, "\(lines)")
    }
  }

  @Test("a byte order mark, comments, a header, CRLF and empty magnetometer columns read as samples")
  func lenientWhereItShouldBe() throws {
    let samples = try Self.parse(Array(Self.recordings[0].utf8), chunk: 3).get()
    #expect(samples.count == 3)
    #expect(samples[0].magneticField == Vector3(20, 0, -40) && samples[1].magneticField == nil)
    #expect(samples[0].rotationRate == Vector3(0.1, 0.2, 0.3) && samples[2].timestamp == 0.01)
    #expect(try Self.parse(Array(Self.recordings[1].utf8), chunk: 5).get().count == 2)
  }

  @Test("a NUL inside a number is an error, not the number before it")
  func nulInNumber() {
    #expect(
      Self.parse(Array(Self.recordings[2].utf8), chunk: 4).failure?.description
        == "line 2: column 1 (timestamp): \"0.5\0garbage\" is not a finite number")
  }

  @Test("a byte order mark alone is no sample; an incomplete one is an error")
  func byteOrderMarkOnly() {
    #expect(Self.parse(Array(Self.recordings[4].utf8), chunk: 1).failure?.problem == "no samples in the recording")
    #expect(Self.parse([0xEF, 0xBB, 0x30], chunk: 2).failure?.problem == "an incomplete byte order mark")
  }

  @Test("a field of 4096 bytes is read, one of 4097 is an error; an error quotes at most 64 bytes")
  func fieldLimit() throws {
    let spaces = String(repeating: " ", count: 4095)
    #expect(try Self.parse(Array("0,0,0,0,0,0,\(spaces)1\n".utf8), chunk: 1000).get().count == 1)
    #expect(
      Self.parse(Array("0,0,0,0,0,0, \(spaces)1\n".utf8), chunk: 1000).failure?.description
        == "line 1: column 7 (accelerometer z): longer than 4096 bytes")
    let problem = Self.parse(Array("0,\(String(repeating: "q", count: 4000)),0,0,0,0,-1".utf8), chunk: 999).failure
    #expect(
      problem?.description
        == "line 1: column 2 (gyroscope x): \"\(String(repeating: "q", count: 64))…\" is not a finite number")
  }

  @Test(
    "regression (ReplayFuzzer): more than 4096 spaces before a comment's # are an error however the reads split them; 4096 are not"
  )
  func spacesBeforeComment() throws {
    for spaces in [4096, 4097, 4476] {
      let bytes = Array("0,0,0,0,0,0,-1\n\(String(repeating: " ", count: spaces))# note\n0.01,0,0,0,0,0,-1\n".utf8)
      for chunk in [1, 7, 100, 4097, bytes.count] {
        let parsed = Self.parse(bytes, chunk: chunk)
        if spaces <= 4096 {
          #expect(try parsed.get().count == 2, "\(spaces) spaces, chunks of \(chunk)")
        } else {
          #expect(
            parsed.failure?.description == "line 2: column 1 (timestamp): longer than 4096 bytes",
            "\(spaces) spaces, chunks of \(chunk)")
        }
      }
    }
  }

  @Test("what MotionRecording.line writes (motion --record) reads back as the same doubles, under its header")
  func lineRoundTrip() throws {
    let inputs = [
      MotionInput(
        timestamp: 12345.678901234, acceleration: Vector3(1e-300, -0.0, .leastNonzeroMagnitude),
        rotationRate: Vector3(0.1, -2.5e10, 1.0 / 3)),
      MotionInput(
        timestamp: 12345.688901234, acceleration: Vector3(0.5, 0, -0.866), rotationRate: .zero,
        magneticField: Vector3(24, -0.000001, -41.6)),
    ]
    let lines = inputs.compactMap(MotionRecording.line)
    #expect(lines.count == 2)
    let text = ([MotionRecording.header] + lines).joined(separator: "\n") + "\n"
    #expect(try MotionRecording.parse(Array(text.utf8)) == inputs)
    #expect(MotionRecording.line(MotionInput(timestamp: 0, acceleration: Vector3(0, 0, -1))) == nil, "no gyroscope")
    #expect(MotionRecording.line(MotionInput(timestamp: .nan, acceleration: .zero, rotationRate: .zero)) == nil)
  }

  @Test("the fast number path reads what the C parser reads, to the same double, and refuses what it refuses")
  func fastNumbersAgreeWithStrtod() {
    var generator = SystemRandomNumberGenerator()
    var texts = [
      "0", "-0", "+0", "1.", ".5", "-.5", "+.5", "1e5", "1E+05", "1e-22", "1e22", "1e23", "9007199254740993",
      "9007199254740992", "0.1", "0.30000000000000004", "123456789012345678901", "1.7976931348623157e308",
      "4.9e-324", "1e400", ".", "-", "+", "e5", "1e", "1e+", "1.2.3", "--1", "1-2", "1e5.0", "", "1e-400",
      "00000000000000000000000001.5", "-41.60", "0.001234", "24.06",
    ]
    for _ in 0..<20_000 {
      let digits = String((0..<Int.random(in: 1...20, using: &generator)).map { _ in "0123456789".randomElement()! })
      let point = Int.random(in: 0...digits.count, using: &generator)
      var text = String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
      if Bool.random(using: &generator) { text = "-" + text }
      if Bool.random(using: &generator) { text += "e" + String(Int.random(in: -30...30, using: &generator)) }
      texts.append(text)
    }
    for text in texts {
      let expected = Double(text).flatMap { $0.isFinite ? $0 : nil }
      let read = Array(text.utf8).withUnsafeBufferPointer { MotionRecordingParser.number($0) }
      #expect(
        read?.bitPattern == expected?.bitPattern,
        "\(text): \(String(describing: read)), not \(String(describing: expected))")
    }
  }

  @Test(
    "20 digits whose mantissa wraps in 64 bits, to 0 (2^64) or not, are read by the long way, not as the wrapped number"
  )
  func wrappingMantissa() {
    for text in [
      "18446744073709551616", "1.8446744073709551616", "-184467440737095516.16e-3", "18446744073709551617",
      "99999999999999999999",
    ] {
      let read = Array(text.utf8).withUnsafeBufferPointer { MotionRecordingParser.number($0) }
      #expect(read?.bitPattern == Double(text)?.bitPattern, "\(text): \(String(describing: read))")
    }
  }
}

extension Result {
  fileprivate var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
