/// Builds the `limits` section from `/proc/sys` and `/proc/self/limits`.
struct LimitsProbe {
  let context: ProbeContext

  init(context: ProbeContext) { self.context = context }

  func probe() -> LimitsInfo {
    let own = context.text("/proc/self/limits")
    return LimitsInfo(
      maxSocketBufferBytes: context.integer("/proc/sys/net/core/rmem_max"),
      maxSocketSendBufferBytes: context.integer("/proc/sys/net/core/wmem_max"),
      maxProcesses: context.integer("/proc/sys/kernel/pid_max"),
      maxThreads: context.integer("/proc/sys/kernel/threads-max"),
      maxOpenFiles: context.integer("/proc/sys/fs/file-max"),
      processOpenFiles: own.flatMap { ProcessStatus.limit("Max open files", in: $0, context: context) },
      processMaxProcesses: own.flatMap { ProcessStatus.limit("Max processes", in: $0, context: context) })
  }
}
