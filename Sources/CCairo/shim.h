#ifndef GLYPHSMITH_CCAIRO_SHIM_H
#define GLYPHSMITH_CCAIRO_SHIM_H
#include <cairo.h>
#include <cairo-svg.h>
#include <cairo-pdf.h>
#include <pixman.h>
#endif
