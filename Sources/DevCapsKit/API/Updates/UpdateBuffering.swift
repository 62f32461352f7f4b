/// What a sequence of ``Updates`` keeps while its loop is busy and updates keep coming.
///
/// Sensor samples (accelerometer, gyroscope, magnetometer, device motion, heading, altitude)
/// default to ``newest(_:)`` with 1: a loop that takes a sample, works for three seconds and asks
/// again gets a sample from now, not one three seconds old, and memory does not grow. Changes of
/// state (battery, screens, lid, orientation, shakes) default to ``unbounded``: none is lost.
/// ``Updates/buffering(_:)`` chooses another policy for one sequence.
public enum UpdateBuffering: Sendable, Hashable {
  /// The newest `count` updates (at least 1); older ones are dropped as new ones arrive.
  case newest(Int)
  /// The oldest `count` updates (at least 1); newer ones are dropped until the loop takes one.
  case oldest(Int)
  /// Every update, however many pile up while the loop is busy.
  case unbounded

  /// The policy of the `AsyncThrowingStream` a source yields into.
  func policy<Element>(of _: Element.Type) -> AsyncThrowingStream<Element, any Error>.Continuation.BufferingPolicy {
    switch self {
    case .newest(let count): .bufferingNewest(max(count, 1))
    case .oldest(let count): .bufferingOldest(max(count, 1))
    case .unbounded: .unbounded
    }
  }
}
