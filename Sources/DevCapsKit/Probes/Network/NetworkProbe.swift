/// Builds the `network` section from /sys/class/net, by the kernel's files alone (no udev).
struct NetworkProbe {
  let context: ProbeContext
  let includeMACAddresses: Bool
  static let directory = "/sys/class/net/"

  func probe() -> [NetworkInterfaceInfo] {
    context.entries(NetworkProbe.directory).sorted().map { name in
      let base = NetworkProbe.directory + name + "/"
      let kind = self.kind(base)
      let operstate = context.line(base + "operstate")
      var interface = NetworkInterfaceInfo(
        name: name, kind: kind, operstate: operstate, mtu: context.integer(base + "mtu"))
      // The speed file fails with EINVAL on links that are down and on most non-Ethernet drivers.
      if kind == "ethernet", operstate == "up", let speed = context.integer(base + "speed"), speed > 0 {
        interface.speedMbps = speed
      }
      if includeMACAddresses { interface.macAddress = context.line(base + "address") }
      return interface
    }
  }

  /// systemd-networkd's and NetworkManager's reading: the uevent's DEVTYPE, the wireless and
  /// bridge directories, ARPHRD 772 for loopback; Ethernet when the link has a device behind it.
  func kind(_ base: String) -> String {
    let type = context.integer(base + "type")
    if type == 772 { return "loopback" }
    let uevent = context.text(base + "uevent").map(parseEnvironmentFile) ?? [:]
    switch uevent["DEVTYPE"] {
    case "wlan": return "wifi"
    case "wwan": return "wwan"
    case "bridge": return "bridge"
    case "bond": return "bond"
    case "vlan": return "vlan"
    case "wireguard": return "wireguard"
    default: break
    }
    if context.exists(base + "wireless") || context.exists(base + "phy80211") { return "wifi" }
    if context.exists(base + "bridge") { return "bridge" }
    if type == 1 && context.exists(base + "device") { return "ethernet" }
    return "virtual"
  }
}
