extension Device {
  /// Low power mode (`ProcessInfo.isLowPowerModeEnabled`): true when power-profiles-daemon's
  /// active profile is `power-saver`; nil when no daemon answers (``powerProfile()`` says why).
  public static var isLowPowerModeEnabled: Bool? {
    try? powerProfile().isLowPowerModeEnabled
  }

  /// power-profiles-daemon's profile and any degraded reason, read now over the system bus
  /// under `org.freedesktop.UPower.PowerProfiles`, else `net.hadess.PowerProfiles`. Throws
  /// ``PowerProfileError/unavailable(_:)`` with the reason when neither answers.
  public static func powerProfile() throws(PowerProfileError) -> PowerProfileInfo {
    try PowerProfilesClient.read().get()
  }
}
