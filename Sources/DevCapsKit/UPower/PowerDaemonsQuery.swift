/// The power section's questions to upowerd and power-profiles-daemon, asked over one system-bus
/// connection with as few round trips as the protocol allows: the manager's properties, the
/// device list, the display device and both power-profiles names in one batch, written when the
/// report starts (`start`) so that the file probes run while the daemons answer; then one
/// `GetAll` per device, pipelined. Collected when the power section is probed. A daemon that does
/// not answer within `timeoutNanoseconds` of devcaps starting to wait for it counts as absent,
/// with a warning: never a hang.
final class PowerDaemonsQuery {
  static let upowerName = "org.freedesktop.UPower"
  static let upowerPath = "/org/freedesktop/UPower"
  static let deviceInterface = "org.freedesktop.UPower.Device"
  /// How long devcaps waits for each round of answers before it reads sysfs instead. Counted from
  /// when it starts to wait, not from when it asked: answers that came while the file probes ran
  /// are read whatever the time. Half a second: a daemon answers in a fraction of a millisecond,
  /// and a test machine running many tests at once in well under this.
  static let timeoutNanoseconds: UInt64 = 500_000_000
  static let timeoutText = "500 ms"

  private let connection: SystemBusConnection

  private static let firstRound: [DBusMethodCall] =
    [
      .getAll(destination: upowerName, path: upowerPath, interface: upowerName),
      DBusMethodCall(destination: upowerName, path: upowerPath, interface: upowerName, member: "EnumerateDevices"),
      .getAll(destination: upowerName, path: upowerPath + "/devices/DisplayDevice", interface: deviceInterface),
    ] + PowerProfilesClient.services.map { .getAll(destination: $0.name, path: $0.path, interface: $0.name) }

  private init(connection: SystemBusConnection) {
    self.connection = connection
  }

  /// Connects and asks; nil (with why) when there is no bus to ask.
  static func start() -> Result<PowerDaemonsQuery, SystemBusConnection.UnavailableError> {
    do {
      return .success(PowerDaemonsQuery(connection: try SystemBusConnection(sending: firstRound)))
    } catch {
      return .failure(error)
    }
  }

  /// What the daemons answered.
  struct Answers {
    /// UPower's view, or why there is none (not running, not answering in time).
    var upower: Result<PowerInfo, SystemBusConnection.UnavailableError>
    var profile: Result<PowerProfileInfo, PowerProfileError>
    /// Set when a daemon was on the bus but did not answer in time: worth a warning.
    var timedOut: String?
  }

  static func deadline() -> UInt64 { SystemBusConnection.monotonicNanoseconds() + timeoutNanoseconds }

  func collect() -> Answers {
    let first = (0..<UInt32(Self.firstRound.count)).map { SystemBusConnection.firstCallSerial + $0 }
    let replies: [UInt32: DBusMessage]
    do {
      replies = try connection.replies(to: first, deadline: Self.deadline())
    } catch {
      return Answers(upower: .failure(error), profile: .failure(.unavailable(error.description)))
    }
    let profile = Self.profile(from: Array(first[3...]).map { replies[$0] })
    let silent = zip(Self.firstRound, first).filter { replies[$1] == nil }.map(\.0.destination)
    let timedOut =
      silent.isEmpty
      ? nil : "\(Array(Set(silent)).sorted().concatenated(separator: ", ")) did not answer within \(Self.timeoutText)"
    return Answers(
      upower: upower(manager: replies[first[0]], list: replies[first[1]], display: replies[first[2]]),
      profile: profile, timedOut: timedOut)
  }

  private func upower(manager: DBusMessage?, list: DBusMessage?, display: DBusMessage?) -> Result<
    PowerInfo, SystemBusConnection.UnavailableError
  > {
    guard let manager, let list else {
      return .failure(.init(description: "upowerd did not answer within \(Self.timeoutText)"))
    }
    guard manager.kind == .methodReturn, let properties = manager.body.first?.properties,
      properties["DaemonVersion"]?.string != nil
    else {
      return .failure(.init(description: "upowerd is not running on the system bus (\(manager.errorText))"))
    }
    var power = PowerInfo(source: .upower)
    power.onBattery = properties["OnBattery"]?.boolean ?? false
    power.lidPresent = properties["LidIsPresent"]?.boolean ?? false
    power.lidClosed = power.lidPresent == true ? (properties["LidIsClosed"]?.boolean ?? false) : nil
    if let display, display.kind == .methodReturn, let device = display.body.first?.properties,
      device["IsPresent"]?.boolean == true
    {
      power.level = (device["Percentage"]?.double ?? 0) / 100
    }
    guard list.kind == .methodReturn, case .array(let paths)? = list.body.first else {
      return .failure(.init(description: "upowerd's device list: \(list.errorText)"))
    }
    let devicePaths = paths.compactMap(\.string)
    let calls = devicePaths.map {
      DBusMethodCall.getAll(destination: Self.upowerName, path: $0, interface: Self.deviceInterface)
    }
    let deviceReplies: [UInt32: DBusMessage]
    let serials: [UInt32]
    do {
      serials = try connection.send(calls)
      deviceReplies = try connection.replies(to: serials, deadline: Self.deadline())
    } catch {
      return .failure(error)
    }
    for (serial, path) in zip(serials, devicePaths) {
      guard let reply = deviceReplies[serial] else {
        return .failure(.init(description: "upowerd did not describe \(path) within \(Self.timeoutText)"))
      }
      // A device removed between the list and its question answers with an error: it is gone.
      guard reply.kind == .methodReturn, let device = reply.body.first?.properties else { continue }
      UPowerClient.add(UPowerDeviceReading(properties: device, objectPath: path), to: &power)
    }
    return .success(power)
  }

  /// The first power-profiles-daemon name that answered with a profile, as
  /// `PowerProfilesClient` reads it.
  static func profile(from replies: [DBusMessage?]) -> Result<PowerProfileInfo, PowerProfileError> {
    var errors: [String] = []
    for (service, reply) in zip(PowerProfilesClient.services, replies) {
      guard let reply else {
        errors.append("\(service.name): no answer within \(timeoutText)")
        continue
      }
      if reply.kind == .methodReturn, let properties = reply.body.first?.properties,
        let profile = properties["ActiveProfile"]?.string
      {
        let degraded = properties["PerformanceDegraded"]?.string.flatMap { $0.isEmpty ? nil : $0 }
        return .success(PowerProfileInfo(profile: profile, degradedReason: degraded, busName: service.name))
      }
      errors.append("\(service.name): \(reply.kind == .error ? reply.errorText : "the reply has no ActiveProfile")")
    }
    return .failure(
      .unavailable("power-profiles-daemon is not on the system bus (\(errors.concatenated(separator: "; ")))"))
  }
}
