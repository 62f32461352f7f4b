/// A network interface of /sys/class/net.
public struct NetworkInterfaceInfo: Sendable, Codable, Equatable {
  /// The kernel's name: `eth0`, `enp3s0`, `wlan0`, `lo`.
  public var name: String
  /// `ethernet`, `wifi`, `wwan`, `loopback`, `bridge`, `bond`, `vlan`, `wireguard` or `virtual`.
  public var kind: String
  /// `operstate`: `up`, `down`, `dormant`, `unknown`, …
  public var operstate: String?
  /// The link speed in Mb/s, when an Ethernet driver gives one for a link that is up.
  public var speedMbps: Int64?
  /// Bytes per packet.
  public var mtu: Int64?
  /// The hardware address; only with `list --mac-addresses`, so that a report pasted into a CI
  /// log does not carry identifiers.
  public var macAddress: String?

  /// An interface as a test or a saved report describes it.
  public init(
    name: String, kind: String, operstate: String? = nil, speedMbps: Int64? = nil, mtu: Int64? = nil,
    macAddress: String? = nil
  ) {
    self.name = name
    self.kind = kind
    self.operstate = operstate
    self.speedMbps = speedMbps
    self.mtu = mtu
    self.macAddress = macAddress
  }
}

/// A whole disk of /sys/block (no partitions; no loop, ram or zram devices).
public struct StorageDeviceInfo: Sendable, Codable, Equatable {
  /// `nvme0n1`, `sda`, `vda`, `mmcblk0`.
  public var name: String
  /// The device's model string, trimmed.
  public var model: String?
  /// 512-byte sectors × 512.
  public var sizeBytes: UInt64?
  /// `queue/rotational`: a spinning disk.
  public var rotational: Bool?
  /// `removable`: removable media (card readers, optical drives; USB sticks often say 0).
  public var removable: Bool?
  /// `nvme`, `sata`, `usb`, `virtio`, `mmc`, `scsi`, `xen`, as lsblk's TRAN says them.
  public var transport: String?

  /// A disk as a test or a saved report describes it.
  public init(
    name: String, model: String? = nil, sizeBytes: UInt64? = nil, rotational: Bool? = nil, removable: Bool? = nil,
    transport: String? = nil
  ) {
    self.name = name
    self.model = model
    self.sizeBytes = sizeBytes
    self.rotational = rotational
    self.removable = removable
    self.transport = transport
  }
}
