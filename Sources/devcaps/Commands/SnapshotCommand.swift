import ArgumentParser
import DevCapsKit

struct SnapshotCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "snapshot",
    abstract: "Save the sources devcaps reads into a directory, for a bug report or a replay elsewhere.",
    discussion: """
      The directory is laid out as a root directory: the /etc, /proc and /sys files the \
      report reads, copied under the same paths (DIR/proc/meminfo), the mount points it \
      measures, and devices.umockdev, the udev devices in umockdev-record's format (each \
      device devcaps enumerates, its ancestors, their properties and attribute files). \
      devcaps-report.json is the report as list --json printed it when the snapshot was \
      taken. Files devcaps found missing stay missing; an unreadable one is written \
      unreadable.

      Replay it anywhere umockdev is installed; the report is the same but for the disk \
      sizes, which are measured again at the mount points inside DIR (and power's source, \
      sysfs, when upowerd answered on the machine itself). Where a system bus is running, \
      point DBUS_SYSTEM_BUS_ADDRESS elsewhere, or that machine's upowerd answers for power.

      Exit status: 0 written, 64 DIR is not empty or a usage error, 73 DIR or a file in it \
      cannot be created or written.

      Examples:
        devcaps snapshot /tmp/x1-bug
        tar -C /tmp -czf x1-bug.tar.gz x1-bug
        DEVCAPS_ROOT=/tmp/x1-bug DBUS_SYSTEM_BUS_ADDRESS=unix:path=/nonexistent \\
          umockdev-run -d /tmp/x1-bug/devices.umockdev -- devcaps list
      """)

  @Argument(
    help: ArgumentHelp("A new or empty directory to write the snapshot into.", valueName: "dir"), completion: .directory)
  var directory: String

  func run() throws {
    let report: Report
    do {
      report = try MachineSnapshot.take(into: directory)
    } catch {
      Output.error(error.description)
      throw ExitCode(error == .notEmpty(directory) ? 64 : 73)
    }
    Output.warn(report.warnings)
    let saved = directory.hasSuffix("/") ? directory : directory + "/"
    if let problem = FileOutput.replace(saved + Self.reportFile, with: report.json.prettyPrinted + "\n") {
      Output.error("cannot write \(saved + Self.reportFile): \(problem)")
      throw ExitCode(73)
    }
  }

  static let reportFile = "devcaps-report.json"
}
