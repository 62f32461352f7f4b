import Foundation
import Testing

/// Compares output with a file under `Fixtures/golden`. `RECORD_SNAPSHOTS=1` writes the file
/// instead (then review the diff before committing it).
enum Golden {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/golden")

  static func check(_ actual: String, against name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let url = directory.appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try actual.write(to: url, atomically: true, encoding: .utf8)
      return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
      Issue.record("no golden file \(name); run the tests with RECORD_SNAPSHOTS=1", sourceLocation: sourceLocation)
      return
    }
    if expected != actual {
      let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
      let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
      let firstDifference = zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }
      let line = firstDifference?.offset ?? min(expectedLines.count, actualLines.count)
      Issue.record(
        """
        \(name) differs at line \(line + 1):
          expected: \(line < expectedLines.count ? String(expectedLines[line]) : "<end>")
          actual:   \(line < actualLines.count ? String(actualLines[line]) : "<end>")
        """, sourceLocation: sourceLocation)
    }
  }
}
