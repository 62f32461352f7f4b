#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Wall-clock time with milliseconds, formatted without Foundation.
public struct Timestamp: Sendable, Equatable {
  /// Whole seconds since 1970-01-01T00:00:00Z.
  public var seconds: Int
  /// Milliseconds past `seconds`, 0…999.
  public var milliseconds: Int

  /// The time now (CLOCK_REALTIME).
  public static func now() -> Timestamp {
    var spec = timespec()
    clock_gettime(CLOCK_REALTIME, &spec)
    return Timestamp(seconds: spec.tv_sec, milliseconds: spec.tv_nsec / 1_000_000)
  }

  private static func pad(_ value: Int32, _ width: Int = 2) -> String {
    let text = String(value)
    return String(repeating: "0", count: max(0, width - text.count)) + text
  }

  /// `2026-11-22T02:33:02.123Z`, as the JSON line writes it (one formatter for both).
  public var rfc3339: String {
    var line = JSONLine(capacity: 32)
    line.value(rfc3339: self)
    // Without the quotes the JSON string has.
    return String(decoding: line.bytes.dropFirst().dropLast(), as: UTF8.self)
  }

  /// `12:01:03` in local time, for human lines.
  public var localClock: String {
    var time = time_t(seconds)
    var parts = tm()
    localtime_r(&time, &parts)
    return "\(Timestamp.pad(parts.tm_hour)):\(Timestamp.pad(parts.tm_min)):\(Timestamp.pad(parts.tm_sec))"
  }
}

extension JSONLine {
  /// The time as a string, `2026-11-22T02:33:02.123Z` (``Timestamp/rfc3339``), written without
  /// making one.
  mutating func value(rfc3339 timestamp: Timestamp) {
    separate()
    cached(second: timestamp.seconds) { line in
      var time = time_t(timestamp.seconds)
      var parts = tm()
      gmtime_r(&time, &parts)
      line.put(UInt8(ascii: "\""))
      line.writeDigits(Int(parts.tm_year) + 1900, width: 4)
      line.put(UInt8(ascii: "-"))
      line.writeDigits(Int(parts.tm_mon) + 1, width: 2)
      line.put(UInt8(ascii: "-"))
      line.writeDigits(Int(parts.tm_mday), width: 2)
      line.put(UInt8(ascii: "T"))
      line.writeDigits(Int(parts.tm_hour), width: 2)
      line.put(UInt8(ascii: ":"))
      line.writeDigits(Int(parts.tm_min), width: 2)
      line.put(UInt8(ascii: ":"))
      line.writeDigits(Int(parts.tm_sec), width: 2)
      line.put(UInt8(ascii: "."))
    }
    writeDigits(timestamp.milliseconds, width: 3)
    put(UInt8(ascii: "Z"))
    put(UInt8(ascii: "\""))
  }
}
