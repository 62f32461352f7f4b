import Foundation
import TestProcesses
import Testing

/// `gpu` with a vendor and `pci-device`, judged by the pci section of fixture machines whose PCI
/// devices are copied from real ones, live and against each machine's own saved report.
@Suite("devcaps require: GPU vendors and PCI devices", .serialized)
struct RequireGPUTests {
  func require(_ manifest: String, machine: String, against: Bool = false, only: String? = nil) throws -> DevCapsResult
  {
    try FixtureRequire.run(manifest, machine: machine, against: against, only: only)
  }

  func verdict(_ result: DevCapsResult) throws -> (Bool, String, String) { try FixtureRequire.verdict(result) }

  @Test(
    "a vendor or a list holds when a display controller or render node of any of them is there, live and saved alike",
    arguments: [
      ("thinkpad-laptop", #"{"gpu": "intel"}"#, true, "0000:00:02.0 (8086:9a49, i915)"),
      ("thinkpad-laptop", #"{"gpu": ["nvidia", "amd"]}"#, false, "found: intel 0000:00:02.0 (8086:9a49, i915)"),
      ("qemu-vm", #"{"gpu": "nvidia"}"#, true, "0000:00:04.0 (10de:1eb8, nvidia)"),
      ("qemu-vm", #"{"gpu": ["amd", "NVIDIA"]}"#, true, "0000:00:04.0 (10de:1eb8, nvidia)"),
      ("yoga-convertible", #"{"gpu": ["nvidia", "amd"]}"#, true, "0000:03:00.0 (1002:1636, amdgpu)"),
      ("pinephone", #"{"gpu": "arm"}"#, true, "renderD128 (lima)"),
      ("docker-container", #"{"gpu": "intel"}"#, false, "found: no GPU"),
      ("qemu-vm", #"{"pci-device": ["10de:*", "8086:56a0"]}"#, true, "0000:00:04.0 (10de:1eb8, nvidia, 10de:*)"),
      ("thinkpad-laptop", #"{"pci-device": "8086:A0F0"}"#, true, "0000:00:14.3 (8086:a0f0, iwlwifi, 8086:a0f0)"),
      ("thinkpad-laptop", #"{"pci-device": ["10de:*"]}"#, false, "found: 2 PCI devices, none of them"),
    ])
  func vendors(machine: String, manifest: String, met: Bool, finding: String) throws {
    for against in [false, true] {
      let result = try require(manifest, machine: machine, against: against)
      #expect(result.status == (met ? 0 : 1), "\(machine) \(manifest) against=\(against): \(result.stderr)")
      let (satisfied, _, found) = try verdict(result)
      #expect(satisfied == met)
      #expect(found.contains(finding), "\(machine) \(manifest) against=\(against): \(found)")
    }
  }

  @Test("a saved report without its pci section cannot answer: unknown, never met, with the reason")
  func savedWithoutPCI() throws {
    for manifest in [#"{"gpu": "intel"}"#, #"{"pci-device": ["8086:*"]}"#] {
      let result = try require(manifest, machine: "thinkpad-laptop", against: true, only: "memory")
      #expect(result.status == 1)
      let (satisfied, _, finding) = try verdict(result)
      #expect(!satisfied)
      #expect(finding.contains("the report has no pci section"), "\(finding)")
    }
  }

  @Test(
    "a saved report with PCI devices but no render nodes (gpus) holds a vendor found on PCI; one not found is unknown, so none-of cannot pass on it"
  )
  func savedWithoutRenderNodes() throws {
    let intel = try require(#"{"gpu": "intel"}"#, machine: "thinkpad-laptop", against: true, only: "pci")
    #expect(intel.status == 0, "\(intel.stderr)")
    for (manifest, finding) in [
      (#"{"gpu": "arm"}"#, "arm not on PCI, and the report has no gpus section"),
      (#"{"none-of": [{"gpu": ["arm"]}]}"#, "manifest 1 could not be judged"),
    ] {
      let result = try require(manifest, machine: "pinephone", against: true, only: "pci")
      #expect(result.status == 1, "\(manifest): \(result.stdout)")
      let (satisfied, _, found) = try verdict(result)
      #expect(!satisfied)
      #expect(found.contains(finding), "\(manifest): \(found)")
      let outcome = try #require(try result.json() as? [String: Any] ?? (try result.json() as? [[String: Any]])?.first)
      #expect(outcome["missingSections"] as? [String] == ["gpus"], "\(manifest): \(result.stdout)")
    }
  }

  @Test(
    "a GPU vendor outside the set, or a PCI ID that is not one, is an invalid manifest (65) with a did-you-mean",
    arguments: [
      (#"{"gpu": "nvdia"}"#, "'gpu': 'nvdia' is not a GPU vendor; did you mean 'nvidia'? vendors are nvidia, amd"),
      (#"{"gpu": ["amd", "intle"]}"#, "'gpu': 'intle' is not a GPU vendor; did you mean 'intel'?"),
      (
        #"{"gpu": []}"#,
        "'gpu' names nothing: an empty list requires nothing; name at least one, such as [\"nvidia\", \"amd\"]"
      ),
      (#"{"pci-device": ["10de"]}"#, "'pci-device': '10de' is not a PCI ID; write vendor:device in hex"),
      (#"{"pci-device": ["10de:*", "xyzw:1234"]}"#, "'xyzw:1234' is not a PCI ID"),
      (#"["pci-device"]"#, "'pci-device' needs a list of names"),
    ])
  func invalid(manifest: String, message: String) throws {
    let result = try require(manifest, machine: "thinkpad-laptop")
    #expect(result.status == 65)
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }
}
