/// Kernel limits, the Linux counterparts of Darwin's `KIPC_MAXSOCKBUF` and `kern.maxproc`.
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
  /// This process's own RLIMIT_NOFILE (`ulimit -n`, /proc/self/limits "Max open files"), not
  /// the system-wide `maxOpenFiles`.
  public var processOpenFiles: ProcessLimit?
  /// This process's RLIMIT_NPROC (`ulimit -u`, "Max processes"): processes its user may run,
  /// not the system-wide `maxProcesses`.
  public var processMaxProcesses: ProcessLimit?

  /// A limits section as a test or a saved report describes it.
  public init(
    maxSocketBufferBytes: Int64? = nil, maxSocketSendBufferBytes: Int64? = nil,
    maxProcesses: Int64? = nil, maxThreads: Int64? = nil, maxOpenFiles: Int64? = nil,
    processOpenFiles: ProcessLimit? = nil, processMaxProcesses: ProcessLimit? = nil
  ) {
    self.processOpenFiles = processOpenFiles
    self.processMaxProcesses = processMaxProcesses
    self.maxSocketBufferBytes = maxSocketBufferBytes
    self.maxSocketSendBufferBytes = maxSocketSendBufferBytes
    self.maxProcesses = maxProcesses
    self.maxThreads = maxThreads
    self.maxOpenFiles = maxOpenFiles
  }
}

/// A resource limit of this process (getrlimit(2)): nil inside means unlimited.
public struct ProcessLimit: Sendable, Codable, Equatable {
  /// What the process gets now; it may raise it up to `hard`.
  public var soft: Int64?
  /// The ceiling only a privileged process may raise.
  public var hard: Int64?

  /// A limit as a test or a saved report describes it; nil for unlimited.
  public init(soft: Int64?, hard: Int64?) {
    self.soft = soft
    self.hard = hard
  }
}
