import ArgumentParser
import DevCapsKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

struct MotionCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "motion",
    abstract: "Device motion, live: attitude, rotation rate, gravity, user acceleration, heading.",
    usage: "devcaps motion [<options>]",
    discussion: """
      What Core Motion's CMDeviceMotion gives an iOS app, for this machine (docs/explanation/motion.md's device \
      frame: x right, y up, z out of the screen): attitude as roll (about y), pitch (about x) \
      and yaw (about the vertical), 0, 0, 0 flat and face up, pitch 90 degrees upright (where, as \
      at -90, roll and yaw turn about the same axis: roll is 0 there and yaw holds the turn); gravity and \
      user acceleration in g; rotation rate in rad/s with the gyroscope's bias removed; the \
      magnetic field in microtesla with its calibration accuracy; the compass heading.

      Sources, best first, and the output says which: a sensor hub's fused rotation (hub), \
      devcaps' own filter over the accelerometer and gyroscope (fusion: gravity averaged in the \
      gyroscope's frame, a heading that ignores a disturbed magnetic field, built the way VQF \
      is; docs/explanation/motion-benchmark.md), or the accelerometer \
      alone (accelerometer: roll and pitch only, yaw, rotation rate and heading are null).

      Reference frames: x-arbitrary-z-vertical (yaw 0 where the stream started), \
      x-arbitrary-corrected-z-vertical (the same, yaw drift corrected by the magnetometer), \
      x-magnetic-north-z-vertical (x towards magnetic north). The last two need a magnetometer \
      and a gyroscope (or a hub). Headings use the magnetometer's calibration in \
      $XDG_STATE_HOME/devcaps/magnetometer/ (offset, scale, fieldStrength, accuracy; docs/guides/device-motion.md); \
      without one the field's accuracy is uncalibrated.

      On a terminal it draws a live readout with an artificial horizon on the alternate screen \
      (q or Ctrl-C quits; the terminal is always restored; Ctrl-Z gives it back until fg; a \
      resize takes the new size; only what changed is redrawn, at most 30 times a second). A \
      terminal smaller than the readout shows, centred, the size it needs. With TERM=dumb it \
      prints a line when the sample's text changes; elsewhere a line per sample. --json prints one object per sample (Schemas/event.schema.json, event motion), or \
      one document with --once.

      --replay FILE runs a recording through the same filter instead of the sensors and prints \
      what the live stream would (the terminal readout aside): CSV, one sample a line, columns \
      timestamp (s), gyroscope x y z (rad/s, right-handed, bias included), accelerometer x y z \
      (g, the gravity direction: 0,0,-1 lying face up; negate an IMU's specific force), and \
      optionally magnetometer x y z (microtesla, used as recorded), in the device frame above. \
      The file (or pipe, or - for standard input) is read as it goes, in the same little memory \
      whatever its size, each sample printed before the next line is read. A UTF-8 byte order mark, empty lines, lines starting \
      with # and a first line of column names are skipped; anything else must be a sample: \
      decimal numbers (no NUL, nan or hexadecimal), no field longer than 4096 bytes. --rate and \
      --timeout do not apply; sensors names the file. A clock gap over 0.5 s is bridged: the \
      heading is carried across and the tilt taken again from the accelerometer; one over 2 s \
      restarts the estimate (restarted: true). --gyroscope-range DEG gives the gyroscope's \
      range in degrees per second (a reading at it on any axis is clipped, as a live IIO \
      gyroscope's range comes from its scan type and scale); without it a gyroscope axis stuck \
      at one extreme value is taken as clipped. While clipped the turn the gyroscope left out is \
      read from the magnetometer (in a frame that uses it) and the tilt and heading lean on the \
      accelerometer and magnetometer for a second after.

      --record FILE writes what the sensors read, raw, in that format instead of printing: a \
      header line, then one line per sample at --rate (the gyroscope with its bias, the \
      accelerometer as the gravity direction, the magnetometer uncalibrated, its columns empty \
      without one), until --count, --timeout or --once (one of them is required) or SIGINT. The \
      file is written whole at the end, replacing a regular file atomically; a device, FIFO or \
      directory is refused, as export -o refuses them. It needs an accelerometer and a gyroscope.

      Exit status: 0 at --count, --timeout, q or the recording's end, 65 when a --replay line \
      is not a sample (the message gives its line and column; the samples before it are printed) \
      or the frame needs magnetometer columns the first sample lacks, 66 when the --replay file \
      cannot be read (a regular file, a pipe or -; a device or directory is refused), 69 when the machine has no motion sensors or the frame's magnetometer is \
      missing (the message says what is missing), 73 when the --record file is refused or \
      cannot be created or written, 74 when standard output cannot be written, 130 on SIGINT, 143 on SIGTERM.

      Examples:
        devcaps motion
        devcaps motion --once --json
        devcaps motion --replay walk.csv --json
        devcaps motion --replay swing.csv --gyroscope-range 2000 --json
        xzcat walk.csv.xz | devcaps motion --replay - --json
        devcaps motion --record walk.csv --timeout 30 --rate 100
        devcaps motion --json --rate 100 --reference-frame x-magnetic-north-z-vertical
      """)

  @Flag(name: .long, help: "Print one sample and exit.")
  var once = false

  @Flag(name: .long, help: "JSON: one object per sample, or one document with --once.")
  var json = false

  @OptionGroup var sampling: RateOption<MotionRate>

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Where yaw 0 is: \(AttitudeReferenceFrame.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "frame")
  )
  var referenceFrame: AttitudeReferenceFrame = .xArbitraryZVertical

  @OptionGroup var end: StreamEndOptions

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Replay a CSV recording (a file, a pipe or - for standard input) instead of the sensors (see below).",
      valueName: "file"))
  var replay: String?

  @Option(
    name: .long,
    parsing: .unconditional,
    help: ArgumentHelp(
      "With --replay: the gyroscope's range in degrees per second; readings at it are clipped (see below).",
      valueName: "deg/s"))
  var gyroscopeRange: Double?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Record the sensors' raw readings into a CSV file --replay reads (see below).", valueName: "file"))
  var record: String?

  func validate() throws {
    try end.validate(once: once)
    if replay == "" || record == "" {
      throw ValidationError("--replay and --record take a file name, not an empty one")
    }
    if record != nil && replay != nil { throw ValidationError("--record and --replay cannot be combined") }
    if let gyroscopeRange {
      if replay == nil {
        throw ValidationError(
          "--gyroscope-range needs --replay: a live gyroscope's range comes from its IIO scan type and scale")
      }
      if !(gyroscopeRange > 0 && gyroscopeRange.isFinite) {
        throw ValidationError(
          "--gyroscope-range must be a positive number of degrees per second, not \(gyroscopeRange)")
      }
    }
    if record != nil && !once && end.count == nil && end.timeout == nil {
      throw ValidationError("--record needs --count, --timeout or --once: a recording ends")
    }
  }

  func run() throws {
    if let replay {
      return try MotionReplay(
        path: replay, referenceFrame: referenceFrame, json: json, count: end.count, once: once,
        gyroscopeRange: gyroscopeRange.map { $0 * Double.pi / 180 }
      ).run()
    }
    var options = StreamOptions()
    options.rate = sampling.rate
    options.referenceFrame = referenceFrame
    options.maximumChanges = once ? 0 : end.count
    options.duration = end.timeout
    options.note = { Output.error("note: \($0)") }
    if let record { return try MotionRecord(path: record, options: options).run() }
    StreamRunner.takeOverSignals()
    LiveTerminal.takeOverSignals()
    let stream = try StreamRunner.open(.motion, options)
    if once {
      let end = StreamRunner.run(stream) {
        { event in
          Output.tryWrite(
            json
              ? JSONValue(encoding: event).prettyPrinted + "\n"
              : OutsideText.terminal(EventText.line(event.event)) + "\n")
        }
      }
      return try StreamRunner.exit(end)
    }
    let view = MotionView(style: TextStyle.forStandardOutput())
    let end = LiveView.run(stream, json: json) { event in
      guard case .motion(let update) = event else { return nil }
      return view.frame(update)
    }
    try StreamRunner.exit(end)
  }
}
