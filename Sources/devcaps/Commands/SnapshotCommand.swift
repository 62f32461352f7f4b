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
      link is refused, and so is a path through one (LINK/.). Every file is created inside it \
      with O_EXCL and O_NOFOLLOW, relative to the directory devcaps opened, so nothing is \
      written elsewhere; a mount point that leads outside the root is left out with a warning. \
      Files follow the umask. Under DEVCAPS_ROOT every source is read inside the root: a link \
      in the image to /etc/shadow or to the host's /usr/lib/os-release leads to the image's \
      own file of that name, never the host's.

      Identifiers are replaced by placeholders of the same shape, so the bundle can be \
      attached to a bug report and still replays. They are found by what identifies, wherever \
      they appear (attribute files, udev properties, the sysfs paths, the report): anything \
      shaped as a MAC address (Ethernet, Wi-Fi, Bluetooth: an input device's phys and uniq \
      included) and interface names made from one (enx00e04c68aa55), zeroed; serial numbers \
      and unique ids (DMI, USB, batteries' serial_number, input devices' uniq, device tree, the \
      serial inside an EDID), disks' world-wide names (wwid, eui, nguid, subsysnqn, the SCSI \
      identification pages vpd_pg80 and vpd_pg83) and network ports' phys_port_id and \
      phys_switch_id, and any value shaped as a world-wide name (naa., eui., t10., nvme.), a \
      UUID or an EUI-64, zeroed where it is hexadecimal; UUIDs and asset tags; the \
      machine-id; the hostname; user names in /home, /media and /run/media paths; serials and \
      volume ids in udev's link names and mount paths (by-id, by-uuid, a FAT serial); network \
      mounts' servers, shares, users and addresses; and each value so replaced wherever else \
      it appears. --keep-identifiers copies them as read, \
      writes the files holding them 0600, and says on standard error which kinds the bundle \
      keeps.

      Replay it anywhere umockdev is installed; the report is the same but for the disk \
      sizes, which are measured again at the mount points inside DIR (and power's source, \
      sysfs, when upowerd answered on the machine itself). Where a system bus is running, \
      point DBUS_SYSTEM_BUS_ADDRESS elsewhere, or that machine's upowerd answers for power.

      Exit status: 0 written, 64 DIR is not empty, not yours, a symbolic link or a path \
      through one, or a usage error, 73 DIR or a file in it cannot be created or written, 74 \
      the --keep-identifiers note cannot be written to standard error (the bundle stays).

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
    help:
      "Copy MAC addresses (and names made from them), serial numbers, world-wide names, port ids, UUIDs, the machine-id, the hostname and user names as they are (files 0600)."
  )
  var keepIdentifiers = false

  func validate() throws {
    if directory.isEmpty { throw ValidationError("the directory is an empty name; name one, such as snapshot-1") }
  }

  func run() throws {
    let report: Report
    do {
      report = try MachineSnapshot.take(into: directory, keepingIdentifiers: keepIdentifiers)
    } catch {
      Output.error(error.description)
      throw error.isUsageError ? ExitCode.usage : ExitCode.cannotCreate
    }
    Output.warn(report.warnings)
    guard keepIdentifiers else { return }
    // The bundle stays: it is complete and what was asked for. Only the note is lost, and a run
    // whose note nobody saw is not a success.
    do {
      try Output.tell(
        "note: \(directory) keeps identifiers: \(MachineSnapshot.identifierKinds.joined(separator: ", ")); "
          + "its files that hold them are 0600; share it only with people you would tell them to")
    } catch {
      throw ExitCode.ioError
    }
  }
}
