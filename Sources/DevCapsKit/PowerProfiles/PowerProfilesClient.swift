/// Reads power-profiles-daemon over the system bus: the newer bus name first, then the one
/// Debian 12's 0.12 owns. Never starts the daemon: it runs or it is not there.
enum PowerProfilesClient {
  static let services: [(name: String, path: String)] = [
    ("org.freedesktop.UPower.PowerProfiles", "/org/freedesktop/UPower/PowerProfiles"),
    ("net.hadess.PowerProfiles", "/net/hadess/PowerProfiles"),
  ]

  /// The daemon's profile, or why there is none to read: both names asked at once, over the
  /// bus connection the power section uses (`SystemBusConnection`), within the same deadline.
  static func read() -> Result<PowerProfileInfo, PowerProfileError> {
    guard PowerProbe.systemBusMayExist else { return .failure(.unavailable("no system bus")) }
    let calls = services.map { DBusMethodCall.getAll(destination: $0.name, path: $0.path, interface: $0.name) }
    do {
      let connection = try SystemBusConnection(sending: calls)
      let serials = calls.indices.map { SystemBusConnection.firstCallSerial + UInt32($0) }
      let replies = try connection.replies(to: serials, deadline: PowerDaemonsQuery.deadline())
      return PowerDaemonsQuery.profile(from: serials.map { replies[$0] })
    } catch {
      return .failure(.unavailable(error.description))
    }
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
