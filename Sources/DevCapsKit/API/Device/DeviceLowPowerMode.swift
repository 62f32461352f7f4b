extension Device {
  /// power-profiles-daemon's profile and any degraded reason, read now over the system bus
  /// under `org.freedesktop.UPower.PowerProfiles`, else `net.hadess.PowerProfiles`. Throws
  /// ``PowerProfileError/unavailable(_:)`` with the reason when neither answers.
  public static func powerProfile() throws(PowerProfileError) -> PowerProfileInfo {
    try PowerProfilesClient.read().get()
  }
}
