import ArgumentParser
import DevCapsKit
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Runs a stream for a command: hands its events to a printer until the stream ends, the reader
/// of stdout goes away, or SIGINT or SIGTERM arrives; then stops the stream (which restores what
/// it changed) and says how it ended. Signals and stdout are the program's business, not the
/// library's: the library only stops when told.
enum StreamRunner {
  enum End: Equatable {
    case finished
    case outputClosed
    case signal(Int32)
    case failed(String)
  }

  /// SIGINT, SIGTERM, SIGHUP (the terminal or the SSH session went away) and SIGQUIT (Ctrl-\)
  /// blocked in this thread are blocked in every thread started after it, so they wait for
  /// `sigwait` in the runner instead of killing the process mid-line, or leaving a live view's
  /// terminal raw (SIGQUIT would otherwise be the Swift runtime's crash report). Call before
  /// anything starts a thread (the stream, the Swift concurrency pool).
  static func takeOverSignals() {
    var set = terminationSignals
    pthread_sigmask(SIG_BLOCK, &set, nil)
    signal(SIGPIPE, SIG_IGN)
  }

  private static var terminationSignals: sigset_t {
    var set = sigset_t()
    sigemptyset(&set)
    for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&set, signal) }
    return set
  }

  /// Prints `stream`'s events on its sampling thread (``DeviceStream/deliver(to:completion:)``:
  /// nothing allocated per event) with what `makePrinter` returns, which is false when stdout
  /// failed; meanwhile this thread waits for the end, a signal or a vanished reader, then stops
  /// the stream. Each line waits until stdout can take it or the runner stops, so a reader that
  /// stopped reading cannot hold up a Ctrl-C.
  ///
  /// `quitting`: a descriptor that becomes readable when a live view's `q` is pressed, which ends
  /// the stream as its end would (exit 0), whether or not an event comes to be drawn.
  static func run(
    _ stream: DeviceStream, quitting: FileDescriptor? = nil, makePrinter: () -> (StreamEvent) -> Bool
  ) -> End {
    let wake: (read: FileDescriptor, write: FileDescriptor)
    let gate: OutputGate
    do throws(Errno) {
      wake = try FileDescriptor.pipe()
      gate = try OutputGate()
    } catch {
      stream.stop()
      return .failed("cannot create a pipe: \(error)")
    }
    // Never closed: the signal thread may write to it until the process ends.
    let (wakeRead, wakeWrite) = wake
    SignalWaiter.start(writingTo: wakeWrite)

    let result = ConsumerResult()
    let printer = makePrinter()
    stream.deliver(
      to: { event in
        guard gate.waitForOutput() else { return false }
        if printer(event) { return true }
        result.set(.outputClosed)
        return false
      },
      completion: { error in
        if let error { result.set(.failed("\(error)")) }
        _ = try? wakeWrite.write(value: UInt8(0))
      })

    let end = waitForEnd(wakeRead: wakeRead, quitting: quitting, result: result)
    gate.close()
    stream.stop()
    return end
  }

  /// Sleeps until the consumer is done (byte 0), a signal arrives (its number), or stdout, a pipe
  /// or socket, is closed by its reader while nothing is being written.
  private static func waitForEnd(wakeRead: FileDescriptor, quitting: FileDescriptor?, result: ConsumerResult) -> End {
    let watchOutput =
      (try? FileDescriptor.standardOutput.status()).map { [.fifo, .socket].contains(FileKind(mode: $0.st_mode)) }
      ?? false
    while true {
      var descriptors = [
        pollfd(fd: wakeRead.rawValue, events: Int16(POLLIN), revents: 0),
        pollfd(fd: quitting?.rawValue ?? -1, events: Int16(POLLIN), revents: 0),
      ]
      if watchOutput { descriptors.append(pollfd(fd: 1, events: 0, revents: 0)) }
      do throws(Errno) {
        try FileDescriptor.poll(&descriptors)
      } catch {
        return .failed("poll: \(error)")
      }
      if watchOutput, descriptors[2].revents & Int16(POLLERR | POLLHUP) != 0 { return .outputClosed }
      if descriptors[1].revents != 0 { return result.get() ?? .finished }
      guard descriptors[0].revents != 0 else { continue }
      var byte: UInt8 = 0
      guard (try? wakeRead.read(into: &byte)) == 1 else { continue }
      return byte == 0 ? (result.get() ?? .finished) : .signal(Int32(byte))
    }
  }

  /// Lets a line through when stdout can take it (for a pipe: PIPE_BUF bytes free, more than a
  /// line, so the write does not block), or says no once the runner is stopping.
  /// Unchecked: `descriptors`, its one mutable property (kept to poll without allocating per
  /// line), is used only by `waitForOutput` on the sampling thread; `close()` only writes to the pipe.
  private final class OutputGate: @unchecked Sendable {
    private let stopping: (read: FileDescriptor, write: FileDescriptor)
    private var descriptors: [pollfd]

    init() throws(Errno) {
      stopping = try FileDescriptor.pipe()
      descriptors = [
        pollfd(fd: FileDescriptor.standardOutput.rawValue, events: Int16(POLLOUT), revents: 0),
        pollfd(fd: stopping.read.rawValue, events: Int16(POLLIN), revents: 0),
      ]
    }

    /// On the sampling thread: false when the runner is stopping.
    func waitForOutput() -> Bool {
      // Any other failure (EINVAL, ENOMEM) lets the line through, to meet its own error in the write.
      _ = try? FileDescriptor.poll(&descriptors)
      return descriptors[1].revents == 0
    }

    /// From then on every line is refused. (The descriptors stay open: the sampling thread may
    /// still be polling them; the process ends soon after.)
    func close() {
      _ = try? stopping.write.write(value: UInt8(1))
    }
  }

  /// How the sampling thread's side ended, read by the waiting thread.
  private final class ConsumerResult: Sendable {
    private let end = Mutex<End?>(nil)
    func set(_ value: End) { end.withLock { $0 = value } }
    func get() -> End? { end.withLock { $0 } }
  }

  /// A thread that takes the termination signals with sigwait and writes the signal's number to
  /// the runner's pipe. It lives until the process ends.
  private enum SignalWaiter {
    static func start(writingTo descriptor: FileDescriptor) {
      // Without the thread (out of threads) the signals stay blocked until the stream ends.
      _ = try? WorkerThread.detached(named: "devcaps-signals") {
        var set = StreamRunner.terminationSignals
        var number: Int32 = 0
        guard sigwait(&set, &number) == 0 else { return }
        _ = try? descriptor.write(value: UInt8(truncatingIfNeeded: number))
      }
    }
  }

  /// How a stream's end becomes the exit status: 128 + the signal that ended it, else 0 (also
  /// when the reader of stdout went away), 74 when stdout failed otherwise (a full disk), or 69
  /// with the reason. Messages a live view held are written first.
  static func exit(_ end: End) throws {
    Output.releaseMessages()
    // A signal first: after a hangup, writing the terminal's restore fails (EIO), and that is
    // the hangup's doing, not a failure of its own.
    if case .signal(let number) = end { throw ExitCode.signal(number) }
    if let failure = Output.writeFailure { Output.failAndExit(failure) }
    switch end {
    case .finished, .outputClosed: return
    case .signal(let number): throw ExitCode.signal(number)
    case .failed(let message):
      Output.error(message)
      throw ExitCode.unavailable
    }
  }
}

extension StreamRunner {
  /// A stream for a command, its warnings on stderr; exit 69 with the reason (after `context`,
  /// when given) when the machine cannot give it.
  static func open(_ kind: StreamKind, _ options: StreamOptions, context: String? = nil) throws -> DeviceStream {
    do {
      let stream = try DeviceStream(kind, options: options)
      Output.warn(stream.warnings)
      return stream
    } catch {
      Output.error((context.map { $0 + ": " } ?? "") + error.description)
      throw ExitCode.unavailable
    }
  }

  /// The display accelerometer's stream for a command, notes and warnings on stderr; exit 69
  /// with the reason when there is none.
  static func openUpAngle(_ options: StreamOptions) throws -> DeviceStream {
    var options = options
    options.note = { Output.error("note: \($0)") }
    do {
      let stream = try DeviceStream.upAngle(options: options)
      Output.warn(stream.warnings)
      return stream
    } catch {
      Output.error(error.description)
      throw ExitCode.unavailable
    }
  }
}
