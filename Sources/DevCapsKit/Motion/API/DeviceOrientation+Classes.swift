extension DeviceOrientation {
  /// Portrait, either way up (`UIDeviceOrientation.isPortrait`).
  public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
  /// Landscape, either side up (`isLandscape`).
  public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
  /// Lying flat, face up or face down (`isFlat`).
  public var isFlat: Bool { self == .faceUp || self == .faceDown }
  /// An orientation a user interface can take: portrait or landscape, not flat or unknown
  /// (`isValidInterfaceOrientation`).
  public var isValidInterfaceOrientation: Bool { isPortrait || isLandscape }
}
