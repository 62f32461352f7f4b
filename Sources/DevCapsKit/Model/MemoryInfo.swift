/// Bytes. `installedBytes` is the RAM fitted; `totalBytes` (MemTotal) is what the kernel manages,
/// always a little less.
public struct MemoryInfo: Sendable, Codable, Equatable {
  public var totalBytes: UInt64?
  public var installedBytes: UInt64?
  public var availableBytes: UInt64?
  public var swapTotalBytes: UInt64?
  public var swapFreeBytes: UInt64?

  public init(
    totalBytes: UInt64? = nil, installedBytes: UInt64? = nil, availableBytes: UInt64? = nil,
    swapTotalBytes: UInt64? = nil, swapFreeBytes: UInt64? = nil
  ) {
    self.totalBytes = totalBytes
    self.installedBytes = installedBytes
    self.availableBytes = availableBytes
    self.swapTotalBytes = swapTotalBytes
    self.swapFreeBytes = swapFreeBytes
  }
}
