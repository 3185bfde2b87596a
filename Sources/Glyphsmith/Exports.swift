@_exported import GlyphsmithCore
@_exported import GlyphsmithRender
@_exported import GlyphsmithGolden
