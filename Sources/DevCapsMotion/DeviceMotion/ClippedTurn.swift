/// The turn a clipped gyroscope left out, read from the magnetic field. The earth's field is
/// fixed, so in the device's frame it turns against the device: between two readings a and b,
/// b − a ≈ m × θ, with m their mean and θ the turn (rad, device axes). The gyroscope's readings
/// give θ but for the clipped axes, where the device turned faster than they say; those axes'
/// part is solved for (least squares), the rest taken as read. Per sample this is as noisy as
/// the magnetometer's difference of two readings, but the noise does not add up over a burst:
/// the differences telescope, so the turn over the burst is the field at its end against the
/// field at its start.
///
/// A field the filter left out (a magnet nearby) says nothing of the turn, nor does one that
/// turns with the device; a field read more slowly than the gyroscope is compared across the
/// readings it missed, up to `longestSpan`. A value type that allocates nothing.
struct ClippedTurn: Sendable {
  /// A longer span between field readings is no small turn to linearise (seconds): 0.1 s at the
  /// ±2,000°/s of the fastest gyroscopes is a turn of 3.5 rad, but at a few hundred degrees a
  /// second, where gyroscopes clip, it is under one.
  static let longestSpan = 0.1
  /// How much of the field's square the solution gives up to stay finite when the clipped axes
  /// nearly hold the field (a turn about the field itself does not change it): a turn about an
  /// axis 6° from the field is halved, one about an axis across it is 1 % short.
  static let ridge = 0.01

  private var lastField: Vector3?
  /// The turn the gyroscope read since `lastField` (rad, device axes).
  private var turnRead = Vector3.zero
  private var secondsSince = 0.0
  private var clippedSince: GyroscopeAxes = []

  /// The rotation rate (rad/s) to integrate over this step of `interval` seconds: `rate` as read,
  /// plus the turn that clipped axes left out since the last field reading, once `field` (device
  /// frame, any unit, nil for none this sample) is a new reading. `trusted` false: the field is
  /// disturbed and only taken as the next reading to compare against.
  mutating func rate(
    _ rate: Vector3, clipped: GyroscopeAxes, field: Vector3?, trusted: Bool, interval: Double
  ) -> Vector3 {
    turnRead = turnRead + rate * interval
    secondsSince += interval
    clippedSince.formUnion(clipped)
    // No reading, or the last one repeated (a magnetometer slower than the gyroscope).
    guard let field, field.isFinite, field != lastField else { return rate }
    defer { (lastField, turnRead, secondsSince, clippedSince) = (field, .zero, 0, []) }
    guard let last = lastField, trusted, !clippedSince.isEmpty, interval > 0, secondsSince <= Self.longestSpan
    else { return rate }
    return rate + Self.missingTurn(from: last, to: field, read: turnRead, axes: clippedSince) / interval
  }

  /// The turn about `axes` (rad) that, added to `read`, turns field `a` into `b`.
  static func missingTurn(from a: Vector3, to b: Vector3, read: Vector3, axes: GyroscopeAxes) -> Vector3 {
    let m = (a + b) * 0.5
    let residual = (b - a) - m.cross(read)
    // Normal equations of m × u = residual over the clipped components of u: (|m|² I − m mᵀ) u =
    // residual × m on those rows and columns, the other components held at 0 by identity rows.
    let on = Vector3(axes.contains(.x) ? 1 : 0, axes.contains(.y) ? 1 : 0, axes.contains(.z) ? 1 : 0)
    let held = Vector3(on.x * m.x, on.y * m.y, on.z * m.z)
    let normal =
      Matrix3.diagonal(on * (m.dot(m) * (1 + ridge)) + (Vector3(1, 1, 1) - on))
      - Matrix3(held * held.x, held * held.y, held * held.z)
    let right = residual.cross(m)
    guard let inverse = normal.inverse else { return .zero }
    return inverse * Vector3(on.x * right.x, on.y * right.y, on.z * right.z)
  }
}
