extension Device {
  /// The power profile now, then one update per change of it (`NSProcessInfoPowerStateDidChange`),
  /// following power-profiles-daemon's PropertiesChanged signals: no polling. Without a daemon,
  /// throws ``UpdateError/unavailable(_:)`` with the reason; a daemon that goes away sends
  /// nothing until it is back.
  public static func lowPowerModeUpdates() -> Updates<PowerProfileUpdate> {
    .events(.powerProfile) { event in
      guard case .powerProfile(let update) = event.event else { return nil }
      return update
    }
  }
}
