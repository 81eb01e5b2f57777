/* The evaluated document: what the template produced for this data, before
 * text layout.  Lengths are already EMU, colours "#rrggbb" or NULL (none). */
#ifndef O3_DOC_H
#define O3_DOC_H
#include "o3.h"
#include "tmpl.h"

typedef struct { char *text; size_t n, cap; int bold; const char *color; int brk; } irun;
typedef struct { irun *runs; int nruns, cap; int explicit_p; } ipara;

enum { IT_RECT, IT_LINE, IT_TEXT, IT_GROUP, IT_POLYGON, IT_POLYLINE, IT_IMAGE };
enum { ROLE_TABLE, ROLE_CHART };
enum { AL_LEFT, AL_CENTER, AL_RIGHT, AL_JUSTIFY };
enum { VA_TOP, VA_MIDDLE, VA_BOTTOM };

typedef struct item_s {
  int type, line, col;
  int64_t x, y, w, h, x1, y1, x2, y2, stroke_width, radius, padding;
  const char *fill, *stroke, *color;
  int64_t font_size, min_font_size;
  int align, valign, bold, ls_milli;
  const char *lang;
  ipara *paras; int nparas, pcap;
  void *lt;                       /* text laid out ahead (table cells, chart labels), else NULL */
  int64_t *pts; int npts;         /* polygon/polyline: x,y pairs */
  const char *src;                /* image */
  int64_t cx, cy, cw, ch;         /* image clip box */
  int role;                       /* group */
  struct item_s **kids; int nkids, kcap;
  char *meta; size_t meta_len;    /* group meta, canonical JSON */
  int table_overflow;             /* a row taller than the table's box */
  /* flow documents only (contract section 6): the item's part in the flow, written as
   * "role" and "meta" on non-group items so that editable exporters can rebuild it */
  const char *frole;              /* "heading", "paragraph", "list-item", "header", ... or NULL */
  int fblock;                     /* the flow block it belongs to, + 1 (0: none) */
  int flevel, fordered;           /* heading / list level; an ordered list's item */
  const char *fvariant;           /* header/footer: "all", "first", "odd" or "even" */
  char ffields[8]; int nfields;   /* page.number ('p') / page.count ('c') written into the text, in order */
} item;

typedef struct {
  int64_t width, height; const char *background; item **items; int nitems, cap; int line, col;
  int flow;                       /* a flow page: content area below, written as "content" */
  int64_t content[4];             /* x, y, w, h */
  int page_break;                 /* a flow page begun by <page-break/> */
} page;

typedef struct {
  const char *kind, *lang;
  int64_t width, height;
  page **pages; int npages, cap;
  int v2;                         /* uses display list version 2 items */
} doc;

typedef struct { int64_t max_pages, max_items, max_output_bytes; } limits;

struct fontset_s;
doc *doc_eval(node *root, evalctx *cx, const limits *lim, const struct fontset_s *fs, const jval *images);

/* units.c */
int parse_length(const char *s, int64_t *out);
int parse_color(const char *s, const char **out);   /* out NULL for "none" */
int parse_factor_milli(const char *s, int *out);    /* "1.2" -> 1200 */
#endif
