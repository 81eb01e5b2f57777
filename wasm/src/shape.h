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
/* Hangul: CJK for line breaking, but Korean separates words with spaces, which collapsing keeps. */
int is_hangul(uint32_t cp);
/* The font for cp in a run of weight bold (700) or regular (400): the
 * nearest-weight font whose cmap has cp, the lowest index on a tie (the
 * request's font order is the fallback chain).  A combining mark, joiner or
 * variation selector stays in `prev` (the font of the character before it,
 * prev_cp; -1 for none) when that font has it or the composition of the two
 * (which HarfBuzz then uses).  When no font has cp: the run's own font, whose
 * .notdef is drawn and reported by missing_glyphs(). */
int font_for(const fontset *fs, int bold, uint32_t cp, uint32_t prev_cp, int prev);
/* The layout.missing_glyph message of a laid-out text (its .notdef glyphs:
 * the characters, the first line holding one and that line's text), or NULL. */
const char *missing_glyphs(const ltext *lt);
#endif
