/// A symbol set's `Contents.json` (Apple "Asset Catalog Format Reference", Symbol Set Type).
struct SymbolSetContents: Encodable {
  struct Info: Encodable {
    var author = "xcode"
    var version = 1
  }
  struct Entry: Encodable {
    var filename: String
    var idiom = "universal"
  }
  var info = Info()
  var symbols: [Entry]

  init(filename: String) { symbols = [Entry(filename: filename)] }
}
