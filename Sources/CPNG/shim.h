#ifndef GLYPHSMITH_CPNG_SHIM_H
#define GLYPHSMITH_CPNG_SHIM_H
#include <png.h>
#endif
