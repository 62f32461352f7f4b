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
    parsing: .unconditional,
    help: ArgumentHelp(
      Default.help
        + "; \(Units.plain(StreamOptions.rates.lowerBound)) to \(Units.plain(StreamOptions.rates.upperBound))).",
      valueName: "hz"))
  var rate: Double?

  func validate() throws {
    if let rate, !StreamOptions.rates.contains(rate) {
      throw ValidationError(
        "--rate must be between \(Units.plain(StreamOptions.rates.lowerBound)) and \(Units.plain(StreamOptions.rates.upperBound)) samples per second, not \(rate)"
      )
    }
  }
}

/// The defaults of each command that samples.
enum WatchRates: RateDefault {
  static var help: String {
    let defaults = StreamKind.allCases.compactMap { kind in
      kind.defaultHertz.map { "\(kind.rawValue) \(Units.plain($0))" }
    }
    return "Samples or readings per second (defaults: " + defaults.joined(separator: ", ")
  }
}

enum UpAngleRate: RateDefault {
  static var help: String { "Samples per second (default \(Units.plain(StreamKind.upAngleDefaultHertz))" }
}

enum MotionRate: RateDefault {
  static var help: String { "Samples per second (default \(Units.plain(StreamKind.motion.defaultHertz!))" }
}

enum TiltRate: RateDefault {
  static let hertz = 60.0
  static var help: String { "Samples per second (default \(Units.plain(hertz))" }
}
