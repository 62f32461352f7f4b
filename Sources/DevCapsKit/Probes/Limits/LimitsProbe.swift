/// Builds the `limits` section from `/proc/sys`.
struct LimitsProbe {
  let context: ProbeContext

  init(context: ProbeContext) { self.context = context }

  func probe() -> LimitsInfo {
    LimitsInfo(
      maxSocketBufferBytes: context.integer("/proc/sys/net/core/rmem_max"),
      maxSocketSendBufferBytes: context.integer("/proc/sys/net/core/wmem_max"),
      maxProcesses: context.integer("/proc/sys/kernel/pid_max"),
      maxThreads: context.integer("/proc/sys/kernel/threads-max"),
      maxOpenFiles: context.integer("/proc/sys/fs/file-max"))
  }
}
