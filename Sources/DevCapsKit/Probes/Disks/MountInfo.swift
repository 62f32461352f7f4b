/// One line of `/proc/self/mountinfo` (proc(5)).
struct MountEntry: Sendable, Equatable {
  var device: String
  /// The directory of the filesystem that is mounted here (`/` unless a bind mount of a part).
  var root: String
  var mountPoint: String
  var options: [String]
  var fileSystemType: String
  var source: String
  /// The filesystem's own options: a cgroup v1 hierarchy's controllers (`rw,cpu,cpuacct`).
  var superOptions: [String] = []

  var isReadOnly: Bool { options.contains("ro") }
}

enum MountInfo {
  /// Parses mountinfo; lines that do not have the documented shape are skipped and returned as
  /// the second element so the caller can report them.
  static func parse(_ text: String) -> (entries: [MountEntry], malformed: [String]) {
    parse(text, keeping: { _ in true })
  }

  /// Parses the lines whose filesystem type `keeps` accepts; lines without the documented shape
  /// are skipped and returned as the second element so the caller can report them.
  static func parse(_ text: String, keeping keeps: (Substring) -> Bool) -> (
    entries: [MountEntry], malformed: [String]
  ) {
    var text = text
    // Plain text (every kernel's: it escapes what is not) in its bytes, making Strings of the
    // fields kept only: splitting every field into a String was 20,000 instructions a line.
    if let parsed = text.withUTF8({ PlainASCII.isPlain($0) ? parsePlain($0, keeping: keeps) : nil }) { return parsed }
    return parseCharacters(text, keeping: keeps)
  }

  /// Any text, split by Character.
  static func parseCharacters(_ text: String, keeping keeps: (Substring) -> Bool) -> (
    entries: [MountEntry], malformed: [String]
  ) {
    var entries: [MountEntry] = []
    var malformed: [String] = []
    for line in text.splitCharacters(separator: "\n", omittingEmptySubsequences: true) {
      let fields = line.splitCharacters(separator: " ", omittingEmptySubsequences: true).map(String.init)
      // id parent major:minor root mount-point options [optional…] - type source super-options
      guard fields.count >= 10, let separator = fields[6...].firstIndex(of: "-"), separator + 2 < fields.count
      else {
        malformed.append(String(line))
        continue
      }
      guard keeps(Substring(fields[separator + 1])) else { continue }
      entries.append(
        MountEntry(
          device: fields[2], root: unescape(fields[3]), mountPoint: unescape(fields[4]),
          options: fields[5].splitCharacters(separator: ",").map(String.init),
          fileSystemType: fields[separator + 1], source: unescape(fields[separator + 2]),
          superOptions: separator + 3 < fields.count
            ? fields[separator + 3].splitCharacters(separator: ",").map(String.init) : []))
    }
    return (entries, malformed)
  }

  /// Plain text, split in its bytes.
  static func parsePlain(_ bytes: UnsafeBufferPointer<UInt8>, keeping keeps: (Substring) -> Bool) -> (
    entries: [MountEntry], malformed: [String]
  ) {
    var entries: [MountEntry] = []
    var malformed: [String] = []
    // One list of field ranges for every line, not an array made and freed for each.
    var fields: [Range<Int>] = []
    fields.reserveCapacity(16)
    var items: [Range<Int>] = []
    items.reserveCapacity(16)
    var start = 0
    for end in 0...bytes.count where end == bytes.count || bytes[end] == 0x0A {
      let line = start..<end
      start = end + 1
      if line.isEmpty { continue }
      PlainASCII.fields(bytes, line, separator: UInt8(ascii: " "), into: &fields)
      guard fields.count >= 10,
        let separator = fields[6...].firstIndex(where: { $0.count == 1 && bytes[$0.lowerBound] == UInt8(ascii: "-") }),
        separator + 2 < fields.count
      else {
        malformed.append(PlainASCII.string(bytes, line))
        continue
      }
      let type = PlainASCII.string(bytes, fields[separator + 1])
      guard keeps(Substring(type)) else { continue }
      func field(_ index: Int) -> String { PlainASCII.string(bytes, fields[index]) }
      // Unescaped only when it holds a backslash, as `unescape` would find.
      func path(_ index: Int) -> String {
        fields[index].contains { bytes[$0] == UInt8(ascii: "\\") } ? unescape(field(index)) : field(index)
      }
      func list(_ index: Int) -> [String] {
        PlainASCII.fields(bytes, fields[index], separator: UInt8(ascii: ","), into: &items)
        return items.map { PlainASCII.string(bytes, $0) }
      }
      entries.append(
        MountEntry(
          device: field(2), root: path(3), mountPoint: path(4), options: list(5), fileSystemType: type,
          source: path(separator + 2), superOptions: separator + 3 < fields.count ? list(separator + 3) : []))
    }
    return (entries, malformed)
  }

  /// This process's `/proc/self/mountinfo`, parsed once per snapshot: the disks section and the
  /// cgroup hierarchy both need it. Nil when the file is absent or unreadable (the context logs
  /// the latter).
  static func parsed(_ context: ProbeContext) -> Made? {
    if let made = context.made[Made.key] as? Made { return made }
    guard let text = context.text(Made.path) else { return nil }
    let made = Made(parse(text))
    context.made[Made.key] = made
    return made
  }

