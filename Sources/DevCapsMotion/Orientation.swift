/// UIDeviceOrientation's seven values, in devcaps' words.
public enum Orientation: String, Sendable, CaseIterable, Encodable {
  case unknown
  case portrait
  case portraitUpsideDown = "portrait-upside-down"
  case landscapeLeft = "landscape-left"
  case landscapeRight = "landscape-right"
  case faceUp = "face-up"
  case faceDown = "face-down"

  /// iio-sensor-proxy's word for the same orientation (GNOME and KDE show it); nil for faces and
  /// unknown, which it does not have.
  public var rotation: String? {
    switch self {
    case .portrait: return "normal"
    case .landscapeRight: return "left-up"
    case .landscapeLeft: return "right-up"
    case .portraitUpsideDown: return "bottom-up"
    default: return nil
    }
  }

  /// The up-angle at the centre of an in-plane orientation.
  public var centreDegrees: Double? {
    switch self {
    case .portrait: return 0
    case .landscapeRight: return 90
    case .portraitUpsideDown: return 180
    case .landscapeLeft: return -90
    default: return nil
    }
  }

  /// Accepts devcaps' words and iio-sensor-proxy's (`--relative-to left-up`).
  public init?(word: String) {
    if let direct = Orientation(rawValue: word) {
      self = direct
    } else if let match = Orientation.allCases.first(where: { $0.rotation == word }) {
      self = match
    } else {
      return nil
    }
  }
}
