#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension Screen {
  /// The panel's brightness, 0…1 (`UIScreen.brightness`), from its backlight in
  /// `/sys/class/backlight`; nil for a screen without one (an external monitor: DDC/CI is not
  /// read) or when it cannot be read.
  public var brightness: Double? {
    guard let backlight = Backlight.find(for: display) else { return nil }
    return try? backlight.level()
  }

  /// Sets the panel's brightness, 0…1, by writing its backlight's `brightness` (root, or a udev
  /// rule that gives the user the file, as systemd-logind's SetBrightness does for a session).
  public func setBrightness(_ value: Double) throws(ScreenError) {
    guard value.isFinite, (0...1).contains(value) else { throw .invalidBrightness(value) }
    guard let backlight = Backlight.find(for: display) else { throw .noBacklight(connector) }
    try backlight.set(value)
  }
}

/// Why a screen's brightness cannot be read or set.
public enum ScreenError: Error, Sendable, Equatable, CustomStringConvertible {
  /// No backlight belongs to the screen (an external monitor, or a panel the kernel has none for).
  case noBacklight(String)
  /// Brightness is 0…1.
  case invalidBrightness(Double)
  /// The backlight's file cannot be read or written: the path and why, as the C library's `errno`.
  case backlightFailed(String, errno: Int32)

  public var description: String {
    switch self {
    case .noBacklight(let connector): "\(connector) has no backlight devcaps can set (/sys/class/backlight)"
    case .invalidBrightness(let value): "brightness must be between 0 and 1, not \(value)"
    case .backlightFailed(let path, let number):
      "cannot use \(path): \(Errno(rawValue: number))"
        + (Errno(rawValue: number).meansDenied ? " (writing it needs root, or a udev rule giving you the file)" : "")
    }
  }
}

/// One `/sys/class/backlight` device and its scale.
struct Backlight {
  let syspath: String
  let maximum: Int

  /// The backlight of a built-in panel: one that is a child of its connector (i915's
  /// `card0-eDP-1/intel_backlight`), else systemd-backlight's order of types: firmware,
  /// platform, raw. External screens have none.
  static func find(for display: DisplayInfo) -> Backlight? {
    guard display.isInternal, let udev = Udev() else { return nil }
    let candidates = udev.devices(subsystem: "backlight").map { device in
      Candidate(
        syspath: device.syspath, parent: device.parent?.syspath, type: device.attribute("type"),
        maximum: device.attribute("max_brightness").flatMap { Int($0) })
    }
    return choose(among: candidates, for: display)
  }

  /// What `find` knows of one backlight device.
  struct Candidate {
    var syspath: String
    var parent: String?
    var type: String?
    var maximum: Int?
  }

  /// The rule of `find`, apart from libudev.
  static func choose(among candidates: [Candidate], for display: DisplayInfo) -> Backlight? {
    guard display.isInternal else { return nil }
    let ranked = candidates.compactMap { candidate -> (rank: Int, backlight: Backlight)? in
      guard let maximum = candidate.maximum, maximum > 0 else { return nil }
      let tied = !display.syspath.isEmpty && candidate.parent == display.syspath
      let rank = tied ? 0 : ["firmware": 1, "platform": 2, "raw": 3][candidate.type ?? ""] ?? 4
      return (rank, Backlight(syspath: candidate.syspath, maximum: maximum))
    }
    return ranked.min { ($0.rank, $0.backlight.syspath) < ($1.rank, $1.backlight.syspath) }?.backlight
  }

  /// `actual_brightness` (what the hardware shows) over `max_brightness`.
  func level() throws(ScreenError) -> Double {
    let path = syspath + "/actual_brightness"
    let bytes: [UInt8]
    // The project's one file reader: a FIFO in its place is refused, a read error is not lost.
    switch SystemRoot().readBytes(path, limit: 64) {
    case .success(let read): bytes = read
    case .failure(.system(let number)): throw .backlightFailed(path, errno: number)
    case .failure(.permissionDenied): throw .backlightFailed(path, errno: EACCES)
    case .failure(.missing): throw .backlightFailed(path, errno: ENOENT)
    case .failure(.tooLarge), .failure(.notRegularFile): throw .backlightFailed(path, errno: EINVAL)
    }
    guard let value = Int(String(decoding: bytes, as: UTF8.self).trimmingWhitespace()) else {
      throw .backlightFailed(path, errno: EINVAL)
    }
    return min(1, max(0, Double(value) / Double(maximum)))
  }

  /// Writes `brightness`, rounded to the nearest step the backlight has.
  func set(_ value: Double) throws(ScreenError) {
    let path = syspath + "/brightness"
    let level = Int((value * Double(maximum)).rounded())
    do throws(Errno) {
      let file = try FileDescriptor.open(path, O_WRONLY | O_TRUNC)
      try file.closeAfter { (file) throws(Errno) in try file.writeAll("\(level)\n") }
    } catch {
      throw .backlightFailed(path, errno: error.rawValue)
    }
  }
}
