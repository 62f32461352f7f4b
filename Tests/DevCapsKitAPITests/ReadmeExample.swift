import DevCapsKit

/// The README's "Use it from Swift" example, word for word (DocumentationTests checks that every
/// line of it is here): compiled with the tests so that it keeps compiling (not run: it waits for
/// sensors).
func readmeIntroduction() async throws {
  let device = Device.current
  print(device.name, device.model ?? "unknown model", device.chassis, await device.batteryLevel ?? .nan)

  let motion = MotionManager()
  guard motion.isAccelerometerAvailable else {
    print("no accelerometer")
    return
  }
  for try await orientation in motion.orientationUpdates() {  // cancel the task to stop
    print(orientation)  // .portrait, .landscapeLeft, …
  }
}

/// The DocC article "Using DevCapsKit"'s tour of the API, compiled the same way (not run: it
/// waits for sensors and batteries).
func readmeExample() async throws {
  let device = Device.current  // UIDevice.current: read now, never throws
  print(device.name, device.model ?? "?", device.systemName ?? "?", device.systemVersion ?? "?", device.chassis)

  let report = try Report.current(sections: [.memory, .power])  // the `list --json` model
  print(await device.batteryLevel ?? .nan, await device.batteryState, await device.orientation)  // read now, no stream
  print(report.memory?.installedBytes ?? 0, report.power?.level ?? .nan)

  let motion = MotionManager()
  if motion.isAccelerometerAvailable {
    for try await a in motion.accelerometerUpdates(interval: .milliseconds(20)) {  // UpdateError
      print(a.x, a.y, a.z)  // g; cancel the task to stop
    }
  }
  let sampling = Task { for try await _ in motion.deviceMotionUpdates(interval: 0.02) {} }
  print(motion.deviceMotion?.attitude.roll ?? .nan)  // CMMotionManager's current value; nil when not running
  sampling.cancel()
  for try await orientation in motion.orientationUpdates() { print(orientation) }  // 7 cases
  for try await battery in BatteryMonitor().updates { print(battery.level ?? .nan, battery.state) }
  for try await update in ScreenMonitor().updates { print(update.screens.count, update.change?.action as Any) }

  for try await a in Altimeter().relativeAltitudeUpdates(interval: 1) { print(a.relativeAltitudeMeters ?? .nan) }
  for try await s in Pedometer().updates() { print(s.steps ?? 0) }  // CMPedometer, a hardware counter

  let outcome = try RequirementsManifest(path: "requirements.json").evaluate(on: report)  // RequirementsManifestError
  print(outcome.satisfied, outcome.unmet.map(\.key))
}
