import Synchronization

/// A source one thread runs, handing each event to a handler on that thread: a `DeviceStream`,
/// a `SensorSampler`.
protocol SharableSource<Event>: AnyObject {
  associatedtype Event
  /// Starts the thread; `handler` returns false to end it; `completion` runs once it ended.
  func deliver(to handler: @escaping (Event) -> Bool, completion: @escaping (UpdateError?) -> Void)
  /// Stops the thread and waits until every source is closed and restored.
  func stop()
}

extension DeviceStream: SharableSource {}

/// One running source that every loop over the same updates shares (``SharingKey``): one thread
/// samples, and each loop gets the events in a stream of its own, buffered by its own policy, so
/// a slow loop drops only its own events and never holds up the thread or another loop. A loop
/// that joins gets the state so far first (what `remember` kept), as a source of its own would
/// start with it. The last loop to leave stops the source; one that comes later opens a new one.
/// An error that ends the source ends every loop with it.
final class SharedSource<Event: Sendable>: @unchecked Sendable {
  typealias Continuation = AsyncThrowingStream<Event, any Error>.Continuation

  private struct State {
    var consumers: [Int: Continuation] = [:]
    var nextConsumer = 0
    /// The state so far, for a loop that joins.
    var current: [Event] = []
    /// Stopped, or ended by itself: no loop joins it any more.
    var ended = false
  }

  private let state = Mutex(State())
  private let remember: (@Sendable (inout [Event], Event) -> Void)?
  /// Touched once to start (by the loop that opened it) and once to stop (by the loop that ended
  /// it, which `state.ended` says), never at the same time: unchecked.
  private let source: any SharableSource<Event>

  init(_ source: any SharableSource<Event>, remember: (@Sendable (inout [Event], Event) -> Void)?) {
    self.source = source
    self.remember = remember
  }

  /// Starts the thread; each event goes to every loop that joined.
  func start() {
    source.deliver(
      to: { [weak self] event in self?.publish(event) ?? false },
      completion: { [weak self] error in self?.ended(error) })
  }

  /// A new loop's stream, with the state so far in it; nil once the source has ended.
  func join(buffering: UpdateBuffering) -> Subscription<Event>? {
    let (stream, continuation) = AsyncThrowingStream.makeStream(
      of: Event.self, bufferingPolicy: buffering.policy(of: Event.self))
    let id = state.withLock { state -> Int? in
      guard !state.ended else { return nil }
      for event in state.current { continuation.yield(event) }
      defer { state.nextConsumer += 1 }
      state.consumers[state.nextConsumer] = continuation
      return state.nextConsumer
    }
    return id.map { Subscription(source: self, id: $0, stream: stream) }
  }

  /// The loop `id` left: its stream ends after what it holds; the last one stops the source
  /// (its thread joined, its device restored) before this returns.
  fileprivate func leave(_ id: Int) {
    let last = SharedSources.entries.withLock { entries in
      let last = state.withLock { state -> Bool in
        state.consumers.removeValue(forKey: id)?.finish()
        guard state.consumers.isEmpty, !state.ended else { return false }
        state.ended = true
        return true
      }
      if last { entries.removeAll { $0.source === self } }
      return last
    }
    if last { source.stop() }
  }

  /// On the source's thread, to every loop; false once none is left.
  private func publish(_ event: Event) -> Bool {
    state.withLock { state in
      remember?(&state.current, event)
      for consumer in state.consumers.values { consumer.yield(event) }
      return !state.ended
    }
  }

  /// The source ended by itself (a failure, a removed sensor): every loop ends, with its error.
  private func ended(_ error: UpdateError?) {
    let consumers = SharedSources.entries.withLock { entries in
      entries.removeAll { $0.source === self }
      return state.withLock { state in
        state.ended = true
        defer { state.consumers = [:] }
        return Array(state.consumers.values)
      }
    }
    for consumer in consumers {
      if let error { consumer.finish(throwing: error) } else { consumer.finish() }
    }
  }
}

/// One loop's place at a ``SharedSource``: its stream of events, and, released, its leaving.
final class Subscription<Event: Sendable> {
  let stream: AsyncThrowingStream<Event, any Error>
  private let source: SharedSource<Event>
  private let id: Int

  fileprivate init(source: SharedSource<Event>, id: Int, stream: AsyncThrowingStream<Event, any Error>) {
    self.source = source
    self.id = id
    self.stream = stream
  }

  deinit { source.leave(id) }
}
