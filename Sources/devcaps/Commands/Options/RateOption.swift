import ArgumentParser
import DevCapsKit

/// What `--rate` defaults to in one command, as its help says it.
protocol RateDefault {
  /// `Samples per second (default 50`, without the range: the option adds it.
  static var help: String { get }
}

/// `--rate`: how often a stream samples or reads, within the library's ``StreamOptions/rates``;
/// nil leaves each stream its own default (``StreamKind/defaultHertz``).
struct RateOption<Default: RateDefault>: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      Default.help + "; \(hertzText(StreamOptions.rates.lowerBound)) to \(hertzText(StreamOptions.rates.upperBound))).",
      valueName: "hz"))
  var rate: Double?

  func validate() throws {
    if let rate, !StreamOptions.rates.contains(rate) {
      throw ValidationError(
        "--rate must be between \(hertzText(StreamOptions.rates.lowerBound)) and \(hertzText(StreamOptions.rates.upperBound)) samples per second, not \(rate)"
      )
    }
  }
}

/// `10`, `0.2`: a rate as people write it.
func hertzText(_ hertz: Double) -> String {
  hertz == hertz.rounded() && abs(hertz) < 1e15 ? String(Int64(hertz)) : String(hertz)
}

/// The defaults of each command that samples.
enum WatchRates: RateDefault {
  static var help: String {
    let defaults = StreamKind.allCases.compactMap { kind in
      kind.defaultHertz.map { "\(kind.rawValue) \(hertzText($0))" }
    }
    return "Samples or readings per second (defaults: " + defaults.joined(separator: ", ")
  }
}

enum UpAngleRate: RateDefault {
  static var help: String { "Samples per second (default \(hertzText(StreamKind.upAngleDefaultHertz))" }
}

enum MotionRate: RateDefault {
  static var help: String { "Samples per second (default \(hertzText(StreamKind.motion.defaultHertz!))" }
}

enum TiltRate: RateDefault {
  static let hertz = 60.0
  static var help: String { "Samples per second (default \(hertzText(hertz))" }
}
