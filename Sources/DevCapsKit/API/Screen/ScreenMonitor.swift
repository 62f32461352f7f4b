/// The machine's screens as they come and go (`UIScreen.screens` with
/// `UIScreen.didConnectNotification`, `didDisconnectNotification`, `modeDidChangeNotification`).
///
/// ```swift
/// for try await update in ScreenMonitor().updates {
///   print(update.screens.map(\.connector), update.change?.action.rawValue ?? "now")
/// }
/// ```
///
/// The source is udev's `drm` events; each connector is read again from `/sys/class/drm` and its
/// EDID when it changes.
public struct ScreenMonitor: Sendable {
  /// Updates an app's tests give, in place of udev's (see <doc:TestingYourApp>).
  private let replayed: [ScreenUpdate]?

  /// A monitor; nothing is read until ``updates`` is iterated.
  public init() { replayed = nil }

  /// A monitor whose ``updates`` are these, in order, then the end: for an app's tests.
  public init(replaying updates: [ScreenUpdate]) { replayed = updates }

  /// First the screens connected now, at once and possibly none (``ScreenUpdate/change`` nil):
  /// "no screens" is an answer, not a wait. Then one update per connection, disconnection or
  /// change of a connector's modes, with the screens connected after it.
  public var updates: Updates<ScreenUpdate> {
    if let replayed { return .replaying(replayed) }
    let events = Updates<DisplayUpdate>.events(.displays) { event in
      guard case .display(let update) = event.event, !event.initial else { return nil }
      return update
    }
    return events.wrapping { open throws(UpdateError) in
      // The udev monitor runs once the events are open, so no change after this reading is lost.
      let changes = try open()
      return ScreenStateFeed(changes: changes, screens: Screen.screens)
    }
  }
}

/// The connected screens after an update, and the change that led to them.
public struct ScreenUpdate: Sendable, Equatable {
  /// The connected screens, in the order they were first seen; empty when none is connected.
  public var screens: [Screen]
  /// What changed; nil in the first update, the state when the updates began.
  public var change: DisplayUpdate?

  /// An update as a test or a replay makes one.
  public init(screens: [Screen], change: DisplayUpdate?) {
    self.screens = screens
    self.change = change
  }
}

/// Keeps the set of connected screens: the state first, then the state after each change.
final class ScreenStateFeed: UpdateFeed {
  private let changes: any UpdateFeed<DisplayUpdate>
  private var screens: [Screen]
  private var deliveredState = false

  init(changes: any UpdateFeed<DisplayUpdate>, screens: [Screen]) {
    self.changes = changes
    self.screens = screens
  }

  func next(isolation actor: isolated (any Actor)?) async throws(UpdateError) -> ScreenUpdate? {
    guard deliveredState else {
      deliveredState = true
      return ScreenUpdate(screens: screens, change: nil)
    }
    guard let change = try await changes.next(isolation: actor) else { return nil }
    let index = screens.firstIndex { $0.connector == change.display.connector }
    switch (change.action, index) {
    case (.disconnected, let index?): screens.remove(at: index)
    case (.disconnected, nil): break
    case (_, let index?): screens[index] = Screen(display: change.display)
    case (_, nil): screens.append(Screen(display: change.display))
    }
    return ScreenUpdate(screens: screens, change: change)
  }
}
