/// A GPU: a DRM card and the PCI (or platform) device behind it.
public struct GPUInfo: Sendable, Equatable {
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
public struct CameraInfo: Sendable, Equatable {
  public var id: String
  public var name: String?
  /// `front`, `back`, … from the firmware's `physical_location/panel`.
  public var panel: String?
  public var driver: String?
}

/// An ALSA sound card and how many capture and playback PCMs it has.
public struct AudioCardInfo: Sendable, Equatable {
  public var card: String
  public var name: String?
  public var playbackDevices: Int
  public var captureDevices: Int
}

/// A radio: Wi-Fi or WWAN interface, Bluetooth controller, GNSS receiver, NFC controller.
public struct RadioInfo: Sendable, Equatable {
  /// `wifi`, `bluetooth`, `wwan`, `gnss`, `nfc`.
  public var type: String
  public var id: String
  public var driver: String?
}

/// An input device as udev classifies it.
public struct InputInfo: Sendable, Equatable {
  public var id: String
  public var name: String?
  public var kinds: [String]
  /// `lid`, `tablet-mode`, `front-proximity`.
  public var switches: [String]
  public var forceFeedback: Bool
}

extension GPUInfo: JSONRepresentable {
  public var json: JSONValue {
    .object([
      JSONMember("card", .string(card)), JSONMember("driver", .optional(driver)), JSONMember("vendor", .optional(vendor)),
      JSONMember("model", .optional(model)), JSONMember("pciId", .optional(pciId)),
      JSONMember("renderNode", .optional(renderNode)),
    ])
  }
}

extension CameraInfo: JSONRepresentable {
  public var json: JSONValue {
    .object([
      JSONMember("id", .string(id)), JSONMember("name", .optional(name)), JSONMember("panel", .optional(panel)),
      JSONMember("driver", .optional(driver)),
    ])
  }
}

extension AudioCardInfo: JSONRepresentable {
  public var json: JSONValue {
    .object([
      JSONMember("card", .string(card)), JSONMember("name", .optional(name)),
      JSONMember("playbackDevices", .integer(Int64(playbackDevices))),
      JSONMember("captureDevices", .integer(Int64(captureDevices))),
    ])
  }
}

extension RadioInfo: JSONRepresentable {
  public var json: JSONValue {
    .object([JSONMember("type", .string(type)), JSONMember("id", .string(id)), JSONMember("driver", .optional(driver))])
  }
}

extension InputInfo: JSONRepresentable {
  public var json: JSONValue {
    .object([
      JSONMember("id", .string(id)), JSONMember("name", .optional(name)),
      JSONMember("kinds", .array(kinds.map { .string($0) })),
      JSONMember("switches", .array(switches.map { .string($0) })),
      JSONMember("forceFeedback", .bool(forceFeedback)),
    ])
  }
}
