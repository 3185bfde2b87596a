/// The output formats by name (the engine's `OutputFormats.all`), each with where the CLI and
/// the project file let it be chosen (`OutputFormatChoice`): `render -f`, `assets
/// --android-format` and `android.format`, the catalog's `format` keys. It lives below the
/// engine, in the target both executables link, so that the light `glyphsmith` front prints
/// the choices in the help without the rendering stack (it cannot link the engine's
/// registry), and so that adding a format touches nothing in `GlyphsmithCommands`. Its
/// `entries` (`OutputFormatIndex+Generated.swift`) are generated from `OutputFormats.all` by
/// `scripts/update-generated`; `GeneratedIndexTests` fails while they are stale.
package enum OutputFormatIndex {
  /// One format: its name (the plan's `format`) and where it is chosen.
  package struct Entry: Sendable, Equatable {
    /// The format's name, e.g. `vector-drawable`.
    package var name: String
    /// Where it is chosen, and by which name; empty for one a platform writes by itself
    /// (the web's ICO).
    package var choices: [OutputFormatChoice]

    package init(name: String, choices: [OutputFormatChoice]) {
      self.name = name
      self.choices = choices
    }
  }

  /// The choices of `place`, in the order of `OutputFormats.all` (the first is the default).
  package static func choices(for place: OutputFormatChoice.Place) -> [OutputFormatChoice] {
    entries.flatMap { $0.choices.filter { $0.place == place } }
  }

  /// The names `place` takes, in order (`render -f`: `png`, `vector-drawable`).
  package static func names(for place: OutputFormatChoice.Place) -> [String] {
    choices(for: place).map(\.name)
  }

  /// `names` as a sentence's list: `png or vector-drawable`, `png, vector or auto`.
  package static func spoken(_ names: [String]) -> String {
    names.count < 2
      ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names.last!
  }

  /// The `render -f` entry's help: each format's phrase, `; ` between them and ` or ` before
  /// the last, wrapped at 65 columns as the help was written by hand.
  package static var renderHelp: String {
    let phrases = choices(for: .render).map(\.help)
    // Joined by hand: `joined(separator:)` on the slice looked its associated types up at run
    // time (0.24 M instructions of every `render`, issue 36).
    var text = ""
    for (index, phrase) in phrases.enumerated() {
      if index > 0 { text += index == phrases.count - 1 ? " or " : "; " }
      text += phrase
    }
    return wrapped(text, width: 65)
  }

  /// What `--android-format` and `android.format` take beyond the formats: `auto`, the
  /// VectorDrawable where the artwork allows, else the PNGs.
  package static let androidAuto = OutputFormatChoice(
    .android, "auto", help: "auto: the VectorDrawable where it can, else the PNGs with a warning")

  /// The names `--android-format` and `android.format` take: the Android formats, then
  /// `auto`.
  package static var androidNames: [String] { names(for: .android) + [androidAuto.name] }

  /// The name `--android-format` and `android.format` store for `name`: the first Android
  /// name of the format that `name` chooses (`vector-drawable` is `vector`, so outputs and
  /// fingerprints are the same whichever spelling is written); `name` itself otherwise
  /// (`png`, `auto`, or one no format takes).
  package static func canonicalAndroid(_ name: String) -> String {
    let entry = entries.first { entry in
      entry.choices.contains { $0.place == .android && $0.name == name }
    }
    return entry?.choices.first { $0.place == .android }?.name ?? name
  }

  /// The `--android-format` entry's help: each choice's phrase joined by `; `, then `tail`,
  /// wrapped at 64 columns as the help was written by hand.
  package static func androidHelp(tail: String) -> String {
    let phrases = (choices(for: .android) + [androidAuto]).map(\.help)
    return wrapped(phrases.joined(separator: "; ") + tail, width: 64)
  }

  /// `text` wrapped at spaces into lines of at most `width` characters (a longer word keeps
  /// a line of its own), `\n` between them.
  package static func wrapped(_ text: String, width: Int) -> String {
    // Help text is ASCII (no "\r\n", the one ASCII pair that is a single character): there a
    // character is a byte, and the bytes are wrapped directly. `String.count` walked the line's
    // characters again for every word: most of `render`'s declaration, which every `render`
    // builds (issue 36). Other text takes the character path below, the same wrapping.
    if text.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) { return wrappedBytes(text, width: width) }
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if line.isEmpty {
        line = String(word)
      } else if line.count + 1 + word.count <= width {
        line += " " + word
      } else {
        lines.append(line)
        line = String(word)
      }
    }
    if !line.isEmpty { lines.append(line) }
    return lines.joined(separator: "\n")
  }

  /// `wrapped` of ASCII `text`, counting bytes.
  private static func wrappedBytes(_ text: String, width: Int) -> String {
    var wrapped: [UInt8] = []
    wrapped.reserveCapacity(text.utf8.count)
    var lineLength = 0
    for word in text.utf8.split(separator: 0x20) {
      if lineLength == 0 {
        lineLength = word.count
      } else if lineLength + 1 + word.count <= width {
        wrapped.append(0x20)
        lineLength += 1 + word.count
      } else {
        wrapped.append(0x0A)
        lineLength = word.count
      }
      wrapped.append(contentsOf: word)
    }
    return String(decoding: wrapped, as: UTF8.self)
  }
}

/// Where an output format is chosen by name, the name it is chosen by there, and its phrase
/// in that option's help (one line; the help wraps it).
package struct OutputFormatChoice: Sendable, Equatable {
  /// Where formats are chosen.
  package enum Place: String, Sendable, CaseIterable {
    /// `render -f/--format`: the file `render` writes.
    case render
    /// Android drawables: `assets --android-format` and the project's `android.format`.
    case android
    /// The images of an iOS catalog: the project's `ios.format` and the per-icon `format`.
    case catalog
  }

  /// Where it is chosen.
  package var place: Place
  /// The name it is chosen by there (the format's own, or the spelling that place has always
  /// had: `vector` for Android's VectorDrawable).
  package var name: String
  /// Its phrase in the option's help, e.g. `png (default): the density PNGs`; empty where
  /// the help lists no phrases (the project file's keys).
  package var help: String

  package init(_ place: Place, _ name: String, help: String = "") {
    self.place = place
    self.name = name
    self.help = help
  }
}
