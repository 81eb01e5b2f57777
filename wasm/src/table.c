/* <table>: rows from the template, cells laid out ahead (they wrap like
 * <text>), column widths, and the split into parts that continue on
 * repeated pages (contract section 5). */
#include "evalint.h"
#include <string.h>

#define BIG_H ((int64_t)1 << 40)

typedef struct { item *it; const char *formula; int fill_set; const char *fill; } cell;
typedef struct { cell *c; int n, cap; int header; int64_t h; } row;
typedef struct {
  row *r; int n, cap;
  int64_t font_size, padding;
  const char *color, *header_color, *lang;
  int ls_milli;
  const node *el;
} T;

static int64_t fdiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) q--;
  return q;
}

static int row_nodes(E *e, const nodelist *l, void *arg);
static int table_nodes(E *e, const nodelist *l, void *arg);

static int td_node(E *e, const node *n, row *r, T *t) {
  static const char *const ok[] = {"align", "weight", "color", "fill", "formula", "colspan", NULL};
  static const char *const aligns[] = {"left", "center", "right", "justify", NULL};
  static const char *const weights[] = {"regular", "bold", NULL};
  if (check_attrs(n, ok)) return -1;
  const tattr *cs = find_attr(n, "colspan");
  if (cs) return fail(ST_TEMPLATE, "template.unsupported", cs->line, cs->col, "colspan is reserved for a later version");
  if (r->n == r->cap) {
    int nc = r->cap ? r->cap * 2 : 8;
    r->c = xrealloc(r->c, sizeof(cell) * (size_t)r->cap, sizeof(cell) * (size_t)nc);
    r->cap = nc;
  }
  if (e->part == 0 && count_items(e, 1, n)) return -1;  /* early guard against runaway tables */
  cell *c = &r->c[r->n++];
  item *it = xalloc(sizeof *it);
  it->type = IT_TEXT;
  it->line = n->line;
  it->col = n->col;
  it->font_size = it->min_font_size = t->font_size;
  it->padding = t->padding;
  it->ls_milli = t->ls_milli;
  it->lang = t->lang;
  it->valign = VA_TOP;
  int err = 0;
  if (enum_attr(e, n, "align", aligns, AL_LEFT, &it->align) ||
      enum_attr(e, n, "weight", weights, r->header, &it->bold) ||
      color_attr(e, n, "color", r->header ? t->header_color : t->color, &it->color))
    return -1;
  if (find_attr(n, "fill")) {
    if (color_attr(e, n, "fill", NULL, &c->fill)) return -1;
    c->fill_set = 1;
  }
  c->formula = attr(e, n, "formula", NULL, &err);
  if (err) return -1;
  c->it = it;
  TC tc = {it, NULL, {it->bold, it->color}};
  return text_nodes(e, &n->kids, &tc);
}

static int row_node(E *e, const node *n, row *r, T *t) {
  if (n->t == N_TEXT) {
    if (is_blank(n)) return 0;
    return fail(ST_TEMPLATE, "template.syntax", n->line, n->col, "text must be inside a <td>");
  }
  if (n->t == N_OUT) return fail(ST_TEMPLATE, "template.syntax", n->line, n->col, "{{ }} must be inside a <td>");
  if (n->t == N_IF) {
    int err = 0;
    const nodelist *b = pick_branch(e, n, &err);
    if (err) return -1;
    return b ? row_nodes(e, b, (void *[]){r, t}) : 0;
  }
  if (n->t == N_FOR) return loop_over(e, n, row_nodes, (void *[]){r, t});
  if (n->t == N_SET) return set_eval(e, n);
  if (n->t == N_CALL) return call_macro(e, n, row_nodes, (void *[]){r, t});
  if (strcmp(n->name, "td")) return fail(ST_TEMPLATE, "template.syntax", n->line, n->col, "<%s> is not allowed inside <tr>", n->name);
  return td_node(e, n, r, t);
}

