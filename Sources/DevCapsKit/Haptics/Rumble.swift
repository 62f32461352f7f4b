import CDevCapsShims
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One rumble effect uploaded to a vibration motor, played on demand and removed when closed
/// (or released). The node is opened read-write, which is all it needs: no root beyond the
/// node's permissions (root and, on most systems, the `input` group, or the seat's user through
/// logind's ACLs). Safe to play from one thread and close from another.
public final class Rumble: Sendable {
  /// The motor the effect was uploaded to.
  public let motor: VibrationMotor
  /// The open node; nil once closed.
  private let node: Mutex<FileDescriptor?>
  private let effect: Int32

  /// Why the motor cannot be used.
  public enum OpenError: Error, Equatable, CustomStringConvertible {
    /// The event node could not be opened read-write (most often no permission: root and the input
    /// group may).
    /// (Each case's number is the C library's `errno`.)
    case cannotOpen(path: String, errno: Int32)
    /// The kernel refused to upload the rumble effect (the `EVIOCSFF` ioctl).
    case uploadFailed(path: String, errno: Int32)
    /// Starting the effect failed, or the rumble was already closed (`EBADF`).
    case playFailed(path: String, errno: Int32)

    /// A one-line message naming the node, with a hint about permissions when access was denied.
    public var description: String {
      switch self {
      case .cannotOpen(let path, let number):
        let error = Errno(rawValue: number)
        let hint = error.meansDenied ? " (event nodes are writable by root and the input group)" : ""
        return "cannot open \(path) to vibrate: \(error)\(hint)"
      case .uploadFailed(let path, let number):
        return "\(path): uploading a rumble effect (EVIOCSFF) failed: \(Errno(rawValue: number))"
      case .playFailed(let path, let number):
        return "\(path): playing the rumble effect failed: \(Errno(rawValue: number))"
      }
    }
  }

  /// Opens the motor's node and uploads a rumble of `milliseconds` with the strong and weak
  /// motors at these magnitudes (0…65535).
  public init(motor: VibrationMotor, strong: UInt16 = 0xC000, weak: UInt16 = 0x6000, milliseconds: UInt16 = 80)
    throws(OpenError)
  {
    let descriptor: FileDescriptor
    do throws(Errno) {
      descriptor = try FileDescriptor.open(motor.node, O_RDWR | O_NONBLOCK)
    } catch {
      throw .cannotOpen(path: motor.node, errno: error.rawValue)
    }
    switch Errno.result({ devcaps_ff_upload_rumble(descriptor.rawValue, strong, weak, milliseconds) }) {
    case .success(let id): effect = id
    case .failure(let error):
      descriptor.closeIgnoringErrors()
      throw .uploadFailed(path: motor.node, errno: error.rawValue)
    }
    self.motor = motor
    node = Mutex(descriptor)
  }

  deinit { close() }

  /// Plays the effect once; the kernel stops it after its length.
  public func play() throws(OpenError) {
    let failure: Errno? = node.withLock { fd in
      guard let fd else { return .badFileDescriptor }
      if case .failure(let error) = Errno.result({ devcaps_ff_play(fd.rawValue, effect) }) { return error }
      return nil
    }
    if let failure { throw .playFailed(path: motor.node, errno: failure.rawValue) }
  }

  /// Removes the effect (EVIOCRMFF) and closes the node. Safe to call twice.
  public func close() {
    node.withLock { fd in
      guard let open = fd else { return }
      _ = Errno.result { devcaps_ff_remove(open.rawValue, effect) }
      open.closeIgnoringErrors()
      fd = nil
    }
  }
}
