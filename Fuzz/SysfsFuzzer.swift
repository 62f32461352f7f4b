// libFuzzer entry point: the parsers of files the kernel and monitors hand devcaps (EDID,
// mountinfo, cpuinfo, meminfo, os-release, CPU lists, mount matrices). The first byte picks the
// parser, the rest is the file.
@_cdecl("LLVMFuzzerTestOneInput")
public func sysfsFuzzer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
  let text = String(decoding: bytes, as: UTF8.self)
  switch data[0] % 7 {
  case 0: _ = EDID.parse(bytes)
  case 1: _ = MountInfo.localFilesystems(MountInfo.parse(text).entries)
  case 2:
    let info = CPUInfoFile(text: text)
    _ = (info.modelNames, info.topology, info.firstProcessorHz, info.firstProcessorFlags)
  case 3: _ = MemoryProbe.parseMeminfo(text, diagnostics: DiagnosticLog())
  case 4: _ = parseEnvironmentFile(text)
  case 5: _ = parseCPUList(text)
  default: _ = MountMatrix.parse(text)
  }
  return 0
}