static int row_nodes(E *e, const nodelist *l, void *arg) {
  void **a = arg;
  for (int i = 0; i < l->n; i++) if (row_node(e, l->v[i], a[0], a[1])) return -1;
  return 0;
}

static int table_node(E *e, const node *n, T *t) {
  if (n->t == N_TEXT) {
    if (is_blank(n)) return 0;
    return fail(ST_TEMPLATE, "template.syntax", n->line, n->col, "text must be inside a <td>");
  }
  if (n->t == N_OUT) return fail(ST_TEMPLATE, "template.syntax", n->line, n->col, "{{ }} must be inside a <td>");
  if (n->t == N_IF) {
    int err = 0;
    const nodelist *b = pick_branch(e, n, &err);
    if (err) return -1;
    return b ? table_nodes(e, b, t) : 0;
  }
  if (n->t == N_FOR) return loop_over(e, n, table_nodes, t);
  if (n->t == N_SET) return set_eval(e, n);
  if (n->t == N_CALL) return call_macro(e, n, table_nodes, t);
  if (strcmp(n->name, "tr")) return fail(ST_TEMPLATE, "template.syntax", n->line, n->col, "<%s> is not allowed inside <table>", n->name);
  static const char *const ok[] = {"header", NULL};
  static const char *const bools[] = {"false", "true", NULL};
  if (check_attrs(n, ok)) return -1;
  if (t->n == t->cap) {
    int nc = t->cap ? t->cap * 2 : 16;
    t->r = xrealloc(t->r, sizeof(row) * (size_t)t->cap, sizeof(row) * (size_t)nc);
    t->cap = nc;
  }
  row *r = &t->r[t->n];
  memset(r, 0, sizeof *r);
  if (enum_attr(e, n, "header", bools, 0, &r->header)) return -1;
  t->n++;
  return row_nodes(e, &n->kids, (void *[]){r, t});
}

static int table_nodes(E *e, const nodelist *l, void *arg) {
  for (int i = 0; i < l->n; i++) if (table_node(e, l->v[i], arg)) return -1;
  return 0;
}

/* "2,1,1" or "1.5in,2in,*": column edges from a list; -1 on a bad list */
static int list_columns(const char *s, int ncols, int64_t w, int64_t *width, const tattr *a) {
  int n = 0, star = -1, is_len = -1;
  int64_t val[256];
  const char *p = s;
  while (1) {
    const char *q = strchr(p, ',');
    size_t len = q ? (size_t)(q - p) : strlen(p);
    while (len && *p == ' ') { p++; len--; }
    while (len && p[len - 1] == ' ') len--;
    if (n == 256) return aerr(a, "more than 256 columns");
    char *tok = xstrndup(p, len);
    if (!strcmp(tok, "*")) {
      if (star >= 0) return aerr(a, "only one '*' column");
      star = n; val[n++] = 0;
    } else {
      int milli;
      int64_t L;
      int looks_len = len && (tok[len - 1] < '0' || tok[len - 1] > '9');
      if (is_len < 0) is_len = looks_len;
      if (looks_len != is_len) return aerr(a, "mixes proportions and lengths");
      if (looks_len) { if (parse_length(tok, &L) || L < 0) return aerr(a, "not a length"); val[n++] = L; }
      else { if (parse_factor_milli(tok, &milli)) return aerr(a, "not a positive proportion"); val[n++] = milli; }
    }
    if (!q) break;
    p = q + 1;
  }
  if (n != ncols) return aerr(a, "the number of columns differs from the cells of the widest row");
  if (star >= 0 && is_len != 1 && n > 1) return aerr(a, "'*' needs lengths for the other columns");
  if (is_len == 1 || (star >= 0 && n == 1)) {
    int64_t sum = 0;
    for (int i = 0; i < n; i++) sum += val[i];
    for (int i = 0; i < n; i++) width[i] = val[i];
    if (star >= 0) width[star] = w - sum > 0 ? w - sum : 0;
    return 0;
  }
  int64_t sum = 0, acc = 0, prev = 0;
  for (int i = 0; i < n; i++) sum += val[i];
  for (int i = 0; i < n; i++) {
    acc += val[i];
    int64_t edge = (int64_t)((__int128)w * acc / sum);
    width[i] = edge - prev;
    prev = edge;
  }
  return 0;
}

