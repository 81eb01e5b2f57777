/* Text layout: shaping (HarfBuzz), line breaking, shrink-to-fit, placement. */
#ifndef O3_LAYOUT_H
#define O3_LAYOUT_H
#include "doc.h"
#include <hb.h>

typedef struct {
  hb_blob_t *blob; hb_face_t *face; hb_font_t *font;
  int weight; int upem; int ascender, descender; /* font units; descender <= 0 */
} o3font;

typedef struct { int font; const char *color; int bold; } pstyle;

/* a paragraph after whitespace collapsing; '\n' code points are <br/> */
typedef struct {
  uint32_t *cps; int n;
  int *run_of;            /* style index per code point */
  pstyle *runs; int nruns;
} lpara;

typedef struct { uint32_t gid; int64_t x, y; int cluster; } pglyph;
typedef struct { int style; int a, b; pglyph *g; int ng; } lrun; /* cps [a,b) of the paragraph */
typedef struct { int para; int64_t x, y, width; lrun *runs; int nruns; } lline;

typedef struct {
  const item *src;
  int64_t font_size, line_height;
  int overflow;
  lpara *paras; int np;
  lline *lines; int nl;
} ltext;

typedef struct fontset_s { o3font *fonts; int nfonts; } fontset;

int fonts_open(fontset *fs, const char **data, const size_t *lens, const int *weights, int n);
/* Lays out one text item; NULL with g_err set on failure. */
ltext *layout_text(const fontset *fs, const item *it);
int pick_font(const fontset *fs, int bold);
/* Moves a laid-out text down by dy (its item's y too). */
void ltext_shift(ltext *lt, item *it, int64_t dy);
/* Widest line of the laid-out text (EMU). */
int64_t ltext_max_width(const ltext *lt);
#endif
