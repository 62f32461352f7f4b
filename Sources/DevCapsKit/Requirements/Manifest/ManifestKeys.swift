/// Every key a manifest may name. Kept free of any probing code so that the manifest parser
/// stands alone (and can be fuzzed alone).
package enum ManifestKeys {
  /// The capability catalog's keys, in catalog order: true when required, false when prohibited.
  package static let capabilities = [
    "accelerometer", "gyroscope", "magnetometer", "device-motion", "ambient-light", "proximity", "barometer",
    "step-counter",
    "battery", "wifi",
    "bluetooth",
    "telephony", "gps", "nfc", "still-camera", "video-camera", "front-facing-camera", "microphone", "speaker",
    "touchscreen", "keyboard", "touchpad", "vibration", "lid-switch", "tablet-mode-switch", "display",
    "external-display", "gpu", "arm64", "armv7", "x86_64", "x86", "riscv64",
  ]

  /// What a measured key compares, and so which units its constraint takes.
  package enum Measure: Sendable, Equatable {
    /// B, kB/KB, MB, GB, TB (powers of 1000), KiB, MiB, GiB, TiB (powers of 1024).
    case bytes
    /// A whole number with no unit.
    case count
    /// A number of CPUs, fractional under a CPU quota (`>= 1.5`).
    case cores
    /// Hz, kHz, MHz, GHz.
    case hertz
    /// A fraction 0…1, or a percentage with `%`.
    case level
    /// Dotted numbers compared part by part.
    case version
    /// An x86-64 psABI level, `x86-64-v1` … `x86-64-v4`, compared by its number.
    case cpuLevel
    /// A thermal state by name, hotter states greater: `<= fair`.
    case thermalState
  }

  /// Keys that take a constraint, and what their values measure.
  package static let measured: [(key: String, measure: Measure)] = [
    ("memory", .bytes), ("memory-available", .bytes), ("disk-free", .bytes), ("disk-total", .bytes),
    ("cpu-cores", .count), ("available-cores", .cores), ("memory-limit", .bytes), ("available-memory", .bytes),
    ("cpu-frequency", .hertz),
    ("battery-level", .level), ("displays", .count),
    ("kernel", .version), ("os-version", .version), ("cpu-level", .cpuLevel), ("thermal-state", .thermalState),
  ]

  /// Keys that take a list of names, all of which must be present; `network` and `storage`
  /// also take one name as a string.
  package static let listKeys: [String] = ["cpu-features", "network", "storage", "pci-device", "usb-device"]

  /// List keys that take one name without brackets: `{"network": "ethernet"}`.
  package static let singleNameKeys: Set<String> = [
    "network", "storage", "os", "os-like", "virtualization", "pci-device", "usb-device",
  ]

  /// The thermal states a `thermal-state` constraint names, coolest first (`ThermalState`'s
  /// cases, spelled here so that the manifest parser stands alone).
  package static let thermalStates = ["nominal", "fair", "serious", "critical"]

  /// Keys that take a path after a colon: the measured `disk-free:/var` (`/` when none is
  /// written) and the true/false `device-node:/dev/kvm` (a path required).
  package static let pathKeys: Set<String> = ["disk-free", "disk-total", "device-node"]

  /// Keys that take one name or a list of names, any of which matching is enough.
  package static let nameKeys: [String] = ["os", "os-like", "virtualization"]

  /// Keys that take a list of manifests: `any-of` holds when one of them holds, `none-of` when
  /// none does.
  package static let groupKeys: [String] = ["any-of", "none-of"]

  /// Old names still read, and the key each now means.
  package static let aliases: [String: String] = ["available-memory": "memory-limit"]

  /// The names a key takes when they form a closed set: anything else is a manifest error (a
  /// typo would otherwise be a gate that can never pass). `os` and `os-like` are open (any
  /// os-release ID), and so are CPU features.
  /// A list that fits the key, for the messages that ask for one: os names for `os`, CPU flags
  /// for `cpu-features`, IDs for `pci-device`.
  package static func namesExample(of key: String) -> String {
    switch key {
    case "cpu-features": #"["avx2", "bmi2"]"#
    case "network": #"["ethernet", "wifi"]"#
    case "storage": #"["nvme", "ssd"]"#
    case "os": #"["debian", "ubuntu"]"#
    case "os-like": #"["debian", "rhel"]"#
    case "virtualization": #"["none", "kvm"]"#
    case "gpu": #"["nvidia", "amd"]"#
    case "pci-device": #"["10de:*", "8086:56a0"]"#
    case "usb-device": #"["046d:c52b", "04e8:*"]"#
    default: #"["name"]"#
    }
  }

  package static func allowedNames(of key: String) -> [String]? {
    switch key {
    case "network": networkKinds
    case "storage": storageKinds
    case "virtualization": virtualizationNames
    default: nil
    }
  }

  /// What NetworkProbe calls an interface's kind.
  package static let networkKinds = [
    "ethernet", "wifi", "wwan", "loopback", "bridge", "bond", "vlan", "wireguard", "virtual",
  ]

  /// lsblk's transports as StorageProbe names them, and the kinds of disk.
  package static let storageKinds = ["nvme", "sata", "usb", "virtio", "mmc", "scsi", "xen", "ssd", "hdd", "removable"]

  /// `none`, `vm`, `container`, and systemd-detect-virt's names of each layer.
  package static let virtualizationNames = [
    "none", "vm", "container",
    "kvm", "qemu", "amazon", "zvm", "vmware", "microsoft", "oracle", "powervm", "xen", "bochs", "uml", "parallels",
    "bhyve", "qnx", "acrn", "apple", "sre", "google", "vm-other",
    "openvz", "lxc", "lxc-libvirt", "systemd-nspawn", "docker", "podman", "rkt", "wsl", "proot", "pouch",
    "container-other",
  ]

  /// iOS keys that mean nothing on Linux: known, so never typos. Required, they are unmet;
  /// prohibited, they hold.
  package static let unavailableOnLinux: [String] = [
    "metal", "arkit", "healthkit", "gamekit", "opengles-1", "opengles-2", "opengles-3", "sms", "peer-peer",
    "armv6", "arm64e", "location-services", "camera-flash", "auto-focus-camera", "bluetooth-le", "driverkit",
    "iphone-ipad-minimum-performance-a12", "iphone-performance-gaming-tier",
  ]

  /// The measure of a measured key; nil for a capability key.
  package static func measure(of key: String) -> Measure? {
    measured.first { $0.key == key }?.measure
  }

  /// Every key a manifest may name: capabilities, measured keys, iOS keys with no Linux meaning.
  package static var all: [String] {
    capabilities + ["device-node"] + measured.map(\.key) + listKeys + nameKeys + groupKeys + unavailableOnLinux
  }
}
