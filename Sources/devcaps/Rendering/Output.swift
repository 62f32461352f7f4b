#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import DevCapsKit

/// Writes to stdout and stderr. A closed stdout (`devcaps list | head -1`) ends the program
/// quietly with status 0 instead of dying of SIGPIPE or printing an error.
enum Output {
  static func write(_ text: String) {
    signal(SIGPIPE, SIG_IGN)
    guard writeAll(text, to: 1) else {
      exit(0)  // EPIPE or a vanished terminal: nobody is reading any more.
    }
  }

  /// For streams, which must stop their sources before the program ends: false when nobody reads
  /// stdout any more.
  static func tryWrite(_ text: String) -> Bool {
    writeAll(text, to: 1)
  }

  static func error(_ text: String) {
    _ = writeAll("devcaps: " + text + "\n", to: 2)
  }

  static func writeAll(_ text: String, to descriptor: Int32) -> Bool {
    FileOutput.writeAll(text, to: descriptor)
  }

  static func warn(_ diagnostics: [Diagnostic]) {
    for diagnostic in diagnostics { error("warning: \(diagnostic)") }
  }
}
