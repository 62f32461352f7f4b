/// Conversions and products of values read from outside (sysfs, procfs, D-Bus) that give nil
/// instead of trapping: a file saying `inf` or `9223372036854775807` must not crash devcaps.
extension FixedWidthInteger {
  /// `value` rounded to the nearest whole number, or nil when it is not finite or does not fit.
  init?(roundingIfRepresentable value: Double) {
    self.init(exactly: value.rounded())
  }

  /// `self × other`, or nil when the product does not fit.
  func multipliedIfRepresentable(by other: Self) -> Self? {
    let (product, overflow) = multipliedReportingOverflow(by: other)
    return overflow ? nil : product
  }
}
