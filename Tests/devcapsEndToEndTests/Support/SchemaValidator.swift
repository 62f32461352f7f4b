import Foundation
import TestProcesses

/// Validates JSON against a schema in `Schemas/` with Python's jsonschema (Draft 2020-12): an
/// implementation that shares nothing with devcaps.
enum SchemaValidator {
  static let schemas = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Schemas")

  private static let script = """
    import json, sys
    import jsonschema
    schema = json.load(open(sys.argv[1]))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    failed = False
    for number, line in enumerate(sys.stdin.read().split("\\0")):
        if not line.strip():
            continue
        for error in validator.iter_errors(json.loads(line)):
            failed = True
            print(f"document {number}: {'/'.join(map(str, error.absolute_path))}: {error.message}")
    sys.exit(1 if failed else 0)
    """

  /// The problems found, empty when every document is valid.
  static func problems(in documents: [String], schema: String) throws -> [String] {
    let validation = try ChildProcess.run(
      "/usr/bin/python3", ["-c", script, schemas.appendingPathComponent(schema).path],
      input: Data(documents.joined(separator: "\0").utf8), errors: .output)
    if validation.status == 0 { return [] }
    let text = validation.outputText
    return text.split(separator: "\n").map(String.init)
  }
}
