import ArgumentParser
import DevCapsKit

/// `devcaps motion --replay FILE`: a recording's samples through devcaps' fusion filter, printed
/// as the live stream prints them.
struct MotionReplay {
  /// The recording's path, `-` for standard input.
  let path: String
  let referenceFrame: AttitudeReferenceFrame
  let json: Bool
  /// Samples to print after the first; nil for all of them.
  let count: Int?
  let once: Bool
  /// The gyroscope's range (rad/s), nil to learn it from readings stuck at one extreme value.
  var gyroscopeRange: Double? = nil

  /// The recording as messages name it.
  var name: String { path == "-" ? "<stdin>" : path }

  /// Reads the file as it goes, printing the samples' lines in batches of 64 KB (written before
  /// any message on stderr, so the lines before an error come before it; from a pipe, also
  /// before a read waits for the writer). Exit 66
  /// when the file cannot be read, 65 at the first line that is not a sample (the samples
  /// before it printed) or when the frame needs a magnetometer the first sample lacks, 74 when
  /// stdout cannot be written (also when a bad line follows: the output is lost either way).
  /// Samples stamped before the one before them are skipped, as the estimator skips them live,
  /// and a warning says how many and where the first was.
  func run() throws {
    let reader: MotionRecordingReader
    do {
      reader = path == "-" ? .standardInput() : try MotionRecordingReader(path: path)
    } catch {
      Output.error("cannot read \(path): \(error)")
      throw ExitCode.noInput
    }
    var estimator = DeviceMotionEstimator(
      source: .fusion, referenceFrame: referenceFrame, gyroscopeRange: gyroscopeRange)
    let printer = StreamPrinter(json: json, batched: true)
    // From a pipe the samples read are printed before a read waits: the next may be long in
    // coming. (A write per sample cost 40 % more for a fast writer such as xzcat.)
    if reader.isStreamed { reader.beforeRead = { _ = printer.flush() } }
    let limit = once ? 1 : count.map { $0 < Int.max ? $0 + 1 : Int.max } ?? Int.max
    var delivered = 0
    // The rate counts from the first sample, or from the last restart (a recording joined on).
    var rateStart: (time: Double, delivered: Int)?
    var read = 0
    var skipped = Skipped()
    let sensors = [name]
    while delivered < limit, let input = try next(reader, printer, skipped) {
      read += 1
      if read == 1 && referenceFrame.usesMagnetometer && input.magneticField == nil {
        try fail(
          "\(name): \(referenceFrame.rawValue) needs the magnetometer columns (8 to 10), and the first sample has none",
          printer, skipped)
      }
      guard let motion = estimator.update(input) else {
        skipped.count += 1
        if skipped.count == 1 { skipped.firstLine = reader.lineOfLastSample }
        continue
      }
      delivered += 1
      if rateStart == nil || motion.restarted { rateStart = (motion.timestamp, delivered) }
      let counted = delivered - rateStart!.delivered
      let elapsed = motion.timestamp - rateStart!.time
      let rate = counted > 0 && elapsed > 0 ? Double(counted) / elapsed : nil
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
    skipped.warn(name)
    try StreamRunner.exit(.finished)
  }

  /// Samples the estimator skipped: stamped before the one before them.
  struct Skipped {
    var count = 0
    var firstLine = 0

    func warn(_ path: String) {
      guard count > 0 else { return }
      Output.error(
        "warning: \(path): \(count) sample\(count == 1 ? "" : "s") skipped, stamped before the sample before "
          + "\(count == 1 ? "it" : "them") (the first at line \(firstLine))")
    }
  }

  private func next(_ reader: MotionRecordingReader, _ printer: StreamPrinter, _ skipped: Skipped) throws
    -> MotionInput?
  {
    do {
      return try reader.next()
    } catch {
      switch error {
      case .data(let problem): try fail("\(name): \(problem)", printer, skipped)
      case .read(let line, let failure):
        try fail("cannot read \(name) at line \(line): \(failure)", printer, skipped, .noInput)
      }
    }
  }

  /// The lines before it written, the message, then 74 if stdout failed meanwhile, else `code`.
  private func fail(
    _ message: String, _ printer: StreamPrinter, _ skipped: Skipped, _ code: ExitCode = .dataError
  ) throws -> Never {
    _ = printer.flush()
    skipped.warn(name)
    Output.error(message)
    if let failure = Output.writeFailure { Output.failAndExit(failure) }
    throw code
  }
}
