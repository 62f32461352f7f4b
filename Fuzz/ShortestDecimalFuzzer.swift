// libFuzzer entry point: JSONLine's number writer (ShortestDecimal). Each 8 bytes of the input
// are a double's bits; every finite one must be written byte for byte as Double.description
// writes it, and the text read back must be the same double. Fuzz/corpus/double holds every
// input that ever crashed it.
@_cdecl("LLVMFuzzerTestOneInput")
public func shortestDecimalFuzzer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var offset = 0
  while offset + 8 <= size {
    var bits: UInt64 = 0
    for index in 0..<8 { bits |= UInt64(data[offset + index]) << (8 * UInt64(index)) }
    offset += 8
    let number = Double(bitPattern: bits)
    guard number.isFinite else { continue }
    let text = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: ShortestDecimal.maximumLength) { buffer in
      let count = ShortestDecimal.write(number, to: buffer.baseAddress!)
      precondition(count <= ShortestDecimal.maximumLength, "\(count) bytes")
      return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
    }
    precondition(text == number.description, "\(bits): \(text), Swift \(number.description)")
    precondition(Double(text)?.bitPattern == bits, "\(text) reads back as another double")
  }
  return 0
}