static ltext *lay(E *e, item *it) {
  ltext *lt = layout_text(e->fs, it);
  it->lt = lt;
  return lt;
}

static void meta_text(sbuf *m, const ltext *lt) {
  sbuf t = {0};
  sb_put(&t, "", 0);
  for (int i = 0; i < lt->np; i++) {
    if (i) sb_putc(&t, '\n');
    for (int c = 0; c < lt->paras[i].n; c++) sb_utf8(&t, lt->paras[i].cps[c]);
  }
  sb_json_str(m, t.p, t.len);
}

static item *prim(int type, int line, int col) {
  item *k = xalloc(sizeof *k);
  k->type = type; k->line = line; k->col = col;
  return k;
}

/* everything the first pass of a page learns about a table; continuations draw from it */
struct tstate {
  T t;
  const node *n;
  int64_t x, y, w, h, bw, line_h;
  const char *hfill, *stripe, *border, *cont;
  int ncols, nhead;
  int64_t *cw, *cx;
  int *starts; int nparts;
};

/* box: NULL for a positioned table; in a flow {x, w} of the content area (w
 * unless the table has its own), and rows are split by the flow instead */
tstate *table_build(E *e, const node *n, const int64_t *box) {
  static const char *const ok[] = {"x", "y", "w", "h", "font-size", "min-font-size", "columns", "header-fill",
                                   "header-color", "stripe", "border", "border-width", "padding", "continued",
                                   "color", "lang", "line-spacing", "keep-together", NULL};
  tstate *st = xalloc(sizeof *st);
  T *t = &st->t;
  t->el = n;
  st->n = n;
  int64_t minfs;
  const char *cols;
  int err = 0;
  const tattr *ca = NULL, *la = NULL;
  if (check_attrs(n, ok) || len_attr(e, n, "x", 0, &st->x) || len_attr(e, n, "y", 0, &st->y) ||
      len_attr(e, n, "w", 0, &st->w) || len_attr(e, n, "h", 0, &st->h) ||
      len_attr(e, n, "font-size", 12 * 12700, &t->font_size) ||
      len_attr(e, n, "min-font-size", t->font_size, &minfs) || len_attr(e, n, "padding", 45720, &t->padding) ||
      color_attr(e, n, "header-fill", NULL, &st->hfill) ||
      color_attr(e, n, "header-color", "#000000", &t->header_color) ||
      color_attr(e, n, "stripe", NULL, &st->stripe) || color_attr(e, n, "border", NULL, &st->border) ||
      len_attr(e, n, "border-width", 9525, &st->bw) || color_attr(e, n, "color", "#000000", &t->color) ||
      lang_attr(e, n, e->d->lang, &t->lang))
    return NULL;
  const char *ls = attr(e, n, "line-spacing", &la, &err);
  if (err) return NULL;
  t->ls_milli = 1200;
  if (ls && parse_factor_milli(ls, &t->ls_milli)) { aerr(la, "not a positive decimal factor"); return NULL; }
  if (t->font_size < 6350 || t->font_size > 12700 * 4000) {
    aerr(find_attr(n, "font-size"), "out of range (0.5pt to 4000pt)");
    return NULL;
  }
  const tattr *kt = find_attr(n, "keep-together");
  if (kt && !box) {
    aerr(kt, "keeps a table on one page of a <flow>; a positioned table has its box");
    return NULL;
  }
  if (box) {
    st->x = box[0];
    st->y = 0;
    if (!find_attr(n, "w")) st->w = box[1];
    st->h = BIG_H;
  }
  if (st->w <= 0 || st->h <= 0 || t->padding < 0 || st->bw < 0) {
    fail(ST_TEMPLATE, "template.attribute", n->line, n->col, "<table> needs a positive w and h");
    return NULL;
  }
  st->cont = attr(e, n, "continued", NULL, &err);
  if (err) return NULL;
  cols = attr(e, n, "columns", &ca, &err);
  if (err) return NULL;
  if (table_nodes(e, &n->kids, t)) return NULL;

  int ncols = 0;
  for (int i = 0; i < t->n; i++) if (t->r[i].n > ncols) ncols = t->r[i].n;
  st->ncols = ncols;
  if (ncols == 0) return st;  /* no cells: nothing to draw */
  int64_t w = st->w;
  int64_t *cw = st->cw = xalloc(sizeof(int64_t) * (size_t)ncols);
  int64_t *cx = st->cx = xalloc(sizeof(int64_t) * (size_t)(ncols + 1));
  if (!cols || !strcmp(cols, "fit")) {
    /* natural one-line widths, then scaled to the table's width */
    int64_t *nat = xalloc(sizeof(int64_t) * (size_t)ncols), sum = 0;
    for (int i = 0; i < t->n; i++)
      for (int j = 0; j < t->r[i].n; j++) {
        item *it = t->r[i].c[j].it;
        it->w = BIG_H; it->h = BIG_H;
        ltext *lt = layout_text(e->fs, it);
        if (!lt) return NULL;
        int64_t nw = ltext_max_width(lt) + 2 * t->padding;
        if (nw > nat[j]) nat[j] = nw;
      }
    for (int j = 0; j < ncols; j++) { if (nat[j] < 1) nat[j] = 1; sum += nat[j]; }
    int64_t acc = 0, prev = 0;
    for (int j = 0; j < ncols; j++) {
      acc += nat[j];
      int64_t edge = (int64_t)((__int128)w * acc / sum);
      cw[j] = edge - prev;
      prev = edge;
    }
  } else if (!strcmp(cols, "equal")) {
    for (int j = 0; j < ncols; j++) cw[j] = w * (j + 1) / ncols - w * j / ncols;
  } else if (list_columns(cols, ncols, w, cw, ca)) {
    return NULL;
  }
  cx[0] = st->x;
  for (int j = 0; j < ncols; j++) cx[j + 1] = cx[j] + cw[j];

  int nhead = 0;
  while (nhead < t->n && t->r[nhead].header) nhead++;
  st->nhead = nhead;
  st->line_h = fdiv(t->font_size * t->ls_milli + 500, 1000);
  for (int i = 0; i < t->n; i++) {
    row *r = &t->r[i];
    r->h = st->line_h + 2 * t->padding;
    for (int j = 0; j < r->n; j++) {
      item *it = r->c[j].it;
      it->x = cx[j]; it->w = cw[j]; it->y = 0; it->h = BIG_H;
      ltext *lt = lay(e, it);
      if (!lt) return NULL;
      int64_t ch = (int64_t)lt->nl * lt->line_height + 2 * t->padding;
      if (ch > r->h) r->h = ch;
    }
  }
  int64_t head_h = 0;
  for (int i = 0; i < nhead; i++) head_h += t->r[i].h;
  st->starts = xalloc(sizeof(int) * (size_t)(t->n - nhead + 2));
  st->starts[0] = nhead;
  int64_t used = 0;
  int cnt = 0;
  for (int i = nhead; i < t->n; i++) {
    if (cnt > 0 && used + t->r[i].h > st->h - head_h) {
      st->starts[++st->nparts] = i;
      used = 0;
      cnt = 0;
    }
    used += t->r[i].h;
    cnt++;
  }
  st->starts[++st->nparts] = t->n;
  return st;
}

