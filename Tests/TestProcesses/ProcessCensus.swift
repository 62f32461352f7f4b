import Foundation

/// This process's named threads and open descriptors, from /proc/self: for the tests that hold a
/// source to leaving nothing behind once it stops.
///
/// Threads are counted by name: devcaps names each thread it starts (`devcaps-…`), and GLib names
/// its own (`gdbus`, `gmain`, `pool-…`), which devcaps' UPower and power-profiles watchers bring.
/// The Swift runtime's pool and Dispatch's workers (the program's name, `-qos.overcommit`…) come
/// and go as the machine's load has them and are left out: counted, they made the tests fail on a
/// loaded machine while devcaps had left nothing behind.
public struct ProcessCensus: Sendable {
  /// The named threads: name → how many.
  public let threads: [String: Int]
  /// The open descriptors: what each is (a path, or `socket`, `pipe`, `anon_inode:[eventfd]`…)
  /// → how many.
  public let descriptors: [String: Int]

  public init() {
    var threads: [String: Int] = [:]
    for task in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? [] {
      let name = Self.read("/proc/self/task/\(task)/comm")
      if Self.counted(name) { threads[name, default: 0] += 1 }
    }
    var descriptors: [String: Int] = [:]
    for number in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? [] {
      // The directory's own descriptor is closed by the time its link is read: left out.
      guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(number)")
      else { continue }
      descriptors[Self.kind(target), default: 0] += 1
    }
    self.threads = threads
    self.descriptors = descriptors
  }

  /// The threads named `devcaps-…`.
  public var devcapsThreads: Int { threads.filter { $0.key.hasPrefix("devcaps-") }.values.reduce(0, +) }

  /// The open descriptors.
  public var descriptorCount: Int { descriptors.values.reduce(0, +) }

  /// What differs from `earlier`, a line each (`threads devcaps-sensor: 0 → 1`,
  /// `descriptors socket: 3 → 4`); empty when nothing does.
  public func changes(since earlier: ProcessCensus) -> [String] {
    func compare(_ what: String, _ old: [String: Int], _ new: [String: Int]) -> [String] {
      Set(old.keys).union(new.keys).sorted().compactMap { key in
        old[key, default: 0] == new[key, default: 0]
          ? nil : "\(what) \(key): \(old[key, default: 0]) → \(new[key, default: 0])"
      }
    }
    return compare("threads", earlier.threads, threads) + compare("descriptors", earlier.descriptors, descriptors)
  }

  /// devcaps' threads and GLib's.
  static func counted(_ thread: String) -> Bool {
    thread.hasPrefix("devcaps-") || thread == "gdbus" || thread == "gmain" || thread.hasPrefix("pool-")
  }

  /// A socket or pipe by its kind alone: its inode number changes when one is closed and another
  /// opened. A file by its path, also once it was removed (the kernel then adds ` (deleted)`).
  static func kind(_ target: String) -> String {
    for kind in ["socket", "pipe"] where target.hasPrefix(kind + ":[") { return kind }
    let removed = " (deleted)"
    return target.hasSuffix(removed) ? String(target.dropLast(removed.count)) : target
  }

  static func read(_ path: String) -> String {
    ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").trimmingCharacters(in: .newlines)
  }
}
