/// The processors: model, cores and frequencies (`/proc/cpuinfo`, sysfs topology and cpufreq).
public struct CPUInfo: Sendable, Codable, Equatable {
  /// The processor's name as lscpu gives it; distinct names of a heterogeneous CPU joined with
  /// ` + `. Nil where lscpu prints `-` (s390, RISC-V without `uarch`, unknown ARM parts).
  public var model: String?
  /// lscpu's "Vendor ID": `vendor_id` (GenuineIntel, AuthenticAMD, IBM/S390), the ARM
  /// implementer by name (ARM, Apple, Qualcomm), RISC-V `mvendorid`.
  public var vendor: String?
  /// lscpu's "CPU family": x86 `cpu family`, LoongArch `CPU Family`. Text, as lscpu prints it.
  public var family: String?
  /// lscpu's "Model": the revision where the architecture has one (ARM `CPU revision`, POWER
  /// `revision`), else x86 `model`.
  public var modelNumber: String?
  /// lscpu's "Stepping": x86 `stepping`, ARM `rNpM` from `CPU variant` and `CPU revision`.
  public var stepping: String?
  /// The kernel's feature names, sorted and de-duplicated: x86 `flags`, ARM and LoongArch
  /// `Features`, s390 `features`, RISC-V `isa` extensions, SPARC `type`. Only features every
  /// CPU has.
  public var flags: [String]
  /// `x86-64-v1` … `x86-64-v4` by the psABI's feature lists, as glibc's `ld.so --help` marks
  /// "supported"; nil off x86-64.
  public var level: String?
  /// One entry per cache level, type and size.
  public var caches: [CPUCache]
  /// lscpu's "Hypervisor vendor": KVM, Microsoft, VMware, Xen, IBM, …; nil on bare metal.
  public var hypervisorVendor: String?
  /// CPUs online (`/sys/devices/system/cpu/online`).
  public var logicalCores: Int?
  /// The CPUs this process may use: its scheduler affinity (what nproc counts), capped by its
  /// cgroup's cpuset and CPU quota (rounded up: 2 under a quota of 1.5 CPUs, the threads worth
  /// starting). ProcessInfo.activeProcessorCount done right.
  public var availableCores: Int?
  /// The same count unrounded, as Kubernetes gives CPUs: 1.5 under a quota of 1.5 CPUs. What
  /// an `available-cores` requirement compares.
  public var availableCoresFraction: Double?
  /// What decided the count: `affinity`, `cpuset` or `quota`.
  public var availableCoresDecidedBy: String?
  /// Distinct cores of the online CPUs, as lscpu counts them (sets of sibling CPUs).
  public var physicalCores: Int?
  /// Distinct physical packages (sockets) of the online CPUs.
  public var packages: Int?
  /// Current, lowest and highest clock.
  public var frequency: CPUFrequency

  /// A CPU section as a test or a saved report describes it.
  public init(
    model: String? = nil, logicalCores: Int? = nil, availableCores: Int? = nil, physicalCores: Int? = nil,
    packages: Int? = nil,
    frequency: CPUFrequency = CPUFrequency(), vendor: String? = nil, family: String? = nil, modelNumber: String? = nil,
    stepping: String? = nil, flags: [String] = [], level: String? = nil, caches: [CPUCache] = [],
    hypervisorVendor: String? = nil, availableCoresFraction: Double? = nil, availableCoresDecidedBy: String? = nil
  ) {
    self.model = model
    self.availableCoresFraction = availableCoresFraction
    self.availableCoresDecidedBy = availableCoresDecidedBy
    self.availableCores = availableCores
    self.vendor = vendor
    self.family = family
    self.modelNumber = modelNumber
    self.stepping = stepping
    self.flags = flags
    self.level = level
    self.caches = caches
    self.hypervisorVendor = hypervisorVendor
    self.logicalCores = logicalCores
    self.physicalCores = physicalCores
    self.packages = packages
    self.frequency = frequency
  }
}

extension CPUInfo {
  private enum CodingKeys: String, CodingKey {
    case model, vendor, family, modelNumber, stepping, flags, level, caches, hypervisorVendor, logicalCores
    case availableCores, physicalCores, packages, frequency, availableCoresFraction, availableCoresDecidedBy
  }

