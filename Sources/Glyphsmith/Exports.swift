@_exported import GlyphsmithRender
