/// The `drm` subsystem, enumerated once for the displays (connectors) and the GPUs (cards and
/// their render nodes).
struct DRMDevices {
  /// `card0`, `card1`: the GPUs.
  var cards: [UdevDevice] = []
  /// `card0-HDMI-A-1`: the connectors.
  var connectors: [UdevDevice] = []
  /// `renderD128`: render nodes, siblings of their card.
  var renderNodes: [UdevDevice] = []

  init(udev: Udev?) {
    for device in udev?.devices(subsystem: "drm") ?? [] {
      let name = device.sysname
      if name.hasPrefix("renderD") {
        renderNodes.append(device)
      } else if name.hasPrefix("card") {
        if name.contains("-") { connectors.append(device) } else { cards.append(device) }
      }
    }
  }
}