  /// The cgroup hierarchies' mounts (`cgroup`, `cgroup2`): from the whole table when a section
  /// has parsed it or will, else only those lines made into entries (what `get
  /// memory.totalBytes` and `list --only cpu` need of the table). Empty when the file is absent
  /// or unreadable.
  static func cgroupMounts(_ context: ProbeContext) -> [MountEntry] {
    let isCgroup = { (type: Substring) in type == "cgroup" || type == "cgroup2" }
    if context.made[Made.key] != nil || context.made[WholeTableWanted.key] != nil, let made = parsed(context) {
      return made.entries.filter { isCgroup(Substring($0.fileSystemType)) }
    }
    guard let text = context.text(Made.path) else { return [] }
    return parse(text, keeping: isCgroup).entries
  }

  /// Noted before any section is probed when the disks section is among them: the whole table
  /// is then parsed when the cgroup hierarchy first needs it (the cpu section, before the
  /// disks section), not its cgroup lines first and every line again after (100,000
  /// instructions of `list --json` on a cgroup v1 machine).
  static func wholeTableWillBeParsed(in context: ProbeContext) {
    context.made[WholeTableWanted.key] = WholeTableWanted()
  }

  private final class WholeTableWanted {
    static var key: String { "mountinfo, whole" }
  }

  /// The parsed table as the probe context keeps it for the next section that needs it.
  final class Made {
    static var key: String { "mountinfo" }
    static var path: String { "/proc/self/mountinfo" }
    let entries: [MountEntry]
    /// Lines without the documented shape, which the disks section reports.
    let malformed: [String]
    init(_ parsed: (entries: [MountEntry], malformed: [String])) {
      entries = parsed.entries
      malformed = parsed.malformed
    }
  }

  /// The kernel writes space, tab, newline and backslash as three-digit octal escapes.
  static func unescape(_ field: String) -> String {
    // By byte: Character by Character, this test was a quarter of the parse.
    guard field.utf8.contains(UInt8(ascii: "\\")) else { return field }
    var bytes: [UInt8] = []
    let utf8 = Array(field.utf8)
    var index = 0
    while index < utf8.count {
      let digits = utf8[(index + 1)..<min(index + 4, utf8.count)]
      if utf8[index] == UInt8(ascii: "\\"), digits.count == 3, digits.allSatisfy({ (48...55).contains($0) }) {
        bytes.append(digits.reduce(0) { $0 &* 8 &+ ($1 - 48) })
        index += 4
      } else {
        bytes.append(utf8[index])
        index += 1
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Filesystems that hold no user data (df's "dummy" ones, plus memory-backed and image
  /// mounts), and those on another machine.
  static let pseudoTypes: Set<String> = [
    "autofs", "proc", "sysfs", "devtmpfs", "devpts", "tmpfs", "ramfs", "cgroup", "cgroup2", "securityfs",
    "debugfs", "tracefs", "pstore", "bpf", "configfs", "fusectl", "mqueue", "hugetlbfs", "binfmt_misc",
    "rpc_pipefs", "nsfs", "efivarfs", "selinuxfs", "squashfs", "overlay", "fuse.gvfsd-fuse", "fuse.portal",
    "fuse.lxcfs", "fuse.snapfuse", "nfsd", "devfs", "sockfs", "pipefs", "anon_inodefs", "none",
  ]
  static let networkTypes: Set<String> = [
    "nfs", "nfs4", "cifs", "smb3", "smbfs", "ceph", "9p", "fuse.sshfs", "afs", "glusterfs", "lustre",
    "fuse.rclone", "davfs", "fuse.davfs2", "ncpfs",
  ]

  /// The filesystems worth reporting: `/` first, then each other local, non-pseudo filesystem
  /// once, in mount order. A device mounted several times (bind mounts, Docker's file mounts of
  /// `/etc/hostname`) is listed at the mount that shows the most of it: the shortest `root`.
  static func localFilesystems(_ entries: [MountEntry]) -> [MountEntry] {
    // The last mount on `/` is the one in effect.
    let root = entries.last(where: { $0.mountPoint == "/" })
    // A mount is hidden when a later one at its mount point is another device's (a file system
    // stacked over it): statvfs there measures the later. A device mounted onto itself (a bind
    // mount, systemd's BindPaths=) stays visible.
    var lastDeviceAt: [String: String] = [:]
    for entry in entries { lastDeviceAt[entry.mountPoint] = entry.device }
    // Each device's chosen mount with its place in the table, so that the mounts keep the
    // table's order without looking each one up again (that was quadratic: 3,200 mounts cost
    // 0.9 G instructions).
    var best: [String: (position: Int, entry: MountEntry)] = [:]
    var order: [String] = []
    for (position, entry) in entries.enumerated() where entry.mountPoint != "/" {
      if pseudoTypes.contains(entry.fileSystemType) || networkTypes.contains(entry.fileSystemType) { continue }
      if entry.device == root?.device || lastDeviceAt[entry.mountPoint] != entry.device { continue }
      if let current = best[entry.device] {
        if entry.root.count < current.entry.root.count { best[entry.device] = (position, entry) }
      } else {
        best[entry.device] = (position, entry)
        order.append(entry.device)
      }
    }
    let others = order.compactMap { best[$0] }.sorted { $0.position < $1.position }.map(\.entry)
    return (root.map { [$0] } ?? []) + others
  }
}
