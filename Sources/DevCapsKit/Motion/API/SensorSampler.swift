/// Samples one sensor at a fixed rate on a thread of its own, into an `AsyncThrowingStream`: the
/// sensor's IIO buffer when it is idle and writable (polled sysfs otherwise), or an input
/// accelerometer's event node. Releasing the sampler wakes the thread, waits for it, and so
/// for the buffer's settings to be put back.
final class SensorSampler<Element: Sendable> {
  let stream: AsyncThrowingStream<Element, any Error>
  private let session: StreamSession
  private let waker: LoopWaker
  private var thread: WorkerThread?

  init(
    _ sensor: SensorInfo, hertz: Double, buffering: UpdateBuffering, transform: @escaping (SensorSample) -> Element
  ) throws(UpdateError) {
    let (stream, continuation) = AsyncThrowingStream.makeStream(
      of: Element.self, bufferingPolicy: buffering.policy(of: Element.self))
    self.stream = stream
    guard let waker = LoopWaker() else {
      throw .unavailable(.init(.systemResources, "cannot create an eventfd to stop the updates"))
    }
    self.waker = waker
    guard let udev = Udev() else {
      throw .unavailable(.init(.serviceMissing, "cannot use udev (\(Udev.unavailableReason))"))
    }
    // Samples go straight to the continuation: the session's events are for DeviceStream.
    let session = StreamSession(maximumChanges: nil) { _ in true }
    self.session = session
    let source: any SampleSource
    do {
      source = try AccelerometerFeed.open(
        sensor, context: ProbeContext(), session: session, udev: udev, hertz: hertz, note: { _ in })
    } catch {
      session.cleanUp()
      throw error
    }
    session.stopWhenRemoved(sensor, udev: udev)
    session.every(hertz: hertz) { [unowned session] in
      switch source.sample(sensor.type) {
      case .success(let sample): continuation.yield(transform(sample))
      case .failure(let problem) where problem.endsStream: session.loop.stop(.failure(problem.description))
      case .failure: break
      }
    }
    session.loop.watch(waker.fd) { [weak session, waker] in
      waker.acknowledge()
      session?.loop.stop(.finished)
    }
    continuation.onTermination = { [waker] _ in waker.wake() }
    do {
      thread = try WorkerThread {
        switch session.run() {
        case .failure(let message): continuation.finish(throwing: UpdateError.sourceFailed(message))
        case .finished: continuation.finish()
        }
      }
    } catch {
      session.cleanUp()
      throw .threadUnavailable(error)
    }
  }

  deinit {
    waker.wake()
    thread?.join()
  }
}

extension Updates {
  /// Samples of the first sensor of `kind` (one in the display first), each turned into an
  /// element; the newest kept while the loop is busy.
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
      do {
        let sampler = try SensorSampler(sensor, hertz: hertz, buffering: policy) { transform($0, sensor) }
        return StreamFeed(owner: sampler, stream: sampler.stream) { $0 }
      } catch {
        throw UpdateError(error)
      }
    }
  }
}
