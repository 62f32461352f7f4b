import Testing

@testable import DevCapsKit

/// The table of stream kinds: what each kind opens, and the one rule for rates.
@Suite("The table of stream kinds")
struct StreamKindsTests {
  @Test("all opens every opener once, in order; every opener serves a kind of its own")
  func openers() {
    #expect(StreamKind.all.entry.openers == StreamOpener.allCases)
    let named = StreamKind.allCases.filter { $0 != .all }.flatMap(\.entry.openers)
    #expect(Set(named) == Set(StreamOpener.allCases))
    // The kinds opened together share their opener.
    #expect(StreamKind.battery.entry.openers == StreamKind.lid.entry.openers)
    #expect(StreamKind.orientation.entry.openers == StreamKind.shake.entry.openers)
    #expect(StreamKind.motion.entry.openers == StreamKind.heading.entry.openers)
  }

  @Test("each kind's default rate, as watch --help states them")
  func defaults() {
    let defaults = StreamKind.allCases.compactMap { kind in kind.defaultHertz.map { (kind, $0) } }
    #expect(
      defaults.map(\.0) == [.orientation, .proximity, .shake, .motion, .heading, .thermal, .light, .altitude, .steps])
    #expect(defaults.map(\.1) == [10, 5, 50, 50, 10, 0.2, 1, 1, 1])
  }

  @Test("--rate sets a sampled stream's rate in all too, a polled reading's only when it is asked for by name")
  func rates() {
    var options = StreamOptions()
    #expect(options.hertz(of: .shake, watching: .all) == 50)
    #expect(options.hertz(of: .thermal, watching: .thermal) == 0.2)
    #expect(options.upAngleHertz == 10)
    options.rate = 7
    for stream in [StreamKind.orientation, .proximity, .shake, .motion, .heading] {
      #expect(options.hertz(of: stream, watching: stream) == 7)
      #expect(options.hertz(of: stream, watching: .all) == 7, "\(stream)")
    }
    for stream in [StreamKind.thermal, .light, .altitude, .steps] {
      #expect(options.hertz(of: stream, watching: stream) == 7)
      #expect(options.hertz(of: stream, watching: .all) == stream.defaultHertz, "\(stream)")
    }
    #expect(options.upAngleHertz == 7)
  }
}
