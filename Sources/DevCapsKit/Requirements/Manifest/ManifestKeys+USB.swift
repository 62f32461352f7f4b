/// The key judged by the `usb` section: `usb-device`. Spelled here, free of probing code, so that
/// the manifest parser stands alone.
extension ManifestKeys {
  /// `usb-device`'s line for `require --list-keys`.
  static let usbDeviceReference = KeyReference(
    key: "usb-device", value: "a list of vendor:product IDs",
    meaning:
      "a USB device with any of these IDs plugged in: four hex digits each, the product may be * (\"046d:c52b\", \"04e8:*\"); root hubs never count"
  )
}
