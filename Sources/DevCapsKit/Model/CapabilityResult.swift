/// One key of the capability catalog on this machine: present or not, and the device that
/// proves it (the report's `capabilities` and `capabilityEvidence`).
public struct CapabilityResult: Sendable, Equatable {
  public var key: String
  public var present: Bool
  public var evidence: String?

  public init(
    key: String, present: Bool, evidence: String? = nil
  ) {
    self.key = key
    self.present = present
    self.evidence = evidence
  }
}
