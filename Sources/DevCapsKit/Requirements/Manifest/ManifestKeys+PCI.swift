/// The keys judged by the `pci` section: `gpu` with a vendor, and `pci-device`. Spelled here, free
/// of probing code, so that the manifest parser stands alone.
extension ManifestKeys {
  /// What `require --list-keys` says of each: the key, its value type, its meaning.
  public static let pciKeyMeanings: [(key: String, type: String, meaning: String)] = [
    (
      "gpu", "true, false, a GPU vendor or a list of them",
      "true: a DRM render node; a vendor (\(gpuVendors.map(\.name).concatenated(separator: ", "))) or a list: a display controller (PCI class 03xx) or render node of any of them"
    ),
    (
      "pci-device", "a list of vendor:device IDs",
      "a PCI device with any of these IDs: four hex digits each, the device may be * (\"10de:*\", \"8086:56a0\")"
    ),
  ]

  /// The GPU vendors a `gpu` requirement may name (a closed set: another name is an invalid
  /// manifest), each with its PCI vendor IDs (pci.ids) and the DRM drivers of its GPUs that are
  /// not on PCI (the kernel's drivers/gpu/drm).
  public static let gpuVendors: [(name: String, pciVendors: [String], drivers: [String])] = [
    ("nvidia", ["10de"], ["nouveau", "nvidia-drm", "tegra"]),
    ("amd", ["1002", "1022"], []),
    ("intel", ["8086"], []),
    ("arm", [], ["panfrost", "panthor", "lima", "komeda", "mali-dp"]),
    ("qualcomm", ["17cb", "5143"], ["msm"]),
    ("apple", ["106b"], ["asahi"]),
    ("broadcom", [], ["v3d", "vc4"]),
    ("vivante", [], ["etnaviv"]),
    ("imagination", [], ["powervr"]),
    ("matrox", ["102b"], []),
    ("aspeed", ["1a03"], []),
    ("huawei", ["19e5"], []),
    ("loongson", ["0014"], []),
    ("moore-threads", ["1ed5"], []),
    ("microsoft", ["1414"], []),
    ("vmware", ["15ad"], []),
    ("virtio", ["1af4"], []),
    ("qxl", ["1b36"], []),
    ("bochs", ["1234"], []),
  ]

  /// Keys whose list holds when any one name matches (`cpu-features` and the other list keys
  /// need all).
  public static let anyOfKeys = Set(deviceIDKeys.keys)

  /// The keys that take `vendor:device` IDs, each with its bus, the name of the ID's second
  /// half, and examples, for the message that refuses a malformed one.
  static let deviceIDKeys: [String: (bus: String, second: String, examples: String)] = [
    "pci-device": ("PCI", "device", #""10de:*" or "8086:56a0""#),
    "usb-device": ("USB", "product", #""046d:c52b" or "04e8:*" (lsusb's ID column)"#),
  ]

  /// A `pci-device` or `usb-device` pattern: `vvvv:dddd` or `vvvv:*`, hex digits in either case.
  static func isDeviceIDPattern(_ text: String) -> Bool {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    func isID(_ part: Substring) -> Bool { part.count == 4 && part.allSatisfy(\.isHexDigit) }
    return parts.count == 2 && isID(parts[0]) && (parts[1] == "*" || isID(parts[1]))
  }
}
