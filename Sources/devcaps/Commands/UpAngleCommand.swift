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

      On a terminal it draws an arrow that turns to any angle, with the angle, the orientation \
      and gravity (q or Ctrl-C quits; Ctrl-Z gives the terminal back until fg; a resize takes the \
      new size; only what changed is redrawn, at most 30 times a second). A terminal smaller \
      than the picture shows, centred, the size it needs. With TERM=dumb it prints a line when \
      the reading changes; elsewhere (a pipe, a file) a line per sample. --json prints one \
      object per sample (Schemas/event.schema.json), or one document with --once.

      Exit status: 0 at --count, --timeout or q, 64 for bad options, 69 when there is no display \
      accelerometer or it goes away, 74 when standard output cannot be written, 130 on SIGINT, \
      143 on SIGTERM. The terminal is always restored.

      Examples:
        devcaps up-angle
        devcaps up-angle --once --json
        devcaps up-angle --json --rate 50 --relative-to landscape-right
      """)

  @Flag(name: .long, help: "Print one reading and exit (iOS's synchronous orientationAngle).")
  var once = false

  @Flag(name: .long, help: "JSON: one object per sample, or one document with --once.")
  var json = false

  @OptionGroup var sampling: RateOption<UpAngleRate>

  @Option(
    name: .customLong("relative-to"),
    help: ArgumentHelp(
      "Report the angle relative to an interface orientation: portrait, portrait-upside-down, landscape-left, landscape-right (or normal, bottom-up, right-up, left-up).",
      valueName: "orientation"))
  var relativeTo: InterfaceOrientation?

  @OptionGroup var end: StreamEndOptions

  func validate() throws { try end.validate(once: once) }

  func run() throws {
    let orientation = relativeTo?.orientation
    if once { return try readOnce(relativeTo: orientation) }
    StreamRunner.takeOverSignals()
    LiveTerminal.takeOverSignals()
    var options = StreamOptions()
    options.rate = sampling.rate
    options.relativeTo = orientation
    options.maximumChanges = end.count
    options.duration = end.timeout
    let stream = try StreamRunner.openUpAngle(options)
    let view = UpAngleView(style: TextStyle.forStandardOutput())
    let sensor = stream.sensors.first.map { "\($0.name ?? "accelerometer") (\($0.id))" } ?? "accelerometer"
    // Lying flat the arrow keeps the last direction there was.
    var heldAngle: Double? = nil
    try StreamRunner.exit(
      LiveView.run(stream, json: json) { event in
        guard case .upAngle(let sample) = event else { return nil }
        heldAngle = sample.angleDegrees ?? heldAngle
        return view.frame(sample: sample, heldAngle: heldAngle, sensor: sensor)
      })
  }

  /// `--once`: one polled reading.
  private func readOnce(relativeTo: Orientation?) throws {
    do {
      let (sample, warnings) = try DeviceStream.readUpAngle(relativeTo: relativeTo)
      Output.warn(warnings)
      let event = StreamEvent(.upAngle(sample))
      Output.write(
        json
          ? JSONValue(encoding: event).prettyPrinted + "\n" : OutsideText.terminal(EventText.line(event.event)) + "\n")
    } catch {
      Output.error(error.description)
      throw ExitCode.unavailable
    }
  }
}
