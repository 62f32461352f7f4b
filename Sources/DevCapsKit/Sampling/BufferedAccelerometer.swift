#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reads an accelerometer through its IIO buffer (`/dev/iio:deviceN`): enables the x, y, z scan
/// elements, a trigger when the device needs one, and the buffer; decodes scans as they arrive;
/// restores every attribute it changed when stopped. Used only when the buffer is idle and the
/// attributes are writable: a buffer someone else enabled (iio-sensor-proxy) is never touched.
public final class BufferedAccelerometer {
  public let sensor: SensorInfo
  private let base: String
  private let devicePath: String
  private var saved: [(path: String, value: String)] = []
  private var layout: ScanLayout
  /// The x, y and z channels of the layout, in that order.
  private var axisChannels: [ScanLayout.Channel] = []
  private var scales: [Double]
  private var offsets: [Double]
  private let matrix: MountMatrix
  private(set) var fd: Int32 = -1
  private var buffer: UnsafeMutableRawBufferPointer
  private var filled = 0
  public private(set) var latest: Vector3? = nil
  public private(set) var scansRead = 0

  public enum Unusable: Error, Equatable, CustomStringConvertible {
    case notBuffered
    case busy
    case notWritable(String)
    case noChannels
    case noDeviceNode(String)
    case writeFailed(String, Errno)

    public var description: String {
      switch self {
      case .notBuffered: return "the device has no scan_elements"
      case .busy: return "its buffer is already enabled by another reader"
      case .notWritable(let path): return "\(path) is not writable"
      case .noChannels: return "no decodable in_accel_{x,y,z} scan elements"
      case .noDeviceNode(let path): return "\(path) cannot be opened as a character device or FIFO"
      case .writeFailed(let path, let error): return "writing \(path) failed: \(error)"
      }
    }
  }

  /// Prepares and enables the buffer, or says why it cannot be used (the caller then polls).
  public init(sensor: SensorInfo, context: ProbeContext) throws(Unusable) {
    self.sensor = sensor
    base = sensor.syspath + "/"
    devicePath = "/dev/" + sensor.id
    matrix = sensor.mountMatrix ?? .identity
    let elements = Set(context.liveEntries(base + "scan_elements"))
    guard !elements.isEmpty else { throw .notBuffered }
    func text(_ path: String) -> String? {
      guard case .success(let bytes) = SystemRoot().readBytes(path) else { return nil }
      return String(decoding: bytes, as: UTF8.self).trimmingWhitespace()
    }
    guard text(base + "buffer/enable") == "0" else { throw .busy }
    var channels: [(name: String, index: Int, format: ScanFormat)] = []
    var scales: [Double] = []
    var offsets: [Double] = []
    for axis in ["x", "y", "z"] {
      let channel = "in_accel_\(axis)"
      guard elements.contains(channel + "_en"), let format = text(base + "scan_elements/\(channel)_type").flatMap(ScanFormat.parse),
        let index = text(base + "scan_elements/\(channel)_index").flatMap({ Int($0) })
      else { throw .noChannels }
      channels.append((channel, index, format))
      scales.append(text(base + channel + "_scale").flatMap(Double.init) ?? text(base + "in_accel_scale").flatMap(Double.init) ?? 1)
      offsets.append(text(base + channel + "_offset").flatMap(Double.init) ?? text(base + "in_accel_offset").flatMap(Double.init) ?? 0)
    }
    layout = ScanLayout(channels)
    self.scales = scales
    self.offsets = offsets
    buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(layout.scanBytes * 64, 64), alignment: 8)

    // The scan holds x, y, z and, as iio-sensor-proxy reads it, the timestamp; every other
    // channel is switched off. The layout is that of all the channels enabled.
    var changes: [(String, String)] = []
    var enabled = channels
    if elements.contains("in_timestamp_en"), let format = text(base + "scan_elements/in_timestamp_type").flatMap(ScanFormat.parse),
      let index = text(base + "scan_elements/in_timestamp_index").flatMap({ Int($0) })
    {
      enabled.append(("in_timestamp", index, format))
    }
    for element in elements.sorted() where element.hasSuffix("_en") {
      let wanted = enabled.contains { $0.name + "_en" == element } ? "1" : "0"
      changes.append((base + "scan_elements/" + element, wanted))
    }
    layout = ScanLayout(enabled)
    if let trigger = text(base + "trigger/current_trigger"), trigger.isEmpty, let name = BufferedAccelerometer.trigger(for: sensor, context: context) {
      changes.append((base + "trigger/current_trigger", name))
    }
    for (path, _) in changes + [(base + "buffer/enable", "1")] where access(path, W_OK) != 0 {
      deallocateBuffer()
      throw .notWritable(path)
    }
    var info = stat()
    let node = open(devicePath, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard node >= 0, fstat(node, &info) == 0, (info.st_mode & S_IFMT) == S_IFCHR || (info.st_mode & S_IFMT) == S_IFIFO else {
      if node >= 0 { close(node) }
      deallocateBuffer()
      throw .noDeviceNode(devicePath)
    }
    fd = node
    // A refused write puts back what was changed (the first failure is the one reported), and
    // the caller polls instead.
    func write(_ path: String, _ value: String) throws(Unusable) {
      guard case .failure(let error) = BufferedAccelerometer.write(path, value) else { return }
      _ = try? restore()
      deallocateBuffer()
      throw .writeFailed(path, error)
    }
    for (path, value) in changes {
      saved.append((path, text(path) ?? ""))
      try write(path, value)
    }
    saved.append((base + "buffer/enable", "0"))
    try write(base + "buffer/enable", "1")
    axisChannels = ["in_accel_x", "in_accel_y", "in_accel_z"].compactMap { layout.channel($0) }
  }

