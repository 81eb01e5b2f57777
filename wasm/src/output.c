/* Writes the display list (contract section 3): canonical JSON, keys in
 * the documented order, integers only. */
#include "output.h"
#include "locale.h"
#include "shape.h"
#include <string.h>

static void key(sbuf *b, const char *k) { sb_json_str(b, k, strlen(k)); sb_putc(b, ':'); }
static void kint(sbuf *b, const char *k, int64_t v) { key(b, k); sb_int(b, v); sb_putc(b, ','); }
static void kstr(sbuf *b, const char *k, const char *v) {
  key(b, k);
  if (v) sb_json_str(b, v, strlen(v)); else sb_puts(b, "null");
  sb_putc(b, ',');
}
static void unc(sbuf *b) { if (b->len && b->p[b->len - 1] == ',') b->len--; }

/* a flow item's part in the flow (contract section 6): "role" and "meta" after "type" */
static void flow_role(sbuf *b, const item *it) {
  if (!it->frole) return;
  kstr(b, "role", it->frole);
  key(b, "meta"); sb_putc(b, '{');
  if (it->fblock) kint(b, "block", it->fblock - 1);
  if (it->nfields && it->fvariant) {
    key(b, "fields"); sb_putc(b, '[');
    for (int k = 0; k < it->nfields; k++) {
      if (k) sb_putc(b, ',');
      sb_puts(b, it->ffields[k] == 'p' ? "\"page\"" : "\"count\"");
    }
    sb_puts(b, "],");
  }
  if (it->flevel) kint(b, "level", it->flevel);
  if (it->fordered) { key(b, "ordered"); sb_puts(b, "true,"); }
  if (it->fvariant) kstr(b, "variant", it->fvariant);
  unc(b);
  sb_puts(b, "},");
}

static const char *ALIGN[] = {"left", "center", "right", "justify"};
static const char *VALIGN[] = {"top", "middle", "bottom"};

static void cps_text(sbuf *b, const lpara *p, int a, int e) {
  sbuf t = {0};
  sb_put(&t, "", 0);
  for (int i = a; i < e; i++) sb_utf8(&t, p->cps[i]);
  sb_json_str(b, t.p, t.len);
}

static void run_head(sbuf *b, const lpara *p, int style, int a, int e, int64_t size) {
  sb_puts(b, "{\"text\":");
  cps_text(b, p, a, e);
  sb_putc(b, ',');
  kint(b, "font", p->runs[style].font);
  kint(b, "size", size);
  kstr(b, "color", p->runs[style].color);
}

static void text_item(sbuf *b, const item *it, const ltext *lt) {
  sb_puts(b, "{\"type\":\"text\",");
  flow_role(b, it);
  kint(b, "x", it->x); kint(b, "y", it->y); kint(b, "w", it->w); kint(b, "h", it->h);
  kstr(b, "align", ALIGN[it->align]);
  kstr(b, "valign", VALIGN[it->valign]);
  kint(b, "padding", it->padding);
  kint(b, "font_size", lt->font_size);
  kint(b, "requested_font_size", it->font_size);
  kint(b, "line_height", lt->line_height);
  kstr(b, "lang", it->lang);
  key(b, "overflow"); sb_puts(b, lt->overflow ? "true," : "false,");
  key(b, "paragraphs"); sb_putc(b, '[');
  for (int i = 0; i < lt->np; i++) {
    const lpara *p = &lt->paras[i];
    sb_puts(b, "{\"runs\":[");
    int a = 0;
    for (int c = 0; c <= p->n; c++) {
      if (c < p->n && (c == 0 || p->run_of[c] == p->run_of[c - 1])) continue;
      if (c > a) {
        run_head(b, p, p->run_of[a], a, c, lt->font_size);
        unc(b);
        sb_puts(b, "},");
      }
      a = c;
    }
    unc(b);
    sb_puts(b, "]},");
  }
  unc(b);
  sb_puts(b, "],");
  key(b, "lines"); sb_putc(b, '[');
  for (int li = 0; li < lt->nl; li++) {
    const lline *L = &lt->lines[li];
    const lpara *p = &lt->paras[L->para];
    sb_putc(b, '{');
    kint(b, "paragraph", L->para); kint(b, "x", L->x); kint(b, "y", L->y); kint(b, "width", L->width);
    key(b, "runs"); sb_putc(b, '[');
    for (int ri = 0; ri < L->nruns; ri++) {
      const lrun *r = &L->runs[ri];
      run_head(b, p, r->style, r->a, r->b, lt->font_size);
      key(b, "glyphs"); sb_putc(b, '[');
      for (int k = 0; k < r->ng; k++) {
        const pglyph *g = &r->g[k];
        if (k) sb_putc(b, ',');
        sb_putc(b, '['); sb_int(b, g->gid); sb_putc(b, ','); sb_int(b, g->x); sb_putc(b, ',');
        sb_int(b, g->y); sb_putc(b, ','); sb_int(b, g->cluster); sb_putc(b, ']');
      }
      sb_puts(b, "]},");
    }
    unc(b);
    sb_puts(b, "]},");
  }
  unc(b);
  sb_puts(b, "]}");
}

