#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where a magnetometer calibration (fitted with `MagnetometerFit`) is kept: one JSON file per magnetometer
/// in `$XDG_STATE_HOME/devcaps/magnetometer/` (else `~/.local/state/devcaps/magnetometer/`),
/// named after the sensor's driver and its place on the bus, so that it survives a reboot that
/// numbers IIO devices differently, and a second identical sensor gets a file of its own.
/// With neither XDG_STATE_HOME nor HOME set there is no such directory: saving fails with
/// ``StoreError/noStateDirectory`` and loading throws it too (a stream notes it and goes on
/// uncalibrated), rather than writing below `/`.
public struct MagnetometerCalibrationStore: Sendable {
  /// The directory the calibration files are in (`…/devcaps/magnetometer`); `save` makes it,
  /// mode 0700. Nil when neither XDG_STATE_HOME nor HOME says where it is.
  public let directory: String?

  /// `stateDirectory` replaces `$XDG_STATE_HOME/devcaps`. A relative XDG_STATE_HOME is
  /// ignored, as the XDG specification says.
  public init(stateDirectory: String? = nil) {
    self.init(stateDirectory: stateDirectory) { name in
      guard let value = getenv(name), value.pointee != 0 else { return nil }
      return String(cString: value)
    }
  }

  /// With the environment read through `variable` (tests give one of their own).
  init(stateDirectory: String?, variable: (String) -> String?) {
    let base =
      stateDirectory
      ?? variable("XDG_STATE_HOME").flatMap { $0.hasPrefix("/") ? $0 + "/devcaps" : nil }
      ?? variable("HOME").flatMap { $0.hasPrefix("/") ? $0 + "/.local/state/devcaps" : nil }
    directory = base.map { $0 + "/magnetometer" }
  }

  /// Why a calibration could not be loaded or saved; each names the file or directory.
  public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file is there but could not be read; `reason` is the system's error. A missing file is no
    /// problem: `load` returns nil.
    case unreadable(path: String, reason: String)
    /// The file is not a calibration devcaps wrote: not JSON, a member missing, or a value not finite
    /// (or a field strength ≤ 0).
    case malformed(path: String, reason: String)
    /// The directory could not be made, or the file encoded or written; `path` is the one that failed.
    case unwritable(path: String, reason: String)
    /// Neither XDG_STATE_HOME nor HOME is set (to an absolute path): there is nowhere to keep one.
    case noStateDirectory

    /// A one-line message naming the file; a malformed one says to fit and save again or remove it.
    public var description: String {
      switch self {
      case .unreadable(let path, let reason): "cannot read the magnetometer calibration \(path): \(reason)"
      case .malformed(let path, let reason):
        "the magnetometer calibration \(path) is not one devcaps wrote (\(reason)); fit and save it again, or remove it"
      case .unwritable(let path, let reason): "cannot write the magnetometer calibration \(path): \(reason)"
      case .noStateDirectory:
        "no directory for magnetometer calibrations: set XDG_STATE_HOME or HOME to an absolute path"
      }
    }
  }

  /// `lis3mdl-platform-soc-i2c-1-1e.json`: the driver's name and the device's parent path; nil
  /// without a state directory.
  public func path(for sensor: SensorInfo) -> String? {
    guard let directory else { return nil }
    var parent = sensor.syspath
    if let slash = parent.lastIndex(of: "/") { parent = String(parent[..<slash]) }
    if parent.hasPrefix("/sys/devices/") { parent.removeFirst("/sys/devices/".count) }
    let key = [sensor.name ?? "magnetometer", parent].filter { !$0.isEmpty }.joined(separator: "-")
    let safe = String(key.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." ? $0 : "-" })
    return directory + "/" + safe + ".json"
  }

  /// The stored calibration, nil when there is none.
  public func load(for sensor: SensorInfo) throws(StoreError) -> MagnetometerCalibration? {
    guard let path = path(for: sensor) else { throw .noStateDirectory }
    let bytes: [UInt8]
    switch SystemRoot().readBytes(path, limit: 64 * 1024) {
    case .success(let read): bytes = read
    case .failure(.missing): return nil
    case .failure(let failure): throw .unreadable(path: path, reason: failure.description)
    }
    do {
      let value = try JSONParser.parse(bytes)
      let calibration = try JSONValueDecoder().decode(MagnetometerCalibration.self, from: value)
      if let problem = Self.implausibility(of: calibration) { throw StoreError.malformed(path: path, reason: problem) }
      return calibration
    } catch let problem as StoreError {
      throw problem
    } catch {
      throw .malformed(path: path, reason: "\(error)")
    }
  }

  /// Writes the calibration (the directory is made when missing), replacing any earlier one
  /// atomically. Returns the file's path.
  @discardableResult
  public func save(_ calibration: MagnetometerCalibration, for sensor: SensorInfo) throws(StoreError) -> String {
    guard let directory, let path = path(for: sensor) else { throw .noStateDirectory }
    if let problem = Self.implausibility(of: calibration) { throw .unwritable(path: path, reason: problem) }
    // 0700: a state directory is the user's own.
    if let (made, failure) = FileOutput.makeDirectories(directory, mode: 0o700) {
      throw .unwritable(path: directory, reason: "\(made): \(failure)")
    }
    let text: String
    do {
      text = try JSONValueEncoder().encode(calibration).serialized() + "\n"
    } catch {
      throw .unwritable(path: path, reason: "\(error)")
    }
    do throws(OutputFileError) {
      try FileOutput.replace(path, with: text, permissions: 0o600)
    } catch {
      throw .unwritable(path: path, reason: "\(error)")
    }
    return path
  }

  /// Why a calibration cannot be right, or nil. A hand-edited file with a scale of 0 would zero the
  /// field, one of 1e308 overflow it: each value must be finite and within what a magnetometer can
  /// give (offsets within ±10,000 µT, per-axis scale 0.05–20, a field of 1–1,000 µT).
  static func implausibility(of calibration: MagnetometerCalibration) -> String? {
    let offsets = [calibration.offset.x, calibration.offset.y, calibration.offset.z]
    let scales = [calibration.scale.x, calibration.scale.y, calibration.scale.z]
    if !(offsets + scales + [calibration.fieldStrength]).allSatisfy(\.isFinite) {
      return "a value is not a finite number"
    }
    if !offsets.allSatisfy({ abs($0) <= 10_000 }) { return "an offset is beyond ±10,000 µT" }
    if !scales.allSatisfy({ (0.05...20).contains($0) }) { return "a scale factor is outside 0.05–20" }
    if !(1...1_000).contains(calibration.fieldStrength) { return "the field strength is outside 1–1,000 µT" }
    return nil
  }
}
