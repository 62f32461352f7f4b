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
      within 3 percent of the fitted surface), at --timeout, or when q or Enter is pressed on a \
      terminal (for a fit that is good enough already). On a terminal one line, fitted to its \
      width, shows the coverage, the accuracy, the seconds left and the keys; elsewhere (and \
      with TERM=dumb) a line is printed whenever the coverage or the accuracy changes. A fit of medium accuracy or \
      better is saved to $XDG_STATE_HOME/devcaps/magnetometer/<driver>-<bus path>.json (else \
      ~/.local/state/devcaps/...), replacing an earlier one atomically; every later heading, \
      device-motion sample and watch uses it. A low one is not saved.

      Exit status: 0 when saved (also after q or Enter), 64 for bad options, 69 when there is no \
      magnetometer or no accelerometer to read it with, 73 when the calibration cannot be \
      written, 74 when standard output cannot be written, 75 when the turning did not cover enough \
      directions by --timeout or q (nothing saved: run it again), 130 on SIGINT and 143 on SIGTERM (nothing saved).

      Examples:
        devcaps calibrate magnetometer
        devcaps calibrate magnetometer --timeout 120 --json
      """)

  @Flag(name: .long, help: "JSON: one document with the fit and where it was saved.")
  var json = false

  @OptionGroup var sampling: RateOption<MotionRate>

  @Option(name: .long, parsing: .unconditional, help: "Give up after this many seconds.")
  var timeout: Double = 60

  func validate() throws {
    guard timeout.isFinite, timeout > 0 else {
      throw ValidationError("--timeout must be a number of seconds above 0, not \(timeout)")
    }
  }

  func run() throws {
    StreamRunner.takeOverSignals()
    LiveTerminal.takeOverSignals()
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
      sensor: sensor, live: !json && LiveTerminal.canRedraw, style: TextStyle.forStandardOutput())
    let fitting = MagnetometerFitting()
    let columns = { LiveTerminal.size().flatMap { $0.columns > 0 ? $0.columns : nil } }
    if !json { Output.write(view.introduction(columns: isatty(1) == 1 ? columns() : nil)) }
    let terminal = !json && isatty(0) == 1 && isatty(1) == 1 ? LiveTerminal.listening(enterQuits: true) : nil
    let start = LiveScreen.monotonicSeconds()
    var shownSeconds: Int?
    // q or Enter ends the runner even when no sample comes (one that cannot be read).
    let end = StreamRunner.run(stream, quitting: terminal?.quitPressed) {
      { event in
        // q or Enter: the fit so far, saved when it is good enough.
        if let terminal, terminal.takeRequests().contains(where: { $0 == .quit || $0 == .confirm }) { return false }
        guard case .motion(let update) = event.event, let field = update.motion.magneticField?.field else {
          return true
        }
        // Capped, so that a --timeout of 1e19 s still converts to Int.
        let left = (timeout - (LiveScreen.monotonicSeconds() - start)).rounded(.up)
        let secondsLeft = Int(min(max(0, left), 1e15))
        let fitted = fitting.add(field, at: update.motion.timestamp)
        // On a terminal the time left ticks even while no new fit is made.
        guard let progress = fitted ?? (view.live && secondsLeft != shownSeconds ? fitting.current : nil) else {
          return true
        }
        shownSeconds = secondsLeft
        if !json, let line = view.line(progress, secondsLeft: secondsLeft, columns: columns()),
          !Output.tryWrite(line)
        {
          return false
        }
        // Returning false ends the stream as a closed stdout would; the fit is good enough.
        return progress.result?.calibration.accuracy != .high
      }
    }
    if !json { Output.write(view.finishLine) }
    terminal?.restore()
    if case .signal = end { Output.error("interrupted; nothing saved") }
    try StreamRunner.exit(end)
    try finish(fitting.latest(), sensor: sensor, view: view, seconds: LiveScreen.monotonicSeconds() - start)
  }

  /// Saves the fit when it is good enough; `seconds` is how long the turning went on.
  private func finish(
    _ progress: MagnetometerFitting.Progress, sensor: SensorInfo, view: CalibrationProgressView, seconds: Double
  ) throws {
    guard let result = progress.result, result.calibration.accuracy >= .medium else {
      let coverage = Int(((progress.result?.coverage ?? 0) * 100).rounded())
      if json { Output.write(CalibrationReport(sensor: sensor, progress: progress, path: nil).json) }
      Output.error(
        "not enough of the sphere covered to calibrate \(sensor.id) in \(Units.fixed(min(seconds, timeout), decimals: 0)) s "
          + "(\(coverage) % of directions, \(Units.grouped(progress.readings)) reading\(progress.readings == 1 ? "" : "s"); "
          + "medium accuracy needs 50 %): "
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

  /// The progress as last fitted.
  var current: Progress { state.withLock { $0.progress } }

  /// The fit of every reading kept.
  func latest() -> Progress {
    state.withLock { state in
      state.progress = Progress(readings: state.fit.samples.count, result: state.fit.fit())
      return state.progress
    }
  }
}
