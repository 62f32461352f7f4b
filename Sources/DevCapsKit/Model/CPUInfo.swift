public struct CPUInfo: Sendable, Encodable, Equatable {
  /// The processor's name; distinct names of a heterogeneous CPU joined with ` + `.
  public var model: String?
  /// CPUs online (`/sys/devices/system/cpu/online`).
  public var logicalCores: Int?
  /// Distinct cores (package and core id).
  public var physicalCores: Int?
  /// Distinct physical packages (sockets).
  public var packages: Int?
  public var frequency: CPUFrequency

  public init(
    model: String? = nil, logicalCores: Int? = nil, physicalCores: Int? = nil, packages: Int? = nil,
    frequency: CPUFrequency = CPUFrequency()
  ) {
    self.model = model
    self.logicalCores = logicalCores
    self.physicalCores = physicalCores
    self.packages = packages
    self.frequency = frequency
  }
}

/// Hz. `max` is the highest `cpuinfo_max_freq` of any CPU (the measured `cpu-frequency` key),
/// `min` the lowest `cpuinfo_min_freq`, `current` the first CPU's current frequency.
public struct CPUFrequency: Sendable, Encodable, Equatable {
  public var currentHz: Int64?
  public var minHz: Int64?
  public var maxHz: Int64?

  public init(currentHz: Int64? = nil, minHz: Int64? = nil, maxHz: Int64? = nil) {
    self.currentHz = currentHz
    self.minHz = minHz
    self.maxHz = maxHz
  }
}
