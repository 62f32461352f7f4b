/// One key of the capability catalog on this machine: present or not, and the device that
/// proves it (the report's `capabilities` and `capabilityEvidence`).
public struct CapabilityResult: Sendable, Equatable {
  /// The catalog's key (`accelerometer`).
  public var key: String
  /// The machine has it.
  public var present: Bool
  /// The device that proves it (`iio:device0 (accel_3d)`); nil when absent.
  public var evidence: String?

  /// A capability as a test or a saved report describes it.
  public init(
    key: String, present: Bool, evidence: String? = nil
  ) {
    self.key = key
    self.present = present
    self.evidence = evidence
  }
}
