/* Text boxes: whitespace collapsing, line breaking on shaped glyphs,
 * shrink-to-fit on a half-point grid, alignment and baseline placement.
 * All arithmetic is on integers (font units and EMU). */
#include "layout.h"
#include "linebreak.h"
#include "shape.h"
#include <string.h>

#define HALF_POINT 6350

static int64_t floordiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) q--;
  return q;
}

/* contract: emu = floor((units * size + upem/2) / upem) */
static int64_t emu(int64_t units, int64_t size, int upem) { return floordiv(units * size + upem / 2, upem); }

static int is_ws(uint32_t c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* ---------- whitespace collapsing ---------- */

typedef struct { uint32_t *cps; int *run_of; int n, cap; pstyle *runs; int nruns, rcap; } pbuild;

static void pb_style(pbuild *b, int font, const char *color, int bold) {
  if (b->nruns) {
    pstyle *l = &b->runs[b->nruns - 1];
    if (l->font == font && l->color == color) return;
    if (l->font == font && l->color && color && !strcmp(l->color, color)) return;
  }
  if (b->nruns == b->rcap) {
    int nc = b->rcap ? b->rcap * 2 : 4;
    b->runs = xrealloc(b->runs, sizeof(pstyle) * (size_t)b->rcap, sizeof(pstyle) * (size_t)nc);
    b->rcap = nc;
  }
  b->runs[b->nruns].font = font;
  b->runs[b->nruns].color = color;
  b->runs[b->nruns].bold = bold;
  b->nruns++;
}

static void pb_cp(pbuild *b, uint32_t cp) {
  if (b->n == b->cap) {
    int nc = b->cap ? b->cap * 2 : 64;
    b->cps = xrealloc(b->cps, sizeof(uint32_t) * (size_t)b->cap, sizeof(uint32_t) * (size_t)nc);
    b->run_of = xrealloc(b->run_of, sizeof(int) * (size_t)b->cap, sizeof(int) * (size_t)nc);
    b->cap = nc;
  }
  b->cps[b->n] = cp;
  b->run_of[b->n] = b->nruns - 1;
  b->n++;
}

static int collapse(const fontset *fs, const ipara *ip, lpara *out) {
  pbuild b = {0};
  int pending = 0, at_start = 1;
  int pfont = 0; const char *pcolor = NULL; int pbold = 0;
  uint32_t last = 0;
  for (int r = 0; r < ip->nruns; r++) {
    const irun *ir = &ip->runs[r];
    int font = pick_font(fs, ir->bold);
    if (ir->brk) {
      pending = 0;
      pb_style(&b, font, ir->color, ir->bold);
      pb_cp(&b, '\n');
      at_start = 1;
      last = '\n';
      continue;
    }
    size_t i = 0;
    while (i < ir->n) {
      uint32_t cp;
      if (utf8_decode(ir->text, ir->n, &i, &cp)) return fail(ST_DATA, "data.encoding", 0, 0, "text is not valid UTF-8");
      if (is_ws(cp)) {
        if (!pending) { pending = 1; pfont = font; pcolor = ir->color; pbold = ir->bold; }
        continue;
      }
      if (cp < 0x20 || cp == 0x7F) continue; /* other control characters are dropped */
      if (pending && !at_start && !(is_cjk(last) && is_cjk(cp) && !is_hangul(last) && !is_hangul(cp))) {
        pb_style(&b, pfont, pcolor, pbold);
        pb_cp(&b, ' ');
      }
      pending = 0;
      pb_style(&b, font_for(fs, ir->bold, cp, last, b.nruns ? b.runs[b.nruns - 1].font : -1), ir->color, ir->bold);
      pb_cp(&b, cp);
      at_start = 0;
      last = cp;
    }
  }
  /* spaces before a <br/> were dropped by `pending = 0` above */
  out->cps = b.cps;
  out->n = b.n;
  out->run_of = b.run_of;
  out->runs = b.runs;
  out->nruns = b.nruns;
  return 0;
}

/* ---------- shaped hard lines ---------- */

typedef struct {
  int s, e;            /* cps [s, e) of the paragraph, no '\n' inside */
  sglyphs gl;
  int64_t *pre;        /* pre[c - s]: advance (font units) before code point c; pre[e - s] total */
  unsigned char *ok;   /* ok[c - s]: a line may break before c */
  unsigned char *cstart;
} hline;

typedef struct { int para, hl, a, t, b, last, overwide; } cand_line;

typedef struct {
  lpara *p; int para;
  hline *hl; int nhl;
} spara;

static int prep_hline(const fontset *fs, const lpara *p, int s, int e, const char *lang, int cjk, hline *h) {
  h->s = s;
  h->e = e;
  int n = e - s;
  if (shape_line(fs, p, s, e, lang, &h->gl)) return -1;
  h->pre = xalloc(sizeof(int64_t) * (size_t)(n + 1));
  h->ok = xalloc((size_t)n + 1);
  h->cstart = xalloc((size_t)n + 1);
  for (int k = 0; k < h->gl.n; k++) h->cstart[h->gl.g[k].cluster - s] = 1;
  h->cstart[n] = 1;
  int gi = 0;
  int64_t acc = 0;
  for (int c = 0; c <= n; c++) {
    while (gi < h->gl.n && h->gl.g[gi].cluster - s < c) acc += h->gl.g[gi++].adv;
    h->pre[c] = acc;
  }
  if (n > 0) lb_opportunities(p->cps + s, n, cjk, h->ok);
  for (int c = 1; c < n; c++) h->ok[c] = h->ok[c] && h->cstart[c];
  return 0;
}

static int64_t width_units(const hline *h, int a, int t) { return h->pre[t - h->s] - h->pre[a - h->s]; }

static int trim_end(const lpara *p, int a, int b) {
  while (b > a && p->cps[b - 1] == ' ') b--;
  return b;
}

/* Breaks every hard line for font size `size`; appends to lines when non-NULL.
 * Returns the number of lines; *overwide set when a cluster is wider than W. */
static int break_all(const spara *ps, int nps, int64_t size, int upem, int64_t W, cand_line *lines, int *overwide) {
  int count = 0;
  *overwide = 0;
  for (int pi = 0; pi < nps; pi++) {
    const spara *sp = &ps[pi];
    for (int hi = 0; hi < sp->nhl; hi++) {
      const hline *h = &sp->hl[hi];
      if (h->s == h->e) {
        if (lines) lines[count] = (cand_line){sp->para, hi, h->s, h->s, h->s, 1, 0};
        count++;
        continue;
      }
      int a = h->s;
      while (a < h->e) {
        while (a < h->e && sp->p->cps[a] == ' ') a++;
        if (a >= h->e) break;
        int best = -1, first = -1;
        for (int b = a + 1; b <= h->e; b++) {
          if (b != h->e && !h->ok[b - h->s]) {
            /* widths only grow: once past W, no later break can fit (keeps long words linear) */
            if (h->cstart[b - h->s] && emu(width_units(h, a, trim_end(sp->p, a, b)), size, upem) > W) {
              if (first < 0) first = b;
              break;
            }
            continue;
          }
          if (first < 0) first = b;
          int t = trim_end(sp->p, a, b);
          if (emu(width_units(h, a, t), size, upem) <= W) best = b;
          else break;
        }
        int ow = 0;
        if (best < 0) {
          /* a word longer than the line: break between clusters */
          for (int c = a + 1; c <= first; c++) {
            if (c != first && !h->cstart[c - h->s]) continue;
            if (emu(width_units(h, a, c), size, upem) <= W) best = c;
            else break;
          }
          if (best < 0) {
            best = a + 1;
            while (best < h->e && !h->cstart[best - h->s]) best++;
            ow = 1;
            *overwide = 1;
          }
        }
        if (lines) lines[count] = (cand_line){sp->para, hi, a, trim_end(sp->p, a, best), best, best >= h->e, ow};
        count++;
        a = best;
      }
    }
  }
  return count;
}

static int fits(const spara *ps, int nps, const item *it, int64_t size, int upem, int64_t W, int64_t H) {
  int ow;
  int n = break_all(ps, nps, size, upem, W, NULL, &ow);
  int64_t lh = floordiv(size * it->ls_milli + 500, 1000);
  return !ow && (int64_t)n * lh <= H;
}

ltext *layout_text(const fontset *fs, const item *it) {
  ltext *lt = xalloc(sizeof *lt);
  lt->src = it;
  int cjk = !strcmp(it->lang, "zh") || !strcmp(it->lang, "ja");
  int upem = fs->fonts[0].upem;
  int64_t W = it->w - 2 * it->padding, H = it->h - 2 * it->padding;
  if (W < 0) W = 0;
  if (H < 0) H = 0;

  /* paragraphs: collapse, drop empty implicit ones, split at <br/>, shape */
  lt->paras = xalloc(sizeof(lpara) * (size_t)(it->nparas ? it->nparas : 1));
  spara *ps = xalloc(sizeof(spara) * (size_t)(it->nparas ? it->nparas : 1));
  int nps = 0;
  for (int i = 0; i < it->nparas; i++) {
    lpara lp;
    if (collapse(fs, &it->paras[i], &lp)) return NULL;
    if (lp.n == 0 && !it->paras[i].explicit_p) continue;
    lt->paras[lt->np] = lp;
    spara *sp = &ps[nps++];
    sp->p = &lt->paras[lt->np];
    sp->para = lt->np++;
    int nh = 1;
    for (int c = 0; c < lp.n; c++) if (lp.cps[c] == '\n') nh++;
    sp->hl = xalloc(sizeof(hline) * (size_t)nh);
    int s = 0;
    for (int c = 0; c <= lp.n; c++) {
      if (c < lp.n && lp.cps[c] != '\n') continue;
      if (prep_hline(fs, sp->p, s, c, it->lang, cjk, &sp->hl[sp->nhl++])) return NULL;
      s = c + 1;
    }
  }

  /* shrink-to-fit: the largest size on the half-point grid that fits */
  int64_t size = it->font_size;
  if (!fits(ps, nps, it, size, upem, W, H)) {
    int64_t lo_k = floordiv(it->min_font_size + HALF_POINT - 1, HALF_POINT); /* smallest grid step >= min */
    int64_t hi_k = floordiv(it->font_size - 1, HALF_POINT);                  /* largest grid step < size */
    int64_t found = -1;
    while (lo_k <= hi_k) {
      int64_t mid = lo_k + (hi_k - lo_k) / 2;
      if (fits(ps, nps, it, mid * HALF_POINT, upem, W, H)) { found = mid; lo_k = mid + 1; }
      else hi_k = mid - 1;
    }
    if (found >= 0) size = found * HALF_POINT;
    else {
      size = it->min_font_size;
      lt->overflow = !fits(ps, nps, it, size, upem, W, H);
    }
  }
  lt->font_size = size;
  lt->line_height = floordiv(size * it->ls_milli + 500, 1000);

  int ow;
  int nl = break_all(ps, nps, size, upem, W, NULL, &ow);
  cand_line *cl = xalloc(sizeof(cand_line) * (size_t)(nl ? nl : 1));
  break_all(ps, nps, size, upem, W, cl, &ow);

  /* vertical placement */
  const o3font *f0 = &fs->fonts[0];
  int64_t asc = emu(f0->ascender, size, upem), desc = emu(-f0->descender, size, upem);
  int64_t lh = lt->line_height;
  int64_t base_off = floordiv(lh - (asc + desc), 2) + asc;
  int64_t total = (int64_t)nl * lh;
  int64_t top = it->y + it->padding;
  if (total <= H) {
    if (it->valign == VA_MIDDLE) top += floordiv(H - total, 2);
    else if (it->valign == VA_BOTTOM) top += H - total;
  }
  int64_t ix = it->x + it->padding;

  lt->lines = xalloc(sizeof(lline) * (size_t)(nl ? nl : 1));
  lt->nl = nl;
  for (int li = 0; li < nl; li++) {
    const cand_line *c = &cl[li];
    const spara *sp = NULL;
    for (int k = 0; k < nps; k++) if (ps[k].para == c->para) { sp = &ps[k]; break; }
    const hline *h = &sp->hl[c->hl];
    const lpara *p = sp->p;
    lline *L = &lt->lines[li];
    L->para = c->para;
    L->y = top + (int64_t)li * lh + base_off;
    int64_t natural = c->t > c->a ? emu(width_units(h, c->a, c->t), size, upem) : 0;
    /* justification gaps: after spaces, and around CJK characters */
    int ngaps = 0;
    int *cum = xalloc(sizeof(int) * (size_t)(c->t - c->a + 1));
    for (int q = c->a + 1; q < c->t; q++) {
      int gap = h->cstart[q - h->s] && (p->cps[q - 1] == ' ' || is_cjk(p->cps[q - 1]) || is_cjk(p->cps[q]));
      if (gap) ngaps++;
      cum[q - c->a] = ngaps;
    }
    int64_t extra = 0;
    if (it->align == AL_JUSTIFY && !c->last && ngaps > 0 && W > natural) extra = W - natural;
    int64_t width = natural + extra;
    L->width = width;
    if (it->align == AL_CENTER) L->x = ix + floordiv(W - width, 2);
    else if (it->align == AL_RIGHT) L->x = ix + W - width;
    else L->x = ix;
    /* runs of this line by style */
    int nr = 0;
    for (int q = c->a; q < c->t; q++) if (q == c->a || p->run_of[q] != p->run_of[q - 1]) nr++;
    L->runs = xalloc(sizeof(lrun) * (size_t)(nr ? nr : 1));
    L->nruns = 0;
    for (int q = c->a; q < c->t; q++) {
      if (q == c->a || p->run_of[q] != p->run_of[q - 1]) {
        lrun *r = &L->runs[L->nruns++];
        r->style = p->run_of[q];
        r->a = q;
      }
      L->runs[L->nruns - 1].b = q + 1;
    }
    int64_t acc = 0;
    int gi = 0;
    while (gi < h->gl.n && h->gl.g[gi].cluster < c->a) gi++;
    for (int ri = 0; ri < L->nruns; ri++) {
      lrun *r = &L->runs[ri];
      int start = gi;
      while (gi < h->gl.n && h->gl.g[gi].cluster < r->b) gi++;
      r->ng = gi - start;
      r->g = xalloc(sizeof(pglyph) * (size_t)(r->ng ? r->ng : 1));
      for (int k = 0; k < r->ng; k++) {
        const sglyph *g = &h->gl.g[start + k];
        int64_t shift = ngaps && extra ? extra * cum[g->cluster - c->a] / ngaps : 0;
        r->g[k].gid = g->gid;
        r->g[k].x = L->x + emu(acc + g->xoff, size, upem) + shift;
        r->g[k].y = L->y - emu(g->yoff, size, upem);
        r->g[k].cluster = g->cluster - r->a;
        acc += g->adv;
      }
    }
  }
  return lt;
}

void ltext_shift(ltext *lt, item *it, int64_t dy) {
  it->y += dy;
  for (int li = 0; li < lt->nl; li++) {
    lline *L = &lt->lines[li];
    L->y += dy;
    for (int ri = 0; ri < L->nruns; ri++)
      for (int k = 0; k < L->runs[ri].ng; k++) L->runs[ri].g[k].y += dy;
  }
}

int64_t ltext_max_width(const ltext *lt) {
  int64_t m = 0;
  for (int li = 0; li < lt->nl; li++) if (lt->lines[li].width > m) m = lt->lines[li].width;
  return m;
}
