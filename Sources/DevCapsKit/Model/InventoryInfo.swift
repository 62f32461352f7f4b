/// A GPU: a DRM card and the PCI (or platform) device behind it.
public struct GPUInfo: Sendable, Encodable, Equatable {
  public var card: String
  public var driver: String?
  public var vendor: String?
  public var model: String?
  /// `vendor:device` in lower-case hexadecimal, for PCI GPUs.
  public var pciId: String?
  /// The render node (`renderD128`) that the `gpu` capability requires.
  public var renderNode: String?
}

/// A video4linux capture device.
public struct CameraInfo: Sendable, Encodable, Equatable {
  public var id: String
  public var name: String?
  /// `front`, `back`, … from the firmware's `physical_location/panel`.
  public var panel: String?
  public var driver: String?
}

/// An ALSA sound card and how many capture and playback PCMs it has.
public struct AudioCardInfo: Sendable, Encodable, Equatable {
  public var card: String
  public var name: String?
  public var playbackDevices: Int
  public var captureDevices: Int
}

/// A radio: Wi-Fi or WWAN interface, Bluetooth controller, GNSS receiver, NFC controller.
public struct RadioInfo: Sendable, Encodable, Equatable {
  /// `wifi`, `bluetooth`, `wwan`, `gnss`, `nfc`.
  public var type: String
  public var id: String
  public var driver: String?
}

/// An input device as udev classifies it.
public struct InputInfo: Sendable, Encodable, Equatable {
  public var id: String
  public var name: String?
  public var kinds: [String]
  /// `lid`, `tablet-mode`, `front-proximity`.
  public var switches: [String]
  public var forceFeedback: Bool
}
