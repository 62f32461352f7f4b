/// A required-capabilities manifest: what a program needs of the machine, in the forms
/// docs/reference/manifest-language.md defines (array, dictionary, wrapped in `UIRequiredDeviceCapabilities`, JSON or an
/// XML property list).
public struct Manifest: Sendable, Equatable {
  /// The requirements, in the manifest's order.
  public var requirements: [Requirement]
  /// Whether it came from an Info.plist-style wrapper.
  public var wrapped: Bool

  /// The key of an `Info.plist` that holds the requirements.
  public static let wrapperKey = "UIRequiredDeviceCapabilities"
}

/// One key of a manifest and what it expects.
public struct Requirement: Sendable, Equatable {
  /// Required, prohibited, or a constraint on a measured value.
  public enum Expectation: Sendable, Equatable {
    case required
    case prohibited
    case constraint(Constraint)
    /// Names that must all be present (`cpu-features`, `network`, `storage`).
    case allOf([String])
    /// Names any one of which is enough (`os`, `os-like`, `virtualization`).
    case anyName([String])
    /// Manifests one of which must hold (`any-of`).
    case anyOf([[Requirement]])
    /// Manifests none of which may hold (`none-of`).
    case noneOf([[Requirement]])
  }

  /// The key as written: `memory`, `disk-free:/var`.
  public var key: String
  /// The key without its path, under its current name: `disk-free`, `memory-limit` for
  /// `available-memory`.
  public var baseKey: String
  /// The path of a disk key (`/` when none is written) or of `device-node`.
  public var path: String?
  /// What the manifest expects of the key.
  public var expectation: Expectation

  /// What was expected, as the reports say it: `required`, `prohibited`, `>= 4 GiB`.
  public var expectedText: String {
    switch expectation {
    case .required: return "required"
    case .prohibited: return "prohibited"
    case .constraint(let constraint): return constraint.text
    case .allOf(let names): return names.joined(separator: ", ")
    case .anyName(let names): return names.joined(separator: " or ")
    case .anyOf(let manifests): return "any of \(manifests.count)"
    case .noneOf(let manifests): return "none of \(manifests.count)"
    }
  }
}

/// Why a manifest is invalid (exit 65). The description names the key and what is wrong.
public struct ManifestError: Error, Equatable, CustomStringConvertible {
  /// The reason, for a person.
  public var description: String
  /// Where in the file, when the problem has a place: a JSON syntax error's, or that of the
  /// key or element a problem is about.
  public var line: Int?
  public var column: Int?
  /// The member or element the problem is about, from the top of the document.
  var path: [JSONStep] = []
  init(_ description: String, line: Int? = nil, column: Int? = nil) {
    self.description = description
    self.line = line
    self.column = column
  }

  /// The same problem, found inside the value `step` leads to.
  func inside(_ step: JSONStep) -> ManifestError {
    var error = self
    error.path.insert(step, at: 0)
    return error
  }

  /// The same problem, about the `index`th name of `member`'s list (or its one name, written
  /// without a list).
  func inside(elementOf member: JSONMember, at index: Int) -> ManifestError {
    guard case .array = member.value else { return self }
    return inside(.element(index))
  }

  /// The problem with the line and column of the value it is about, found in `bytes` (a JSON
  /// document: a property list's values have no place here), also at the start of the
  /// description, as a syntax error has them.
  func located(in bytes: [UInt8]) -> ManifestError {
    var error = self
    error.path = []
    guard line == nil, let (line, column) = JSONParser.position(of: path, in: bytes) else { return error }
    error.line = line
    error.column = column
    error.description = "line \(line), column \(column): \(description)"
    return error
  }
}

extension Manifest {
  /// Reads a manifest. `isPropertyList` forces the plist reader (a `.plist` file); otherwise the
  /// content decides: `<` or `bplist` means a property list, anything else JSON.
  /// The manifest limit: larger files are refused before parsing.
  public static let maximumFileSize = SystemRoot.maximumFileSize

