import CDevCapsShims

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A single-threaded loop over file descriptors with poll(2): udev monitors, timers (timerfd),
/// signals (signalfd), a pipe from another thread. It sleeps until one of them is ready, so an
/// idle stream costs no CPU and no wakeups of its own.
public final class EventLoop {
  public enum Stop: Equatable, Sendable {
    case finished
    case signal(Int32)
    case outputClosed
    case failure(String)
  }

  private struct Source {
    var fd: Int32
    var handler: () -> Void
  }

  private var sources: [Source] = []
  private var stopReason: Stop? = nil
  private var signalDescriptor: Int32 = -1

  public init() {}

  deinit {
    if signalDescriptor >= 0 { close(signalDescriptor) }
  }

  /// Calls `handler` whenever `fd` is readable (or has an error or hang-up to report).
  public func watch(_ fd: Int32, handler: @escaping () -> Void) {
    sources.append(Source(fd: fd, handler: handler))
  }

  public func unwatch(_ fd: Int32) {
    sources.removeAll { $0.fd == fd }
  }

  /// Drops every handler, and with them whatever they hold (a stream's sources hold the stream).
  public func unwatchAll() {
    sources.removeAll()
  }

  public func stop(_ reason: Stop) {
    if stopReason == nil { stopReason = reason }
  }

  /// SIGINT and SIGTERM end the loop with `.signal`, so the program can restore the terminal and
  /// exit 130 or 143 instead of dying mid-line. SIGPIPE is ignored: a closed stdout is noticed
  /// by the write that fails.
  public func handleTerminationSignals() {
    signal(SIGPIPE, SIG_IGN)
    signalDescriptor = devcaps_signalfd_for_termination()
    guard signalDescriptor >= 0 else { return }
    watch(signalDescriptor) { [unowned self] in
      let number = devcaps_signalfd_read(self.signalDescriptor)
      if number != 0 { self.stop(.signal(number)) }
    }
  }

  /// Ends the loop when the reader of stdout goes away, even while nothing is being written
  /// (poll reports an error on a pipe whose other end is closed).
  public func stopWhenOutputCloses(_ fd: Int32 = 1) {
    var info = stat()
    guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFIFO || (info.st_mode & S_IFMT) == S_IFSOCK else { return }
    outputDescriptor = fd
  }

  private var outputDescriptor: Int32 = -1

  /// Runs until something calls `stop`.
  @discardableResult
  public func run() -> Stop {
    while stopReason == nil {
      var descriptors = sources.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
      if outputDescriptor >= 0 { descriptors.append(pollfd(fd: outputDescriptor, events: 0, revents: 0)) }
      let ready = poll(&descriptors, nfds_t(descriptors.count), -1)
      if ready < 0 {
        if errno == EINTR { continue }
        stop(.failure("poll: \(String(cString: strerror(errno)))"))
        break
      }
      if outputDescriptor >= 0, let last = descriptors.last, last.revents & Int16(POLLERR | POLLHUP) != 0 {
        stop(.outputClosed)
        break
      }
      // Handlers may add or remove sources: look them up by descriptor, not by position.
      let handlers = sources
      for descriptor in descriptors where descriptor.revents != 0 && descriptor.fd != outputDescriptor {
        guard stopReason == nil else { break }
        handlers.first { $0.fd == descriptor.fd }?.handler()
      }
    }
    return stopReason ?? .finished
  }
}

/// A timerfd: fires once or periodically, from the loop, without a thread.
public final class LoopTimer {
  public let fd: Int32

  public init?(interval seconds: Double, repeating: Bool) {
    guard seconds > 0, seconds.isFinite, seconds < 1e9 else { return nil }
    fd = devcaps_timerfd(seconds, repeating ? 1 : 0)
    guard fd >= 0 else { return nil }
  }

  deinit { close(fd) }

  /// How many times it fired since the last call (more than 1 when the loop fell behind).
  @discardableResult
  public func acknowledge() -> UInt64 {
    var expirations: UInt64 = 0
    _ = withUnsafeMutableBytes(of: &expirations) { read(fd, $0.baseAddress, 8) }
    return expirations
  }
}
