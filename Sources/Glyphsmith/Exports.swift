@_exported import GlyphsmithCore
@_exported import GlyphsmithGolden
@_exported import GlyphsmithRender
