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
/// A loop left in a program's top-level code (`main.swift`) is not ended by the language: the
/// compiler keeps its iterator until the program exits. So a source whose loop has not asked for
/// the next update for a while (``releaseAfter``: four intervals, at least 250 ms, for samples;
/// 2 s for changes of state) is stopped as if the loop had been left, and the current values it
/// kept (``MotionManager/accelerometerData``) are cleared. A loop that then asks again gets the
/// source opened anew: the samples go on (from now: those buffered are dropped, as the newest
/// are wanted); a stream of changes first gives every change it was sent before it stopped,
/// none lost, then starts again with the state now (the changes while it was stopped folded
/// into that state). So a loop that was only busy that long (awaiting a network call) sees
/// every change it would have seen, and the state after the ones it missed.
///
/// While the loop is busy, updates wait in a buffer: see ``UpdateBuffering`` and
/// ``buffering(_:)``.
///
/// Loops over the same source share it: two or more `for try await` over the same sensor or
/// stream, with the same interval and options (from any ``MotionManager``, any call), run on one
/// source and one thread, whatever the number of loops. Each loop has a buffer of its own, with
/// its own ``buffering``: a slow loop keeping the newest sample never holds up a fast one, nor
/// loses it a sample. The source starts with the first loop and stops, its thread joined and its
/// device restored, when the last one leaves; a loop after that opens it anew. A loop that joins
/// a running stream of changes gets the state now first, as from a source of its own, and an
/// error that ends the source (a sensor removed) ends every loop with it. Simulations and
/// replays are no source to share: each iteration starts from their first element. One
/// iterator belongs to one task.
public struct Updates<Element: Sendable>: AsyncSequence, Sendable {
  /// The errors iterating can throw.
  public typealias Failure = UpdateError

  /// The sampling intervals sensor updates accept: 1 ms (1000 Hz) to 10 s (0.1 Hz).
  public static var intervals: ClosedRange<Duration> { .milliseconds(1) ... .seconds(10) }

  /// What the sequence keeps while its loop is busy.
  public let buffering: UpdateBuffering
  /// How long a loop may go without asking for the next update before its source is stopped;
  /// nil for sources that hold nothing (replays, simulations).
  public let releaseAfter: Duration?
  let open: @Sendable (UpdateBuffering) throws(UpdateError) -> any UpdateFeed<Element>

  init(
    buffering: UpdateBuffering = .unbounded, releaseAfter: Duration? = nil,
    open: @escaping @Sendable (UpdateBuffering) throws(UpdateError) -> any UpdateFeed<Element>
  ) {
    self.buffering = buffering
    self.releaseAfter = releaseAfter
    self.open = open
  }

  /// A sequence over a source that holds nothing: no buffer, never released while idle.
  init(open: @escaping @Sendable () throws(UpdateError) -> any UpdateFeed<Element>) {
    self.init { (_: UpdateBuffering) throws(UpdateError) in try open() }
  }

  /// The same updates, buffered by `policy` while the loop is busy.
  public func buffering(_ policy: UpdateBuffering) -> Updates {
    Updates(buffering: policy, releaseAfter: releaseAfter, open: open)
  }

  /// The same buffering and release, over feeds made from this sequence's: a check before it
  /// opens, a wrapper around what it opened.
  func wrapping<Wrapped: Sendable>(
    _ wrap:
      @escaping @Sendable (() throws(UpdateError) -> any UpdateFeed<Element>) throws(UpdateError) -> any UpdateFeed<
        Wrapped
      >
  ) -> Updates<Wrapped> {
    let makeFeed = open
    return Updates<Wrapped>(buffering: buffering, releaseAfter: releaseAfter) { policy throws(UpdateError) in
      try wrap { () throws(UpdateError) in try makeFeed(policy) }
    }
  }

  /// An iterator that opens the source on its first `next()`.
  public func makeAsyncIterator() -> Iterator {
    Iterator(lease: FeedLease(buffering: buffering, releaseAfter: releaseAfter, open: open))
  }

  /// Delivers the updates of one iteration; releasing it stops the source.
  public struct Iterator: AsyncIteratorProtocol {
    private let lease: FeedLease<Element>
    private var finished = false

    init(lease: FeedLease<Element>) { self.lease = lease }

    /// The next update; nil once the task is cancelled or the source ended.
    public mutating func next(isolation actor: isolated (any Actor)? = #isolation) async throws(UpdateError) -> Element?
    {
      guard !finished else { return nil }
      do throws(UpdateError) {
        while true {
          let feed = try lease.take()
          let element = try await feed.feed.next(isolation: actor)
          lease.pulled()
          if let element { return element }
          // The watchdog stopped an idle loop's source: it gave what it kept; now open anew.
          guard lease.reopenIfReleased() else { break }
        }
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
      lease.close()
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
