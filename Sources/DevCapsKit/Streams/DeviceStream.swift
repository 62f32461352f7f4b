import CDevCapsShims

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A live stream of device events, as an `AsyncSequence`. The library decides where events come
/// from (UPower or sysfs, the IIO buffer or polled sysfs, which accelerometer) and what happens
/// when a source goes away; the caller only consumes.
///
/// Sources are opened when the stream is made, so a missing one throws
/// `UpdateError.unavailable` before anything is delivered. The first events are the current
/// state; then one event per change. Sampling runs on a thread of the stream's own that sleeps
/// in `poll(2)` until a source is ready; it stops, and puts back any device state it changed
/// (an IIO buffer it enabled), when the consuming task is cancelled or leaves its loop, or when
/// `stop()` is called. Its ``events()`` keep it running while they are iterated, and
/// ``deliver(to:completion:)`` until the stream ends: nothing else has to be kept alive.
///
/// ```swift
/// for try await event in try DeviceStream(.battery).events() { print(event.event) }
/// ```
public final class DeviceStream {
  /// Problems met while opening the sources (an unreadable attribute, garbage in sysfs).
  public let warnings: [Diagnostic]
  /// The sensors the stream samples (the accelerometer of `up-angle`, `orientation`, `shake`).
  public let sensors: [SensorInfo]

  private let session: StreamSession
  private let waker: LoopWaker
  private let stream: AsyncThrowingStream<StreamEvent, any Error>
  private let continuation: AsyncThrowingStream<StreamEvent, any Error>.Continuation
  private var thread: WorkerThread?
  private var stopped = false
  private let sink = EventSink()

  /// The stream `devcaps watch KIND` prints.
  public convenience init(_ kind: StreamKind, options: StreamOptions = StreamOptions()) throws(UpdateError) {
    try self.init(options: options) { sources throws(UpdateError) in try WatchSources.open(kind, sources) }
  }

  /// The display accelerometer's up-angle at `options.rate` samples per second (default 10).
  public static func upAngle(options: StreamOptions = StreamOptions()) throws(UpdateError) -> DeviceStream {
    try DeviceStream(options: options) { sources throws(UpdateError) in try MotionSources.openUpAngle(sources) }
  }

  private init(
    options: StreamOptions, open: (SourceContext) throws(UpdateError) -> [SensorInfo]
  ) throws(UpdateError) {
    let (stream, continuation) = AsyncThrowingStream.makeStream(
      of: StreamEvent.self, bufferingPolicy: options.buffering.policy(of: StreamEvent.self))
    self.stream = stream
    self.continuation = continuation
    guard let waker = LoopWaker() else {
      throw .unavailable(.init(.systemResources, "cannot create an eventfd to stop the stream"))
    }
    self.waker = waker
    session = StreamSession(maximumChanges: options.maximumChanges) { [sink] event in
      if let handler = sink.handler { return handler(event) }
      if sink.holding {
        sink.held.append(event)
        return true
      }
      if case .terminated = continuation.yield(event) { return false }
      return true
    }
    guard let udev = Udev() else {
      throw .unavailable(.init(.serviceMissing, "cannot use udev (\(Udev.unavailableReason))"))
    }
    let context = ProbeContext()
    do {
      sensors = try open(SourceContext(options: options, session: session, probes: context, udev: udev))
    } catch {
      session.cleanUp()
      throw error
    }
    if let duration = options.duration { session.stop(after: duration) }
    session.loop.watch(waker.fd) { [weak session, waker] in
      waker.acknowledge()
      session?.loop.stop(.finished)
    }
    warnings = context.diagnostics.entries
    continuation.onTermination = { [waker] _ in waker.wake() }
  }

  deinit { stop() }

  /// The events, starting with the current state. One consumer: a second call returns the same
  /// events. The sequence keeps the stream running while it is iterated; leaving the loop, or
  /// cancelling its task, stops it once nothing else holds the stream.
  public func events() -> Events {
    Events(stream: self, base: startedEvents())
  }

  /// A stream's events; iterating them keeps the stream running. They throw ``UpdateError``, as
  /// every ``Updates`` sequence does.
  public struct Events: AsyncSequence {
    public typealias Element = StreamEvent
    public typealias Failure = UpdateError
    let stream: DeviceStream
    let base: AsyncThrowingStream<StreamEvent, any Error>

    public func makeAsyncIterator() -> Iterator { Iterator(stream: stream, base: base.makeAsyncIterator()) }

    /// Holds the stream, so that it runs as long as the iteration.
    public struct Iterator: AsyncIteratorProtocol {
      let stream: DeviceStream
      var base: AsyncThrowingStream<StreamEvent, any Error>.AsyncIterator