  /// A manifest file's bytes, for `parse`: a regular file or a pipe (a shell's `<(…)`);
  /// relative paths are taken from the working directory, never from `DEVCAPS_ROOT`.
  public static func readFile(_ path: String) -> Result<[UInt8], ReadError> {
    SystemRoot.readNamedInput(path, limit: maximumFileSize)
  }

  /// Parses and checks a manifest; throws with the key and the problem, and the nearest known key
  /// for a typo; in JSON, with the line and column of the key or element it is about.
  public static func parse(_ bytes: [UInt8], isPropertyList: Bool = false) throws(ManifestError) -> Manifest {
    do {
      return try parseDocument(bytes, isPropertyList: isPropertyList)
    } catch {
      throw error.located(in: bytes)
    }
  }

  private static func parseDocument(_ bytes: [UInt8], isPropertyList: Bool) throws(ManifestError) -> Manifest {
    let body = bytes.drop {
      $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF
    }
    let plist = isPropertyList || body.first == UInt8(ascii: "<") || body.starts(with: Array("bplist".utf8))
    if body.isEmpty { throw ManifestError("the manifest is empty; write for example [\"accelerometer\"]") }
    let document: JSONValue
    if plist {
      do { document = try PropertyListParser.parse(bytes) } catch {
        throw ManifestError("not a valid property list: \(error)")
      }
      guard case .object(let members) = document else {
        throw ManifestError("the property list's top level must be a <dict> holding \(wrapperKey)")
      }
      guard let wrapped = members.first(where: { $0.key == wrapperKey }) else {
        throw ManifestError("the property list has no \(wrapperKey) key")
      }
      // The rest of an Info.plist (CFBundleName, …) is the app's business, not a requirement.
      return try Manifest(checking: requirements(from: wrapped.value), wrapped: true)
    }
    do { document = try JSONParser.parse(bytes) } catch {
      throw ManifestError("not valid JSON: \(error)", line: error.line, column: error.column)
    }
    if case .object(let members) = document, let place = members.firstIndex(where: { $0.key == wrapperKey }) {
      if let other = members.firstIndex(where: { $0.key != wrapperKey }) {
        let others = members.filter { $0.key != wrapperKey }.map(\.key)
        throw ManifestError(
          "\(others.map { $0.quotedForMessage }.joined(separator: ", ")) next to \(wrapperKey): put every requirement inside it"
        ).inside(.member(other))
      }
      let wrapped: [Requirement]
      do {
        wrapped = try requirements(from: members[place].value)
      } catch {
        throw error.inside(.member(place))
      }
      return try Manifest(checking: wrapped, wrapped: true)
    }
    return try Manifest(checking: requirements(from: document), wrapped: false)
  }

  /// A manifest of at least one requirement: one that names none would pass on any machine, a
  /// gate that checks nothing.
  init(checking requirements: [Requirement], wrapped: Bool) throws(ManifestError) {
    if requirements.isEmpty {
      throw ManifestError(
        "the manifest names no requirements, so it would pass on any machine; name at least one, such as [\"accelerometer\"] or {\"memory\": \">= 4 GiB\"}"
      )
    }
    self.init(requirements: requirements, wrapped: wrapped)
  }

  static func requirements(from value: JSONValue) throws(ManifestError) -> [Requirement] {
    switch value {
    case .array(let elements):
      var requirements: [Requirement] = []
      for (index, element) in elements.enumerated() {
        do {
          requirements.append(try listRequirement(element, index: index, after: requirements))
        } catch {
          throw error.inside(.element(index))
        }
      }
      return requirements
    case .object(let members):
      var requirements: [Requirement] = []
      for (index, member) in members.enumerated() {
        do {
          requirements.append(try objectRequirement(member))
        } catch {
          throw error.inside(.member(index))
        }
      }
      return requirements
    default:
      throw ManifestError(
        "the manifest is \(describe(value)); write a list such as [\"accelerometer\"] or an object such as {\"memory\": \">= 4 GiB\"}"
      )
    }
  }

