/// A sequence of updates from a device: sensor samples, orientation changes, battery or screen
/// changes.
///
/// Making the sequence does nothing; iterating it opens the source (throwing
/// ``UpdateError/unavailable(_:)`` when the machine has none) and samples on a thread of its own
/// that sleeps until a sample is due or an event arrives. When the consuming task is cancelled,
/// or the loop is left, sampling stops and every device setting it changed (an IIO buffer it
/// enabled) is put back before the thread ends: no thread, descriptor or enabled buffer stays
/// behind.
///
/// ```swift
/// for try await sample in MotionManager().accelerometerUpdates(interval: .milliseconds(20)) {
///   print(sample.x, sample.y, sample.z)
/// }
/// ```
///
/// Each iteration (each `for try await`) opens the source anew; one iterator belongs to one task.
public struct Updates<Element: Sendable>: AsyncSequence, Sendable {
  /// The errors iterating can throw.
  public typealias Failure = UpdateError

  /// The sampling intervals sensor updates accept: 1 ms (1000 Hz) to 10 s (0.1 Hz).
  public static var intervals: ClosedRange<Duration> { .milliseconds(1) ... .seconds(10) }

  let open: @Sendable () throws(UpdateError) -> any UpdateFeed<Element>

  init(open: @escaping @Sendable () throws(UpdateError) -> any UpdateFeed<Element>) {
    self.open = open
  }

  /// An iterator that opens the source on its first `next()`.
  public func makeAsyncIterator() -> Iterator { Iterator(open: open) }

  /// Delivers the updates of one iteration; releasing it stops the source.
  public struct Iterator: AsyncIteratorProtocol {
    private let open: @Sendable () throws(UpdateError) -> any UpdateFeed<Element>
    private var feed: (any UpdateFeed<Element>)?
    private var finished = false

    init(open: @escaping @Sendable () throws(UpdateError) -> any UpdateFeed<Element>) {
      self.open = open
    }

    /// The next update; nil once the task is cancelled or the source ended.
    public mutating func next(isolation actor: isolated (any Actor)? = #isolation) async throws(UpdateError) -> Element?
    {
      guard !finished else { return nil }
      do throws(UpdateError) {
        let feed: any UpdateFeed<Element>
        if let running = self.feed {
          feed = running
        } else {
          feed = try open()
          self.feed = feed
        }
        if let element = try await feed.next(isolation: actor) { return element }
      } catch {
        end()
        throw error
      }
      end()
      return nil
    }

    /// The next update; nil once the task is cancelled or the source ended.
    public mutating func next() async throws(UpdateError) -> Element? {
      try await next(isolation: nil)
    }

    /// Releasing the feed stops its thread and restores the device before the caller goes on.
    private mutating func end() {
      finished = true
      feed = nil
    }
  }
}

extension Updates {
  /// The first update, for a value read once; nil when the source is missing or fails, or ends
  /// before giving one.
  var firstUpdate: Element? {
    get async {
      var iterator = makeAsyncIterator()
      return (try? await iterator.next(isolation: nil)) ?? nil
    }
  }

  /// Samples per second for an interval, or why the interval cannot be used.
  static func hertz(_ interval: Duration) throws(UpdateError) -> Double {
    guard intervals.contains(interval) else { throw .invalidInterval(interval) }
    let (seconds, attoseconds) = interval.components
    return 1 / (Double(seconds) + Double(attoseconds) / 1e18)
  }
}
