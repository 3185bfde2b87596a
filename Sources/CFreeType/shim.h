#ifndef GLYPHSMITH_CFREETYPE_SHIM_H
#define GLYPHSMITH_CFREETYPE_SHIM_H
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_STROKER_H

/// FreeType's outline point tags (FT_CURVE_TAG_*), macros Swift cannot import.
static const unsigned char glyphsmith_ft_tag_on = FT_CURVE_TAG_ON;
static const unsigned char glyphsmith_ft_tag_conic = FT_CURVE_TAG_CONIC;
static const unsigned char glyphsmith_ft_tag_cubic = FT_CURVE_TAG_CUBIC;
/// FreeType's version macros.
static const int glyphsmith_ft_major = FREETYPE_MAJOR;
static const int glyphsmith_ft_minor = FREETYPE_MINOR;
static const int glyphsmith_ft_patch = FREETYPE_PATCH;
#endif
