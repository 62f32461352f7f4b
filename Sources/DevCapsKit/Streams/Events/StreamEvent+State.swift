extension StreamEvent {
  /// Folds `event` into `state`, the events a stream of changes started with and those since,
  /// each device's latest only (marked initial), so that a loop that joins a running stream
  /// gets the state now first, as a stream opened anew starts with it.
  static func remember(_ state: inout [StreamEvent], _ event: StreamEvent) {
    guard let subject = event.subject else { return }
    state.removeAll { $0.subject == subject }
    guard !event.isRemoval else { return }
    var kept = event
    kept.initial = true
    state.append(kept)
  }

  /// What the event is the state of (a battery, a connector, the thermal state); nil for what
  /// is no state (samples, shakes, a source lost).
  private var subject: String? {
    switch event {
    case .battery(let update): "battery \(update.id)"
    case .display(let update): "display \(update.display.connector)"
    case .sensor(let update): "sensor \(update.sensor.id) \(update.sensor.type.rawValue)"
    case .usb(let update): "usb \(update.item.port)"
    case .tabletMode(let update): "tablet-mode \(update.device)"
    case .light(let update): "light \(update.sensor)"
    case .steps(let update): "steps \(update.sensor)"
    case .lid, .thermal, .powerProfile, .orientation, .proximity: event.name
    default: nil
    }
  }

  /// A device gone: no state of it to keep.
  private var isRemoval: Bool {
    switch event {
    case .battery(let update): if case .removed = update.device { true } else { false }
    case .display(let update): update.action == .disconnected
    case .sensor(let update): update.action == .removed
    case .usb(let update): update.action == .removed
    default: false
    }
  }
}
