import ArgumentParser
import DevCapsKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

struct UpAngleCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "up-angle",
    abstract: "Which way is up: a live arrow from the display accelerometer.",
    // The generated usage, every option in it, is 127 columns wide; the options are listed below.
    usage: "devcaps up-angle [<options>]",
    discussion: """
      The angle is atan2(x, -y) of gravity in the device frame, in degrees: 0 upright, positive \
      when the device is turned clockwise, 180 upside down. Lying flat there is no angle (null in \
      JSON) and the arrow keeps its last direction. The accelerometer must be in the display: \
      one in a convertible's base never drives it.

      On a terminal it draws an arrow that turns to any angle; elsewhere it prints a line per \
      sample. --json prints one object per sample (Schemas/event.schema.json), or one document \
      with --once.

      Exit status: 0 at --count or --timeout, 69 when there is no display accelerometer or it \
      goes away, 130 on SIGINT, 143 on SIGTERM. The terminal is always restored.

      Examples:
        devcaps up-angle
        devcaps up-angle --once --json
        devcaps up-angle --json --rate 50 --relative-to landscape-right
      """)

  @Flag(name: .long, help: "Print one reading and exit (the seeds' synchronous orientationAngle).")
  var once = false

  @Flag(name: .long, help: "JSON: one object per sample, or one document with --once.")
  var json = false

  @Option(name: .long, help: "Samples per second (0.1 to 1000).")
  var rate: Double = 10

  @Option(
    name: .customLong("relative-to"),
    help: ArgumentHelp(
      "Report the angle relative to an interface orientation: portrait, portrait-upside-down, landscape-left, landscape-right (or normal, bottom-up, right-up, left-up).",
      valueName: "orientation"))
  var relativeTo: String?

  @Option(name: .long, help: "End after this many seconds.")
  var timeout: Double?

  @Option(name: .long, help: "End after this many samples (the initial one does not count).")
  var count: Int?

  func validate() throws {
    try MotionOptions.validate(rate: rate)
    if let relativeTo {
      guard let orientation = Orientation(word: relativeTo), orientation.centreDegrees != nil else {
        throw ValidationError("--relative-to takes portrait, portrait-upside-down, landscape-left or landscape-right (or normal, bottom-up, right-up, left-up), not '\(relativeTo)'")
      }
    }
    if let count, count < 1 { throw ValidationError("--count must be 1 or more") }
    if let timeout, !(timeout > 0 && timeout < 1e9) { throw ValidationError("--timeout must be a positive number of seconds") }
  }

  func run() throws {
    let (udev, sensor, context) = try MotionOptions.accelerometer()
    if once {
      let tracker = MotionTracker(sampler: try MotionOptions.source(sensor, context: context, session: nil), relativeTo: relativeTo.flatMap(Orientation.init(word:)))
      switch tracker.read() {
      case .success(let sample):
        let event = StreamEvent(.upAngle(tracker.upAngleSample(sample)))
        Output.write(json ? JSONValue(encoding: event).serialized(.pretty) + "\n" : HumanReport.printable(EventText.line(event.event)) + "\n")
      case .failure(let problem):
        Output.error(problem.description)
        throw ExitCode(69)
      }
      return
    }
    let style = TextStyle.forStandardOutput()
    let live = !json && isatty(1) == 1
    let view = UpAngleView(style: style)
    let printer = StreamPrinter(json: json)
    // Live, the frames are the output: events are only counted.
    let session = StreamSession(maximumChanges: count) { event in if !live { printer.print(event) } }
    let sampler = try MotionOptions.source(sensor, context: context, session: session)
    let tracker = MotionTracker(sampler: sampler, relativeTo: relativeTo.flatMap(Orientation.init(word:)))
    MotionOptions.stopWhenRemoved(session, udev: udev, sensor: sampler.sensor)
    if let timeout { session.stop(after: timeout) }
    if live { Output.write(UpAngleView.enter) }
    var initial = true
    session.every(hertz: rate) {
      switch tracker.read() {
      case .success(let sample):
        if live {
          Output.write(UpAngleView.redraw(view.frame(angle: sample.angle, heldAngle: tracker.lastAngle, sample: sample, sensor: sampler.sensor)))
        }
        // The first sample is the initial state; --count counts the samples after it.
        var event = tracker.upAngleSample(sample)
        event.initial = initial
        initial = false
        session.publish([.upAngle(event)])
      case .failure(.noDataYet):
        break
      case .failure(let problem):
        session.loop.stop(.failure(problem.description))
      }
    }
    let stop = session.run()
    if live { Output.write(UpAngleView.leave) }
    try StreamExit.finish(stop)
  }
}

/// What the motion commands share: the rate's bounds, finding the accelerometer, noticing it go.
enum MotionOptions {
  static func validate(rate: Double) throws {
    guard rate >= 0.1 && rate <= 1000 else { throw ValidationError("--rate must be between 0.1 and 1000 samples per second, not \(rate)") }
  }

  /// The display accelerometer, or exit 69 saying what was found instead.
  static func accelerometer() throws -> (Udev, SensorInfo, ProbeContext) {
    guard let udev = Udev() else {
      Output.error("cannot use udev (udev_new failed)")
      throw ExitCode(69)
    }
    let context = ProbeContext()
    switch AccelerometerChoice.choose(SensorProbe(context: context, udev: udev).probe()) {
    case .found(let sensor):
      Output.warn(context.diagnostics.entries)
      return (udev, sensor, context)
    case .unavailable(let reason):
      Output.error(reason)
      throw ExitCode(69)
    }
  }

  /// Its IIO buffer when a stream can use it, else polled sysfs; exit 69 when neither works.
  static func source(_ sensor: SensorInfo, context: ProbeContext, session: StreamSession?) throws -> GravitySource {
    guard let source = AccelerometerFeed.open(sensor, context: context, session: session, note: { Output.error("note: \($0)") }) else {
      Output.error("the accelerometer \(sensor.id) has no in_accel_{x,y,z}_raw attributes to read")
      throw ExitCode(69)
    }
    return source
  }

  /// A udev `remove` of the sensor ends the stream with exit 69.
  static func stopWhenRemoved(_ session: StreamSession, udev: Udev, sensor: SensorInfo) {
    session.watchUdev(udev, subsystems: ["iio"]) { event in
      if event.action == "remove" && (sensor.syspath + "/").hasPrefix(event.device.syspath + "/") {
        session.loop.stop(.failure("the \(sensor.type.rawValue) \(sensor.id) was removed"))
      }
    }
  }
}
