@_exported import GlyphsmithPNG
