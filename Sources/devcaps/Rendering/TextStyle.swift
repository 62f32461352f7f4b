#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Colour and emphasis for human output: only on a terminal, never with `NO_COLOR` or `TERM=dumb`.
struct TextStyle {
  var colour: Bool

  static func forStandardOutput() -> TextStyle {
    let noColor = getenv("NO_COLOR").map { $0.pointee != 0 } ?? false
    let dumb = getenv("TERM").map { String(cString: $0) == "dumb" } ?? false
    return TextStyle(colour: isatty(1) == 1 && !noColor && !dumb)
  }

  func heading(_ text: String) -> String { colour ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
  func dim(_ text: String) -> String { colour ? "\u{1B}[2m\(text)\u{1B}[0m" : text }
  func good(_ text: String) -> String { colour ? "\u{1B}[32m\(text)\u{1B}[0m" : text }
  func bad(_ text: String) -> String { colour ? "\u{1B}[31m\(text)\u{1B}[0m" : text }
}
