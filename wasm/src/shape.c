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

int is_cjk(uint32_t c) {
  return (c >= 0x1100 && c <= 0x11FF) || (c >= 0x2E80 && c <= 0x2FFF) || (c >= 0x3000 && c <= 0x33FF) ||
         (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xA960 && c <= 0xA97F) ||
         (c >= 0xAC00 && c <= 0xD7AF) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFE30 && c <= 0xFE4F) ||
         (c >= 0xFF00 && c <= 0xFFEF) || (c >= 0x20000 && c <= 0x3FFFF);
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
