// Each model of the report encodes as the document Report/ReportJSON.swift writes for it: one
// writer per type, so `list --json`, `JSONValue(encoding:)` and Foundation's `JSONEncoder` give
// the same members and the same nulls (ReportJSONTests compares them).

extension DeviceInfo {
  public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}

extension FirmwareInfo {
  public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}

extension SystemInfo {
  public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}

extension CPUInfo {
  public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}

extension CPUCache {
  public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}

extension CPUFrequency {
  public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}

extension MemoryInfo {
  public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}

extension LimitsInfo {
  public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}

extension ProcessLimit {
  public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}

extension DiskInfo {
  public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}

extension NetworkInterfaceInfo {
  public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}

extension StorageDeviceInfo {
  public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}

extension PowerInfo {
  public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}

extension BatteryInfo {
  public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}

extension PeripheralInfo {
  public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}

extension SensorInfo {
  public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}

extension SensorReading {
  public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}

extension DisplayInfo {
  public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}

extension GPUInfo {
  public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}

extension CameraInfo {
  public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}

extension AudioCardInfo {
  public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}

extension RadioInfo {
  public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}

extension InputInfo {
  public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}

extension PCIDeviceInfo {
  public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}

extension USBDeviceInfo {
  public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}

extension Diagnostic {
  public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}

extension ThermalInfo {
  public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}

extension ThermalZoneInfo {
  public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}

extension ThermalTrip {
  public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}

extension CoolingDeviceInfo {
  public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}

extension PowerProfileInfo {
  public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}
