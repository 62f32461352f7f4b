import DevCapsMotion
import Foundation
import Testing

@testable import DevCapsKit

/// Every stream event has one writer, its `Encodable` conformance: the NDJSON line devcaps writes
/// and Foundation's `JSONEncoder` give the same members and the same nulls, whatever is unknown.
@Suite("Stream events through JSONEncoder")
struct EventEncodingTests {
  static let time = Timestamp(seconds: 1_795_000_000, milliseconds: 7)

  /// One event of every kind, its optional members absent, and a few with them present.
  static let events: [StreamEvent] = {
    let display = DisplayInfo(connector: "HDMI-A-1", card: "card0", isInternal: false, connected: true)
    let sensor = SensorInfo(type: .light, id: "iio:device1", bus: "iio", syspath: "/sys/x")
    let battery = BatteryInfo(id: "BAT0", state: .charging)
    return [
      StreamEvent(.battery(BatteryUpdate(.battery(battery, onBattery: nil))), time: time, initial: true),
      StreamEvent(.battery(BatteryUpdate(.peripheral(PeripheralInfo(id: "mouse", kind: "mouse")))), time: time),
      StreamEvent(.battery(BatteryUpdate(.removed(id: "BAT1"))), time: time),
      StreamEvent(.lid(LidUpdate(closed: nil, present: nil)), time: time, initial: true),
      StreamEvent(.tabletMode(TabletModeUpdate(tabletMode: true, device: "event11")), time: time),
      StreamEvent(.display(DisplayUpdate(action: .connected, display: display)), time: time, initial: true),
      StreamEvent(.sensor(SensorUpdate(action: .added, sensor: sensor)), time: time),
      StreamEvent(
        .orientation(OrientationUpdate(orientation: .faceUp, angleDegrees: nil, sensor: "event7")), time: time),
      StreamEvent(.proximity(ProximityUpdate(near: nil, value: nil, sensor: "event5", problem: "gone")), time: time),
      StreamEvent(.shake(ShakeEvent(detector: .count, peakG: 2.5, sensor: "iio:device0")), time: time),
      StreamEvent(
        .upAngle(UpAngleSample(angleDegrees: nil, orientation: .faceUp, gravity: nil, sensor: "iio:device0")),
        time: time, initial: true),
      StreamEvent(.motion(JSONLineTests.motion(rotationRate: nil, field: nil, heading: nil, rateHz: nil)), time: time),
      StreamEvent(
        .heading(HeadingUpdate(headingDegrees: 12.5, accuracy: .uncalibrated, source: .fusion, sensor: "iio:device2")),
        time: time),
      StreamEvent(.thermal(ThermalUpdate(state: .nominal)), time: time, initial: true),
      StreamEvent(
        .powerProfile(
          PowerProfileUpdate(
            profile: PowerProfileInfo(profile: "balanced", busName: "org.freedesktop.UPower.PowerProfiles"))),
        time: time),
      StreamEvent(.light(LightUpdate(lux: nil, sensor: "iio:device1", problem: "unreadable")), time: time),
      StreamEvent(
        .altitude(AltitudeUpdate(pressureKilopascals: nil, relativeAltitudeMeters: nil, sensor: "iio:device0")),
        time: time),
      StreamEvent(.steps(PedometerUpdate(steps: nil, counter: nil, sensor: "iio:device1")), time: time),
      StreamEvent(.sourceLost(source: "upower"), time: time),
      StreamEvent(.sourceRestored(source: "upower"), time: time),
    ]
  }()

  @Test("every kind of event is in the list")
  func everyKind() {
    let kinds = Set(Self.events.map(\.event.name))
    #expect(kinds.count == 18, "\(kinds.sorted())")  // DeviceEvent's cases
  }

  @Test("JSONEncoder and devcaps' line agree", arguments: EventEncodingTests.events)
  func agree(_ event: StreamEvent) throws {
    let foundation = try ReportJSONTests.parsed(try JSONEncoder().encode(event))
    let devcaps = try ReportJSONTests.parsed(Data(JSONLineTests.line(event).utf8))
    #expect(foundation == devcaps, "JSONEncoder \(foundation) ≠ devcaps \(devcaps)")
  }
}
