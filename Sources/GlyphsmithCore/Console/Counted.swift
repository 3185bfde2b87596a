/// `"1 icon"`, `"2 icons"`, `"0 icons"`: a count and its noun, the noun in the plural unless the
/// count is exactly one, as every summary line Glyphsmith prints spells it. `plural` is for a
/// noun whose plural is not `noun + "s"`.
package func counted(_ n: Int, _ noun: String, plural: String? = nil) -> String {
  "\(n) \(n == 1 ? noun : plural ?? noun + "s")"
}