      public mutating func next(isolation actor: isolated (any Actor)?) async throws(UpdateError) -> StreamEvent? {
        do {
          return try await base.next(isolation: actor)
        } catch {
          throw UpdateError(error)
        }
      }

      public mutating func next() async throws(UpdateError) -> StreamEvent? { try await next(isolation: nil) }
    }
  }

  private func startedEvents() -> AsyncThrowingStream<StreamEvent, any Error> {
    if thread == nil && !stopped {
      let (session, continuation) = (session, continuation)
      sink.holding = false
      for event in sink.held { continuation.yield(event) }
      sink.held = []
      do {
        thread = try WorkerThread(named: "devcaps-stream") {
          switch session.run() {
          case .failure(let message): continuation.finish(throwing: UpdateError.sourceFailed(message))
          default: continuation.finish()
          }
        }
      } catch {
        stopped = true
        session.cleanUp()
        continuation.finish(throwing: UpdateError.threadUnavailable(error))
      }
    }
    return stream
  }

  /// Hands each event to `handler` on the stream's sampling thread as it happens, instead of
  /// through ``events()``: no task to resume, so nothing is allocated per event (`watch motion`
  /// at 200 Hz). For a consumer that keeps up: while `handler` runs, sampling waits, and so does
  /// ``stop()``. `handler` returns false to end the stream. `completion` runs once, on that
  /// thread, after the stream ended and every source was restored, with the failure that ended
  /// it, if one did. Returns at once. Use this or ``events()``, not both. The stream runs until
  /// it ends (`handler` returned false, `--count`, `--timeout`, a source failed) or ``stop()`` is
  /// called, whether or not the caller keeps it.
  public func deliver(to handler: @escaping (StreamEvent) -> Bool, completion: @escaping (UpdateError?) -> Void) {
    guard thread == nil && !stopped else { return completion(nil) }
    sink.handler = handler
    let (session, sink) = (session, sink)
    do {
      thread = try WorkerThread(named: "devcaps-stream") { [self] in
        defer { withExtendedLifetime(self) {} }
        // The current state, found while the sources were opened.
        let held = sink.held
        sink.held = []
        for event in held where !handler(event) {
          session.loop.stop(.finished)
          break
        }
        if case .failure(let message) = session.run() {
          completion(.sourceFailed(message))
        } else {
          completion(nil)
        }
      }
    } catch {
      stopped = true
      session.cleanUp()
      completion(.threadUnavailable(error))
    }
  }

  /// Stops sampling and waits until every source is closed and restored. Safe to call twice.
  public func stop() {
    guard !stopped else { return }
    stopped = true
    if !session.stop(running: thread, waker: waker) { continuation.finish() }
  }
}

/// Where the session's events go: held until a consumer is chosen, then to the handler of
/// ``DeviceStream/deliver(to:completion:)`` or into the `AsyncThrowingStream`. Changed only
/// before the sampling thread starts, and then only on it.
private final class EventSink: @unchecked Sendable {
  var handler: ((StreamEvent) -> Bool)?
  /// Until the consumer is known, events (the current state, published while the sources are
  /// opened) wait here.
  var holding = true
  var held: [StreamEvent] = []
}

/// An eventfd another thread writes to so that the loop wakes up and stops.
final class LoopWaker: Sendable {
  let fd: FileDescriptor

  init?() {
    guard let fd = try? FileDescriptor(returnedBy: devcaps_eventfd) else { return nil }
    self.fd = fd
  }

  deinit { fd.closeIgnoringErrors() }

  /// Non-blocking; a counter already past zero says "wake up" as well.
  func wake() {
    _ = try? fd.write(value: UInt64(1))
  }

  func acknowledge() {
    var count: UInt64 = 0
    _ = try? fd.read(into: &count)
  }
}

extension DeviceStream {
  /// One up-angle reading from the display accelerometer, polled (iOS's synchronous
  /// `orientationAngle`), with the problems met while finding the sensor.
  public static func readUpAngle(relativeTo: Orientation? = nil) throws(UpdateError) -> (
    sample: UpAngleSample, warnings: [Diagnostic]
  ) {
    guard let udev = Udev() else {
      throw .unavailable(.init(.serviceMissing, "cannot use udev (\(Udev.unavailableReason))"))
    }
    let context = ProbeContext()
    let sensor = try MotionSources.displayAccelerometer(context: context, udev: udev)
    let source = try AccelerometerFeed.open(sensor, context: context, session: nil, udev: udev, note: { _ in })
    let tracker = MotionTracker(sampler: source, relativeTo: relativeTo)
    switch tracker.read() {
    case .success(let sample): return (tracker.upAngleSample(sample), context.diagnostics.entries)
    case .failure(let problem): throw .sourceFailed(problem.description)
    }
  }
}
