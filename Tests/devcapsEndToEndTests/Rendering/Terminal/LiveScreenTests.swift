import Testing

@testable import devcaps

@Suite("The live screen's drawing")
struct LiveScreenTests {
  @Test("the first frame clears the screen and draws every row that is not blank, each erased to its end")
  func firstFrame() {
    #expect(
      LiveScreen.changes(from: nil, to: ["a", "", "c"], columns: 10)
        == "\u{1B}[H\u{1B}[J\u{1B}[1;1Ha\u{1B}[K\u{1B}[3;1Hc\u{1B}[K")
  }

  @Test("later frames rewrite only the rows that changed; fewer rows erase the rest; a full row is not erased")
  func changes() {
    #expect(LiveScreen.changes(from: ["a", "b"], to: ["a", "b"], columns: 10) == "")
    #expect(LiveScreen.changes(from: ["a", "b"], to: ["a", "x"], columns: 10) == "\u{1B}[2;1Hx\u{1B}[K")
    #expect(LiveScreen.changes(from: ["a", "b", "c"], to: ["a"], columns: 10) == "\u{1B}[2;1H\u{1B}[J")
    #expect(LiveScreen.changes(from: ["a"], to: ["a", "wide"], columns: 4) == "\u{1B}[2;1Hwide")
  }

  @Test("the frame's size: the widest of its lines (escape sequences take no cells) and every row with the footer")
  func frameSize() {
    let frame = LiveFrame(lines: ["\u{1B}[1mbold\u{1B}[0m", "  twelve char"], footer: ["a much longer footer line"])
    #expect(frame.columns == 13 && frame.rows == 3)
  }

  @Test("too small: the reason centred and wrapped to the width, never more rows than there are")
  func tooSmall() {
    let frame = LiveFrame(lines: Array(repeating: String(repeating: "x", count: 41), count: 23))
    #expect(
      LiveScreen.tooSmall(frame, (40, 12)) == [
        "", "", "", "", "", "  terminal 40×12 is smaller than 41×23", "         enlarge it, or q quits",
      ])
    let tiny = LiveScreen.tooSmall(frame, (20, 6))
    #expect(tiny.count <= 6 && tiny.allSatisfy { $0.count <= 20 }, "\(tiny)")
    #expect(LiveScreen.tooSmall(frame, (1, 1)) == ["t"])
  }
}
