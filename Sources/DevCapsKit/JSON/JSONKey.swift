/// A coding key spelled at run time: report sections, capability names.
public struct JSONKey: CodingKey, ExpressibleByStringLiteral, Sendable {
  public var stringValue: String
  public var intValue: Int? { nil }

  public init(_ string: String) { stringValue = string }
  public init(stringLiteral value: String) { stringValue = value }
  public init?(stringValue: String) { self.stringValue = stringValue }
  public init?(intValue: Int) { nil }
}
