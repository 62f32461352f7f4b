#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reads channel groups of one IIO device through its buffer (`/dev/iio:deviceN`): several at
/// once (a combined chip's `accel` and `anglvel`), each scan decoded into one sample per group
/// stamped with the scan's `in_timestamp`.
///
/// Starting enables the scan elements of the groups asked for and the timestamp, the driver's own
/// trigger when none is set, and the buffer. Scan elements someone left enabled stay enabled
/// (the scan is laid out with them). Every write is checked; `stop()` puts back exactly what was
/// changed, the buffer first (the kernel refuses scan changes while it runs). A buffer that is
/// already enabled belongs to another reader (iio-sensor-proxy; the node is exclusive) and is
/// never touched.
final class IIOBufferedSource: StreamingSampleSource {
  let device: IIODevice
  let kinds: [SensorInfo.Kind]
  let devicePath: String
  var onSample: ((SensorSample) -> Void)?
  private(set) var samplesRead = 0
  /// Whole scans decoded.
  private(set) var scansRead = 0

  /// Attributes changed, with what they held before, in the order written.
  private var saved: [(path: String, value: String)] = []
  private let layout: ScanLayout
  private let groups: [(group: IIOChannelGroup, axes: [(channel: IIOChannel, slot: ScanLayout.Channel)])]
  private let timestamp: ScanLayout.Channel?
  private var latest: [SensorInfo.Kind: SensorSample] = [:]
  /// The device node; the loop unwatches it by this number after `stop()` closed it.
  let descriptor: FileDescriptor
  private var isOpen = true
  private let buffer: UnsafeMutableRawBufferPointer
  private var filled = 0

  var id: String { device.id }
  var mode: SampleMode { .buffered }

  enum OpenError: Error, Equatable, CustomStringConvertible {
    case notBuffered
    case busy
    case unreadable(path: String, reason: String)
    case noChannels(SensorInfo.Kind)
    /// An enabled scan element whose place in the scan devcaps cannot compute.
    case undecodable(element: String, type: String?)
    case notWritable(String)
    case noDeviceNode(String)
    /// A write the kernel refused while starting, and what could not be put back after it.
    case writeFailed(SysfsWriteError, notRestored: [SysfsWriteError])

    var description: String {
      switch self {
      case .notBuffered: return "the device has no scan_elements"
      case .busy: return "its buffer is already enabled by another reader"
      case .unreadable(let path, let reason): return "\(path): \(reason)"
      case .noChannels(let kind):
        let group = IIOChannelGroup(kind: kind)
        return "no decodable \(group.type)\(group.isVector ? "_{x,y,z}" : "") scan elements"
      case .undecodable(let element, let type):
        return
          "the enabled scan element \(element) has the type \((type ?? "").quotedForMessage), which devcaps cannot lay out"
      case .notWritable(let path): return "\(path) is not writable"
      case .noDeviceNode(let path): return "\(path) cannot be opened as a character device or FIFO"
      case .writeFailed(let failure, let notRestored):
        return ([failure] + notRestored).map(\.description).joined(separator: "; ")
      }
    }
  }

  /// Prepares and enables the buffer, or says why it cannot be used (the caller then polls).
  /// `devicePath` defaults to `/dev/iio:deviceN`; `triggers` is where trigger devices are listed.
  ///
  /// With `hertz`, the device's `sampling_frequency` is set to the nearest rate its driver lists
  /// (``samplingFrequency`` says which) and put back with the rest.
  init(
    device: IIODevice, kinds: [SensorInfo.Kind], devicePath: String? = nil, triggers: String = "/sys/bus/iio/devices",
    hertz: Double? = nil
  ) throws(OpenError) {
    self.device = device
    self.kinds = kinds
    let node = devicePath ?? "/dev/" + device.id
    self.devicePath = node
    let base = device.syspath + "/"
    guard !device.scanElements.isEmpty else { throw .notBuffered }
    func read(_ path: String) throws(OpenError) -> String {
      switch SysfsAttribute.read(path) {
      case .success(let text): return text
      case .failure(let failure): throw .unreadable(path: path, reason: failure.description)
      }
    }
    guard try read(base + "buffer/enable") == "0" else { throw .busy }

    // The elements wanted: each group's channels and, as iio-sensor-proxy reads it, the timestamp.
    var wanted: Set<String> = []
    for kind in kinds {
      guard let group = device.group(kind), group.channels.count == (group.isVector ? 3 : 1),
        group.channels.allSatisfy({ $0.scan?.isDecodable == true })
      else { throw .noChannels(kind) }
      wanted.formUnion(group.channels.map(\.name))
    }
    if let element = device.scanElement("in_timestamp"), element.isDecodable { wanted.insert(element.name) }

    // The scan holds what is enabled after the changes: the wanted elements and whatever was
    // already on, which stays on.
    var changes: [(path: String, value: String)] = []
    var enabled: [(name: String, index: Int, format: ScanFormat)] = []
    for element in device.scanElements {
      let path = base + "scan_elements/" + element.name + "_en"
      let isOn = try read(path) == "1"
      guard wanted.contains(element.name) || isOn else { continue }
      guard let index = element.index, let format = element.format else {
        throw .undecodable(element: element.name, type: element.typeText)
      }
      if !isOn { changes.append((path, "1")) }
      enabled.append((element.name, index, format))
    }
    if case .success(let trigger) = SysfsAttribute.read(base + "trigger/current_trigger"), trigger.isEmpty,
      let name = IIOBufferedSource.ownTrigger(of: device, in: triggers)
    {
      changes.append((base + "trigger/current_trigger", name))
    }
    let layout = ScanLayout(enabled)
    self.layout = layout
    groups = kinds.compactMap { device.group($0) }.map { group in
      (group, group.channels.map { channel in (channel, layout.channel(channel.name)!) })
    }
    timestamp = layout.channel("in_timestamp")

    // The rate is set before the buffer is enabled: most drivers refuse it while it runs.
    let frequency = hertz.flatMap { SamplingFrequency.choose(for: $0, device: device, kind: kinds[0]) }
    samplingFrequency = frequency?.chosen
    if let frequency { changes.append((frequency.path, frequency.text)) }
    let writes = changes + [(base + "buffer/enable", "1")]
    for (path, _) in writes where !SysfsAttribute.isWritable(path) {
      throw .notWritable(path)
    }
    var previous: [String] = []
    for (path, _) in writes { previous.append(try read(path)) }
    let opened = try? FileDescriptor.open(node, O_RDONLY | O_NONBLOCK)
    guard let opened, let info = try? opened.status(), [.characterDevice, .fifo].contains(FileKind(mode: info.st_mode))
    else {
      opened?.closeIgnoringErrors()
      throw .noDeviceNode(node)
    }
    descriptor = opened
    buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(layout.scanBytes * 64, 64), alignment: 8)

