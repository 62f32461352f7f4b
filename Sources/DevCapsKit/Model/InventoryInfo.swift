/// A GPU: a DRM card and the PCI (or platform) device behind it.
public struct GPUInfo: Sendable, Codable, Equatable {
  /// The DRM card (`card0`).
  public var card: String
  /// The kernel driver (`i915`, `amdgpu`).
  public var driver: String?
  /// The vendor's name from the udev hwdb.
  public var vendor: String?
  /// The model's name from the udev hwdb.
  public var model: String?
  /// `vendor:device` in lower-case hexadecimal, for PCI GPUs.
  public var pciId: String?
  /// The render node (`renderD128`) that the `gpu` capability requires.
  public var renderNode: String?

  /// A GPU as a test or a saved report describes it.
  public init(
    card: String, driver: String? = nil, vendor: String? = nil, model: String? = nil, pciId: String? = nil,
    renderNode: String? = nil
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
  /// The video4linux device (`video0`).
  public var id: String
  /// The device's name (`Integrated Camera`).
  public var name: String?
  /// `front`, `back`, … from the firmware's `physical_location/panel`.
  public var panel: String?
  /// The kernel driver (`uvcvideo`).
  public var driver: String?

  /// A camera as a test or a saved report describes it.
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
  /// The ALSA card (`card0`).
  public var card: String
  /// The card's name (`HDA Intel PCH`).
  public var name: String?
  /// Playback PCMs: the `speaker` capability.
  public var playbackDevices: Int
  /// Capture PCMs: the `microphone` capability.
  public var captureDevices: Int

  /// A sound card as a test or a saved report describes it.
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
  /// The interface or device name (`wlp0s20f3`, `hci0`).
  public var id: String
  /// The kernel driver (`iwlwifi`).
  public var driver: String?

  /// A radio as a test or a saved report describes it.
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
  /// The input device (`input3`).
  public var id: String
  /// The device's name (`AT Translated Set 2 keyboard`).
  public var name: String?
  /// What udev classifies it as: `keyboard`, `touchpad`, `touchscreen`, `accelerometer`, …
  public var kinds: [String]
  /// `lid`, `tablet-mode`, `front-proximity`.
  public var switches: [String]
  /// It can vibrate (force feedback): the `vibration` capability.
  public var forceFeedback: Bool

  /// An input device as a test or a saved report describes it.
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
