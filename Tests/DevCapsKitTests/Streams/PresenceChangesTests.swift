import Testing

@testable import DevCapsKit

/// What `watch sensors` and `watch usb` say when the list of items changes, and what a loop that
/// joins their running stream is given first.
@Suite("Presence changes")
struct PresenceChangesTests {
  static func device(_ port: String, _ id: String) -> USBDeviceInfo {
    let ids = id.split(separator: ":").map(String.init)
    return USBDeviceInfo(port: port, vendorId: ids[0], productId: ids[1])
  }

  func changes(_ old: [USBDeviceInfo], _ new: [USBDeviceInfo]) -> [String] {
    PresenceWatcher<USBDeviceInfo>.changes(from: old, to: new, key: { $0.port + "#" + ($0.usbId ?? "") })
      .map { "\($0.item.port) \($0.action.rawValue)" }
  }

  @Test("a device plugged in, one pulled out, one swapped at its port: removals first, then additions")
  func transitions() {
    let before = [Self.device("1-1", "046d:c52b"), Self.device("1-2", "0bda:0129"), Self.device("1-3", "8087:0026")]
    let after = [Self.device("1-1", "046d:c52b"), Self.device("1-3", "04e8:6860"), Self.device("1-4", "1050:0407")]
    #expect(changes(before, after) == ["1-2 removed", "1-3 removed", "1-3 added", "1-4 added"])
    #expect(changes(before, before) == [])
    #expect(changes([], before) == ["1-1 added", "1-2 added", "1-3 added"])
  }

  @Test("a loop joining `watch usb` gets the devices there now, each once, none of those pulled out")
  func joiningLoopState() {
    var state: [StreamEvent] = []
    for (action, device) in [
      (USBUpdate.Action.present, Self.device("1-1", "046d:c52b")), (.present, Self.device("1-2", "0bda:0129")),
      (.added, Self.device("1-4", "1050:0407")), (.removed, Self.device("1-2", "0bda:0129")),
    ] {
      StreamEvent.remember(&state, StreamEvent(.usb(USBUpdate(action: action, item: device))))
    }
    let kept = state.compactMap { event -> String? in
      guard case .usb(let update) = event.event else { return nil }
      return "\(update.item.port) \(update.action.rawValue) initial=\(event.initial)"
    }
    #expect(kept == ["1-1 present initial=true", "1-4 added initial=true"])
  }
}
