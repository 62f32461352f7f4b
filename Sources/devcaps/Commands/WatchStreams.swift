import DevCapsKit

extension WatchCommand {
  /// The command's table of stream kinds: each kind's line in `watch --help`, in the order the
  /// help lists them (what a kind opens and how often it samples are the library's table,
  /// StreamKinds.swift). A line's second part is its continuation.
  static let streams: [(kind: StreamKind, help: String, more: String?)] = [
    (.battery, "every battery's level, state and time left; peripherals' levels", nil),
    (.lid, "the lid opening and closing (UPower)", nil),
    (.tabletMode, "a convertible folded into a tablet and back (SW_TABLET_MODE)", nil),
    (.displays, "connectors connected, disconnected, or whose modes changed", nil),
    (.sensors, "sensors added or removed", nil),
    (.orientation, "the 7 device orientations, on change (display accelerometer)", nil),
    (.proximity, "near or far, on change (IIO proximity sensor)", nil),
    (.shake, "shakes, by --detector count (default), threshold or angle", nil),
    (
      .motion, "attitude, gravity, user acceleration, rotation rate, field,",
      "heading: every sample (\(Units.plain(StreamKind.motion.defaultHertz ?? 0)) Hz)"
    ),
    (.heading, "the compass heading, on a change over --threshold degrees (1;", "0: every sample)"),
    (.thermal, "the thermal state (nominal, fair, serious, critical), on change", nil),
    (.powerProfile, "power-profiles-daemon's profile (power-saver is low power mode)", nil),
    (.light, "ambient light in lux, on a change over 1 % (IIO light sensor)", nil),
    (
      .altitude, "air pressure in kPa and the altitude relative to the first",
      "reading in m: every reading, once a second (IIO barometer)"
    ),
    (.steps, "steps counted since the start, on change (IIO step counter)", nil),
    (.usb, "USB devices plugged in and unplugged (root hubs left out)", nil),
    (.all, "every stream above that this machine has a source for, merged", nil),
  ]

  /// The `Streams:` list of `watch --help`: names in a column, continuations under their text.
  static var streamList: String {
    let column = 14
    return streams.map { stream in
      let name = stream.kind.rawValue
      var line = "  " + name + String(repeating: " ", count: max(1, column - name.count)) + stream.help
      if let more = stream.more { line += "\n" + String(repeating: " ", count: column + 2) + more }
      return line
    }.joined(separator: "\n")
  }
}
