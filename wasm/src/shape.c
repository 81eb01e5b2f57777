/* Fonts and shaping: one hb_face/hb_font per font per render, shaping in
 * font units (scale = upem) so results do not depend on the font size. */
#include "layout.h"
#include "shape.h"
#include <string.h>

int fonts_open(fontset *fs, const char **data, const size_t *lens, const int *weights, int n) {
  fs->fonts = xalloc(sizeof(o3font) * (size_t)(n ? n : 1));
  fs->nfonts = n;
  if (n == 0) return fail(ST_LAYOUT, "layout.font", 0, 0, "the request has no font");
  for (int i = 0; i < n; i++) {
    o3font *f = &fs->fonts[i];
    f->blob = hb_blob_create(data[i], (unsigned)lens[i], HB_MEMORY_MODE_READONLY, NULL, NULL);
    f->face = hb_face_create(f->blob, 0);
    if (hb_face_get_glyph_count(f->face) == 0 || hb_face_get_upem(f->face) < 16)
      return fail(ST_LAYOUT, "layout.font", 0, 0, "font %d is not a usable OpenType font", i);
    f->upem = (int)hb_face_get_upem(f->face);
    f->font = hb_font_create(f->face);
    hb_font_set_scale(f->font, f->upem, f->upem);
    hb_font_extents_t ext;
    memset(&ext, 0, sizeof ext);
    hb_font_get_h_extents(f->font, &ext);
    f->ascender = ext.ascender;
    f->descender = ext.descender;
    if (f->ascender <= 0 || f->ascender - f->descender <= 0) {
      f->ascender = f->upem * 88 / 100;
      f->descender = -(f->upem * 12 / 100);
    }
    f->weight = weights[i];
    if (f->upem != fs->fonts[0].upem)
      return fail(ST_LAYOUT, "layout.font", 0, 0, "all fonts of a render must have the same units per em");
  }
  return 0;
}

int pick_font(const fontset *fs, int bold) {
  int want = bold ? 700 : 400, best = 0, bestd = 1 << 30;
  for (int i = 0; i < fs->nfonts; i++) {
    int d = fs->fonts[i].weight - want;
    if (d < 0) d = -d;
    if (d < bestd) { bestd = d; best = i; }
  }
  return best;
}

static int has_glyph(const o3font *f, uint32_t cp) {
  hb_codepoint_t g;
  return hb_font_get_nominal_glyph(f->font, cp, &g) && g != 0;
}

/* combining marks, joiners and variation selectors stay in the font of the
 * character they modify: a run boundary between them would detach the mark
 * (or make the selector a .notdef) */
static int clings(uint32_t cp) {
  if (cp == 0x200C || cp == 0x200D || (cp >= 0xFE00 && cp <= 0xFE0F) || (cp >= 0xE0100 && cp <= 0xE01EF)) return 1;
  hb_unicode_general_category_t gc = hb_unicode_general_category(hb_unicode_funcs_get_default(), cp);
  return gc == HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK || gc == HB_UNICODE_GENERAL_CATEGORY_SPACING_MARK ||
         gc == HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK;
}

int font_for(const fontset *fs, int bold, uint32_t cp, uint32_t prev_cp, int prev) {
  int first = pick_font(fs, bold);
  if (prev >= 0 && clings(cp)) {
    hb_codepoint_t composed;
    /* HarfBuzz composes e + U+0301 to é when the font has é */
    if (has_glyph(&fs->fonts[prev], cp) || cp == 0x200C || cp == 0x200D ||
        (hb_unicode_compose(hb_unicode_funcs_get_default(), prev_cp, cp, &composed) &&
         has_glyph(&fs->fonts[prev], composed)))
      return prev;
  }
  if (has_glyph(&fs->fonts[first], cp)) return first;
  int want = bold ? 700 : 400, best = -1, bestd = 1 << 30;
  for (int i = 0; i < fs->nfonts; i++) {
    int d = fs->fonts[i].weight - want;
    if (d < 0) d = -d;
    if (d < bestd && has_glyph(&fs->fonts[i], cp)) { bestd = d; best = i; }
  }
  if (best < 0 && prev >= 0 && clings(cp)) return prev; /* missing anyway: keep the cluster whole */
  return best >= 0 ? best : first;
}

