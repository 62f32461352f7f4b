import CDevCapsShims

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// An input device's event node (`/dev/input/eventN`), open non-blocking: the whole
/// `struct input_event` records there are, a partial one kept for the next read, and the switch
/// states the kernel holds (`EVIOCGSW`). The accelerometer and proximity sources and the
/// tablet-mode stream read their nodes through it.
final class InputEventReader {
  let node: String
  /// The node; the loop unwatches it by this number after `close()`.
  let descriptor: FileDescriptor
  /// Why reading stopped (the device went away, or the node ended).
  private(set) var ended: Errno?
  private var isOpen = true
  private let buffer: UnsafeMutableRawBufferPointer
  private var filled = 0
  private let recordSize = InputEvent.size()

  /// A reader of a descriptor already open (non-blocking): the node, or a pipe standing in for
  /// it. The reader owns the descriptor.
  init(descriptor: FileDescriptor, node: String) {
    self.descriptor = descriptor
    self.node = node
    buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: recordSize * 64, alignment: 8)
  }

  /// Opens `node` read-only and non-blocking.
  static func open(_ node: String) throws(InputEventSource.OpenError) -> InputEventReader {
    do throws(Errno) {
      return InputEventReader(descriptor: try FileDescriptor.open(node, O_RDONLY | O_NONBLOCK), node: node)
    } catch {
      throw .cannotOpen(path: node, error)
    }
  }

  deinit {
    close()
    buffer.deallocate()
  }

  var isReadable: Bool { isOpen && ended == nil }

  /// Closes the node. Nothing else was changed: a clock chosen with `EVIOCSCLOCKID` belongs to
  /// this open file.
  func close() {
    guard isOpen else { return }
    descriptor.closeIgnoringErrors()
    isOpen = false
  }

  /// Whether switch `code` (linux/input-event-codes.h) is on now.
  func switchState(_ code: UInt16) throws(InputEventSource.OpenError) -> Bool {
    switch Errno.result({ devcaps_evdev_switch_state(descriptor.rawValue, UInt32(code)) }) {
    case .success(let state): return state == 1
    case .failure(let error): throw .unreadable(path: node, request: "EVIOCGSW", error)
    }
  }

  /// Hands every whole event there is to `handle`, in order; false when the node ended or failed
  /// (ENODEV once the device is unplugged), with the reason in `ended`.
  func drain(_ handle: (InputEvent) -> Void) -> Bool {
    guard isReadable else { return false }
    while true {
      let result = Result { () throws(Errno) in
        try descriptor.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
      }
      switch result {
      case .failure(.resourceTemporarilyUnavailable): return true
      case .failure(let error):
        ended = error
        return false
      case .success(0):
        ended = .noSuchDevice
        return false
      case .success(let count):
        filled += count
        let whole = filled / recordSize * recordSize
        for event in InputEvent.decode(UnsafeRawBufferPointer(rebasing: buffer[0..<whole])) { handle(event) }
        let rest = filled - whole
        if rest > 0 { buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + whole, byteCount: rest) }
        filled = rest
      }
    }
  }
}