/* a header cell drawn again on a continuation: its own copy, laid out afresh */
static item *cell_copy(E *e, const item *src) {
  item *it = xalloc(sizeof *it);
  *it = *src;
  it->y = 0;
  it->h = BIG_H;
  it->lt = NULL;
  return lay(e, it) ? it : NULL;
}

/* The group of rows [from, to) after the header rows, drawn from y down; cont:
 * a continuation (header cells copied, the continued label above y); first:
 * the part whose cells were counted while the table was read; h: the
 * group's height (the box for a positioned table, the rows in a flow). */
item *table_part(E *e, tstate *st, int from, int to, int64_t y, int64_t h, int cont, int first, int overflow) {
  const node *n = st->n;
  T *t = &st->t;
  int ncols = st->ncols, nhead = st->nhead;
  int64_t x = st->x, w = st->w;
  int64_t *cw = st->cw, *cx = st->cx;
  int part = cont;
  /* the group: fills, borders, cell texts, continued label */
  item *g = prim(IT_GROUP, n->line, n->col);
  g->role = ROLE_TABLE;
  g->x = x; g->y = y; g->w = w; g->h = h;
  g->table_overflow = overflow;
  int nrows = nhead + (to - from);
  int *ri = xalloc(sizeof(int) * (size_t)(nrows ? nrows : 1));
  int64_t *ry = xalloc(sizeof(int64_t) * (size_t)(nrows + 1));
  int k = 0;
  for (int i = 0; i < nhead; i++) ri[k++] = i;
  for (int i = from; i < to; i++) ri[k++] = i;
  ry[0] = y;
  for (k = 0; k < nrows; k++) ry[k + 1] = ry[k] + t->r[ri[k]].h;
  for (k = 0; k < nrows; k++) {
    row *r = &t->r[ri[k]];
    const char *fill = r->header ? st->hfill : (st->stripe && (ri[k] - nhead) % 2 == 1 ? st->stripe : NULL);
    if (fill) {
      item *b = prim(IT_RECT, n->line, n->col);
      b->x = x; b->y = ry[k]; b->w = cx[ncols] - x; b->h = r->h; b->fill = fill;
      kid_add(g, b);
    }
    for (int j = 0; j < r->n; j++)
      if (r->c[j].fill_set && r->c[j].fill) {
        item *b = prim(IT_RECT, n->line, n->col);
        b->x = cx[j]; b->y = ry[k]; b->w = cw[j]; b->h = r->h; b->fill = r->c[j].fill;
        kid_add(g, b);
      }
  }
  if (st->border && st->bw > 0 && nrows) {
    for (k = 0; k <= nrows; k++) {
      item *l = prim(IT_LINE, n->line, n->col);
      l->x1 = x; l->x2 = cx[ncols]; l->y1 = l->y2 = ry[k]; l->stroke = st->border; l->stroke_width = st->bw;
      kid_add(g, l);
    }
    for (int j = 0; j <= ncols; j++) {
      item *l = prim(IT_LINE, n->line, n->col);
      l->x1 = l->x2 = cx[j]; l->y1 = y; l->y2 = ry[nrows]; l->stroke = st->border; l->stroke_width = st->bw;
      kid_add(g, l);
    }
  }
  for (k = 0; k < nrows; k++) {
    row *r = &t->r[ri[k]];
    for (int j = 0; j < r->n; j++) {
      item *it = r->c[j].it;
      if (part > 0 && r->header && !(it = cell_copy(e, it))) return NULL;
      ltext_shift(it->lt, it, ry[k]);
      it->h = r->h;
      kid_add(g, it);
    }
  }
  if (part > 0 && st->cont && st->cont[0]) {
    item *c = prim(IT_TEXT, n->line, n->col);
    c->x = x; c->w = w; c->y = y - st->line_h; c->h = st->line_h;
    c->font_size = c->min_font_size = t->font_size;
    c->ls_milli = 1000; c->align = AL_RIGHT; c->valign = VA_BOTTOM; c->color = t->color; c->lang = t->lang;
    TC tc = {c, NULL, {0, t->color}};
    node tn = {0};
    tn.t = N_TEXT; tn.text = st->cont; tn.tn = strlen(st->cont);
    node *tv[1] = {&tn};
    nodelist nl = {tv, 1, 1};
    if (text_nodes(e, &nl, &tc)) return NULL;
    kid_add(g, c);
  }
  /* meta for editable exporters */
  sbuf m = {0};
  sb_puts(&m, "{\"columns\":[");
  for (int j = 0; j < ncols; j++) { if (j) sb_putc(&m, ','); sb_int(&m, cw[j]); }
  sb_puts(&m, "],\"rows\":[");
  static const char *AL[] = {"left", "center", "right", "justify"};
  for (k = 0; k < nrows; k++) {
    row *r = &t->r[ri[k]];
    if (k) sb_putc(&m, ',');
    sb_puts(&m, r->header ? "{\"header\":true,\"y\":" : "{\"header\":false,\"y\":");
    sb_int(&m, ry[k]);
    sb_puts(&m, ",\"height\":");
    sb_int(&m, r->h);
    sb_puts(&m, ",\"cells\":[");
    for (int j = 0; j < r->n; j++) {
      if (j) sb_putc(&m, ',');
      sb_puts(&m, "{\"text\":");
      meta_text(&m, r->c[j].it->lt);
      sb_puts(&m, ",\"align\":\"");
      sb_puts(&m, AL[r->c[j].it->align]);
      sb_puts(&m, "\",\"formula\":");
      if (r->c[j].formula) sb_json_str(&m, r->c[j].formula, strlen(r->c[j].formula));
      else sb_puts(&m, "null");
      sb_putc(&m, '}');
    }
    sb_puts(&m, "]}");
  }
  sb_puts(&m, part > 0 ? "],\"continued\":true}" : "],\"continued\":false}");
  g->meta = m.p;
  g->meta_len = m.len;
  e->d->v2 = 1;
  int cells = 0;
  for (k = 0; k < nrows; k++) cells += t->r[ri[k]].n;
  /* cells were counted while the table was read (first part) */
  if (count_items(e, first ? g->nkids - cells : g->nkids, n)) return NULL;
  return g;
}

