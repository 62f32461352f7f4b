import DevCapsKit
import Foundation
import Testing

/// The DocC article "Replay a recording": its example, word for word, run on a small recording
/// through the public API only.
@Suite("The article \"Replay a recording\"")
struct ReplayArticleTests {
  /// The article's loop, returning what it printed.
  func articleExample(_ path: String) throws -> [String] {
    var printed: [String] = []
    func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
    // From the article:
    let bytes = try MotionRecording.readFile(path).get()
    let samples = try MotionRecording.parse(bytes)
    var estimator = DeviceMotionEstimator(
      source: .fusion, referenceFrame: .xMagneticNorthZVertical,
      gyroscopeBias: GyroscopeBias(learning: false))
    for sample in samples {
      guard let motion = estimator.update(sample) else { continue }
      let attitude = motion.attitude
      let rejected = motion.fusion?.accelerometerRejected ?? false
      print(motion.timestamp, attitude.roll, attitude.pitch, attitude.yaw, rejected)
    }
    return printed
  }

  @Test("a still, flat recording facing north: one line per sample, level, yaw 0, nothing rejected")
  func runs() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("devcaps-article-\(UUID().uuidString).csv")
    let rows = (0..<100).map { "\(Double($0) / 50),0,0,0,0,0,-1,24,0,-41.6" }
    try ("# t,gyro,accel,mag\n" + rows.joined(separator: "\n")).write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let lines = try articleExample(file.path)
    #expect(lines.count == 100)
    #expect(lines.last?.hasPrefix("1.98 ") == true, "the last sample, at 1.98 s")
    let last = try #require(lines.last?.split(separator: " ").compactMap { Double($0) })
    #expect(last.count == 4 && last[1...].allSatisfy { abs($0) < 1e-9 }, "\(lines.last ?? "")")
    #expect(lines.allSatisfy { $0.hasSuffix(" false") })
  }
}
