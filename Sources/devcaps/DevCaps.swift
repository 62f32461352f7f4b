import ArgumentParser

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

@main
struct DevCaps: ParsableCommand {
  static let version = "0.1.0"

  static let configuration = CommandConfiguration(
    commandName: "devcaps",
    abstract:
      "What this Linux machine is and can do: model, OS, CPU, memory, disks, battery, sensors, displays, and which way is up.",
    discussion: """
      devcaps answers what an iOS app asks UIDevice, UIRequiredDeviceCapabilities and Core \
      Motion, for the Linux machine it runs on, from the system's own sources (/proc, /sys, \
      statvfs, libudev, UPower, IIO sensors).

      Files under /etc, /proc and /sys are read below the directory named by DEVCAPS_ROOT \
      (default /), so a mounted image or a test fixture can be inspected.

      Exit status: 0 success, 1 a requirement not met, 64 usage error, 65 invalid manifest, \
      66 unreadable manifest, 69 a needed source is unavailable, 73 an export file, a snapshot or a calibration cannot be written, 74 standard output cannot be written (a full disk; a reader that went away keeps the command's own status), 75 too little turning for a calibration, 130 SIGINT, 143 SIGTERM (a stream or live view also ends cleanly on SIGHUP, 129, and SIGQUIT, 131).

      Examples:
        devcaps list                       a readable report of the whole machine
        devcaps list --json --only cpu     the cpu section as JSON
        devcaps get memory.installedBytes  one value, for scripts
        devcaps require kiosk.json         a CI gate: exit 1 when a requirement fails
        devcaps export prometheus          metrics for node_exporter
        devcaps snapshot ~/bug             its sources, for a bug report or a replay
        devcaps watch battery              battery changes as they happen
        devcaps up-angle                   a live arrow pointing up
        devcaps tilt                       a ball rolling with the tilt
        devcaps calibrate magnetometer     a compass corrected for the device
      """,
    version: version,
    subcommands: [
      ListCommand.self, GetCommand.self, RequireCommand.self, ExportCommand.self, SnapshotCommand.self,
      WatchCommand.self,
      UpAngleCommand.self, MotionCommand.self, CalibrateCommand.self, TiltCommand.self,
    ])

  /// The hottest command lines (`--version`, `list`, `get KEY`) run without ArgumentParser, whose
  /// reflection over the command tree costs more than the probing; every other command line,
  /// and any error, help or completion request, goes through ArgumentParser. Its messages are
  /// written through `Output`, so that help on a full disk is exit 74.
  static func main() {
    // Past RLIMIT_FSIZE (`ulimit -f`) a write sends SIGXFSZ, whose default kills the process
    // before it can say so or clean up; ignored, the write fails with EFBIG and every writer
    // (stdout, `export -o`, `snapshot`, `motion --record`) reports it as any other failed write.
    // One rt_sigaction, here, before any command.
    signal(SIGXFSZ, SIG_IGN)
    let arguments = Array(CommandLine.arguments.dropFirst())
    do {
      if let invocation = FastPath.parse(arguments) {
        try invocation.run()
      } else {
        try checkHelpTopic(arguments)
        var command = try parseAsRoot(arguments)
        try command.run()
      }
    } catch {
      Output.endReporting(error, of: DevCaps.self)
    }
  }

  /// `devcaps help NAME…`: ArgumentParser's help command prints the main help and exits 0 for a
  /// name it does not know, so `devcaps help requrie` looked like success. A name that is not a
  /// command (at its level) is a usage error, 64, naming it and the commands there are.
  static func checkHelpTopic(_ arguments: [String]) throws {
    guard arguments.first == "help" else { return }
    var subcommands = configuration.subcommands
    var path = "devcaps"
    for name in arguments.dropFirst() where !name.hasPrefix("-") {
      let names = subcommands.map { $0._commandName }
      guard let index = names.firstIndex(of: name) else {
        if path == "devcaps" && name == "help" { return }
        // Escaped and cut where every usage error's quoted argument is, in Output.endReporting.
        if names.isEmpty { throw ValidationError("unknown command '\(name)': \(path) has no subcommands") }
        throw ValidationError(
          "unknown command '\(name)'; the commands of \(path) are \(names.joined(separator: ", "))")
      }
      subcommands = subcommandsOf(subcommands[index])
      path += " " + name
    }
  }

  private static func subcommandsOf(_ command: any ParsableCommand.Type) -> [any ParsableCommand.Type] {
    command.configuration.subcommands
  }

}
