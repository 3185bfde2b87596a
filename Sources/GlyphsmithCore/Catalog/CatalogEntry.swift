import Foundation

/// One entry of an asset's `Contents.json` list, with what the checks need.
package struct CatalogEntry {
  var index: Int
  var object: [String: Any]
  var filename: String?
  var line: Int?
  /// px size read from the PNG header, when the file exists and is a PNG.
  var pixelSize: (width: Int, height: Int)?

  var idiom: String? { object["idiom"] as? String }
  var scale: String? { object["scale"] as? String }
  var size: String? { object["size"] as? String }
  var platform: String? { object["platform"] as? String }
  var appearances: [[String: Any]] { object["appearances"] as? [[String: Any]] ?? [] }

  /// `images[1] (universal 2x dark, star@2x.png)`.
  func label(key: String) -> String {
    var parts = [idiom ?? "no idiom"]
    if let size { parts.append(size) }
    if let scale { parts.append(scale) }
    for appearance in appearances {
      if let value = appearance["value"] as? String { parts.append(value) }
    }
    let slot = parts.joined(separator: " ")
    return "\(key)[\(index)] (\(filename.map { "\(slot), \($0)" } ?? slot))"
  }

  /// Keys that hold an entry's content rather than choose its slot.
  package static let contentKeys = ["filename", "color", "universal-type-identifier"]

  /// The slot as text: every key but the content keys, sorted, appearances in a fixed order;
  /// `dropScale` leaves `scale` out (to compare an entry with its other scales).
  func slotKey(dropScale: Bool = false) -> String {
    var slot = object
    for key in Self.contentKeys { slot[key] = nil }
    if dropScale { slot["scale"] = nil }
    if let list = slot["appearances"] as? [[String: Any]] {
      slot["appearances"] = list.map { "\($0["appearance"] ?? "")=\($0["value"] ?? "")" }.sorted()
    }
    guard JSONSerialization.isValidJSONObject(slot),
      let data = try? JSONSerialization.data(withJSONObject: slot, options: [.sortedKeys])
    else { return "\(slot)" }
    return String(decoding: data, as: UTF8.self)
  }
}
