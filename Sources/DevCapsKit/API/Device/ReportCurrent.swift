extension Report {
  /// The report of this machine, the `devcaps list --json` model, with only the sections asked
  /// for probed (in report order, each once).
  ///
  /// A source that exists but cannot be used leaves its values nil and adds an entry to
  /// ``Report/warnings``; it is no error. Throws ``ReportError/noSections`` for an empty list.
  public static func current(sections: [ReportSection] = ReportSection.allCases) throws(ReportError) -> Report {
    guard !sections.isEmpty else { throw .noSections }
    return ReportBuilder().build(sections: sections)
  }

  /// The report of this machine with the sections named as `devcaps list --only` names them
  /// (`"memory"`, `"power"`). Throws ``ReportError/unknownSection(_:)`` for a name that is not a
  /// section.
  public static func current(sectionNames: [String]) throws(ReportError) -> Report {
    var sections: [ReportSection] = []
    for name in sectionNames {
      guard let section = ReportSection(rawValue: name) else { throw .unknownSection(name) }
      sections.append(section)
    }
    return try current(sections: sections)
  }
}

/// Why a report cannot be read.
public enum ReportError: Error, Sendable, Equatable, CustomStringConvertible {
  /// No section was asked for.
  case noSections
  /// A section name that is not one of ``ReportSection``.
  case unknownSection(String)

  /// A sentence that says what is wrong, for a person.
  public var description: String {
    switch self {
    case .noSections: "no section asked for; ask for one or more of \(ReportError.validSections)"
    case .unknownSection(let name): "unknown section '\(name)'; valid sections: \(ReportError.validSections)"
    }
  }

  private static var validSections: String { ReportSection.allCases.map(\.rawValue).joined(separator: ", ") }
}
