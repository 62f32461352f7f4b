import Foundation
import TestProcesses
import Testing

/// The top-level Makefile's `make install` and `make uninstall`, staged into a temporary DESTDIR
/// with PREFIX=/usr as a Debian package would. `BINARY=` hands it the debug binary the other tests
/// run, so no release build happens inside the test run.
@Suite("make install and make uninstall")
struct InstallTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// Runs a tool with stdout and stderr together, outside any umockdev testbed.
  static func run(_ path: String, _ arguments: [String], environment extra: [String: String] = [:]) throws -> (
    status: Int32, output: String
  ) {
    var environment = ProcessInfo.processInfo.environment
    for key in environment.keys
    where key == "LD_PRELOAD" || key == "DEVCAPS_ROOT" || key.hasPrefix("UMOCKDEV_")
      || key.hasPrefix("MAKE")
    {
      environment.removeValue(forKey: key)
    }
    for (key, value) in extra { environment[key] = value }
    let run = try ChildProcess.run(
      path, arguments, environment: environment, input: Data(), errors: .output, seconds: 300)
    return (run.status, run.outputText)
  }

  static func make(_ target: String, destdir: URL) throws -> (status: Int32, output: String) {
    try run(
      "/usr/bin/make",
      ["-C", root.path, target, "DESTDIR=\(destdir.path)", "PREFIX=/usr", "BINARY=\(DevCapsProcess.executable.path)"])
  }

  /// Every regular file (and symbolic link) below `directory`, as paths relative to it.
  static func files(below directory: URL) -> Set<String> {
    var found: Set<String> = []
    let base = directory.resolvingSymlinksInPath().path
    guard let walker = FileManager.default.enumerator(atPath: base) else { return found }
    while let relative = walker.nextObject() as? String {
      let attributes = walker.fileAttributes ?? [:]
      if attributes[.type] as? FileAttributeType != .typeDirectory { found.insert(relative) }
    }
    return found
  }

  static func mode(_ url: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
  }

  @Test("installs binary, man page, completions, schemas and units with their modes; uninstall removes them all")
  func installAndUninstall() throws {
    let destdir = FileManager.default.temporaryDirectory.appendingPathComponent("devcaps-install-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: destdir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: destdir) }

    let install = try Self.make("install", destdir: destdir)
    #expect(install.status == 0, "make install:\n\(install.output)")
    #expect(!install.output.contains("swift build"), "make install built again:\n\(install.output)")

    let schemas = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Schemas").path)
      .filter { $0.hasSuffix(".json") }
    let units = try FileManager.default.contentsOfDirectory(
      atPath: Self.root.appendingPathComponent("contrib/systemd").path)
    #expect(!schemas.isEmpty && units.count == 2)
    var expected: [String: Int] = [
      "usr/bin/devcaps": 0o755,
      "usr/share/man/man1/devcaps.1": 0o644,
      "usr/share/bash-completion/completions/devcaps": 0o644,
      "usr/share/zsh/vendor-completions/_devcaps": 0o644,
      "usr/share/fish/vendor_completions.d/devcaps.fish": 0o644,
    ]
    for schema in schemas { expected["usr/share/devcaps/schemas/\(schema)"] = 0o644 }
    for unit in units { expected["usr/lib/systemd/system/\(unit)"] = 0o644 }

    #expect(Self.files(below: destdir) == Set(expected.keys))
    for (path, mode) in expected.sorted(by: { $0.key < $1.key }) {
      let actual = try Self.mode(destdir.appendingPathComponent(path))
      #expect(actual == mode, "\(path): mode \(String(actual, radix: 8))")
    }
    for schema in schemas {
      let installed = try Data(contentsOf: destdir.appendingPathComponent("usr/share/devcaps/schemas/\(schema)"))
      #expect(installed == (try Data(contentsOf: Self.root.appendingPathComponent("Schemas/\(schema)"))), "\(schema)")
    }

    // The man page renders with man-db.
    let manPage = destdir.appendingPathComponent("usr/share/man/man1/devcaps.1").path
    let man = try Self.run("/usr/bin/man", ["-l", manPage], environment: ["MANPAGER": "cat", "MANWIDTH": "80"])
    #expect(man.status == 0, "man -l:\n\(man.output)")
    #expect(man.output.contains("NAME") && man.output.contains("devcaps"), "man -l:\n\(man.output)")

    // The installed binary runs and is the one the tests use.
    let installedVersion = try Self.run(destdir.appendingPathComponent("usr/bin/devcaps").path, ["--version"])
    let version = try DevCapsProcess.run(["--version"])
    #expect(installedVersion.status == 0 && !installedVersion.output.isEmpty, "\(installedVersion.output)")
    #expect(installedVersion.output == version.stdout)

    // The completions are the binary's own, and bash registers the one for devcaps.
    for (shell, path) in [
      ("bash", "usr/share/bash-completion/completions/devcaps"), ("zsh", "usr/share/zsh/vendor-completions/_devcaps"),
      ("fish", "usr/share/fish/vendor_completions.d/devcaps.fish"),
    ] {
      let generated = try DevCapsProcess.run(["--generate-completion-script", shell])
      let installed = try String(contentsOf: destdir.appendingPathComponent(path), encoding: .utf8)
      #expect(generated.status == 0 && !generated.stdout.isEmpty && installed == generated.stdout, "\(shell)")
    }
    let bashCompletion = destdir.appendingPathComponent("usr/share/bash-completion/completions/devcaps").path
    let complete = try Self.run("/bin/bash", ["-c", "source \"$1\" && complete -p devcaps", "bash", bashCompletion])
    #expect(complete.status == 0, "bash:\n\(complete.output)")
    #expect(complete.output.hasPrefix("complete ") && complete.output.hasSuffix(" devcaps\n"), "\(complete.output)")

    // The service runs the binary where PREFIX put it.
    let service = try String(
      contentsOf: destdir.appendingPathComponent("usr/lib/systemd/system/devcaps-textfile.service"), encoding: .utf8)
    #expect(service.contains("\nExecStart=/usr/bin/devcaps export prometheus "))
    #expect(!service.contains("/usr/local/"))

    let uninstall = try Self.make("uninstall", destdir: destdir)
    #expect(uninstall.status == 0, "make uninstall:\n\(uninstall.output)")
    #expect(Self.files(below: destdir).isEmpty, "left behind: \(Self.files(below: destdir).sorted())")
    #expect(!FileManager.default.fileExists(atPath: destdir.appendingPathComponent("usr/share/devcaps").path))
  }
}
