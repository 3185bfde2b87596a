@_spi(_Unicode) import Swift

extension StringProtocol {
  /// The text in Unicode Normalization Form C, as Foundation's
  /// `precomposedStringWithCanonicalMapping` gives it, from the standard library's own
  /// normaliser (the one `==` compares with) instead of Foundation's (which links ICU; issue
  /// 37). `NormalizationTests` compares both.
  package var canonicalComposition: String {
    var scalars = String.UnicodeScalarView()
    for scalar in String(self)._nfc { scalars.append(scalar) }
    return String(scalars)
  }

  /// The text in Unicode Normalization Form D, as Foundation's
  /// `decomposedStringWithCanonicalMapping` gives it (see `canonicalComposition`).
  package var canonicalDecomposition: String {
    var scalars = String.UnicodeScalarView()
    for scalar in String(self)._nfd { scalars.append(scalar) }
    return String(scalars)
  }
}
