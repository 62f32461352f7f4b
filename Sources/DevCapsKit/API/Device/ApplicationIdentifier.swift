extension Device {
  /// An identifier of this machine for one application, as iOS's `identifierForVendor`: the same
  /// on every run, unrelated between applications, and never the machine-id itself, from which
  /// it cannot be worked back.
  ///
  /// It is derived the way systemd's `sd_id128_get_machine_app_specific()` derives one:
  /// HMAC-SHA-256 keyed with the machine-id's 16 bytes over the application's identifier, the
  /// first 16 bytes of it made a version-4 UUID. An identifier written as a UUID or 32
  /// hexadecimal digits is taken as its 16 bytes, so the result equals
  /// `systemd-id128 machine-id --app-specific=ID`; any other text is taken as its UTF-8 bytes.
  ///
  /// ```swift
  /// let id = Device.identifier(forApplication: "com.example.kiosk")  // "2f1c…-…"
  /// ```
  ///
  /// - Returns: the UUID in lower case, 8-4-4-4-12; nil when `/etc/machine-id` (below
  ///   `DEVCAPS_ROOT`) is missing or not 32 hexadecimal digits.
  public static func identifier(forApplication application: String) -> String? {
    guard let machine = ProbeContext().line("/etc/machine-id").flatMap(Self.idBytes) else { return nil }
    return applicationIdentifier(machineID: machine, application: application)
  }

  static func applicationIdentifier(machineID: [UInt8], application: String) -> String {
    let message = idBytes(application) ?? Array(application.utf8)
    var id = Array(SHA256.hmac(key: machineID, message: message).prefix(16))
    id[6] = (id[6] & 0x0F) | 0x40
    id[8] = (id[8] & 0x3F) | 0x80
    let hex = id.map { byte in String(byte >> 4, radix: 16) + String(byte & 0x0F, radix: 16) }.joined()
    let parts = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { range in
      String(hex.dropFirst(range.lowerBound).prefix(range.count))
    }
    return parts.joined(separator: "-")
  }

  /// The 16 bytes of an ID written as 32 hexadecimal digits, with or without a UUID's dashes.
  static func idBytes(_ text: String) -> [UInt8]? {
    let digits = text.filter { $0 != "-" }
    guard digits.count == 32, digits.allSatisfy(\.isHexDigit) else { return nil }
    var bytes: [UInt8] = []
    var rest = Substring(digits)
    while !rest.isEmpty {
      guard let byte = UInt8(rest.prefix(2), radix: 16) else { return nil }
      bytes.append(byte)
      rest = rest.dropFirst(2)
    }
    return bytes
  }
}
