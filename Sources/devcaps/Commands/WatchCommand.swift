import ArgumentParser
import DevCapsKit

struct WatchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "watch",
    abstract: "Stream changes: displays, sensors, and more, as they happen.",
    // The generated usage, every option in it, is 196 columns wide; the options are listed below.
    usage: "devcaps watch <stream> [<options>]",
    discussion: """
      A watch prints the current state first (one line per device), then one line per change, \
      until --count changes were seen, --timeout seconds passed, or it is interrupted. It is \
      event-driven: udev events, not polling.

      Streams:
      \(WatchCommand.streamList)

      battery and lid follow UPower's signals; when upowerd goes away a source-lost line is \
      printed and the watch goes on until it is back (source-restored, then the current state). \
      Without UPower at start, battery follows udev power_supply events through sysfs.

      orientation, proximity and shake poll sysfs at --rate samples per second (defaults 10, 5 \
      and 50) with a timer, or read the IIO buffer when it is idle and writable; with the buffer, \
      the sensor's sampling_frequency is set to the nearest rate its driver lists (a note says \
      so when that is not --rate) and put back at the end. displays and sensors wait for udev \
      events.

      tablet-mode reads the event node of every input device with a SW_TABLET_MODE switch \
      (intel-hid, intel-vbtn, thinkpad_acpi, asus-wmi, gpio-keys) as the kernel sends its \
      events; the machine is in tablet mode while any of them is on. The nodes are readable by \
      root and the input group. A switch that cannot be read (no event node, no permission) is a \
      warning while another one works; when none works the exit status is 69.

      power-profile follows the daemon's PropertiesChanged signals; when it goes away a \
      source-lost line is printed, and source-restored when it is back.

      light, altitude and steps poll their sensor once a second (--rate), as the kernel sends \
      no event for them. altitude is the international barometric formula, 44330 * (1 - \
      (p / 101.325 kPa)^(1/5.255)) m, at each reading minus at the first. steps switches the \
      counter on (in_steps_en) when it is off, which needs write access to it (root, or a udev \
      rule), and off again at the end.

      thermal reads /sys/class/thermal again on each thermal uevent and, as most drivers send \
      none, every 5 seconds (--rate changes it); the state follows the rule in \
      docs/guides/streams.md (Thermal state).

      motion and heading (`devcaps motion` is the live view) use the best source the machine \
      has: a sensor hub's fused rotation (source hub), else devcaps' own filter over the \
      accelerometer and gyroscope (fusion), else the accelerometer alone (accelerometer: no yaw, \
      rotation rate or heading). A magnetometer adds the field and the heading, with the \
      calibration stored for it in $XDG_STATE_HOME/devcaps/magnetometer/ (see `devcaps motion \
      --help`). --reference-frame picks \
      where yaw 0 is (see `devcaps motion --help`).

      Shake detectors (docs/explanation/motion.md): threshold fires when an axis passes --threshold g (1.5) either \
      way, at most once per --lockout seconds (0.5); count fires at five excursions past \
      --threshold either way within 1.5 s, at any rate; angle fires when the direction's change \
      drops by more than --sensitivity radians (0.5) between 10 Hz samples, at most once per \
      --lockout.

      Exit status: 0 at --count or --timeout or when the reader of stdout goes away, 64 for bad \
      options, 69 when a source the stream needs is unavailable, 74 when standard output cannot \
      be written, 130 on SIGINT, 143 on SIGTERM.

      Examples:
        devcaps watch displays
        devcaps watch all --json | jq -c 'select(.event == "display")'
        devcaps watch sensors --count 1 --timeout 30
        devcaps watch thermal --once --json
      """)

  @Argument(
    help: ArgumentHelp(
      "What to watch: \(StreamKind.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "stream"))
  var stream: StreamKind

  @Flag(name: .long, help: "One JSON object per line (Schemas/event.schema.json).")
  var json = false

  @Flag(
    name: .long,
    help:
      "Print the current state and end (--count 0; not shake, which has no state). With all, every stream's, orientation's and motion's once their first sample has come (69 when none is usable within 5 s)."
  )
  var once = false

  @OptionGroup var end: StreamEndOptions

  @OptionGroup var sampling: RateOption<WatchRates>

  @Option(
    name: .long,
    help: ArgumentHelp(
      "motion and heading: \(AttitudeReferenceFrame.allCases.map(\.rawValue).joined(separator: ", ")).",
      valueName: "frame"))
  var referenceFrame: AttitudeReferenceFrame = .xArbitraryZVertical

  @Option(name: .long, help: "Shake detector: count, threshold or angle.")
  var detector: ShakeDetector.Kind = .count

  @Option(
    name: .long,
    parsing: .unconditional,
    help: "Shake threshold in g, for the count and threshold detectors (1.5); for heading, the change in degrees (1).")
  var threshold: Double?

  @Option(name: .long, parsing: .unconditional, help: "Shake sensitivity in radians, for the angle detector.")
  var sensitivity: Double = 0.5

  @Option(
    name: .long, parsing: .unconditional, help: "Seconds between two shakes, for the threshold and angle detectors.")
  var lockout: Double = 0.5

  func validate() throws {
    if let threshold {
      if stream == .heading {
        guard threshold >= 0 && threshold < 360 else {
          throw ValidationError("--threshold must be 0 to 360 degrees for heading")
        }
      } else {
        guard threshold > 0 && threshold.isFinite else {
          throw ValidationError("--threshold must be a positive number of g")
        }
      }
    }
    guard sensitivity > 0 && sensitivity <= .pi else {
      throw ValidationError("--sensitivity must be between 0 and π radians")
    }
    guard lockout >= 0 && lockout.isFinite else { throw ValidationError("--lockout must be 0 or more seconds") }
    try end.validate(once: once)
    if once && stream == .shake {
      throw ValidationError("a shake has no current state for --once to print: use --count N (shakes) or --timeout")
    }
  }

  func run() throws {
    StreamRunner.takeOverSignals()
    var options = StreamOptions()
    options.rate = sampling.rate
    options.shake.kind = detector
    if stream == .heading {
      options.headingThreshold = threshold ?? options.headingThreshold
    } else {
      options.shake.threshold = threshold ?? options.shake.threshold
    }
    options.referenceFrame = referenceFrame
    options.shake.sensitivity = sensitivity
    options.shake.lockout = lockout
    options.maximumChanges = once ? 0 : end.count
    options.duration = end.timeout
    options.note = { Output.error("note: \($0)") }
    let events = try StreamRunner.open(stream, options)
    try StreamRunner.exit(StreamRunner.run(events) { StreamPrinter(json: json).print })
  }
}

extension StreamKind: ExpressibleByArgument {}

extension ShakeDetector.Kind: ExpressibleByArgument {}

extension AttitudeReferenceFrame: ExpressibleByArgument {}
