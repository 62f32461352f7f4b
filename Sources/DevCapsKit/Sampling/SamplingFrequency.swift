/// The sensor's own sampling rate (`sampling_frequency`) for a stream's `--rate`: the nearest of
/// the rates its driver lists (`sampling_frequency_available`), the faster of two as near. A
/// driver that lists none, or a range (`[min step max]`) rather than values, is left as it is.
struct SamplingFrequency: Equatable {
  /// The attribute to write, what it holds now, and the value chosen.
  var path: String
  var current: String
  var chosen: Double

  /// The choice for `hertz` on `device`'s first group, or nil when there is nothing to set: no
  /// attribute, no list of values, not writable, or already the nearest.
  static func choose(for hertz: Double, device: IIODevice, kind: SensorInfo.Kind) -> SamplingFrequency? {
    let base = device.syspath + "/"
    let type = device.group(kind)?.type ?? IIOChannelGroup.type(of: kind)
    for name in [type + "_sampling_frequency", "sampling_frequency"] {
      guard case .success(let current) = SysfsAttribute.read(base + name) else { continue }
      guard case .success(let list) = SysfsAttribute.read(base + name + "_available"),
        let chosen = nearest(to: hertz, among: list)
      else { return nil }
      if Double(current) == chosen || !SysfsAttribute.isWritable(base + name) { return nil }
      return SamplingFrequency(path: base + name, current: current, chosen: chosen)
    }
    return nil
  }

  /// The listed value nearest to `hertz`, the higher one on a tie; nil for a list that is not
  /// plain numbers.
  static func nearest(to hertz: Double, among list: String) -> Double? {
    var best: Double? = nil
    for word in list.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
      guard let value = Double(word), value.isFinite, value > 0 else { return nil }
      if let current = best {
        let (distance, bestDistance) = (abs(value - hertz), abs(current - hertz))
        if distance < bestDistance || (distance == bestDistance && value > current) { best = value }
      } else {
        best = value
      }
    }
    return best
  }

  /// The value as written to the attribute: `100`, `12.5`.
  var text: String { Units.plain(chosen) }
}
