/// What a program needs of the machine, read from a manifest file
/// (`UIRequiredDeviceCapabilities`): JSON in the list, dictionary or wrapped form, or a property
/// list holding that key, so an app's `Info.plist` works as it is. docs/reference/
/// manifest-language.md describes the forms and constraints, docs/reference/manifest.md every key.
///
/// ```swift
/// let manifest = try RequirementsManifest(path: "requirements.json")
/// let outcome = manifest.evaluate()
/// for unmet in outcome.unmet { print(unmet.key, unmet.expected) }
/// ```
public struct RequirementsManifest: Sendable, Equatable {
  /// What was parsed; the façade shows its parts.
  private var manifest: Manifest
  /// The file it was read from, as given.
  public var path: String?

  /// The requirements, in the manifest's order: each key with what it expects.
  public var requirements: [Requirement] { manifest.requirements }
  /// The requirements sat under `UIRequiredDeviceCapabilities` (an `Info.plist`, or JSON in
  /// that form).
  public var isWrapped: Bool { manifest.wrapped }

  /// Reads and checks a manifest file; a `.plist` file is read as a property list, any other
  /// file by its content. Throws ``RequirementsManifestError/unreadable(path:reason:)`` for a
  /// missing or unreadable file (the CLI's exit 66) and
  /// ``RequirementsManifestError/invalid(path:problem:)`` for one that is not a valid manifest
  /// (exit 65), naming the key and what is wrong.
  public init(path: String) throws(RequirementsManifestError) {
    let bytes: [UInt8]
    switch Manifest.readFile(path) {
    case .success(let read): bytes = read
    case .failure(.tooLarge(let limit)):
      throw .invalid(path: path, problem: "the manifest is larger than \(limit) bytes")
    case .failure(let failure): throw .unreadable(path: path, reason: failure.description)
    }
    try self.init(bytes: bytes, isPropertyList: path.hasSuffix(".plist"), path: path)
  }

  /// A manifest from its bytes (JSON, or a property list when `isPropertyList` or when the
  /// content starts with `<`).
  public init(bytes: [UInt8], isPropertyList: Bool = false, path: String? = nil) throws(RequirementsManifestError) {
    do {
      manifest = try Manifest.parse(bytes, isPropertyList: isPropertyList)
    } catch {
      throw .invalid(path: path, problem: error.description)
    }
    self.path = path
  }

  /// Each requirement checked against a report: one saved with `devcaps list --json` and loaded
  /// with ``SavedReport/load(_:sections:)``, or one of this machine. A report answers what it
  /// holds: a disk path that is not one of its mount points, and `device-node`, are unknown
  /// (never met) on it; for this machine ``evaluate()`` answers those too.
  public func evaluate(on report: Report) -> RequirementsOutcome {
    RequirementsOutcome(results: RequirementEvaluator(report: report).evaluate(manifest))
  }

  /// Each requirement checked against this machine, probing only what the manifest names.
  public func evaluate() -> RequirementsOutcome {
    RequirementsOutcome(results: RequirementEvaluator().evaluate(manifest))
  }
}

/// The requirements of a manifest, each checked.
public struct RequirementsOutcome: Sendable, Equatable {
  /// One result per requirement, in the manifest's order.
  public var results: [RequirementResult]

  /// Results as an evaluation made them.
  public init(results: [RequirementResult]) {
    self.results = results
  }

  /// Every requirement holds.
  public var satisfied: Bool { results.allSatisfy(\.satisfied) }
  /// The requirements that do not hold.
  public var unmet: [RequirementResult] { results.filter { !$0.satisfied } }
}

/// Why a manifest cannot be used.
public enum RequirementsManifestError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file does not exist or cannot be read.
  case unreadable(path: String, reason: String)
  /// The content is not a valid manifest: the problem names the key and what is wrong, and the
  /// nearest known key for a typo.
  case invalid(path: String?, problem: String)

  /// A sentence that says what is wrong, for a person.
  public var description: String {
    switch self {
    case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
    case .invalid(let path, let problem): path.map { "\($0): \(problem)" } ?? problem
    }
  }
}
