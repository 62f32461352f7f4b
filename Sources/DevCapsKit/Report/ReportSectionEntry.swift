/// One section as the report's machinery sees it: where its value lives in `Report`, which probe
/// fills it (and which udev subsystems that probe enumerates), its JSON members, and how a saved
/// report gives it back. `ReportSection.entry` (Report/ReportSection.swift) is the one table of
/// them, so the builder, the writer and both readers are loops over sections, not switches.
struct ReportSectionEntry: Sendable {
  /// What the section's probes enumerate, for one `Udev.prefetch` of every section asked for.
  let udevSubsystems: [String]
  /// Started before any section is probed, so a slow answer (power's daemons) is awaited while
  /// the other sections are read.
  let start: (@Sendable (ProbeContext) -> Void)?
  /// Probes the section into the report.
  let probe: @Sendable (inout Report, SectionProbes) -> Void
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
  init<Model: Decodable & ReportJSONConvertible>(
    _ get: @escaping @Sendable (Report) -> Model?, _ set: @escaping @Sendable (inout Report, Model?) -> Void,
    udevSubsystems: [String] = [],
    start: (@Sendable (ProbeContext) -> Void)? = nil,
    saved: (@Sendable (JSONValue) throws(SavedMembers.MemberError) -> Model)? = nil,
    probe: @escaping @Sendable (SectionProbes) -> Model
  ) {
    self.init(
      udevSubsystems: udevSubsystems, start: start,
      probe: { report, probes in set(&report, probe(probes)) },
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

/// What the probes of one report share: the probe context, the builder's options, and the
/// hardware inventory (libudev loaded, and the subsystems of every section asked for enumerated
/// in one scan, the first time a section needs it).
final class SectionProbes {
  let context: ProbeContext
  let builder: ReportBuilder
  private let udevSubsystems: [String]
  private var hardware: HardwareInventory?

  init(builder: ReportBuilder, sections: [ReportSection]) {
    self.context = builder.context
    self.builder = builder
    self.udevSubsystems = sections.flatMap { $0.entry.udevSubsystems }
  }

  var inventory: HardwareInventory {
    if let hardware { return hardware }
    let udev = Udev(recorder: context.recorder)
    if udev == nil {
      context.diagnostics.record(
        "libudev",
        "cannot use udev (\(Udev.unavailableReason)): no sensors, displays, GPUs, cameras, audio, radios or inputs listed"
      )
    }
    udev?.prefetch(subsystems: udevSubsystems)
    let created = HardwareInventory(context: context, udev: udev)
    hardware = created
    return created
  }
}
