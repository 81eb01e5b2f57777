/* <chart>: bar, stacked-bar, line and pie charts laid out as primitives
 * (contract section 5).  Values are exact decimals turned into integer
 * micro-units; ticks, bars and pie arcs are integer / fixed-point math, so
 * every host computes the same bytes. */
#include "evalint.h"
#include "locale.h"
#include <string.h>

#define BIG ((int64_t)1 << 40)
#define MICRO 1000000
#define VMAX ((int64_t)9000000000000000000LL / 1000) /* |value| < 9e9 units after * 10^6 */
#define TURN (1 << 20)                               /* pie angles: 2^20 units per full turn */

enum { CH_BAR, CH_STACKED, CH_LINE, CH_PIE };
enum { LG_BOTTOM, LG_RIGHT, LG_NONE };

typedef struct { const char *name, *color; int64_t *v; const char **vtext; int n, cap; } series;
typedef struct {
  const char **cats; int nc, ccap;
  series *s; int ns, scap;
} cdata;

static int64_t fdiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) q--;
  return q;
}
static int64_t cdiv(int64_t a, int64_t b) { return -fdiv(-a, b); }
static int64_t muldiv(int64_t a, int64_t b, int64_t c) { /* floor(a*b/c), c > 0 */
  __int128 p = (__int128)a * b;
  __int128 q = p / c;
  if (p % c != 0 && p < 0) q--;
  return (int64_t)q;
}

/* the text content of an element (blocks and {{ }} evaluated), whitespace-trimmed */
static const char *content_text(E *e, const node *n) {
  item tmp = {0};
  TC tc = {&tmp, NULL, {0, NULL}};
  if (text_nodes(e, &n->kids, &tc)) return NULL;
  sbuf b = {0};
  sb_put(&b, "", 0);
  for (int i = 0; i < tmp.nparas; i++)
    for (int r = 0; r < tmp.paras[i].nruns; r++) sb_put(&b, tmp.paras[i].runs[r].text, tmp.paras[i].runs[r].n);
  size_t a = 0, z = b.len;
  while (a < z && (b.p[a] == ' ' || b.p[a] == '\n' || b.p[a] == '\t' || b.p[a] == '\r')) a++;
  while (z > a && (b.p[z - 1] == ' ' || b.p[z - 1] == '\n' || b.p[z - 1] == '\t' || b.p[z - 1] == '\r')) z--;
  return xstrndup(b.p + a, z - a);
}

/* exact decimal -> integer micro-units, half away from zero; -1 when out of range */
static int to_micro(const decimal *d, int64_t *out) {
  int64_t acc = 0;
  int shift = d->exp + 6; /* value * 10^6 = dig * 10^shift */
  int keep = d->nd + (shift < 0 ? shift : 0);
  for (int i = 0; i < keep && i < d->nd; i++) {
    if (acc > VMAX) return -1;
    acc = acc * 10 + (d->dig[i] - '0');
  }
  if (keep < 0) keep = 0;
  if (shift > 0) for (int i = 0; i < shift; i++) { if (acc > VMAX) return -1; acc *= 10; }
  if (keep < d->nd && d->dig[keep] >= '5') acc++;
  if (acc > VMAX) return -1;
  *out = d->neg ? -acc : acc;
  return 0;
}

static char *micro_text(int64_t v) {
  sbuf b = {0};
  sb_put(&b, "", 0);
  if (v < 0) { sb_putc(&b, '-'); v = -v; }
  sb_int(&b, v / MICRO);
  int64_t f = v % MICRO;
  if (f) {
    char t[8];
    for (int i = 5; i >= 0; i--) { t[i] = (char)('0' + f % 10); f /= 10; }
    int n = 6;
    while (n > 0 && t[n - 1] == '0') n--;
    sb_putc(&b, '.');
    sb_put(&b, t, (size_t)n);
  }
  return b.p;
}

typedef struct { int kind; int places; const char *sym; } nfmt; /* kind 0 number, 1 currency, 2 percent, -1 auto */

static int small_int(const char *s) {
  int v = 0;
  for (; *s && v < 1000; s++) v = v * 10 + (*s - '0');
  return v;
}

