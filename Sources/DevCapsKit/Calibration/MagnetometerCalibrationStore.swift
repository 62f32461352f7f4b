#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where a magnetometer calibration (fitted with `MagnetometerFit`) is kept: one JSON file per magnetometer
/// in `$XDG_STATE_HOME/devcaps/magnetometer/` (else `~/.local/state/devcaps/magnetometer/`),
/// named after the sensor's driver and its place on the bus, so that it survives a reboot that
/// numbers IIO devices differently, and a second identical sensor gets a file of its own.
public struct MagnetometerCalibrationStore: Sendable {
  /// The directory the calibration files are in (`…/devcaps/magnetometer`); `save` makes it, mode 0700.
  public let directory: String

  /// `stateDirectory` replaces `$XDG_STATE_HOME/devcaps`. A relative XDG_STATE_HOME is
  /// ignored, as the XDG specification says.
  public init(stateDirectory: String? = nil) {
    func variable(_ name: String) -> String? {
      guard let value = getenv(name), value.pointee != 0 else { return nil }
      return String(cString: value)
    }
    let base =
      stateDirectory
      ?? variable("XDG_STATE_HOME").flatMap { $0.hasPrefix("/") ? $0 + "/devcaps" : nil }
      ?? (variable("HOME") ?? "") + "/.local/state/devcaps"
    directory = base + "/magnetometer"
  }

  /// Why a calibration could not be loaded or saved; each names the file or directory.
  public enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file is there but could not be read; `reason` is the system's error. A missing file is no
    /// problem: `load` returns nil.
    case unreadable(path: String, reason: String)
    /// The file is not a calibration devcaps wrote: not JSON, a member missing, or a value not finite
    /// (or a field strength ≤ 0).
    case malformed(path: String, reason: String)
    /// The directory could not be made, or the file encoded or written; `path` is the one that failed.
    case unwritable(path: String, reason: String)

    /// A one-line message naming the file; a malformed one says to fit and save again or remove it.
    public var description: String {
      switch self {
      case .unreadable(let path, let reason): "cannot read the magnetometer calibration \(path): \(reason)"
      case .malformed(let path, let reason):
        "the magnetometer calibration \(path) is not one devcaps wrote (\(reason)); fit and save it again, or remove it"
      case .unwritable(let path, let reason): "cannot write the magnetometer calibration \(path): \(reason)"
      }
    }
  }

  /// `lis3mdl-platform-soc-i2c-1-1e.json`: the driver's name and the device's parent path.
  public func path(for sensor: SensorInfo) -> String {
    var parent = sensor.syspath
    if let slash = parent.lastIndex(of: "/") { parent = String(parent[..<slash]) }
    if parent.hasPrefix("/sys/devices/") { parent.removeFirst("/sys/devices/".count) }
    let key = [sensor.name ?? "magnetometer", parent].filter { !$0.isEmpty }.joined(separator: "-")
    let safe = String(key.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." ? $0 : "-" })
    return directory + "/" + safe + ".json"
  }

  /// The stored calibration, nil when there is none.
  public func load(for sensor: SensorInfo) throws(Problem) -> MagnetometerCalibration? {
    let path = path(for: sensor)
    let bytes: [UInt8]
    switch SystemRoot().readBytes(path, limit: 64 * 1024) {
    case .success(let read): bytes = read
    case .failure(.missing): return nil
    case .failure(let failure): throw .unreadable(path: path, reason: failure.description)
    }
    do {
      let value = try JSONParser.parse(bytes)
      let calibration = try JSONValueDecoder().decode(MagnetometerCalibration.self, from: value)
      guard calibration.offset.isFinite, calibration.scale.isFinite, calibration.fieldStrength.isFinite,
        calibration.fieldStrength > 0
      else { throw Problem.malformed(path: path, reason: "a value is not a finite number") }
      return calibration
    } catch let problem as Problem {
      throw problem
    } catch {
      throw .malformed(path: path, reason: "\(error)")
    }
  }

  /// Writes the calibration (the directory is made when missing), replacing any earlier one
  /// atomically. Returns the file's path.
  @discardableResult
  public func save(_ calibration: MagnetometerCalibration, for sensor: SensorInfo) throws(Problem) -> String {
    let path = path(for: sensor)
    if let problem = Self.makeDirectories(directory) { throw .unwritable(path: directory, reason: problem) }
    let text: String
    do {
      text = try JSONValueEncoder().encode(calibration).serialized() + "\n"
    } catch {
      throw .unwritable(path: path, reason: "\(error)")
    }
    if let problem = FileOutput.replace(path, with: text) { throw .unwritable(path: path, reason: problem) }
    return path
  }

  /// `mkdir -p` with mode 0700 (a state directory is the user's own); nil when it exists.
  static func makeDirectories(_ path: String) -> String? {
    var built = ""
    for part in path.split(separator: "/") {
      built += "/" + part
      if mkdir(built, 0o700) != 0 && errno != EEXIST { return "\(built): " + String(cString: strerror(errno)) }
    }
    return nil
  }
}
