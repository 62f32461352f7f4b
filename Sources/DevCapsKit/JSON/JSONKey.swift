/// A coding key spelled at run time: report sections, capability names.
public struct JSONKey: CodingKey, ExpressibleByStringLiteral, Sendable {
  /// The key's name.
  public var stringValue: String
  /// Always nil: a JSON object's keys are strings.
  public var intValue: Int? { nil }

  /// A key named `string`.
  public init(_ string: String) { stringValue = string }
  /// A key from a literal.
  public init(stringLiteral value: String) { stringValue = value }
  /// A key named `stringValue`.
  public init?(stringValue: String) { self.stringValue = stringValue }
  /// Always nil: a JSON object's keys are strings.
  public init?(intValue: Int) { nil }
}
