// swift-tools-version:6.0
import PackageDescription

// A program outside devcaps that uses DevCapsKit as any other would: by path here, by URL and
// version in a project of its own.
let package = Package(
  name: "MotionMonitor",
  dependencies: [.package(name: "devcaps", path: "../..")],
  targets: [
    .executableTarget(
      name: "MotionMonitor",
      dependencies: [.product(name: "DevCapsKit", package: "devcaps")])
  ],
  swiftLanguageModes: [.v6]
)
