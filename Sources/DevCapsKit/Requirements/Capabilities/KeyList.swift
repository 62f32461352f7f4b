/// Every key a manifest may name, with what it takes and means: the capability catalog's keys
/// and rules, then ``ManifestKeys/reference``, then the iOS keys with no Linux meaning. What
/// `devcaps require --list-keys` prints, and so what `require --help`, the man page and
/// docs/reference/manifest.md list.
package enum KeyList {
  package static var entries: [KeyReference] {
    let pci = Dictionary(uniqueKeysWithValues: ManifestKeys.pciKeyMeanings.map { ($0.key, $0) })
    let catalog = CapabilityCatalog.rules.map { rule in
      // `gpu` also takes vendors: its line says so rather than the capability's alone.
      pci[rule.key].map { KeyReference(key: $0.key, value: $0.type, meaning: $0.meaning) }
        ?? KeyReference(key: rule.key, value: ManifestKeys.capabilityValue, meaning: rule.rule)
    }
    let pciOnly = ManifestKeys.pciKeyMeanings.filter { pci in !CapabilityCatalog.rules.contains { $0.key == pci.key } }
      .map { KeyReference(key: $0.key, value: $0.type, meaning: $0.meaning) }
    return catalog + ManifestKeys.reference + pciOnly
      + ManifestKeys.unavailableOnLinux.map {
        KeyReference(
          key: $0, value: ManifestKeys.capabilityValue,
          meaning: "an iOS key with no Linux meaning: required it is unmet, prohibited it holds")
      }
  }

  /// One line a key: the key, its value and its meaning in aligned columns, two spaces or more
  /// apart (no meaning holds two spaces in a row, so the columns can be split again).
  package static var lines: [String] {
    let entries = entries
    let keyWidth = (entries.map(\.key.count).max() ?? 0) + 2
    let valueWidth = (entries.map(\.value.count).max() ?? 0) + 2
    return entries.map { entry in
      entry.key + String(repeating: " ", count: keyWidth - entry.key.count) + entry.value
        + String(repeating: " ", count: valueWidth - entry.value.count) + entry.meaning
    }
  }
}
