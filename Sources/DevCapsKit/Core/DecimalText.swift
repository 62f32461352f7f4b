extension Int {
  /// The number in decimal, as `"\(self)"` writes it, without the standard library's generic
  /// integer formatting: for a `list --json`, only the CPU paths (`cpu12/cache/`) needed that,
  /// and its code was a 64 KB block of resident memory of its own (issue #25).
  var decimalText: String {
    var digits: [UInt8] = []
    digits.reserveCapacity(20)
    if self < 0 { digits.append(UInt8(ascii: "-")) }
    let magnitude = self.magnitude
    var power: UInt = 1
    while power <= magnitude / 10 { power *= 10 }
    while power > 0 {
      digits.append(UInt8(ascii: "0") + UInt8(magnitude / power % 10))
      power /= 10
    }
    return String(decoding: digits, as: UTF8.self)
  }
}