static int parse_nfmt(const char *s, nfmt *f) {
  f->kind = -1; f->places = 0; f->sym = "";
  if (!s) return 0;
  if (!strncmp(s, "currency:", 9)) {
    const char *c = strrchr(s + 9, ':');
    if (!c) return -1;
    f->kind = 1;
    f->sym = xstrndup(s + 9, (size_t)(c - s - 9));
    s = c + 1;
    if (!*s) return -1;
    for (const char *p = s; *p; p++) if (*p < '0' || *p > '9') return -1;
    f->places = small_int(s);
    return f->places > 20 ? -1 : 0;
  }
  if (!strncmp(s, "percent:", 8)) {
    f->kind = 2;
    s += 8;
    if (!*s) return -1;
    for (const char *p = s; *p; p++) if (*p < '0' || *p > '9') return -1;
    f->places = small_int(s);
    return f->places > 20 ? -1 : 0;
  }
  if (s[0] != '0') return -1;
  f->kind = 0;
  if (s[1] == 0) return 0;
  if (s[1] != '.') return -1;
  for (const char *p = s + 2; *p; p++) { if (*p != '0') return -1; f->places++; }
  return f->places > 20 || f->places == 0 ? -1 : 0;
}

static char *fmt_value(const nfmt *f, const char *plain, int auto_places) {
  decimal d;
  dec_parse(plain, strlen(plain), &d);
  /* a locale the template or the request chose formats the labels as the filters do;
   * without one they stay as they always were (percent labels never grouped) */
  const o3_locale *L = locale_explicit() ? locale_default(NULL) : NULL;
  if (L) {
    if (f->kind == 1) return loc_currency(L, &d, f->sym, strlen(f->sym), f->places);
    return loc_number(L, &d, f->kind == -1 ? auto_places : f->places, f->kind == 2 ? 2 : 0, 0);
  }
  if (f->kind == -1) return dec_format(&d, auto_places, 1, 0);
  if (f->kind == 0) return dec_format(&d, f->places, 1, 0);
  char *t = dec_format(&d, f->places, f->kind == 2 ? 0 : 1, f->kind == 2 ? 2 : 0);
  sbuf b = {0};
  sb_put(&b, "", 0);
  if (f->kind == 1) {
    if (t[0] == '-') { sb_putc(&b, '-'); t++; }
    sb_puts(&b, f->sym);
    sb_puts(&b, t);
  } else {
    sb_puts(&b, t);
    sb_putc(&b, '%');
  }
  return b.p;
}

/* ---- children: <categories><c>, <series><v> ---- */

typedef int (*elem_fn)(E *e, const node *n, void *arg);
typedef struct { elem_fn fn; void *arg; const char *parent, *want; } walk;

static int walk_nodes(E *e, const nodelist *l, void *arg);

static int walk_node(E *e, const node *n, walk *w) {
  if (n->t == N_TEXT) {
    if (is_blank(n)) return 0;
    return fail(ST_TEMPLATE, "template.syntax", n->line, n->col, "text must be inside <%s>", w->want);
  }
  if (n->t == N_OUT) return fail(ST_TEMPLATE, "template.syntax", n->line, n->col, "{{ }} must be inside <%s>", w->want);
  if (n->t == N_IF) {
    int err = 0;
    const nodelist *b = pick_branch(e, n, &err);
    if (err) return -1;
    return b ? walk_nodes(e, b, w) : 0;
  }
  if (n->t == N_FOR) return loop_over(e, n, walk_nodes, w);
  if (n->t == N_SET) return set_eval(e, n);
  if (n->t == N_CALL) return call_macro(e, n, walk_nodes, w);
  if (w->want && strcmp(n->name, w->want) && !(w->parent == NULL))
    return fail(ST_TEMPLATE, "template.syntax", n->line, n->col, "<%s> is not allowed inside <%s>", n->name, w->parent);
  return w->fn(e, n, w->arg);
}

static int walk_nodes(E *e, const nodelist *l, void *arg) {
  for (int i = 0; i < l->n; i++) if (walk_node(e, l->v[i], arg)) return -1;
  return 0;
}

static int on_cat(E *e, const node *n, void *arg) {
  cdata *cd = arg;
  static const char *const none[] = {NULL};
  if (check_attrs(n, none)) return -1;
  const char *t = content_text(e, n);
  if (!t) return -1;
  if (count_items(e, 1, n)) return -1;
  if (cd->nc == cd->ccap) {
    int nc = cd->ccap ? cd->ccap * 2 : 16;
    cd->cats = xrealloc(cd->cats, sizeof(char *) * (size_t)cd->ccap, sizeof(char *) * (size_t)nc);
    cd->ccap = nc;
  }
  cd->cats[cd->nc++] = t;
  return 0;
}

