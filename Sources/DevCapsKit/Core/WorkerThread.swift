import CDevCapsShims
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A POSIX thread running one closure; `join()` waits for it to return. devcaps' one way of
/// starting a thread (the check script refuses `pthread_create` anywhere else): a stream's
/// sampling loop, the workers that read many saved reports, the GLib and inotify threads, and
/// the command's signal and key threads (``detached(named:_:)``).
///
/// Every thread is named (`devcaps-…`, as `ps -L`, `top -H` and gdb show it): a user can see
/// which of a process's threads are devcaps', and the tests count only those, not the runtime's.
package final class WorkerThread: Sendable {
  private final class Body {
    let name: String
    let run: () -> Void
    init(_ name: String, _ run: @escaping () -> Void) {
      self.name = name
      self.run = run
    }
  }

  private let handle: pthread_t

  /// Starts the thread named `name` (at most 15 bytes, the kernel's limit). Fails with EAGAIN
  /// when the process is out of threads or memory.
  package init(named name: String, _ run: @escaping () -> Void) throws(Errno) {
    precondition(name.utf8.count <= 15 && name.hasPrefix("devcaps-"), "a thread's name: devcaps-…, 15 bytes at most")
    // The closure and everything it captures belong to the new thread from here until join():
    // the caller touches none of it meanwhile, so handing it over unchecked is safe.
    let body = Unmanaged.passRetained(Body(name, run))
    var handle = pthread_t()
    let result = pthread_create(
      &handle, nil,
      { context in
        let body = Unmanaged<Body>.fromOpaque(context!).takeRetainedValue()
        // Fails only for a name over 15 bytes, which the precondition above rules out.
        _ = devcaps_set_thread_name(body.name)
        body.run()
        return nil
      }, body.toOpaque())
    guard result == 0 else {
      body.release()
      throw Errno(rawValue: result)
    }
    self.handle = handle
  }

  /// Starts a thread nobody waits for: it lives until `run` returns or the process ends, and
  /// its resources go when it returns.
  package static func detached(named name: String, _ run: @escaping () -> Void) throws(Errno) {
    let thread = try WorkerThread(named: name, run)
    pthread_detach(thread.handle)
  }

  /// Waits for the thread to return. Called on the thread itself (the last reference to what
  /// owns it released there, as a stream that ends by itself is), it cannot wait for itself:
  /// the thread is detached instead, and its resources go when it returns.
  package func join() {
    if pthread_equal(pthread_self(), handle) != 0 {
      pthread_detach(handle)
      return
    }
    pthread_join(handle, nil)
  }

  /// Runs `body(index)` for every index in `0..<count` on `workers` threads (this one among
  /// them), each taking the next index as it finishes one. With one worker, or when a thread
  /// cannot be started, the rest runs here.
  static func forEach(_ count: Int, workers: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let next = NextIndex()
    let work: @Sendable () -> Void = {
      while let index = next.take(below: count) { body(index) }
    }
    var started: [WorkerThread] = []
    for _ in 1..<max(1, min(workers, count)) {
      guard let thread = try? WorkerThread(named: "devcaps-worker", work) else { break }
      started.append(thread)
    }
    work()
    for thread in started { thread.join() }
  }

  private final class NextIndex: Sendable {
    private let value = Atomic<Int>(0)

    func take(below count: Int) -> Int? {
      let index = value.add(1, ordering: .relaxed).oldValue
      return index < count ? index : nil
    }
  }
}
