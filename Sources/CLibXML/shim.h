#ifndef GLYPHSMITH_CLIBXML_SHIM_H
#define GLYPHSMITH_CLIBXML_SHIM_H
#include <libxml/xmlversion.h>
// Debian's libxml2 is built with ICU, whose headers clash with the copy Foundation carries;
// Glyphsmith never touches the encoding handlers that use it.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/entities.h>
#include <libxml/SAX2.h>
#include <stdlib.h>
#include <string.h>
// zlib (libxml2 links it too): the canonical read inflates gzip-compressed SVG, as librsvg
// would, to check what it holds.
#include <zlib.h>

/// The process's external entity loader (`xmlSetExternalEntityLoader`): loads nothing, so
/// no libxml2 read in the process (Glyphsmith's or librsvg's) ever opens an external DTD or
/// entity, whatever the parse options; libxml2 reports the entity as not loaded.
static inline xmlParserInputPtr glyphsmith_no_external_entity(
    const char *url, const char *id, xmlParserCtxtPtr ctxt) {
  (void)url;
  (void)id;
  (void)ctxt;
  return NULL;
}

/// Installs `glyphsmith_no_external_entity` as libxml2's external entity loader.
static inline void glyphsmith_refuse_external_entities(void) {
  xmlSetExternalEntityLoader(glyphsmith_no_external_entity);
}

/// `getEntity` / `getParameterEntity` for `glyphsmith_read_normalized`: internal entities
/// only; an external one reads as undeclared (a well-formedness error), so it is never loaded.
static inline xmlEntityPtr glyphsmith_internal_entity(void *ctx, const xmlChar *name) {
  xmlEntityPtr entity = xmlSAX2GetEntity(ctx, name);
  if (entity != NULL && entity->etype != XML_INTERNAL_GENERAL_ENTITY &&
      entity->etype != XML_INTERNAL_PREDEFINED_ENTITY)
    return NULL;
  return entity;
}

static inline xmlEntityPtr glyphsmith_internal_parameter_entity(void *ctx, const xmlChar *name) {
  xmlEntityPtr entity = xmlSAX2GetParameterEntity(ctx, name);
  if (entity != NULL && entity->etype != XML_INTERNAL_PARAMETER_ENTITY) return NULL;
  return entity;
}

/// Parses `size` bytes at `buffer` into a tree as librsvg reads the document: internal
/// entities substituted (`XML_PARSE_NOENT`) and the internal subset's attribute defaults
/// applied (`XML_PARSE_DTDATTR`), in the encoding the byte order mark or XML declaration
/// names; never the external DTD (`externalSubset` unset), never an external entity
/// (`glyphsmith_internal_entity`), never the network, with libxml2's entity-expansion limits
/// (no `XML_PARSE_HUGE`). `error` receives libxml2's first error code (0: none). Returns NULL
/// when the document cannot be parsed so.
static inline xmlDocPtr glyphsmith_read_normalized(
    const char *buffer, int size, int options, int *error) {
  xmlParserCtxtPtr ctxt = xmlNewParserCtxt();
  if (ctxt == NULL) return NULL;
  ctxt->sax->externalSubset = NULL;
  ctxt->sax->getEntity = glyphsmith_internal_entity;
  ctxt->sax->getParameterEntity = glyphsmith_internal_parameter_entity;
  xmlDocPtr doc = xmlCtxtReadMemory(ctxt, buffer, size, NULL, NULL, options);
  *error = ctxt->errNo;
  if (doc != NULL && !ctxt->wellFormed) {
    xmlFreeDoc(doc);
    doc = NULL;
  }
  xmlFreeParserCtxt(ctxt);
  return doc;
}

/// Inflates the gzip stream of `size` bytes at `input` (one member, as librsvg reads a
/// gzip-compressed SVG) into a buffer the caller frees with `free`, stopping as soon as the
/// output passes `limit` bytes (before allocating more). Returns 0 (`*output`, `*length` set),
/// 1 when the output passes `limit`, 2 when the stream is corrupt or truncated, 3 when out of
/// memory.
static inline int glyphsmith_gunzip(
    const unsigned char *input, size_t size, size_t limit, unsigned char **output,
    size_t *length) {
  z_stream z;
  memset(&z, 0, sizeof z);
  if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK) return 3;
  size_t capacity = size < 16384 ? 65536 : size * 4;
  if (capacity > limit + 1) capacity = limit + 1;
  unsigned char *buffer = malloc(capacity);
  if (buffer == NULL) {
    inflateEnd(&z);
    return 3;
  }
  size_t produced = 0;
  z.next_in = (Bytef *)input;
  z.avail_in = (uInt)size;
  int result = 2;
  for (;;) {
    z.next_out = buffer + produced;
    z.avail_out = (uInt)(capacity - produced);
    int status = inflate(&z, Z_NO_FLUSH);
    produced = capacity - z.avail_out;
    if (status == Z_STREAM_END) {
      result = produced > limit ? 1 : 0;
      break;
    }
    if (status != Z_OK && status != Z_BUF_ERROR) break;
    if (produced > limit) {
      result = 1;
      break;
    }
    if (z.avail_out != 0) break;  // no more input: truncated
    if (produced == capacity) {
      size_t grown = capacity * 2 > limit + 1 ? limit + 1 : capacity * 2;
      unsigned char *larger = realloc(buffer, grown);
      if (larger == NULL) {
        result = 3;
        break;
      }
      buffer = larger;
      capacity = grown;
    }
  }
  inflateEnd(&z);
  if (result != 0) {
    free(buffer);
    return result;
  }
  *output = buffer;
  *length = produced;
  return 0;
}

/// `xmlFree` is a global function pointer, which Swift 6 refuses to read; this calls it.
static inline void glyphsmith_xml_free(void *pointer) { xmlFree(pointer); }
#endif
