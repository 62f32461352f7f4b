/// The processors: model, cores and frequencies (`/proc/cpuinfo`, sysfs topology and cpufreq).
public struct CPUInfo: Sendable, Codable, Equatable {
  /// The processor's name as lscpu gives it; distinct names of a heterogeneous CPU joined with
  /// ` + `. Nil where lscpu prints `-` (s390, RISC-V without `uarch`, unknown ARM parts).
  public var model: String?
  /// CPUs online (`/sys/devices/system/cpu/online`).
  public var logicalCores: Int?
  /// Distinct cores of the online CPUs, as lscpu counts them (sets of sibling CPUs).
  public var physicalCores: Int?
  /// Distinct physical packages (sockets) of the online CPUs.
  public var packages: Int?
  /// Current, lowest and highest clock.
  public var frequency: CPUFrequency

  /// A CPU section as a test or a saved report describes it.
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

/// Hz. `max` is the highest `cpuinfo_max_freq` of any online CPU (the measured `cpu-frequency`
/// key), `min` the lowest `cpuinfo_min_freq`, `current` the first CPU's current frequency.
public struct CPUFrequency: Sendable, Codable, Equatable {
  /// The highest current frequency of the online CPUs, in Hz.
  public var currentHz: Int64?
  /// The lowest `cpuinfo_min_freq`, in Hz.
  public var minHz: Int64?
  /// The highest `cpuinfo_max_freq`, in Hz (`cpu-frequency` of a manifest).
  public var maxHz: Int64?

  /// Frequencies in Hz; nil where cpufreq says nothing.
  public init(currentHz: Int64? = nil, minHz: Int64? = nil, maxHz: Int64? = nil) {
    self.currentHz = currentHz
    self.minHz = minHz
    self.maxHz = maxHz
  }
}
