/// The `list --json` document built member by member: the one writer of the report and its
/// models. Through a synthesized `Codable` conformance the same document cost a fifth of
/// `list --json` (a generic container class instantiated at run time for each model's CodingKeys,
/// a coding path allocated and a chain of dynamic casts tried for every value); the models'
/// `Encodable` conformances now encode this document instead (ModelEncoding.swift), and their
/// `Decodable` ones read it back, which ReportFuzzer checks for every report it reads.
extension Report {
  /// The report as `JSONValueEncoder` encodes it: `schemaVersion`, the sections asked for in
  /// report order (`capabilityEvidence` after `capabilities`), then `warnings`.
  public var json: JSONValue {
    var members = [JSONMember("schemaVersion", .integer(Int64(Report.schemaVersion)))]
    members.reserveCapacity(sections.count + 3)
    for section in sections { section.entry.json(self, section.rawValue, &members) }
    members.append(JSONMember("warnings", warnings.json))
    return .object(members)
  }
}

/// A model that writes its own JSON; its `Encodable` conformance encodes that.
protocol ReportJSONConvertible {
  var json: JSONValue { get }
}

extension Optional where Wrapped: ReportJSONConvertible {
  var json: JSONValue { map(\.json) ?? .null }
}

extension Array: ReportJSONConvertible where Element: ReportJSONConvertible {
  var json: JSONValue { .array(map(\.json)) }
}

extension JSONValue {
  /// A number that may be NaN or infinite (null then, as the encoder writes them).
  static func number(finite value: Double) -> JSONValue { value.isFinite ? .number(value) : .null }
  /// An array of Strings.
  static func strings(_ values: [String]) -> JSONValue { .array(values.map(JSONValue.string)) }
}

extension DeviceInfo: ReportJSONConvertible {
  var json: JSONValue {
    .object([
      JSONMember("name", .optional(name)), JSONMember("model", .optional(model)),
      JSONMember("vendor", .optional(vendor)),
      JSONMember("platform", .optional(platform)), JSONMember("chassis", .string(chassis.rawValue)),
      JSONMember("chassisSource", .optional(chassisSource)), JSONMember("architecture", .optional(architecture)),
      JSONMember("virtualization", .optional(virtualization)),
      JSONMember("virtualizationKind", .optional(virtualizationKind?.rawValue)),
      JSONMember("hypervisor", .optional(hypervisor)),
      JSONMember("firmware", firmware.json), JSONMember("thermalState", .optional(thermalState?.rawValue)),
    ])
  }
}

extension FirmwareInfo: ReportJSONConvertible {
  var json: JSONValue {
    .object([
      JSONMember("vendor", .optional(vendor)), JSONMember("version", .optional(version)),
      JSONMember("date", .optional(date)),
    ])
  }
}

extension SystemInfo: ReportJSONConvertible {
  var json: JSONValue {
    .object([
      JSONMember("name", .optional(name)), JSONMember("version", .optional(version)),
      JSONMember("fullVersion", .optional(fullVersion)),
      JSONMember("fullVersionSource", .optional(fullVersionSource)), JSONMember("prettyName", .optional(prettyName)),
      JSONMember("id", .optional(id)), JSONMember("idLike", idLike.map(JSONValue.strings) ?? .null),
      JSONMember("kernel", .optional(kernel)),
      JSONMember("uptimeSeconds", .optional(uptimeSeconds)),
    ])
  }
}

extension CPUInfo: ReportJSONConvertible {
  var json: JSONValue {
    .object([
      JSONMember("model", .optional(model)), JSONMember("vendor", .optional(vendor)),
      JSONMember("family", .optional(family)),
      JSONMember("modelNumber", .optional(modelNumber)), JSONMember("stepping", .optional(stepping)),
      JSONMember("flags", .strings(flags)), JSONMember("level", .optional(level)), JSONMember("caches", caches.json),
      JSONMember("hypervisorVendor", .optional(hypervisorVendor)), JSONMember("logicalCores", .optional(logicalCores)),
      JSONMember("availableCores", .optional(availableCores)),
      JSONMember("availableCoresFraction", availableCoresFraction.map(JSONValue.number) ?? .null),
      JSONMember("availableCoresDecidedBy", .optional(availableCoresDecidedBy)),
      JSONMember("physicalCores", .optional(physicalCores)),
      JSONMember("packages", .optional(packages)),
      JSONMember("frequency", frequency.json),
    ])
  }
}

