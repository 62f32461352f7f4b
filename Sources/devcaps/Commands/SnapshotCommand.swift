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

      DIR is created (with its parents), or must be an empty directory you own; a symbolic \
      link is refused. Every file is created inside it with O_EXCL and O_NOFOLLOW, relative to \
      the directory devcaps opened, so nothing is written elsewhere; a mount point that leads \
      outside the root is left out with a warning. Files follow the umask.

      Identifiers are replaced by placeholders of the same shape, so the bundle can be \
      attached to a bug report and still replays: MAC addresses (zeroed), serial numbers, \
      UUIDs and asset tags (DMI, USB, device tree, the serial inside an EDID), the machine-id, \
      the hostname, and user names in /home, /media and /run/media paths. --keep-identifiers \
      copies them as read and writes the files holding them 0600.

      Replay it anywhere umockdev is installed; the report is the same but for the disk \
      sizes, which are measured again at the mount points inside DIR (and power's source, \
      sysfs, when upowerd answered on the machine itself). Where a system bus is running, \
      point DBUS_SYSTEM_BUS_ADDRESS elsewhere, or that machine's upowerd answers for power.

      Exit status: 0 written, 64 DIR is not empty, not yours, a symbolic link, or a usage \
      error, 73 DIR or a file in it cannot be created or written.

      Examples:
        devcaps snapshot ~/x1-bug
        tar -C ~ -czf x1-bug.tar.gz x1-bug
        DEVCAPS_ROOT=~/x1-bug DBUS_SYSTEM_BUS_ADDRESS=unix:path=/nonexistent \\
          umockdev-run -d ~/x1-bug/devices.umockdev -- devcaps list
      """)

  @Argument(
    help: ArgumentHelp("A new directory, or an empty one of yours, to write the snapshot into.", valueName: "dir"),
    completion: .directory)
  var directory: String

  @Flag(
    help: "Copy MAC addresses, serial numbers, the machine-id, the hostname and user names as they are (files 0600).")
  var keepIdentifiers = false

  func run() throws {
    let report: Report
    do {
      report = try MachineSnapshot.take(into: directory, keepingIdentifiers: keepIdentifiers)
    } catch {
      Output.error(error.description)
      throw error.isUsageError ? ExitCode.usage : ExitCode.cannotCreate
    }
    Output.warn(report.warnings)
  }
}
