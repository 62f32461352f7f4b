/// Dotted paths into a report (`memory.totalBytes`, `disks.0.path`), as `devcaps get` takes them.
public enum KeyPathError: Error, Equatable, CustomStringConvertible {
  case empty
  case unknownKey(path: String, suggestion: String?)
  case indexOutOfRange(path: String, count: Int, suggestion: String?)

  /// The message `devcaps get` prints, with the nearest valid key.
  public var description: String {
    switch self {
    case .empty:
      return "the key is empty; try 'devcaps get memory.totalBytes' or see 'devcaps list --json'"
    case .unknownKey(let path, let suggestion):
      return "unknown key \(path.quotedForMessage)" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    case .indexOutOfRange(let path, let count, let suggestion):
      let range = count == 0 ? "the list is empty" : "valid indices are 0…\(count - 1)"
      return "no element \(path.quotedForMessage): \(range)" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    }
  }
}

extension JSONValue {
  /// The value at a dotted path. A numeric component indexes an array; any other names the first
  /// element whose `type` or `id` it is (`sensors.pressure`, `sensors.iio:device2`).
  public func value(atPath path: String) throws(KeyPathError) -> JSONValue {
    guard !path.isEmpty else { throw .empty }
    var current = self
    var walked: [String] = []
    for component in path.split(separator: ".", omittingEmptySubsequences: false).map(String.init) {
      walked.append(component)
      switch current {
      case .object:
        guard let next = current[component] else {
          throw .unknownKey(path: path, suggestion: nearestPath(to: path))
        }
        current = next
      case .array(let elements):
        if Int(component) == nil, let named = Self.element(named: component, in: elements) {
          current = named
          continue
        }
        guard let index = Int(component), index >= 0 else {
          throw .unknownKey(path: path, suggestion: nearestPath(to: path))
        }
        guard index < elements.count else {
          // Joined only here: the generic joined(separator:) looks up associated types at run
          // time, a fifth of `devcaps get KEY`.
          let here = walked.joined(separator: ".")
          throw .indexOutOfRange(path: here, count: elements.count, suggestion: nearestPath(to: path))
        }
        current = elements[index]
      default:
        throw .unknownKey(path: path, suggestion: nearestPath(to: path))
      }
    }
    return current
  }

  /// The first element that is an object whose `type`, else whose `id`, is `name`.
  private static func element(named name: String, in elements: [JSONValue]) -> JSONValue? {
    for member in ["type", "id"] {
      if let found = elements.first(where: { $0[member] == .string(name) }) { return found }
    }
    return nil
  }

  /// Every path that leads somewhere in this value, parents before children.
  public func allPaths() -> [String] {
    var paths: [String] = []
    collectPaths(prefix: nil, into: &paths)
    return paths
  }

  private func collectPaths(prefix: String?, into paths: inout [String]) {
    func join(_ component: String) -> String { prefix.map { "\($0).\(component)" } ?? component }
    switch self {
    case .object(let members):
      for member in members {
        let path = join(member.key)
        paths.append(path)
        member.value.collectPaths(prefix: path, into: &paths)
      }
    case .array(let elements):
      for (index, element) in elements.enumerated() {
        let path = join(String(index))
        paths.append(path)
        element.collectPaths(prefix: path, into: &paths)
      }
    default:
      break
    }
  }

  /// The valid path closest to `path` by edit distance, case-insensitively; nil when nothing is
  /// reasonably close.
  public func nearestPath(to path: String) -> String? {
    let paths = allPaths()
    if let containing = pluralOrContainingPath(of: path, among: paths) { return containing }
    if let word = pathBeginningOrNaming(path, among: paths) { return word }
    if let near = nearestCandidate(to: path, among: paths) { return near }
    // A short or half-typed last component ("memory.totl"): the sibling that shares the longest
    // beginning with it, at least three characters.
    let components = path.split(separator: ".", omittingEmptySubsequences: false)
    guard let last = components.last?.lowercased(), last.count >= 3 else { return nil }
    let parent = components.dropLast().joined(separator: ".")
    let siblings = paths.filter { candidate in
      let parts = candidate.split(separator: ".", omittingEmptySubsequences: false)
      return parts.count == components.count
        && parts.dropLast().joined(separator: ".").lowercased() == parent.lowercased()
    }
    func shared(_ candidate: String) -> Int {
      zip(candidate.split(separator: ".").last!.lowercased(), last).prefix { $0 == $1 }.count
    }
    guard let best = siblings.max(by: { shared($0) < shared($1) }), shared(best) >= 3 else { return nil }
    return best
  }
}

