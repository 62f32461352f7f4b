extension CPUProbe {
  /// cpufreq in Hz. Limits are read per CPU (`cpuN/cpufreq/`, as lscpu does; kernels before 4.3
  /// have nothing else), and from the policies (`cpufreq/policyN/`) only when no CPU has them.
  /// The current frequency is the first CPU's, else what /proc/cpuinfo states. Without cpufreq's
  /// maximum, the firmware's stated one.
  func frequency(cpus: [Int], cpuinfo: CPUInfoFile) -> CPUFrequency {
    var frequency = CPUFrequency()
    var directories = cpus.map { CPUProbe.directory(ofCPU: $0) + "cpufreq/" }
    if !directories.contains(where: { context.exists($0 + "cpuinfo_max_freq") }) {
      let policies = CPUProbe.cpuDirectory + "cpufreq/"
      directories = context.entries(policies).filter { $0.hasPrefix("policy") }.map { policies + $0 + "/" }
    }
    for directory in directories {
      if let maximum = hertz(kilohertzIn: directory + "cpuinfo_max_freq") {
        frequency.maxHz = max(frequency.maxHz ?? maximum, maximum)
      }
      if let minimum = hertz(kilohertzIn: directory + "cpuinfo_min_freq") {
        frequency.minHz = min(frequency.minHz ?? minimum, minimum)
      }
    }
    if let first = cpus.first {
      let base = CPUProbe.directory(ofCPU: first) + "cpufreq/"
      frequency.currentHz =
        hertz(kilohertzIn: base + "scaling_cur_freq") ?? hertz(kilohertzIn: base + "cpuinfo_cur_freq")
    }
    if frequency.currentHz == nil, let stated = cpuinfo.firstProcessorMegahertz {
      frequency.currentHz = CPUInfoFile.hertz(megahertz: stated.text)
      // x86 prints 0.000 when the kernel does not know the clock (some hypervisors): no value, no fault.
      if frequency.currentHz == nil && Double(stated.text) != 0 {
        context.diagnostics.record(
          "/proc/cpuinfo", "\(stated.key): expected a frequency in MHz, found \(stated.text.quotedForMessage)")
      }
    }
    // Only where cpufreq is missing, so most machines never open the firmware's table.
    if frequency.maxHz == nil { frequency.firmwareMaxHz = firmwareMaxHz() }
    return frequency
  }

  /// A cpufreq attribute (kHz) in Hz. Zero means "not known" to lscpu and devcaps alike; negative
  /// values and values whose Hz overflow are garbage and reported.
  private func hertz(kilohertzIn path: String) -> Int64? {
    guard let kilohertz = context.integer(path), kilohertz != 0 else { return nil }
    guard kilohertz > 0, let hertz = kilohertz.multipliedIfRepresentable(by: 1000) else {
      context.diagnostics.record(path, "expected a frequency in kHz, found \(kilohertz)")
      return nil
    }
    return hertz
  }
}
