import Synchronization

/// The running source of one ``Updates`` iteration, and who may release it: the iterator when its
/// loop ends, or a watchdog when the loop has not asked for an update for `releaseAfter` (a loop
/// left in top-level code, whose iterator the compiler never releases). A feed that can stops
/// its source in place and keeps what it buffered, so a loop that was only busy loses nothing it
/// was sent: it takes those updates, then the source opened anew (a stream of changes starting
/// with the state now). Another feed is dropped whole, and a loop that asks again gets the
/// source opened anew.
final class FeedLease<Element: Sendable>: Sendable {
  /// A feed, handed between the iterating task and the watchdog; only the iterating task uses it,
  /// and the watchdog only drops it while no `next()` runs.
  final class Held: @unchecked Sendable {
    let feed: any UpdateFeed<Element>
    init(_ feed: any UpdateFeed<Element>) { self.feed = feed }
  }

  private struct State {
    var held: Held?
    var pulling = false
    var closed = false
    var lastPull = ContinuousClock.now
    var watching = false
    /// The feed's source was stopped in place: once it has given what it kept, open anew.
    var released = false
  }

  private let state = Mutex(State())
  private let buffering: UpdateBuffering
  private let releaseAfter: Duration?
  private let makeFeed: @Sendable (UpdateBuffering) throws(UpdateError) -> any UpdateFeed<Element>

  init(
    buffering: UpdateBuffering, releaseAfter: Duration?,
    open: @escaping @Sendable (UpdateBuffering) throws(UpdateError) -> any UpdateFeed<Element>
  ) {
    self.buffering = buffering
    self.releaseAfter = releaseAfter
    makeFeed = open
  }

  /// The running feed, opened when there is none; the watchdog leaves it alone until `pulled()`.
  func take() throws(UpdateError) -> Held {
    let running = state.withLock { state in
      state.pulling = true
      return state.held
    }
    if let running { return running }
    do {
      let held = Held(try makeFeed(buffering))
      state.withLock { $0.held = held }
      return held
    } catch {
      state.withLock { $0.pulling = false }
      throw error
    }
  }

  /// The loop got its update: the time the watchdog measures from.
  func pulled() {
    guard let releaseAfter else {
      state.withLock { $0.pulling = false }
      return
    }
    let startWatchdog = state.withLock { state in
      state.pulling = false
      state.lastPull = .now
      defer { state.watching = true }
      return !state.watching && !state.closed
    }
    if startWatchdog { watch(every: releaseAfter / 4, releaseAfter: releaseAfter) }
  }

  /// True when the feed ended because the watchdog stopped its source: the caller opens anew.
  func reopenIfReleased() -> Bool {
    let drained = state.withLock { state -> Held? in
      guard state.released else { return nil }
      state.released = false
      defer { state.held = nil }
      return state.held
    }
    withExtendedLifetime(drained) {}
    return drained != nil
  }

  /// The iteration ended: the feed is released now.
  func close() {
    let held = state.withLock { state in
      state.closed = true
      defer { state.held = nil }
      return state.held
    }
    withExtendedLifetime(held) {}
  }

  /// Drops the feed when the loop has been away for `releaseAfter`; true once the watch is over
  /// (dropped, or the iteration ended).
  private func releaseIfIdle(_ releaseAfter: Duration) -> Bool {
    let (idle, done) = state.withLock { state -> (Held?, Bool) in
      guard !state.closed, state.held != nil, !state.released else {
        state.watching = false
        return (nil, true)
      }
      guard !state.pulling, ContinuousClock.now - state.lastPull >= releaseAfter else { return (nil, false) }
      state.watching = false
      // Set first: a loop that comes back while the source stops must open anew after it.
      state.released = true
      return (state.held, true)
    }
    guard let idle else { return done }
    // Released outside the lock: a feed's release joins its thread.
    if !idle.feed.releaseSource() {
      let dropped = state.withLock { state -> Held? in
        state.released = false
        guard !state.pulling, state.held === idle else { return nil }
        defer { state.held = nil }
        return state.held
      }
      withExtendedLifetime(dropped) {}
    }
    return done
  }

  private func watch(every period: Duration, releaseAfter: Duration) {
    Task.detached { [weak self] in
      while true {
        try? await Task.sleep(for: period)
        guard let self, !self.releaseIfIdle(releaseAfter) else { return }
      }
    }
  }
}
