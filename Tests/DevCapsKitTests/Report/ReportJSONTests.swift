import Foundation
import Testing

@testable import DevCapsKit

/// `Report.json`, written member by member, is the one writer of the report and its models: their
/// `Encodable` conformances encode that document, so Foundation's `JSONEncoder` gives the same
/// members and the same nulls as `list --json`, for the report and for each section on its own;
/// and the `Decodable` conformances read it back to the same report.
@Suite("The report's JSON, written by hand")
struct ReportJSONTests {
  /// A JSON text as Foundation reads it, for comparing documents whatever their key order.
  static func parsed(_ data: Data) throws -> NSObject {
    try #require(try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? NSObject)
  }

  /// Foundation's encoding of `value` is devcaps' `document`.
  static func expectFoundationAgrees(_ value: some Encodable, _ document: JSONValue, _ what: String) throws {
    let foundation = try parsed(try JSONEncoder().encode(value))
    let devcaps = try parsed(Data(document.serialized().utf8))
    #expect(foundation == devcaps, "\(what): JSONEncoder \(foundation) ≠ devcaps \(devcaps)")
  }

  /// The report and each of its sections encode through `JSONEncoder` as `list --json` writes
  /// them, and the document decodes back to the same report (when it has no NaN or infinity,
  /// which JSON can only write as null).
  static func expectOneWriter(_ report: Report, roundTrip: Bool = true) throws {
    try expectFoundationAgrees(report, report.json, "the report")
    let sections: [(String, any Encodable)] = [
      ("device", report.device), ("system", report.system), ("cpu", report.cpu), ("memory", report.memory),
      ("limits", report.limits), ("disks", report.disks), ("network", report.network),
      ("storage", report.storage), ("power", report.power), ("thermal", report.thermal),
      ("sensors", report.sensors), ("displays", report.displays), ("gpus", report.gpus),
      ("cameras", report.cameras), ("audio", report.audio), ("radios", report.radios), ("inputs", report.inputs),
    ]
    for (key, section) in sections {
      guard let document = report.json[key], document != .null else { continue }
      try expectFoundationAgrees(section, document, key)
    }
    guard roundTrip else { return }
    let decoded = try JSONValueDecoder().decode(Report.self, from: report.json)
    #expect(decoded.json == report.json)
  }
  static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("devcapsEndToEndTests/Fixtures/golden")

  static var recordedMachines: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: golden.path)) ?? []
    return names.filter { $0.hasPrefix("list-") && $0.hasSuffix(".json") }.sorted()
  }

  @Test("every recorded machine has a saved report to compare")
  func machinesFound() {
    #expect(Self.recordedMachines.count >= 6)
  }

  @Test("the recorded machines' reports", arguments: ReportJSONTests.recordedMachines)
  func recordedMachine(_ name: String) throws {
    // The goldens stand "<statvfs>" for the sizes of the filesystem the test ran on.
    let text = try String(contentsOf: Self.golden.appendingPathComponent(name), encoding: .utf8)
      .replacingOccurrences(of: "\"<statvfs>\"", with: "1234567890")
    let report = try JSONValueDecoder().decode(Report.self, from: try JSONParser.parse(Array(text.utf8)))
    try Self.expectOneWriter(report)
  }

  @Test("every section asked for and nothing found: nulls, and no capabilityEvidence")
  func empty() throws {
    let report = Report(sections: ReportSection.allCases)
    try Self.expectOneWriter(report)
    #expect(report.json["capabilityEvidence"] == nil)
  }

  @Test("readings of every shape, NaN as null, a mount matrix, a peripheral, a warning")
  func everyShape() throws {
    var report = Report(sections: [.power, .sensors, .capabilities])
    var accelerometer = SensorInfo(type: .accelerometer, id: "iio:device0", bus: "iio", syspath: "/sys/x")
    accelerometer.mountMatrix = MountMatrix(rows: [[0, 1, 0], [-1, 0, 0], [0, 0, .infinity]])
    accelerometer.availableFrequenciesHz = [12.5, 100]
    accelerometer.reading = .vector(Vector3(.nan, 1, -9.81), unit: "m/s²")
    var light = SensorInfo(type: .light, id: "iio:device1", bus: "iio", syspath: "/sys/y")
    light.reading = .scalar(12, unit: "lx")
    var proximity = SensorInfo(type: .proximity, id: "event3", bus: "input", syspath: "/sys/z")
    proximity.reading = .proximity(raw: 3, near: nil)
    var rotation = SensorInfo(type: .rotation, id: "iio:device2", bus: "iio", syspath: "/sys/w")
    rotation.reading = .quaternion(Quaternion(w: 1, x: 0, y: 0, z: 0))
    report.sensors = [accelerometer, light, proximity, rotation]
    var power = PowerInfo(source: .upower)
    power.lidPresent = true
    power.level = 0.5
    var battery = BatteryInfo(id: "BAT0", state: .notCharging)
    battery.chargeCycles = 12
    battery.energyRateW = .nan
    power.batteries = [battery]
    power.peripherals = [PeripheralInfo(id: "mouse", kind: "mouse", level: 0.9)]
    report.power = power
    report.capabilities = [
      CapabilityResult(key: "wifi", present: false), CapabilityResult(key: "gpu", present: true, evidence: "card0"),
    ]
    report.warnings = [Diagnostic(path: "/sys/class/power_supply/BAT0/capacity", problem: "not a number: 'x'")]
    try Self.expectOneWriter(report, roundTrip: false)
  }

  @Test("the fields #25 added, every one filled: caches, rlimits, limits, the hypervisor, interfaces, disks")
  func machineFacts() throws {
    var report = Report(sections: [.device, .system, .cpu, .memory, .limits, .network, .storage])
    report.device = DeviceInfo(virtualization: "docker", virtualizationKind: .container, hypervisor: "kvm")
    report.system = SystemInfo(version: "12", fullVersion: "12.11", fullVersionSource: "/etc/debian_version")
    report.cpu = CPUInfo(
      model: "AMD EPYC", logicalCores: 2, availableCores: 1, vendor: "AuthenticAMD", family: "25", modelNumber: "1",
      stepping: "1",
      flags: ["avx2", "sse2"], level: "x86-64-v3",
      caches: [CPUCache(level: 1, type: "data", sizeBytes: 32768, instances: 2)],
      hypervisorVendor: "KVM")
    report.memory = MemoryInfo(totalBytes: 1 << 34, limitBytes: 512 << 20)
    report.limits = LimitsInfo(
      processOpenFiles: ProcessLimit(soft: 1024, hard: nil), processMaxProcesses: ProcessLimit(soft: nil, hard: 5))
    report.network = [
      NetworkInterfaceInfo(
        name: "eth0", kind: "ethernet", operstate: "up", speedMbps: 1000, mtu: 1500, macAddress: "52:54:00:12:34:56")
    ]
    report.storage = [
      StorageDeviceInfo(
        name: "vda", model: "QEMU", sizeBytes: 1 << 38, rotational: true, removable: false, transport: "virtio")
    ]
    try Self.expectOneWriter(report)
    let decoded = try JSONValueDecoder().decode(Report.self, from: report.json)
    #expect(decoded == report)
  }
}
