/// power-profiles-daemon's profile at the start of `watch power-profile`, or a change of it
/// (`NSProcessInfoPowerStateDidChange`).
public struct PowerProfileUpdate: Sendable, Equatable {
  /// The profile, its degraded reason and the bus name that answered.
  public var profile: PowerProfileInfo

  /// Low power mode: the profile is `power-saver`.
  public var isLowPowerModeEnabled: Bool { profile.isLowPowerModeEnabled }

  /// An update as a test or a replay makes one.
  public init(profile: PowerProfileInfo) {
    self.profile = profile
  }
}

extension PowerProfileUpdate: Encodable {
  enum CodingKeys: String, CodingKey { case profile, lowPowerMode, degradedReason, busName }

  /// `profile`, `lowPowerMode`, `degradedReason`, `busName`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(profile.profile, forKey: .profile)
    try container.encode(isLowPowerModeEnabled, forKey: .lowPowerMode)
    try container.encode(profile.degradedReason, forKey: .degradedReason)
    try container.encode(profile.busName, forKey: .busName)
  }
}
