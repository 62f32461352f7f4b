/// The power section's questions to upowerd and power-profiles-daemon, asked over one system-bus
/// connection with as few round trips as the protocol allows: the manager's properties, the
/// device list, the display device, both power-profiles names and a `GetAll` of each device
/// upowerd will most likely list (its object paths are made from the kind and the sysfs name:
/// `battery_BAT0`, `line_power_AC`) in one batch, written when the report starts (`start`) so
/// that the file probes run while the daemons answer; then one more pipelined batch for the
/// devices listed that were not guessed. Collected when the power section is probed. A daemon that does
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
  /// The devices asked for with the first batch, by object path, with their calls' serials.
  private let guessed: [String: UInt32]

  private static let firstRound: [DBusMethodCall] =
    [
      .getAll(destination: upowerName, path: upowerPath, interface: upowerName),
      DBusMethodCall(destination: upowerName, path: upowerPath, interface: upowerName, member: "EnumerateDevices"),
      .getAll(destination: upowerName, path: upowerPath + "/devices/DisplayDevice", interface: deviceInterface),
    ] + PowerProfilesClient.services.map { .getAll(destination: $0.name, path: $0.path, interface: $0.name) }

  private init(connection: SystemBusConnection, guessed: [String: UInt32]) {
    self.connection = connection
    self.guessed = guessed
  }

  /// Connects and asks; nil (with why) when there is no bus to ask. `supplies` are the names in
  /// /sys/class/power_supply, whose devices are asked for at once.
  static func start(supplies: [String] = []) -> Result<PowerDaemonsQuery, SystemBusConnection.UnavailableError> {
    let paths = supplies.flatMap { name in ["battery", "line_power"].map { devicePath(kind: $0, name: name) } }
    let calls = firstRound + paths.map { .getAll(destination: upowerName, path: $0, interface: deviceInterface) }
    let first = SystemBusConnection.firstCallSerial + UInt32(firstRound.count)
    let serials = Dictionary(
      zip(paths, (0..<UInt32(paths.count)).map { first + $0 }), uniquingKeysWith: { old, _ in old })
    do {
      return .success(PowerDaemonsQuery(connection: try SystemBusConnection(sending: calls), guessed: serials))
    } catch {
      return .failure(error)
    }
  }

  /// The object path upowerd gives a power supply of this kind (as up_device_compute_object_path
  /// does: the kind, an underscore and the sysfs name, with the bytes an object path cannot hold
  /// replaced).
  static func devicePath(kind: String, name: String) -> String {
    let id = (kind + "_" + name).utf8.map { byte -> UInt8 in
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"),
        UInt8(ascii: "_"):
        byte
      case UInt8(ascii: "."): UInt8(ascii: "x")
      case UInt8(ascii: ":"): UInt8(ascii: "o")
      default: UInt8(ascii: "_")
      }
    }
    return upowerPath + "/devices/" + String(decoding: id, as: UTF8.self)
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
      replies = try connection.replies(to: first + guessed.values.sorted(), deadline: Self.deadline())
    } catch {
      return Answers(upower: .failure(error), profile: .failure(.unavailable(error.description)))
    }
    let profile = Self.profile(from: Array(first[3...]).map { replies[$0] })
    let silent = zip(Self.firstRound, first).filter { replies[$1] == nil }.map(\.0.destination)
    let timedOut =
      silent.isEmpty
      ? nil : "\(Array(Set(silent)).sorted().concatenated(separator: ", ")) did not answer within \(Self.timeoutText)"
    return Answers(
      upower: upower(manager: replies[first[0]], list: replies[first[1]], display: replies[first[2]], all: replies),
      profile: profile, timedOut: timedOut)
  }

  private func upower(
    manager: DBusMessage?, list: DBusMessage?, display: DBusMessage?, all firstReplies: [UInt32: DBusMessage]
  ) -> Result<
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
    // A guess upowerd answered is its device; the others are asked for now, in one batch.
    var answered: [String: DBusMessage] = [:]
    for path in devicePaths {
      if let serial = guessed[path], let reply = firstReplies[serial], reply.kind == .methodReturn {
        answered[path] = reply
      }
    }
    let missing = devicePaths.filter { answered[$0] == nil }
    if !missing.isEmpty {
      let calls = missing.map {
        DBusMethodCall.getAll(destination: Self.upowerName, path: $0, interface: Self.deviceInterface)
      }
      do {
        let serials = try connection.send(calls)
        let replies = try connection.replies(to: serials, deadline: Self.deadline())
        for (serial, path) in zip(serials, missing) {
          guard let reply = replies[serial] else {
            return .failure(.init(description: "upowerd did not describe \(path) within \(Self.timeoutText)"))
          }
          answered[path] = reply
        }
      } catch {
        return .failure(error)
      }
    }
    for path in devicePaths {
      // A device removed between the list and its question answers with an error: it is gone.
      guard let reply = answered[path], reply.kind == .methodReturn, let device = reply.body.first?.properties
      else { continue }
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
