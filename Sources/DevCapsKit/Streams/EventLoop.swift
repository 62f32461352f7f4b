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

  public func stop(_ reason: Stop) {
    if stopReason == nil { stopReason = reason }
  }

  /// SIGINT and SIGTERM end the loop with `.signal`, so the program can restore the terminal and
  /// exit 130 or 143 instead of dying mid-line. SIGPIPE is ignored: a closed stdout is noticed
  /// by the write that fails. (signal(2) fails only for a signal number that does not exist.)
  public func handleTerminationSignals() throws(Errno) {
    signal(SIGPIPE, SIG_IGN)
    signalDescriptor = try Errno.check { devcaps_signalfd_for_termination() }
    watch(signalDescriptor) { [unowned self] in
      switch Errno.result({ devcaps_signalfd_read(self.signalDescriptor) }) {
      case .success(0): break
      case .success(let number): self.stop(.signal(number))
      case .failure(let error): self.stop(.failure("reading signals (signalfd): \(error)"))
      }
    }
  }

  /// Ends the loop when the reader of stdout goes away, even while nothing is being written
  /// (poll reports an error on a pipe whose other end is closed).
  public func stopWhenOutputCloses(_ fd: Int32 = 1) {
    var info = stat()
    // A descriptor fstat cannot describe is not a pipe to watch (the first write reports it).
    guard case .success = Errno.result({ fstat(fd, &info) }),
      (info.st_mode & S_IFMT) == S_IFIFO || (info.st_mode & S_IFMT) == S_IFSOCK
    else { return }
    outputDescriptor = fd
  }

  private var outputDescriptor: Int32 = -1

  /// Runs until something calls `stop`.
  @discardableResult
  public func run() -> Stop {
    while stopReason == nil {
      var descriptors = sources.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
      if outputDescriptor >= 0 { descriptors.append(pollfd(fd: outputDescriptor, events: 0, revents: 0)) }
      if case .failure(let error) = Errno.result({ poll(&descriptors, nfds_t(descriptors.count), -1) }) {
        stop(.failure("poll: \(error)"))
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

  /// Fails with EINVAL when `seconds` is not a positive number below 10⁹, or with the error of
  /// timerfd_create or timerfd_settime (EMFILE when the process is out of descriptors).
  public init(interval seconds: Double, repeating: Bool) throws(Errno) {
    fd = try Errno.check { devcaps_timerfd(seconds, repeating ? 1 : 0) }
  }

  // Linux frees the descriptor even when close reports an error: there is nothing to retry.
  deinit { close(fd) }

  /// How many times it fired since the last call (more than 1 when the loop fell behind); 0
  /// when it has not fired (EAGAIN).
  @discardableResult
  public func acknowledge() throws(Errno) -> UInt64 {
    var expirations: UInt64 = 0
    let result = withUnsafeMutableBytes(of: &expirations) { bytes in Errno.result { read(fd, bytes.baseAddress, 8) } }
    if case .failure(let error) = result, error != .resourceTemporarilyUnavailable { throw error }
    return expirations
  }
}
