/// Kernel limits, the Linux counterparts of the seeds' `KIPC_MAXSOCKBUF` and `kern.maxproc`.
public struct LimitsInfo: Sendable, Codable, Equatable {
  /// `/proc/sys/net/core/rmem_max`: the largest receive buffer a socket may ask for.
  public var maxSocketBufferBytes: Int64?
  /// `/proc/sys/net/core/wmem_max`: the largest send buffer.
  public var maxSocketSendBufferBytes: Int64?
  /// `/proc/sys/kernel/pid_max`.
  public var maxProcesses: Int64?
  /// `/proc/sys/kernel/threads-max`.
  public var maxThreads: Int64?
  /// `/proc/sys/fs/file-max`.
  public var maxOpenFiles: Int64?

  /// A limits section as a test or a saved report describes it.
  public init(
    maxSocketBufferBytes: Int64? = nil, maxSocketSendBufferBytes: Int64? = nil,
    maxProcesses: Int64? = nil, maxThreads: Int64? = nil, maxOpenFiles: Int64? = nil
  ) {
    self.maxSocketBufferBytes = maxSocketBufferBytes
    self.maxSocketSendBufferBytes = maxSocketSendBufferBytes
    self.maxProcesses = maxProcesses
    self.maxThreads = maxThreads
    self.maxOpenFiles = maxOpenFiles
  }
}
