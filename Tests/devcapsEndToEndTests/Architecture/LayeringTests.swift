import Foundation
import Testing

/// The layering rules, checked from what each target imports: the library decides and the
/// executable draws (ARCHITECTURE.md). A change that breaks one fails here, naming the file.
@Suite("Layering")
struct LayeringTests {
  static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

  static func files(of target: String) -> [URL] {
    let files = FileManager.default.enumerator(
      at: sources.appendingPathComponent(target), includingPropertiesForKeys: nil)
    return (files?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
  }

  /// Every `import` line of every Swift file of a target, as (file, module).
  static func imports(of target: String) throws -> [(file: String, module: String)] {
    var found: [(String, String)] = []
    for file in files(of: target) {
      for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
        let words = line.split(separator: " ")
        guard let index = words.firstIndex(of: "import"), words.count > index + 1 else { continue }
        guard words[..<index].allSatisfy({ $0.hasPrefix("@") }) else { continue }
        found.append((file.lastPathComponent, String(words[index + 1])))
      }
    }
    return found
  }

  @Test(
    "each target imports only what its layer may",
    arguments: [
      // The executable: argument parsing, the library's public API, libc. No C shim, no udev.
      ("devcaps", ["ArgumentParser", "DevCapsKit", "Glibc", "Musl", "Synchronization"]),
      // The library: its C shims (libudev, UPower and GLib through them); no Foundation, no
      // argument parsing.
      ("DevCapsKit", ["DevCapsMotion", "CDevCapsShims", "Glibc", "Musl", "Observation", "Synchronization"]),
      // The motion maths: pure Swift over RealModule, testable without a device or a C module.
      ("DevCapsMotion", ["RealModule", "Glibc", "Musl"]),
    ])
  func imports(target: String, allowed: [String]) throws {
    let imports = try Self.imports(of: target)
    #expect(!imports.isEmpty)
    for (file, module) in imports {
      #expect(allowed.contains(module), "\(target)/\(file) imports \(module)")
    }
  }

  @Test("the executable uses only the library's public API")
  func publicAPIOnly() throws {
    let files = Self.files(of: "devcaps")
    #expect(!files.isEmpty)
    for file in files {
      let text = try String(contentsOf: file, encoding: .utf8)
      #expect(!text.contains("@testable import"), "\(file.lastPathComponent)")
      #expect(!text.contains("@_spi"), "\(file.lastPathComponent)")
    }
  }

  @Test("the library touches no process-wide state and draws nothing: no signals, no stdout, no escapes")
  func libraryDrawsNothing() throws {
    let forbidden = ["signal(", "sigaction", "pthread_sigmask", "isatty", "exit(", "\\u{1B}", "print("]
    for file in Self.files(of: "DevCapsKit") {
      let code = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").filter {
        !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//")
      }
      for word in forbidden {
        #expect(!code.contains { $0.contains(word) }, "\(file.lastPathComponent) uses \(word)")
      }
    }
  }
}
