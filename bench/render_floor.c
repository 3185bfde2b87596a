/* bench/render_floor.c: the "C floor" of bench/render (issue 36). The same librsvg and cairo
 * Glyphsmith draws with, called directly from one process: for each SVG named on stdin (one
 * path a line), read the file, parse it (rsvg_handle_new_from_data), draw it fitted into a
 * SIZE x SIZE ARGB32 surface (rsvg_handle_render_document: viewBox fitted, aspect kept,
 * centred), and write it with cairo's PNG writer into OUT_DIR/NAME.png. No checks, no
 * catalog, no worker: what a loop over the libraries costs.
 *
 * Prints one line: "files N parse_draw_cpu S total_cpu S" (CPU seconds of this process,
 * CLOCK_PROCESS_CPUTIME_ID: parse + draw alone, and the whole loop with reads and writes).
 *
 * usage: render_floor SIZE OUT_DIR < paths
 * build: cc -O2 render_floor.c $(pkg-config --cflags --libs librsvg-2.0 cairo) */
#include <cairo.h>
#include <librsvg/rsvg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double cpu_seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: render_floor SIZE OUT_DIR < paths\n");
    return 2;
  }
  int size = atoi(argv[1]);
  const char *out_dir = argv[2];
  char path[4096], out[4096];
  double start = cpu_seconds(), drawing = 0;
  int files = 0;
  while (fgets(path, sizeof path, stdin)) {
    path[strcspn(path, "\n")] = 0;
    if (!*path) continue;
    gchar *data = NULL;
    gsize length = 0;
    GError *error = NULL;
    if (!g_file_get_contents(path, &data, &length, &error)) {
      fprintf(stderr, "%s: %s\n", path, error->message);
      return 1;
    }
    double before = cpu_seconds();
    RsvgHandle *handle = rsvg_handle_new_from_data((const guint8 *)data, length, &error);
    if (!handle) {
      fprintf(stderr, "%s: %s\n", path, error->message);
      return 1;
    }
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, size, size);
    cairo_t *cr = cairo_create(surface);
    RsvgRectangle viewport = {0, 0, size, size};
    if (!rsvg_handle_render_document(handle, cr, &viewport, &error)) {
      fprintf(stderr, "%s: %s\n", path, error->message);
      return 1;
    }
    cairo_destroy(cr);
    cairo_surface_flush(surface);
    drawing += cpu_seconds() - before;
    const char *name = strrchr(path, '/');
    name = name ? name + 1 : path;
    snprintf(out, sizeof out, "%s/%.*s.png", out_dir, (int)(strlen(name) - 4), name);
    if (cairo_surface_write_to_png(surface, out) != CAIRO_STATUS_SUCCESS) {
      fprintf(stderr, "%s: cannot write\n", out);
      return 1;
    }
    cairo_surface_destroy(surface);
    g_object_unref(handle);
    g_free(data);
    files++;
  }
  printf("files %d parse_draw_cpu %.6f total_cpu %.6f\n", files, drawing, cpu_seconds() - start);
  return 0;
}
