/// `/proc/self/status` and `/proc/self/limits`: what the kernel lets this process use.
enum ProcessStatus {
  /// The CPUs of the scheduler affinity mask (`Cpus_allowed_list`), which `taskset` and
  /// sched_setaffinity(2) set and nproc(1) counts.
  static func affinityCount(_ context: ProbeContext) -> Int? {
    let path = "/proc/self/status"
    guard let bytes = context.bytes(path) else { return nil }
    if let line = firstLine(in: bytes, startingWith: "Cpus_allowed_list:") {
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

  /// The first line that begins with `prefix`, found in the bytes: the file's 55 lines made
  /// Substrings and compared by Character were a tenth of the cpu section. Lines are the ones
  /// `splitCharacters(separator: "\n")` gives: a line feed after a carriage return is part of
  /// one Character, no line's end.
  static func firstLine(in bytes: [UInt8], startingWith prefix: String) -> String? {
    let key = Array(prefix.utf8)
    var start = 0
    while start < bytes.count {
      var end = start
      while end < bytes.count, bytes[end] != 0x0A || (end > 0 && bytes[end - 1] == 0x0D) { end += 1 }
      if end - start >= key.count, bytes[start..<(start + key.count)].elementsEqual(key) {
        // The Character test too: the prefix's last byte may begin a Character with what follows.
        let line = String(decoding: bytes[start..<end], as: UTF8.self)
        if line.hasASCIIPrefix(prefix) { return line }
      }
      start = end + 1
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
