extension Updates {
  /// These elements, in order, then the end: the updates of a monitor made for an app's tests
  /// (``BatteryMonitor/init(replaying:)``, ``ScreenMonitor/init(replaying:)``).
  static func replaying(_ elements: [Element]) -> Updates {
    Updates { () throws(UpdateError) in ReplayedFeed(elements) }
  }
}

private final class ReplayedFeed<Element: Sendable>: UpdateFeed {
  private var remaining: ArraySlice<Element>

  init(_ elements: [Element]) { remaining = elements[...] }

  func next(isolation actor: isolated (any Actor)?) async throws(UpdateError) -> Element? {
    Task.isCancelled ? nil : remaining.popFirst()
  }
}
