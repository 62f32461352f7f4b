/// Builds the `system` section from os-release, the kernel release and `/proc/uptime`.
struct SystemProbe {
  let context: ProbeContext

  init(context: ProbeContext) { self.context = context }

  func probe() -> SystemInfo {
    // os-release(5): /etc/os-release, falling back to /usr/lib/os-release.
    let release =
      (context.text("/etc/os-release") ?? context.text("/usr/lib/os-release")).map(parseEnvironmentFile) ?? [:]
    func field(_ key: String) -> String? { release[key].flatMap { $0.isEmpty ? nil : $0 } }
    let point = PointRelease.find(osRelease: release, context: context)
    return SystemInfo(
      name: field("NAME"), version: field("VERSION_ID"), fullVersion: point?.version, fullVersionSource: point?.source,
      prettyName: field("PRETTY_NAME"), id: field("ID"),
      idLike: field("ID_LIKE").map { $0.split(separator: " ").map(String.init) } ?? [],
      kernel: KernelIdentity(context: context).release, uptimeSeconds: uptime())
  }

  /// `/proc/uptime` holds seconds since boot and idle seconds.
  func uptime() -> Double? {
    let path = "/proc/uptime"
    guard let line = context.line(path) else { return nil }
    guard let first = line.split(separator: " ").first, let seconds = Double(first), seconds.isFinite, seconds >= 0
    else {
      context.diagnostics.record(path, "expected seconds since boot, found \(line.quotedForMessage)")
      return nil
    }
    return seconds
  }
}