  deinit {
    // Nobody is left to tell: the owner let go without calling restore(), whose failures it
    // would have reported.
    _ = try? restore()
    deallocateBuffer()
  }

  private var deallocated = false
  private func deallocateBuffer() {
    if !deallocated {
      buffer.deallocate()
      deallocated = true
    }
  }

  /// The driver's own trigger, `<name>-dev<N>`, when the device needs one.
  static func trigger(for sensor: SensorInfo, context: ProbeContext) -> String? {
    guard let name = sensor.name, let number = sensor.id.split(separator: "e").last.flatMap({ Int($0) }) else { return nil }
    let wanted = "\(name)-dev\(number)"
    for entry in context.liveEntries("/sys/bus/iio/devices") where entry.hasPrefix("trigger") {
      if let bytes = context.liveBytes("/sys/bus/iio/devices/\(entry)/name"),
        String(decoding: bytes, as: UTF8.self).trimmingWhitespace() == wanted
      {
        return wanted
      }
    }
    return nil
  }

  /// Every attribute that could not be put back, with the reason.
  public struct RestoreFailure: Error, CustomStringConvertible {
    public var failures: [(path: String, error: Errno)]
    public var description: String {
      failures.map { "cannot restore \($0.path): \($0.error)" }.joined(separator: "; ")
    }
  }

  /// Puts back every attribute, the buffer first (the kernel refuses scan changes while it runs).
  /// Tries them all; throws the ones that failed.
  public func restore() throws(RestoreFailure) {
    if fd >= 0 {
      close(fd)
      fd = -1
    }
    var failures: [(path: String, error: Errno)] = []
    for (path, value) in saved.reversed() {
      if case .failure(let error) = BufferedAccelerometer.write(path, value) { failures.append((path, error)) }
    }
    saved.removeAll()
    if !failures.isEmpty { throw RestoreFailure(failures: failures) }
  }

  /// Writes a sysfs attribute: the kernel's answer (EINVAL, EBUSY…) comes back from write(2).
  static func write(_ path: String, _ value: String) -> Result<Void, Errno> {
    let descriptor: Int32
    switch Errno.result({ open(path, O_WRONLY | O_TRUNC | O_CLOEXEC) }) {
    case .success(let opened): descriptor = opened
    case .failure(let error): return .failure(error)
    }
    defer { close(descriptor) }
    var bytes = Array(value.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { buffer in Errno.result { Glibc.write(descriptor, buffer.baseAddress, buffer.count) } }
      switch written {
      case .success(let count): bytes = bytes.dropFirst(count)
      case .failure(let error): return .failure(error)
      }
    }
    return .success(())
  }

  public var descriptor: Int32 { fd }

  /// Reads what the buffer holds and decodes every complete scan; the newest becomes `latest`.
  /// Returns false at end of data (a FIFO whose writer left) or on an error.
  public func drain() -> Bool {
    while true {
      let count = read(fd, buffer.baseAddress! + filled, buffer.count - filled)
      if count < 0 { return errno == EAGAIN || errno == EINTR }
      if count == 0 { return false }
      filled += count
      let whole = filled / layout.scanBytes * layout.scanBytes
      var offset = 0
      while offset < whole {
        decode(UnsafeRawBufferPointer(rebasing: buffer[offset..<(offset + layout.scanBytes)]))
        offset += layout.scanBytes
      }
      if whole > 0 {
        let rest = filled - whole
        if rest > 0 { buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + whole, byteCount: rest) }
        filled = rest
      }
    }
  }

  private func decode(_ scan: UnsafeRawBufferPointer) {
    func axis(_ index: Int) -> Double? {
      let channel = axisChannels[index]
      return channel.format.decode(scan, at: channel.offset).map { (Double($0) + offsets[index]) * scales[index] }
    }
    guard axisChannels.count == 3, let x = axis(0), let y = axis(1), let z = axis(2) else { return }
    latest = matrix.apply(Vector3(x, y, z)) / standardGravity
    scansRead += 1
  }
}