extension CPUCache: ReportJSONConvertible {
  var json: JSONValue {
    .object([
      JSONMember("level", .integer(Int64(level))), JSONMember("type", .string(type)),
      JSONMember("sizeBytes", .integer(sizeBytes)),
      JSONMember("instances", .integer(Int64(instances))),
    ])
  }
}

extension CPUFrequency: ReportJSONConvertible {
  var json: JSONValue {
    .object([
      JSONMember("currentHz", .optional(currentHz)), JSONMember("minHz", .optional(minHz)),
      JSONMember("maxHz", .optional(maxHz)), JSONMember("firmwareMaxHz", .optional(firmwareMaxHz)),
    ])
  }
}

extension MemoryInfo: ReportJSONConvertible {
  var json: JSONValue {
    .object([
      JSONMember("totalBytes", .optional(totalBytes)), JSONMember("installedBytes", .optional(installedBytes)),
      JSONMember("availableBytes", .optional(availableBytes)), JSONMember("limitBytes", .optional(limitBytes)),
      JSONMember("cgroupAvailableBytes", .optional(cgroupAvailableBytes)),
      JSONMember("swapTotalBytes", .optional(swapTotalBytes)),
      JSONMember("swapFreeBytes", .optional(swapFreeBytes)),
    ])
  }
}

extension LimitsInfo: ReportJSONConvertible {
  var json: JSONValue {
    .object([
      JSONMember("maxSocketBufferBytes", .optional(maxSocketBufferBytes)),
      JSONMember("maxSocketSendBufferBytes", .optional(maxSocketSendBufferBytes)),
      JSONMember("maxProcesses", .optional(maxProcesses)), JSONMember("maxThreads", .optional(maxThreads)),
      JSONMember("maxOpenFiles", .optional(maxOpenFiles)), JSONMember("processOpenFiles", processOpenFiles.json),
      JSONMember("processMaxProcesses", processMaxProcesses.json),
    ])
  }
}

extension ProcessLimit: ReportJSONConvertible {
  var json: JSONValue { .object([JSONMember("soft", .optional(soft)), JSONMember("hard", .optional(hard))]) }
}

extension DiskInfo: ReportJSONConvertible {
  var json: JSONValue {
    .object([
      JSONMember("path", .string(path)), JSONMember("source", .optional(source)), JSONMember("type", .optional(type)),
      JSONMember("readOnly", .optional(readOnly)), JSONMember("totalBytes", .optional(totalBytes)),
      JSONMember("freeBytes", .optional(freeBytes)), JSONMember("availableBytes", .optional(availableBytes)),
    ])
  }
}

extension NetworkInterfaceInfo: ReportJSONConvertible {
  var json: JSONValue {
    .object([
      JSONMember("name", .string(name)), JSONMember("kind", .string(kind)),
      JSONMember("operstate", .optional(operstate)),
      JSONMember("speedMbps", .optional(speedMbps)), JSONMember("mtu", .optional(mtu)),
      JSONMember("macAddress", .optional(macAddress)),
    ])
  }
}

extension StorageDeviceInfo: ReportJSONConvertible {
  var json: JSONValue {
    .object([
      JSONMember("name", .string(name)), JSONMember("model", .optional(model)),
      JSONMember("sizeBytes", .optional(sizeBytes)),
      JSONMember("rotational", .optional(rotational)), JSONMember("removable", .optional(removable)),
      JSONMember("transport", .optional(transport)),
    ])
  }
}

extension PowerInfo: ReportJSONConvertible {
  var json: JSONValue {
    .object([
      JSONMember("source", .string(source.rawValue)), JSONMember("onBattery", .optional(onBattery)),
      JSONMember("linePowerOnline", .optional(linePowerOnline)),
      JSONMember(
        "lid", .object([JSONMember("present", .optional(lidPresent)), JSONMember("closed", .optional(lidClosed))])),
      JSONMember("level", .optional(level)), JSONMember("batteries", batteries.json),
      JSONMember("peripherals", peripherals.json),
      JSONMember("powerProfile", powerProfile.json),
    ])
  }
}