    // Each change is recorded before the next is made, so a refusal puts back what was done.
    for ((path, value), before) in zip(writes, previous) {
      if case .failure(let failure) = SysfsAttribute.write(path, value) {
        throw .writeFailed(failure, notRestored: stop())
      }
      saved.append((path, before))
    }
  }

  /// The `sampling_frequency` set for the stream's rate; nil when it was left as it was.
  private(set) var samplingFrequency: Double?

  deinit {
    // A last resort: the owner calls stop() to learn what could not be put back.
    _ = stop()
    buffer.deallocate()
  }

  /// The driver's own trigger, `<name>-dev<N>`, when it exists among the trigger devices.
  static func ownTrigger(of device: IIODevice, in triggers: String) -> String? {
    guard let name = device.name, let number = device.number else { return nil }
    let wanted = "\(name)-dev\(number)"
    guard case .success(let entries) = SystemRoot().directoryEntries(triggers) else { return nil }
    for entry in entries where entry.hasPrefix("trigger") {
      if case .success(let text) = SysfsAttribute.read(triggers + "/" + entry + "/name"), text == wanted {
        return wanted
      }
    }
    return nil
  }

  /// Closes the node and puts back every attribute changed, the buffer first; returns the writes
  /// that failed (each attempted all the same). A second call does nothing.
  func stop() -> [SysfsWriteError] {
    if isOpen {
      descriptor.closeIgnoringErrors()
      isOpen = false
    }
    var failures: [SysfsWriteError] = []
    for (path, value) in saved.reversed() {
      if case .failure(let failure) = SysfsAttribute.write(path, value) { failures.append(failure) }
    }
    saved.removeAll()
    return failures
  }

  func sample(_ kind: SensorInfo.Kind) -> Result<SensorSample, SampleError> {
    guard kinds.contains(kind) else { return .failure(.notDelivered(kind: kind, id: id)) }
    return latest[kind].map { .success($0) } ?? .failure(.noDataYet)
  }

  /// Reads what the buffer holds and decodes every complete scan; returns false at the end of
  /// the data (a FIFO whose writer left) or on a read error.
  func drain() -> Bool {
    guard isOpen else { return false }
    while true {
      let count: Int
      switch Result(catching: { () throws(Errno) in
        try descriptor.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
      }) {
      case .success(0): return false
      case .success(let read): count = read
      case .failure(let error): return error == .resourceTemporarilyUnavailable
      }
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

  /// One scan: a sample per group, all with the scan's timestamp (or the time of the read when
  /// the device has none).
  private func decode(_ scan: UnsafeRawBufferPointer) {
    let time =
      timestamp.flatMap { slot in slot.format.decode(scan, at: slot.offset) }.map {
        SampleTimestamp(nanoseconds: $0, clock: device.timestampClock)
      }
      ?? SampleTimestamp.now()
    var samples: [SensorSample] = []
    for (group, axes) in groups {
      var values: [Double] = []
      for (channel, slot) in axes {
        guard let raw = slot.format.decode(scan, at: slot.offset) else { return }
        values.append(channel.value(raw: Double(raw)))
      }
      let value: SensorSample.Value =
        group.isVector ? .vector(group.vector(values[0], values[1], values[2])) : .scalar(group.scalar(values[0]))
      samples.append(SensorSample(kind: group.kind, value: value, timestamp: time))
    }
    scansRead += 1
    for sample in samples {
      latest[sample.kind] = sample
      samplesRead += 1
      onSample?(sample)
    }
  }
}
