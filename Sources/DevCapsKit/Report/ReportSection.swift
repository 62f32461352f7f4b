/// The sections of `devcaps list`, in report order.
public enum ReportSection: String, Sendable, CaseIterable {
  case device, system, cpu, memory, limits, disks, network, storage, power, thermal, sensors, displays, gpus, cameras,
    audio, radios, inputs, pci,
    capabilities

}