/* a character quoted in a message: noncharacters and C1 controls (which
 * XML and office files cannot hold) as U+FFFD */
static void sb_quoted_cp(sbuf *b, uint32_t cp) {
  int bad = (cp >= 0x80 && cp <= 0x9F) || (cp >= 0xFDD0 && cp <= 0xFDEF) || (cp & 0xFFFE) == 0xFFFE;
  sb_utf8(b, bad ? 0xFFFD : cp);
}

/* "U+1F9A0" */
static void sb_cp_name(sbuf *b, uint32_t cp) {
  char hex[8];
  int n = 0;
  do { hex[n++] = "0123456789ABCDEF"[cp & 15]; cp >>= 4; } while (cp || n < 4);
  sb_puts(b, "U+");
  while (n) sb_putc(b, hex[--n]);
}

const char *missing_glyphs(const ltext *lt) {
  enum { MAX_NAMED = 8, MAX_QUOTE = 40 };
  uint32_t named[MAX_NAMED];
  int nnamed = 0, total = 0, first_line = -1;
  for (int li = 0; li < lt->nl; li++) {
    const lline *L = &lt->lines[li];
    const lpara *p = &lt->paras[L->para];
    for (int ri = 0; ri < L->nruns; ri++) {
      const lrun *r = &L->runs[ri];
      for (int k = 0; k < r->ng; k++) {
        if (r->g[k].gid != 0) continue;
        uint32_t cp = p->cps[r->a + r->g[k].cluster];
        int seen = 0;
        for (int q = 0; q < nnamed; q++) seen |= named[q] == cp;
        if (seen) continue;
        total++;
        if (first_line < 0) first_line = li;
        if (nnamed < MAX_NAMED) named[nnamed++] = cp;
      }
    }
  }
  if (!total) return NULL;
  sbuf b = {0};
  sb_puts(&b, total == 1 ? "no font has the character " : "no font has the characters ");
  for (int q = 0; q < nnamed; q++) {
    if (q) sb_puts(&b, ", ");
    sb_cp_name(&b, named[q]);
    sb_puts(&b, " \"");
    sb_quoted_cp(&b, named[q]);
    sb_putc(&b, '"');
  }
  if (total > nnamed) sb_puts(&b, ", ...");
  const lline *L = &lt->lines[first_line];
  const lpara *p = &lt->paras[L->para];
  int a = L->nruns ? L->runs[0].a : 0, e = L->nruns ? L->runs[L->nruns - 1].b : 0;
  sb_puts(&b, " (drawn as empty boxes); first in line ");
  sb_int(&b, first_line + 1);
  sb_puts(&b, " of the box: \"");
  for (int c = a; c < e && c < a + MAX_QUOTE; c++) sb_quoted_cp(&b, p->cps[c]);
  if (e - a > MAX_QUOTE) sb_puts(&b, "...");
  sb_putc(&b, '"');
  sb_putc(&b, 0);
  return b.p;
}

int is_cjk(uint32_t c) {
  return (c >= 0x1100 && c <= 0x11FF) || (c >= 0x2E80 && c <= 0x2FFF) || (c >= 0x3000 && c <= 0x33FF) ||
         (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xA960 && c <= 0xA97F) ||
         (c >= 0xAC00 && c <= 0xD7AF) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFE30 && c <= 0xFE4F) ||
         (c >= 0xFF00 && c <= 0xFFEF) || (c >= 0x20000 && c <= 0x3FFFF);
}

