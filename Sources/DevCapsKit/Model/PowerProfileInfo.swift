/// power-profiles-daemon's state: the profile GNOME's and KDE's power menus set.
public struct PowerProfileInfo: Sendable, Codable, Equatable {
  /// `power-saver`, `balanced` or `performance`.
  public var profile: String
  /// Why the performance profile runs below its best (`lap-detected`,
  /// `high-operating-temperature`); nil when it does not.
  public var degradedReason: String?
  /// The bus name that answered: `org.freedesktop.UPower.PowerProfiles` (0.20 and later) or
  /// `net.hadess.PowerProfiles`.
  public var busName: String

  /// Low power mode (`ProcessInfo.isLowPowerModeEnabled`): the profile is `power-saver`.
  public var isLowPowerModeEnabled: Bool { profile == "power-saver" }

  /// A profile as a test or a saved report describes it.
  public init(profile: String, degradedReason: String? = nil, busName: String) {
    self.profile = profile
    self.degradedReason = degradedReason
    self.busName = busName
  }
}