  /// A requirement of the list form: a capability's name, in quotes, once.
  static func listRequirement(
    _ element: JSONValue, index: Int, after requirements: [Requirement]
  ) throws(ManifestError) -> Requirement {
    guard case .string(let key) = element else {
      throw ManifestError("element \(index) of the list is \(describe(element)), not a capability name in quotes")
    }
    if ManifestKeys.groupKeys.contains(key) {
      throw ManifestError(
        "\(key.quotedForMessage) takes a list of manifests, which the list form cannot hold: use {\"\(key)\": [[\"gpu\"], {\"memory\": \">= 8 GiB\"}]}"
      )
    }
    let requirement = try parseKey(key)
    if ManifestKeys.nameKeys.contains(requirement.baseKey) {
      throw ManifestError(
        "\(key.quotedForMessage) needs a name, which the list form cannot hold: use {\"\(key)\": \"\(ManifestKeys.allowedNames(of: key)?[3] ?? "debian")\"}"
      )
    }
    if ManifestKeys.listKeys.contains(requirement.baseKey) {
      throw ManifestError(
        "\(key.quotedForMessage) needs a list of names, which the list form cannot hold: use {\"\(key)\": \(ManifestKeys.namesExample(of: key))}"
      )
    }
    if case .some = ManifestKeys.measure(of: requirement.baseKey) {
      throw ManifestError(
        "\(key.quotedForMessage) needs a constraint, which the list form cannot hold: use {\"\(key)\": \"\(Constraint.example(ManifestKeys.measure(of: requirement.baseKey)!).dropFirst().dropLast())\"}"
      )
    }
    if requirements.contains(where: { $0.key == key }) {
      throw ManifestError("\(key.quotedForMessage) appears twice; a key may appear once")
    }
    return requirement
  }

  /// A requirement of the object form: a key and what it expects.
  static func objectRequirement(_ member: JSONMember) throws(ManifestError) -> Requirement {
    if ManifestKeys.groupKeys.contains(member.key) { return try group(member) }
    var requirement = try parseKey(member.key)
    if ManifestKeys.anyOfKeys.contains(requirement.baseKey) {
      requirement.expectation = .anyName(try deviceIDs(member, key: requirement.baseKey))
    } else if ManifestKeys.listKeys.contains(requirement.baseKey) {
      requirement.expectation = .allOf(try names(member))
    } else if ManifestKeys.nameKeys.contains(requirement.baseKey) {
      requirement.expectation = .anyName(try names(member))
    } else if requirement.baseKey == "gpu", member.value.isStringOrArray {
      requirement.expectation = .anyName(try gpuVendors(member))
    } else if let measure = ManifestKeys.measure(of: requirement.baseKey) {
      guard case .string(let text) = member.value else {
        throw ManifestError(
          "\(member.key.quotedForMessage) takes a constraint string such as \(Constraint.example(measure)), not \(describe(member.value))"
        )
      }
      do {
        requirement.expectation = .constraint(try Constraint.parse(text, measure: measure))
      } catch {
        throw ManifestError("\(member.key.quotedForMessage): \(error)")
      }
    } else {
      guard case .bool(let wanted) = member.value else {
        throw ManifestError(
          "\(member.key.quotedForMessage) takes true (required) or false (prohibited), not \(describe(member.value))"
        )
      }
      requirement.expectation = wanted ? .required : .prohibited
    }
    return requirement
  }