static int on_val(E *e, const node *n, void *arg) {
  series *s = arg;
  static const char *const none[] = {NULL};
  if (check_attrs(n, none)) return -1;
  const char *t = content_text(e, n);
  if (!t) return -1;
  decimal d;
  int64_t v;
  size_t len = strlen(t);
  /* the whole text must be one number */
  if (!len || dec_parse(t, len, &d) || strspn(t, "+-0123456789.eE") != len)
    return fail(ST_TEMPLATE, "template.type", n->line, n->col, "chart value '%s' is not a number", t);
  if (to_micro(&d, &v))
    return fail(ST_TEMPLATE, "template.type", n->line, n->col, "chart value '%s' is out of range (|v| < 9e9)", t);
  if (count_items(e, 1, n)) return -1;
  if (s->n == s->cap) {
    int nc = s->cap ? s->cap * 2 : 16;
    s->v = xrealloc(s->v, sizeof(int64_t) * (size_t)s->cap, sizeof(int64_t) * (size_t)nc);
    s->vtext = xrealloc(s->vtext, sizeof(char *) * (size_t)s->cap, sizeof(char *) * (size_t)nc);
    s->cap = nc;
  }
  s->v[s->n] = v;
  s->vtext[s->n++] = dec_plain(&d);
  return 0;
}

static int on_child(E *e, const node *n, void *arg) {
  cdata *cd = arg;
  if (!strcmp(n->name, "categories")) {
    static const char *const none[] = {NULL};
    if (check_attrs(n, none)) return -1;
    walk w = {on_cat, cd, "categories", "c"};
    return walk_nodes(e, &n->kids, &w);
  }
  if (!strcmp(n->name, "series")) {
    static const char *const ok[] = {"name", "color", NULL};
    if (check_attrs(n, ok)) return -1;
    if (cd->ns == cd->scap) {
      int nc = cd->scap ? cd->scap * 2 : 4;
      cd->s = xrealloc(cd->s, sizeof(series) * (size_t)cd->scap, sizeof(series) * (size_t)nc);
      cd->scap = nc;
    }
    series *s = &cd->s[cd->ns++];
    memset(s, 0, sizeof *s);
    int err = 0;
    s->name = attr(e, n, "name", NULL, &err);
    if (err) return -1;
    if (!s->name) s->name = "";
    if (color_attr(e, n, "color", NULL, &s->color)) return -1;
    walk w = {on_val, s, "series", "v"};
    return walk_nodes(e, &n->kids, &w);
  }
  return fail(ST_TEMPLATE, "template.syntax", n->line, n->col, "<%s> is not allowed inside <chart>", n->name);
}

/* ---- text helpers ---- */

typedef struct { int64_t size; const char *color; const char *lang; const node *n; } tstyle;

static item *label(E *e, const tstyle *ts, const char *text, int64_t x, int64_t y, int64_t w, int64_t h,
                   int align, int valign, int bold, int64_t size) {
  item *it = xalloc(sizeof *it);
  it->type = IT_TEXT;
  it->line = ts->n->line; it->col = ts->n->col;
  it->x = x; it->y = y; it->w = w < 0 ? 0 : w; it->h = h < 0 ? 0 : h;
  it->font_size = it->min_font_size = size;
  it->ls_milli = 1200; it->align = align; it->valign = valign; it->bold = bold;
  it->color = ts->color; it->lang = ts->lang;
  TC tc = {it, NULL, {bold, ts->color}};
  node tn = {0};
  tn.t = N_TEXT; tn.text = text; tn.tn = strlen(text);
  node *tv[1] = {&tn};
  nodelist nl = {tv, 1, 1};
  if (text_nodes(e, &nl, &tc)) return NULL;
  return it;
}

static int64_t measure(E *e, const tstyle *ts, const char *text, int bold, int64_t size) {
  item *it = label(e, ts, text, 0, 0, BIG, BIG, AL_LEFT, VA_TOP, bold, size);
  if (!it) return -1;
  ltext *lt = layout_text(e->fs, it);
  return lt ? ltext_max_width(lt) : -1;
}

static item *prim(int type, const node *n) {
  item *k = xalloc(sizeof *k);
  k->type = type; k->line = n->line; k->col = n->col;
  return k;
}

