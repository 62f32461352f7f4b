/// What a stream reports, as values: a program consumes these; the CLI draws them as text lines
/// or as NDJSON (`Schemas/event.schema.json`).
public enum DeviceEvent: Sendable, Equatable {
  case battery(BatteryUpdate)
  case lid(LidUpdate)
  case tabletMode(TabletModeUpdate)
  case display(DisplayUpdate)
  case sensor(SensorUpdate)
  case orientation(OrientationUpdate)
  case proximity(ProximityUpdate)
  case shake(ShakeEvent)
  case upAngle(UpAngleSample)
  case motion(DeviceMotionUpdate)
  case heading(HeadingUpdate)
  case thermal(ThermalUpdate)
  case powerProfile(PowerProfileUpdate)
  case light(LightUpdate)
  case altitude(AltitudeUpdate)
  case steps(PedometerUpdate)
  case usb(USBUpdate)
  /// The source of a stream went away (upowerd left the bus); the stream goes on.
  case sourceLost(source: String)
  /// It came back; the current state follows.
  case sourceRestored(source: String)

  /// The name in the JSON `event` member.
  public var name: String {
    switch self {
    case .battery: "battery"
    case .lid: "lid"
    case .tabletMode: "tablet-mode"
    case .display: "display"
    case .sensor: "sensor"
    case .orientation: "orientation"
    case .proximity: "proximity"
    case .shake: "shake"
    case .upAngle: "up-angle"
    case .motion: "motion"
    case .heading: "heading"
    case .thermal: "thermal"
    case .powerProfile: "power-profile"
    case .light: "light"
    case .altitude: "altitude"
    case .steps: "steps"
    case .usb: "usb"
    case .sourceLost: "source-lost"
    case .sourceRestored: "source-restored"
    }
  }
}

/// One event of a stream with the wall-clock time it was seen, and whether it is part of the
/// current state a stream starts with.
public struct StreamEvent: Sendable, Equatable {
  /// When the event was seen (wall clock).
  public var time: Timestamp
  /// What happened.
  public var event: DeviceEvent
  /// Part of the state a stream starts with (one event per device: each battery, each
  /// connector), not a change; `--count` counts only changes.
  public var initial: Bool

  /// An event stamped with the time now, or another; a change unless `initial` says otherwise.
  public init(_ event: DeviceEvent, time: Timestamp = .now(), initial: Bool = false) {
    self.time = time
    self.event = event
    self.initial = initial
  }

  /// Not part of the initial state: what `--count` counts.
  public var isChange: Bool { !initial }

  /// Whether the JSON line says `"initial": true`: every kind but the motion samples and the
  /// up-angle, whose lines all have one shape.
  var marksInitial: Bool {
    switch event {
    case .motion, .upAngle: false
    default: initial
    }
  }
}

/// `{"event": …, "time": …, …the event's own members}`: one NDJSON line.
extension StreamEvent: Encodable {
  enum CodingKeys: String, CodingKey { case event, time, initial, source }

  /// One NDJSON line of `Schemas/event.schema.json`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(event.name, forKey: .event)
    try container.encode(time.rfc3339, forKey: .time)
    if marksInitial { try container.encode(true, forKey: .initial) }
    switch event {
    case .battery(let update): try update.encode(to: encoder)
    case .lid(let update): try update.encode(to: encoder)
    case .tabletMode(let update): try update.encode(to: encoder)
    case .display(let update): try update.encode(to: encoder)
    case .sensor(let update): try update.encode(to: encoder)
    case .orientation(let update): try update.encode(to: encoder)
    case .proximity(let update): try update.encode(to: encoder)
    case .shake(let shake): try shake.encode(to: encoder)
    case .upAngle(let sample): try sample.encode(to: encoder)
    case .motion(let update): try update.encode(to: encoder)
    case .heading(let update): try update.encode(to: encoder)
    case .thermal(let update): try update.encode(to: encoder)
    case .powerProfile(let update): try update.encode(to: encoder)
    case .light(let update): try update.encode(to: encoder)
    case .altitude(let update): try update.encode(to: encoder)
    case .steps(let update): try update.encode(to: encoder)
    case .usb(let update): try update.encode(to: encoder)
    case .sourceLost(let source), .sourceRestored(let source): try container.encode(source, forKey: .source)
    }
  }
}

extension StreamEvent {
  /// The event's NDJSON line (without the newline) into `line`, exactly as its `Encodable`
  /// form serializes. Motion samples, the one event that comes hundreds of times a second, are
  /// written member by member without a heap allocation; the others go through ``JSONValue``.
  public func writeJSON(into line: inout JSONLine) {
    guard case .motion(let update) = event else {
      return line.value(JSONValue(encoding: self))
    }
    Self.writeMotionJSON(time: time, motion: update.motion, sensors: update.sensors, rateHz: update.rateHz, into: &line)
  }

  /// The line ``writeJSON(into:)`` writes for `StreamEvent(.motion(DeviceMotionUpdate(motion:
  /// sensors:rateHz:)), time:)`, from the parts (`rateHz` rounded as
  /// ``DeviceMotionUpdate/millihertz(_:)`` rounds it), without building the event.
  package static func writeMotionJSON(
    time: Timestamp, motion: DeviceMotion, sensors: [String], rateHz: Double?, into line: inout JSONLine
  ) {
    line.beginObject(upToKey: #"{"event":"motion","time":"#)
    line.value(rfc3339: time)
    DeviceMotionUpdate.writeMembers(motion: motion, sensors: sensors, rateHz: rateHz, into: &line)
    line.endObject()
  }
}
