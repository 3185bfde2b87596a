#ifndef GLYPHSMITH_CRSVG_SHIM_H
#define GLYPHSMITH_CRSVG_SHIM_H
#include <librsvg/rsvg.h>
#include <glib.h>
#include <gio/gio.h>

/// librsvg's version macros, which Swift cannot import.
static const unsigned int glyphsmith_rsvg_major = LIBRSVG_MAJOR_VERSION;
static const unsigned int glyphsmith_rsvg_minor = LIBRSVG_MINOR_VERSION;
static const unsigned int glyphsmith_rsvg_micro = LIBRSVG_MICRO_VERSION;
#endif
