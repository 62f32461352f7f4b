/// A feed of a state that cannot change on this machine: the state once, then nothing until the
/// task is cancelled, as a stream of changes that never come.
final class SteadyFeed<Element: Sendable>: UpdateFeed {
  private var state: Element?
  /// Kept so that the stream waited on stays open until cancellation ends the wait.
  private var waiting: AsyncStream<Never>.Continuation?

  init(_ state: Element) { self.state = state }

  func next(isolation actor: isolated (any Actor)?) async throws(UpdateError) -> Element? {
    if let state {
      self.state = nil
      return state
    }
    let (never, continuation) = AsyncStream<Never>.makeStream()
    waiting = continuation
    for await _ in never {}
    return nil
  }
}
