/// One accelerometer sample (`CMAccelerometerData`): the acceleration the device feels, in g,
/// in the device frame (x right, y up the screen, z out of it); (0, −1, 0) standing upright.
public struct AccelerometerData: Sendable, Equatable {
  /// In g (1 g = 9.80665 m/s²), after the sensor's mount matrix.
  public var acceleration: Vector3
  /// Seconds on the sample's clock: the kernel's timestamp of a buffered scan or input event,
  /// else CLOCK_MONOTONIC when it was read.
  public var timestamp: Double
  /// The sensor's kernel name (`iio:device0`, `event5`).
  public var sensor: String

  /// A sample, as a test or a replay makes one.
  public init(acceleration: Vector3, timestamp: Double, sensor: String) {
    self.acceleration = acceleration
    self.timestamp = timestamp
    self.sensor = sensor
  }

  /// The acceleration along x, in g.
  public var x: Double { acceleration.x }
  /// The acceleration along y, in g.
  public var y: Double { acceleration.y }
  /// The acceleration along z, in g.
  public var z: Double { acceleration.z }
}

/// One gyroscope sample (`CMGyroData`): the rotation rate around the device's axes, in rad/s,
/// counter-clockwise positive looking down the axis.
public struct GyroData: Sendable, Equatable {
  /// In rad/s, after the sensor's mount matrix; the sensor's bias is not removed.
  public var rotationRate: Vector3
  /// Seconds on the sample's clock, as for ``AccelerometerData/timestamp``.
  public var timestamp: Double
  /// The sensor's kernel name.
  public var sensor: String

  /// A sample, as a test or a replay makes one.
  public init(rotationRate: Vector3, timestamp: Double, sensor: String) {
    self.rotationRate = rotationRate
    self.timestamp = timestamp
    self.sensor = sensor
  }
}

/// One magnetometer sample (`CMMagnetometerData`): the raw magnetic field, in µT, with the
/// device's own hard-iron offset still in it.
public struct MagnetometerData: Sendable, Equatable {
  /// In µT, after the sensor's mount matrix.
  public var magneticField: Vector3
  /// Seconds on the sample's clock, as for ``AccelerometerData/timestamp``.
  public var timestamp: Double
  /// The sensor's kernel name.
  public var sensor: String

  /// A sample, as a test or a replay makes one.
  public init(magneticField: Vector3, timestamp: Double, sensor: String) {
    self.magneticField = magneticField
    self.timestamp = timestamp
    self.sensor = sensor
  }
}

/// `UIDeviceOrientation`'s seven values: portrait, upside down, landscape left and right, face
/// up, face down and unknown, decided by docs/explanation/motion.md's state machine over the display
/// accelerometer.
public typealias DeviceOrientation = Orientation