static int table_draw(E *e, tstate *st, int part, page *pg) {
  int from = st->starts[part], to = st->starts[part + 1];
  int64_t head_h = 0;
  for (int i = 0; i < st->nhead; i++) head_h += st->t.r[i].h;
  int overflow = head_h > st->h;
  for (int i = from; i < to; i++) if (head_h + st->t.r[i].h > st->h) overflow = 1;
  item *g = table_part(e, st, from, to, st->y, st->h, part > 0, part == 0, overflow);
  return g ? add_item(e, pg, g) : -1;
}

int table_rows(const tstate *st, int *nhead, int64_t *head_h, int64_t *label_h) {
  *nhead = st->nhead;
  *head_h = 0;
  for (int i = 0; i < st->nhead; i++) *head_h += st->t.r[i].h;
  *label_h = st->cont && st->cont[0] ? st->line_h : 0;
  return st->ncols ? st->t.n : 0;
}

int64_t table_row_h(const tstate *st, int i) { return st->t.r[i].h; }

int table_eval(E *e, const node *n, page *pg) {
  int ord = e->table_ord++;
  tstate *st;
  if (e->part == 0 || ord >= e->nsplits) {
    /* first pass of this page: read and measure the whole table once */
    st = table_build(e, n, NULL);
    if (!st) return -1;
    if (e->nsplits == e->scap) {
      int nc = e->scap ? e->scap * 2 : 4;
      e->splits = xrealloc(e->splits, sizeof(tsplit) * (size_t)e->scap, sizeof(tsplit) * (size_t)nc);
      e->scap = nc;
    }
    if (ord < e->nsplits) e->splits[ord].state = st;
    else e->splits[e->nsplits++].state = st;
  } else {
    st = e->splits[ord].state;
  }
  if (st->ncols == 0 || e->part >= st->nparts) return 0;
  if (e->part < st->nparts - 1) e->more = 1;
  return table_draw(e, st, e->part, pg);
}
