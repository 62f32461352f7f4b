import ArgumentParser

@main
struct DevCaps: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "devcaps",
    abstract: "What this Linux machine is and can do: model, OS, CPU, memory, disks, and more.",
    discussion: """
      devcaps answers what an iOS app asks UIDevice and UIRequiredDeviceCapabilities, for the \
      Linux machine it runs on, from the kernel's own sources (/proc, /sys, statvfs, libudev).

      Files under /etc, /proc and /sys are read below the directory named by DEVCAPS_ROOT \
      (default /), so a mounted image or a test fixture can be inspected.

      Exit status: 0 success, 64 usage error, 69 a needed source is unavailable, 130 interrupted.

      Examples:
        devcaps list                      a readable report of the whole machine
        devcaps list --json --only cpu    the cpu section as JSON
        devcaps get memory.installedBytes one value, for scripts
      """,
    version: "0.1.0",
    subcommands: [ListCommand.self, GetCommand.self, RequireCommand.self, WatchCommand.self, UpAngleCommand.self])
}
