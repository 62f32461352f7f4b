import Testing

@testable import devcaps

/// What a live view keeps of the messages that come while it holds the screen.
@Suite("Messages held behind a live view")
struct HeldMessagesTests {
  @Test("each message once, in order, with how often it came")
  func counted() {
    var held = HeldMessages()
    for line in ["devcaps: a\n", "devcaps: b\n", "devcaps: a\n", "devcaps: a\n"] { held.keep(line) }
    #expect(held.lines == ["devcaps: a (3 times)\n", "devcaps: b\n"])
  }

  @Test("at most 50 different ones are kept; the rest are counted, so memory does not grow with them")
  func bounded() {
    var held = HeldMessages()
    for index in 0..<1000 { held.keep("devcaps: sample \(index) unreadable\n") }
    #expect(held.lines.count == HeldMessages.capacity + 1)
    #expect(held.lines.last == "devcaps: … and 950 more messages\n")
  }
}
