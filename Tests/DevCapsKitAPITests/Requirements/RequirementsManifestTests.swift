import DevCapsKit
import Foundation
import Testing

@Suite("RequirementsManifest")
struct RequirementsManifestTests {
  /// A manifest written to a file of its own, removed afterwards.
  @discardableResult
  static func withFile<T>(_ name: String, _ contents: String, _ body: (String) throws -> T) throws -> T {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("devcaps-api-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent(name).path
    try contents.write(toFile: path, atomically: true, encoding: .utf8)
    return try body(path)
  }

  static let capabilities: Report = {
    var report = Report(sections: [.capabilities])
    report.capabilities = [
      CapabilityResult(key: "accelerometer", present: true, evidence: "iio:device0"),
      CapabilityResult(key: "telephony", present: false),
      CapabilityResult(key: "touchscreen", present: false),
    ]
    return report
  }()

  @Test("each result reads as devcaps require prints it: met or not, and what was found")
  func readableResults() throws {
    var report = Self.capabilities
    report.sections.append(.memory)
    report.memory = MemoryInfo(totalBytes: 8 << 30, installedBytes: 8 << 30, availableBytes: 6 << 30)
    let manifest = try RequirementsManifest(
      bytes: Array(#"{"accelerometer": true, "touchscreen": true, "memory": ">= 16 GiB"}"#.utf8))
    #expect(manifest.requirements.map(\.key) == ["accelerometer", "touchscreen", "memory"])
    #expect(manifest.requirements.map(\.expectedText) == ["required", "required", ">= 16 GiB"])
    #expect(!manifest.isWrapped)
    let outcome = manifest.evaluate(on: report)
    #expect(
      outcome.results.map(\.description) == [
        "accelerometer required: met, found iio:device0",
        "touchscreen required: not met, not present",
        "memory >= 16 GiB: not met, found 8.0 GiB installed",
      ])
    #expect(outcome.results.map(\.finding.description) == ["iio:device0", "not present", "8.0 GiB installed"])
  }

  @Test("a manifest evaluated on a report: each requirement in order, the unmet ones listed")
  func evaluate() throws {
    let outcome = try Self.withFile("kiosk.json", #"{"accelerometer": true, "telephony": false, "touchscreen": true}"#)
    {
      try RequirementsManifest(path: $0).evaluate(on: Self.capabilities)
    }
    #expect(outcome.results.map(\.key) == ["accelerometer", "telephony", "touchscreen"])
    #expect(outcome.results.map(\.satisfied) == [true, true, false])
    #expect(!outcome.satisfied)
    #expect(outcome.unmet.map(\.key) == ["touchscreen"])
  }

  @Test("an app's Info.plist, read as it is")
  func propertyList() throws {
    let plist = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict>
        <key>CFBundleName</key><string>Kiosk</string>
        <key>UIRequiredDeviceCapabilities</key><array><string>accelerometer</string></array>
      </dict></plist>
      """
    let outcome = try Self.withFile("Info.plist", plist) {
      try RequirementsManifest(path: $0).evaluate(on: Self.capabilities)
    }
    #expect(outcome.satisfied)
    #expect(outcome.results.map(\.key) == ["accelerometer"])
  }

  @Test("a missing file is unreadable; a typo is invalid and names the nearest key")
  func errors() throws {
    #expect(throws: RequirementsManifestError.unreadable(path: "/nonexistent/manifest.json", reason: "does not exist"))
    {
      try RequirementsManifest(path: "/nonexistent/manifest.json")
    }
    try Self.withFile("typo.json", #"["acelerometer"]"#) { path in
      #expect(
        throws: RequirementsManifestError.invalid(
          path: path,
          problem: "line 1, column 2: 'acelerometer' is not a known capability; did you mean 'accelerometer'?")
      ) {
        try RequirementsManifest(path: path)
      }
    }
    #expect(throws: RequirementsManifestError.self) { try RequirementsManifest(bytes: Array("{".utf8)) }
  }

  @Test("evaluated on this machine, the same as on this machine's full report")
  func thisMachine() throws {
    let manifest = try RequirementsManifest(
      bytes: Array(#"{"cpu-cores": ">= 1", "gyroscope": false, "memory": ">= 1 MiB"}"#.utf8))
    let live = manifest.evaluate()
    #expect(live.satisfied == manifest.evaluate(on: try Report.current()).satisfied)
    #expect(live.results.map(\.key) == ["cpu-cores", "gyroscope", "memory"])
  }
}
