import Testing

@testable import DevCapsKit

@Suite("Manifests")
struct ManifestTests {
  func parse(_ text: String, plist: Bool = false) throws(ManifestError) -> Manifest {
    try Manifest.parse(Array(text.utf8), isPropertyList: plist)
  }

  @Test("array form: every key required")
  func arrayForm() throws {
    let manifest = try parse(#"["accelerometer", "gyroscope", "metal"]"#)
    #expect(manifest.requirements.map(\.key) == ["accelerometer", "gyroscope", "metal"])
    #expect(manifest.requirements.allSatisfy { $0.expectation == .required })
    #expect(!manifest.wrapped)
  }

  @Test("dictionary form: required, prohibited and constraints, in manifest order")
  func dictionaryForm() throws {
    let manifest = try parse(
      #"{"accelerometer": true, "telephony": false, "memory": ">= 4 GiB", "disk-free:/var": ">= 10 GB"}"#)
    #expect(manifest.requirements.map(\.expectedText) == ["required", "prohibited", ">= 4 GiB", ">= 10 GB"])
    #expect(manifest.requirements[3].baseKey == "disk-free")
    #expect(manifest.requirements[3].path == "/var")
  }

  @Test("cpu-features takes a list of names, cpu-level an x86-64 level")
  func cpuKeys() throws {
    let manifest = try parse(#"{"cpu-features": ["avx2", "bmi2"], "cpu-level": "> x86-64-v2"}"#)
    #expect(manifest.requirements[0].expectation == .allOf(["avx2", "bmi2"]))
    #expect(manifest.requirements[0].expectedText == "avx2, bmi2")
    guard case .constraint(let level) = manifest.requirements[1].expectation else {
      Issue.record("cpu-level is not a constraint")
      return
    }
    #expect(level.op == .greater && level.value == .number(2))
  }

  @Test("disk keys without a path measure /")
  func diskDefaultPath() throws {
    #expect(try parse(#"{"disk-total": ">= 1 TB"}"#).requirements[0].path == "/")
  }

  @Test("wrapped form, in JSON and in a property list")
  func wrapped() throws {
    #expect(try parse(#"{"UIRequiredDeviceCapabilities": ["gyroscope"]}"#).wrapped)
    let plist = """
      <?xml version="1.0"?><plist version="1.0"><dict>
      <key>CFBundleIdentifier</key><string>com.example.kiosk</string>
      <key>UIRequiredDeviceCapabilities</key><dict><key>gps</key><true/><key>memory</key><string>&gt;= 2 GiB</string></dict>
      </dict></plist>
      """
    let manifest = try parse(plist)
    #expect(manifest.requirements.map(\.key) == ["gps", "memory"])
    #expect(try parse(plist, plist: true) == manifest)
  }

  @Test(
    "invalid manifests name the key and what is wrong",
    arguments: [
      (#"["acelerometer"]"#, "'acelerometer' is not a known capability; did you mean 'accelerometer'?"),
      (#"["Gyroscope"]"#, "did you mean 'gyroscope'?"),
      (
        #"{"requires": ["gyroscope"]}"#,
        #"'requires' is not a known capability; the keys themselves are the manifest: ["gyroscope"] or {"gyroscope": true}, alone or inside {"UIRequiredDeviceCapabilities": ...}"#
      ),
      (#"{"uirequireddevicecapabilities": ["gps"]}"#, #"inside {"UIRequiredDeviceCapabilities": ...}"#),
      (
        #"{"schemaVersion": 1, "device": {}}"#,
        "'schemaVersion' is not a known capability; this is a saved report (devcaps list --json), not a manifest: judge a manifest against it with --against"
      ),
      (#"{"device-node:dev/kvm": true}"#, "the path after the colon must be absolute, such as device-node:/dev/kvm"),
      (#"{"disk-total:var": ">= 1 GB"}"#, "the path after the colon must be absolute, such as disk-total:/var"),
      (#"{"memory": ">= 1 PB"}"#, "'>= 1 PB' has an unknown unit 'PB'; units are B,"),
      (#"["memory"]"#, "'memory' needs a constraint"),
      (#"["gps", "gps"]"#, "'gps' appears twice"),
      (#"{"gps": true, "gps": false}"#, "appears twice"),
      (#"[1]"#, "element 0 of the list is the number 1"),
      (#"{"gps": "yes"}"#, "'gps' takes true (required) or false (prohibited), not the string \"yes\""),
      (#"{"memory": 4}"#, "'memory' takes a constraint string such as '>= 4 GiB', not the number 4"),
      (#"{"memory": "4 gb"}"#, "'memory': '4 gb' has an unknown unit 'gb'"),
      (#"{"gps:/x": true}"#, "only disk-free, disk-total and device-node take a path"),
      (#"{"disk-free:var": ">= 1 GB"}"#, "must be absolute"),
      (#"{"UIRequiredDeviceCapabilities": [], "gps": true}"#, "'gps' next to UIRequiredDeviceCapabilities"),
      ("\"gps\"", "the manifest is the string \"gps\""),
      ("", "the manifest is empty"),
      ("   \n", "the manifest is empty"),
      ("[", "not valid JSON: line 1, column 2"),
      ("<plist><dict><key>CFBundleName</key><string>x</string></dict></plist>", "no UIRequiredDeviceCapabilities key"),
      ("<plist><array/></plist>", "top level must be a <dict>"),
      ("<plist>", "not a valid property list"),
      (#"[""]"#, "an empty key is not a known capability"),
      (#"["cpu-features"]"#, "'cpu-features' needs a list of names"),
      (
        #"{"cpu-features": "avx2"}"#,
        "'cpu-features' takes a list of names such as [\"avx2\", \"bmi2\"], not the string \"avx2\""
      ),
      (
        #"{"cpu-features": []}"#,
        "'cpu-features' names nothing: an empty list requires nothing; name at least one, such as [\"avx2\", \"bmi2\"]"
      ),
      (#"{"cpu-features": ["avx2", 2]}"#, "element 1 of 'cpu-features' is the number 2"),
      (#"{"cpu-features": ["avx2", "avx2"]}"#, "names 'avx2' twice"),
      (#"{"cpu-featurs": ["avx2"]}"#, "did you mean 'cpu-features'?"),
      (
        #"{"cpu-level": ">= x86-64-v5"}"#,
        "is not an x86-64 level; levels are x86-64-v1, x86-64-v2, x86-64-v3, x86-64-v4"
      ),
      (#"{"cpu-level": ">= 3"}"#, "is not an x86-64 level"),
    ])
  func invalid(text: String, message: String) {
    do {
      _ = try parse(text)
      Issue.record("no error for \(text)")
    } catch {
      #expect(error.description.contains(message), "\(error)")
    }
  }

  @Test(
    "an error names the line and column of the key or element it is about, inside any-of and the Info.plist wrapper",
    arguments: [
      ("{\n  \"gps\": true,\n  \"gyroscop\": true\n}", 3, 3, "'gyroscop' is not a known capability"),
      ("[\n  \"gps\",\n    3\n]", 3, 5, "element 1 of the list is the number 3"),
      ("{\"memory\": \">= 4\"}", 1, 2, "'memory': '>= 4' has no unit"),
      ("{\"any-of\": [\n  [\"gpu\"],\n  {\"memry\": \">= 8 GiB\"}\n]}", 3, 4, "'any-of', manifest 2: 'memry'"),
      ("{\"any-of\": [[\"gpu\"], 3]}", 1, 22, "element 1 of 'any-of' is the number 3"),
      ("{\"UIRequiredDeviceCapabilities\": {\n\"gps\": 1}}", 2, 1, "'gps' takes true (required) or false"),
      (
        "{\"gps\": true, \"UIRequiredDeviceCapabilities\": [\"nfc\"]}", 1, 2,
        "'gps' next to UIRequiredDeviceCapabilities"
      ),
      ("{\n  \"gpu\": [\"nvidia\",\n   \"nvidiaa\"]\n}", 3, 4, "'gpu': 'nvidiaa' is not a GPU vendor"),
      ("{\"virtualization\": [\"kvm\", \"kvmm\"]}", 1, 28, "'virtualization': 'kvmm' is not one of its names"),
      ("{\"pci-device\": [\"10de:*\", \"zz:1\"]}", 1, 27, "'pci-device': 'zz:1' is not a PCI ID"),
      ("{\"os\": [\"debian\", 3]}", 1, 19, "element 1 of 'os' is the number 3"),
      ("{\"gpu\": \"nvidiaa\"}", 1, 2, "'gpu': 'nvidiaa' is not a GPU vendor"),
      ("\u{FEFF}[\"gps\", \"gpss\"]", 1, 9, "'gpss' is not a known capability"),
    ])
  func located(text: String, line: Int, column: Int, message: String) {
    do {
      _ = try parse(text)
      Issue.record("no error for \(text)")
    } catch {
      #expect(error.line == line && error.column == column, "\(error)")
      #expect(error.description.hasPrefix("line \(line), column \(column): \(message)"), "\(error)")
    }
  }

  @Test("a property list's error names the key without a line, and the whole manifest's none")
  func unlocated() {
    let plist =
      "<plist><dict><key>UIRequiredDeviceCapabilities</key><array><string>gyroscop</string></array></dict></plist>"
    #expect(throws: ManifestError("'gyroscop' is not a known capability; did you mean 'gyroscope'?")) {
      try parse(plist)
    }
    #expect(
      throws: ManifestError(
        "the manifest is the number 3; write a list such as [\"accelerometer\"] or an object such as {\"memory\": \">= 4 GiB\"}"
      )
    ) {
      try parse("3")
    }
  }

  @Test(
    "an error quotes at most 40 characters and 80 bytes of a value or key of 150,000, with …",
    arguments: [
      #"{"memory": ">= X"}"#, #"{"memory": ">= 4 X"}"#, #"{"disk-free:/": ">= X"}"#, #"{"cpu-level": ">= X"}"#,
      #"{"os-version": ">= X"}"#, #"{"cpu-cores": "X"}"#, #"{"disk-free:/X": ">= 1 Y"}"#, #"{"gps": "X"}"#,
      #"{"X": true}"#, #"["X", "X"]"#, #"{"cpu-features": ["X", "X"]}"#,
      #"{"usb-device": "X"}"#,
      "<plist><dict><key>UIRequiredDeviceCapabilities</key><dict><key>X</key><integer>X</integer></dict></dict></plist>",
    ])
  func boundedQuote(template: String) {
    for filler in [String(repeating: "x", count: 150_000), String(repeating: "é", count: 150_000)] {
      let text = template.replacingOccurrences(of: "X", with: filler)
      do {
        _ = try parse(text, plist: text.hasPrefix("<plist>"))
        Issue.record("no error for \(template)")
      } catch {
        #expect(error.description.utf8.count < 400, "\(template): \(error.description.prefix(400))")
        #expect(error.description.contains("…"), "\(template): \(error.description.prefix(400))")
      }
    }
  }

  @Test(
    "a manifest that names no requirements is invalid: a gate that checks nothing would pass anywhere",
    arguments: [
      "[]", "{}", " [ ] ", #"{"UIRequiredDeviceCapabilities": []}"#, #"{"UIRequiredDeviceCapabilities": {}}"#,
      "<plist><dict><key>UIRequiredDeviceCapabilities</key><array/></dict></plist>",
    ])
  func empty(text: String) {
    #expect(
      throws: ManifestError(
        "the manifest names no requirements, so it would pass on any machine; name at least one, such as [\"accelerometer\"] or {\"memory\": \">= 4 GiB\"}"
      )
    ) { try parse(text) }
  }

  @Test(
    "an empty list for a list-valued key names nothing, with an example that fits the key",
    arguments: [
      ("os", #"["debian", "ubuntu"]"#), ("os-like", #"["debian", "rhel"]"#), ("virtualization", #"["none", "kvm"]"#),
      ("cpu-features", #"["avx2", "bmi2"]"#), ("network", #"["ethernet", "wifi"]"#), ("storage", #"["nvme", "ssd"]"#),
      ("gpu", #"["nvidia", "amd"]"#), ("pci-device", #"["10de:*", "8086:56a0"]"#),
      ("usb-device", #"["046d:c52b", "04e8:*"]"#),
    ])
  func emptyNameList(key: String, example: String) {
    #expect(
      throws: ManifestError(
        "line 1, column 2: '\(key)' names nothing: an empty list requires nothing; name at least one, such as \(example)",
        line: 1, column: 2)
    ) { try parse("{\"\(key)\": []}") }
    // The wrong type names the same example (gpu also takes true or false: its own message).
    if key == "gpu" { return }
    #expect(
      throws: ManifestError(
        "line 2, column 3: '\(key)' takes a list of names such as \(example), not the number 3", line: 2, column: 3)
    ) {
      try parse("{\n  \"\(key)\": 3\n}")
    }
  }

  @Test("an empty any-of or none-of names nothing", arguments: ["any-of", "none-of"])
  func emptyGroup(key: String) {
    #expect(
      throws: ManifestError(
        "line 1, column 2: '\(key)' names nothing: an empty list of manifests; name at least one, such as [[\"gpu\"], {\"memory\": \">= 8 GiB\"}]",
        line: 1, column: 2)
    ) { try parse("{\"\(key)\": []}") }
  }

  @Test("iOS-only keys are known, not typos")
  func iosKeys() throws {
    #expect(try parse(#"{"metal": true, "arkit": false, "opengles-3": true}"#).requirements.count == 3)
  }

  @Test("the catalog and the manifest language know the same capability keys")
  func catalogKeys() {
    #expect(CapabilityCatalog.keys == ManifestKeys.capabilities)
  }
}
