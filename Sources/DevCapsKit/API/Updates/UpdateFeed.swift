/// One running source of an ``Updates`` iteration: it owns the thread that samples, and
/// releasing it stops that thread and restores the device.
protocol UpdateFeed<Element>: AnyObject {
  associatedtype Element
  func next(isolation actor: isolated (any Actor)?) async throws(UpdateError) -> Element?
  /// Stops the source (its thread, its device) but keeps what it delivered and the loop has
  /// not taken yet, which `next()` still gives before it ends; false when the feed cannot, and
  /// must be dropped whole to stop its source.
  func releaseSource() -> Bool
}

extension UpdateFeed {
  func releaseSource() -> Bool { false }
}

/// A feed over an `AsyncThrowingStream` whose producer is kept alive by `owner` (a loop's
/// ``Subscription`` to a shared source, which the last to leave stops, its thread joined).
final class StreamFeed<Source: Sendable, Element>: UpdateFeed {
  private var owner: AnyObject?
  private var iterator: AsyncThrowingStream<Source, any Error>.AsyncIterator
  /// Nil skips the source's value (an event of another kind, an initial state not wanted).
  private let transform: (Source) -> Element?
  /// Changes of state, none of which may be lost, are kept when the source is stopped in place;
  /// samples are not: a loop that comes back wants one from now.
  private let keepsChanges: Bool

  init(
    owner: AnyObject, stream: AsyncThrowingStream<Source, any Error>, keepsChanges: Bool = false,
    transform: @escaping (Source) -> Element?
  ) {
    self.owner = owner
    self.keepsChanges = keepsChanges
    iterator = stream.makeAsyncIterator()
    self.transform = transform
  }

  /// Releasing the owner stops its thread, which finishes the stream after what it buffered.
  func releaseSource() -> Bool {
    guard keepsChanges else { return false }
    owner = nil
    return true
  }

  func next(isolation actor: isolated (any Actor)?) async throws(UpdateError) -> Element? {
    do {
      while let value = try await iterator.next(isolation: actor) {
        if let element = transform(value) { return element }
      }
      return nil
    } catch {
      throw UpdateError(error)
    }
  }
}

extension Updates {
  /// Updates taken from the events of a `DeviceStream` of `kind`: samples, one per `interval`,
  /// buffered as `buffering` says, or changes of state (no interval), none lost. Loops over the
  /// same kind, interval and options share one stream (``SharedSources``).
  static func events(
    _ kind: StreamKind, options: StreamOptions = StreamOptions(), interval: Duration? = nil,
    buffering: UpdateBuffering = .unbounded, _ transform: @escaping @Sendable (StreamEvent) -> Element?
  ) -> Updates {
    Updates(buffering: buffering, releaseAfter: releaseAfter(interval: interval)) { policy throws(UpdateError) in
      var options = options
      if let interval { options.rate = try hertz(interval) }
      let subscription = try SharedSources.subscribe(
        .stream(kind, interval: interval, options), buffering: policy,
        remember: interval == nil ? StreamEvent.remember : nil
      ) { () throws(UpdateError) in try DeviceStream(kind, options: options) }
      return StreamFeed(
        owner: subscription, stream: subscription.stream, keepsChanges: interval == nil, transform: transform)
    }
  }

  /// How long a loop may stay away before its source is stopped: four samples, at least 250 ms;
  /// 2 s for changes of state, which a reopened source repeats.
  static func releaseAfter(interval: Duration?) -> Duration {
    guard let interval else { return .seconds(2) }
    return Swift.max(.milliseconds(250), interval * 4)
  }
}
