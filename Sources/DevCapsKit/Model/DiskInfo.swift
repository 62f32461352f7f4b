/// One mounted local filesystem, measured with `statvfs(3)`. Bytes.
public struct DiskInfo: Sendable, Codable, Equatable {
  /// The mount point (`/`, `/home`).
  public var path: String
  /// What is mounted there (`/dev/nvme0n1p3`).
  public var source: String?
  /// The filesystem type (`ext4`, `btrfs`).
  public var type: String?
  /// Mounted read-only.
  public var readOnly: Bool?
  /// `f_blocks × f_frsize`.
  public var totalBytes: UInt64?
  /// `f_bfree × f_frsize`: free, counting blocks reserved for root.
  public var freeBytes: UInt64?
  /// `f_bavail × f_frsize`: what an unprivileged user can still write (NSFileSystemFreeSize).
  public var availableBytes: UInt64?

  /// A disk as a test or a saved report describes it.
  public init(
    path: String, source: String? = nil, type: String? = nil, readOnly: Bool? = nil,
    totalBytes: UInt64? = nil, freeBytes: UInt64? = nil, availableBytes: UInt64? = nil
  ) {
    self.path = path
    self.source = source
    self.type = type
    self.readOnly = readOnly
    self.totalBytes = totalBytes
    self.freeBytes = freeBytes
    self.availableBytes = availableBytes
  }
}
