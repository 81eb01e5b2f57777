/* The evaluated document: what the template produced for this data, before
 * text layout.  Lengths are already EMU, colours "#rrggbb" or NULL (none). */
#ifndef O3_DOC_H
#define O3_DOC_H
#include "o3.h"
#include "tmpl.h"

typedef struct { char *text; size_t n, cap; int bold; const char *color; int brk; } irun;
typedef struct { irun *runs; int nruns, cap; int explicit_p; } ipara;

enum { IT_RECT, IT_LINE, IT_TEXT };
enum { AL_LEFT, AL_CENTER, AL_RIGHT, AL_JUSTIFY };
enum { VA_TOP, VA_MIDDLE, VA_BOTTOM };

typedef struct {
  int type, line, col;
  int64_t x, y, w, h, x1, y1, x2, y2, stroke_width, radius, padding;
  const char *fill, *stroke, *color;
  int64_t font_size, min_font_size;
  int align, valign, bold, ls_milli;
  const char *lang;
  ipara *paras; int nparas, pcap;
} item;

typedef struct { int64_t width, height; const char *background; item **items; int nitems, cap; int line, col; } page;

typedef struct {
  const char *kind, *lang;
  int64_t width, height;
  page **pages; int npages, cap;
} doc;

typedef struct { int64_t max_pages, max_items, max_output_bytes; } limits;

doc *doc_eval(node *root, evalctx *cx, const limits *lim);

/* units.c */
int parse_length(const char *s, int64_t *out);
int parse_color(const char *s, const char **out);   /* out NULL for "none" */
int parse_factor_milli(const char *s, int *out);    /* "1.2" -> 1200 */
#endif
