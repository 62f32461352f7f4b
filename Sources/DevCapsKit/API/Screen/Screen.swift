/// A screen as `UIScreen` describes one: its modes, native size, scale, refresh rate and, for a
/// built-in panel, its brightness. One per connected DRM connector.
///
/// ```swift
/// if let screen = Screen.main {
///   print(screen.nativeBounds ?? "?", screen.nativeScale, screen.maximumFramesPerSecond ?? "?")
///   try screen.setBrightness(0.5)
/// }
/// ```
public struct Screen: Sendable, Equatable {
  /// A width and a height: pixels for ``nativeBounds``, millimetres for ``physicalSize``.
  public struct Size: Sendable, Equatable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) {
      self.width = width
      self.height = height
    }
    /// `1920x1080`.
    public var description: String { "\(width)x\(height)" }
  }

  /// One of the connector's modes (`UIScreenMode`).
  public struct Mode: Sendable, Equatable, CustomStringConvertible {
    /// Pixels across and down.
    public var size: Size
    /// Interlaced (`1920x1080i`).
    public var interlaced: Bool
    /// The refresh rate in Hz, where the EDID states one: the preferred timing's for the
    /// preferred mode, else the highest its timings give the mode; nil without an EDID (the
    /// kernel's `modes` file lists sizes only) or for a mode it does not state.
    public var refreshHz: Double?

    /// `1920x1080`, `1920x1080i`.
    public var description: String { size.description + (interlaced ? "i" : "") }

    /// A mode from the kernel's spelling, `WIDTHxHEIGHT` with an optional `i`; nil for anything else.
    public init?(_ text: String, refreshHz: Double? = nil) {
      var text = Substring(text)
      interlaced = text.hasSuffix("i")
      if interlaced { text = text.dropLast() }
      let parts = text.split(separator: "x", omittingEmptySubsequences: false)
      guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), width > 0, height > 0 else {
        return nil
      }
      size = Size(width: width, height: height)
      self.refreshHz = refreshHz
    }
  }

  /// What the report says of the connector.
  public var display: DisplayInfo

  /// A screen from a report's display.
  public init(display: DisplayInfo) { self.display = display }

  /// The connector (`eDP-1`, `HDMI-A-1`, `DSI-1`).
  public var connector: String { display.connector }

  /// A built-in panel (eDP, LVDS, DSI).
  public var isInternal: Bool { display.isInternal }

  /// The modes, in the kernel's order (its preferred first), each with the refresh rate the
  /// EDID states for it.
  public var modes: [Mode] {
    display.modes.compactMap { mode in
      Mode(mode, refreshHz: mode == display.preferredMode ? display.preferredRefreshHz : display.modeRefreshHz?[mode])
    }
  }

  /// The EDID's preferred mode, with its refresh rate; without an EDID (a phone's DSI panel), the
  /// first mode the kernel lists, which is the panel's own.
  public var preferredMode: Mode? {
    if let preferred = display.preferredMode.flatMap({ Mode($0, refreshHz: display.preferredRefreshHz) }) {
      return preferred
    }
    return modes.first
  }

  /// The preferred mode's size in pixels (`UIScreen.nativeBounds`).
  public var nativeBounds: Size? { preferredMode?.size }

  /// The picture's size in millimetres, from the EDID; nil when there is none.
  public var physicalSize: Size? {
    guard let width = display.widthMm, let height = display.heightMm, width > 0, height > 0 else { return nil }
    return Size(width: width, height: height)
  }

  /// Pixels per point, as `UIScreen.nativeScale`: the pixel density over 96 pixels per inch
  /// (the density desktops draw at 1×), rounded to a quarter, and never below 1. A 14" 2560×1600
  /// laptop panel (216 ppi) is 2.25; a 27" 4K monitor (163 ppi) 1.75; without a physical size, 1.
  public var nativeScale: Double {
    guard let bounds = nativeBounds, let size = physicalSize else { return 1 }
    let density = Double(bounds.width) / (Double(size.width) / 25.4)
    return max(1, (density / 96 * 4).rounded() / 4)
  }

  /// The preferred mode's refresh rate, rounded (`UIScreen.maximumFramesPerSecond`); nil when
  /// the kernel does not say (no EDID).
  public var maximumFramesPerSecond: Int? { preferredMode?.refreshHz.map { Int($0.rounded()) } }

  /// The connected screens, built-in panels first (`UIScreen.screens`), read now.
  public static var screens: [Screen] {
    let report = (try? Report.current(sections: [.displays])) ?? Report(sections: [])
    return (report.displays ?? []).filter(\.connected).map(Screen.init(display:))
  }

  /// The built-in panel, else the first connected screen (`UIScreen.main`); nil with none.
  public static var main: Screen? {
    let connected = screens
    return connected.first(where: \.isInternal) ?? connected.first
  }
}
