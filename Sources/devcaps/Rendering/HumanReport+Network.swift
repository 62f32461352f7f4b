import DevCapsKit

extension HumanReport {
  /// One row per interface: kind, state, speed, MTU (and MAC when asked for).
  func networkRows(_ interfaces: [NetworkInterfaceInfo]) -> [(String, String)] {
    if interfaces.isEmpty { return [("", style.dim("no network interfaces"))] }
    return interfaces.map { interface in
      var parts = [interface.kind, interface.operstate ?? "unknown"]
      if let speed = interface.speedMbps { parts.append("\(Units.grouped(speed)) Mb/s") }
      if let mtu = interface.mtu { parts.append("MTU \(Units.grouped(mtu))") }
      if let mac = interface.macAddress { parts.append(mac) }
      return (OutsideText.value(interface.name), OutsideText.value(parts.joined(separator: ", ")))
    }
  }

  /// One row per disk: transport, SSD or HDD, removable, size, model.
  func storageRows(_ disks: [StorageDeviceInfo]) -> [(String, String)] {
    if disks.isEmpty { return [("", style.dim("no disks"))] }
    return disks.map { disk in
      var parts: [String] = []
      if let transport = disk.transport { parts.append(transport) }
      if let rotational = disk.rotational { parts.append(rotational ? "HDD" : "SSD") }
      if disk.removable == true { parts.append("removable") }
      if let size = disk.sizeBytes { parts.append(Units.bytes(size)) }
      if let model = disk.model { parts.append(model) }
      return (
        OutsideText.value(disk.name),
        OutsideText.value(parts.isEmpty ? "unknown" : parts.joined(separator: ", "))
      )
    }
  }
}