  /// Reads reports saved before `flags` and `caches` existed as having neither.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      model: try container.decodeIfPresent(String.self, forKey: .model),
      logicalCores: try container.decodeCountIfPresent(Int.self, forKey: .logicalCores),
      availableCores: try container.decodeCountIfPresent(Int.self, forKey: .availableCores),
      physicalCores: try container.decodeCountIfPresent(Int.self, forKey: .physicalCores),
      packages: try container.decodeCountIfPresent(Int.self, forKey: .packages),
      frequency: try container.decode(CPUFrequency.self, forKey: .frequency),
      vendor: try container.decodeIfPresent(String.self, forKey: .vendor),
      family: try container.decodeIfPresent(String.self, forKey: .family),
      modelNumber: try container.decodeIfPresent(String.self, forKey: .modelNumber),
      stepping: try container.decodeIfPresent(String.self, forKey: .stepping),
      flags: try container.decodeIfPresent([String].self, forKey: .flags) ?? [],
      level: try container.decodeIfPresent(String.self, forKey: .level),
      caches: try container.decodeIfPresent([CPUCache].self, forKey: .caches) ?? [],
      hypervisorVendor: try container.decodeIfPresent(String.self, forKey: .hypervisorVendor),
      availableCoresFraction: try container.decodeIfPresent(Double.self, forKey: .availableCoresFraction),
      availableCoresDecidedBy: try container.decodeIfPresent(String.self, forKey: .availableCoresDecidedBy))
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
  /// Where cpufreq gives no maximum: the highest "Max Speed" the firmware's SMBIOS processor
  /// structures state, in Hz. Hypervisors make it up (QEMU says 2000 MHz whatever the host), so
  /// `cpu-frequency` takes it only when /proc/cpuinfo states no clock either.
  public var firmwareMaxHz: Int64?

  /// Frequencies in Hz; nil where cpufreq and the firmware say nothing.
  public init(currentHz: Int64? = nil, minHz: Int64? = nil, maxHz: Int64? = nil, firmwareMaxHz: Int64? = nil) {
    self.currentHz = currentHz
    self.minHz = minHz
    self.maxHz = maxHz
    self.firmwareMaxHz = firmwareMaxHz
  }

  private enum CodingKeys: String, CodingKey { case currentHz, minHz, maxHz, firmwareMaxHz }

  /// Refuses a negative frequency, with its path.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      currentHz: try container.decodeCountIfPresent(Int64.self, forKey: .currentHz),
      minHz: try container.decodeCountIfPresent(Int64.self, forKey: .minHz),
      maxHz: try container.decodeCountIfPresent(Int64.self, forKey: .maxHz),
      firmwareMaxHz: try container.decodeCountIfPresent(Int64.self, forKey: .firmwareMaxHz))
  }
}

/// Caches of one level, type and size (`/sys/devices/system/cpu/cpu*/cache/index*`). lscpu's
/// "L2 cache: 2 MiB (8 instances)" is the sum of `sizeBytes × instances` over the entries of
/// that level and type.
public struct CPUCache: Sendable, Codable, Equatable {
  /// 1 to 4.
  public var level: Int
  /// `data`, `instruction` or `unified`.
  public var type: String
  /// The size of one instance.
  public var sizeBytes: Int64
  /// Distinct sets of CPUs sharing one (`shared_cpu_map`).
  public var instances: Int

  /// A cache entry as a test or a saved report describes it.
  public init(level: Int, type: String, sizeBytes: Int64, instances: Int) {
    self.level = level
    self.type = type
    self.sizeBytes = sizeBytes
    self.instances = instances
  }

  private enum CodingKeys: String, CodingKey { case level, type, sizeBytes, instances }

  /// Refuses a level, size or count below the schema's minimum, with its path.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      level: try container.decodeCount(Int.self, forKey: .level, minimum: 1),
      type: try container.decode(String.self, forKey: .type),
      sizeBytes: try container.decodeCount(Int64.self, forKey: .sizeBytes, minimum: 1),
      instances: try container.decodeCount(Int.self, forKey: .instances, minimum: 1))
  }
}

/// Counts, sizes and frequencies read back from a saved report: a negative one (`logicalCores:
/// -2`) is no machine's, so the report is refused with the member's path, as the schema's
/// `minimum` says, instead of judged.
extension KeyedDecodingContainer {
  fileprivate func decodeCountIfPresent<Count: FixedWidthInteger & Decodable>(
    _ type: Count.Type, forKey key: Key, minimum: Count = 0
  ) throws -> Count? {
    guard let value = try decodeIfPresent(type, forKey: key) else { return nil }
    guard value >= minimum else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: codingPath + [key], debugDescription: "\(value) is below the least possible, \(minimum)"))
    }
    return value
  }

  fileprivate func decodeCount<Count: FixedWidthInteger & Decodable>(
    _ type: Count.Type, forKey key: Key, minimum: Count = 0
  ) throws -> Count {
    guard let value = try decodeCountIfPresent(type, forKey: key, minimum: minimum) else {
      throw DecodingError.valueNotFound(type, .init(codingPath: codingPath + [key], debugDescription: "null"))
    }
    return value
  }
}
