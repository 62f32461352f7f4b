import ArgumentParser

/// `--count` and `--timeout`: when a stream ends by itself.
struct StreamEndOptions: ParsableArguments {
  // Unconditional: a negative value is a value ("--count -1" is told it must be 0 or more), not
  // an option that is missing its value.
  @Option(
    name: .long, parsing: .unconditional,
    help: "End after this many changes or samples (the first, the state now, does not count).")
  var count: Int?

  @Option(name: .long, parsing: .unconditional, help: "End after this many seconds.")
  var timeout: Double?

  func validate() throws {
    if let count, count < 0 { throw ValidationError("--count must be 0 or more, not \(count)") }
    if let timeout, !(timeout > 0 && timeout.isFinite) {
      throw ValidationError("--timeout must be a positive number of seconds, not \(timeout)")
    }
  }

  /// A command's `--once` prints one document: a `--count` beside it would be ignored.
  func validate(once: Bool) throws {
    if once && count != nil { throw ValidationError("--once and --count cannot be used together") }
  }
}