extension BatteryInfo: ReportJSONConvertible {
  var json: JSONValue {
    .object([
      JSONMember("id", .string(id)), JSONMember("level", .optional(level)),
      JSONMember("state", .string(state.rawValue)),
      JSONMember("timeToEmptySeconds", .optional(timeToEmptySeconds)),
      JSONMember("timeToFullSeconds", .optional(timeToFullSeconds)),
      JSONMember("energyWh", .optional(energyWh)), JSONMember("energyFullWh", .optional(energyFullWh)),
      JSONMember("energyFullDesignWh", .optional(energyFullDesignWh)),
      JSONMember("energyRateW", .optional(energyRateW)),
      JSONMember("health", .optional(health)), JSONMember("technology", .optional(technology)),
      JSONMember("vendor", .optional(vendor)),
      JSONMember("model", .optional(model)), JSONMember("chargeCycles", .optional(chargeCycles)),
      JSONMember("warningLevel", .optional(warningLevel)),
    ])
  }
}

extension PeripheralInfo: ReportJSONConvertible {
  var json: JSONValue {
    .object([
      JSONMember("id", .string(id)), JSONMember("kind", .string(kind)), JSONMember("model", .optional(model)),
      JSONMember("level", .optional(level)), JSONMember("state", .string(state.rawValue)),
    ])
  }
}

extension SensorInfo: ReportJSONConvertible {
  var json: JSONValue {
    .object([
      JSONMember("type", .string(type.rawValue)), JSONMember("name", .optional(name)), JSONMember("id", .string(id)),
      JSONMember("bus", .string(bus)), JSONMember("location", .optional(location?.rawValue)),
      JSONMember(
        "mountMatrix", mountMatrix.map { .array($0.rows.map { .array($0.map(JSONValue.number(finite:))) }) } ?? .null),
      JSONMember("scale", .optional(scale)), JSONMember("offset", .optional(offset)),
      JSONMember("samplingFrequencyHz", .optional(samplingFrequencyHz)),
      JSONMember("availableFrequenciesHz", .array(availableFrequenciesHz.map(JSONValue.number(finite:)))),
      JSONMember("buffered", .bool(buffered)), JSONMember("reading", reading.json),
    ])
  }
}

extension SensorReading: ReportJSONConvertible {
  var json: JSONValue {
    switch self {
    case .vector(let vector, let unit):
      return .object([
        JSONMember("x", .number(finite: vector.x)), JSONMember("y", .number(finite: vector.y)),
        JSONMember("z", .number(finite: vector.z)),
        JSONMember("unit", .string(unit)),
      ])
    case .scalar(let value, let unit):
      return .object([JSONMember("value", .number(finite: value)), JSONMember("unit", .string(unit))])
    case .proximity(let raw, let near):
      return .object([
        JSONMember("value", .number(finite: raw)), JSONMember("unit", .string("raw")),
        JSONMember("near", .optional(near)),
      ])
    case .quaternion(let q):
      return .object([
        JSONMember("w", .number(finite: q.w)), JSONMember("x", .number(finite: q.x)),
        JSONMember("y", .number(finite: q.y)),
        JSONMember("z", .number(finite: q.z)), JSONMember("unit", .string("quaternion")),
      ])
    }
  }
}

extension DisplayInfo: ReportJSONConvertible {
  var json: JSONValue {
    .object([
      JSONMember("connector", .string(connector)), JSONMember("card", .string(card)),
      JSONMember("internal", .bool(isInternal)),
      JSONMember("connected", .bool(connected)), JSONMember("enabled", .optional(enabled)),
      JSONMember("modes", .strings(modes)),
      JSONMember("manufacturerId", .optional(manufacturerId)), JSONMember("productCode", .optional(productCode)),
      JSONMember("serialNumber", .optional(serialNumber)), JSONMember("name", .optional(name)),
      JSONMember("widthMm", .optional(widthMm)), JSONMember("heightMm", .optional(heightMm)),
      JSONMember("preferredMode", .optional(preferredMode)),
      JSONMember("preferredRefreshHz", .optional(preferredRefreshHz)),
      JSONMember(
        "modeRefreshHz",
        modeRefreshHz.map { rates in .object(rates.keys.sorted().map { JSONMember($0, .optional(rates[$0])) }) }
          ?? .null),
    ])
  }
}

