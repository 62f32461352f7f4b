import CDevCapsShims

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A single-threaded loop over file descriptors with poll(2): udev monitors, timers (timerfd),
/// an eventfd another thread wakes it with. It sleeps until one of them is ready, so an idle
/// stream costs no CPU and no wakeups of its own. Signals and stdout are the program's business:
/// the loop never touches process-wide state.
final class EventLoop {
  enum Stop: Equatable, Sendable {
    case finished
    case failure(String)
  }

  private struct Source {
    var fd: FileDescriptor
    var handler: () -> Void
  }

  private var sources: [Source] = []
  private var stopReason: Stop? = nil

  init() {}

  /// Calls `handler` whenever `fd` is readable (or has an error or hang-up to report).
  func watch(_ fd: FileDescriptor, handler: @escaping () -> Void) {
    sources.append(Source(fd: fd, handler: handler))
  }

  func unwatch(_ fd: FileDescriptor) {
    sources.removeAll { $0.fd == fd }
  }

  /// Drops every handler, and with them whatever they hold (a stream's sources hold the stream).
  func unwatchAll() {
    sources.removeAll()
  }

  func stop(_ reason: Stop) {
    if stopReason == nil { stopReason = reason }
  }

  /// Runs until something calls `stop`.
  @discardableResult
  func run() -> Stop {
    // One array for the whole run: a new one per wakeup was an allocation per sample.
    var descriptors: [pollfd] = []
    while stopReason == nil {
      descriptors.removeAll(keepingCapacity: true)
      for source in sources { descriptors.append(pollfd(fd: source.fd.rawValue, events: Int16(POLLIN), revents: 0)) }
      do throws(Errno) {
        try FileDescriptor.poll(&descriptors)
      } catch {
        stop(.failure("poll: \(error)"))
        break
      }
      // Handlers may add or remove sources: look them up by descriptor, not by position.
      let handlers = sources
      for descriptor in descriptors where descriptor.revents != 0 {
        guard stopReason == nil else { break }
        handlers.first { $0.fd.rawValue == descriptor.fd }?.handler()
      }
    }
    return stopReason ?? .finished
  }
}

/// A timerfd: fires once or periodically, from the loop, without a thread.
final class LoopTimer {
  let fd: FileDescriptor

  /// Fails with EINVAL when `seconds` is not a positive number below 10⁹, or with the error of
  /// timerfd_create or timerfd_settime (EMFILE when the process is out of descriptors).
  init(interval seconds: Double, repeating: Bool) throws(Errno) {
    fd = try FileDescriptor(returnedBy: { devcaps_timerfd(seconds, repeating ? 1 : 0) })
  }

  // Linux frees the descriptor even when close reports an error: there is nothing to retry.
  deinit { fd.closeIgnoringErrors() }

  /// How many times it fired since the last call (more than 1 when the loop fell behind); 0
  /// when it has not fired (EAGAIN).
  @discardableResult
  func acknowledge() throws(Errno) -> UInt64 {
    var expirations: UInt64 = 0
    let result = Result { () throws(Errno) in try fd.read(into: &expirations) }
    if case .failure(let error) = result, error != .resourceTemporarilyUnavailable { throw error }
    return expirations
  }
}
