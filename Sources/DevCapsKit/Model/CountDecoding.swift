/// Counts, sizes and frequencies read back from a saved report: a negative one (`logicalCores:
/// -2`) is no machine's, so the report is refused with the member's path, as the schema's
/// `minimum` says, instead of judged.
extension KeyedDecodingContainer {
  func decodeCountIfPresent<Count: FixedWidthInteger & Decodable>(
    _ type: Count.Type, forKey key: Key, minimum: Count = 0
  ) throws -> Count? {
    guard let value = try decodeIfPresent(type, forKey: key) else { return nil }
    guard value >= minimum else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: codingPath + [key], debugDescription: "\(value) is below the least possible, \(minimum)"))
    }
    return value
  }

  func decodeCount<Count: FixedWidthInteger & Decodable>(
    _ type: Count.Type, forKey key: Key, minimum: Count = 0
  ) throws -> Count {
    guard let value = try decodeCountIfPresent(type, forKey: key, minimum: minimum) else {
      throw DecodingError.valueNotFound(type, .init(codingPath: codingPath + [key], debugDescription: "null"))
    }
    return value
  }
}
