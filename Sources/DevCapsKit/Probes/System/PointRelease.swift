/// The most precise version of the installed release. os-release's `VERSION_ID` stops at the
/// major release on Debian ("12") and Ubuntu ("22.04"); the point release is elsewhere: Debian's
/// /etc/debian_version ("12.11"), Ubuntu's `VERSION` ("22.04.3 LTS (Jammy Jellyfish)"), Alpine's
/// /etc/alpine-release, the "release 7.9.2009" of /etc/redhat-release on CentOS and its kin.
/// A candidate counts only when it extends `VERSION_ID`: Debian testing's "trixie/sid" and a
/// release file left over from an upgrade say nothing about this release.
struct PointRelease {
  /// The version and where it was read (`/etc/debian_version`, `VERSION`, `VERSION_ID`).
  var version: String
  var source: String

  /// Only the release file of the distribution os-release names is read.
  static func find(osRelease: [String: String], context: ProbeContext) -> PointRelease? {
    guard let base = osRelease["VERSION_ID"].flatMap(leadingVersionText) else { return nil }
    let id = osRelease["ID"] ?? ""
    let like = (osRelease["ID_LIKE"] ?? "").split(separator: " ")
    var candidates: [PointRelease] = []
    if id == "debian" || id == "raspbian", let line = context.line("/etc/debian_version") {
      candidates.append(PointRelease(version: line, source: "/etc/debian_version"))
    }
    if id == "alpine", let line = context.line("/etc/alpine-release") {
      candidates.append(PointRelease(version: line, source: "/etc/alpine-release"))
    }
    if id == "rhel" || id == "centos" || like.contains("rhel"),
      let words = context.line("/etc/redhat-release")?.split(separator: " "),
      let release = words.firstIndex(of: "release"), release + 1 < words.count
    {
      candidates.append(PointRelease(version: String(words[release + 1]), source: "/etc/redhat-release"))
    }
    if let version = osRelease["VERSION"] { candidates.append(PointRelease(version: version, source: "VERSION")) }
    // Ubuntu images without VERSION still say "Ubuntu 24.04.1 LTS" here.
    if let name = osRelease["NAME"], let pretty = osRelease["PRETTY_NAME"], pretty.hasPrefix(name + " ") {
      candidates.append(PointRelease(version: String(pretty.dropFirst(name.count + 1)), source: "PRETTY_NAME"))
    }
    var best = PointRelease(version: base, source: "VERSION_ID")
    for candidate in candidates {
      guard let text = leadingVersionText(candidate.version), extends(text, base), parts(text) > parts(best.version)
      else { continue }
      best = PointRelease(version: text, source: candidate.source)
    }
    return best
  }

  private static func parts(_ version: String) -> Int { version.split(separator: ".").count }

  /// The dotted numbers a text starts with, as written ("22.04.3 LTS" → "22.04.3") but for a
  /// leading "v" (postmarketOS "v23.12"); nil when it starts with anything else.
  static func leadingVersionText(_ whole: String) -> String? {
    let text = whole.hasPrefix("v") ? whole.dropFirst() : Substring(whole)
    var end = text.startIndex
    var sawDigit = false
    for index in text.indices {
      let character = text[index]
      if character.isASCII && character.isNumber {
        sawDigit = true
        end = text.index(after: index)
      } else if character != "." || !sawDigit {
        break
      }
    }
    return sawDigit ? String(text[..<end]) : nil
  }

  /// Whether `longer` has every part of `base` first, part for part: 12.11 extends 12, 12.1
  /// does not extend 12.11, 120 does not extend 12.
  static func extends(_ longer: String, _ base: String) -> Bool {
    let longerParts = longer.split(separator: ".")
    let baseParts = base.split(separator: ".")
    return longerParts.count >= baseParts.count && zip(longerParts, baseParts).allSatisfy { $0 == $1 }
  }
}
