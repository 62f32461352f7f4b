import Foundation
import TestProcesses
import Testing

@testable import DevCapsKit

@Suite("Network interfaces and disks")
struct NetworkStorageTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/net-block/root").path

  @Test("each interface's kind, state, speed and MTU; no MAC unless asked")
  func interfaces() {
    let context = ProbeContext(root: SystemRoot(Self.root))
    let interfaces = NetworkProbe(context: context, includeMACAddresses: false).probe()
    #expect(
      interfaces == [
        NetworkInterfaceInfo(name: "br0", kind: "bridge", operstate: "up", mtu: 1500),
        NetworkInterfaceInfo(name: "docker0", kind: "bridge", operstate: "down", mtu: 1500),
        NetworkInterfaceInfo(name: "enp3s0", kind: "ethernet", operstate: "up", speedMbps: 1000, mtu: 1500),
        NetworkInterfaceInfo(name: "enp4s0", kind: "ethernet", operstate: "down", mtu: 1500),
        NetworkInterfaceInfo(name: "lo", kind: "loopback", operstate: "unknown", mtu: 65536),
        NetworkInterfaceInfo(name: "veth3f2a1b0", kind: "virtual", operstate: "up", mtu: 1500),
        NetworkInterfaceInfo(name: "wlp2s0", kind: "wifi", operstate: "up", mtu: 1500),
        NetworkInterfaceInfo(name: "wwan0", kind: "wwan", operstate: "down", mtu: 1500),
      ])
    #expect(context.diagnostics.entries.isEmpty)
    let withMAC = NetworkProbe(context: context, includeMACAddresses: true).probe()
    #expect(withMAC.first { $0.name == "enp3s0" }?.macAddress == "52:54:00:12:34:06")
  }

  @Test("whole disks with their transport; partitions, loop and zram left out")
  func disks() {
    let context = ProbeContext(root: SystemRoot(Self.root))
    #expect(
      StorageProbe(context: context).probe() == [
        StorageDeviceInfo(
          name: "mmcblk0", model: "SC64G", sizeBytes: 124_735_488 * 512, rotational: false, removable: false,
          transport: "mmc"),
        StorageDeviceInfo(
          name: "nvme0n1", model: "Samsung SSD 980 PRO 1TB", sizeBytes: 1_000_215_216 * 512, rotational: false,
          removable: false, transport: "nvme"),
        StorageDeviceInfo(
          name: "sda", model: "ST2000DM008-2FR1", sizeBytes: 3_907_029_168 * 512, rotational: true, removable: false,
          transport: "sata"),
        StorageDeviceInfo(
          name: "sdb", model: "Flash Drive FIT", sizeBytes: 60_063_744 * 512, rotational: true, removable: true,
          transport: "usb"),
        StorageDeviceInfo(
          name: "vda", sizeBytes: 536_870_912 * 512, rotational: true, removable: false, transport: "virtio"),
      ])
    #expect(context.diagnostics.entries.isEmpty)
  }

  @Test("loop and zram devices only when asked (list --all-block-devices), without a transport")
  func virtualBlockDevices() {
    let context = ProbeContext(root: SystemRoot(Self.root))
    let all = StorageProbe(context: context, includeVirtual: true).probe()
    #expect(all.map(\.name) == ["loop0", "mmcblk0", "nvme0n1", "sda", "sdb", "vda", "zram0"])
    #expect(
      all.first == StorageDeviceInfo(name: "loop0", sizeBytes: 0, rotational: false, removable: false, transport: nil))
    #expect(
      all.last
        == StorageDeviceInfo(
          name: "zram0", sizeBytes: 8_388_608 * 512, rotational: false, removable: false, transport: nil))
    #expect(context.diagnostics.entries.isEmpty)
    var builder = ReportBuilder(context: ProbeContext(root: SystemRoot(Self.root)))
    #expect(builder.build(sections: [.storage]).storage?.count == 5)
    builder.includeVirtualBlockDevices = true
    #expect(builder.build(sections: [.storage]).storage?.count == 7)
  }

  @Test("network and storage requirements name kinds, transports, ssd and hdd")
  func requirements() throws {
    let manifest = try Manifest.parse(Array(#"{"network": "wifi", "storage": ["nvme", "ssd", "usb"]}"#.utf8))
    let results = RequirementEvaluator(context: ProbeContext(root: SystemRoot(Self.root))).evaluate(manifest)
    #expect(results.map(\.satisfied) == [true, true])
    let missing = try Manifest.parse(Array(#"{"network": ["wwan", "bond"]}"#.utf8))
    let unmet = RequirementEvaluator(context: ProbeContext(root: SystemRoot(Self.root))).evaluate(missing)[0]
    #expect(!unmet.satisfied)
    #expect(unmet.actual == .strings(["wwan"]))
  }

  @Test("garbage in flag files is reported")
  func garbage() throws {
    let root = try TemporaryRoot([
      "/sys/block/sda/removable": "7\n", "/sys/block/sda/queue/rotational": "x\n", "/sys/block/sda/size": "-1\n",
    ])
    let context = root.context
    #expect(StorageProbe(context: context).probe() == [StorageDeviceInfo(name: "sda", transport: "scsi")])
    #expect(context.diagnostics.entries.count == 2)
  }

  static let ip = ["/usr/sbin/ip", "/sbin/ip", "/usr/bin/ip"].first { FileManager.default.isExecutableFile(atPath: $0) }
  static let lsblk = ["/usr/bin/lsblk", "/bin/lsblk"].first { FileManager.default.isExecutableFile(atPath: $0) }

  @Test("this machine: the interfaces, MTUs and states of ip -j link", .enabled(if: ip != nil))
  func liveIP() throws {
    let run = try ChildProcess.run(Self.ip!, ["-j", "link"])
    let links = try JSONSerialization.jsonObject(with: run.output) as? [[String: Any]] ?? []
    let interfaces = NetworkProbe(context: ProbeContext(root: SystemRoot()), includeMACAddresses: true).probe()
    #expect(Set(links.compactMap { $0["ifname"] as? String }) == Set(interfaces.map(\.name)))
    for link in links {
      guard let name = link["ifname"] as? String, let interface = interfaces.first(where: { $0.name == name }) else {
        continue
      }
      #expect((link["mtu"] as? Int).map(Int64.init) == interface.mtu, "\(name)")
      #expect((link["operstate"] as? String)?.lowercased() == interface.operstate, "\(name)")
      #expect(link["address"] as? String == interface.macAddress, "\(name)")
      #expect((link["link_type"] as? String == "loopback") == (interface.kind == "loopback"), "\(name)")
    }
  }

  @Test("this machine: the disks and sizes of lsblk -J -b", .enabled(if: lsblk != nil))
  func liveLsblk() throws {
    let run = try ChildProcess.run(Self.lsblk!, ["-J", "-b", "-d", "-o", "NAME,SIZE,ROTA,RM"])
    let json = try JSONSerialization.jsonObject(with: run.output) as? [String: Any]
    let devices = (json?["blockdevices"] as? [[String: Any]] ?? []).filter {
      !StorageProbe.isVirtual($0["name"] as? String ?? "")
    }
    let disks = StorageProbe(context: ProbeContext(root: SystemRoot())).probe()
    #expect(Set(devices.compactMap { $0["name"] as? String }) == Set(disks.map(\.name)))
    for device in devices {
      guard let name = device["name"] as? String, let disk = disks.first(where: { $0.name == name }) else { continue }
      #expect((device["size"] as? NSNumber)?.uint64Value == disk.sizeBytes, "\(name)")
      #expect(device["rota"] as? Bool == disk.rotational, "\(name)")
      #expect(device["rm"] as? Bool == disk.removable, "\(name)")
    }
  }
}
