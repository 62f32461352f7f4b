import Testing

@testable import DevCapsMotion

@Suite("Mount matrices")
struct MountMatrixTests {
  @Test(
    "udev and sysfs spellings",
    arguments: [
      ("1, 0, 0; 0, 1, 0; 0, 0, 1", MountMatrix.identity),
      ("0,1,0;-1,0,0;0,0,-1", MountMatrix(rows: [[0, 1, 0], [-1, 0, 0], [0, 0, -1]])),
      (
        " 0.7071, 0.7071, 0; -0.7071, 0.7071, 0; 0, 0, 1 ",
        MountMatrix(rows: [[0.7071, 0.7071, 0], [-0.7071, 0.7071, 0], [0, 0, 1]])
      ),
    ])
  func parses(text: String, expected: MountMatrix) {
    #expect(MountMatrix.parse(text) == expected)
  }

  @Test(
    "anything but three rows of three finite numbers is rejected",
    arguments: [
      "", "1, 0, 0; 0, 1, 0", "1, 0; 0, 1; 0, 0", "a, b, c; d, e, f; g, h, i", "0, 0, 0; 0, 0, 0; 0, 0, 0",
      "1, 0, 0; 0, 1, 0; 0, 0, nan", "1, 0, 0, 0; 0, 1, 0; 0, 0, 1", "1,,0;0,1,0;0,0,1",
    ])
  func rejects(text: String) {
    #expect(MountMatrix.parse(text) == nil)
  }

  @Test("corrected = M · raw")
  func apply() {
    let pinephone = MountMatrix(rows: [[0, 1, 0], [-1, 0, 0], [0, 0, -1]])
    #expect(pinephone.apply(Vector3(1, 0, 0)) == Vector3(0, -1, 0))
    #expect(MountMatrix.identity.apply(Vector3(1, 2, 3)) == Vector3(1, 2, 3))
  }
}
