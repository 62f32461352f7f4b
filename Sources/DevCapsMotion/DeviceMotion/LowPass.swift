import RealModule

/// One step of a second-order Butterworth low-pass filter with time constant τ (cutoff √2/τ
/// rad/s, as VQF parametrises its accelerometer filter), discretised exactly for a step of any
/// length, so uneven sample clocks filter alike. Above the cutoff it falls off with the square of
/// the frequency, twice as steeply as two first-order stages of τ/2 each, and without overshoot
/// worth the name (ζ = 1/√2). With ζ = 1/√2 and ω = √2/τ the decay rate and the damped frequency
/// are both 1/τ, so a step's solution for the output's distance from a held input e and its
/// rate per time constant w = τ·de/dt is: (e, w) ← e^(−t/τ) · [[cos + sin, sin], [−2·sin,
/// cos − sin]] · (e, w), t/τ the angle. Kept per time constant, the state carries over when τ
/// changes (at rest the average is shorter): a rate built up under a short τ does not push a long
/// one on for its whole length.
struct LowPassStep: Sendable {
  private let ee: Double
  private let ev: Double
  private let ve: Double
  private let vv: Double

  /// The step of `interval` seconds with time constant `timeConstant` seconds (> 0).
  init(timeConstant: Double, interval: Double) {
    let angle = interval / timeConstant
    let decay = Double.exp(-angle)
    let (cosine, sine) = (Double.cos(angle), Double.sin(angle))
    ee = decay * (cosine + sine)
    ev = decay * sine
    ve = -decay * 2 * sine
    vv = decay * (cosine - sine)
  }

  /// Moves `state` towards `input` held over the step and returns the filtered value; an empty
  /// state starts at the input, at rest.
  func apply<Value: LowPassValue>(_ input: Value, to state: inout LowPassState<Value>) -> Value {
    guard let value = state.value else {
      state = LowPassState(value: input, rate: input * 0)
      return input
    }
    let e = value - input
    let rate = state.rate
    let filtered = input + e * ee + rate * ev
    state = LowPassState(value: filtered, rate: e * ve + rate * vv)
    return filtered
  }
}

/// A low-pass filter's output and its rate of change per time constant; empty before the first input.
struct LowPassState<Value: LowPassValue>: Sendable {
  var value: Value?
  var rate: Value

  init(value: Value? = nil, rate: Value) {
    self.value = value
    self.rate = rate
  }
}

/// What the low-pass filter can filter: vectors and matrices.
protocol LowPassValue: Sendable {
  static func + (a: Self, b: Self) -> Self
  static func - (a: Self, b: Self) -> Self
  static func * (a: Self, factor: Double) -> Self
}

extension Vector3: LowPassValue {}
extension Matrix3: LowPassValue {}
extension LowPassState where Value == Vector3 {
  init() { self.init(rate: .zero) }
}
extension LowPassState where Value == Matrix3 {
  init() { self.init(rate: .diagonal(0)) }
}
