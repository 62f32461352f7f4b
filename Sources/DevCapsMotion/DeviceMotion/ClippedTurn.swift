/// The turn a clipped gyroscope left out, read from the magnetic field. The earth's field is
/// fixed, so in the device's frame it turns against the device: between two readings a and b,
/// b − a ≈ m × θ, with m their mean and θ the turn (rad, device axes). The gyroscope's readings
/// give θ but for the clipped axes, where the device turned faster than they say; those axes'
/// part is solved for (least squares), the rest taken as read. Per sample this is as noisy as
/// the magnetometer's difference of two readings, but the noise does not add up over a burst:
/// the differences telescope, so the turn over the burst is the field at its end against the
/// field at its start.
///
/// Only the part of that turn about a horizontal axis is kept (`vertical`): a turn about the
/// vertical moves only the field's horizontal part, cos(dip) of it (a third at a dip of 70°), so
/// it is read three times as noisily, and on BROAD's fast trials it came out 1.3° too far per
/// burst on average, in one direction; the heading follows the magnetometer fast after a clipped
/// burst anyway.
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
  /// The turn read from the field since the current (or last) clipped burst began (rad, device
  /// axes), and whether it has been reported as evident.
  private var missedInBurst = Vector3.zero
  private var reported = false
  private var inBurst = false
  /// True for the one step in which the turn missed over the burst so far grew past
  /// `evidentTurn`: the attitude is off by that much, and the filter may lean on the field.
  private(set) var turnMissedEvidently = false
  /// True for a step in which the field added the clipped axes' turn.
  private(set) var corrected = false
  /// A missed turn the field shows beyond doubt (radians): 5°, more than one step's turn at a
  /// gyroscope's range (400°/s at 100 Hz: 4°), which a magnetometer sampled a step late, or its
  /// noise where the clipped axis nearly holds the field, can show. A reading that a learned
  /// range takes for clipped at the top of a smooth turn (two equal readings) misses nothing, but
  /// at 2° BROAD's trial 06 took one for a missed turn (3.24° → 3.43°, 9D); its clipped bursts
  /// miss 17° each on average, trial 07's 27°.
  static let evidentTurn = 5.0 * Double.pi / 180

  /// The rotation rate (rad/s) to integrate over this step of `interval` seconds: `rate` as read,
  /// plus the turn that clipped axes left out since the last field reading, once `field` (device
  /// frame, any unit, nil for none this sample) is a new reading. `trusted` false: the field is
  /// disturbed and only taken as the next reading to compare against. `vertical`: the earth's
  /// vertical in the device frame (unit), the axis whose part of the turn is left out.
  mutating func rate(
    _ rate: Vector3, clipped: GyroscopeAxes, field: Vector3?, trusted: Bool, interval: Double,
    vertical: Vector3 = .zero
  ) -> Vector3 {
    turnRead = turnRead + rate * interval
    secondsSince += interval
    clippedSince.formUnion(clipped)
    turnMissedEvidently = false
    corrected = false
    if !clipped.isEmpty && !inBurst { (missedInBurst, reported) = (.zero, false) }
    inBurst = !clipped.isEmpty
    // No reading, or the last one repeated (a magnetometer slower than the gyroscope).
    guard let field, field.isFinite, field != lastField else { return rate }
    defer { (lastField, turnRead, secondsSince, clippedSince) = (field, .zero, 0, []) }
    guard let last = lastField, trusted, !clippedSince.isEmpty, interval > 0, secondsSince <= Self.longestSpan
    else { return rate }
    let missing = Self.missingTurn(from: last, to: field, read: turnRead, axes: clippedSince)
    let kept = missing - vertical * missing.dot(vertical)
    missedInBurst = missedInBurst + kept
    corrected = true
    if !reported && missedInBurst.magnitude > Self.evidentTurn { (reported, turnMissedEvidently) = (true, true) }
    return rate + kept / interval
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
