import DevCapsKit
import Testing

/// Tablet mode and the lid, as an app reads them. The streams themselves are tested under
/// umockdev through `devcaps watch tablet-mode` and `watch lid`, which run the same code; here,
/// what the library gives on a machine without them.
@Suite("Tablet mode and lid")
struct SwitchesTests {
  @Test("without a tablet-mode switch (test machines have none) the first next() says so, and the one read is nil")
  func noTabletModeSwitch() async {
    await #expect {
      for try await _ in Device.tabletModeUpdates() {}
    } throws: { error in
      guard case .unavailable(let reason) = error as? UpdateError else { return false }
      return reason.kind == .noHardware && reason.message.contains("no tablet-mode switch found")
    }
    #expect(await Device.current.isInTabletMode == nil)
    #expect(!Device.isTabletModeAvailable)
  }

  @Test("without upowerd on the system bus the lid updates say UPower is needed")
  func lidWithoutUPower() async {
    await #expect {
      for try await _ in Device.lidUpdates() {}
    } throws: { error in
      guard case .unavailable(let reason) = error as? UpdateError else { return false }
      return reason.kind == .serviceMissing && reason.message.contains("UPower")
    }
  }
}
