extension Device {
  /// Tablet mode: the state now first, then one update on each change, from every input device
  /// with a `SW_TABLET_MODE` switch (in tablet mode while any is on), read as the kernel sends
  /// their events: the updates `devcaps watch tablet-mode` prints. Without such a switch the
  /// first `next()` throws ``UpdateError/unavailable(_:)``; so it does when no switch's event node
  /// can be opened (readable by root and the `input` group), naming each. A switch that cannot be
  /// read while another can is left out (a stream's `warnings` name it).
  ///
  /// ```swift
  /// for try await update in Device.tabletModeUpdates() {
  ///   keyboard.showsOnScreen = update.tabletMode
  /// }
  /// ```
  public static func tabletModeUpdates() -> Updates<TabletModeUpdate> {
    .events(.tabletMode) { event in
      guard case .tabletMode(let update) = event.event else { return nil }
      return update
    }
  }

  /// The lid: its state now first, then one update each time it opens or closes, from UPower's
  /// `LidIsClosed`, the updates `devcaps watch lid` prints. Without upowerd on the system bus the
  /// first `next()` throws ``UpdateError/unavailable(_:)``; a machine without a lid gives one
  /// update whose `present` is false.
  public static func lidUpdates() -> Updates<LidUpdate> {
    .events(.lid) { event in
      guard case .lid(let update) = event.event else { return nil }
      return update
    }
  }
}
