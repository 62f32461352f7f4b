/// Everything the capability catalog looks at, probed once and only when asked for.
public final class HardwareInventory {
  let context: ProbeContext
  let udev: Udev?

  public init(context: ProbeContext, udev: Udev? = Udev()) {
    self.context = context
    self.udev = udev
  }

  private var inventory: InventoryProbe { InventoryProbe(context: context, udev: udev) }
  private lazy var drm = DRMDevices(udev: udev)

  public private(set) lazy var sensors: [SensorInfo] = SensorProbe(context: context, udev: udev).probe()
  public private(set) lazy var displays: [DisplayInfo] = DisplayProbe(context: context, drm: drm).probe()
  public private(set) lazy var gpus: [GPUInfo] = inventory.gpus(drm)
  public private(set) lazy var cameras: [CameraInfo] = inventory.cameras()
  public private(set) lazy var audioCards: [AudioCardInfo] = inventory.audioCards()
  public private(set) lazy var radios: [RadioInfo] = inventory.radios()
  public private(set) lazy var inputs: [InputInfo] = inventory.inputs()
  /// UPower's view when upowerd answers, else sysfs.
  public private(set) lazy var power: PowerInfo = PowerProbe(context: context, udev: udev).probe()
  public private(set) lazy var architecture: String? = KernelIdentity(context: context).machine
}
