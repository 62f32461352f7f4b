/// Bytes. `installedBytes` is the RAM fitted; `totalBytes` (MemTotal) is what the kernel manages,
/// always a little less.
public struct MemoryInfo: Sendable, Codable, Equatable {
  /// `MemTotal`: the memory the kernel manages, in bytes.
  public var totalBytes: UInt64?
  /// The RAM fitted: memory blocks × block size, offline ones too, in bytes.
  public var installedBytes: UInt64?
  /// `MemAvailable`: what programs can still get without swapping, in bytes.
  public var availableBytes: UInt64?
  /// The tightest cgroup memory limit on this process (v2 `memory.max`, v1
  /// `memory.limit_in_bytes`, up to the hierarchy's root), in bytes; nil when there is none or
  /// it is not below `totalBytes`.
  public var limitBytes: UInt64?
  /// What this process's cgroups leave below their limits: the least, over the cgroup and its
  /// ancestors with a limit, of the limit minus the memory charged that is not reclaimable
  /// (usage less inactive file cache, as the kubelet counts a working set), in bytes; nil
  /// without a limit.
  public var cgroupAvailableBytes: UInt64?
  /// `SwapTotal`, in bytes.
  public var swapTotalBytes: UInt64?
  /// `SwapFree`, in bytes.
  public var swapFreeBytes: UInt64?

  /// A memory section as a test or a saved report describes it.
  public init(
    totalBytes: UInt64? = nil, installedBytes: UInt64? = nil, availableBytes: UInt64? = nil,
    swapTotalBytes: UInt64? = nil, swapFreeBytes: UInt64? = nil, limitBytes: UInt64? = nil,
    cgroupAvailableBytes: UInt64? = nil
  ) {
    self.cgroupAvailableBytes = cgroupAvailableBytes
    self.limitBytes = limitBytes
    self.totalBytes = totalBytes
    self.installedBytes = installedBytes
    self.availableBytes = availableBytes
    self.swapTotalBytes = swapTotalBytes
    self.swapFreeBytes = swapFreeBytes
  }
}
