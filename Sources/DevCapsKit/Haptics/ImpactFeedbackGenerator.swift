#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A short tap of the vibration motor, as UIKit's `UIImpactFeedbackGenerator`: a ``Rumble`` of
/// the machine's force-feedback motor (phones such as the PinePhone have one; most laptops do not).
///
/// ```swift
/// let tap = ImpactFeedbackGenerator(style: .medium)
/// try tap.impactOccurred(intensity: 0.8)
/// ```
public struct ImpactFeedbackGenerator: Sendable {
  /// How strong and long the tap is, as UIKit's styles.
  public enum Style: Sendable, Equatable, CaseIterable {
    case light, medium, heavy, soft, rigid

    /// The strong motor's magnitude at full intensity (0…65535), and the tap's length.
    var magnitude: (strong: Double, weak: Double, milliseconds: UInt16) {
      switch self {
      case .light: (0x4000, 0x2000, 30)
      case .medium: (0x8000, 0x4000, 50)
      case .heavy: (0xFFFF, 0x8000, 70)
      case .soft: (0x6000, 0x6000, 90)
      case .rigid: (0xFFFF, 0, 25)
      }
    }
  }

  /// Why no tap could be made.
  public enum FeedbackError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No input device with a rumble effect (FF_RUMBLE).
    case noVibrationMotor
    /// Intensity is 0…1.
    case invalidIntensity(Double)
    /// The motor is there but refused: the node could not be opened, or the effect played.
    case unusable(Rumble.OpenError)

    public var description: String {
      switch self {
      case .noVibrationMotor: "no vibration motor: no input device offers a rumble effect (FF_RUMBLE)"
      case .invalidIntensity(let value): "intensity must be between 0 and 1, not \(value)"
      case .unusable(let problem): problem.description
      }
    }
  }

  public let style: Style

  public init(style: Style = .medium) { self.style = style }

  /// Taps once at full intensity.
  public func impactOccurred() throws(FeedbackError) { try impactOccurred(intensity: 1) }

  /// Taps once, its magnitude scaled by `intensity` (0…1); 0 taps nothing. Returns when the tap
  /// is over (25–90 ms): the effect is removed from the motor then, and removing it earlier
  /// would cut it short.
  public func impactOccurred(intensity: Double) throws(FeedbackError) {
    guard intensity.isFinite, (0...1).contains(intensity) else { throw .invalidIntensity(intensity) }
    guard let motor = VibrationMotor.find() else { throw .noVibrationMotor }
    guard intensity > 0 else { return }
    let (strong, weak, milliseconds) = style.magnitude
    do throws(Rumble.OpenError) {
      let rumble = try Rumble(
        motor: motor, strong: UInt16(strong * intensity), weak: UInt16(weak * intensity), milliseconds: milliseconds)
      try rumble.play()
      usleep(UInt32(milliseconds) * 1000)
      rumble.close()
    } catch {
      throw .unusable(error)
    }
  }
}
