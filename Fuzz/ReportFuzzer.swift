// libFuzzer entry point: a saved `list --json` report read back (`require --against`): the JSON
// text parsed, decoded into the model, and encoded again, both ways: the document `list --json`
// writes by hand (Report.json) must be the one its Codable conformance encodes.
@_cdecl("LLVMFuzzerTestOneInput")
public func reportFuzzer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let value = try? JSONParser.parse(bytes) else { return 0 }
  if let report = try? JSONValueDecoder().decode(Report.self, from: value) {
    let encoded = JSONValue(encoding: report)
    if report.json != encoded { fatalError("Report.json differs from the Codable encoding of the same report") }
  }
  return 0
}
