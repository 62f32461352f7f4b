/// Where this process's cgroup of a controller lives: the line of /proc/self/cgroup naming the
/// controller (v1) or the unified line `0::PATH` (v2), resolved under the hierarchy's mount in
/// /proc/self/mountinfo. A v1 hierarchy carrying the controller wins over v2, as the kernel
/// gives a controller to one hierarchy only (hybrid systems mount v2 without controllers).
struct CgroupPaths {
  struct Hierarchy: Equatable {
    /// 1 or 2.
    var version: Int
    /// The process's cgroup directory first, then each parent up to the mount point.
    var directories: [String]
  }

  private var memberships: [(controllers: [Substring], path: String)] = []
  private var mounts: [MountEntry] = []

  init(context: ProbeContext) {
    if let text = context.text("/proc/self/cgroup") {
      for line in text.splitCharacters(separator: "\n") {
        let fields = CgroupPaths.split(line, at: UInt8(ascii: ":"), maxSplits: 2, omittingEmptySubsequences: false)
        guard fields.count == 3, fields[2].hasPrefix("/") else {
          context.diagnostics.record(
            "/proc/self/cgroup", "expected ID:CONTROLLERS:PATH, found \(String(line).quotedForMessage)")
          continue
        }
        memberships.append((CgroupPaths.split(fields[1], at: UInt8(ascii: ",")), String(fields[2])))
      }
    }
    mounts = MountInfo.cgroupMounts(context)
  }

  /// `split(separator:)` of a line of the file, in its bytes when it is ASCII, where the two
  /// agree (no ASCII separator joins a Character with its neighbours): by Character, the ten
  /// lines of a v1 machine's file were 100,000 instructions, a seventh of the cpu section.
  static func split(
    _ text: Substring, at separator: UInt8, maxSplits: Int = .max, omittingEmptySubsequences: Bool = true
  ) -> [Substring] {
    guard text.utf8.allSatisfy({ $0 < 0x80 }) else {
      return text.split(
        separator: Character(Unicode.Scalar(separator)), maxSplits: maxSplits,
        omittingEmptySubsequences: omittingEmptySubsequences)
    }
    // By hand over the bytes, as `split` counts: a piece left out as empty is no split. The
    // generic `split` of the UTF-8 view and a Substring made of each piece cost 3,000
    // instructions a line.
    let utf8 = text.utf8
    var pieces: [Substring] = []
    var start = text.startIndex
    var index = start
    while index < text.endIndex, pieces.count < maxSplits {
      if utf8[index] == separator {
        if !omittingEmptySubsequences || start < index { pieces.append(text[start..<index]) }
        start = utf8.index(after: index)
      }
      index = utf8.index(after: index)
    }
    if !omittingEmptySubsequences || start < text.endIndex { pieces.append(text[start..<text.endIndex]) }
    return pieces
  }

  func hierarchy(_ controller: String) -> Hierarchy? {
    if let member = memberships.first(where: { $0.controllers.contains(Substring(controller)) }),
      let mount = mounts.first(where: { $0.fileSystemType == "cgroup" && $0.superOptions.contains(controller) })
    {
      return Hierarchy(version: 1, directories: CgroupPaths.directories(member.path, under: mount))
    }
    if let member = memberships.first(where: { $0.controllers.isEmpty }),
      let mount = mounts.first(where: { $0.fileSystemType == "cgroup2" })
    {
      return Hierarchy(version: 2, directories: CgroupPaths.directories(member.path, under: mount))
    }
    return nil
  }

  /// The cgroup's directory and its parents up to the mount point. The path in /proc/self/cgroup
  /// is relative to the hierarchy's root; the mount shows the part below its `root` field. In a
  /// cgroup namespace both are "/"; a path outside the mount's root (a namespace that the mount
  /// predates) is taken as the mount point itself.
  static func directories(_ path: String, under mount: MountEntry) -> [String] {
    var relative = "/"
    if mount.root == "/" {
      relative = path
    } else if path == mount.root || path.hasPrefix(mount.root + "/") {
      relative = String(path.dropFirst(mount.root.count))
    }
    var components = split(Substring(relative), at: UInt8(ascii: "/")).filter { $0 != "." && !$0.isEmpty }.map(
      String.init)
    // ".." never leads above the mount.
    if components.contains("..") { components = [] }
    let base = mount.mountPoint == "/" ? "" : mount.mountPoint
    var directories: [String] = []
    while true {
      directories.append(base + "/" + components.concatenated(separator: "/"))
      if components.isEmpty { break }
      components.removeLast()
    }
    return directories.map { $0.hasSuffix("/") && $0.count > 1 ? String($0.dropLast()) : $0 }
  }
}

extension CgroupPaths {
  /// The hierarchy as the probe context keeps it for the next section that needs it.
  final class Made {
    static let key = "cgroup paths"
    let paths: CgroupPaths
    init(_ paths: CgroupPaths) { self.paths = paths }
  }
}
