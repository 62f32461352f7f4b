import CDevCapsShims
import Synchronization

/// How many `GLibClosure`s exist: each one GLib has not released yet is counted. 0 once every
/// watcher has stopped (the tests check it).
let liveGLibClosures = Atomic<Int>(0)

/// A Swift closure handed to GLib as a signal handler's, bus-name watch's or source's user data
/// (SwiftGObject's `_connect`): retained for GLib when handed over (`retainedForGLib`), used
/// unretained on each call, and released once by GLib's destroy-notify (`release`), when the
/// handler, watch or source is gone. GLib holds a reference of its own while a call is under
/// way, so a handler disconnected from inside its own call is released after it returns.
final class GLibClosure<Argument> {
  let body: (Argument) -> Void

  init(_ body: @escaping (Argument) -> Void) {
    self.body = body
    liveGLibClosures.add(1, ordering: .relaxed)
  }

  deinit { liveGLibClosures.subtract(1, ordering: .relaxed) }

  /// A +1 reference for GLib to keep; `release` gives it back.
  var retainedForGLib: UnsafeMutableRawPointer { Unmanaged.passRetained(self).toOpaque() }

  static func call(_ box: UnsafeMutableRawPointer?, _ argument: Argument) {
    guard let box else { return }
    Unmanaged<GLibClosure>.fromOpaque(box).takeUnretainedValue().body(argument)
  }

  static func release(_ box: UnsafeMutableRawPointer?) {
    guard let box else { return }
    Unmanaged<GLibClosure>.fromOpaque(box).release()
  }
}

/// A handler connected to a GObject's signal. Holds a reference to the object; `deinit`
/// disconnects (GLib then releases the closure) and drops the reference. Used on the thread
/// whose main context the object's signals are delivered in.
final class SignalConnection {
  private let object: UnsafeMutableRawPointer
  private let handler: UInt

  /// "notify": `body` gets the name of the property that changed. Nil when GLib refused the
  /// connection (it logs a GLib-GObject-CRITICAL saying why; the closure is released already).
  init?(notifyOf object: UnsafeMutableRawPointer, _ body: @escaping (String?) -> Void) {
    let closure = GLibClosure<String?>(body)
    handler = devcaps_g_signal_connect_notify(
      object, { box, property in GLibClosure<String?>.call(box, property.map { String(cString: $0) }) },
      closure.retainedForGLib, { box in GLibClosure<String?>.release(box) })
    guard handler != 0 else { return nil }
    self.object = object
    devcaps_g_object_ref(object)
  }

  /// A signal whose handler takes one pointer besides the instance (UpClient's "device-added"
  /// and "device-removed"); `body` is told only that it was emitted.
  init?(_ signal: String, of object: UnsafeMutableRawPointer, _ body: @escaping () -> Void) {
    let closure = GLibClosure<Void>(body)
    handler = devcaps_g_signal_connect(
      object, signal, { box in GLibClosure<Void>.call(box, ()) },
      closure.retainedForGLib, { box in GLibClosure<Void>.release(box) })
    guard handler != 0 else { return nil }
    self.object = object
    devcaps_g_object_ref(object)
  }

  deinit {
    devcaps_g_signal_handler_disconnect(object, handler)
    devcaps_g_object_unref(object)
  }
}

/// A one-shot timeout on a main context. `deinit` destroys it if it has not fired, which
/// releases its closure; dropping it from inside `body` is allowed.
final class GLibTimeout {
  private let source: UnsafeMutableRawPointer

  init(context: UnsafeMutableRawPointer, milliseconds: UInt32, _ body: @escaping () -> Void) {
    let closure = GLibClosure<Void>(body)
    // g_timeout_source_new aborts rather than return NULL.
    source = devcaps_g_timeout_attach(
      context, milliseconds,
      { box in
        GLibClosure<Void>.call(box, ())
        return 0  // G_SOURCE_REMOVE: once.
      }, closure.retainedForGLib, { box in GLibClosure<Void>.release(box) })!
  }

  deinit { devcaps_g_source_destroy_and_unref(source) }
}
