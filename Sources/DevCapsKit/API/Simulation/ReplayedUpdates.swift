extension Updates {
  /// These elements, in order, then the end: for an app's tests, in place of any source's
  /// updates (`Device.proximityStateUpdates()` in the app, `Updates.replaying([.far, .near])` in
  /// its tests). ``BatteryMonitor/init(replaying:)`` and ``ScreenMonitor/init(replaying:)`` use it.
  public static func replaying(_ elements: [Element]) -> Updates {
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
