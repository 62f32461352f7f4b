// The `capabilities` section: every key of the capability catalog, present or not, written as two
// members (`capabilities`: key → present, `capabilityEvidence`: key → the device that proves it)
// and read back by pairing them. Its entry in the table of sections (`ReportSection.entry`); its probe is in
// `ReportSection.probe`.
extension ReportSectionEntry {
  static let capabilities = ReportSectionEntry(
    json: { report, key, members in
      guard let capabilities = report.capabilities else {
        members.append(JSONMember(key, .null))
        return
      }
      members.append(JSONMember(key, .object(capabilities.map { JSONMember($0.key, .bool($0.present)) })))
      members.append(
        JSONMember("capabilityEvidence", .object(capabilities.map { JSONMember($0.key, .optional($0.evidence)) })))
    },
    decode: { report, container, key, keys in
      guard !(try container.decodeNil(forKey: key)) else { return }
      let present = try container.nestedContainer(keyedBy: JSONKey.self, forKey: key)
      let evidence =
        keys.contains("capabilityEvidence")
        ? try container.nestedContainer(keyedBy: JSONKey.self, forKey: "capabilityEvidence") : nil
      report.capabilities = try present.allKeys.map { name in
        CapabilityResult(
          key: name.stringValue, present: try present.decode(Bool.self, forKey: name),
          evidence: try evidence?.decodeIfPresent(String.self, forKey: name))
      }
    },
    // Left to Codable: the pairing with `capabilityEvidence`.
    readSaved: { _, _ throws(SavedMembers.MemberError) in throw SavedMembers.MemberError() })
}
