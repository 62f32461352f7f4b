/// `/proc/self/status` and `/proc/self/limits`: what the kernel lets this process use.
enum ProcessStatus {
  /// The CPUs of the scheduler affinity mask (`Cpus_allowed_list`), which `taskset` and
  /// sched_setaffinity(2) set and nproc(1) counts.
  static func affinityCount(_ context: ProbeContext) -> Int? {
    let path = "/proc/self/status"
    guard let text = context.text(path) else { return nil }
    for line in text.splitCharacters(separator: "\n") where line.hasASCIIPrefix("Cpus_allowed_list:") {
      let value = line.dropFirst("Cpus_allowed_list:".count).trimmingWhitespace()
      guard let cpus = parseCPUList(value), !cpus.isEmpty else {
        context.diagnostics.record(
          path, "Cpus_allowed_list: expected a CPU list such as '0-3', found \(value.quotedForMessage)")
        return nil
      }
      return cpus.count
    }
    return nil
  }

  /// The soft and hard values of one `/proc/self/limits` row ("Max open files  1024  1048576
  /// files"); `unlimited` is nil inside the limit.
  static func limit(_ name: String, in text: String, context: ProbeContext) -> ProcessLimit? {
    for line in text.splitCharacters(separator: "\n") where line.hasASCIIPrefix(name + " ") {
      let fields = line.dropFirst(name.count).splitCharacters(separator: " ")
      func value(_ field: Substring) -> Int64?? {
        field == "unlimited" ? .some(nil) : Int64(field).map { .some($0) }
      }
      guard fields.count >= 2, let soft = value(fields[0]), let hard = value(fields[1]) else {
        context.diagnostics.record(
          "/proc/self/limits", "\(name): expected soft and hard limits, found \(String(line).quotedForMessage)")
        return nil
      }
      return ProcessLimit(soft: soft, hard: hard)
    }
    return nil
  }
}
