#ifndef GLYPHSMITH_CPANGO_SHIM_H
#define GLYPHSMITH_CPANGO_SHIM_H
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <hb.h>

/// Version macros Swift cannot import.
static const int glyphsmith_fc_version = FC_VERSION;
static const int glyphsmith_freetype_major = FREETYPE_MAJOR;
static const int glyphsmith_freetype_minor = FREETYPE_MINOR;
static const int glyphsmith_freetype_patch = FREETYPE_PATCH;
#endif
