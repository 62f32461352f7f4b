// libFuzzer entry point: manifests in every form, read as JSON and as property lists. Any
// crash, hang or sanitizer report is a bug; turn its input into a test in ManifestTests. A
// constraint read by bytes must agree with the general reading.
@_cdecl("LLVMFuzzerTestOneInput")
public func manifestFuzzer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  _ = try? Manifest.parse(bytes)
  _ = try? Manifest.parse(bytes, isPropertyList: true)
  if let text = String(validating: bytes, as: UTF8.self) { checkConstraint(text) }
  // A manifest's values, each read as a constraint: mutations of the constraints in the fixtures.
  if case .object(let members)? = try? JSONParser.parse(bytes) {
    for case .string(let text) in members.map(\.value) { checkConstraint(text) }
  }
  return 0
}

/// A constraint read by bytes (PlainConstraint) must be the one the general reading makes.
func checkConstraint(_ text: String) {
  for measure in [ManifestKeys.Measure.bytes, .count, .cores, .hertz, .level, .version, .cpuLevel, .thermalState] {
    let general = Result { () throws(Constraint.ParseError) in try Constraint.parseCharacters(text, measure: measure) }
    _ = try? Constraint.parse(text, measure: measure)
    guard let plain = PlainConstraint.parse(text, measure: measure) else { continue }
    if general != .success(plain) {
      fatalError("\(text.debugDescription) read by bytes as \(plain), by Characters \(general)")
    }
  }
}
