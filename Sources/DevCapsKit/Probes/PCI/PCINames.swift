#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Vendor and device names from the pci.ids database, where a package installed it (Debian's
/// `pci.ids` at /usr/share/misc, Fedora's `hwdata` at /usr/share/hwdata): for people to read,
/// never in the JSON and never required. The file is 1.4 MB, so it is read in chunks, not through
/// the 1 MiB file reader: for each wanted vendor, from shortly before its line (`PCIIDsSeek`) to
/// its last wanted device (vendors come in ascending order, and each vendor's devices too).
public struct PCINames: Sendable, Equatable {
  /// Vendor names by ID (`8086` → `Intel Corporation`).
  public var vendors: [String: String] = [:]
  /// Device names by `vendor:device` (`8086:9a49` → `TigerLake-LP GT2 [Iris Xe Graphics]`).
  public var devices: [String: String] = [:]

  /// Where packages put the database, first found wins.
  static let paths = ["/usr/share/misc/pci.ids", "/usr/share/hwdata/pci.ids"]
  static let chunkSize = 16 * 1024

  static func vendorID(_ text: String) -> UInt16? {
    PCIUevent.hex(Array(text.utf8)[...], digits: 4).map { UInt16($0) }
  }

  /// The names of these devices' vendors and models, from the database below `DEVCAPS_ROOT`;
  /// empty when there is none or it cannot be read.
  public static func lookUp(_ devices: [PCIDeviceInfo]) -> PCINames {
    lookUp(devices, root: .fromEnvironment())
  }

  static func lookUp(_ devices: [PCIDeviceInfo], root: SystemRoot) -> PCINames {
    let vendors = PCIIDsScanner(wanted: devices).vendors
    guard !vendors.isEmpty else { return PCINames() }
    for path in paths {
      // Inside the root, links followed within it; a FIFO or device in its place is not read.
      guard let descriptor = try? root.openInside(path, O_RDONLY | O_NONBLOCK) else { continue }
      guard let status = try? descriptor.status(), status.st_mode & S_IFMT == S_IFREG else {
        descriptor.closeIgnoringErrors()
        continue
      }
      return descriptor.closeAfter { descriptor in
        let bytesAt = { (offset: Int, count: Int) -> [UInt8] in
          [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = max((try? descriptor.read(into: UnsafeMutableRawBufferPointer(buffer), at: offset)) ?? 0, 0)
          }
        }
        // One search and one short scan per vendor: the blocks between them are never read.
        var names = PCINames()
        for vendor in vendors {
          var scanner = PCIIDsScanner(wanted: devices.filter { $0.vendorId.flatMap(Self.vendorID) == vendor })
          var offset = PCIIDsSeek.start(before: vendor, size: Int(status.st_size), read: bytesAt)
          if offset > 0 { scanner.startMidLine() }
          while !scanner.isDone {
            let chunk = bytesAt(offset, chunkSize)
            if chunk.isEmpty { break }
            offset += chunk.count
            scanner.feed(chunk[...])
          }
          scanner.finish()
          names.vendors.merge(scanner.names.vendors) { $1 }
          names.devices.merge(scanner.names.devices) { $1 }
        }
        return names
      }
    }
    return PCINames()
  }
}

/// pci.ids read line by line as its chunks arrive: `VVVV  Vendor`, `\tDDDD  Device`,
/// `\t\tSSSS SSSS  Subsystem` (skipped), `#` comments, and the class list (`C 03  …`) at the end,
/// where the scan stops.
struct PCIIDsScanner {
  private(set) var names = PCINames()
  private var wantedVendors: Set<UInt16>
  private var wantedDevices: Set<UInt32>
  private let lastVendor: UInt16
  /// The vendors wanted, in ascending order.
  let vendors: [UInt16]
  private var vendor: UInt16? = nil
  /// The wanted devices of `vendor`: a vendor's devices come in ascending order too, so a device
  /// line past the last of them ends the vendor's block.
  private var vendorDevices: [UInt16] = []
  private var partial: [UInt8] = []
  private(set) var isDone = false

  init(wanted devices: [PCIDeviceInfo]) {
    var vendors = Set<UInt16>()
    var pairs = Set<UInt32>()
    for device in devices {
      guard let vendorText = device.vendorId, let vendor = PCIUevent.hex(Array(vendorText.utf8)[...], digits: 4)
      else { continue }
      vendors.insert(UInt16(vendor))
      if let deviceText = device.deviceId, let id = PCIUevent.hex(Array(deviceText.utf8)[...], digits: 4) {
        pairs.insert(UInt32(vendor) << 16 | UInt32(id))
      }
    }
    wantedVendors = vendors
    wantedDevices = pairs
    lastVendor = vendors.max() ?? 0
    self.vendors = vendors.sorted()
    isDone = vendors.isEmpty
  }

