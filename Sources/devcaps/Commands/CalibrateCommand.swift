import ArgumentParser
import DevCapsKit
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

struct CalibrateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "calibrate",
    abstract: "Calibrate a sensor and keep the result for every later reading.",
    usage: "devcaps calibrate magnetometer [<options>]",
    subcommands: [CalibrateMagnetometerCommand.self])
}

struct CalibrateMagnetometerCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "magnetometer",
    abstract: "Fit the magnetometer's hard- and soft-iron correction while you turn the device.",
    usage: "devcaps calibrate magnetometer [<options>]",
    discussion: """
      A magnetometer reads the earth's field plus the field of the device's own magnets and \
      steel, which moves and stretches what it reads: headings are off until that is measured. \
      Turn the device slowly through every orientation (face up, face down, each edge up) while \
      this runs. devcaps reads the raw field through the device-motion sources, fits a sphere \
      (the hard-iron offset) and, once 60 percent of directions are covered, an axis-aligned \
      ellipsoid (a per-axis soft-iron scale), and shows how much of the sphere is covered.

      It ends as soon as the accuracy is high (75 percent of directions covered, the readings \
      within 3 percent of the fitted surface), or at --timeout. A fit of medium accuracy or \
      better is saved to $XDG_STATE_HOME/devcaps/magnetometer/<driver>-<bus path>.json (else \
      ~/.local/state/devcaps/...), replacing an earlier one atomically; every later heading, \
      device-motion sample and watch uses it. A low one is not saved.

      Exit status: 0 when saved, 69 when there is no magnetometer or no accelerometer to read it \
      with, 73 when the calibration cannot be written, 75 when the turning did not cover enough \
      directions (nothing saved: run it again), 130 on SIGINT and 143 on SIGTERM (nothing saved).

      Examples:
        devcaps calibrate magnetometer
        devcaps calibrate magnetometer --timeout 120 --json
      """)

  @Flag(name: .long, help: "JSON: one document with the fit and where it was saved.")
  var json = false

  @OptionGroup var sampling: RateOption<MotionRate>

  @Option(name: .long, help: "Give up after this many seconds.")
  var timeout: Double = 60

  func validate() throws {
    guard timeout.isFinite, timeout > 0 else {
      throw ValidationError("--timeout must be a number of seconds above 0, not \(timeout)")
    }
  }

  func run() throws {
    StreamRunner.takeOverSignals()
    guard let sensor = MotionManager().magnetometer else {
      Output.error("no magnetometer to calibrate (no IIO device with in_magn_x, in_magn_y and in_magn_z)")
      throw ExitCode.unavailable
    }
    var options = StreamOptions()
    options.rate = sampling.rate
    options.duration = timeout
    options.appliesMagnetometerCalibration = false
    options.note = { Output.error("note: \($0)") }
    let stream = try StreamRunner.open(
      .motion, options, context: "the magnetometer is read with the device-motion sources")

    let view = CalibrationProgressView(
      sensor: sensor, live: !json && isatty(1) == 1, style: TextStyle.forStandardOutput())
    let fitting = MagnetometerFitting()
    if !json { Output.write(view.introduction) }
    let end = StreamRunner.run(stream) {
      { event in
        guard case .motion(let update) = event.event, let field = update.motion.magneticField?.field else {
          return true
        }
        guard let progress = fitting.add(field, at: update.motion.timestamp) else { return true }
        if !json, let line = view.line(progress), !Output.tryWrite(line) { return false }
        // Returning false ends the stream as a closed stdout would; the fit is good enough.
        return progress.result?.calibration.accuracy != .high
      }
    }
    if !json { Output.write(view.finishLine) }
    if case .signal = end { Output.error("interrupted; nothing saved") }
    try StreamRunner.exit(end)
    try finish(fitting.latest(), sensor: sensor, view: view)
  }

  private func finish(_ progress: MagnetometerFitting.Progress, sensor: SensorInfo, view: CalibrationProgressView)
    throws
  {
    guard let result = progress.result, result.calibration.accuracy >= .medium else {
      let coverage = Int(((progress.result?.coverage ?? 0) * 100).rounded())
      if json { Output.write(CalibrationReport(sensor: sensor, progress: progress, path: nil).json) }
      Output.error(
        "not enough of the sphere covered to calibrate \(sensor.id) in \(Units.fixed(timeout, decimals: 0)) s "
          + "(\(coverage) % of directions, \(progress.readings) readings; medium accuracy needs 50 %): "
          + "turn the device through every orientation and run it again; nothing saved")
      throw ExitCode.tryAgain
    }
    let path: String
    do {
      path = try MagnetometerCalibrationStore().save(result.calibration, for: sensor)
    } catch {
      Output.error(error.description)
      throw ExitCode.cannotCreate
    }
    Output.write(
      json ? CalibrationReport(sensor: sensor, progress: progress, path: path).json : view.saved(result, at: path))
  }
}

/// The readings so far and the latest fit, shared by the task printing the stream and the
/// command that saves the fit when the stream has ended.
final class MagnetometerFitting: Sendable {
  struct Progress: Sendable {
    var readings = 0
    var result: MagnetometerFit.Result?
  }

  /// Fitting every sample would cost more than reading it; five fits a second show progress.
  static let fitInterval = 0.2

  private let state = Mutex<(fit: MagnetometerFit, progress: Progress, lastFit: Double?)>(
    (MagnetometerFit(), Progress(), nil))

  /// The progress when the fit was redone, nil when it was not (too soon, or nothing new).
  func add(_ field: Vector3, at time: Double) -> Progress? {
    state.withLock { state in
      guard state.fit.add(field) else { return nil }
      if let last = state.lastFit, time - last < Self.fitInterval { return nil }
      state.lastFit = time
      state.progress = Progress(readings: state.fit.samples.count, result: state.fit.fit())
      return state.progress
    }
  }

  /// The fit of every reading kept.
  func latest() -> Progress {
    state.withLock { state in
      state.progress = Progress(readings: state.fit.samples.count, result: state.fit.fit())
      return state.progress
    }
  }
}
