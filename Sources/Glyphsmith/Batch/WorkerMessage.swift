import FoundationEssentials
import Glibc

/// The compact form of the lines a batch's parent and its workers exchange (`WorkerPool`): a
/// planned icon sent to a worker, a worker's reply (`AssetsWorkerReply`). Internal to one
/// executable (the parent starts its own binary as the worker), so it is no contract; the
/// JSON form is still read (a line starting with `{`).
///
/// Issue 36: `JSONEncoder` and `JSONDecoder` on both sides of each message cost about 12 % of
/// an `assets` run's CPU for lines of 600 bytes. Here the values are written one after the
/// other in a fixed order: an unsigned number as LEB128, a string as its UTF-8 length and
/// bytes, a `Double` as its 8 bytes (bit pattern, so every value comes back exactly), an
/// optional as a presence byte then the value. The whole line then has its newline bytes
/// escaped (`0x0A` as `0x1B 0x4E`, `0x1B` as `0x1B 0x45`), since the pool frames messages by
/// newlines; the first byte is `formatByte`, never `{`.
package enum WorkerMessage {
  /// The first byte of a compact message (a JSON message starts with `{`).
  package static let formatByte: UInt8 = 0x01

  /// Whether `line` is in the compact form (else it is JSON).
  package static func isCompact(_ line: Data) -> Bool { line.first == formatByte }

  /// Builds one message: values appended in order, then `line` escapes it.
  package struct Writer {
    private(set) var bytes: [UInt8] = [WorkerMessage.formatByte]

    /// An empty message.
    package init() {}

    /// Appends `value` as LEB128.
    package mutating func unsigned(_ value: UInt64) {
      var value = value
      while value >= 0x80 {
        bytes.append(UInt8(value & 0x7F) | 0x80)
        value >>= 7
      }
      bytes.append(UInt8(value))
    }

    /// Appends `value` (any `Int`, negative ones included) as its 64-bit pattern in LEB128.
    package mutating func int(_ value: Int) { unsigned(UInt64(bitPattern: Int64(value))) }

    /// Appends `value` as one byte.
    package mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    /// Appends `value`'s 8 bytes (its bit pattern, little-endian).
    package mutating func double(_ value: Double) {
      var bits = value.bitPattern
      for _ in 0..<8 {
        bytes.append(UInt8(bits & 0xFF))
        bits >>= 8
      }
    }

    /// Appends `value`'s UTF-8 length and bytes.
    package mutating func string(_ value: String) {
      var value = value
      value.withUTF8 { utf8 in
        unsigned(UInt64(utf8.count))
        bytes.append(contentsOf: utf8)
      }
    }

    /// Appends raw bytes with their length.
    package mutating func data(_ value: Data) {
      unsigned(UInt64(value.count))
      bytes.append(contentsOf: value)
    }

    /// Appends whether `value` is there, then it.
    package mutating func optional<T>(_ value: T?, _ write: (inout Writer, T) -> Void) {
      bool(value != nil)
      if let value { write(&self, value) }
    }

    /// Appends the count of `values`, then each.
    package mutating func list<T>(_ values: [T], _ write: (inout Writer, T) -> Void) {
      unsigned(UInt64(values.count))
      for value in values { write(&self, value) }
    }

    /// The message as one line (without its newline): newline bytes escaped. (Built as an
    /// array and made `Data` once: `Data.append` of one byte at a time was most of the cost.)
    package var line: Data {
      guard bytes.contains(where: { $0 == 0x0A || $0 == 0x1B }) else { return Data(bytes) }
      var escaped: [UInt8] = []
      escaped.reserveCapacity(bytes.count + 16)
      for byte in bytes {
        switch byte {
        case 0x0A: escaped += [0x1B, 0x4E]
        case 0x1B: escaped += [0x1B, 0x45]
        default: escaped.append(byte)
        }
      }
      return Data(escaped)
    }
  }

  /// A message that ends early or holds something `Writer` never writes.
  package struct Malformed: Error, Equatable {}

  /// Reads one message's values in the order they were written.
  package struct Reader {
    private let bytes: [UInt8]
    private var index = 1

    /// The values of `line` (a compact message, `isCompact`).
    /// - Throws: `Malformed` when it is not one or an escape is broken.
    package init(_ line: Data) throws(Malformed) {
      guard line.first == WorkerMessage.formatByte else { throw Malformed() }
      guard line.contains(0x1B) else {
        bytes = [UInt8](line)
        return
      }
      var bytes: [UInt8] = []
      bytes.reserveCapacity(line.count)
      var escape = false
      for byte in line {
        if escape {
          switch byte {
          case 0x4E: bytes.append(0x0A)
          case 0x45: bytes.append(0x1B)
          default: throw Malformed()
          }
          escape = false
        } else if byte == 0x1B {
          escape = true
        } else {
          bytes.append(byte)
        }
      }
      if escape { throw Malformed() }
      self.bytes = bytes
    }

    /// Whether every value has been read.
    package var atEnd: Bool { index == bytes.count }

    private mutating func byte() throws(Malformed) -> UInt8 {
      guard index < bytes.count else { throw Malformed() }
      defer { index += 1 }
      return bytes[index]
    }

    /// A LEB128 number.
    package mutating func unsigned() throws(Malformed) -> UInt64 {
      var value: UInt64 = 0
      var shift: UInt64 = 0
      while true {
        let next = try byte()
        guard shift < 64 else { throw Malformed() }
        value |= UInt64(next & 0x7F) << shift
        if next < 0x80 { return value }
        shift += 7
      }
    }

    /// An `Int` written by `Writer.int`.
    package mutating func int() throws(Malformed) -> Int {
      Int(truncatingIfNeeded: Int64(bitPattern: try unsigned()))
    }

    /// A count (an unsigned number that fits what is left of the message).
    private mutating func count() throws(Malformed) -> Int {
      let value = try unsigned()
      guard value <= UInt64(bytes.count - index) else { throw Malformed() }
      return Int(value)
    }

    /// A byte written by `Writer.bool`.
    package mutating func bool() throws(Malformed) -> Bool {
      switch try byte() {
      case 0: return false
      case 1: return true
      default: throw Malformed()
      }
    }

    /// A `Double` written by `Writer.double`.
    package mutating func double() throws(Malformed) -> Double {
      guard index + 8 <= bytes.count else { throw Malformed() }
      var bits: UInt64 = 0
      for k in (0..<8).reversed() { bits = bits << 8 | UInt64(bytes[index + k]) }
      index += 8
      return Double(bitPattern: bits)
    }

    /// A string written by `Writer.string`.
    /// - Throws: `Malformed` also when its bytes are not UTF-8 (`Writer` writes only UTF-8).
    package mutating func string() throws(Malformed) -> String {
      let length = try count()
      let slice = bytes[index..<(index + length)]
      index += length
      guard let text = String(validating: slice, as: UTF8.self) else { throw Malformed() }
      return text
    }

    /// Bytes written by `Writer.data`.
    package mutating func data() throws(Malformed) -> Data {
      let length = try count()
      defer { index += length }
      return Data(bytes[index..<(index + length)])
    }

    /// A value written by `Writer.optional`.
    package mutating func optional<T>(
      _ read: (inout Reader) throws(Malformed) -> T
    ) throws(Malformed) -> T? {
      try bool() ? try read(&self) : nil
    }

    /// Values written by `Writer.list`.
    package mutating func list<T>(
      _ read: (inout Reader) throws(Malformed) -> T
    ) throws(Malformed) -> [T] {
      let count = try count()
      var values: [T] = []
      values.reserveCapacity(count)
      for _ in 0..<count { values.append(try read(&self)) }
      return values
    }
  }
}