  /// `any-of` and `none-of`: a list of manifests, each in the list or the object form.
  static func group(_ member: JSONMember) throws(ManifestError) -> Requirement {
    let example = #"[["gpu"], {"memory": ">= 8 GiB"}]"#
    guard case .array(let elements) = member.value else {
      throw ManifestError(
        "\(member.key.quotedForMessage) takes a list of manifests such as \(example), not \(describe(member.value))")
    }
    if elements.isEmpty {
      throw ManifestError(
        "\(member.key.quotedForMessage) names nothing: an empty list of manifests; name at least one, such as \(example)"
      )
    }
    var manifests: [[Requirement]] = []
    for (index, element) in elements.enumerated() {
      let alternative: [Requirement]
      switch element {
      case .array, .object:
        do { alternative = try requirements(from: element) } catch {
          var nested = error.inside(.element(index))
          nested.description = "\(member.key.quotedForMessage), manifest \(index + 1): \(error.description)"
          throw nested
        }
      default:
        throw ManifestError(
          "element \(index) of \(member.key.quotedForMessage) is \(describe(element)), not a manifest (a list or an object)"
        ).inside(.element(index))
      }
      if alternative.isEmpty {
        throw ManifestError("manifest \(index + 1) of \(member.key.quotedForMessage) is empty").inside(.element(index))
      }
      manifests.append(alternative)
    }
    let expectation: Requirement.Expectation = member.key == "any-of" ? .anyOf(manifests) : .noneOf(manifests)
    return Requirement(key: member.key, baseKey: member.key, path: nil, expectation: expectation)
  }

  /// A list key's names: strings, at least one, each once; for a closed set (network kinds,
  /// storage kinds, virtualization names) only its names, a typo with its nearest.
  static func names(_ member: JSONMember) throws(ManifestError) -> [String] {
    let names = try writtenNames(member)
    if let allowed = ManifestKeys.allowedNames(of: member.key) {
      for (index, name) in names.enumerated() where !allowed.contains(name.lowercased()) {
        let hint = nearestCandidate(to: name, among: allowed).map { "did you mean '\($0)'? " } ?? ""
        throw ManifestError(
          "\(member.key.quotedForMessage): \(name.quotedForMessage) is not one of its names; \(hint)names are \(allowed.joined(separator: ", "))"
        ).inside(elementOf: member, at: index)
      }
    }
    return names
  }

  static func writtenNames(_ member: JSONMember, single: Bool = false) throws(ManifestError) -> [String] {
    if case .string(let name) = member.value, single || ManifestKeys.singleNameKeys.contains(member.key), !name.isEmpty
    {
      return [name]
    }
    let example = ManifestKeys.namesExample(of: member.key)
    guard case .array(let elements) = member.value else {
      throw ManifestError(
        "\(member.key.quotedForMessage) takes a list of names such as \(example), not \(describe(member.value))")
    }
    if elements.isEmpty {
      throw ManifestError(
        "\(member.key.quotedForMessage) names nothing: an empty list requires nothing; name at least one, such as \(example)"
      )
    }
    var names: [String] = []
    for (index, element) in elements.enumerated() {
      guard case .string(let name) = element, !name.isEmpty else {
        throw ManifestError(
          "element \(index) of \(member.key.quotedForMessage) is \(describe(element)), not a name in quotes"
        ).inside(.element(index))
      }
      if names.contains(name) {
        throw ManifestError("\(member.key.quotedForMessage) names \(name.quotedForMessage) twice").inside(
          .element(index))
      }
      names.append(name)
    }
    return names
  }

  /// A `gpu` requirement's vendors: names of the closed set, with the nearest for a typo.
  static func gpuVendors(_ member: JSONMember) throws(ManifestError) -> [String] {
    let known = ManifestKeys.gpuVendors.map(\.name)
    let vendors = try writtenNames(member, single: true).map { $0.lowercased() }
    for (index, vendor) in vendors.enumerated() where !known.contains(vendor) {
      let hint = nearestCandidate(to: vendor, among: known).map { "did you mean '\($0)'? " } ?? ""
      throw ManifestError(
        "'gpu': \(vendor.quotedForMessage) is not a GPU vendor; \(hint)vendors are \(known.joined(separator: ", "))"
      ).inside(elementOf: member, at: index)
    }
    return vendors
  }

