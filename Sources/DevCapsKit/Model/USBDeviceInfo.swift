/// A device on a USB bus, as /sys/bus/usb/devices lists it: every device with an `idVendor`
/// except the root hubs (`usb1`, `usb2`: the host controllers' own hubs, not something plugged
/// in). Hubs that are plugged in are listed. The numbers are lower-case hexadecimal without
/// `0x`, as lsusb writes them (`046d`, `c52b`, `09`).
public struct USBDeviceInfo: Sendable, Codable, Equatable {
  /// The device's place on the bus: bus number, then the port of each hub on the way (`3-2`,
  /// `1-2.3`), as the kernel names it.
  public var port: String
  /// The vendor ID (`046d`).
  public var vendorId: String?
  /// The product ID (`c52b`).
  public var productId: String?
  /// The manufacturer string the device reports (`Logitech`), white space trimmed; nil when
  /// it reports none. Control characters are kept here and escaped where the text is written.
  public var manufacturer: String?
  /// The product string the device reports (`USB Receiver`).
  public var product: String?
  /// The device class (`bDeviceClass`, `00`: each interface says its own; `09`: a hub).
  public var deviceClass: String?
  /// The classes of its interfaces (`bInterfaceClass`: `03` HID, `07` printer, `08` mass
  /// storage, `0e` video), distinct and sorted.
  public var interfaceClasses: [String]
  /// The speed it runs at in Mbit/s (1.5, 12, 480, 5000, 10000, 20000).
  public var speedMbps: Double?
  /// Whether it sits behind a port the firmware calls removable (`true`) or is built in
  /// (`false`); nil when the firmware does not say.
  public var removable: Bool?
  /// The bus number (`busnum`).
  public var busNumber: Int?
  /// The device number on that bus (`devnum`): with the bus, /dev/bus/usb/BBB/DDD.
  public var deviceNumber: Int?

  /// A USB device as a test or a saved report describes it.
  public init(
    port: String, vendorId: String? = nil, productId: String? = nil, manufacturer: String? = nil,
    product: String? = nil, deviceClass: String? = nil, interfaceClasses: [String] = [], speedMbps: Double? = nil,
    removable: Bool? = nil, busNumber: Int? = nil, deviceNumber: Int? = nil
  ) {
    self.port = port
    self.vendorId = vendorId
    self.productId = productId
    self.manufacturer = manufacturer
    self.product = product
    self.deviceClass = deviceClass
    self.interfaceClasses = interfaceClasses
    self.speedMbps = speedMbps
    self.removable = removable
    self.busNumber = busNumber
    self.deviceNumber = deviceNumber
  }

  /// `vendor:product` (`046d:c52b`), as the `usb-device` key writes it.
  public var usbId: String? {
    guard let vendorId, let productId else { return nil }
    return vendorId + ":" + productId
  }

  /// Whether the device or one of its interfaces is of `code` (two hex digits: `07` printer).
  public func hasClass(_ code: String) -> Bool { deviceClass == code || interfaceClasses.contains(code) }
}
