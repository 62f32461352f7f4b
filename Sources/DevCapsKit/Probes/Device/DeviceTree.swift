/// The flattened device tree that ARM and RISC-V boards describe themselves with, read from
/// `/sys/firmware/devicetree/base` (which `/proc/device-tree` links to).
struct DeviceTree {
  let context: ProbeContext
  private static let base = "/sys/firmware/devicetree/base/"

  /// Device-tree strings end in NUL; string lists are NUL-separated.
  static func strings(_ bytes: [UInt8]) -> [String] {
    bytes.split(separator: 0, omittingEmptySubsequences: true)
      .map { String(decoding: $0, as: UTF8.self).trimmingWhitespace() }
      .filter { !$0.isEmpty }
  }

  func strings(_ property: String) -> [String] {
    guard let bytes = context.bytes(DeviceTree.base + property) else { return [] }
    return DeviceTree.strings(bytes)
  }

  var model: String? { strings("model").first }
  var compatible: [String] { strings("compatible") }
  var chassisType: String? { strings("chassis-type").first }
  var hypervisorCompatible: [String] { strings("hypervisor/compatible") }
}
