extension Updates {
  /// The elements of any asynchronous sequence as updates: an app's own source, or a test's
  /// stand-in for one (`AsyncStream.makeStream()` fed by the test). Iterating it iterates the
  /// sequence; an ``UpdateError`` it throws is thrown as is, any other error as
  /// ``UpdateError/sourceFailed(_:)``. The updates hold nothing while the loop is away, so they
  /// are never stopped for it (``releaseAfter`` is nil), and buffer as the sequence does.
  public init<Source: AsyncSequence & Sendable>(_ sequence: Source) where Source.Element == Element {
    self.init { () throws(UpdateError) in SequenceFeed(sequence.makeAsyncIterator()) }
  }
}

/// One iteration of a wrapped sequence.
private final class SequenceFeed<Iterator: AsyncIteratorProtocol>: UpdateFeed where Iterator.Element: Sendable {
  private var iterator: Iterator

  init(_ iterator: Iterator) { self.iterator = iterator }

  func next(isolation actor: isolated (any Actor)?) async throws(UpdateError) -> Iterator.Element? {
    do {
      return try await iterator.next(isolation: actor)
    } catch {
      throw UpdateError(error)
    }
  }
}
