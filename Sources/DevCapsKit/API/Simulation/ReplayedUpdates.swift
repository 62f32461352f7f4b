extension Updates {
  /// These elements, in order, then the end: for an app's tests, in place of any source's
  /// updates (`Device.proximityStateUpdates()` in the app, `Updates.replaying([.far, .near])` in
  /// its tests). ``BatteryMonitor/init(replaying:)`` and ``ScreenMonitor/init(replaying:)`` use it.
  public static func replaying(_ elements: [Element]) -> Updates {
    Updates { () throws(UpdateError) in ReplayedFeed(elements, then: nil) }
  }

  /// These elements, in order, then `error`, as a source that fails or goes away does: for the
  /// tests of an app's error handling (`Updates.replaying([first], thenThrowing:
  /// .sourceFailed("unplugged"))`, or `.unavailable(UpdateError.Reason(.noHardware, "…"))` with no
  /// elements).
  public static func replaying(_ elements: [Element], thenThrowing error: UpdateError) -> Updates {
    Updates { () throws(UpdateError) in ReplayedFeed(elements, then: error) }
  }
}

private final class ReplayedFeed<Element: Sendable>: UpdateFeed {
  private var remaining: ArraySlice<Element>
  private let error: UpdateError?

  init(_ elements: [Element], then error: UpdateError?) {
    remaining = elements[...]
    self.error = error
  }

  func next(isolation actor: isolated (any Actor)?) async throws(UpdateError) -> Element? {
    if Task.isCancelled { return nil }
    if let element = remaining.popFirst() { return element }
    if let error { throw error }
    return nil
  }
}