  /// A `pci-device` or `usb-device` requirement's IDs, `vvvv:dddd` or `vvvv:*`, in lower case.
  static func deviceIDs(_ member: JSONMember, key: String) throws(ManifestError) -> [String] {
    let patterns = try writtenNames(member)
    for (index, pattern) in patterns.enumerated() where !ManifestKeys.isDeviceIDPattern(pattern) {
      let ids = ManifestKeys.deviceIDKeys[key] ?? ("a", "device", "")
      throw ManifestError(
        "\(key.quotedForMessage): \(pattern.quotedForMessage) is not a \(ids.bus) ID; write vendor:\(ids.second) in hex, such as \(ids.examples)"
      ).inside(elementOf: member, at: index)
    }
    return patterns.map { $0.lowercased() }
  }

  /// A known key, with a path after a colon for disk keys. Unknown keys name the nearest known one.
  /// Every key, as a set: a manifest of 30,000 keys looked each one up in a new array.
  private static let knownKeys = Set(ManifestKeys.all)

  static func parseKey(_ written: String) throws(ManifestError) -> Requirement {
    var base = written
    var path: String? = nil
    // Searched as bytes: a manifest may have 30,000 keys, and a Character scan cost more than
    // parsing the JSON they came in.
    if let colon = written.utf8.firstIndex(of: UInt8(ascii: ":")) {
      base = String(written[..<colon])
      path = String(written[written.utf8.index(after: colon)...])
    }
    guard knownKeys.contains(base) else {
      let hint: String
      if base == "schemaVersion" {
        hint =
          "; this is a saved report (devcaps list --json), not a manifest: judge a manifest against it with --against"
      } else if ManifestKeys.wrappers.contains(base.lowercased()) {
        hint =
          #"; the keys themselves are the manifest: ["gyroscope"] or {"gyroscope": true}, alone or inside {"UIRequiredDeviceCapabilities": ...}"#
      } else {
        var near = ManifestKeys.nearestByMeaning(base)
        if let spelled = nearestCandidate(to: base, among: ManifestKeys.all), !near.contains(spelled) {
          near.insert(spelled, at: 0)
        }
        hint = near.isEmpty ? "" : "; did you mean " + near.map { "'\($0)'" }.joined(separator: " or ") + "?"
      }
      let shown = written.isEmpty ? "an empty key" : "\(written.quotedForMessage)"
      throw ManifestError("\(shown) is not a known capability\(hint)")
    }
    if let path {
      guard ManifestKeys.pathKeys.contains(base) else {
        throw ManifestError(
          "\(written.quotedForMessage): only disk-free, disk-total and device-node take a path after a colon")
      }
      guard path.utf8.first == UInt8(ascii: "/"), !path.utf8.contains(0) else {
        throw ManifestError(
          "\(written.quotedForMessage): the path after the colon must be absolute, such as "
            + (base == "device-node" ? "device-node:/dev/kvm" : base + ":/var"))
      }
    } else if base == "device-node" {
      throw ManifestError("'device-node' needs the device's path after a colon, such as device-node:/dev/kvm")
    } else if ManifestKeys.pathKeys.contains(base) {
      path = "/"
    }
    return Requirement(key: written, baseKey: ManifestKeys.aliases[base] ?? base, path: path, expectation: .required)
  }

  static func describe(_ value: JSONValue) -> String {
    switch value {
    case .null: return "null"
    case .bool(let flag): return flag ? "true" : "false"
    case .integer(let number): return "the number \(number)"
    case .unsignedInteger(let number): return "the number \(number)"
    case .number(let number): return "the number \(number)"
    case .string(let text): return "the string \"\(text.shownForMessage)\""
    case .array: return "a list"
    case .object: return "an object"
    }
  }
}

extension JSONValue {
  fileprivate var isStringOrArray: Bool {
    switch self {
    case .string, .array: true
    default: false
    }
  }
}
