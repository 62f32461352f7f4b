import CDevCapsShims

/// Reads power-profiles-daemon over the system bus: the newer bus name first, then the one
/// Debian 12's 0.12 owns. Never starts the daemon: it runs or it is not there.
enum PowerProfilesClient {
  static let services: [(name: String, path: String)] = [
    ("org.freedesktop.UPower.PowerProfiles", "/org/freedesktop/UPower/PowerProfiles"),
    ("net.hadess.PowerProfiles", "/net/hadess/PowerProfiles"),
  ]

  /// The daemon's profile, or why there is none to read.
  static func read() -> Result<PowerProfileInfo, PowerProfileError> {
    guard PowerProbe.systemBusMayExist else { return .failure(.unavailable("no system bus")) }
    var reason: UnsafePointer<CChar>? = nil
    guard devcaps_upower_load(&reason) != 0 else {
      return .failure(.unavailable(reason.map { String(cString: $0) } ?? "GIO cannot be loaded"))
    }
    var errors: [String] = []
    for service in services {
      var profile: UnsafeMutablePointer<CChar>? = nil
      var degraded: UnsafeMutablePointer<CChar>? = nil
      var message: UnsafeMutablePointer<CChar>? = nil
      let read = devcaps_power_profiles_read(service.name, service.path, service.name, &profile, &degraded, &message)
      defer { for text in [profile, degraded, message] { devcaps_g_free(text) } }
      if read != 0, let profile {
        let reason = degraded.map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        return .success(
          PowerProfileInfo(profile: String(cString: profile), degradedReason: reason, busName: service.name))
      }
      errors.append("\(service.name): \(message.map { String(cString: $0) } ?? "no answer")")
    }
    return .failure(.unavailable("power-profiles-daemon is not on the system bus (\(errors.joined(separator: "; ")))"))
  }
}

/// Why the power profile cannot be read.
public enum PowerProfileError: Error, Sendable, Equatable, CustomStringConvertible {
  /// No daemon answers (or no system bus, or no GIO); the text says which.
  case unavailable(String)

  /// The reason, for a person.
  public var description: String {
    switch self {
    case .unavailable(let reason): reason
    }
  }
}
