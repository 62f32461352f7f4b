import Foundation
import Testing

/// What an app that imports DevCapsKit can name, as Tests/DevCapsKitAPITests/PublicAPI.txt lists
/// it (scripts/generate-public-api.sh writes it from the compiler's symbol graph; the test
/// command's `--check` fails when it is out of date).
@Suite("the public API is only the API")
struct PublicAPITests {
  /// The top-level names of the public API: each line's path up to its first dot.
  private static func topLevelNames() throws -> Set<String> {
    let digest = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("PublicAPI.txt")
    let text = try String(contentsOf: digest, encoding: .utf8)
    return Set(
      text.split(separator: "\n").compactMap {
        $0.split(separator: "\t").first?.split(separator: ".").first.map(String.init)
      })
  }

  @Test("an app that also imports swift-system meets one FileDescriptor, one Errno, one FilePath")
  func noNameOfSwiftSystem() throws {
    // The types SystemPackage (apple/swift-system) declares at its top level. devcaps' own
    // FileDescriptor and Errno are `package`: were they public, `Errno` in such an app would be
    // ambiguous. (A test that imports swift-system itself would add a package dependency.)
    let swiftSystem: Set = [
      "FileDescriptor", "Errno", "FilePath", "FilePermissions", "SystemString", "SystemChar", "CInterop",
    ]
    let names = try Self.topLevelNames()
    #expect(names.count > 50, "the digest lists the API")
    #expect(names.intersection(swiftSystem).isEmpty)
  }

  @Test("the library's plumbing is not public: the I/O funnel, the JSON parser, threads, the command's own helpers")
  func plumbingIsPackage() throws {
    let plumbing: Set = [
      "FileOutput", "OutputFileError", "ReadAllError", "RegularFileError", "DeviceNodeAccess", "FileSystem",
      "DirectoryEntries", "JSONParser", "PropertyListParser", "JSONKey", "WorkerThread", "nearestCandidate(to:among:)",
      // What only the command's own subcommands use: snapshot, require --list-keys.
      "MachineSnapshot", "SnapshotError", "KeyList", "GPUVendors",
    ]
    #expect(try Self.topLevelNames().intersection(plumbing).isEmpty)
  }

  @Test("what the README and DocC show an app is public: the report's JSON among it")
  func documentedIsPublic() throws {
    let names = try Self.topLevelNames()
    for name in [
      "Device", "MotionManager", "Report", "ReportBuilder", "JSONValue", "JSONValueDecoder", "JSONLine", "ReadError",
      "FileKind",
    ] {
      #expect(names.contains(name), "\(name)")
    }
  }
}
