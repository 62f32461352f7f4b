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
  /// The gyroscope's range (rad/s), nil to learn it from readings stuck at one extreme value.
  var gyroscopeRange: Double? = nil

  /// Reads the file as it goes, printing the samples' lines in batches of 64 KB (written before
  /// any message on stderr, so the lines before an error come before it). Exit 66
  /// when the file cannot be read, 65 at the first line that is not a sample (the samples
  /// before it printed) or when the frame needs a magnetometer the first sample lacks, 74 when
  /// stdout cannot be written.
  func run() throws {
    let reader: MotionRecordingReader
    do {
      reader = try MotionRecordingReader(path: path)
    } catch {
      Output.error("cannot read \(path): \(error)")
      throw ExitCode.noInput
    }
    var estimator = DeviceMotionEstimator(
      source: .fusion, referenceFrame: referenceFrame, gyroscopeRange: gyroscopeRange)
    let printer = StreamPrinter(json: json, batched: true)
    let limit = once ? 1 : count.map { $0 + 1 } ?? Int.max
    var delivered = 0
    var firstTime: Double?
    var read = 0
    let sensors = [path]
    while delivered < limit, let input = try next(reader, printer) {
      read += 1
      if read == 1 && referenceFrame.usesMagnetometer && input.magneticField == nil {
        _ = printer.flush()
        Output.error(
          "\(path): \(referenceFrame.rawValue) needs the magnetometer columns (8 to 10), and the first sample has none")
        throw ExitCode.dataError
      }
      guard let motion = estimator.update(input) else { continue }
      delivered += 1
      let start = firstTime ?? motion.timestamp
      firstTime = start
      let elapsed = motion.timestamp - start
      let rate = delivered > 1 && elapsed > 0 ? Double(delivered - 1) / elapsed : nil
      let written: Bool
      if once && json {
        let update = DeviceMotionUpdate(motion: motion, sensors: sensors, rateHz: rate)
        written = Output.tryWrite(JSONValue(encoding: StreamEvent(.motion(update), initial: true)).prettyPrinted + "\n")
      } else {
        written = printer.printMotion(motion, sensors: sensors, rateHz: rate, initial: delivered == 1)
      }
      if !written { break }
    }
    _ = printer.flush()
    try StreamRunner.exit(.finished)
  }

  private func next(_ reader: MotionRecordingReader, _ printer: StreamPrinter) throws -> MotionInput? {
    do {
      return try reader.next()
    } catch {
      _ = printer.flush()
      switch error {
      case .data(let problem):
        Output.error("\(path): \(problem)")
        throw ExitCode.dataError
      case .read(let line, let failure):
        Output.error("cannot read \(path) at line \(line): \(failure)")
        throw ExitCode.noInput
      }
    }
  }
}