static void diag_add(sbuf *diag, const char *code, const char *msg, int pi, int ii, const item *it) {
  if (diag->len) sb_putc(diag, ',');
  sb_puts(diag, "{\"code\":");
  sb_json_str(diag, code, strlen(code));
  sb_putc(diag, ',');
  kint(diag, "page", pi); kint(diag, "item", ii);
  kstr(diag, "message", msg);
  if (src_file(it->line)) kstr(diag, "file", src_file_name(src_file(it->line)));  /* an included file's item */
  kint(diag, "line", src_line(it->line)); kint(diag, "column", it->col);
  unc(diag);
  sb_putc(diag, '}');
}

static void points(sbuf *b, const item *it) {
  key(b, "points"); sb_putc(b, '[');
  for (int k = 0; k < it->npts; k++) {
    if (k) sb_putc(b, ',');
    sb_putc(b, '['); sb_int(b, it->pts[2 * k]); sb_putc(b, ','); sb_int(b, it->pts[2 * k + 1]); sb_putc(b, ']');
  }
  sb_puts(b, "],");
}

/* one item (groups recursively); ii is the index of the top-level item, for diagnostics */
static int write_item(sbuf *b, const item *it, const fontset *fs, const limits *lim, sbuf *diag, int pi, int ii) {
  if (it->type == IT_RECT) {
    sb_puts(b, "{\"type\":\"rect\",");
    flow_role(b, it);
    kint(b, "x", it->x); kint(b, "y", it->y); kint(b, "w", it->w); kint(b, "h", it->h);
    kstr(b, "fill", it->fill); kstr(b, "stroke", it->stroke);
    kint(b, "stroke_width", it->stroke_width); kint(b, "radius", it->radius);
    unc(b);
    sb_putc(b, '}');
  } else if (it->type == IT_LINE) {
    sb_puts(b, "{\"type\":\"line\",");
    flow_role(b, it);
    kint(b, "x1", it->x1); kint(b, "y1", it->y1); kint(b, "x2", it->x2); kint(b, "y2", it->y2);
    kstr(b, "stroke", it->stroke); kint(b, "stroke_width", it->stroke_width);
    unc(b);
    sb_putc(b, '}');
  } else if (it->type == IT_POLYGON) {
    sb_puts(b, "{\"type\":\"polygon\",");
    flow_role(b, it);
    points(b, it);
    kstr(b, "fill", it->fill); kstr(b, "stroke", it->stroke); kint(b, "stroke_width", it->stroke_width);
    unc(b);
    sb_putc(b, '}');
  } else if (it->type == IT_POLYLINE) {
    sb_puts(b, "{\"type\":\"polyline\",");
    flow_role(b, it);
    points(b, it);
    kstr(b, "stroke", it->stroke); kint(b, "stroke_width", it->stroke_width);
    unc(b);
    sb_putc(b, '}');
  } else if (it->type == IT_IMAGE) {
    sb_puts(b, "{\"type\":\"image\",");
    flow_role(b, it);
    kstr(b, "src", it->src);
    kint(b, "x", it->x); kint(b, "y", it->y); kint(b, "w", it->w); kint(b, "h", it->h);
    key(b, "clip"); sb_putc(b, '{');
    kint(b, "x", it->cx); kint(b, "y", it->cy); kint(b, "w", it->cw); kint(b, "h", it->ch);
    unc(b);
    sb_puts(b, "}}");
  } else if (it->type == IT_GROUP) {
    sb_puts(b, "{\"type\":\"group\",");
    kstr(b, "role", it->role == ROLE_TABLE ? "table" : "chart");
    kint(b, "x", it->x); kint(b, "y", it->y); kint(b, "w", it->w); kint(b, "h", it->h);
    key(b, "meta"); sb_put(b, it->meta, it->meta_len); sb_putc(b, ',');
    key(b, "items"); sb_putc(b, '[');
    for (int k = 0; k < it->nkids; k++) {
      if (k) sb_putc(b, ',');
      if (write_item(b, it->kids[k], fs, lim, diag, pi, ii)) return -1;
    }
    sb_puts(b, "]}");
    if (it->table_overflow)
      diag_add(diag, "table.overflow", "a table row is taller than the table's box (drawn unclipped)", pi, ii, it);
  } else {
    ltext *lt = it->lt ? it->lt : layout_text(fs, it);
    if (!lt) return -1;
    text_item(b, it, lt);
    if (lt->overflow) diag_add(diag, "text.overflow", "text does not fit its box even at min-font-size", pi, ii, it);
    const char *missing = missing_glyphs(lt);
    if (missing) diag_add(diag, "layout.missing_glyph", missing, pi, ii, it);
  }
  if ((int64_t)b->len > lim->max_output_bytes)
    return fail(ST_LIMIT, "limit.output", it->line, it->col, "display list larger than %d bytes",
                (int)lim->max_output_bytes);
  return 0;
}