  /// The reading starts inside a line: everything up to the first line feed is passed over.
  mutating func startMidLine() { skippingToLineStart = true }
  private var skippingToLineStart = false

  /// The next bytes of the file; a line split across chunks is kept until its end arrives.
  mutating func feed(_ chunk: ArraySlice<UInt8>) {
    var start = chunk.startIndex
    if skippingToLineStart {
      guard let newline = Self.newline(in: chunk, from: start) else { return }
      skippingToLineStart = false
      start = newline + 1
    }
    while !isDone, let newline = Self.newline(in: chunk, from: start) {
      if partial.isEmpty {
        line(chunk[start..<newline])
      } else {
        partial += chunk[start..<newline]
        line(partial[...])
        partial.removeAll(keepingCapacity: true)
      }
      start = newline + 1
    }
    if !isDone { partial += chunk[start...] }
  }

  /// The next line feed at or after `start`, found by memchr: a byte loop over the 1.4 MB cost
  /// more than everything else the scan does.
  private static func newline(in chunk: ArraySlice<UInt8>, from start: Int) -> Int? {
    chunk.withUnsafeBufferPointer { buffer in
      let offset = start - chunk.startIndex
      guard offset < buffer.count, let base = buffer.baseAddress,
        let found = memchr(base + offset, 0x0A, buffer.count - offset)
      else { return nil }
      return chunk.startIndex + (UnsafeRawPointer(found) - UnsafeRawPointer(base))
    }
  }

  /// The end of the file: a last line without a newline.
  mutating func finish() {
    if !isDone, !partial.isEmpty { line(partial[...]) }
    partial.removeAll()
    isDone = true
  }

  private mutating func line(_ line: ArraySlice<UInt8>) {
    guard let first = line.first, first != UInt8(ascii: "#") else { return }
    if first == UInt8(ascii: "C"), line.dropFirst().first == UInt8(ascii: " ") {
      isDone = true
      return
    }
    // Most of the file's 36,000 lines belong to vendors nobody asked for: their device lines
    // are passed over on their first bytes, and a name becomes a String only when it is wanted.
    if first == 0x09 {
      guard let vendor, line.dropFirst().first != 0x09, let id = Self.id(line.dropFirst()) else { return }
      if let last = vendorDevices.last, id > last {
        // Past the vendor's last wanted device: those not met are not in the database.
        for device in vendorDevices { wantedDevices.remove(UInt32(vendor) << 16 | UInt32(device)) }
        passVendor()
        return
      }
      guard vendorDevices.contains(id), let name = Self.name(line.dropFirst()) else { return }
      wantedDevices.remove(UInt32(vendor) << 16 | UInt32(id))
      vendorDevices.removeAll { $0 == id }
      names.devices[PCIDeviceInfo.hex(UInt64(vendor), width: 4) + ":" + PCIDeviceInfo.hex(UInt64(id), width: 4)] = name
      // The vendor's last wanted name: the rest of its block (Intel's is 400 KB) is not read.
      if vendorDevices.isEmpty { passVendor() }
    } else {
      vendor = nil
      guard let id = Self.id(line) else { return }
      // The wanted vendors' devices all come before the next vendor: stop past the last one.
      if wantedVendors.isEmpty && wantedDevices.isEmpty || id > lastVendor {
        isDone = true
        return
      }
      guard wantedVendors.contains(id) || wantedDevices.contains(where: { $0 >> 16 == id }) else { return }
      vendor = id
      vendorDevices = wantedDevices.filter { $0 >> 16 == id }.map { UInt16(truncatingIfNeeded: $0) }.sorted()
      if wantedVendors.remove(id) != nil, let name = Self.name(line) {
        names.vendors[PCIDeviceInfo.hex(UInt64(id), width: 4)] = name
      }
      if vendorDevices.isEmpty { passVendor() }
    }
  }

  /// Nothing more is wanted of the current vendor: the rest of its lines are passed over, and
  /// the scan ends when nothing more is wanted at all.
  private mutating func passVendor() {
    vendor = nil
    vendorDevices = []
    if wantedVendors.isEmpty && wantedDevices.isEmpty { isDone = true }
  }

  /// The ID of an `XXXX  Name` line; nil for another line.
  static func id(_ line: ArraySlice<UInt8>) -> UInt16? {
    guard line.count > 6, line[line.startIndex + 4] == 0x20, line[line.startIndex + 5] == 0x20,
      let id = PCIUevent.hex(line.prefix(4), digits: 4)
    else { return nil }
    return UInt16(id)
  }

  /// The name of an `XXXX  Name` line; nil when blank.
  private static func name(_ line: ArraySlice<UInt8>) -> String? {
    let name = String(decoding: line.dropFirst(6), as: UTF8.self).trimmingWhitespace()
    return name.isEmpty ? nil : name
  }
}
