import ArgumentParser
import DevCapsKit

/// `devcaps motion --replay FILE`: a recording's samples through devcaps' fusion filter, printed
/// as the live stream prints them.
struct MotionReplay {
  let path: String
  let referenceFrame: AttitudeReferenceFrame
  let json: Bool
  /// Samples to print after the first; nil for all of them.
  let count: Int?
  let once: Bool

  /// Exit 66 when the file cannot be read, 65 when a line is not a sample or the frame needs a
  /// magnetometer the recording lacks; nothing is printed then.
  func run() throws {
    let bytes: [UInt8]
    switch MotionRecording.readFile(path) {
    case .success(let read): bytes = read
    case .failure(let failure):
      Output.error("cannot read \(path): \(failure)")
      throw ExitCode.noInput
    }
    let samples: [MotionInput]
    do {
      samples = try MotionRecording.parse(bytes)
    } catch {
      Output.error("\(path): \(error)")
      throw ExitCode.dataError
    }
    if referenceFrame.usesMagnetometer && !samples.contains(where: { $0.magneticField != nil }) {
      Output.error(
        "\(path): \(referenceFrame.rawValue) needs the magnetometer columns (8 to 10), and the recording has none")
      throw ExitCode.dataError
    }
    var estimator = DeviceMotionEstimator(source: .fusion, referenceFrame: referenceFrame)
    let printer = StreamPrinter(json: json)
    let limit = once ? 1 : count.map { $0 + 1 } ?? Int.max
    var delivered = 0
    var firstTime: Double?
    for input in samples where delivered < limit {
      guard let motion = estimator.update(input) else { continue }
      delivered += 1
      let start = firstTime ?? motion.timestamp
      firstTime = start
      let elapsed = motion.timestamp - start
      let rate = delivered > 1 && elapsed > 0 ? Double(delivered - 1) / elapsed : nil
      let event = StreamEvent(
        .motion(DeviceMotionUpdate(motion: motion, sensors: [path], rateHz: rate)), initial: delivered == 1)
      let written =
        once && json ? Output.tryWrite(JSONValue(encoding: event).prettyPrinted + "\n") : printer.print(event)
      if !written { return }
    }
  }
}
