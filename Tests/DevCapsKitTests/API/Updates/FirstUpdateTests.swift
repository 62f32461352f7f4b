import Testing

@testable import DevCapsKit

@Suite("A value read once from updates")
struct FirstUpdateTests {
  @Test("the first update; nil when there is none or the source is missing")
  func firstUpdate() async {
    #expect(await Updates.replaying([ProximityState.far, .near]).firstUpdate == .far)
    #expect(await Updates<ProximityState>.replaying([]).firstUpdate == nil)
    let missing = Updates<ProximityState> { () throws(UpdateError) in throw .unavailable("no proximity sensor found") }
    #expect(await missing.firstUpdate == nil)
  }
}
