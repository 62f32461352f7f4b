import DevCapsKit

/// A report in the Prometheus text exposition format 0.0.4, for node_exporter's textfile
/// collector: every family a gauge with HELP and TYPE, names in base units (`_bytes`, `_hertz`,
/// `_ratio`), label values escaped. An unknown (null) value has no series at all, and a family
/// without any series is left out, HELP and TYPE included.
struct PrometheusExport {
  let report: Report

  /// One metric family: its samples, each a label set and a value.
  private struct Family {
    var name: String
    var help: String
    var samples: [(labels: [(String, String)], value: String)] = []

    mutating func add(_ labels: [(String, String)] = [], _ value: String?) {
      guard let value else { return }
      // Two series with the same labels would be rejected by every parser: the first one stays.
      if samples.contains(where: { $0.labels.elementsEqual(labels, by: { $0 == $1 }) }) { return }
      samples.append((labels, value))
    }
  }

  func render() -> String {
    var families: [Family] = []

    var info = Family(
      name: "devcaps_info", help: "What the machine is; the value is always 1, an empty label is unknown.")
    info.add(
      [
        ("model", report.device?.model ?? ""), ("vendor", report.device?.vendor ?? ""),
        ("chassis", report.device?.chassis.rawValue ?? ""), ("architecture", report.device?.architecture ?? ""),
        ("os", report.system?.id ?? report.system?.name ?? ""),
        ("os_version", report.system?.fullVersion ?? report.system?.version ?? ""),
        ("kernel", report.system?.kernel ?? ""),
        ("virtualization", report.device.map { $0.virtualization ?? "none" } ?? ""),
        ("virtualization_kind", report.device?.virtualizationKind?.rawValue ?? ""),
        ("hypervisor", report.device?.hypervisor ?? ""),
      ], "1")
    families.append(info)

    var capability = Family(
      name: "devcaps_capability",
      help: "1 when the machine has the capability of the catalog (devcaps list), 0 when not.")
    let results = report.capabilities ?? []
    for key in CapabilityCatalog.keys {
      capability.add([("key", key)], results.first { $0.key == key }.map { $0.present ? "1" : "0" })
    }
    families.append(capability)

    let memory = report.memory
    families.append(
      gauge(
        "devcaps_memory_total_bytes", "Memory the kernel manages (MemTotal), in bytes.", memory?.totalBytes.map(integer)
      ))
    families.append(
      gauge(
        "devcaps_memory_installed_bytes", "Memory installed (RAM fitted), in bytes.",
        memory?.installedBytes.map(integer)))
    families.append(
      gauge(
        "devcaps_memory_available_bytes", "Memory available for new programs (MemAvailable), in bytes.",
        memory?.availableBytes.map(integer)))

    var diskSize = Family(name: "devcaps_disk_size_bytes", help: "Size of the filesystem mounted at path, in bytes.")
    var diskAvailable = Family(
      name: "devcaps_disk_available_bytes",
      help: "Bytes an unprivileged user can still write on the filesystem mounted at path.")
    for disk in report.disks ?? [] {
      diskSize.add([("path", disk.path)], disk.totalBytes.map(integer))
      diskAvailable.add([("path", disk.path)], disk.availableBytes.map(integer))
    }
    families += [diskSize, diskAvailable]

    let power = report.power
    var level = Family(name: "devcaps_battery_level_ratio", help: "Charge of the battery, 0 to 1.")
    var state = Family(name: "devcaps_battery_state", help: "1 for the battery's current state, 0 for the others.")
    let states: [BatteryState] = [.charging, .discharging, .full, .notCharging, .empty, .unknown]
    for battery in power?.batteries ?? [] {
      level.add([("battery", battery.id)], battery.level.flatMap(number))
      for candidate in states {
        state.add([("battery", battery.id), ("state", candidate.rawValue)], battery.state == candidate ? "1" : "0")
      }
    }
    families += [level, state]
    families.append(
      gauge(
        "devcaps_on_battery", "1 when the machine runs on battery, 0 when on line power.",
        power?.onBattery.map { $0 ? "1" : "0" }))

    families.append(
      gauge(
        "devcaps_displays_connected", "Displays connected, built-in panels included.",
        report.displays.map { integer($0.filter(\.connected).count) }))

    var sensors = Family(name: "devcaps_sensors", help: "Motion and environment sensors present, by type.")
    if let found = report.sensors {
      for kind in SensorInfo.Kind.allCases {
        sensors.add([("type", kind.rawValue)], integer(found.filter { $0.type == kind }.count))
      }
    }
    families.append(sensors)

    families.append(gauge("devcaps_cpu_logical_cores", "CPUs online.", report.cpu?.logicalCores.map(integer)))
    families.append(
      gauge(
        "devcaps_cpu_available_cores",
        "CPUs this process may use: the affinity mask, cpuset and CPU quota of its cgroup, the fewest (1.5 under a 1.5-CPU quota).",
        report.cpu.flatMap { cpu in cpu.availableCoresFraction.flatMap(number) ?? cpu.availableCores.map(integer) }))
    families.append(
      gauge(
        "devcaps_cpu_level", "The x86-64 psABI level the CPU meets, 1 to 4 (x86-64-v1 to x86-64-v4).",
        report.cpu?.level.flatMap(Self.cpuLevelNumber).map(integer)))
    families.append(
      gauge(
        "devcaps_memory_limit_bytes", "The memory limit of this process's cgroup (the tightest ancestor), in bytes.",
        memory?.limitBytes.map(integer)))
    families.append(
      gauge(
        "devcaps_cpu_max_frequency_hertz", "Highest maximum frequency of any online CPU, in hertz.",
        report.cpu?.frequency.maxHz.map(integer)))

    var text = ""
    for family in families where !family.samples.isEmpty {
      text += "# HELP \(family.name) \(Self.escapeHelp(family.help))\n"
      text += "# TYPE \(family.name) gauge\n"
      for sample in family.samples {
        text += family.name
        if !sample.labels.isEmpty {
          text +=
            "{"
            + sample.labels.map { "\($0.0)=\"\(OutsideText.escape($0.1, for: .prometheusLabel))\"" }.joined(
              separator: ",") + "}"
        }
        text += " \(sample.value)\n"
      }
    }
    return text
  }

  private func gauge(_ name: String, _ help: String, _ value: String?) -> Family {
    var family = Family(name: name, help: help)
    family.add([], value)
    return family
  }

  private func integer<T: BinaryInteger>(_ value: T) -> String { String(value) }

  /// A finite number as Go's ParseFloat reads it; NaN and infinities are unknown.
  private func number(_ value: Double) -> String? {
    value.isFinite ? String(value) : nil
  }

  /// `x86-64-v3` → 3; nil for anything else.
  static func cpuLevelNumber(_ level: String) -> Int? {
    guard level.hasPrefix("x86-64-v"), let number = Int(level.dropFirst("x86-64-v".count)), (1...4).contains(number)
    else { return nil }
    return number
  }

  /// HELP text: backslash and line feed escaped.
  static func escapeHelp(_ value: String) -> String {
    var escaped = ""
    for character in value.unicodeScalars {
      switch character {
      case "\\": escaped += "\\\\"
      case "\n": escaped += "\\n"
      default: escaped.unicodeScalars.append(character)
      }
    }
    return escaped
  }
}
