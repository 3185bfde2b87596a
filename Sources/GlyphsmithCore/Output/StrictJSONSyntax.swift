import FoundationEssentials
import Glibc

/// What JSON itself allows but a file a person writes for Glyphsmith may not hold (issue 33:
/// Foundation's reader takes the last of duplicate keys and accepts a trailing comma, though
/// the docs call the files strict): a duplicate key in an object, a comma before `}` or `]`,
/// a NUL character in a string, and, where the caller says so, `null`. Each is named by its
/// key path (`rules[1].match`, `defaults.role`).
///
/// A reader of the structure only, run after the syntax is known to be JSON; iterative (no
/// recursion, whatever the nesting).
package enum StrictJSONSyntax {
  /// The first fault in `data` (a sentence naming the key path), or `nil`.
  /// - Parameter allowNull: whether `null` may be a value.
  package static func problem(in data: Data, allowNull: Bool = true) -> String? {
    let bytes = [UInt8](data)
    var reader = Reader(bytes: bytes, allowNull: allowNull)
    return reader.run()
  }

  /// The 1-based line each key path of `data` starts on (`groups[0].layers[1].glass`: the
  /// line of its key; `groups[0]`: the line of the element's first character; `""`: 1), for
  /// findings that point into a file. Meaningful for JSON without `problem(in:)`'s faults (it
  /// stops at the first).
  package static func lines(in data: Data) -> [String: Int] {
    let bytes = [UInt8](data)
    var reader = Reader(bytes: bytes, allowNull: true)
    reader.offsets = ["": reader.i]
    _ = reader.run()
    var newlines: [Int] = []
    for (index, byte) in bytes.enumerated() where byte == 0x0A { newlines.append(index) }
    return reader.offsets!.mapValues { offset in
      // Lines before `offset`: the newlines below it, found by bisection.
      var low = 0
      var high = newlines.count
      while low < high {
        let middle = (low + high) / 2
        if newlines[middle] < offset { low = middle + 1 } else { high = middle }
      }
      return low + 1
    }
  }

  private enum Container {
    case object(keys: Set<String>, key: String?)
    case array(index: Int)
  }

  private struct Reader {
    let bytes: [UInt8]
    let allowNull: Bool
    var i = 0
    var stack: [Container] = []
    /// When recording (`lines(in:)`): the byte offset each key path starts at.
    var offsets: [String: Int]?

    init(bytes: [UInt8], allowNull: Bool) {
      self.bytes = bytes
      self.allowNull = allowNull
      if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
    }

    /// The key path of the value being read (`""` at the top).
    var path: String {
      var out = ""
      for container in stack {
        switch container {
        case .object(_, let key):
          guard let key else { continue }
          out += out.isEmpty ? key : "." + key
        case .array(let index):
          out += "[\(index)]"
        }
      }
      return out
    }

    var shownPath: String { path.isEmpty ? "the top level" : "'\(path)'" }

    mutating func skipSpace() {
      while i < bytes.count,
        bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D
      {
        i += 1
      }
    }

    /// Reads values until the document ends; the first fault, or `nil` (also for syntax
    /// errors, which the syntax check reports itself).
    mutating func run() -> String? {
      // `expectValue`: a value comes next (after `[`, `,` in an array, `:` or the start).
      var expectValue = true
      while true {
        skipSpace()
        guard i < bytes.count else { return nil }
        let b = bytes[i]
        if expectValue {
          if offsets != nil, case .array = stack.last {
            let here = path
            offsets?[here] = i
          }
          switch b {
          case UInt8(ascii: "{"):
            i += 1
            stack.append(.object(keys: [], key: nil))
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
              i += 1
              stack.removeLast()
              expectValue = false
              continue
            }
            guard let problem = readKey() else { return nil }
            if !problem.isEmpty { return problem }
            continue
          case UInt8(ascii: "["):
            i += 1
            stack.append(.array(index: 0))
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
              i += 1
              stack.removeLast()
            } else {
              continue
            }
          case UInt8(ascii: "\""):
            guard let text = readString() else { return nil }
            if text.unicodeScalars.contains("\0") {
              return "a NUL character in the string at \(shownPath)"
            }
          case UInt8(ascii: "n"):
            if !allowNull { return "\(shownPath) is null; give it a value or leave the key out" }
            i += 4
          default:
            // A number, true or false.
            while i < bytes.count, !",]} \t\r\n".utf8.contains(bytes[i]) { i += 1 }
          }
          expectValue = false
          continue
        }
        // After a value: `,`, `}` or `]`.
        guard let top = stack.last else { return nil }
        switch (b, top) {
        case (UInt8(ascii: ","), .array(let index)):
          i += 1
          skipSpace()
          if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
            return "a trailing comma after \(shownPath); remove it"
          }
          stack[stack.count - 1] = .array(index: index + 1)
          expectValue = true
        case (UInt8(ascii: ","), .object):
          i += 1
          skipSpace()
          if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
            return "a trailing comma after \(shownPath); remove it"
          }
          guard let problem = readKey() else { return nil }
          if !problem.isEmpty { return problem }
          expectValue = true
        case (UInt8(ascii: "]"), .array), (UInt8(ascii: "}"), .object):
          i += 1
          stack.removeLast()
        default:
          return nil
        }
      }
    }

    /// Reads `"key" :` into the object on top; `""` when fine, a problem, or `nil` for a
    /// syntax error.
    mutating func readKey() -> String? {
      skipSpace()
      let start = i
      guard i < bytes.count, bytes[i] == UInt8(ascii: "\""), let key = readString(),
        case .object(var keys, _) = stack.last
      else { return nil }
      skipSpace()
      guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
      i += 1
      stack[stack.count - 1] = .object(keys: keys, key: key)
      if offsets != nil {
        let here = path
        offsets?[here] = start
      }
      if keys.contains(key) { return "duplicate key \(shownPath); keep one" }
      if key.unicodeScalars.contains("\0") { return "a NUL character in the key \(shownPath)" }
      keys.insert(key)
      stack[stack.count - 1] = .object(keys: keys, key: key)
      return ""
    }

    /// Reads a string at `i` (its opening quote), escapes resolved; `nil` when malformed.
    mutating func readString() -> String? {
      i += 1
      var out: [UInt8] = []
      var pendingHigh: UInt32?
      func append(_ scalar: UInt32) {
        if let s = Unicode.Scalar(scalar) { out += Array(String(s).utf8) }
      }
      while i < bytes.count {
        let b = bytes[i]
        if b == UInt8(ascii: "\"") {
          i += 1
          return String(decoding: out, as: UTF8.self)
        }
        if b == UInt8(ascii: "\\") {
          guard i + 1 < bytes.count else { return nil }
          let e = bytes[i + 1]
          i += 2
          if e == UInt8(ascii: "u") {
            guard i + 4 <= bytes.count,
              let value = UInt32(String(decoding: bytes[i..<(i + 4)], as: UTF8.self), radix: 16)
            else { return nil }
            i += 4
            if (0xD800...0xDBFF).contains(value) {
              pendingHigh = value
              continue
            }
            if (0xDC00...0xDFFF).contains(value), let high = pendingHigh {
              append(0x10000 + ((high - 0xD800) << 10) + (value - 0xDC00))
            } else {
              append(value)
            }
            pendingHigh = nil
            continue
          }
          let map: [UInt8: UInt8] = [
            UInt8(ascii: "n"): 0x0A, UInt8(ascii: "t"): 0x09, UInt8(ascii: "r"): 0x0D,
            UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C,
          ]
          out.append(map[e] ?? e)
          continue
        }
        out.append(b)
        i += 1
      }
      return nil
    }
  }
}
