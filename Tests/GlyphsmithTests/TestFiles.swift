import Foundation

/// A fresh temporary folder for one test, removed by the caller with `remove()`.
struct TemporaryFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("glyphsmith-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// Writes `text` to `name` inside the folder and returns its path.
  @discardableResult
  func write(_ name: String, _ text: String) throws -> String {
    let file = url.appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
    return file.path
  }

  func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  /// Every file below the folder, relative, sorted (hidden ones included).
  func listing() -> [String] {
    let base = url.standardizedFileURL.path
    let enumerator = FileManager.default.enumerator(atPath: base)
    var files: [String] = []
    while let next = enumerator?.nextObject() as? String { files.append(next) }
    return files.sorted()
  }

  func remove() { try? FileManager.default.removeItem(at: url) }
}

/// SVG source for a rectangle in a canvas, black unless `fill` says otherwise.
func svg(width: String? = nil, height: String? = nil, viewBox: String? = nil, body: String)
  -> String
{
  var attributes = "xmlns=\"http://www.w3.org/2000/svg\""
  if let width { attributes += " width=\"\(width)\"" }
  if let height { attributes += " height=\"\(height)\"" }
  if let viewBox { attributes += " viewBox=\"\(viewBox)\"" }
  return "<svg \(attributes)>\(body)</svg>"
}
