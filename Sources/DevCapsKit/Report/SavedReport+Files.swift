#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension SavedReport {
  /// The reports a path names: the file itself, or the `*.json` files of a directory, sorted.
  /// Entries of a directory that are not regular files (a directory named `x.json`, a FIFO) are
  /// named too: reading one fails, so each becomes a report that cannot be used, with its reason.
  public static func files(at path: String) -> Result<[String], LoadError> {
    var files = ReportFiles()
    return appendFiles(at: path, to: &files).map { Array(files) }
  }

  /// `files(at:)`, appended to `files`.
  public static func appendFiles(at path: String, to files: inout ReportFiles) -> Result<Void, LoadError> {
    guard let info = try? FileSystem.status(path), (info.st_mode & S_IFMT) == S_IFDIR else {
      files.append(path)
      return .success(())
    }
    var names = DirectoryNames()
    if case .failure(let failure) = SystemRoot().forEachEntry(path, { names.add($0) }) {
      return .failure(.unreadable(path: path, failure))
    }
    let directory = path.hasSuffix("/") ? path : path + "/"
    files.reserve(names.count, bytes: names.totalBytes)
    for index in names.sorted() { files.append(names[index], prefix: directory) }
    return .success(())
  }
}

/// A directory's `*.json` names in one buffer, sorted as Strings sort.
private struct DirectoryNames {
  private var bytes: [UInt8] = []
  private var entries: [(start: UInt32, end: UInt32, isASCII: Bool)] = []

  var count: Int { entries.count }
  var totalBytes: Int { bytes.count }

  subscript(index: Int) -> ArraySlice<UInt8> {
    bytes[Int(entries[index].start)..<Int(entries[index].end)]
  }

  /// Keeps `name` when it ends in `.json`. One that is not ASCII is kept as String(decoding:)
  /// makes it (invalid UTF-8 repaired) and tested as a String, as the Strings of before were.
  mutating func add(_ name: UnsafeBufferPointer<UInt8>) {
    let isASCII = name.allSatisfy { $0 < 0x80 }
    let start = UInt32(bytes.count)
    if isASCII {
      guard name.count >= 5, name[(name.count - 5)...].elementsEqual(".json".utf8) else { return }
      bytes.append(contentsOf: name)
    } else {
      let text = String(decoding: name, as: UTF8.self)
      guard text.hasSuffix(".json") else { return }
      bytes.append(contentsOf: text.utf8)
    }
    entries.append((start, UInt32(bytes.count), isASCII))
  }

  /// The indices in the order of the names as Strings: byte order for ASCII names (the same),
  /// String comparison (canonical equivalence) when either is not ASCII.
  func sorted() -> [Int] {
    entries.indices.sorted { a, b in
      if entries[a].isASCII && entries[b].isASCII { return self[a].lexicographicallyPrecedes(self[b]) }
      return String(decoding: self[a], as: UTF8.self) < String(decoding: self[b], as: UTF8.self)
    }
  }
}
