import RealModule

/// A compass heading from gravity and the magnetic field, both in the device frame (docs/explanation/motion.md):
/// degrees clockwise from magnetic north to the top edge (+y) projected on the horizontal plane
/// while the device is within 45° of flat, else to the back (−z), as a compass app holds it.
public enum Heading {
  /// Nil when the field has no horizontal part (at a magnetic pole, or a zero reading).
  public static func degrees(gravity: Vector3, field: Vector3) -> Double? {
    guard let up = (-gravity).normalized else { return nil }
    let north = horizontal(field, up: up)
    let pointer = abs(up.z) >= 0.5.squareRoot() ? Vector3(0, 1, 0) : Vector3(0, 0, -1)
    let facing = horizontal(pointer, up: up)
    guard north.magnitude > 1e-9, facing.magnitude > 1e-9 else { return nil }
    let counterClockwise = Double.atan2(y: up.dot(north.cross(facing)), x: north.dot(facing))
    var heading = (-counterClockwise).degreesFromRadians
    if heading < 0 { heading += 360 }
    return heading >= 360 ? 0 : heading
  }

  private static func horizontal(_ v: Vector3, up: Vector3) -> Vector3 { v - up * v.dot(up) }
}
