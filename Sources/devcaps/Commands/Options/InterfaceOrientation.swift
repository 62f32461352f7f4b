import ArgumentParser
import DevCapsKit

/// `--relative-to`: one of the four interface orientations, in devcaps' words or
/// iio-sensor-proxy's (`landscape-right` or `left-up`).
struct InterfaceOrientation: ExpressibleByArgument {
  let orientation: Orientation

  init?(argument: String) {
    guard let orientation = Orientation(word: argument), orientation.centreDegrees != nil else { return nil }
    self.orientation = orientation
  }

  static var allValueStrings: [String] {
    let inPlane = Orientation.allCases.filter { $0.centreDegrees != nil }
    return inPlane.map(\.rawValue) + inPlane.compactMap(\.rotation)
  }
}
