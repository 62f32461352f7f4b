/// One section as the report's model sees it: where its value lives in `Report`, its JSON
/// members, and how a saved report gives it back. `ReportSection.entry` (Report/ReportSection.swift)
/// is the table of them, so the writer and both readers are loops over sections, not switches.
/// What fills it is its row in `ReportSection.probe` (Report/SectionProbe.swift): kept apart, so
/// reading a saved report (`require --against`, the fuzzers) never reaches a probe.
struct ReportSectionEntry: Sendable {
  /// Appends the section's members (its own under `key`, and any that go with it).
  let json: @Sendable (Report, String, inout [JSONMember]) -> Void
  /// Reads the section from a saved report through Codable (`keys`: the document's keys).
  let decode: @Sendable (inout Report, KeyedDecodingContainer<JSONKey>, JSONKey, Set<String>) throws -> Void
  /// Reads the section from a saved report's tree without Codable (`Report(savedSections:)`);
  /// `Unaccepted` hands the whole report to Codable.
  let readSaved: @Sendable (inout Report, JSONValue) throws(SavedMembers.MemberError) -> Void
}

extension ReportSectionEntry {
  /// A section whose value (`get`, `set`: closures, not key paths, which the runtime builds from
  /// their types' mangled names at a cost of 5 % of `list --json`) is one model (or an array of them) that writes its own JSON and is
  /// read back through Codable, or through `saved` where a reader of its own is faster.
  init<Model: Decodable & ReportJSONConvertible & Sendable>(
    _ get: @escaping @Sendable (Report) -> Model?, _ set: @escaping @Sendable (inout Report, Model?) -> Void,
    saved: (@Sendable (JSONValue) throws(SavedMembers.MemberError) -> Model)? = nil
  ) {
    self.init(
      json: { report, key, members in members.append(JSONMember(key, get(report).json)) },
      decode: { report, container, key, _ in
        set(&report, try container.decodeIfPresent(Model.self, forKey: key))
      },
      readSaved: { report, json throws(SavedMembers.MemberError) in
        if let saved {
          set(&report, try saved(json))
        } else {
          set(&report, try SavedMembers.codable(Model.self, json))
        }
      })
  }
}
