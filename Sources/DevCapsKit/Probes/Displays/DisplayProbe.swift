/// Builds the `displays` section from the DRM connectors libudev lists (`card0-HDMI-A-1`).
struct DisplayProbe {
  let context: ProbeContext
  let drm: DRMDevices

  init(context: ProbeContext, drm: DRMDevices) {
    self.context = context
    self.drm = drm
  }

  static let internalPrefixes = ["eDP", "LVDS", "DSI"]

  func probe() -> [DisplayInfo] {
    // Built-in panels first, then by connector name, as display settings list them.
    drm.connectors.compactMap(display).sorted {
      ($0.isInternal ? 0 : 1, $0.card, $0.connector) < ($1.isInternal ? 0 : 1, $1.card, $1.connector)
    }
  }

  func display(_ device: UdevDevice) -> DisplayInfo? {
    let sysname = device.sysname
    guard let dash = sysname.firstIndex(of: "-"), let status = device.attribute("status")
    else { return nil }
    let connector = String(sysname[sysname.index(after: dash)...])
    var display = DisplayInfo(
      connector: connector, card: String(sysname[..<dash]),
      isInternal: DisplayProbe.internalPrefixes.contains { connector.hasPrefix($0) },
      connected: status == "connected")
    display.syspath = device.syspath
    display.enabled = device.attribute("enabled").map { $0 == "enabled" }
    display.modes = DisplayProbe.modes(device.attribute("modes") ?? "")
    // EDID is binary: read the attribute file itself (libudev's text view stops at a NUL).
    if let bytes = context.liveBytes(device.syspath + "/edid"), !bytes.isEmpty {
      do throws(EDID.ParseError) {
        display.apply(try EDID.parse(bytes))
      } catch {
        context.diagnostics.record(device.syspath + "/edid", error.description)
      }
    }
    return display
  }

  /// The kernel lists each resolution once per refresh rate; keep the first of each, in order.
  static func modes(_ text: String) -> [String] {
    var modes: [String] = []
    for line in text.splitCharacters(separator: "\n") {
      let mode = line.trimmingWhitespace()
      if !mode.isEmpty && !modes.contains(mode) { modes.append(mode) }
    }
    return modes
  }
}

extension DisplayInfo {
  mutating func apply(_ edid: EDID) {
    manufacturerId = edid.manufacturerId
    productCode = edid.productCode
    serialNumber = edid.serialString ?? edid.serialNumber.map { String($0) }
    name = edid.name
    widthMm = edid.widthMm
    heightMm = edid.heightMm
    modeRefreshHz = EDIDTimings.refreshRates(edid.timings)
    if let mode = edid.preferredMode {
      preferredMode = "\(mode.width)x\(mode.height)" + (mode.interlaced ? "i" : "")
      preferredRefreshHz = mode.refreshHz
    }
  }
}
