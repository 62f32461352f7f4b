import Testing

@testable import DevCapsKit

/// How the CI gate's keys are judged, on a saved report (where every fact is set by hand) and on
/// a root of files.
@Suite("Requirements: the CI gate's keys")
struct GateEvaluationTests {
  func judge(_ manifest: String, on report: Report) throws -> RequirementResult {
    RequirementEvaluator(report: report).evaluate(try Manifest.parse(Array(manifest.utf8)))[0]
  }

  func system(id: String?, like: [String]?, version: String = "12.11", kernel: String = "6.1.0-13-amd64") -> Report {
    var report = Report(sections: [.system])
    report.system = SystemInfo(version: "12", fullVersion: version, id: id, idLike: like, kernel: kernel)
    return report
  }

  @Test(
    "== and != compare the parts written, ordering part by part with missing parts as 0",
    arguments: [
      ("== 12", true), ("!= 12", false), ("== 12.11", true), ("== 12.1", false), ("!= 13", true), (">= 12.5", true),
      (">= 12.12", false), ("> 12", true), ("< 13", true), ("<= 12.11.0", true), ("== 12.11.0", true),
    ])
  func osVersion(constraint: String, holds: Bool) throws {
    let result = try judge(#"{"os-version": "\#(constraint)"}"#, on: system(id: "debian", like: []))
    #expect(result.satisfied == holds)
  }

  @Test("kernel follows the same rule: == 6 and == 6.1 hold on 6.1.0-13-amd64, == 6.2 not")
  func kernel() throws {
    let report = system(id: "debian", like: [])
    #expect(try judge(#"{"kernel": "== 6"}"#, on: report).satisfied)
    #expect(try judge(#"{"kernel": "== 6.1"}"#, on: report).satisfied)
    #expect(!(try judge(#"{"kernel": "== 6.2"}"#, on: report).satisfied))
    #expect(!(try judge(#"{"kernel": "!= 6"}"#, on: report).satisfied))
  }

  @Test("os is the ID; os-like the ID or any ID_LIKE; a report saved without ID_LIKE leaves os-like unknown")
  func os() throws {
    let ubuntu = system(id: "ubuntu", like: ["debian"])
    #expect(try judge(#"{"os": ["fedora", "ubuntu"]}"#, on: ubuntu).satisfied)
    #expect(!(try judge(#"{"os": "debian"}"#, on: ubuntu).satisfied))
    let like = try judge(#"{"os-like": "debian"}"#, on: ubuntu)
    #expect(like.satisfied)
    #expect(like.finding == .named("ubuntu (like debian)"))
    #expect(like.actual == .strings(["ubuntu", "debian"]))
    let old = try judge(#"{"os-like": "debian"}"#, on: system(id: "ubuntu", like: nil))
    #expect(!old.satisfied)
    #expect(old.isUnknown)
  }

  func machine(_ innermost: String?, _ kind: VirtualizationKind?, hypervisor: String?) -> Report {
    var report = Report(sections: [.device])
    report.device = DeviceInfo(virtualization: innermost, virtualizationKind: kind, hypervisor: hypervisor)
    return report
  }

  @Test("virtualization holds when any layer matches; none only with no layer")
  func virtualization() throws {
    let dockerInKVM = machine("docker", .container, hypervisor: "kvm")
    for name in ["docker", "kvm", "vm", "container"] {
      #expect(try judge(#"{"virtualization": "\#(name)"}"#, on: dockerInKVM).satisfied, "\(name)")
    }
    #expect(!(try judge(#"{"virtualization": "none"}"#, on: dockerInKVM).satisfied))
    #expect(!(try judge(#"{"virtualization": ["qemu", "podman"]}"#, on: dockerInKVM).satisfied))
    #expect(try judge(#"{"virtualization": "none"}"#, on: dockerInKVM).finding == .named("docker in kvm"))
    let bare = machine(nil, nil, hypervisor: nil)
    #expect(try judge(#"{"virtualization": "none"}"#, on: bare).satisfied)
    #expect(!(try judge(#"{"virtualization": ["vm", "container"]}"#, on: bare).satisfied))
    let kvm = machine("kvm", .vm, hypervisor: "kvm")
    #expect(try judge(#"{"virtualization": "vm"}"#, on: kvm).satisfied)
    #expect(!(try judge(#"{"virtualization": "container"}"#, on: kvm).satisfied))
    #expect(try judge(#"{"virtualization": "kvm"}"#, on: kvm).actual == .strings(["kvm"]))
  }

  @Test("a saved report answers disk keys at its mount points only: any other path is unknown, not judged by /")
  func savedDiskPaths() throws {
    var report = Report(sections: [.disks])
    report.disks = [DiskInfo(path: "/", totalBytes: 100 << 30, availableBytes: 50 << 30)]
    #expect(try judge(#"{"disk-free": ">= 1 GiB"}"#, on: report).satisfied)
    #expect(try judge(#"{"disk-free:/": ">= 1 GiB"}"#, on: report).satisfied)
    for key in ["disk-free:/run/user/1000", "disk-total:/dev/shm", "disk-free:/nonexistent/path"] {
      let result = try judge(#"{"\#(key)": ">= 1 KiB"}"#, on: report)
      #expect(!result.satisfied, "\(key)")
      #expect(result.isUnknown, "\(key)")
      #expect(result.finding.description.contains("not a mount point of the report"), "\(result.finding)")
    }
  }

  @Test("of two mounts at one path in a saved report, the later is judged: an overmount hides the one before")
  func savedOvermount() throws {
    var report = Report(sections: [.disks])
    report.disks = [
      DiskInfo(path: "/", totalBytes: 100 << 30, availableBytes: 50 << 30),
      DiskInfo(path: "/", totalBytes: 100 << 30, availableBytes: 1),
    ]
    let result = try judge(#"{"disk-free:/": ">= 1 GiB"}"#, on: report)
    #expect(!result.satisfied)
    #expect(!result.isUnknown)
  }

  @Test("device-node is unknown on a saved report: only the machine itself can tell")
  func savedDeviceNode() throws {
    let result = try judge(#"{"device-node:/dev/null": true}"#, on: Report(sections: []))
    #expect(!result.satisfied)
    #expect(result.isUnknown)
    #expect(!(try judge(#"{"device-node:/dev/null": false}"#, on: Report(sections: []))).satisfied)
  }

  func memory(available: UInt64, limit: UInt64?, headroom: UInt64?) -> Report {
    var report = Report(sections: [.memory])
    report.memory = MemoryInfo(
      totalBytes: 16 << 30, availableBytes: available, limitBytes: limit, cgroupAvailableBytes: headroom)
    return report
  }

  @Test("memory-available is the lower of MemAvailable and what the cgroup leaves; memory-limit the limit")
  func memoryAvailable() throws {
    let boxed = memory(available: 12 << 30, limit: 512 << 20, headroom: 300 << 20)
    let result = try judge(#"{"memory-available": ">= 4 GiB"}"#, on: boxed)
    #expect(!result.satisfied)
    #expect(result.finding == .bytes(300 << 20, what: "left below the cgroup limit"))
    #expect(try judge(#"{"memory-limit": "== 512 MiB"}"#, on: boxed).satisfied)
    #expect(try judge(#"{"available-memory": "== 512 MiB"}"#, on: boxed).satisfied)
    let free = memory(available: 12 << 30, limit: nil, headroom: nil)
    #expect(try judge(#"{"memory-available": ">= 4 GiB"}"#, on: free).satisfied)
    // A report with a limit but saved before the headroom was measured cannot answer.
    #expect(
      try judge(#"{"memory-available": ">= 1 B"}"#, on: memory(available: 1 << 30, limit: 1 << 20, headroom: nil))
        .isUnknown)
  }

  @Test("available-cores compares the fractional count and names what decided it; old reports the integer")
  func fractionalCores() throws {
    var report = Report(sections: [.cpu])
    report.cpu = CPUInfo(availableCores: 2, availableCoresFraction: 1.5, availableCoresDecidedBy: "quota")
    let unmet = try judge(#"{"available-cores": ">= 2"}"#, on: report)
    #expect(!unmet.satisfied)
    #expect(unmet.finding.description == "1.5 CPUs (quota)")
    #expect(unmet.actual == .number(1.5))
    #expect(try judge(#"{"available-cores": ">= 1.5"}"#, on: report).satisfied)
    report.cpu = CPUInfo(availableCores: 2)
    #expect(try judge(#"{"available-cores": ">= 2"}"#, on: report).satisfied)
  }

  @Test("any-of holds when one manifest holds; none-of when each has a requirement known not to hold")
  func groups() throws {
    var report = Report(sections: [.memory, .capabilities])
    report.memory = MemoryInfo(totalBytes: 8 << 30)
    report.capabilities = [CapabilityResult(key: "gpu", present: false)]
    let anyOf = try judge(#"{"any-of": [["gpu"], {"memory": ">= 4 GiB"}]}"#, on: report)
    #expect(anyOf.satisfied)
    #expect(anyOf.finding == .summary("manifest 2 holds"))
    #expect(anyOf.children.map(\.key) == ["manifest 1", "manifest 2"])
    #expect(anyOf.children[0].children.map(\.key) == ["gpu"])
    #expect(!(try judge(#"{"any-of": [["gpu"], {"memory": ">= 16 GiB"}]}"#, on: report)).satisfied)
    #expect(try judge(#"{"none-of": [["gpu"], {"memory": ">= 16 GiB"}]}"#, on: report).satisfied)
    let noneOf = try judge(#"{"none-of": [["gpu"], {"memory": ">= 4 GiB"}]}"#, on: report)
    #expect(!noneOf.satisfied)
    #expect(noneOf.finding == .summary("manifest 2 holds"))
    // A manifest that cannot be judged (no cpu section) decides neither way: unknown, not met.
    let undecided = try judge(#"{"none-of": [{"cpu-cores": ">= 64"}]}"#, on: report)
    #expect(!undecided.satisfied)
    #expect(undecided.isUnknown)
    #expect(!(try judge(#"{"any-of": [{"cpu-cores": ">= 1"}]}"#, on: report)).satisfied)
    // Nested: any-of inside none-of.
    let nested = try judge(#"{"none-of": [{"any-of": [["gpu"], {"memory": ">= 4 GiB"}]}]}"#, on: report)
    #expect(!nested.satisfied)
    #expect(nested.children[0].children[0].children.count == 2)
  }
}