extension GPUInfo: ReportJSONConvertible {
  var json: JSONValue {
    .object([
      JSONMember("card", .string(card)), JSONMember("driver", .optional(driver)),
      JSONMember("vendor", .optional(vendor)),
      JSONMember("model", .optional(model)), JSONMember("pciId", .optional(pciId)),
      JSONMember("renderNode", .optional(renderNode)),
    ])
  }
}

extension CameraInfo: ReportJSONConvertible {
  var json: JSONValue {
    .object([
      JSONMember("id", .string(id)), JSONMember("name", .optional(name)), JSONMember("panel", .optional(panel)),
      JSONMember("driver", .optional(driver)),
    ])
  }
}

extension AudioCardInfo: ReportJSONConvertible {
  var json: JSONValue {
    .object([
      JSONMember("card", .string(card)), JSONMember("name", .optional(name)),
      JSONMember("playbackDevices", .integer(Int64(playbackDevices))),
      JSONMember("captureDevices", .integer(Int64(captureDevices))),
    ])
  }
}

extension RadioInfo: ReportJSONConvertible {
  var json: JSONValue {
    .object([JSONMember("type", .string(type)), JSONMember("id", .string(id)), JSONMember("driver", .optional(driver))])
  }
}

extension InputInfo: ReportJSONConvertible {
  var json: JSONValue {
    .object([
      JSONMember("id", .string(id)), JSONMember("name", .optional(name)), JSONMember("kinds", .strings(kinds)),
      JSONMember("switches", .strings(switches)), JSONMember("forceFeedback", .bool(forceFeedback)),
    ])
  }
}

extension PCIDeviceInfo: ReportJSONConvertible {
  var json: JSONValue {
    .object([
      JSONMember("address", .string(address)), JSONMember("classCode", .optional(classCode)),
      JSONMember("vendorId", .optional(vendorId)), JSONMember("deviceId", .optional(deviceId)),
      JSONMember("subsystemVendorId", .optional(subsystemVendorId)),
      JSONMember("subsystemDeviceId", .optional(subsystemDeviceId)), JSONMember("driver", .optional(driver)),
    ])
  }
}

extension USBDeviceInfo: ReportJSONConvertible {
  var json: JSONValue {
    .object([
      JSONMember("port", .string(port)), JSONMember("vendorId", .optional(vendorId)),
      JSONMember("productId", .optional(productId)), JSONMember("manufacturer", .optional(manufacturer)),
      JSONMember("product", .optional(product)), JSONMember("deviceClass", .optional(deviceClass)),
      JSONMember("interfaceClasses", .strings(interfaceClasses)), JSONMember("speedMbps", .optional(speedMbps)),
      JSONMember("removable", .optional(removable)), JSONMember("busNumber", .optional(busNumber)),
      JSONMember("deviceNumber", .optional(deviceNumber)),
    ])
  }
}

extension Diagnostic: ReportJSONConvertible {
  var json: JSONValue { .object([JSONMember("path", .string(path)), JSONMember("problem", .string(problem))]) }
}

extension ThermalInfo: ReportJSONConvertible {
  var json: JSONValue {
    .object([
      JSONMember("state", .string(state.rawValue)), JSONMember("reason", .optional(reason)),
      JSONMember("zones", zones.json),
      JSONMember("coolingDevices", coolingDevices.json),
    ])
  }
}

extension ThermalZoneInfo: ReportJSONConvertible {
  var json: JSONValue {
    .object([
      JSONMember("id", .string(id)), JSONMember("type", .optional(type)),
      JSONMember("temperatureCelsius", .optional(temperatureCelsius)), JSONMember("trips", trips.json),
    ])
  }
}

extension ThermalTrip: ReportJSONConvertible {
  var json: JSONValue {
    .object([JSONMember("type", .string(type)), JSONMember("temperatureCelsius", .number(finite: temperatureCelsius))])
  }
}

extension CoolingDeviceInfo: ReportJSONConvertible {
  var json: JSONValue {
    .object([
      JSONMember("id", .string(id)), JSONMember("type", .optional(type)),
      JSONMember("currentState", .optional(currentState)),
      JSONMember("maxState", .optional(maxState)),
    ])
  }
}

extension PowerProfileInfo: ReportJSONConvertible {
  var json: JSONValue {
    .object([
      JSONMember("profile", .string(profile)), JSONMember("degradedReason", .optional(degradedReason)),
      JSONMember("busName", .string(busName)),
    ])
  }
}
