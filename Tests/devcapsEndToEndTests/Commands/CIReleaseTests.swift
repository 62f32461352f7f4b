import Foundation
import TestProcesses
import Testing

/// The release path of the CI templates: .github/workflows/release.yml attaches the binary and its
/// checksum to a tag; scripts/ci/fetch-release.sh downloads them, here from a local HTTP server on
/// 127.0.0.1 (Python's http.server over a directory laid out as the releases are); and
/// scripts/ci/install-devcaps.sh builds from source only when there is no release.
@Suite("CI releases", .serialized)
struct CIReleaseTests {
  static let root = CITemplateTests.root
  static let asset = "devcaps-linux-x86_64"

  /// A directory of releases: v1.2.3 good, v1.2.4 with a checksum of other bytes, v1.2.5 absent.
  final class Releases {
    let directory: URL
    let binary = Data("#!/bin/sh\necho released devcaps\n".utf8)
    private var server: ChildProcess?
    private(set) var url = ""

    init() throws {
      directory = FileManager.default.temporaryDirectory.appendingPathComponent("devcaps-releases-\(UUID())")
      for (tag, checksummed) in [("v1.2.3", binary), ("v1.2.4", Data("other bytes".utf8))] {
        let release = directory.appendingPathComponent(tag)
        try FileManager.default.createDirectory(at: release, withIntermediateDirectories: true)
        try binary.write(to: release.appendingPathComponent(asset))
        let sum = try CITemplateTests.run(
          "/bin/sh", ["-c", "printf %s \"$1\" | sha256sum", "sh", String(decoding: checksummed, as: UTF8.self)])
        let hash = try #require(sum.stdout.split(separator: " ").first)
        try Data("\(hash)  \(asset)\n".utf8).write(to: release.appendingPathComponent(asset + ".sha256"))
      }
      // Port 0: the kernel picks a free one, which the server prints first.
      let script = """
        import functools, http.server, sys
        handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[1])
        server = http.server.HTTPServer(("127.0.0.1", 0), handler)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """
      let server = try ChildProcess("/usr/bin/python3", ["-c", script, directory.path], errors: .null)
      self.server = server
      url = "http://127.0.0.1:" + server.firstLine(seconds: 10).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    deinit {
      if let server {
        server.signal(SIGTERM)
        _ = server.waitOrKill(seconds: 5)
      }
      try? FileManager.default.removeItem(at: directory)
    }
  }

  static func fetch(_ version: String, from releases: Releases, into bin: URL) throws -> DevCapsResult {
    try CITemplateTests.run(
      root.appendingPathComponent("scripts/ci/fetch-release.sh").path, [],
      environment: ["DEVCAPS_VERSION": version, "DEVCAPS_RELEASE_URL": releases.url, "DEVCAPS_BIN_DIR": bin.path])
  }

  @Test("fetch-release.sh: a release whose SHA-256 matches is installed, executable, and its path printed")
  func goodRelease() throws {
    let releases = try Releases()
    let bin = releases.directory.appendingPathComponent("bin")
    let result = try Self.fetch("v1.2.3", from: releases, into: bin)
    #expect(result.status == 0, "\(result.stderr)")
    let installed = bin.appendingPathComponent("devcaps")
    #expect(result.stdout == installed.path + "\n")
    #expect(try Data(contentsOf: installed) == releases.binary)
    #expect(FileManager.default.isExecutableFile(atPath: installed.path))
  }

  @Test("fetch-release.sh: a binary whose SHA-256 is not the release's is refused (exit 1), nothing installed")
  func badChecksum() throws {
    let releases = try Releases()
    let bin = releases.directory.appendingPathComponent("bin")
    let result = try Self.fetch("v1.2.4", from: releases, into: bin)
    #expect(result.status == 1)
    #expect(result.stderr.contains("refusing it"), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: bin.appendingPathComponent("devcaps").path))
  }

  @Test("fetch-release.sh: no release of the tag, or a branch for a tag, is exit 2: build from source")
  func noRelease() throws {
    let releases = try Releases()
    let bin = releases.directory.appendingPathComponent("bin")
    for version in ["v1.2.5", "main", "v1.2", ""] {
      let result = try Self.fetch(version, from: releases, into: bin)
      #expect(result.status == 2, "\(version): \(result.stderr)")
      #expect(!FileManager.default.fileExists(atPath: bin.appendingPathComponent("devcaps").path))
    }
  }

