extension UpdateError {
  /// Why a source is unavailable: a ``Kind`` an app can switch on, and the sentence devcaps
  /// prints.
  ///
  /// ```swift
  /// do {
  ///   for try await update in Device.lidUpdates() { … }
  /// } catch .unavailable(let reason) {
  ///   switch reason.kind {
  ///   case .noHardware: hideLidSettings()
  ///   case .permissionDenied(let path): explain("devcaps cannot read \(path)")
  ///   case .serviceMissing: explain(reason.message)  // "… needs UPower: …"
  ///   default: log(reason)
  ///   }
  /// }
  /// ```
  ///
  /// A string literal makes a reason of kind ``Kind/other``; two reasons are equal when their
  /// messages are, so a test can still write `UpdateError.unavailable("no accelerometer found …")`.
  public struct Reason: Sendable, Equatable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// What kind of thing is missing.
    public enum Kind: Sendable, Equatable {
      /// The machine has no such sensor, switch, power source or thermal zone.
      case noHardware
      /// The hardware is there, but not as the source needs it: only an accelerometer in the
      /// base, a switch without an event node, a sensor without the attributes to read.
      case unsuitableHardware
      /// The hardware is there, and this user may not use it: `path` is what was refused (a
      /// `/dev/input` node, a sysfs attribute to switch a sensor on).
      case permissionDenied(path: String)
      /// A service the source needs is not running: the system bus, UPower,
      /// power-profiles-daemon, udev.
      case serviceMissing
      /// The system refused a resource the source needs: a thread, an eventfd.
      case systemResources
      /// Anything else (a simulation that cannot run, a reason written as a literal).
      case other
    }

    /// What kind of thing is missing.
    public var kind: Kind
    /// The sentence for a person: what was looked for, and what was found instead.
    public var message: String

    /// A reason of `kind`, said by `message`.
    public init(_ kind: Kind, _ message: String) {
      self.kind = kind
      self.message = message
    }

    /// A reason of kind ``Kind/other``.
    public init(stringLiteral message: String) { self.init(.other, message) }

    /// A reason of kind ``Kind/other``.
    public init(stringInterpolation: DefaultStringInterpolation) {
      self.init(.other, String(stringInterpolation: stringInterpolation))
    }

    /// The message.
    public var description: String { message }

    /// Equal messages: a reason written as a literal matches the one thrown, whatever its kind.
    public static func == (a: Reason, b: Reason) -> Bool { a.message == b.message }

    /// Permission denied on `path` when `errno` says so (EACCES, EPERM), else `otherwise`.
    static func denied(_ errno: Errno?, path: String, otherwise kind: Kind, _ message: String) -> Reason {
      Reason(errno?.meansDenied == true ? .permissionDenied(path: path) : kind, message)
    }
  }
}

extension InputEventSource.OpenError {
  /// Why an input device cannot be read, as an unavailable reason: permission denied on the
  /// event node when the kernel said so.
  func reason(_ message: String) -> UpdateError.Reason {
    switch self {
    case .cannotOpen(let path, let errno) where errno.meansDenied:
      UpdateError.Reason(.permissionDenied(path: path), message)
    case .unreadable(let path, _, let errno) where errno.meansDenied:
      UpdateError.Reason(.permissionDenied(path: path), message)
    case .notDelivered, .noEventNode: UpdateError.Reason(.unsuitableHardware, message)
    default: UpdateError.Reason(.other, message)
    }
  }
}