static void rect(item *g, const node *n, int64_t x, int64_t y, int64_t w, int64_t h, const char *fill) {
  item *r = prim(IT_RECT, n);
  r->x = x; r->y = y; r->w = w; r->h = h; r->fill = fill;
  kid_add(g, r);
}

static void hline(item *g, const node *n, int64_t x1, int64_t x2, int64_t y, const char *stroke, int64_t sw) {
  item *l = prim(IT_LINE, n);
  l->x1 = x1; l->x2 = x2; l->y1 = l->y2 = y; l->stroke = stroke; l->stroke_width = sw;
  kid_add(g, l);
}

/* ---- fixed-point sine/cosine (CORDIC, Q30) ---- */

static const int32_t ATAN_Q30[30] = {
  843314857, 497837829, 263043837, 133525159, 67021687, 33543516, 16775851, 8388437, 4194283, 2097149,
  1048576, 524288, 262144, 131072, 65536, 32768, 16384, 8192, 4096, 2048, 1024, 512, 256, 128, 64, 32, 16, 8, 4, 2};

/* angle in TURN units, clockwise from 12 o'clock: sin and cos in Q30 */
static void sincos_turn(int64_t a, int64_t *s, int64_t *c) {
  a %= TURN;
  if (a < 0) a += TURN;
  int q = (int)(a / (TURN / 4));
  int64_t rem = a % (TURN / 4);
  int64_t z = rem * 1686629713LL / (TURN / 4); /* radians, Q30 */
  int64_t x = 652032874, y = 0;                /* K * 2^30 */
  for (int i = 0; i < 30; i++) {
    int64_t dx = y >> i, dy = x >> i;
    if (z >= 0) { x -= dx; y += dy; z -= ATAN_Q30[i]; }
    else { x += dx; y -= dy; z += ATAN_Q30[i]; }
  }
  int64_t sn = y, cs = x;
  switch (q) {
    case 0: *s = sn; *c = cs; break;
    case 1: *s = cs; *c = -sn; break;
    case 2: *s = -sn; *c = -cs; break;
    default: *s = -cs; *c = sn; break;
  }
}

static int64_t q30(int64_t r, int64_t f) { return fdiv(r * f + (1 << 29), (int64_t)1 << 30); }

/* ---- the chart ---- */

static const char *const PALETTE[] = {"#1f3a5f", "#f2a900", "#7a9cc6", "#c0504d", "#9bbb59",
                                      "#8064a2", "#4bacc6", "#f79646"};

static int parse_colors(const char *s, const char ***out, int *n, const tattr *a) {
  *n = 0;
  if (!s) return 0;
  int cap = 1;
  for (const char *p = s; *p; p++) if (*p == ',') cap++;
  *out = xalloc(sizeof(char *) * (size_t)cap);
  const char *p = s;
  while (1) {
    const char *q = strchr(p, ',');
    size_t len = q ? (size_t)(q - p) : strlen(p);
    while (len && *p == ' ') { p++; len--; }
    while (len && p[len - 1] == ' ') len--;
    const char *c;
    if (parse_color(xstrndup(p, len), &c) || !c) return aerr(a, "not a list of colours (#rgb or #rrggbb)");
    (*out)[(*n)++] = c;
    if (!q) break;
    p = q + 1;
  }
  return 0;
}

static void json_strs(sbuf *m, const char *const *v, int n) {
  sb_putc(m, '[');
  for (int i = 0; i < n; i++) { if (i) sb_putc(m, ','); sb_json_str(m, v[i], strlen(v[i])); }
  sb_putc(m, ']');
}

