/// Everything the capability catalog looks at, probed once and only when asked for.
final class HardwareInventory {
  let context: ProbeContext
  private let openUdev: () -> Udev?
  /// libudev, loaded (dlopen, udev_new, one scan) when a section first needs it: the power
  /// section needs it only when UPower does not answer, so with upowerd on the bus `--only
  /// power`, `get power.…` and a manifest of power keys never load it.
  private(set) lazy var udev: Udev? = openUdev()

  init(context: ProbeContext, udev: Udev?) {
    self.context = context
    self.openUdev = { udev }
  }

  /// `openUdev` runs once, at the first section that needs udev.
  init(context: ProbeContext, openUdev: @escaping () -> Udev? = { Udev() }) {
    self.context = context
    self.openUdev = openUdev
  }

  private var inventory: InventoryProbe { InventoryProbe(context: context, udev: udev) }
  private lazy var drm = DRMDevices(udev: hasDevices("drm") ? udev : nil)

  /// Whether sysfs has a class directory with anything in it: a VM, a container or a server
  /// has no `drm` and an empty `power_supply`, and libudev is not loaded (0.16 M instructions
  /// and its library's pages) to enumerate nothing.
  private func hasDevices(_ subsystemClass: String) -> Bool {
    !context.entries("/sys/class/" + subsystemClass).isEmpty
  }

  private(set) lazy var sensors: [SensorInfo] = SensorProbe(context: context, udev: udev).probe()
  private(set) lazy var displays: [DisplayInfo] = DisplayProbe(context: context, drm: drm).probe()
  private(set) lazy var gpus: [GPUInfo] = inventory.gpus(drm)
  private(set) lazy var cameras: [CameraInfo] = inventory.cameras()
  private(set) lazy var audioCards: [AudioCardInfo] = inventory.audioCards()
  private(set) lazy var radios: [RadioInfo] = inventory.radios()
  private(set) lazy var inputs: [InputInfo] = inventory.inputs()
  /// UPower's view when upowerd answers, else sysfs.
  private(set) lazy var power: PowerInfo = PowerProbe(
    context: context, udev: { [unowned self] in self.hasDevices("power_supply") ? self.udev : nil }
  ).probe()
  private(set) lazy var architecture: String? = KernelIdentity(context: context).machine
}
