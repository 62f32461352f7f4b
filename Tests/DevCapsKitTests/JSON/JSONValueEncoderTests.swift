import Testing

@testable import DevCapsKit

@Suite("JSONValueEncoder")
struct JSONValueEncoderTests {
  struct Sample: Encodable {
    var name: String?
    var count: Int
    var ratio: Double?
    var big: UInt64
    var flags: [Bool]
    var nested: Nested?
  }

  struct Nested: Encodable {
    var values: [Double]
  }

  @Test("members in declaration order; a synthesized conformance leaves absent optionals out, as JSONEncoder does")
  func order() throws {
    let value = try JSONValueEncoder().encode(
      Sample(name: nil, count: 3, ratio: nil, big: 7, flags: [true], nested: nil))
    #expect(value.serialized() == #"{"count":3,"big":7,"flags":[true]}"#)
  }

  struct Explicit: Encodable {
    var name: String?
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: JSONKey.self)
      try container.encode(name, forKey: "name")
      try container.encodeIfPresent(name, forKey: "left")
    }
  }

  @Test("encode writes an absent optional as null; encodeIfPresent leaves it out")
  func explicitNull() throws {
    #expect(try JSONValueEncoder().encode(Explicit(name: nil)).serialized() == #"{"name":null}"#)
    #expect(try JSONValueEncoder().encode(Explicit(name: "x")).serialized() == #"{"name":"x","left":"x"}"#)
  }

  @Test("numbers JSON cannot spell are null; integers past Int64 stay integers")
  func numbers() throws {
    let value = try JSONValueEncoder().encode(
      Sample(name: "x", count: -1, ratio: .nan, big: .max, flags: [], nested: Nested(values: [1.5, .infinity])))
    #expect(value["ratio"] == .null)
    #expect(value["big"] == .unsignedInteger(.max))
    #expect(value.serialized().contains(#""big":18446744073709551615"#))
    #expect(value["nested"]?["values"] == .array([.number(1.5), .null]))
  }

  @Test("a report's power section nests the lid and keeps the schema's key order")
  func power() throws {
    var power = PowerInfo(source: .sysfs)
    power.lidPresent = true
    let keys: [String]
    if case .object(let members) = JSONValue(encoding: power) { keys = members.map(\.key) } else { keys = [] }
    #expect(
      keys == ["source", "onBattery", "linePowerOnline", "lid", "level", "batteries", "peripherals", "powerProfile"])
    #expect(JSONValue(encoding: power)["lid"]?.serialized() == #"{"present":true,"closed":null}"#)
  }
}
