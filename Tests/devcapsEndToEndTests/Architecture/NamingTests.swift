import Foundation
import Testing

/// The naming rules CONTRIBUTING.md states, checked over every source file.
@Suite("Naming")
struct NamingTests {
  /// Types that conform to `Error` without the suffix, each for a reason.
  static let unsuffixedErrors: [String: String] = [
    "Errno": "the C library's error number, named as swift-system names it",
    "Cause": "SysfsWriteError.Cause: why a sysfs write failed, carried inside SysfsWriteError",
  ]

  /// Every type declared as conforming to `Error`, as (file, type name).
  static func errorTypes() throws -> [(file: String, name: String)] {
    let declaration =
      #/^\s*(?:(?:public|package|fileprivate|private|final)\s+)*(?:enum|struct|class)\s+(\w+)[^:{]*:([^{]*)/#
    var found: [(String, String)] = []
    for target in ["DevCapsKit", "DevCapsMotion", "devcaps"] {
      for file in LayeringTests.files(of: target) {
        for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
          guard let match = line.firstMatch(of: declaration) else { continue }
          let conformances = match.2.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
          if conformances.contains("Error") || conformances.contains("Swift.Error") {
            found.append((file.lastPathComponent, String(match.1)))
          }
        }
      }
    }
    return found
  }

  @Test("every error type's name ends in Error")
  func errorSuffix() throws {
    let types = try Self.errorTypes()
    #expect(types.count > 20, "the scan found \(types.count) error types: is the pattern still right?")
    for (file, name) in types where Self.unsuffixedErrors[name] == nil {
      #expect(name.hasSuffix("Error"), "\(file): \(name) conforms to Error; name it …Error")
    }
  }
}
