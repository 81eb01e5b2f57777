/* Shaping one hard line (between <br/>s) of a paragraph. */
#ifndef O3_SHAPE_H
#define O3_SHAPE_H
#include "layout.h"

typedef struct { uint32_t gid; int cluster; int32_t adv, xoff, yoff; } sglyph;
typedef struct { sglyph *g; int n, cap; } sglyphs;

/* Glyphs of p->cps[s..e) in visual (= logical, LTR) order; clusters are
 * code-point indices into p->cps. */
int shape_line(const fontset *fs, const lpara *p, int s, int e, const char *lang, sglyphs *out);
int is_cjk(uint32_t cp);
#endif
