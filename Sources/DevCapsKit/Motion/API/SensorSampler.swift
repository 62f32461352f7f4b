/// Samples one sensor at a fixed rate on a thread of its own, handing each sample to a handler
/// on that thread: the sensor's IIO buffer when it is idle and writable (polled sysfs
/// otherwise), or an input accelerometer's event node. Stopping it (or releasing it) wakes the
/// thread, waits for it, and so for the buffer's settings to be put back.
final class SensorSampler: SharableSource {
  private let session: StreamSession
  private let waker: LoopWaker
  private let sensor: SensorInfo
  private let hertz: Double
  private let source: any SampleSource
  private var thread: WorkerThread?
  private var stopped = false

  init(_ sensor: SensorInfo, hertz: Double) throws(UpdateError) {
    guard let waker = LoopWaker() else {
      throw .unavailable(.init(.systemResources, "cannot create an eventfd to stop the updates"))
    }
    self.waker = waker
    guard let udev = Udev() else {
      throw .unavailable(.init(.serviceMissing, "cannot use udev (\(Udev.unavailableReason))"))
    }
    // Samples go straight to the handler: the session's events are for DeviceStream.
    let session = StreamSession(maximumChanges: nil) { _ in true }
    self.session = session
    do {
      source = try AccelerometerFeed.open(
        sensor, context: ProbeContext(), session: session, udev: udev, hertz: hertz, note: { _ in })
    } catch {
      session.cleanUp()
      throw error
    }
    self.sensor = sensor
    self.hertz = hertz
    session.stopWhenRemoved(sensor, udev: udev)
    session.loop.watch(waker.fd) { [weak session, waker] in
      waker.acknowledge()
      session?.loop.stop(.finished)
    }
  }

  deinit { stop() }

  func deliver(to handler: @escaping (SensorSample) -> Bool, completion: @escaping (UpdateError?) -> Void) {
    guard thread == nil && !stopped else { return completion(nil) }
    let (session, source, kind) = (session, source, sensor.type)
    session.every(hertz: hertz) { [unowned session] in
      switch source.sample(kind) {
      case .success(let sample): if !handler(sample) { session.loop.stop(.finished) }
      case .failure(let problem) where problem.endsStream: session.loop.stop(.failure(problem.description))
      case .failure: break
      }
    }
    do {
      thread = try WorkerThread(named: "devcaps-sensor") {
        switch session.run() {
        case .failure(let message): completion(.sourceFailed(message))
        case .finished: completion(nil)
        }
      }
    } catch {
      stopped = true
      session.cleanUp()
      completion(.threadUnavailable(error))
    }
  }

  func stop() {
    guard !stopped else { return }
    stopped = true
    session.stop(running: thread, waker: waker)
  }
}

extension Updates {
  /// Samples of the first sensor of `kind` (one in the display first), each turned into an
  /// element; the newest kept while the loop is busy. Loops over the same sensor at the same
  /// interval share one sampler (``SharedSources``).
  static func samples(
    of kind: SensorInfo.Kind, among sensors: [SensorInfo], interval: Duration,
    _ transform: @escaping @Sendable (SensorSample, SensorInfo) -> Element
  ) -> Updates {
    Updates(buffering: .newest(1), releaseAfter: releaseAfter(interval: interval)) { policy throws(UpdateError) in
      let hertz = try hertz(interval)
      guard let sensor = MotionManager.preferred(kind, among: sensors) else {
        throw .unavailable(
          .init(
            .noHardware, "no \(kind.rawValue) found (no IIO device with \(IIOChannelGroup.type(of: kind))_* channels)"))
      }
      let subscription = try SharedSources.subscribe(.sensor(sensor, hertz: hertz), buffering: policy) {
        () throws(UpdateError) in try SensorSampler(sensor, hertz: hertz)
      }
      return StreamFeed(owner: subscription, stream: subscription.stream) { transform($0, sensor) }
    }
  }
}
