import Synchronization

/// Virtual time shared by simulated sources, so that a test says when each change happens and
/// in which order the app sees changes from different sources: "thermal goes serious while in
/// landscape" as a timeline, not a race.
///
/// ```swift
/// let clock = SimulationClock()
/// let state = DeviceState(sources: .init(
///   thermalState: .replaying([.zero: .nominal, .seconds(2): .serious], on: clock),
///   orientation: .replaying([.zero: .portrait, .seconds(1): .landscapeLeft], on: clock)))
/// let running = Task { await state.run() }
/// await clock.advance(to: .seconds(2))
/// #expect(state.thermalState == .serious && state.orientation == .landscapeLeft)
/// running.cancel()
/// ```
///
/// Time moves only in ``advance(to:)`` and ``advance(by:)``: each update due by then is
/// delivered in time order (updates due at the same time in the order their sequences were
/// iterated), and the next one only once the loop that took the last one has asked for its next
/// update (or ended). So when `advance` returns, every loop has handled every update due.
/// `advance` first waits until every sequence made on the clock is being iterated: each must be,
/// or it waits for good; and a loop that stops asking without ending holds it the same way.
///
/// A ``MotionManager`` made with ``MotionManager/init(source:clock:)`` runs its simulation on the
/// clock too: each reading at its time, so `advance(by: .seconds(2))` gives exactly the
/// device-motion or orientation updates of those two seconds, in time order with the other
/// sources on the clock.
public final class SimulationClock: Sendable {
  private struct Waiting {
    let due: Duration
    let order: Int
    let resume: CheckedContinuation<Bool, Never>
  }

  private struct State {
    var now = Duration.zero
    /// Sequences made on the clock that no iteration has opened yet.
    var unopened = 0
    var nextOrder = 0
    /// Open feeds, by their order: waiting for a time, or busy (nil) with the loop that took
    /// their last update.
    var feeds: [Int: Waiting?] = [:]
    var settled: [CheckedContinuation<Void, Never>] = []

    var isSettled: Bool { unopened == 0 && feeds.values.allSatisfy { $0 != nil } }

    mutating func takeSettled() -> [CheckedContinuation<Void, Never>] {
      guard isSettled else { return [] }
      defer { settled = [] }
      return settled
    }
  }

  private let state = Mutex(State())

  /// A clock at zero.
  public init() {}

  /// The time since the clock started.
  public var now: Duration { state.withLock(\.now) }

  /// Moves time on by `duration`, delivering every update due by then (see ``advance(to:)``).
  public func advance(by duration: Duration) async {
    await advance(to: now + duration)
  }

  /// Moves time to `instant` (never back), delivering every update due by then in time order,
  /// each once the loop that took the one before has asked for its next.
  public func advance(to instant: Duration) async {
    while true {
      await settled()
      let next = state.withLock { state -> CheckedContinuation<Bool, Never>? in
        let due = state.feeds.compactMap { $0.value }.filter { $0.due <= instant }
        guard let first = due.min(by: { ($0.due, $0.order) < ($1.due, $1.order) }) else {
          state.now = max(state.now, instant)
          return nil
        }
        state.now = max(state.now, first.due)
        state.feeds[first.order] = .some(nil)
        return first.resume
      }
      guard let next else { return }
      next.resume(returning: true)
    }
  }

  private func settled() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let ready = state.withLock { state in
        if state.isSettled { return true }
        state.settled.append(continuation)
        return false
      }
      if ready { continuation.resume() }
    }
  }

  /// A sequence was made on the clock: `advance` waits for its iteration.
  func expect() { state.withLock { $0.unopened += 1 } }

  /// A feed opened: busy until it waits; `claimed` when it is the first of its sequence.
  func open(claimed: Bool) -> Int {
    state.withLock { state in
      if claimed { state.unopened -= 1 }
      defer { state.nextOrder += 1 }
      state.feeds[state.nextOrder] = .some(nil)
      return state.nextOrder
    }
  }

  /// Waits until the clock reaches `due`; false when the task was cancelled first.
  func wait(_ feed: Int, until due: Duration) async -> Bool {
    if state.withLock({ $0.now >= due }) { return !Task.isCancelled }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
        let settled = state.withLock { state in
          state.feeds[feed] = Waiting(due: due, order: feed, resume: continuation)
          return state.takeSettled()
        }
        for waiter in settled { waiter.resume() }
      }
    } onCancel: {
      let waiting = state.withLock { state -> CheckedContinuation<Bool, Never>? in
        guard case .some(.some(let waiting)) = state.feeds[feed] else { return nil }
        state.feeds[feed] = .some(nil)
        return waiting.resume
      }
      waiting?.resume(returning: false)
    }
  }

  /// A feed ended or was released.
  func close(_ feed: Int) {
    let settled = state.withLock { state in
      state.feeds[feed] = nil
      return state.takeSettled()
    }
    for waiter in settled { waiter.resume() }
  }
}

extension Updates {
  /// These elements at these times on `clock`: each delivered when the clock reaches its time
  /// (the ones at zero at once), then the end. See ``SimulationClock``.
  public static func replaying(_ timeline: KeyValuePairs<Duration, Element>, on clock: SimulationClock) -> Updates {
    let events = timeline.map { (time: $0.key, element: $0.value) }.sorted { $0.time < $1.time }
    let participant = ClockParticipant(clock)
    return Updates { () throws(UpdateError) in
      ClockedFeed(events[...], clock: clock, id: clock.open(claimed: participant.claim()))
    }
  }
}

/// A sequence made on a clock, which the clock waits for until its first iteration opens.
final class ClockParticipant: Sendable {
  private let claimed = Mutex(false)

  init(_ clock: SimulationClock) { clock.expect() }

  func claim() -> Bool {
    claimed.withLock { claimed in
      defer { claimed = true }
      return !claimed
    }
  }
}

/// One iteration of a timeline on a clock.
private final class ClockedFeed<Element: Sendable>: UpdateFeed {
  private var remaining: ArraySlice<(time: Duration, element: Element)>
  private let clock: SimulationClock
  private let id: Int

  init(_ events: ArraySlice<(time: Duration, element: Element)>, clock: SimulationClock, id: Int) {
    remaining = events
    self.clock = clock
    self.id = id
  }

  deinit { clock.close(id) }

  func next(isolation actor: isolated (any Actor)?) async throws(UpdateError) -> Element? {
    guard let first = remaining.first, await clock.wait(id, until: first.time) else {
      clock.close(id)
      return nil
    }
    remaining.removeFirst()
    return first.element
  }
}
