import FoundationEssentials
import Glibc

/// One entry of an asset's `Contents.json` list, with what the checks need.
package struct CatalogEntry {
  var index: Int
  /// The entry as read.
  var entry: AssetContents.Entry
  var line: Int?
  /// px size read from the PNG header, when the file exists and is a PNG.
  var pixelSize: (width: Int, height: Int)?
  /// The page size in pt of a PDF (`/MediaBox`) or SVG (root `width` and `height` in px or
  /// pt), when the file exists and states it.
  var pointSize: (width: Double, height: Double)?

  var filename: String? { entry.filename }
  var idiom: String? { entry.idiom }
  var scale: String? { entry.scale }
  var size: String? { entry.size }
  var platform: String? { entry.platform }
  var appearances: [AssetContents.Appearance] { entry.appearances ?? [] }

  /// `images[1] (universal 2x dark, star@2x.png)`.
  func label(key: String) -> String {
    var parts = [idiom ?? "no idiom"]
    if let size { parts.append(size) }
    if let scale { parts.append(scale) }
    for appearance in appearances {
      if let value = appearance.value { parts.append(value) }
    }
    let slot = parts.joined(separator: " ")
    return "\(key)[\(index)] (\(filename.map { "\(slot), \($0)" } ?? slot))"
  }

  /// Keys that hold an entry's content rather than choose its slot.
  package static let contentKeys = ["filename", "color", "universal-type-identifier"]

  /// The slot as text: every key but the content keys, sorted, appearances in a fixed order;
  /// `dropScale` leaves `scale` out (to compare an entry with its other scales). Only compared,
  /// never shown: strings go in as they are, other values as sorted-key JSON (rare: a named
  /// key of another type), each field length-prefixed so that no two slots share a text.
  func slotKey(dropScale: Bool = false) -> String {
    var slot = entry.object
    for key in Self.contentKeys { slot[key] = nil }
    if dropScale { slot["scale"] = nil }
    if let list = entry.appearances {
      slot["appearances"] = .array(
        list.map { .string("\($0.appearance ?? "")=\($0.value ?? "")") }.sorted {
          $0.string! < $1.string!
        })
    }
    func text(_ value: JSONValue) -> String {
      switch value {
      case .string(let string): return "s" + string
      case .array(let items) where items.allSatisfy({ $0.string != nil }):
        return "a" + items.map { field($0.string!) }.joined()
      default: return "j" + value.description
      }
    }
    func field(_ string: String) -> String { "\(string.utf8.count):\(string)" }
    return slot.keys.sorted().map { field($0) + field(text(slot[$0]!)) }.joined()
  }
}
