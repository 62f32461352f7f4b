import Synchronization

/// What makes two loops' updates one source: the same stream kind, interval and options, or the
/// same sensor at the same rate. The buffering is each loop's own and no part of it.
enum SharingKey: Equatable, Sendable {
  case stream(StreamKind, interval: Duration?, StreamOptions)
  case sensor(SensorInfo, hertz: Double)

  static func == (lhs: SharingKey, rhs: SharingKey) -> Bool {
    switch (lhs, rhs) {
    case (.stream(let kind, let interval, let options), .stream(let otherKind, let otherInterval, let otherOptions)):
      kind == otherKind && interval == otherInterval && options.sharesSource(with: otherOptions)
    case (.sensor(let sensor, let hertz), .sensor(let otherSensor, let otherHertz)):
      sensor == otherSensor && hertz == otherHertz
    default: false
    }
  }
}

/// The running shared sources of the process, one per ``SharingKey``.
enum SharedSources {
  struct Entry: Sendable {
    let key: SharingKey
    let source: AnyObject & Sendable
  }

  /// Taken before a source's own lock, never after it.
  static let entries = Mutex<[Entry]>([])

  /// A place at the running source of `key`, or at one `open` makes and this starts. `remember`
  /// folds each event into the state a loop that joins later gets first (nil: samples, none).
  static func subscribe<Event: Sendable>(
    _ key: SharingKey, buffering: UpdateBuffering, remember: (@Sendable (inout [Event], Event) -> Void)? = nil,
    open: () throws(UpdateError) -> any SharableSource<Event>
  ) throws(UpdateError) -> Subscription<Event> {
    if let joined = join(key, buffering: buffering, opened: nil as SharedSource<Event>?) { return joined }
    // Opened outside the lock (a D-Bus call may take a while); a loop that opened the same
    // meanwhile wins, and this one is dropped unstarted.
    let opened = SharedSource(try open(), remember: remember)
    guard let subscription = join(key, buffering: buffering, opened: opened) else {
      throw .unavailable(.init(.systemResources, "the source ended as it was opened"))
    }
    return subscription
  }

  /// A place at the running source of `key`; else at `opened`, registered and started.
  private static func join<Event: Sendable>(
    _ key: SharingKey, buffering: UpdateBuffering, opened: SharedSource<Event>?
  ) -> Subscription<Event>? {
    let (subscription, start) = entries.withLock { entries -> (Subscription<Event>?, SharedSource<Event>?) in
      if let running = entries.first(where: { $0.key == key })?.source as? SharedSource<Event>,
        let subscription = running.join(buffering: buffering)
      {
        return (subscription, nil)
      }
      guard let opened else { return (nil, nil) }
      entries.removeAll { $0.key == key }
      entries.append(Entry(key: key, source: opened))
      return (opened.join(buffering: buffering), opened)
    }
    // Outside the lock: a thread that cannot start ends the source at once, which takes it.
    start?.start()
    return subscription
  }
}
