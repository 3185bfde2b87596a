#ifndef GLYPHSMITH_CLIBXML_SHIM_H
#define GLYPHSMITH_CLIBXML_SHIM_H
#include <libxml/xmlversion.h>
// Debian's libxml2 is built with ICU, whose headers clash with the copy Foundation carries;
// Glyphsmith never touches the encoding handlers that use it.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>

/// `xmlFree` is a global function pointer, which Swift 6 refuses to read; this calls it.
static inline void glyphsmith_xml_free(void *pointer) { xmlFree(pointer); }
#endif
