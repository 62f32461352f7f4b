// libFuzzer entry point: a saved `list --json` report read back (`require --against`): the JSON
// text parsed, decoded into the model, and written again: what `list --json` writes
// (Report.json, which the Codable conformance also encodes) must decode to the same report, so
// the Decodable conformances read every document the one writer can write. Parsing that
// skips top-level members must agree with the full parse, and keys compared by their bytes with
// keys compared as Strings.
@_cdecl("LLVMFuzzerTestOneInput")
public func reportFuzzer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let full = Result { () throws(JSONParser.SyntaxError) in try JSONParser.parse(bytes) }
  // `require --against` builds only the sections a manifest needs: the others must be accepted
  // or refused exactly as a full parse would, with the same error.
  let skipping = Result { () throws(JSONParser.SyntaxError) in
    try JSONParser.parse(bytes, keepingTopLevel: { $0 == "memory" || $0 == "schemaVersion" })
  }
  switch (full, skipping) {
  case (.success(let value), .success(let kept)):
    if case .object(let members) = value {
      let expected = JSONValue.object(
        members.map { ["memory", "schemaVersion"].contains($0.key) ? $0 : JSONMember($0.key, .null) })
      if kept != expected { fatalError("skipping sections built \(kept), not \(expected)") }
    } else if kept != value {
      fatalError("skipping sections changed a document that is not an object")
    }
  case (.failure(let error), .failure(let skippedError)):
    if error != skippedError { fatalError("skipping sections gave \(skippedError), not \(error)") }
  default: fatalError("skipping sections accepted or refused what a full parse did not: \(full) \(skipping)")
  }
  // Plain keys are compared by their bytes: the same outcome as comparing every key as a String.
  for keep in [nil, { $0 == "memory" || $0 == "schemaVersion" } as (String) -> Bool] {
    let bytesCompared = Result { () throws(JSONParser.SyntaxError) in
      try JSONParser.parse(bytes, keepsTopLevelMember: keep)
    }
    let stringsCompared = Result { () throws(JSONParser.SyntaxError) in
      try JSONParser.parse(bytes, keepsTopLevelMember: keep, comparingKeyBytes: false)
    }
    if bytesCompared != stringsCompared {
      fatalError("keys compared as bytes gave \(bytesCompared), as Strings \(stringsCompared)")
    }
  }
  guard case .success(let value) = full else { return 0 }
  // The sections read without Codable: a report they accept is the one Codable makes, and
  // what Codable refuses they refuse; also without the members they leave to Codable (the
  // seeds all have capabilities).
  let codable = try? JSONValueDecoder().decode(Report.self, from: value)
  var documents = [value]
  if case .object(let members) = value {
    documents.append(.object(members.filter { !["capabilities", "capabilityEvidence", "warnings"].contains($0.key) }))
  }
  for document in documents {
    let expected = document == value ? codable : try? JSONValueDecoder().decode(Report.self, from: document)
    // Compared as documents too: a NaN (a sensor's reading, decoded by Codable either way) is
    // not equal to itself.
    if let direct = Report(savedSections: document), direct != expected, direct.json != expected?.json {
      fatalError("the sections read without Codable gave \(direct), Codable \(String(describing: expected))")
    }
  }
  if let report = codable {
    if JSONValue(encoding: report) != report.json { fatalError("the Codable encoding is not Report.json") }
    guard let again = try? JSONValueDecoder().decode(Report.self, from: report.json) else {
      fatalError("Report.json of a report read back cannot be read back: \(report.json.serialized())")
    }
    if again.json != report.json { fatalError("a report written and read back changed: \(report.json.serialized())") }
  }
  return 0
}