int chart_eval(E *e, const node *n, page *pg, const int64_t *box) {
  static const char *const ok[] = {"type", "x", "y", "w", "h", "title", "number-format", "legend", "colors",
                                   "font-size", "labels", "color", "lang", NULL};
  static const char *const types[] = {"bar", "stacked-bar", "line", "pie", NULL};
  static const char *const legends[] = {"bottom", "right", "none", NULL};
  static const char *const bools[] = {"false", "true", NULL};
  static const char *const TYPE_NAMES[] = {"bar", "stacked-bar", "line", "pie"};
  static const char *const LEGEND_NAMES[] = {"bottom", "right", "none"};
  int type, legend, labels, err = 0;
  int64_t X, Y, W, H, fs;
  tstyle ts = {0};
  ts.n = n;
  const tattr *fa = NULL, *ca = NULL;
  if (check_attrs(n, ok) || enum_attr(e, n, "type", types, 0, &type) || len_attr(e, n, "x", 0, &X) ||
      len_attr(e, n, "y", 0, &Y) || len_attr(e, n, "w", 0, &W) || len_attr(e, n, "h", 0, &H) ||
      enum_attr(e, n, "legend", legends, 0, &legend) || enum_attr(e, n, "labels", bools, 0, &labels) ||
      len_attr(e, n, "font-size", 10 * 12700, &fs) || color_attr(e, n, "color", "#404040", &ts.color) ||
      lang_attr(e, n, e->d->lang, &ts.lang))
    return -1;
  if (!find_attr(n, "type")) return fail(ST_TEMPLATE, "template.attribute", n->line, n->col, "<chart> needs a type");
  if (box) {  /* in a flow: {x, y, w} of the block, w unless the chart has its own */
    X = box[0];
    Y = box[1];
    if (!find_attr(n, "w")) W = box[2];
  }
  if (W <= 0 || H <= 0) return fail(ST_TEMPLATE, "template.attribute", n->line, n->col, "<chart> needs a positive w and h");
  if (fs < 6350 || fs > 12700 * 400) return aerr(find_attr(n, "font-size"), "out of range (0.5pt to 400pt)");
  ts.size = fs;
  const char *title = attr(e, n, "title", NULL, &err);
  if (err) return -1;
  const char *nf_text = attr(e, n, "number-format", &fa, &err);
  if (err) return -1;
  nfmt nf;
  if (parse_nfmt(nf_text, &nf)) return aerr(fa, "unknown number format (0, 0.0, currency:SYM:D, percent:D)");
  const char *colors_text = attr(e, n, "colors", &ca, &err);
  if (err) return -1;
  const char **colors = NULL;
  int ncolors = 0;
  if (parse_colors(colors_text, &colors, &ncolors, ca)) return -1;
  if (!ncolors) { colors = (const char **)PALETTE; ncolors = 8; }

  cdata cd = {0};
  walk w = {on_child, &cd, "chart", NULL};
  if (walk_nodes(e, &n->kids, &w)) return -1;
  if (type == CH_PIE && cd.ns != 1)
    return fail(ST_TEMPLATE, "template.attribute", n->line, n->col, "a pie chart needs exactly one <series>");
  int nc = cd.nc;
  for (int i = 0; i < cd.ns; i++) {
    if (cd.s[i].n > nc) nc = cd.s[i].n;
    if (!cd.s[i].color) cd.s[i].color = colors[i % ncolors];
  }

  item *g = prim(IT_GROUP, n);
  g->role = ROLE_CHART;
  g->x = X; g->y = Y; g->w = W; g->h = H;
  int64_t lh = fdiv(fs * 1200 + 500, 1000), gap = fs / 2;
  int64_t top = Y, bottom = Y + H, right = X + W;
  if (title && title[0]) {
    int64_t tfs = fs + 2 * 12700, th = fdiv(tfs * 1200 + 500, 1000);
    item *t = label(e, &ts, title, X, Y, W, th, AL_CENTER, VA_TOP, 1, tfs);
    if (!t) return -1;
    kid_add(g, t);
    top += th + gap;
  }

  /* legend: series (or pie categories) with a colour swatch each */
  int nleg = type == CH_PIE ? nc : cd.ns;
  if (legend != LG_NONE && nleg > 0) {
    int64_t sw = fs * 4 / 5, sgap = fs / 3, espace = fs;
    int64_t *tw = xalloc(sizeof(int64_t) * (size_t)nleg);
    const char **names = xalloc(sizeof(char *) * (size_t)nleg);
    int64_t maxw = 0;
    for (int i = 0; i < nleg; i++) {
      names[i] = type == CH_PIE ? (i < cd.nc ? cd.cats[i] : "") : cd.s[i].name;
      tw[i] = measure(e, &ts, names[i], 0, fs);
      if (tw[i] < 0) return -1;
      if (tw[i] > maxw) maxw = tw[i];
    }
    if (legend == LG_BOTTOM) {
      /* greedy rows, each centred */
      int start = 0, nrows = 0;
      int *row_end = xalloc(sizeof(int) * (size_t)nleg);
      while (start < nleg) {
        int64_t used = 0;
        int i = start;
        while (i < nleg) {
          int64_t ew = sw + sgap + tw[i] + (i > start ? espace : 0);
          if (i > start && used + ew > W) break;
          used += ew;
          i++;
        }
        row_end[nrows++] = i;
        start = i;
      }
      int64_t ly = bottom - nrows * lh;
      start = 0;
      for (int r = 0; r < nrows; r++) {
        int64_t used = 0;
        for (int i = start; i < row_end[r]; i++) used += sw + sgap + tw[i] + (i > start ? espace : 0);
        int64_t lx = X + fdiv(W - used, 2);
        for (int i = start; i < row_end[r]; i++) {
          if (i > start) lx += espace;
          const char *col = type == CH_PIE ? colors[i % ncolors] : cd.s[i].color;
          rect(g, n, lx, ly + r * lh + (lh - sw) / 2, sw, sw, col);
          lx += sw + sgap;
          item *t = label(e, &ts, names[i], lx, ly + r * lh, tw[i] + 1, lh, AL_LEFT, VA_MIDDLE, 0, fs);
          if (!t) return -1;
          kid_add(g, t);
          lx += tw[i];
        }
        start = row_end[r];
      }
      bottom = ly - gap;
    } else {
      int64_t lw = sw + sgap + maxw + 1;
      int64_t lx = right - lw, ly = top + fdiv(bottom - top - nleg * lh, 2);
      if (ly < top) ly = top;
      for (int i = 0; i < nleg; i++) {
        const char *col = type == CH_PIE ? colors[i % ncolors] : cd.s[i].color;
        rect(g, n, lx, ly + i * lh + (lh - sw) / 2, sw, sw, col);
        item *t = label(e, &ts, names[i], lx + sw + sgap, ly + i * lh, maxw + 1, lh, AL_LEFT, VA_MIDDLE, 0, fs);
        if (!t) return -1;
        kid_add(g, t);
      }
      right = lx - gap;
    }
  }

  if (type == CH_PIE) {
    series *s = &cd.s[0];
    int64_t total = 0;
    for (int i = 0; i < s->n; i++) if (s->v[i] > 0) total += s->v[i];
    int64_t pw = right - X, ph = bottom - top;
    int64_t r = (pw < ph ? pw : ph) / 2;
    if (r < 0) r = 0;
    int64_t cx = X + pw / 2, cy = top + ph / 2;
    int64_t cum = 0;
    for (int i = 0; i < s->n && total > 0; i++) {
      if (s->v[i] <= 0) continue;
      int64_t a0 = muldiv(cum, TURN, total);
      cum += s->v[i];
      int64_t a1 = muldiv(cum, TURN, total);
      int64_t segs = cdiv((a1 - a0) * 180, TURN); /* at most 2 degrees each */
      if (segs < 1) segs = 1;
      item *p = prim(IT_POLYGON, n);
      p->npts = (int)segs + 2;
      p->pts = xalloc(sizeof(int64_t) * 2 * (size_t)p->npts);
      p->pts[0] = cx; p->pts[1] = cy;
      for (int64_t j = 0; j <= segs; j++) {
        int64_t sn, cs;
        sincos_turn(a0 + (a1 - a0) * j / segs, &sn, &cs);
        p->pts[2 * (j + 1)] = cx + q30(r, sn);
        p->pts[2 * (j + 1) + 1] = cy - q30(r, cs);
      }
      p->fill = colors[i % ncolors];
      p->stroke = "#ffffff";
      p->stroke_width = 12700;
      kid_add(g, p);
      if (labels) {
        int64_t sn, cs;
        sincos_turn((a0 + a1) / 2, &sn, &cs);
        int64_t lx = cx + q30(r * 13 / 20, sn), ly = cy - q30(r * 13 / 20, cs);
        item *t = label(e, &ts, fmt_value(&nf, s->vtext[i], 0), lx - r / 2, ly - lh / 2, r, lh, AL_CENTER,
                        VA_MIDDLE, 0, fs);
        if (!t) return -1;
        kid_add(g, t);
      }
    }
  } else {
    /* value range (stacked: sums per category) */
    int64_t lo = 0, hi = 0;
    for (int c = 0; c < nc; c++) {
      int64_t pos = 0, neg = 0;
      for (int i = 0; i < cd.ns; i++) {
        if (c >= cd.s[i].n) continue;
        int64_t v = cd.s[i].v[c];
        if (type == CH_STACKED) { if (v > 0) pos += v; else neg += v; }
        else { if (v > hi) hi = v; if (v < lo) lo = v; }
      }
      if (type == CH_STACKED) { if (pos > hi) hi = pos; if (neg < lo) lo = neg; }
    }
    if (hi == lo) hi = lo + MICRO;
    /* nice step: the smallest of 1, 2, 2.5, 5 x 10^k giving at most 5 intervals */
    static const int M[4] = {10, 20, 25, 50};
    int64_t step = 1, tlo = 0, thi = 1;
    int found = 0;
    for (int64_t p10 = 1; !found && p10 <= (int64_t)1e17; p10 *= 10)
      for (int k = 0; k < 4 && !found; k++) {
        if (p10 == 1 && M[k] == 25) continue;
        int64_t st = M[k] * p10 / 10;
        if (st < 1) continue;
        int64_t a = fdiv(lo, st), b = cdiv(hi, st);
        if (b - a <= 5) { step = st; tlo = a; thi = b; found = 1; }
      }
    int64_t axis_lo = tlo * step, axis_hi = thi * step, span = axis_hi - axis_lo;
    int auto_places = 0;
    for (int64_t st = step; st % MICRO; st *= 10) auto_places++;
    int nt = (int)(thi - tlo + 1);
    const char **tl = xalloc(sizeof(char *) * (size_t)nt);
    int64_t maxw = 0;
    for (int i = 0; i < nt; i++) {
      tl[i] = fmt_value(&nf, micro_text((tlo + i) * step), auto_places);
      int64_t tw = measure(e, &ts, tl[i], 0, fs);
      if (tw < 0) return -1;
      if (tw > maxw) maxw = tw;
    }
    int64_t px = X + maxw + gap, pw = right - px;
    if (pw < 1) pw = 1;
    int64_t band = nc ? pw / nc : pw;
    /* category labels: one line, else two wrapped lines, else every k-th label */
    int mode_lines = 1, every = 1;
    int64_t maxcw = 0;
    for (int c = 0; c < cd.nc; c++) {
      int64_t cw = measure(e, &ts, cd.cats[c], 0, fs);
      if (cw < 0) return -1;
      if (cw > maxcw) maxcw = cw;
    }
    if (maxcw > band) {
      int wrap_ok = 1;
      for (int c = 0; c < cd.nc && wrap_ok; c++) {
        item *t = label(e, &ts, cd.cats[c], 0, 0, band, 2 * lh, AL_CENTER, VA_TOP, 0, fs);
        ltext *lt = t ? layout_text(e->fs, t) : NULL;
        if (!lt) return -1;
        if (lt->overflow) wrap_ok = 0;
      }
      if (wrap_ok) mode_lines = 2;
      else { every = (int)cdiv(maxcw, band > 0 ? band : 1); if (every < 1) every = 1; }
    }
    int64_t py = top + lh / 2, ph = bottom - (cd.nc ? mode_lines * lh + gap / 2 : 0) - py;
    if (ph < 1) ph = 1;
#define YV(v) (py + ph - muldiv((v) - axis_lo, ph, span))
    /* gridlines and tick labels */
    for (int i = 0; i < nt; i++) {
      int64_t tv = (tlo + i) * step, ty = YV(tv);
      hline(g, n, px, px + pw, ty, tv == 0 ? "#808080" : "#d9d9d9", tv == 0 ? 12700 : 9525);
      item *t = label(e, &ts, tl[i], X, ty - lh / 2, maxw + 1, lh, AL_RIGHT, VA_MIDDLE, 0, fs);
      if (!t) return -1;
      kid_add(g, t);
    }
    int64_t y0 = YV(0 < axis_lo ? axis_lo : (0 > axis_hi ? axis_hi : 0));
    if (type == CH_LINE) {
      for (int i = 0; i < cd.ns; i++) {
        series *s = &cd.s[i];
        if (s->n == 0) continue;
        item *pl = prim(IT_POLYLINE, n);
        pl->npts = s->n;
        pl->pts = xalloc(sizeof(int64_t) * 2 * (size_t)s->n);
        for (int c = 0; c < s->n; c++) {
          pl->pts[2 * c] = px + muldiv(pw, 2 * c + 1, 2 * (nc ? nc : 1));
          pl->pts[2 * c + 1] = YV(s->v[c]);
        }
        pl->stroke = s->color;
        pl->stroke_width = 25400;
        kid_add(g, pl);
      }
    } else {
      for (int c = 0; c < nc; c++) {
        int64_t bx = px + muldiv(pw, c, nc), bw = px + muldiv(pw, c + 1, nc) - bx;
        int64_t gw = bw * 7 / 10, gx = bx + (bw - gw) / 2;
        int64_t pos = 0, neg = 0;
        for (int i = 0; i < cd.ns; i++) {
          series *s = &cd.s[i];
          if (c >= s->n) continue;
          int64_t v = s->v[c], a, b, x0, wd;
          if (type == CH_STACKED) {
            if (v >= 0) { a = pos; b = pos + v; pos = b; } else { a = neg; b = neg + v; neg = b; }
            x0 = gx; wd = gw;
          } else {
            a = 0; b = v;
            x0 = gx + gw * i / cd.ns; wd = gx + gw * (i + 1) / cd.ns - x0;
          }
          int64_t ya = YV(a), yb = YV(b);
          rect(g, n, x0, ya < yb ? ya : yb, wd, ya < yb ? yb - ya : ya - yb, s->color);
        }
      }
    }
    hline(g, n, px, px + pw, y0, "#808080", 12700);
    if (labels) {
      for (int c = 0; c < nc; c++) {
        int64_t bx = px + muldiv(pw, c, nc), bw = px + muldiv(pw, c + 1, nc) - bx;
        int64_t gw = bw * 7 / 10, gx = bx + (bw - gw) / 2, pos = 0, neg = 0;
        for (int i = 0; i < cd.ns; i++) {
          series *s = &cd.s[i];
          if (c >= s->n) continue;
          int64_t v = s->v[c], cxm, ty;
          const char *txt = fmt_value(&nf, s->vtext[c], auto_places);
          if (type == CH_STACKED) {
            int64_t a = v >= 0 ? pos : neg, b = a + v;
            if (v >= 0) pos = b; else neg = b;
            cxm = gx + gw / 2;
            ty = (YV(a) + YV(b)) / 2 - lh / 2;
          } else if (type == CH_LINE) {
            cxm = px + muldiv(pw, 2 * c + 1, 2 * nc);
            ty = YV(v) - lh - fs / 4;
          } else {
            int64_t x0 = gx + gw * i / cd.ns, x1 = gx + gw * (i + 1) / cd.ns;
            cxm = (x0 + x1) / 2;
            ty = v >= 0 ? YV(v) - lh : YV(v);
          }
          item *t = label(e, &ts, txt, cxm - bw / 2, ty, bw, lh, AL_CENTER, VA_MIDDLE, 0, fs);
          if (!t) return -1;
          kid_add(g, t);
        }
      }
    }
    /* category labels under the plot */
    int64_t ly = py + ph + gap / 2;
    for (int c = 0; c < cd.nc && c < nc; c += every) {
      int64_t mid = px + muldiv(pw, 2 * c + 1, 2 * nc), lw = band * every;
      item *t = label(e, &ts, cd.cats[c], mid - lw / 2, ly, lw, mode_lines * lh, AL_CENTER, VA_TOP, 0, fs);
      if (!t) return -1;
      kid_add(g, t);
    }
#undef YV
  }

  /* meta for editable exporters */
  sbuf m = {0};
  sb_puts(&m, "{\"chart_type\":\"");
  sb_puts(&m, TYPE_NAMES[type]);
  sb_puts(&m, "\",\"title\":");
  if (title) sb_json_str(&m, title, strlen(title)); else sb_puts(&m, "null");
  sb_puts(&m, ",\"categories\":");
  json_strs(&m, cd.cats, cd.nc);
  sb_puts(&m, ",\"series\":[");
  for (int i = 0; i < cd.ns; i++) {
    if (i) sb_putc(&m, ',');
    sb_puts(&m, "{\"name\":");
    sb_json_str(&m, cd.s[i].name, strlen(cd.s[i].name));
    sb_puts(&m, ",\"color\":\"");
    sb_puts(&m, cd.s[i].color);
    sb_puts(&m, "\",\"values\":");
    json_strs(&m, cd.s[i].vtext, cd.s[i].n);
    sb_putc(&m, '}');
  }
  sb_puts(&m, "],\"number_format\":");
  if (nf_text) sb_json_str(&m, nf_text, strlen(nf_text)); else sb_puts(&m, "null");
  sb_puts(&m, ",\"legend\":\"");
  sb_puts(&m, LEGEND_NAMES[legend]);
  sb_puts(&m, "\"}");
  g->meta = m.p;
  g->meta_len = m.len;
  e->d->v2 = 1;
  if (count_items(e, g->nkids, n)) return -1;
  return add_item(e, pg, g);
}
