extension Updates {
  /// The same updates, each made another element by `transform`; nil skips it.
  func compactMap<Mapped: Sendable>(_ transform: @escaping @Sendable (Element) -> Mapped?) -> Updates<Mapped> {
    wrapping { open throws(UpdateError) in MappedFeed(try open(), transform) }
  }
}

private final class MappedFeed<Source: Sendable, Element: Sendable>: UpdateFeed {
  private let source: any UpdateFeed<Source>
  private let transform: (Source) -> Element?

  init(_ source: any UpdateFeed<Source>, _ transform: @escaping (Source) -> Element?) {
    self.source = source
    self.transform = transform
  }

  func releaseSource() -> Bool { source.releaseSource() }

  func next(isolation actor: isolated (any Actor)?) async throws(UpdateError) -> Element? {
    while let value = try await source.next(isolation: actor) {
      if let element = transform(value) { return element }
    }
    return nil
  }
}
