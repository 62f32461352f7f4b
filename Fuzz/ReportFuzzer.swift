// libFuzzer entry point: a saved `list --json` report read back (`require --against`): the JSON
// text parsed, decoded into the model, and encoded again.
@_cdecl("LLVMFuzzerTestOneInput")
public func reportFuzzer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let value = try? JSONParser.parse(bytes) else { return 0 }
  if let report = try? JSONValueDecoder().decode(Report.self, from: value) {
    _ = JSONValue(encoding: report)
  }
  return 0
}
