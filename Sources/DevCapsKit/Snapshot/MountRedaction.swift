/// What a mount table and /proc/cpuinfo say that identifies, by their fields.
///
/// A bug report needs a mount's filesystem type, mount point and options, not where a network
/// filesystem comes from: a network mount's source (`//fs01.corp.example.com/ada$`,
/// `nas.home.example:/export`, `ada@myvps.example.org:/srv`) becomes a placeholder of its form
/// (`//redacted-host/redacted-share`, `redacted-host:/redacted-path`,
/// `redacted-user@redacted-host:/redacted-path`), and so do the options that name a server, a
/// user, a domain or an address (CIFS' `username=`, `domain=`, `addr=`, `unc=`; NFS' `addr=`,
/// `clientaddr=`, `mountaddr=`), and any option whose value is an IPv4 or IPv6 address.
extension SnapshotRedaction {
  /// A mount table: mountinfo (`… - TYPE SOURCE SUPER-OPTIONS`) when `isMountInfo`, else
  /// fstab's and /proc/mounts' `SOURCE MOUNT-POINT TYPE OPTIONS …`.
  func mountTable(_ text: String, isMountInfo: Bool) -> String {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
      var fields = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
      let type: Int
      if isMountInfo {
        guard let separator = fields.indices.dropFirst(6).first(where: { fields[$0] == "-" }),
          separator + 2 < fields.count
        else { return String(line) }
        type = separator + 1
        fields[5] = Self.withoutAddressOptions(fields[5])
        if type + 2 < fields.count { fields[type + 2] = Self.withoutAddressOptions(fields[type + 2]) }
      } else {
        guard fields.count >= 4, !line.hasPrefix("#") else { return String(line) }
        type = 2
        fields[3] = Self.withoutAddressOptions(fields[3])
      }
      let source = isMountInfo ? type + 1 : 0
      if let placeholder = Self.networkSource(fields[source], type: fields[type]) {
        known.learn(MountInfo.unescape(fields[source]), placeholder)
        fields[source] = placeholder
      }
      return fields.joined(separator: " ")
    }
    return lines.joined(separator: "\n")
  }

  /// The placeholder for a network filesystem's source, or nil for a local one.
  static func networkSource(_ source: String, type: String) -> String? {
    if source.hasPrefix("//") { return "//redacted-host/redacted-share" }
    let remote =
      MountInfo.networkTypes.contains(type) || type.hasPrefix("fuse.") || type == "fuse" || type.hasPrefix("nfs")
    guard remote, !source.hasPrefix("/"), let colon = source.firstIndex(of: ":") else { return nil }
    if source[..<colon].contains("@") { return "redacted-user@redacted-host:/redacted-path" }
    return "redacted-host:/redacted-path"
  }

  private static let addressOptions: Set<Substring> = [
    "addr", "clientaddr", "mountaddr", "username", "user", "domain", "unc", "ip", "prefixpath", "server",
  ]

  /// Options with the values that name a server, user, domain or address replaced.
  static func withoutAddressOptions(_ options: String) -> String {
    options.split(separator: ",", omittingEmptySubsequences: false).map { option -> String in
      guard let equals = option.firstIndex(of: "=") else { return String(option) }
      let name = option[..<equals]
      let value = option[option.index(after: equals)...]
      if addressOptions.contains(name) || isIPAddress(value) { return name + "=" + serial }
      return String(option)
    }.joined(separator: ",")
  }

  /// Four decimal numbers apart by dots, or hex groups apart by colons with at least two colons
  /// (`fd00::10`, `fe80::1%wlan0`).
  static func isIPAddress(_ value: Substring) -> Bool {
    let parts = value.split(separator: ".", omittingEmptySubsequences: false)
    if parts.count == 4, parts.allSatisfy({ !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isNumber) }) {
      return true
    }
    let address = value.split(separator: "%").first ?? value
    return address.filter { $0 == ":" }.count >= 2
      && address.allSatisfy { $0 == ":" || $0 == "." || $0.isHexDigit }
  }

  /// /proc/cpuinfo with its `Serial` (a Raspberry Pi's board serial, which its kernel adds for
  /// 32-bit and 64-bit ARM) zeroed, its shape kept.
  func cpuInfo(_ text: String) -> String {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
      guard line.hasPrefix("Serial"), let colon = line.firstIndex(of: ":"),
        line[..<colon].trimmingSpaces == "Serial"
      else { return String(line) }
      let value = line[line.index(after: colon)...]
      let zeroed = String(value.map { $0.isHexDigit ? "0" : $0 })
      known.learn(String(value.trimmingSpaces), String(zeroed.trimmingSpaces))
      return line[...colon] + zeroed
    }
    return lines.joined(separator: "\n")
  }
}

extension Substring {
  fileprivate var trimmingSpaces: Substring {
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !blank($0) }), let last = lastIndex(where: { !blank($0) }) else { return "" }
    return self[first...last]
  }
}

extension String {
  fileprivate var trimmingSpaces: Substring { Substring(self).trimmingSpaces }
}
