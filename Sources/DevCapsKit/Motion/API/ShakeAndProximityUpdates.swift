extension MotionManager {
  /// Shakes (`UIEvent.EventSubtype.motionShake`), one ``ShakeEvent`` each, from the display
  /// accelerometer at 50 Hz by the detector and thresholds of `settings` (the count detector by
  /// default: five swings past 1.5 g within 1.5 s, docs/explanation/motion.md).
  public func shakeUpdates(settings: ShakeDetector.Settings = ShakeDetector.Settings()) -> Updates<ShakeEvent> {
    if let simulated = simulated(
      requiring: [.accelerometer],
      perIteration: { () -> (MotionInput) -> ShakeEvent? in
        var detector = ShakeDetector(settings: settings)
        return { reading in
          guard let acceleration = reading.acceleration,
            let shake = detector.update(acceleration, at: reading.timestamp)
          else { return nil }
          return ShakeEvent(detector: settings.kind, peakG: shake.peakG, sensor: "simulation")
        }
      })
    {
      return simulated
    }
    var options = StreamOptions()
    options.shake = settings
    return .events(.shake, options: options) { event in
      guard case .shake(let shake) = event.event else { return nil }
      return shake
    }
  }
}

/// Whether something is near the proximity sensor (`UIDevice.proximityState`).
public enum ProximityState: String, Sendable, Equatable {
  /// Something (an ear, a pocket) is near.
  case near
  /// Nothing is near.
  case far
  /// The sensor gives no near level to judge by (no `PROXIMITY_NEAR_LEVEL` and no
  /// `in_proximity_nearlevel`), or it could not be read.
  case unknown

  init(_ update: ProximityUpdate) {
    switch update.near {
    case true?: self = .near
    case false?: self = .far
    case nil: self = .unknown
    }
  }
}

extension Device {
  /// The proximity sensor's state now, from one reading (`UIDevice.proximityState`); nil on a
  /// machine without one.
  public static var proximityState: ProximityState? {
    get async { await proximityStateUpdates().firstUpdate }
  }

  /// The proximity state: the current one first, then one on each change
  /// (`UIDevice.proximityStateDidChangeNotification`). Without a proximity sensor the first
  /// `next()` throws ``UpdateError/unavailable(_:)``, naming what is missing.
  public static func proximityStateUpdates() -> Updates<ProximityState> {
    .events(.proximity) { event in
      guard case .proximity(let update) = event.event else { return nil }
      return ProximityState(update)
    }
  }
}
