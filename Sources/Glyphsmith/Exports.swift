@_exported import GlyphsmithCore
@_exported import GlyphsmithRender
