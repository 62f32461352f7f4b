/// A coding key spelled at run time: report sections, capability names.
package struct JSONKey: CodingKey, ExpressibleByStringLiteral, Sendable {
  /// The key's name.
  package var stringValue: String
  /// Always nil: a JSON object's keys are strings.
  package var intValue: Int? { nil }

  /// A key named `string`.
  package init(_ string: String) { stringValue = string }
  /// A key from a literal.
  package init(stringLiteral value: String) { stringValue = value }
  /// A key named `stringValue`.
  package init?(stringValue: String) { self.stringValue = stringValue }
  /// Always nil: a JSON object's keys are strings.
  package init?(intValue: Int) { nil }
}
