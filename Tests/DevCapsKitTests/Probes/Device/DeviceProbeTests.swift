import Testing
@testable import DevCapsKit

@Suite("Device identity")
struct DeviceProbeTests {
  @Test("firmware placeholders are unknown, real strings are kept", arguments: [
    ("To be filled by O.E.M.", nil), ("Default string", nil), ("System Product Name", nil), ("", nil),
    ("  ThinkPad  ", "ThinkPad"), ("Think\u{1}Pad\u{1B}[31m", "ThinkPad[31m"), ("OEM", nil),
  ] as [(String, String?)])
  func placeholders(raw: String, expected: String?) {
    #expect(DMI.meaningful(raw) == expected)
  }

  @Test("DMI dates become ISO 8601", arguments: [
    ("05/11/2023", "2023-05-11"), ("12/31/99", "1999-12-31"), ("01/02/15", "2015-01-02"),
    ("13/45/2020", nil), ("2023-05-11", nil), ("", nil), ("1/2/2003", "2003-01-02"),
  ] as [(String, String?)])
  func dates(raw: String, expected: String?) {
    #expect(DMI.isoDate(raw) == expected)
  }

  @Test("Lenovo keeps the marketing name in product_version")
  func lenovo() {
    #expect(DeviceProbe.dmiModel(vendor: "LENOVO", productName: "20XW00QGGE", productVersion: "ThinkPad X1 Carbon Gen 9", boardName: nil) == "ThinkPad X1 Carbon Gen 9")
    #expect(DeviceProbe.dmiModel(vendor: "Dell Inc.", productName: "XPS 13 9310", productVersion: "1.0", boardName: nil) == "XPS 13 9310")
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

  @Test("virtualization as systemd-detect-virt names it", arguments: [
    (["/run/systemd/container": "systemd-nspawn\n"], "systemd-nspawn", VirtualizationKind.container),
    (["/run/host/container-manager": "podman\n"], "podman", .container),
    (["/run/.containerenv": ""], "podman", .container),
    (["/proc/sys/kernel/osrelease": "5.15.133.1-microsoft-standard-WSL2\n"], "wsl", .container),
    (["/sys/class/dmi/id/sys_vendor": "QEMU\n"], "qemu", .vm),
    (["/sys/class/dmi/id/product_name": "VMware Virtual Platform\n"], "vmware", .vm),
    (["/sys/class/dmi/id/sys_vendor": "Microsoft Corporation\n", "/sys/class/dmi/id/product_name": "Virtual Machine\n"], "microsoft", .vm),
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

  @Test("bare metal has no virtualization")
  func bareMetal() throws {
    let root = try TemporaryRoot([
      "/sys/class/dmi/id/sys_vendor": "Dell Inc.\n", "/sys/class/dmi/id/chassis_type": "3\n",
      "/proc/cpuinfo": "processor\t: 0\nflags\t\t: fpu sse2\n",
    ])
    let device = DeviceProbe(context: root.context).probe()
    #expect(device.virtualization == nil)
    #expect(device.chassis == .desktop)
  }
}
