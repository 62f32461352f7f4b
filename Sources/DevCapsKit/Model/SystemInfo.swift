/// The operating system: UIDevice's systemName and systemVersion, plus the kernel.
public struct SystemInfo: Sendable, Codable, Equatable {
  /// os-release `NAME`.
  public var name: String?
  /// os-release `VERSION_ID`.
  public var version: String?
  /// The most precise version known: the point release ("12.11" from /etc/debian_version,
  /// "22.04.3" from `VERSION`), else `VERSION_ID`; nil for a rolling release. What an
  /// `os-version` requirement compares.
  public var fullVersion: String?
  /// Where `fullVersion` was read: a file, or the os-release field.
  public var fullVersionSource: String?
  /// os-release `PRETTY_NAME`.
  public var prettyName: String?
  /// os-release `ID`.
  public var id: String?
  /// os-release `ID_LIKE`: the distributions this one derives from (`["debian"]` on Ubuntu),
  /// empty when it names none; nil in a report saved before it was read.
  public var idLike: [String]?
  /// The kernel release (`uname -r`).
  public var kernel: String?
  /// Seconds since boot (`/proc/uptime`).
  public var uptimeSeconds: Double?

  /// A system section as a test or a saved report describes it.
  public init(
    name: String? = nil, version: String? = nil, fullVersion: String? = nil, fullVersionSource: String? = nil,
    prettyName: String? = nil, id: String? = nil, idLike: [String]? = nil,
    kernel: String? = nil, uptimeSeconds: Double? = nil
  ) {
    self.name = name
    self.version = version
    self.fullVersion = fullVersion
    self.fullVersionSource = fullVersionSource
    self.prettyName = prettyName
    self.id = id
    self.idLike = idLike
    self.kernel = kernel
    self.uptimeSeconds = uptimeSeconds
  }
}
