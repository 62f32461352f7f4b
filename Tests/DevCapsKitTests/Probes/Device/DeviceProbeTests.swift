import Foundation
import TestProcesses
import Testing

@testable import DevCapsKit

@Suite("Device identity")
struct DeviceProbeTests {
  @Test(
    "firmware placeholders are unknown, real strings are kept",
    arguments: [
      ("To be filled by O.E.M.", nil), ("Default string", nil), ("System Product Name", nil), ("", nil),
      ("  ThinkPad  ", "ThinkPad"), ("Think\u{1}Pad\u{1B}[31m", "ThinkPad[31m"), ("OEM", nil),
    ] as [(String, String?)])
  func placeholders(raw: String, expected: String?) {
    #expect(DMI.meaningful(raw) == expected)
  }

  @Test(
    "DMI dates become ISO 8601",
    arguments: [
      ("05/11/2023", "2023-05-11"), ("12/31/99", "1999-12-31"), ("01/02/15", "2015-01-02"),
      ("13/45/2020", nil), ("2023-05-11", nil), ("", nil), ("1/2/2003", "2003-01-02"),
    ] as [(String, String?)])
  func dates(raw: String, expected: String?) {
    #expect(DMI.isoDate(raw) == expected)
  }

  @Test("Lenovo keeps the marketing name in product_version")
  func lenovo() {
    #expect(
      DeviceProbe.dmiModel(
        vendor: "LENOVO", productName: "20XW00QGGE", productVersion: "ThinkPad X1 Carbon Gen 9", boardName: nil)
        == "ThinkPad X1 Carbon Gen 9")
    #expect(
      DeviceProbe.dmiModel(vendor: "Dell Inc.", productName: "XPS 13 9310", productVersion: "1.0", boardName: nil)
        == "XPS 13 9310")
    #expect(DeviceProbe.dmiModel(vendor: nil, productName: nil, productVersion: nil, boardName: "B550M") == "B550M")
  }

  @Test("device-tree string lists are NUL separated")
  func deviceTreeStrings() {
    let bytes = Array("pine64,pinephone-1.2\0pine64,pinephone\0allwinner,sun50i-a64\0".utf8)
    #expect(DeviceTree.strings(bytes) == ["pine64,pinephone-1.2", "pine64,pinephone", "allwinner,sun50i-a64"])
    #expect(DeviceTree.strings([]) == [])
    #expect(DeviceProbe.deviceTreeVendor("raspberrypi,4-model-b") == "raspberrypi")
    #expect(DeviceProbe.deviceTreeVendor("nocomma") == nil)
  }

  @Test("an ARM board from its device tree, with its chassis")
  func armBoard() throws {
    let root = try TemporaryRoot([
      "/sys/firmware/devicetree/base/model": "Raspberry Pi 4 Model B Rev 1.4\0",
      "/sys/firmware/devicetree/base/compatible": "raspberrypi,4-model-b\0brcm,bcm2711\0",
      "/sys/firmware/devicetree/base/chassis-type": "embedded\0",
      "/proc/sys/kernel/arch": "aarch64\n",
      "/proc/sys/kernel/hostname": "pi\n",
    ])
    let device = DeviceProbe(context: root.context).probe()
    #expect(device.model == "Raspberry Pi 4 Model B Rev 1.4")
    #expect(device.platform == "raspberrypi,4-model-b")
    #expect(device.vendor == "raspberrypi")
    #expect(device.chassis == .embedded)
    #expect(device.architecture == "aarch64")
    #expect(device.name == "pi")
  }

  @Test("PRETTY_HOSTNAME is the device name; CHASSIS= overrides everything")
  func machineInfo() throws {
    let root = try TemporaryRoot([
      "/etc/machine-info": "PRETTY_HOSTNAME=\"Lobby kiosk 2\"\nCHASSIS=tablet\n",
      "/proc/sys/kernel/hostname": "kiosk-2\n",
      "/.dockerenv": "",
    ])
    let device = DeviceProbe(context: root.context).probe()
    #expect(device.name == "Lobby kiosk 2")
    #expect(device.chassis == .tablet)
    #expect(device.chassisSource == "machine-info")
    #expect(device.virtualization == "docker")
  }

  @Test(
    "virtualization as systemd-detect-virt names it",
    arguments: [
      (["/run/systemd/container": "systemd-nspawn\n"], "systemd-nspawn", VirtualizationKind.container),
      (["/run/host/container-manager": "podman\n"], "podman", .container),
      (["/run/.containerenv": ""], "podman", .container),
      (["/proc/sys/kernel/osrelease": "5.15.133.1-microsoft-standard-WSL2\n"], "wsl", .container),
      (["/sys/class/dmi/id/sys_vendor": "QEMU\n"], "qemu", .vm),
      (["/sys/class/dmi/id/product_name": "VMware Virtual Platform\n"], "vmware", .vm),
      (
        [
          "/sys/class/dmi/id/sys_vendor": "Microsoft Corporation\n",
          "/sys/class/dmi/id/product_name": "Virtual Machine\n",
        ], "microsoft", .vm
      ),
      (["/sys/class/dmi/id/bios_vendor": "Amazon EC2\n"], "amazon", .vm),
      (["/sys/hypervisor/type": "xen\n"], "xen", .vm),
      (["/proc/cpuinfo": "processor\t: 0\nflags\t\t: fpu hypervisor\n"], "vm-other", .vm),
    ] as [([String: String], String, VirtualizationKind)])
  func virtualization(files: [String: String], name: String, kind: VirtualizationKind) throws {
    let root = try TemporaryRoot(files)
    let device = DeviceProbe(context: root.context).probe()
    #expect(device.virtualization == name)
    #expect(device.virtualizationKind == kind)
    #expect(device.chassis == (kind == .vm ? .vm : .container))
  }

  /// DMI as these guests' firmware fills it (dmidecode -t system,bios on each): QEMU/KVM under
  /// libvirt (SeaBIOS), Amazon EC2 Nitro (KVM underneath), VMware ESXi 7 (VMware7,1 with EFI),
  /// Hyper-V Generation 2, Google Compute Engine (KVM underneath), VirtualBox.
  static let guests: [([String: String], String)] = [
    (dmi(sys: "QEMU", product: "Standard PC (Q35 + ICH9, 2009)", version: "pc-q35-7.2", bios: "SeaBIOS"), "qemu"),
    (dmi(sys: "Amazon EC2", product: "m5.large", version: "", bios: "Amazon EC2"), "amazon"),
    (dmi(sys: "VMware, Inc.", product: "VMware7,1", version: "None", bios: "VMware, Inc."), "vmware"),
    (
      dmi(
        sys: "Microsoft Corporation", product: "Virtual Machine", version: "Hyper-V UEFI Release v4.1",
        bios: "Microsoft Corporation"), "microsoft"
    ),
    (dmi(sys: "Google", product: "Google Compute Engine", version: "", bios: "Google"), "google"),
    (dmi(sys: "innotek GmbH", product: "VirtualBox", version: "1.2", bios: "innotek GmbH"), "oracle"),
  ]

  static func dmi(sys: String, product: String, version: String, bios: String) -> [String: String] {
    let base = "/sys/class/dmi/id/"
    return [
      base + "sys_vendor": sys + "\n", base + "product_name": product + "\n", base + "product_version": version + "\n",
      base + "bios_vendor": bios + "\n", base + "chassis_type": "1\n",
    ]
  }

  @Test("the hypervisor of VM guests by their DMI, with or without a container inside", arguments: guests)
  func hypervisor(files: [String: String], name: String) throws {
    let root = try TemporaryRoot(files)
    let device = DeviceProbe(context: root.context).probe()
    #expect(device.hypervisor == name)
    #expect(device.virtualization == name)
    var docker = files
    docker["/.dockerenv"] = ""
    let inDocker = try TemporaryRoot(docker)
    let both = DeviceProbe(context: inDocker.context).probe()
    #expect(both.virtualization == "docker")
    #expect(both.virtualizationKind == .container)
    #expect(both.hypervisor == name)
  }

  @Test(
    "Xen's /proc/xen outside dom0, z/VM's sysinfo, the device tree",
    arguments: [
      (["/proc/xen/capabilities": "\n"], "xen"),
      (["/proc/xen/capabilities": "control_d\n"], nil),
      (["/proc/sysinfo": "VM00 Name:            LINUX01\nVM00 Control Program: z/VM    7.3.0\n"], "zvm"),
      (["/proc/sysinfo": "VM00 Control Program: KVM/Linux\n"], "kvm"),
      (["/sys/firmware/devicetree/base/hypervisor/compatible": "linux,kvm\u{0}"], "kvm"),
    ] as [([String: String], String?)])
  func otherSources(files: [String: String], name: String?) throws {
    let root = try TemporaryRoot(files)
    #expect(DeviceProbe(context: root.context).probe().hypervisor == name)
  }

  static let detectVirt = ["/usr/bin/systemd-detect-virt", "/bin/systemd-detect-virt"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  @Test("this machine: systemd-detect-virt --vm and --container", .enabled(if: detectVirt != nil))
  func live() throws {
    func detectVirt(_ option: String) throws -> String? {
      let run = try ChildProcess.run(Self.detectVirt!, [option])
      let word = String(decoding: run.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
      return word == "none" ? nil : word
    }
    let device = DeviceProbe(context: ProbeContext(root: SystemRoot())).probe()
    #expect(device.hypervisor == (try detectVirt("--vm")))
    let container = try detectVirt("--container")
    #expect(device.virtualization == (container ?? device.hypervisor))
  }

  @Test("bare metal has no virtualization")
  func bareMetal() throws {
    let root = try TemporaryRoot([
      "/sys/class/dmi/id/sys_vendor": "Dell Inc.\n", "/sys/class/dmi/id/chassis_type": "3\n",
      "/proc/cpuinfo": "processor\t: 0\nflags\t\t: fpu sse2\n",
    ])
    let device = DeviceProbe(context: root.context).probe()
    #expect(device.virtualization == nil)
    #expect(device.hypervisor == nil)
    #expect(device.chassis == .desktop)
  }
}
