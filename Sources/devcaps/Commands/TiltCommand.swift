import ArgumentParser
import DevCapsKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

struct TiltCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tilt",
    abstract: "A ball that rolls with the tilt and bounces off the edges: the quickest sensor check.",
    usage: "devcaps tilt [<options>]",
    discussion: """
      Gravity from the display accelerometer, projected on the screen (x right, y down), rolls \
      a ball over the whole terminal as the classic iPhone tilt-ball sample does: the tilt accelerates it (125 \
      columns per second squared at 1 g), rolling friction slows it, and each edge sends it back with --bounce \
      of its speed. A row counts as two columns. The status line shows how far the screen is \
      tilted from flat and which way, the ball's speed in columns per second (a row counting \
      as two, as speed in --json), the sensor and the samples per second. space puts the ball \
      back in the middle; q or Ctrl-C quits; Ctrl-Z gives the terminal back until fg; a resize \
      takes the new size. The screen is redrawn at most 30 times a second, only where it \
      changed.

      A bounce faster than --buzz-threshold buzzes the device when it has a force-feedback \
      motor (an input device with FF_RUMBLE, such as a phone's vibrator): a rumble effect is \
      uploaded to its event node at the start and removed at the end. No motor, no buzz; a \
      node devcaps may not open is one warning.

      --json prints one object per frame instead (Schemas/tilt.schema.json): the ball's \
      position and velocity in cells, gravity, the walls hit and whether it buzzed; the field \
      is the terminal's size, or 80x24 when stdout is not a terminal.

      Exit status: 0 after --frames or q, 64 for bad options or no terminal to draw on, 69 when \
      there is no display accelerometer, 74 when standard output cannot be written, 130 on \
      SIGINT, 143 on SIGTERM. The terminal is always \
      restored.

      Examples:
        devcaps tilt
        devcaps tilt --bounce 0.5 --friction 0.1
        devcaps tilt --frames 120 --json | jq -c '[.position.x, .position.y]'
      """)

  @Option(name: .long, parsing: .unconditional, help: "End after this many frames (one per sample).")
  var frames: Int?

  @Flag(name: .long, help: "No screen: one JSON object per frame (Schemas/tilt.schema.json).")
  var json = false

  @OptionGroup var sampling: RateOption<TiltRate>

  @Option(name: .long, parsing: .unconditional, help: "Fraction of the speed kept at a wall, 0 to 1.")
  var bounce: Double = TiltSettings().bounce

  @Option(name: .long, parsing: .unconditional, help: "Fraction of the speed lost per second of rolling, 0 to 1.")
  var friction: Double = TiltSettings().friction

  @Option(
    name: .customLong("buzz-threshold"), parsing: .unconditional,
    help: "Speed into a wall, in columns per second (a row counts as two), above which a bounce buzzes.")
  var buzzThreshold: Double = 60

  @Flag(name: .customLong("no-buzz"), help: "Never buzz.")
  var noBuzz = false

  func validate() throws {
    guard TiltSettings.fractions.contains(bounce) else {
      throw ValidationError("--bounce must be between 0 and 1, not \(bounce)")
    }
    guard TiltSettings.fractions.contains(friction) else {
      throw ValidationError("--friction must be between 0 and 1, not \(friction)")
    }
    guard buzzThreshold >= 0 && buzzThreshold.isFinite else {
      throw ValidationError("--buzz-threshold must be 0 or more columns per second, not \(buzzThreshold)")
    }
    if let frames, frames < 1 { throw ValidationError("--frames must be 1 or more, not \(frames)") }
    if !json && isatty(1) != 1 {
      throw ValidationError("tilt draws on a terminal and standard output is not one: use --json for frames as lines")
    }
    if !json && !LiveTerminal.canDraw(columns: 10, rows: 5) {
      throw ValidationError(
        "tilt needs a terminal that can move the cursor (not TERM=dumb) and at least 10×5: use --json for frames as lines"
      )
    }
  }

  /// Device motion when the machine has a gyroscope or a hub (its gravity ignores the hand's
  /// jolts), else the display accelerometer; with the source's name for the frames.
  static func openGravity(_ options: StreamOptions) throws -> (DeviceStream, String) {
    var options = options
    options.note = { Output.error("note: \($0)") }
    if MotionManager().isDeviceMotionAvailable, let stream = try? DeviceStream(.motion, options: options) {
      Output.warn(stream.warnings)
      return (stream, stream.sensors.contains { $0.type == .rotation } ? "hub" : "fusion")
    }
    return (try StreamRunner.openUpAngle(options), "accelerometer")
  }

  func run() throws {
    StreamRunner.takeOverSignals()
    LiveTerminal.takeOverSignals()
    var options = StreamOptions()
    options.rate = sampling.rate ?? TiltRate.hertz
    let (stream, source) = try TiltCommand.openGravity(options)
    let rumble = noBuzz ? nil : TiltCommand.openRumble()
    let size = LiveTerminal.size() ?? (80, 24)
    let settings = TiltPlayer.Settings(
      physics: TiltSettings(bounce: bounce, friction: friction), buzzThreshold: buzzThreshold, frames: frames,
      source: source, sensor: stream.sensors.first?.id ?? "unknown")
    let terminal = json ? nil : LiveTerminal.listening()
    terminal?.enterScreen(TiltView.enter, leaving: TiltView.leave)
    let style = TextStyle.forStandardOutput()
    let end = StreamRunner.run(stream, quitting: terminal?.quitPressed) {
      let output: TiltPlayer.Output = terminal.map { .screen($0, style) } ?? .json
      let player = TiltPlayer(settings: settings, output: output, rumble: rumble, columns: size.0, rows: size.1)
      return player.handle
    }
    rumble?.close()
    terminal?.restore()
    try StreamRunner.exit(end)
  }

  /// The device's rumble motor, ready to play; nil when there is none or it cannot be used (then
  /// one warning says why).
  private static func openRumble() -> Rumble? {
    guard let motor = VibrationMotor.find() else { return nil }
    do {
      return try Rumble(motor: motor)
    } catch {
      Output.error("warning: \(error); no buzz")
      return nil
    }
  }
}
