/// A GPU: a DRM card and the PCI (or platform) device behind it.
public struct GPUInfo: Sendable, Codable, Equatable {
  public var card: String
  public var driver: String?
  public var vendor: String?
  public var model: String?
  /// `vendor:device` in lower-case hexadecimal, for PCI GPUs.
  public var pciId: String?
  /// The render node (`renderD128`) that the `gpu` capability requires.
  public var renderNode: String?

  public init(
    card: String, driver: String? = nil, vendor: String? = nil, model: String? = nil, pciId: String? = nil, renderNode: String? = nil
  ) {
    self.card = card
    self.driver = driver
    self.vendor = vendor
    self.model = model
    self.pciId = pciId
    self.renderNode = renderNode
  }
}

/// A video4linux capture device.
public struct CameraInfo: Sendable, Codable, Equatable {
  public var id: String
  public var name: String?
  /// `front`, `back`, … from the firmware's `physical_location/panel`.
  public var panel: String?
  public var driver: String?

  public init(
    id: String, name: String? = nil, panel: String? = nil, driver: String? = nil
  ) {
    self.id = id
    self.name = name
    self.panel = panel
    self.driver = driver
  }
}

/// An ALSA sound card and how many capture and playback PCMs it has.
public struct AudioCardInfo: Sendable, Codable, Equatable {
  public var card: String
  public var name: String?
  public var playbackDevices: Int
  public var captureDevices: Int

  public init(
    card: String, name: String? = nil, playbackDevices: Int, captureDevices: Int
  ) {
    self.card = card
    self.name = name
    self.playbackDevices = playbackDevices
    self.captureDevices = captureDevices
  }
}

/// A radio: Wi-Fi or WWAN interface, Bluetooth controller, GNSS receiver, NFC controller.
public struct RadioInfo: Sendable, Codable, Equatable {
  /// `wifi`, `bluetooth`, `wwan`, `gnss`, `nfc`.
  public var type: String
  public var id: String
  public var driver: String?

  public init(
    type: String, id: String, driver: String? = nil
  ) {
    self.type = type
    self.id = id
    self.driver = driver
  }
}

/// An input device as udev classifies it.
public struct InputInfo: Sendable, Codable, Equatable {
  public var id: String
  public var name: String?
  public var kinds: [String]
  /// `lid`, `tablet-mode`, `front-proximity`.
  public var switches: [String]
  public var forceFeedback: Bool

  public init(
    id: String, name: String? = nil, kinds: [String] = [], switches: [String] = [], forceFeedback: Bool
  ) {
    self.id = id
    self.name = name
    self.kinds = kinds
    self.switches = switches
    self.forceFeedback = forceFeedback
  }
}
