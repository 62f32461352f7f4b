// libFuzzer entry point: manifests in every form, read as JSON and as property lists. Any
// crash, hang or sanitizer report is a bug; turn its input into a test in ManifestTests.
@_cdecl("LLVMFuzzerTestOneInput")
public func manifestFuzzer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  _ = try? Manifest.parse(bytes)
  _ = try? Manifest.parse(bytes, isPropertyList: true)
  if let text = String(validating: bytes, as: UTF8.self) {
    for measure in [ManifestKeys.Measure.bytes, .count, .hertz, .level, .version] {
      _ = try? Constraint.parse(text, measure: measure)
    }
  }
  return 0
}
