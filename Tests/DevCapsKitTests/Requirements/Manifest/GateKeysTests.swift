import Testing

@testable import DevCapsKit

/// The keys CI gates are written with: os, os-like, virtualization, device-node, any-of and
/// none-of, closed sets of names, and the old name of memory-limit.
@Suite("Manifests: the keys CI gates use")
struct GateKeysTests {
  func parse(_ text: String) throws -> Manifest { try Manifest.parse(Array(text.utf8)) }

  func problem(_ text: String) -> String? {
    do throws(ManifestError) {
      _ = try Manifest.parse(Array(text.utf8))
      return nil
    } catch {
      return error.description
    }
  }

  @Test("os, os-like and virtualization take a name or a list; any os-release ID is valid")
  func nameKeys() throws {
    let manifest = try parse(
      #"{"os": "debian", "os-like": ["debian", "rhel"], "virtualization": ["none", "kvm"], "os-version": "== 12"}"#)
    #expect(manifest.requirements[0].expectation == .anyName(["debian"]))
    #expect(manifest.requirements[1].expectation == .anyName(["debian", "rhel"]))
    #expect(manifest.requirements[2].expectation == .anyName(["none", "kvm"]))
    #expect(manifest.requirements[1].expectedText == "debian or rhel")
    #expect(try parse(#"{"os": "my-own-distro"}"#).requirements.count == 1)
  }

  @Test(
    "a name outside a closed set is an invalid manifest with the nearest name",
    arguments: [
      (#"{"network": "ethernt"}"#, "'network': 'ethernt' is not one of its names; did you mean 'ethernet'?"),
      (#"{"storage": ["nvmee"]}"#, "'storage': 'nvmee' is not one of its names; did you mean 'nvme'?"),
      (#"{"virtualization": "vmwar"}"#, "'virtualization': 'vmwar' is not one of its names; did you mean 'vmware'?"),
      (#"{"any-of": [{"virtualization": "dockr"}]}"#, "did you mean 'docker'?"),
    ])
  func closedSets(text: String, message: String) {
    #expect(problem(text)?.contains(message) == true, "\(problem(text) ?? "no error")")
  }

  @Test("CPU features stay an open set: an unknown flag parses (and is judged unmet with its hint)")
  func openFeatures() throws {
    #expect(try parse(#"{"cpu-features": ["avx9000"]}"#).requirements.count == 1)
  }

  @Test(
    "an unknown key names the nearest keys by meaning as well as by spelling",
    arguments: [
      ("kvm", "did you mean 'device-node:/dev/kvm' or 'virtualization'?"),
      ("hypervisor", "did you mean 'virtualization'?"),
      ("distro", "did you mean 'os' or 'os-like'?"),
      ("nproc", "did you mean 'available-cores'?"),
      ("memroy", "did you mean 'memory'?"),
      ("gyro", "did you mean 'gyroscope'?"),
      ("compass", "did you mean 'magnetometer'?"),
      ("aarch64", "did you mean 'arm64'?"),
      ("webcam", "did you mean 'video-camera' or 'front-facing-camera'?"),
    ])
  func nearestByMeaning(key: String, message: String) {
    #expect(problem(#"{"\#(key)": true}"#)?.contains(message) == true, "\(problem(#"{"\#(key)": true}"#) ?? "")")
  }

  @Test("every key a meaning points to is a known key, and no meaning is a known key itself")
  func meaningsPointAtKeys() {
    for (word, keys) in ManifestKeys.meanings {
      #expect(!ManifestKeys.all.contains(word), "\(word) is a key")
      for key in keys {
        let base = key.split(separator: ":", maxSplits: 1).first.map(String.init) ?? key
        #expect(ManifestKeys.all.contains(base), "\(word) → \(key)")
      }
    }
  }

  @Test("device-node takes a path, true or false; without a path it is invalid")
  func deviceNode() throws {
    let requirement = try parse(#"{"device-node:/dev/kvm": true}"#).requirements[0]
    #expect(requirement.baseKey == "device-node")
    #expect(requirement.path == "/dev/kvm")
    #expect(requirement.expectation == .required)
    #expect(try parse(#"["device-node:/dev/fuse"]"#).requirements[0].path == "/dev/fuse")
    #expect(problem(#"{"device-node": true}"#)?.contains("needs the device's path after a colon") == true)
    #expect(problem(#"{"device-node:dev/kvm": true}"#)?.contains("must be absolute") == true)
    #expect(problem(#"{"device-node:/dev/kvm": ">= 1"}"#)?.contains("takes true (required) or false") == true)
  }

  @Test("any-of and none-of take manifests in either form, nested; empty or scalar ones are invalid")
  func groups() throws {
    let manifest = try parse(
      #"{"any-of": [["gpu"], {"memory": ">= 8 GiB", "none-of": [{"virtualization": "container"}]}]}"#)
    guard case .anyOf(let manifests) = manifest.requirements[0].expectation else {
      Issue.record("not any-of: \(manifest.requirements[0].expectation)")
      return
    }
    #expect(manifests.count == 2)
    #expect(manifests[0].map(\.key) == ["gpu"])
    #expect(manifests[1].map(\.key) == ["memory", "none-of"])
    #expect(manifest.requirements[0].expectedText == "any of 2")
    #expect(RequirementEvaluator.sectionsNeeded(by: manifest) == [.device, .memory, .capabilities])
    #expect(problem(#"{"any-of": []}"#)?.contains("'any-of' names nothing: an empty list of manifests") == true)
    #expect(problem(#"{"none-of": [true]}"#)?.contains("is true, not a manifest") == true)
    #expect(problem(#"{"any-of": [{}]}"#)?.contains("manifest 1 of 'any-of' is empty") == true)
    #expect(problem(#"{"any-of": [{"memroy": ">= 1 GiB"}]}"#)?.contains("'any-of', manifest 1: 'memroy'") == true)
    #expect(problem(#"["any-of"]"#)?.contains("takes a list of manifests") == true)
  }

  @Test("available-memory is still read, as memory-limit")
  func alias() throws {
    let requirement = try parse(#"{"available-memory": ">= 1 GiB"}"#).requirements[0]
    #expect(requirement.key == "available-memory")
    #expect(requirement.baseKey == "memory-limit")
  }

  @Test("available-cores takes a fractional count; cpu-cores still a whole one")
  func fractionalCores() throws {
    guard case .constraint(let constraint) = try parse(#"{"available-cores": ">= 1.5"}"#).requirements[0].expectation
    else {
      Issue.record("not a constraint")
      return
    }
    #expect(constraint.value == .number(1.5))
    #expect(problem(#"{"cpu-cores": ">= 1.5"}"#)?.contains("must be a whole number") == true)
    #expect(problem(#"{"available-cores": ">= 2 GHz"}"#)?.contains("takes no unit") == true)
  }

  @Test("every key a manifest may name has a line in --list-keys, with a value and a meaning")
  func everyKeyListed() {
    let listed = Set(KeyList.entries.map { $0.key.split(separator: ":").first.map(String.init) ?? $0.key })
      .union(KeyList.entries.map { String($0.key.prefix { $0 != "[" }) })
    for key in ManifestKeys.all { #expect(listed.contains(key), "\(key) is not in KeyList") }
    for entry in KeyList.entries {
      #expect(!entry.value.isEmpty && !entry.meaning.isEmpty, "\(entry.key)")
      #expect(!entry.meaning.contains("  "), "\(entry.key): two spaces would split the column")
    }
    #expect(KeyList.entries.contains { $0.key == "thermal-state" })
  }
}
