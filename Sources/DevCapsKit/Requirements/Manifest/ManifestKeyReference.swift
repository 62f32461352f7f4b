/// What each key that is not a capability of the catalog takes and means: the one source of
/// `devcaps require --list-keys`, the key lists of `require --help`, the man page and
/// docs/reference/manifest.md. The capability keys' meanings are their catalog rules.
package struct KeyReference: Sendable, Equatable {
  /// The key as a manifest names it; a path key with its placeholder (`disk-free[:PATH]`).
  package var key: String
  /// What the key takes: `true/false`, `bytes`, `version`, `name or list`, `manifests`.
  package var value: String
  /// What it means, in one sentence.
  package var meaning: String
}

extension ManifestKeys {
  /// The value a capability key of the catalog takes.
  package static let capabilityValue = "true/false"

  /// Every key that is not a capability of the catalog, in the order `--list-keys` shows them.
  package static let reference: [KeyReference] =
    [
      (
        "device-node:PATH", "true/false",
        "PATH is a character or block device this process can open for reading and writing (/dev/kvm); live only"
      ),
      ("memory", "bytes", "installed RAM (memory blocks), else MemTotal"),
      (
        "memory-available", "bytes",
        "what this process can still get: the lower of MemAvailable and its cgroup's limit minus usage"
      ),
      ("memory-limit", "bytes", "the tightest cgroup memory limit on this process, else MemTotal"),
      ("available-memory", "bytes", "the old name of memory-limit, still read"),
      (
        "disk-free[:PATH]", "bytes",
        "what an unprivileged job can write (statvfs f_bavail) on the filesystem of PATH, / when none"
      ),
      ("disk-total[:PATH]", "bytes", "the size (statvfs f_blocks) of the filesystem of PATH, / when none"),
      ("cpu-cores", "count", "logical CPUs online"),
      (
        "available-cores", "CPUs",
        "the CPUs this process may use, fractional under a CPU quota: affinity capped by cpuset and quota"
      ),
      (
        "cpu-frequency", "hertz",
        "the highest cpufreq maximum, else the clock /proc/cpuinfo states, else the firmware's"
      ),
      ("cpu-level", "x86-64 level", "the x86-64 psABI level the CPU flags reach"),
      ("cpu-features", "list of names", "CPU flags as /proc/cpuinfo spells them, all required"),
      ("battery-level", "level", "the aggregate battery level; unmet without a battery"),
      ("displays", "count", "connected display connectors"),
      ("kernel", "version", "the kernel release; == and != compare the parts written, ordering part by part"),
      ("os", "name or list", "the os-release ID (debian, ubuntu, fedora), any of those listed"),
      (
        "os-like", "name or list",
        "the os-release ID or one of its ID_LIKE (ubuntu is like debian), any of those listed"
      ),
      ("os-version", "version", "the point release (12.11); == 12 holds on 12.11, >= 12.5 too, >= 12.12 not"),
      (
        "virtualization", "name or list",
        "none, vm, container, or a layer as systemd-detect-virt names it (kvm, qemu, vmware, microsoft, oracle, xen, docker, podman, lxc, wsl); any layer matching"
      ),
      (
        "network", "name or list",
        "interface kinds, all required: " + networkKinds.joined(separator: ", ")
      ),
      (
        "storage", "name or list",
        "disk kinds, all required: " + storageKinds.joined(separator: ", ")
      ),
      ("thermal-state", "thermal state", "nominal < fair < serious < critical"),
      ("any-of", "list of manifests", "holds when one of the manifests holds; nesting allowed"),
      ("none-of", "list of manifests", "holds when none of the manifests holds"),
    ].map { KeyReference(key: $0.0, value: $0.1, meaning: $0.2) } + [usbDeviceReference]

  /// Words people write for a key, and the keys they mean: the nearest keys by meaning for a
  /// key that is not known (`kvm` → device-node:/dev/kvm, virtualization).
  static let meanings: [String: [String]] = [
    "kvm": ["device-node:/dev/kvm", "virtualization"],
    "hypervisor": ["virtualization"], "vm": ["virtualization"], "container": ["virtualization"],
    "docker": ["virtualization"], "virtual": ["virtualization"], "virt": ["virtualization"],
    "distro": ["os", "os-like"], "distribution": ["os", "os-like"], "os-release": ["os", "os-version"],
    "os-id": ["os"], "release": ["os-version"], "version": ["os-version", "kernel"], "linux": ["kernel"],
    "ram": ["memory", "memory-available"], "mem": ["memory", "memory-available"], "free-memory": ["memory-available"],
    "cgroup": ["memory-limit", "available-cores"], "nproc": ["available-cores"],
    "cpus": ["available-cores", "cpu-cores"],
    "cores": ["available-cores", "cpu-cores"], "threads": ["cpu-cores"], "disk": ["disk-free", "disk-total"],
    "disk-space": ["disk-free"], "space": ["disk-free"], "shm": ["disk-total:/dev/shm"], "device": ["device-node"],
    "dev": ["device-node"], "tun": ["device-node:/dev/net/tun"], "fuse": ["device-node:/dev/fuse"],
    "graphics": ["gpu"], "temperature": ["thermal-state"], "thermal": ["thermal-state"], "ethernet": ["network"],
    "nvme": ["storage"], "ssd": ["storage"], "avx2": ["cpu-features", "cpu-level"], "x86-64-v3": ["cpu-level"],
    "usb": ["usb-device"], "printer": ["usb-device"], "card-reader": ["usb-device"],
    "or": ["any-of"], "either": ["any-of"], "not": ["none-of"], "one-of": ["any-of"],
    "gyro": ["gyroscope"], "accel": ["accelerometer"], "imu": ["accelerometer", "gyroscope", "device-motion"],
    "compass": ["magnetometer"], "mag": ["magnetometer"], "motion": ["device-motion"], "als": ["ambient-light"],
    "light": ["ambient-light"], "light-sensor": ["ambient-light"], "pressure": ["barometer"],
    "pedometer": ["step-counter"], "steps": ["step-counter"], "camera": ["still-camera", "video-camera"],
    "webcam": ["video-camera", "front-facing-camera"], "mic": ["microphone"], "audio": ["microphone", "speaker"],
    "touch": ["touchscreen", "touchpad"], "haptics": ["vibration"], "rumble": ["vibration"],
    "monitor": ["display", "external-display"], "screen": ["display", "displays"], "wlan": ["wifi"],
    "wi-fi": ["wifi"], "bt": ["bluetooth"], "gnss": ["gps"], "modem": ["telephony"], "lte": ["telephony"],
    "aarch64": ["arm64"], "amd64": ["x86_64"], "x86-64": ["x86_64"], "i386": ["x86"], "i686": ["x86"],
    "convertible": ["tablet-mode-switch"], "lid": ["lid-switch"], "power": ["battery", "battery-level"],
  ]

  /// Words a first manifest wraps its keys in ({"requires": [...]}): not keys, and their message
  /// says where the keys go.
  static let wrappers: Set<String> = [
    "require", "requires", "required", "requirements", "capabilities", "required-capabilities",
    "requireddevicecapabilities", "uirequireddevicecapabilities", "devicecapabilities", "needs",
  ]

  /// The keys nearest in meaning to an unknown one, from the table above.
  static func nearestByMeaning(_ key: String) -> [String] {
    meanings[key.lowercased()] ?? []
  }
}