int write_display_list(sbuf *b, const doc *d, const fontset *fs, const limits *lim) {
  sbuf diag = {0};
  sb_put(&diag, "", 0);
  sb_puts(b, d->v2 ? "{\"format\":\"o3-display-list\",\"version\":2," : "{\"format\":\"o3-display-list\",\"version\":1,");
  kstr(b, "kind", d->kind);
  kstr(b, "lang", d->lang);
  locale_json(b);  /* only with a locale the document or the request chose: older outputs keep their bytes */
  key(b, "fonts"); sb_putc(b, '[');
  for (int i = 0; i < fs->nfonts; i++) {
    if (i) sb_putc(b, ',');
    sb_putc(b, '{');
    kint(b, "index", i); kint(b, "weight", fs->fonts[i].weight); kint(b, "upem", fs->fonts[i].upem);
    unc(b);
    sb_putc(b, '}');
  }
  sb_puts(b, "],");
  key(b, "pages"); sb_putc(b, '[');
  for (int pi = 0; pi < d->npages; pi++) {
    const page *pg = d->pages[pi];
    if (pi) sb_putc(b, ',');
    sb_putc(b, '{');
    kint(b, "width", pg->width); kint(b, "height", pg->height);
    kstr(b, "background", pg->background);
    if (pg->flow) {
      key(b, "content"); sb_putc(b, '{');
      kint(b, "x", pg->content[0]); kint(b, "y", pg->content[1]); kint(b, "w", pg->content[2]); kint(b, "h", pg->content[3]);
      unc(b);
      sb_puts(b, "},");
      if (pg->page_break) { key(b, "page_break"); sb_puts(b, "true,"); }
    }
    key(b, "items"); sb_putc(b, '[');
    for (int ii = 0; ii < pg->nitems; ii++) {
      if (ii) sb_putc(b, ',');
      if (write_item(b, pg->items[ii], fs, lim, &diag, pi, ii)) return -1;
    }
    sb_puts(b, "]}");
  }
  sb_puts(b, "],");
  key(b, "diagnostics"); sb_putc(b, '[');
  sb_put(b, diag.p, diag.len);
  sb_puts(b, "]}");
  if ((int64_t)b->len > lim->max_output_bytes)
    return fail(ST_LIMIT, "limit.output", 0, 0, "display list larger than %d bytes", (int)lim->max_output_bytes);
  return 0;
}
