import Foundation
import Testing

/// A saved report is judged exactly as the machine it was saved on: on every fixture machine,
/// `require M` and `require M --against <that machine's list --json>` give the same verdict and
/// the same findings, for every key of `require --list-keys` and a set of manifests. Keys only
/// the machine itself can answer (device-node) are unknown, never met, on the report; so is a
/// requirement the report cannot answer (a path that is not one of its mount points), wherever
/// the machine could not answer it either.
@Suite("devcaps require: a saved report judged as the live machine", .serialized)
struct RequireEquivalenceTests {
  /// Keys only a live machine can answer.
  static let liveOnly: Set<String> = ["device-node"]

  /// A value for each kind of key `--list-keys` names: a constraint that may hold, and one that
  /// does not.
  static let samples: [String: (holds: String, fails: String)] = [
    "true/false": ("true", "false"), "bytes": (#"">= 1 B""#, #""<= 1 B""#), "count": (#"">= 1""#, #"">= 4096""#),
    "CPUs": (#"">= 0.5""#, #"">= 4096""#), "hertz": (#"">= 1 Hz""#, #"">= 100 GHz""#),
    "level": (#"">= 1%""#, #""> 100%""#),
    "version": (#"">= 1""#, #""== 99""#), "x86-64 level": (#"">= x86-64-v1""#, #"">= x86-64-v4""#),
    "thermal state": (#""<= critical""#, #""< nominal""#), "list of names": (#"["fpu"]"#, #"["avx512_fp16"]"#),
  ]

  /// Name keys: one value that may hold, one that does not.
  static let names: [String: (holds: String, fails: String)] = [
    "os": (#"["debian", "ubuntu", "postmarketos", "fedora"]"#, #""gentoo""#),
    "os-like": (#""debian""#, #"["arch", "suse"]"#), "virtualization": (#"["none", "vm"]"#, #""container""#),
    "network": (#""loopback""#, #""wwan""#), "storage": (#""ssd""#, #"["nvme", "hdd"]"#),
    "gpu": (#"["intel", "amd", "nvidia"]"#, #""vmware""#), "pci-device": (#"["8086:*", "10de:1eb8"]"#, #""ffff:0001""#),
    "usb-device": (#"["046d:c52b", "2c7c:*"]"#, #""ffff:0001""#),
  ]

  /// The catalog as `--list-keys` prints it: key and value columns, two spaces or more apart.
  static func listedKeys() throws -> [(key: String, value: String)] {
    let listing = try DevCapsProcess.run(["require", "--list-keys"])
    return listing.stdout.split(separator: "\n").map { line in
      let columns = line.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { !$0.isEmpty }
      return (columns[0], columns[1])
    }
  }

  /// Manifests naming every listed key, with values that hold and values that fail, and the
  /// paths and groups a gate writes.
  static func manifests() throws -> [String] {
    var holding: [String] = []
    var failing: [String] = []
    for (written, value) in try listedKeys() {
      var key = written.replacingOccurrences(of: "[:PATH]", with: "")
      key = key.replacingOccurrences(of: ":PATH", with: ":/dev/null")
      if value == "list of manifests" { continue }
      guard let sample = names[key] ?? samples[value] else {
        Issue.record("no sample value for \(written) (\(value)): add one to RequireEquivalenceTests")
        continue
      }
      holding.append("\"\(key)\": \(sample.holds)")
      failing.append("\"\(key)\": \(sample.fails)")
    }
    return [
      "{" + holding.joined(separator: ", ") + "}", "{" + failing.joined(separator: ", ") + "}",
      #"{"disk-free:/": ">= 1 B", "disk-total:/dev/shm": ">= 1 GiB", "disk-free:/run/user/1000": ">= 1 GiB", "disk-free:/nonexistent/path": ">= 1 KiB", "device-node:/nonexistent": false}"#,
      #"{"any-of": [["gpu", "battery"], {"memory": ">= 1 GiB", "os-like": "debian"}], "none-of": [{"cpu-cores": ">= 4096"}, {"any-of": [["touchscreen"], {"virtualization": "container"}]}]}"#,
      #"{"none-of": [{"os": "debian"}], "any-of": [{"thermal-state": "> critical"}, {"kernel": "== 2"}]}"#,
    ]
  }

  /// One result and its children as `key: verdict detail`, with the byte counts of statvfs (which
  /// change between two runs on a machine in use) left out.
  static func rows(_ results: [[String: Any]], depth: Int = 0) -> [(key: String, satisfied: Bool, detail: String)] {
    results.flatMap { result -> [(key: String, satisfied: Bool, detail: String)] in
      let key = String(repeating: "  ", count: depth) + (result["key"] as? String ?? "?")
      var detail = result["detail"] as? String ?? "?"
      if key.contains("disk-") {
        detail = detail.replacingOccurrences(of: #"[0-9.]+ [KMGT]?i?B"#, with: "#", options: .regularExpression)
      }
      return [(key, result["satisfied"] as? Bool ?? false, detail)]
        + rows(result["children"] as? [[String: Any]] ?? [], depth: depth + 1)
    }
  }

  @Test(
    "every key and manifest: the same verdict and findings live and --against the machine's own report",
    arguments: FixtureMachine.all)
  func equivalent(machine: String) throws {
    let testbed = try FixtureMachine(name: machine).load()
    let report = FileManager.default.temporaryDirectory.appendingPathComponent("equivalence-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: report) }
    let listed = try DevCapsProcess.run(["list", "--json"], environment: testbed.environment)
    try listed.stdout.write(to: report, atomically: true, encoding: .utf8)
    for manifest in try Self.manifests() {
      let live = try DevCapsProcess.run(
        ["require", "-", "--format", "json"], environment: testbed.environment, stdin: Data(manifest.utf8))
      let saved = try DevCapsProcess.run(
        ["require", "-", "--format", "json", "--against", report.path], environment: testbed.environment,
        stdin: Data(manifest.utf8))
      #expect([0, 1].contains(live.status), "\(machine): \(live.stderr)")
      let liveRows = Self.rows(try #require((try live.json() as? [String: Any])?["results"] as? [[String: Any]]))
      let savedRows = Self.rows(
        try #require(((try saved.json() as? [[String: Any]])?.first)?["results"] as? [[String: Any]]))
      #expect(liveRows.count == savedRows.count, "\(machine): \(manifest)")
      for (live, saved) in zip(liveRows, savedRows) {
        #expect(live.key == saved.key)
        let base = live.key.trimmingCharacters(in: .whitespaces).split(separator: ":").first.map(String.init) ?? ""
        if Self.liveOnly.contains(base) {
          #expect(saved.detail.hasPrefix("unknown: ") && !saved.satisfied, "\(machine) \(live.key): \(saved.detail)")
          continue
        }
        #expect(live.satisfied == saved.satisfied, "\(machine) \(live.key): live \(live.detail), saved \(saved.detail)")
        if live.detail.hasPrefix("unknown: ") {
          #expect(
            saved.detail.hasPrefix("unknown: "), "\(machine) \(live.key): live \(live.detail), saved \(saved.detail)")
        } else {
          #expect(live.detail == saved.detail, "\(machine) \(live.key)")
        }
      }
    }
  }
}
