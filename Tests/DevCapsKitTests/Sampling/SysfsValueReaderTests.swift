import Foundation
import Testing

@testable import DevCapsKit

@Suite("Reading a value again and again")
struct SysfsValueReaderTests {
  @Test("a file replaced between reads is read anew (as umockdev replaces attributes)")
  func replaced() throws {
    let root = try TemporaryRoot(["/value": "12\n"])
    let reader = SysfsValueReader(path: root.path + "/value")
    #expect(reader.read() == .success(12))
    try root.write("/value.new", "-7.5\n")
    #expect(rename(root.path + "/value.new", root.path + "/value") == 0)
    #expect(reader.read() == .success(-7.5))
    try root.write("/value", "abc")
    #expect(reader.read() == .failure(.garbage("abc")))
    try FileManager.default.removeItem(atPath: root.path + "/value")
    #expect(reader.read() == .failure(.gone))
  }

  @Test(
    "real sysfs is read with pread on a kept descriptor",
    .enabled(if: FileManager.default.fileExists(atPath: "/sys/class/net/lo/mtu")))
  func sysfs() {
    let reader = SysfsValueReader(path: "/sys/class/net/lo/mtu")
    let first = reader.read()
    #expect(first == reader.read())
    if case .success(let mtu) = first { #expect(mtu > 0) } else { Issue.record("no MTU: \(first)") }
  }

  @Test(
    "numbers: white space around, sign, decimals; nothing else",
    arguments: [
      ("42\n", 42.0), (" -3 ", -3.0), ("0.25", 0.25), ("+7", 7.0),
    ])
  func numbers(text: String, value: Double) {
    Array(text.utf8).withUnsafeBytes { #expect(SysfsValueReader.parse($0) == value) }
  }

  @Test(
    "a kernel fraction is the nearest double, as Double(String) reads it (bmp280's kPa, scales)",
    arguments: [
      "100.837808593", "0.019153", "-0.000598", "0.001064724", "1.000000001", "12.500000", "0.0000244140625",
      "123456.123456789", "3.14159265358979",
    ])
  func exactFractions(text: String) {
    Array(text.utf8).withUnsafeBytes { #expect(SysfsValueReader.parse($0) == Double(text)) }
  }

  @Test("garbage is nil", arguments: ["", "abc", "1 2", "1e5", ".", "-", "99999999999999999999999"])
  func garbage(text: String) {
    Array(text.utf8).withUnsafeBytes { #expect(SysfsValueReader.parse($0) == nil) }
  }
}
