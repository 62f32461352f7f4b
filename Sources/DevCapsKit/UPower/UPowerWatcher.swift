import CDevCapsShims
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Watches UPower from a GLib main context on a thread of its own: the bus name (upowerd coming
/// and going), the client's properties (on battery, lid) and every device's `notify` signal.
/// Changes are coalesced (one snapshot 50 ms after the first signal) and cross to the caller's
/// loop as values, through an eventfd that wakes it. Nothing polls.
///
/// The thread holds the mailbox and its run's context, not the watcher: dropping the watcher
/// stops and joins the thread (`deinit` calls `stop()`).
final class UPowerWatcher: Sendable {
  enum Message: Sendable {
    /// upowerd is not there at start (no system bus, or nobody owns the name).
    case absent
    case appeared(PowerInfo)
    case changed(PowerInfo)
    case vanished
  }

  /// Readable when messages are waiting; `receive()` takes them.
  let fd: FileDescriptor
  private let mailbox: Mailbox
  private let running = Mutex<Running?>(nil)

  /// The thread of one start, and how to stop it.
  private struct Running: Sendable {
    var run: Run
    var thread: WorkerThread
  }

  /// Fails when the process cannot have another descriptor (the eventfd).
  init() throws(Errno) {
    mailbox = try Mailbox()
    fd = mailbox.fd
  }

  deinit { stop() }

  /// Starts the GLib thread; the first message says whether upowerd is there. Without a system
  /// bus (or libupower-glib) that message is `.absent`, and GLib is not even loaded. Fails when
  /// the thread cannot be created (EAGAIN: out of threads or memory).
  func start() throws(Errno) {
    try running.withLock { running throws(Errno) in
      guard running == nil else { return }
      guard PowerProbe.systemBusMayExist, devcaps_upower_load(nil) != 0 else {
        mailbox.send(.absent)
        return
      }
      let run = try Run()
      let mailbox = mailbox
      let thread = try WorkerThread(named: "devcaps-upower") { UPowerSession.run(mailbox: mailbox, run: run) }
      running = Running(run: run, thread: thread)
    }
  }

  /// Stops the GLib thread and waits for it: every signal handler is disconnected, the bus name
  /// unwatched and the client released on that thread first. Messages already sent stay
  /// waiting. Calling it again, or without `start()`, does nothing.
  func stop() {
    guard let running = running.withLock({ $0.take() }) else { return }
    running.run.requestStop()
    // Never this thread: stop() is not reachable from the GLib thread, which holds no reference
    // to the watcher.
    running.thread.join()
  }

  /// Everything that arrived since the last call.
  func receive() -> [Message] { mailbox.receive() }
}

/// Messages from the GLib thread to the caller: a queue under a mutex, and an eventfd that is
/// readable while something was sent and not yet received.
final class Mailbox: Sendable {
  let fd: FileDescriptor
  private let queue = Mutex<[UPowerWatcher.Message]>([])

  init() throws(Errno) {
    fd = try FileDescriptor(returnedBy: devcaps_eventfd)
  }

  // Linux frees the descriptor even when close reports an error: there is nothing to retry.
  deinit { fd.closeIgnoringErrors() }

  func send(_ message: UPowerWatcher.Message) {
    queue.withLock { $0.append(message) }
    let result = Result { () throws(Errno) in try fd.write(value: UInt64(1)) }
    // EAGAIN: the counter is at its maximum, so the descriptor is readable already.
    if case .failure(let error) = result {
      precondition(error == .resourceTemporarilyUnavailable, "writing the UPower eventfd: \(error)")
    }
  }

  func receive() -> [UPowerWatcher.Message] {
    var count: UInt64 = 0
    let result = Result { () throws(Errno) in try fd.read(into: &count) }
    // EAGAIN: nothing was signalled since the last read (a message may still be queued, sent
    // between that read and the lock below).
    if case .failure(let error) = result {
      precondition(error == .resourceTemporarilyUnavailable, "reading the UPower eventfd: \(error)")
    }
    return queue.withLock { queue in
      let messages = queue
      queue.removeAll()
      return messages
    }
  }
}

/// One start of the watcher: the GLib thread's main context and the request to stop it.
final class Run: Sendable {
  /// Owned by this object (one reference, dropped in `deinit`). `nonisolated(unsafe)` because a
  /// raw pointer is not Sendable; it is safe: only the GLib thread iterates the context, and
  /// the other thread calls only `g_main_context_wakeup`, which GLib documents as callable from
  /// any thread, while this object (so the reference) is alive.
  nonisolated(unsafe) let context: UnsafeMutableRawPointer
  let stopRequested = Atomic<Bool>(false)

  init() throws(Errno) {
    guard let context = devcaps_g_main_context_new() else { throw .outOfMemory }
    self.context = context
  }

  deinit { devcaps_g_main_context_unref(context) }

  /// Makes the GLib thread leave its loop: the flag, then a wakeup, so that an iteration under
  /// way returns, or the next one does at once (the wakeup is an eventfd that stays signalled).
  func requestStop() {
    stopRequested.store(true, ordering: .releasing)
    devcaps_g_main_context_wakeup(context)
  }
}
