import CDevCapsShims
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Tells a ``SysfsValueReader`` that its attribute file was replaced on disk, so that it opens
/// the new one. The kernel never replaces a sysfs attribute; a umockdev testbed does (each
/// `set_attribute` renames a new file over the old), and a descriptor kept open would go on
/// reading the old value. An fstat before every read noticed that at the price of a system call
/// per attribute per sample (9 of a motion sample's 26); here one inotify descriptor watches the
/// attributes' directories, and a thread of its own, asleep until something changes, raises the
/// readers' flags. The thread and the descriptor exist only while a reader is registered.
final class ReplacedAttributes: Sendable {
  static let shared = ReplacedAttributes()

  /// Raised when the file was replaced or removed; the reader lowers it when it reopens.
  final class Flag: Sendable {
    let raised = Atomic<Bool>(false)
    var isRaised: Bool { raised.load(ordering: .acquiring) }
  }

  private struct Watching {
    var inotify: FileDescriptor
    var wake: FileDescriptor
    var thread: WorkerThread
    /// Directory → watch descriptor, and watch descriptor → file name → flags.
    var directories: [String: Int32] = [:]
    var flags: [Int32: [String: [Flag]]] = [:]
    var count = 0
  }

  private let state = Mutex<Watching?>(nil)

  /// Starts watching `path`'s directory for a file of that name created, renamed over or
  /// removed; nil when inotify cannot (out of descriptors or watches): the caller then checks
  /// by itself.
  func register(_ path: String) -> Flag? {
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return nil }
    let directory = String(path[..<slash])
    let name = String(path[path.utf8.index(after: slash)...])
    let flag = Flag()
    let registered = state.withLock { watching -> Bool in
      if watching == nil { watching = start() }
      guard var current = watching else { return false }
      defer { watching = current }
      var descriptor = current.directories[directory]
      if descriptor == nil {
        let mask = UInt32(IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF)
        let added = inotify_add_watch(current.inotify.rawValue, directory, mask)
        guard added >= 0 else { return false }
        descriptor = added
        current.directories[directory] = added
      }
      current.flags[descriptor!, default: [:]][name, default: []].append(flag)
      current.count += 1
      return true
    }
    guard registered else {
      stopIfUnused()
      return nil
    }
    return flag
  }

  func unregister(_ flag: Flag) {
    state.withLock { watching in
      guard var current = watching else { return }
      for (descriptor, names) in current.flags {
        for (name, flags) in names where flags.contains(where: { $0 === flag }) {
          current.flags[descriptor]![name] = flags.filter { $0 !== flag }
          current.count -= 1
        }
      }
      watching = current
    }
    stopIfUnused()
  }

  /// Stops the thread and closes the descriptors once no reader is left, so that a stream's
  /// end leaves nothing behind (the API tests count threads and descriptors).
  private func stopIfUnused() {
    let stopping = state.withLock { watching -> Watching? in
      guard let current = watching, current.count == 0 else { return nil }
      watching = nil
      return current
    }
    guard let stopping else { return }
    _ = try? stopping.wake.write(value: UInt64(1))
    stopping.thread.join()
    stopping.inotify.closeIgnoringErrors()
    stopping.wake.closeIgnoringErrors()
  }

  /// The descriptors and the thread; nil when any of them cannot be had.
  private func start() -> Watching? {
    guard let inotify = try? FileDescriptor(returnedBy: devcaps_inotify) else { return nil }
    guard let wake = try? FileDescriptor(returnedBy: devcaps_eventfd) else {
      inotify.closeIgnoringErrors()
      return nil
    }
    let thread: WorkerThread
    do throws(Errno) {
      thread = try WorkerThread(named: "devcaps-attrs") { [self] in
        follow(inotify: inotify, wake: wake)
      }
    } catch {
      inotify.closeIgnoringErrors()
      wake.closeIgnoringErrors()
      return nil
    }
    return Watching(inotify: inotify, wake: wake, thread: thread)
  }

  /// The thread: sleeps in poll until inotify has events or `wake` says stop.
  private func follow(inotify: FileDescriptor, wake: FileDescriptor) {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 8)
    defer { buffer.deallocate() }
    var descriptors = [
      pollfd(fd: inotify.rawValue, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wake.rawValue, events: Int16(POLLIN), revents: 0),
    ]
    while true {
      descriptors[0].revents = 0
      descriptors[1].revents = 0
      guard (try? FileDescriptor.poll(&descriptors)) != nil else { return }
      if descriptors[1].revents != 0 { return }
      guard let count = try? inotify.read(into: buffer), count > 0 else { continue }
      raiseFlags(events: UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
    }
  }

  private func raiseFlags(events: UnsafeRawBufferPointer) {
    state.withLock { watching in
      guard var current = watching else { return }
      ReplacedAttributes.forEachEvent(in: events) { descriptor, mask, name in
        if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED) != 0 {
          // The directory itself went (a device removed): every reader in it must look again.
          for flags in current.flags[descriptor, default: [:]].values {
            flags.forEach { $0.raised.store(true, ordering: .releasing) }
          }
          if mask & UInt32(IN_IGNORED) != 0 {
            current.directories = current.directories.filter { $0.value != descriptor }
          }
          return
        }
        current.flags[descriptor]?[name]?.forEach { $0.raised.store(true, ordering: .releasing) }
      }
      watching = current
    }
  }

  /// The events in what a read of an inotify descriptor returned: each a `struct inotify_event`
  /// (wd, mask, cookie, len) and `len` bytes of name padded with NULs. A record cut short ends
  /// the walk; a name is cut at its first NUL.
  static func forEachEvent(
    in events: UnsafeRawBufferPointer, _ body: (_ descriptor: Int32, _ mask: UInt32, _ name: String) -> Void
  ) {
    var offset = 0
    while events.count - offset >= 16 {
      let descriptor = events.loadUnaligned(fromByteOffset: offset, as: Int32.self)
      let mask = events.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
      let length = Int(events.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
      guard length <= events.count - offset - 16 else { return }
      let nameBytes = UnsafeRawBufferPointer(rebasing: events[(offset + 16)..<(offset + 16 + length)])
      offset += 16 + length
      let end = nameBytes.firstIndex(of: 0) ?? nameBytes.count
      body(descriptor, mask, String(decoding: UnsafeRawBufferPointer(rebasing: nameBytes[0..<end]), as: UTF8.self))
    }
  }
}