int is_hangul(uint32_t c) {
  return (c >= 0x1100 && c <= 0x11FF) || (c >= 0x3130 && c <= 0x318F) || (c >= 0xA960 && c <= 0xA97F) ||
         (c >= 0xAC00 && c <= 0xD7FF);
}

static hb_script_t script_of(uint32_t cp, hb_script_t prev) {
  hb_script_t s = hb_unicode_script(hb_unicode_funcs_get_default(), cp);
  if (s == HB_SCRIPT_COMMON || s == HB_SCRIPT_INHERITED || s == HB_SCRIPT_UNKNOWN) {
    if (is_cjk(cp)) return HB_SCRIPT_HAN;
    return prev ? prev : HB_SCRIPT_LATIN;
  }
  return s;
}

static int cjk_script(hb_script_t s) {
  return s == HB_SCRIPT_HAN || s == HB_SCRIPT_HIRAGANA || s == HB_SCRIPT_KATAKANA || s == HB_SCRIPT_BOPOMOFO;
}

int shape_line(const fontset *fs, const lpara *p, int s, int e, const char *lang, sglyphs *out) {
  memset(out, 0, sizeof *out);
  if (e <= s) return 0;
  hb_buffer_t *buf = hb_buffer_create();
  hb_language_t hl = hb_language_from_string(lang, -1);
  int palt_lang = !strcmp(lang, "zh") || !strcmp(lang, "ja");
  hb_script_t prev = 0;
  int seg = s;
  hb_script_t seg_script = script_of(p->cps[s], 0);
  prev = seg_script;
  for (int i = s + 1; i <= e; i++) {
    hb_script_t sc = i < e ? script_of(p->cps[i], prev) : 0;
    if (i < e) prev = sc;
    if (i < e && sc == seg_script && p->run_of[i] == p->run_of[seg]) continue;
    const o3font *f = &fs->fonts[p->runs[p->run_of[seg]].font];
    hb_buffer_clear_contents(buf);
    hb_buffer_add_codepoints(buf, p->cps + s, e - s, (unsigned)(seg - s), i - seg);
    hb_buffer_set_direction(buf, HB_DIRECTION_LTR);
    hb_buffer_set_script(buf, seg_script);
    hb_buffer_set_language(buf, hl);
    hb_feature_t feats[1];
    unsigned nf = 0;
    if (palt_lang && cjk_script(seg_script)) {
      feats[0].tag = HB_TAG('p', 'a', 'l', 't');
      feats[0].value = 1;
      feats[0].start = HB_FEATURE_GLOBAL_START;
      feats[0].end = HB_FEATURE_GLOBAL_END;
      nf = 1;
    }
    hb_shape(f->font, buf, feats, nf);
    if (!hb_buffer_allocation_successful(buf)) {
      hb_buffer_destroy(buf);
      return fail(ST_LIMIT, "limit.memory", 0, 0, "out of memory while shaping");
    }
    unsigned gn;
    hb_glyph_info_t *gi = hb_buffer_get_glyph_infos(buf, &gn);
    hb_glyph_position_t *gp = hb_buffer_get_glyph_positions(buf, &gn);
    if (out->n + (int)gn > out->cap) {
      int nc = out->cap ? out->cap : 64;
      while (nc < out->n + (int)gn) nc *= 2;
      out->g = xrealloc(out->g, sizeof(sglyph) * (size_t)out->cap, sizeof(sglyph) * (size_t)nc);
      out->cap = nc;
    }
    for (unsigned k = 0; k < gn; k++) {
      sglyph *g = &out->g[out->n++];
      g->gid = gi[k].codepoint;
      g->cluster = s + (int)gi[k].cluster;
      g->adv = gp[k].x_advance;
      g->xoff = gp[k].x_offset;
      g->yoff = gp[k].y_offset;
    }
    seg = i;
    if (i < e) seg_script = sc;
  }
  hb_buffer_destroy(buf);
  return 0;
}
