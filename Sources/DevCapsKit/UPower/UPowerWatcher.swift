import CDevCapsShims

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Watches UPower from a GLib main loop on a thread of its own: the bus name (upowerd coming and
/// going), the client's properties (on battery, lid) and every device's `notify` signal. Changes
/// are coalesced (one snapshot 50 ms after the first signal) and cross to the caller's loop as
/// values, through a pipe that wakes it. Nothing polls.
public final class UPowerWatcher: @unchecked Sendable {
  public enum Message: Sendable {
    /// upowerd is not there at start (no system bus, or nobody owns the name).
    case absent
    case appeared(PowerInfo)
    case changed(PowerInfo)
    case vanished
  }

  /// The read end: readable when messages are waiting.
  public let fd: Int32
  private let writeEnd: Int32
  private let lock = PthreadMutex()
  private var queue: [Message] = []

  // GLib-thread state; touched only on that thread.
  private var context: UnsafeMutableRawPointer? = nil
  private var loop: UnsafeMutableRawPointer? = nil
  private var client: UnsafeMutableRawPointer? = nil
  private var connected: [(object: UnsafeMutableRawPointer, handler: UInt)] = []
  private var devices: [UnsafeMutableRawPointer] = []
  private var watchedDevices = Set<String>()
  private var nameWatch: UInt32 = 0
  private var snapshotPending = false
  private var reportedFirst = false
  private var thread = pthread_t()
  private var running = false
  private let ready = PthreadMutex()
  private var started = false

  public init?() {
    var fds: [Int32] = [0, 0]
    guard devcaps_pipe(&fds) == 0 else { return nil }
    fd = fds[0]
    writeEnd = fds[1]
  }

  deinit {
    stop()
    close(fd)
    close(writeEnd)
  }

  /// Starts the GLib thread; the first message says whether upowerd is there.
  public func start() {
    guard !running else { return }
    running = true
    let box = Unmanaged.passRetained(self).toOpaque()
    pthread_create(&thread, nil, { argument in
      let watcher = Unmanaged<UPowerWatcher>.fromOpaque(argument!).takeRetainedValue()
      watcher.threadMain()
      return nil
    }, box)
    // Wait until the loop exists, so that stop() can always reach it.
    while true {
      ready.lock()
      let done = started
      ready.unlock()
      if done { break }
      usleep(1000)
    }
  }

  public func stop() {
    guard running else { return }
    running = false
    if let context {
      devcaps_main_context_invoke(context, { data in
        let watcher = Unmanaged<UPowerWatcher>.fromOpaque(data!).takeUnretainedValue()
        if let loop = watcher.loop { devcaps_main_loop_quit(loop) }
        return 0
      }, Unmanaged.passUnretained(self).toOpaque())
    }
    pthread_join(thread, nil)
  }

  /// Everything that arrived since the last call.
  public func receive() -> [Message] {
    var byte: UInt8 = 0
    while read(fd, &byte, 1) == 1 {}
    lock.lock()
    defer { lock.unlock() }
    let messages = queue
    queue.removeAll()
    return messages
  }

  private func send(_ message: Message) {
    lock.lock()
    queue.append(message)
    lock.unlock()
    var byte: UInt8 = 1
    _ = write(writeEnd, &byte, 1)
  }

  // MARK: - On the GLib thread

  private func threadMain() {
    guard devcaps_upower_load(nil) != 0 else {
      reportedFirst = true
      send(.absent)
      ready.lock()
      started = true
      ready.unlock()
      return
    }
    context = devcaps_main_context_new_pushed()
    loop = devcaps_main_loop_new(context)
    let me = Unmanaged.passUnretained(self).toOpaque()
    nameWatch = devcaps_watch_upower({ present, data in
      let watcher = Unmanaged<UPowerWatcher>.fromOpaque(data!).takeUnretainedValue()
      if present != 0 {
        watcher.connect()
      } else if watcher.client != nil {
        watcher.disconnect(announce: true)
      } else if !watcher.reportedFirst {
        watcher.reportedFirst = true
        watcher.send(.absent)
      }
    }, me)
    ready.lock()
    started = true
    ready.unlock()
    devcaps_main_loop_run(loop)
    devcaps_unwatch_upower(nameWatch)
    disconnect(announce: false)
    devcaps_main_loop_unref(loop)
    devcaps_main_context_pop_and_unref(context)
    loop = nil
    context = nil
  }

  private func connect() {
    guard client == nil else { return }
    guard let upower = try? UPowerClient() else {
      if !reportedFirst {
        reportedFirst = true
        send(.absent)
      }
      return
    }
    reportedFirst = true
    client = upower.client
    devcaps_g_object_ref(upower.client)
    let me = Unmanaged.passUnretained(self).toOpaque()
    connected.append((upower.client, devcaps_connect_notify(upower.client, { _, _, data in
      Unmanaged<UPowerWatcher>.fromOpaque(data!).takeUnretainedValue().scheduleSnapshot()
    }, me)))
    connected.append((upower.client, devcaps_connect_device_added(upower.client, { _, _, data in
      Unmanaged<UPowerWatcher>.fromOpaque(data!).takeUnretainedValue().scheduleSnapshot()
    }, me)))
    connected.append((upower.client, devcaps_connect_device_removed(upower.client, { _, _, data in
      Unmanaged<UPowerWatcher>.fromOpaque(data!).takeUnretainedValue().scheduleSnapshot()
    }, me)))
    send(.appeared(snapshot(upower)))
  }

  private func disconnect(announce: Bool) {
    for (object, handler) in connected { devcaps_signal_disconnect(object, handler) }
    connected.removeAll()
    for device in devices { devcaps_g_object_unref(device) }
    devices.removeAll()
    watchedDevices.removeAll()
    if let client { devcaps_g_object_unref(client) }
    let had = client != nil
    client = nil
    if announce && had { send(.vanished) }
  }

  /// Reads the client and its devices, connecting `notify` on devices not yet watched.
  private func snapshot(_ upower: UPowerClient) -> PowerInfo {
    let me = Unmanaged.passUnretained(self).toOpaque()
    for device in upower.devices() {
      let path = UPowerDeviceReading(device).objectPath
      guard watchedDevices.insert(path).inserted else {
        devcaps_g_object_unref(device)
        continue
      }
      // Kept (with its reference) while its notify handler is connected.
      devices.append(device)
      connected.append((device, devcaps_connect_notify(device, { _, property, data in
        // The update time alone changes on every poll of upowerd: not a change.
        if let property, String(cString: property) == "update-time" { return }
        Unmanaged<UPowerWatcher>.fromOpaque(data!).takeUnretainedValue().scheduleSnapshot()
      }, me)))
    }
    return upower.read()
  }

  private func scheduleSnapshot() {
    guard !snapshotPending, let context else { return }
    snapshotPending = true
    devcaps_main_context_timeout(context, 50, { data in
      let watcher = Unmanaged<UPowerWatcher>.fromOpaque(data!).takeUnretainedValue()
      watcher.snapshotPending = false
      if let client = watcher.client {
        devcaps_g_object_ref(client)
        let upower = UPowerClient(adopting: client)
        watcher.send(.changed(watcher.snapshot(upower)))
      }
      return 0
    }, Unmanaged.passUnretained(self).toOpaque())
  }
}

/// A tiny mutex (pthread), so the library needs no Foundation.
final class PthreadMutex: @unchecked Sendable {
  private var mutex = pthread_mutex_t()
  init() { pthread_mutex_init(&mutex, nil) }
  deinit { pthread_mutex_destroy(&mutex) }
  func lock() { pthread_mutex_lock(&mutex) }
  func unlock() { pthread_mutex_unlock(&mutex) }
}
