import Synchronization

/// The last element a running ``Updates`` iteration delivered, for the current values
/// `CMMotionManager` keeps (`accelerometerData`, `deviceMotion`): set as each element reaches the
/// iterating loop, and nil again once no iteration that keeps it runs.
final class LatestValue<Element: Sendable>: Sendable {
  private let state = Mutex<(running: Int, value: Element?)>((0, nil))

  var value: Element? { state.withLock { $0.value } }

  fileprivate func started() { state.withLock { $0.running += 1 } }

  fileprivate func store(_ element: Element) { state.withLock { $0.value = element } }

  fileprivate func ended() {
    state.withLock { state in
      state.running -= 1
      if state.running == 0 { state.value = nil }
    }
  }
}

extension Updates {
  /// The same updates, each also kept in `latest` while the iteration runs.
  func keepingLatest(in latest: LatestValue<Element>) -> Updates {
    wrapping { open throws(UpdateError) in LatestKeepingFeed(try open(), latest: latest) }
  }
}

/// A feed that passes its source's elements on and keeps the last one in a ``LatestValue``;
/// released (the iteration ended), it says so.
private final class LatestKeepingFeed<Element: Sendable>: UpdateFeed {
  private let source: any UpdateFeed<Element>
  private let latest: LatestValue<Element>

  init(_ source: any UpdateFeed<Element>, latest: LatestValue<Element>) {
    self.source = source
    self.latest = latest
    latest.started()
  }

  /// Whether the source was stopped in place: the value is cleared then, not again at the end.
  private var released = false

  deinit { if !released { latest.ended() } }

  func releaseSource() -> Bool {
    guard source.releaseSource() else { return false }
    released = true
    latest.ended()
    return true
  }

  func next(isolation actor: isolated (any Actor)?) async throws(UpdateError) -> Element? {
    guard let element = try await source.next(isolation: actor) else { return nil }
    if !released { latest.store(element) }
    return element
  }
}
