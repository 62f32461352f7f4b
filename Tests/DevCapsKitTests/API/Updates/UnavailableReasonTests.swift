import Testing

@testable import DevCapsKit

@Suite("Unavailable reasons from the sources")
struct UnavailableReasonTests {
  @Test("an input node or sysfs attribute the kernel refuses (EACCES, EPERM) is permission denied, with its path")
  func permissionDenied() {
    let node = "/dev/input/event7"
    #expect(
      InputEventSource.OpenError.cannotOpen(path: node, .permissionDenied).reason("m").kind
        == .permissionDenied(path: node))
    #expect(
      InputEventSource.OpenError.cannotOpen(path: node, .notPermitted).reason("m").kind == .permissionDenied(path: node)
    )
    #expect(InputEventSource.OpenError.cannotOpen(path: node, Errno(rawValue: 19)).reason("m").kind == .other)
    #expect(InputEventSource.OpenError.noEventNode("/sys/x").reason("m").kind == .unsuitableHardware)
    let path = "/sys/bus/iio/devices/iio:device1/in_steps_en"
    #expect(
      UpdateError.Reason.denied(.permissionDenied, path: path, otherwise: .other, "m").kind
        == .permissionDenied(path: path))
    #expect(UpdateError.Reason.denied(nil, path: path, otherwise: .unsuitableHardware, "m").kind == .unsuitableHardware)
  }

  @Test("a base accelerometer alone is unsuitable hardware; none is no hardware")
  func accelerometerChoice() {
    var base = SensorInfo(type: .accelerometer, id: "iio:device0", bus: "iio", syspath: "/sys/x")
    base.location = .base
    guard case .unavailable(let onlyBase) = AccelerometerChoice.choose([base]),
      case .unavailable(let none) = AccelerometerChoice.choose([])
    else {
      Issue.record("an accelerometer was chosen")
      return
    }
    #expect(onlyBase.kind == .unsuitableHardware)
    #expect(none.kind == .noHardware)
  }
}
