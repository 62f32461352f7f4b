// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "devcaps",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "devcaps", targets: ["devcaps"]),
    .library(name: "DevCapsKit", targets: ["DevCapsKit"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
    // `swift package generate-documentation`: DocC pages of DevCapsKit (a plugin, not linked).
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", exact: "1.5.0"),
  ],
  targets: [
    // The C side of the library, as devcaps_* functions: Linux calls Swift cannot make, and
    // libudev, libupower-glib and GLib, which are dlopen'ed on first use (no link flags; libudev's
    // header is libudev-dev's).
    .target(
      name: "CDevCapsShims",
      linkerSettings: [.linkedLibrary("dl")]),
    // The motion maths: pure functions and value types, no C module, testable without a device.
    .target(
      name: "DevCapsMotion",
      dependencies: [.product(name: "RealModule", package: "swift-numerics")]),
    .target(
      name: "DevCapsKit",
      dependencies: ["DevCapsMotion", "CDevCapsShims"]),
    // The executable's command line, kept as glibc hands it over instead of found by the Swift
    // runtime's start-up scan of /proc/self/maps (CDevCapsArguments/arguments.c).
    .target(name: "CDevCapsArguments"),
    .executableTarget(
      name: "devcaps",
      dependencies: [
        "DevCapsKit",
        "CDevCapsArguments",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),

    // Tests. libumockdev is loaded at run time by the end-to-end tests (Support/UMockdevLibrary.swift).
    // Every program a test starts goes through TestProcesses (not Foundation's Process): see
    // ChildProcess.swift for why.
    .target(
      name: "TestProcesses",
      path: "Tests/TestProcesses"),
    .testTarget(
      name: "DevCapsMotionTests",
      dependencies: ["DevCapsMotion", "TestProcesses"],
      exclude: ["DeviceMotion/imufusion_crosscheck.py"]),
    .testTarget(
      name: "DevCapsKitTests",
      dependencies: ["DevCapsKit", "TestProcesses"],
      exclude: ["Fixtures"]),
    // Only `import DevCapsKit`, as a program outside the package: the public API's tests (and
    // TestProcesses, the tests' own helpers).
    .testTarget(
      name: "DevCapsKitAPITests",
      dependencies: ["DevCapsKit", "TestProcesses"],
      exclude: ["PublicAPI.txt"]),
    .testTarget(
      name: "devcapsEndToEndTests",
      dependencies: ["devcaps", "CDevCapsArguments", "TestProcesses"],
      exclude: ["Fixtures", "Support/testbed_driver.py", "Support/silent_daemon.py"]),
  ],
  swiftLanguageModes: [.v6]
)