  /// install-devcaps.sh and fetch-release.sh copied beside a build-release.sh that only notes it
  /// ran: which of the two ways install-devcaps.sh takes, without a release build in the test.
  static func install(_ version: String, from releases: Releases) throws -> (DevCapsResult, built: Bool, URL) {
    let checkout = releases.directory.appendingPathComponent("checkout-\(version)")
    let ci = checkout.appendingPathComponent("scripts/ci")
    try FileManager.default.createDirectory(at: ci, withIntermediateDirectories: true)
    for script in ["install-devcaps.sh", "fetch-release.sh"] {
      try FileManager.default.copyItem(
        at: root.appendingPathComponent("scripts/ci/" + script), to: ci.appendingPathComponent(script))
    }
    let build = checkout.appendingPathComponent("scripts/build-release.sh")
    try Data("#!/bin/sh\nmkdir -p .build/release && touch built\n".utf8).write(to: build)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: build.path)
    let result = try CITemplateTests.run(
      ci.appendingPathComponent("install-devcaps.sh").path, [],
      environment: ["DEVCAPS_VERSION": version, "DEVCAPS_RELEASE_URL": releases.url])
    let built = FileManager.default.fileExists(atPath: checkout.appendingPathComponent("built").path)
    return (result, built, checkout.appendingPathComponent(".build/release/devcaps"))
  }

  @Test(
    "install-devcaps.sh: the release's binary at a tag; a build from source when there is none; a bad checksum fails")
  func installChoosesTheWay() throws {
    let releases = try Releases()
    let (released, builtAtTag, binary) = try Self.install("v1.2.3", from: releases)
    #expect(released.status == 0, "\(released.stderr)")
    #expect(!builtAtTag)
    #expect(released.stdout == binary.path + "\n")
    #expect(try Data(contentsOf: binary) == releases.binary)

    let (fallback, builtWithout, _) = try Self.install("v1.2.5", from: releases)
    #expect(fallback.status == 0, "\(fallback.stderr)")
    #expect(builtWithout)
    #expect(fallback.stderr.contains("building devcaps from source"))

    let (refused, builtAfterBadSum, _) = try Self.install("v1.2.4", from: releases)
    #expect(refused.status == 1)
    #expect(!builtAfterBadSum, "a bad checksum must not turn into a build")
  }

  @Test("release.yml: on vX.Y.Z tags, builds with scripts/build-release.sh and attaches what fetch-release.sh fetches")
  func releaseWorkflow() throws {
    let workflow = try CITemplateTests.yaml(Self.root.appendingPathComponent(".github/workflows/release.yml"))
    // YAML 1.1 reads the key `on` as true.
    let trigger = try #require((workflow["on"] ?? workflow["true"]) as? [String: Any])
    let tags = try #require((trigger["push"] as? [String: Any])?["tags"] as? [String])
    #expect(tags == ["v[0-9]+.[0-9]+.[0-9]+"])
    let text = try String(
      contentsOf: Self.root.appendingPathComponent(".github/workflows/release.yml"), encoding: .utf8)
    #expect(text.contains("run: scripts/build-release.sh"))
    #expect(text.contains("sha256sum \(Self.asset) >\(Self.asset).sha256"))
    #expect(text.contains("dist/\(Self.asset) dist/\(Self.asset).sha256"))
    let action = try String(contentsOf: CITemplateTests.action, encoding: .utf8)
    #expect(action.contains("DEVCAPS_VERSION: ${{ github.action_ref }}"))
    #expect(
      action.contains("DEVCAPS_RELEASE_URL: ${{ github.server_url }}/${{ github.action_repository }}/releases/download")
    )
    let gitlab = try CITemplateTests.gitlabTemplate()
    let variables = try #require(gitlab["variables"] as? [String: Any])
    #expect(variables["DEVCAPS_VERSION"] as? String == "$DEVCAPS_REF")
    #expect((variables["DEVCAPS_RELEASE_URL"] as? String)?.hasSuffix("/releases/download") == true)
  }
}
