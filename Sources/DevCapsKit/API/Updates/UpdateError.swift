/// Why a sequence of updates, or a ``DeviceStream``, cannot start, or why it ended early.
public enum UpdateError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The interval asked for is outside ``Updates/intervals``.
  case invalidInterval(Duration)
  /// This machine has no source for the updates: no such sensor, no power source, a sensor in
  /// the wrong place, a service not running. The reason's ``Reason/kind`` says which; its
  /// message what was found instead.
  case unavailable(Reason)
  /// A setting outside its range (a heading filter of −1°); the text names it and the range.
  case invalidSetting(String)
  /// The source went away while the updates were running (a sensor was unplugged) or failed.
  case sourceFailed(String)

  /// A sentence that says what is wrong, for a person.
  public var description: String {
    switch self {
    case .invalidInterval(let interval):
      "the interval \(interval) is outside \(Updates<Never>.intervals.lowerBound) … \(Updates<Never>.intervals.upperBound)"
    case .unavailable(let reason): reason.message
    case .invalidSetting(let reason), .sourceFailed(let reason): reason
    }
  }

  init(_ error: any Error) {
    switch error {
    case let error as UpdateError: self = error
    default: self = .sourceFailed(String(describing: error))
    }
  }
}
