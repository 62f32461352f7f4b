import DevCapsMotion

extension MotionManager {
  /// A compass heading can be given (`CLLocationManager.headingAvailable()`): the machine has a
  /// magnetometer with x, y and z (a simulation, readings with a magnetic field).
  public var isHeadingAvailable: Bool {
    simulation == nil ? magnetometer != nil : sensors.contains { $0.type == .magnetometer }
  }

  /// The compass heading (`CLLocationManager.startUpdatingHeading()`): the current one first,
  /// then one each time it moved by more than `filter` degrees (`headingFilter`; 0 reports every
  /// sample), the same updates `devcaps watch heading` prints. The heading is device motion's,
  /// from gravity and the magnetic field, sampled once per `interval` (10 times a second by
  /// default), with the calibration `devcaps calibrate magnetometer` saved for the sensor.
  ///
  /// ```swift
  /// for try await heading in MotionManager().headingUpdates(filter: 5) {
  ///   compass.rotate(to: heading.headingDegrees)
  /// }
  /// ```
  ///
  /// Without a magnetometer the first `next()` throws ``UpdateError/unavailable(_:)``; a filter
  /// outside 0 ..< 360 throws ``UpdateError/invalidSetting(_:)``, and an interval outside
  /// ``Updates/intervals`` ``UpdateError/invalidInterval(_:)``.
  public func headingUpdates(filter: Double = 1, interval: Duration = .milliseconds(100)) -> Updates<HeadingUpdate> {
    unfilteredHeadingUpdates(filter: filter, interval: interval).wrapping { open throws(UpdateError) in
      guard filter >= 0 && filter < 360 else {
        throw .invalidSetting("the heading filter must be 0 to 360 degrees, not \(filter)")
      }
      return try open()
    }
  }

  /// `headingUpdates(filter:interval:)` with `interval` in seconds.
  @_disfavoredOverload
  public func headingUpdates(filter: Double = 1, interval: Double) -> Updates<HeadingUpdate> {
    headingUpdates(filter: filter, interval: Self.duration(seconds: interval))
  }

  private func unfilteredHeadingUpdates(filter: Double, interval: Duration) -> Updates<HeadingUpdate> {
    if let simulation {
      guard simulation.sensors.contains(where: { $0.type == .magnetometer }) else {
        return Updates { () throws(UpdateError) in
          throw .unavailable(
            .init(.noHardware, "a heading needs a magnetometer; the simulation's readings have no magnetic field"))
        }
      }
      let source = simulation.deviceMotionSource
      return simulated(
        interval: interval, requiring: [.magnetometer],
        perIteration: {
          var estimator = DeviceMotionEstimator(source: source)
          var headings = HeadingFilter(threshold: filter)
          return { input -> HeadingUpdate? in
            estimator.update(input).flatMap { headings.update($0, sensor: "simulation")?.update }
          }
        })!
    }
    var options = StreamOptions()
    options.headingThreshold = filter
    return .events(.heading, options: options, interval: interval, buffering: .newest(1)) { event in
      guard case .heading(let update) = event.event else { return nil }
      return update
    }
  }
}
