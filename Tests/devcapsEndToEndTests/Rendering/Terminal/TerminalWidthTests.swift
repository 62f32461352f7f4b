import Testing

@testable import devcaps

@Suite("Terminal widths")
struct TerminalWidthTests {
  @Test("escape sequences take no cells; a cut line ends in …, keeps them and resets the colour")
  func fitted() {
    let dim = "\u{1B}[2mq or Ctrl-C to quit\u{1B}[0m"
    #expect(TerminalWidth.of(dim) == 19)
    #expect(TerminalWidth.fitted(dim, columns: 19) == dim)
    #expect(TerminalWidth.fitted(dim, columns: 4) == "\u{1B}[2mq o…\u{1B}[0m\u{1B}[0m")
    #expect(TerminalWidth.of(TerminalWidth.fitted(dim, columns: 4)) == 4)
    #expect(TerminalWidth.fitted("°·↑●", columns: 2) == "°…")
    #expect(TerminalWidth.fitted("°·↑●", columns: 1) == "…")
    #expect(TerminalWidth.fitted("°·↑●", columns: 0) == "")
  }

  @Test("wrapped at spaces; a word longer than the line is cut")
  func wrapped() {
    #expect(TerminalWidth.wrapped("turn the device slowly", columns: 10) == ["turn the", "device", "slowly"])
    #expect(TerminalWidth.wrapped("magnetometer", columns: 5) == ["magne", "tomet", "er"])
    #expect(TerminalWidth.wrapped("a b", columns: 0) == [])
  }
}
