import Testing

/// Sample clocks of real hardware, 100 Hz nominal.
enum SampleClock: String, CaseIterable, CustomTestStringConvertible {
  case even
  /// Each interval 10 ms ± up to 4 ms.
  case jittery
  /// Every 150th sample comes 30 ms after the previous one (two dropped).
  case gapped
  /// 2 % slow: 98 samples a second.
  case slow
  /// 2 % fast: 102 samples a second.
  case fast

  var testDescription: String { rawValue }

  var longestInterval: Double {
    switch self {
    case .even: 0.01
    case .jittery: 0.014
    case .gapped: 0.03
    case .slow: 1 / 98.0
    case .fast: 1 / 102.0
    }
  }

  /// Timestamps from 0 to at least `seconds`.
  func times(seconds: Double) -> [Double] {
    var random = SplitMix(seed: 0xC10C)
    var times = [0.0]
    while times[times.count - 1] < seconds {
      let interval: Double =
        switch self {
        case .even: 0.01
        case .jittery: 0.01 + 0.004 * (2 * random.next() - 1)
        case .gapped: times.count % 150 == 0 ? 0.03 : 0.01
        case .slow: 1 / 98.0
        case .fast: 1 / 102.0
        }
      times.append(times[times.count - 1] + interval)
    }
    return times
  }
}