/// The shortest path ending in the last component of `path` or its plural, below the parents
/// written: `gpu` → `gpus`, `battery` → `power.batteries`, `chassis` → `device.chassis`. Edit
/// distance alone would take `gpu` for `cpu`.
func pluralOrContainingPath(of path: String, among paths: [String]) -> String? {
  let components = path.lowercased().split(separator: ".", omittingEmptySubsequences: false)
  guard let last = components.last, !last.isEmpty else { return nil }
  var forms = [String(last), last + "s", last + "es"]
  if last.hasSuffix("y") { forms.append(last.dropLast() + "ies") }
  let parents = Array(components.dropLast())
  var best: [Substring]? = nil
  var bestPath: String? = nil
  for candidate in paths {
    let parts = candidate.lowercased().split(separator: ".", omittingEmptySubsequences: false)
    guard let end = parts.last, forms.contains(String(end)), parts.count > parents.count || end != last,
      Array(parts.dropLast().suffix(parents.count)) == parents
    else { continue }
    if best == nil || parts.count < best!.count {
      best = parts
      bestPath = candidate
    }
  }
  return bestPath
}

/// The shortest sibling whose last component begins with the one written or has it as a
/// camelCase word, at least three characters: `cpu.cores` → `cpu.logicalCores`, `system.uptime` →
/// `system.uptimeSeconds`, `capabilities.gyro` → `capabilities.gyroscope`. A key of one component
/// (`uptime`) looks at every depth. Edit distance alone would take `cpu.model` for `cpu.cores`.
func pathBeginningOrNaming(_ path: String, among paths: [String]) -> String? {
  let components = path.split(separator: ".", omittingEmptySubsequences: false)
  guard let last = components.last?.lowercased(), last.count >= 3 else { return nil }
  let parent = components.dropLast().joined(separator: ".").lowercased()
  var best: String? = nil
  for candidate in paths where best == nil || candidate.count < best!.count {
    let parts = candidate.split(separator: ".", omittingEmptySubsequences: false)
    if components.count > 1 {
      guard parts.count == components.count, parts.dropLast().joined(separator: ".").lowercased() == parent else {
        continue
      }
    }
    guard let end = parts.last, end.lowercased().hasPrefix(last) || camelCaseWords(end).contains(last) else {
      continue
    }
    best = candidate
  }
  return best
}

/// `logicalCores` → ["logical", "cores"].
func camelCaseWords(_ name: Substring) -> [String] {
  var words: [String] = []
  var word = ""
  for character in name {
    if character.isUppercase, !word.isEmpty {
      words.append(word)
      word = ""
    }
    word.append(contentsOf: character.lowercased())
  }
  if !word.isEmpty { words.append(word) }
  return words
}

/// The candidate with the smallest edit distance, when that distance is small for the word's
/// length (a third of it, at least 2).
package func nearestCandidate(to word: String, among candidates: [String]) -> String? {
  let target = Array(word.lowercased().unicodeScalars)
  var best: (candidate: String, distance: Int)? = nil
  for candidate in candidates {
    let distance = editDistance(target, Array(candidate.lowercased().unicodeScalars))
    if best == nil || distance < best!.distance { best = (candidate, distance) }
  }
  guard let best, best.distance <= max(2, target.count / 3) else { return nil }
  return best.candidate
}

func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
  if a.isEmpty { return b.count }
  if b.isEmpty { return a.count }
  var previous = Array(0...b.count)
  var current = [Int](repeating: 0, count: b.count + 1)
  for i in 1...a.count {
    current[0] = i
    for j in 1...b.count {
      let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
      current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
    }
    swap(&previous, &current)
  }
  return previous[b.count]
}
