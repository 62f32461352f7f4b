// The motion value types (Vector3, Orientation, MountMatrix, ShakeDetector…) are part of
// DevCapsKit's API: `import DevCapsKit` is all a program needs.
@_exported import DevCapsMotion
