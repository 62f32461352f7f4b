#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Host name, kernel release and machine, read from `/proc/sys/kernel` under the root so that a
/// fixture or image speaks for itself; `uname(2)` answers only for the live system.
struct KernelIdentity {
  let context: ProbeContext

  var hostname: String? {
    context.line("/proc/sys/kernel/hostname") ?? context.line("/etc/hostname") ?? live(\.nodename)
  }

  var release: String? {
    context.line("/proc/sys/kernel/osrelease") ?? live(\.release)
  }

  var machine: String? {
    context.line("/proc/sys/kernel/arch") ?? live(\.machine)
  }

  private func live(_ field: KeyPath<UnameFields, String>) -> String? {
    guard context.root.isLiveSystem, let fields = UnameFields.current() else { return nil }
    let value = fields[keyPath: field]
    return value.isEmpty ? nil : value
  }
}

struct UnameFields {
  var nodename: String
  var release: String
  var machine: String

  static func current() -> UnameFields? {
    var names = utsname()
    guard uname(&names) == 0 else { return nil }
    func text<T>(_ tuple: T) -> String {
      withUnsafeBytes(of: tuple) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
    }
    return UnameFields(nodename: text(names.nodename), release: text(names.release), machine: text(names.machine))
  }
}
