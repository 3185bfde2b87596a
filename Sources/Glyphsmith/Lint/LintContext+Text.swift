extension LintContext {
  /// Each drawn `<text>` element of the outline (not inside another `<text>`, not in
  /// `<defs>`), paired with what `SVGTextCheck` read of it: both list them in document order.
  var drawnTextElements: [(element: SVGOutline.Element, text: SVGTextCheck.TextElement)] {
    guard let outline else { return [] }
    let outermost = outline.elements.indices.filter { index in
      guard outline.elements[index].name == "text" else { return false }
      var parent = outline.elements[index].parent
      while let p = parent {
        if outline.elements[p].name == "text" { return false }
        parent = outline.elements[p].parent
      }
      return true
    }
    return zip(outermost, textElements).compactMap { index, text in
      outline.isRendered(index) ? (outline.elements[index], text) : nil
    }
  }
}
