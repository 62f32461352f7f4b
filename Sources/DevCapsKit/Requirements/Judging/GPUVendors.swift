/// The GPUs of a machine by vendor, as the `gpu` key with a vendor and the NFD export see them:
/// PCI display controllers (class 03xx) by vendor ID, and DRM render nodes by their device's
/// PCI ID or, off PCI, by driver.
package enum GPUVendors {
  /// Each GPU found, with its vendor's name (nil when not one of ``ManifestKeys/gpuVendors``)
  /// and the evidence, PCI devices first, a render node of a PCI device already listed not again.
  package static func found(pci: [PCIDeviceInfo]?, gpus: [GPUInfo]?) -> [(vendor: String?, evidence: String)] {
    var found: [(vendor: String?, evidence: String)] = []
    var listed = Set<String>()
    for device in pci ?? [] where device.isDisplayController {
      let id = device.pciId ?? "unknown ID"
      listed.insert(id)
      found.append(
        (vendor(pciVendor: device.vendorId), device.address + " (" + id + (device.driver.map { ", " + $0 } ?? "") + ")")
      )
    }
    for gpu in gpus ?? [] where gpu.renderNode != nil {
      if let id = gpu.pciId, pci != nil, listed.contains(id) { continue }
      let name =
        gpu.pciId.flatMap { vendor(pciVendor: String($0.prefix(4))) } ?? gpu.driver.flatMap(vendor(driver:))
      found.append((name, gpu.renderNode! + (gpu.driver.map { " (" + $0 + ")" } ?? "")))
    }
    return found
  }

  /// The distinct vendors found, in catalog order.
  package static func names(pci: [PCIDeviceInfo]?, gpus: [GPUInfo]?) -> [String] {
    let vendors = Set(found(pci: pci, gpus: gpus).compactMap(\.vendor))
    return ManifestKeys.gpuVendors.map(\.name).filter(vendors.contains)
  }

  static func vendor(pciVendor: String?) -> String? {
    guard let pciVendor else { return nil }
    return ManifestKeys.gpuVendors.first { $0.pciVendors.contains(pciVendor.lowercased()) }?.name
  }

  static func vendor(driver: String) -> String? {
    ManifestKeys.gpuVendors.first { $0.drivers.contains(driver) }?.name
  }
}
