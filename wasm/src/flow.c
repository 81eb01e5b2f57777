/* <flow>: a page master (margins, header, footer) and a body of blocks that
 * flow down as many pages as they need (contract section 6).
 *
 * The body is evaluated first, in template order and in its own scope, into
 * blocks laid out at the content width with y = 0 (paragraphs are broken into
 * lines once); then the blocks are paginated: moved down to the cursor, split
 * between lines (orphans/widows) or table rows (header rows repeated, the
 * continued label above), with keep-with-next looking ahead.  Headers and
 * footers are drawn at the end of the pass, when the page count is known, so
 * "第 N 页 共 M 页" needs no second pass over the document. */
#include "evalint.h"
#include <string.h>

#define BIG_H ((int64_t)1 << 40)
#define KEEP_CHAIN 8 /* keep-with-next looks at most this many blocks ahead */

enum { B_TEXT, B_TABLE, B_BOX, B_BREAK, B_PLACE, B_TOC };
enum { V_ALL, V_FIRST, V_ODD, V_EVEN, NVARIANTS };


/* header/footer variants, each with the scope it was written in */
typedef struct { const node *n[NVARIANTS]; scope *vars[NVARIANTS]; } master;

typedef struct {
  int64_t fs; int ls; const char *color; int align, bold; const char *lang;
  int64_t before, after; int keep_next, keep_together;
} bstyle;

typedef struct {
  int type;
  const node *n;
  int64_t before, after;
  int keep_next, keep_together;
  item *it; ltext *lt;     /* B_TEXT: laid out at y = 0 */
  item *marker;            /* B_TEXT of a list item: its bullet or number */
  tstate *ts;              /* B_TABLE */
  item **items; int nitems; int64_t h; /* B_BOX (h: its height), B_PLACE */
  int level;               /* B_TEXT of a heading: 1-3 */
  int page;                /* where the block's first part went (page index), -1 before */
  page *last_pg; int64_t last_top, last_end; /* its last line: page, top, right end */
  int toc_of;              /* a table-of-contents entry: the index of its heading's block, else -1 */
  int toc_depth;           /* B_TOC: the deepest heading level listed */
  int leaders;             /* B_TOC and its entries: dot leaders to the page number */
  bstyle *toc_style;       /* B_TOC */
} block;

typedef struct {
  E *e;
  const node *n;
  int64_t x, y, w, h;      /* the content area */
  const char *bg;
  bstyle body;             /* the flow's defaults */
  int orphans, widows;
  master hdr, ftr;
  block *b; int nb, cap;
  int level;               /* list nesting */
} F;

/* a flow page waiting for its header and footer */
typedef struct { int page; int nth; const master *hdr, *ftr; } deco;

static int64_t fdiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) q--;
  return q;
}

static int64_t half_points(int64_t v) { return v - v % 6350; }

static block *block_new(F *f, int type, const node *n) {
  if (f->nb == f->cap) {
    int nc = f->cap ? f->cap * 2 : 32;
    f->b = xrealloc(f->b, sizeof(block) * (size_t)f->cap, sizeof(block) * (size_t)nc);
    f->cap = nc;
  }
  block *b = &f->b[f->nb++];
  memset(b, 0, sizeof *b);
  b->type = type;
  b->n = n;
  b->page = -1;
  b->toc_of = -1;
  return b;
}

/* ---------------- scope snapshots (headers are drawn after the body) ---------------- */

/* loop objects are updated in place by loop_over: a snapshot copies their numbers */
static jval *clone_loop(const jval *v) {
  if (!v || v->t != J_OBJ) return (jval *)v;
  jval *o = xalloc(sizeof *o);
  *o = *v;
  o->items = xalloc(sizeof(jval *) * (size_t)(v->count ? v->count : 1));
  for (int k = 0; k < v->count; k++) {
    const jval *it = v->items[k];
    if (it->t == J_NUM) {
      jval *c = xalloc(sizeof *c);
      *c = *it;
      c->s = xstrndup(it->s, it->n);
      o->items[k] = c;
    } else {
      o->items[k] = (jval *)it;
    }
  }
  return o;
}

static scope *snapshot(const scope *s) {
  scope *head = NULL, **tail = &head;
  for (; s; s = s->up) {
    scope *c = xalloc(sizeof *c);
    c->name = s->name;
    c->val = s->name && !strcmp(s->name, "loop") ? clone_loop(s->val) : s->val;
    *tail = c;
    tail = &c->up;
  }
  return head;
}

/* ---------------- attributes ---------------- */

static int bool_attr(E *e, const node *n, const char *name, int dflt, int *out) {
  static const char *const bools[] = {"false", "true", NULL};
  return enum_attr(e, n, name, bools, dflt, out);
}

/* the text attributes a block may override (absent ones keep st's values) */
static int style_attrs(E *e, const node *n, bstyle *st) {
  static const char *const aligns[] = {"left", "center", "right", "justify", NULL};
  static const char *const weights[] = {"regular", "bold", NULL};
  int err = 0;
  const tattr *a = NULL;
  int64_t fs = st->fs;
  if (len_attr(e, n, "font-size", st->fs, &st->fs) || color_attr(e, n, "color", st->color, &st->color) ||
      enum_attr(e, n, "align", aligns, st->align, &st->align) || enum_attr(e, n, "weight", weights, st->bold, &st->bold) ||
      lang_attr(e, n, st->lang, &st->lang))
    return -1;
  if (st->fs < 6350 || st->fs > 12700 * 4000) return aerr(find_attr(n, "font-size"), "out of range (0.5pt to 4000pt)");
  const char *ls = attr(e, n, "line-spacing", &a, &err);
  if (err) return -1;
  if (ls && parse_factor_milli(ls, &st->ls)) return aerr(a, "not a positive decimal factor");
  /* spacing that follows the font size unless the block sets it */
  if (fs != st->fs) {
    st->before = st->before * st->fs / fs;
    st->after = st->after * st->fs / fs;
  }
  if (len_attr(e, n, "space-before", st->before, &st->before) || len_attr(e, n, "space-after", st->after, &st->after) ||
      bool_attr(e, n, "keep-with-next", st->keep_next, &st->keep_next) ||
      bool_attr(e, n, "keep-together", st->keep_together, &st->keep_together))
    return -1;
  if (st->before < 0 || st->after < 0) return fail(ST_TEMPLATE, "template.attribute", n->line, n->col, "negative spacing");
  return 0;
}

/* x, y and h place an element on a page; in a flow they are the flow's to choose */
static int no_position(const node *n, const char *const *names) {
  for (int k = 0; names[k]; k++) {
    const tattr *a = find_attr(n, names[k]);
    if (a)
      return fail(ST_TEMPLATE, "template.attribute", a->line, a->col,
                  "attribute '%s' places <%s> on a page; in a <flow> blocks are placed by the flow "
                  "(put positioned elements in <place>)", a->name, n->name);
  }
  return 0;
}

/* ---------------- text blocks ---------------- */

static item *text_new(const node *n, const bstyle *st, int64_t x, int64_t w) {
  item *it = xalloc(sizeof *it);
  it->type = IT_TEXT;
  it->line = n->line;
  it->col = n->col;
  it->x = x; it->w = w; it->y = 0; it->h = BIG_H;
  it->font_size = it->min_font_size = st->fs;
  it->ls_milli = st->ls;
  it->color = st->color;
  it->align = st->align;
  it->valign = VA_TOP;
  it->bold = st->bold;
  it->lang = st->lang;
  return it;
}

/* lays out a block's text; an item with no line (empty content) adds nothing */
static int text_block(F *f, item *it, const node *n, const bstyle *st, item *marker) {
  ltext *lt = layout_text(f->e->fs, it);
  if (!lt) return -1;
  if (lt->nl == 0) return 0;
  it->lt = lt;
  block *b = block_new(f, B_TEXT, n);
  b->it = it;
  b->lt = lt;
  b->marker = marker;
  b->before = st->before;
  b->after = st->after;
  b->keep_next = st->keep_next;
  b->keep_together = st->keep_together;
  return 0;
}

static int para_eval(F *f, const node *n, int heading) {
  E *e = f->e;
  static const char *const ok[] = {"font-size", "color", "align", "weight", "line-spacing", "lang", "space-before",
                                    "space-after", "keep-with-next", "keep-together", "indent", NULL};
  if (check_attrs(n, ok)) return -1;
  bstyle st = f->body;
  st.keep_together = 0;
  st.keep_next = 0;
  if (heading) {
    /* h1 1.6, h2 1.3, h3 1.15 times the body size (half-point grid), bold, kept with the next block */
    static const int scale[] = {1600, 1300, 1150};
    st.fs = half_points(f->body.fs * scale[heading - 1] / 1000);
    st.bold = 1;
    st.ls = 1200;
    st.before = st.fs * 4 / 5;
    st.after = st.fs * 2 / 5;
    st.keep_next = 1;
    st.keep_together = 1;
    if (st.align == AL_JUSTIFY) st.align = AL_LEFT;
  }
  if (style_attrs(e, n, &st)) return -1;
  int64_t indent;
  if (len_attr(e, n, "indent", 0, &indent)) return -1;
  if (indent < 0 || indent >= f->w) return aerr(find_attr(n, "indent"), "must be from 0 to less than the content width");
  item *it = text_new(n, &st, f->x + indent, f->w - indent);
  TC tc = {it, NULL, {it->bold, it->color}};
  if (text_nodes(e, &n->kids, &tc)) return -1;
  int before = f->nb;
  if (text_block(f, it, n, &st, NULL)) return -1;
  if (f->nb > before) f->b[before].level = heading;
  return 0;
}

/* ---------------- lists ---------------- */

typedef struct {
  F *f;
  int ordered, count, start, level;
  const char *marker;
  int64_t indent;
  bstyle st;
} LS;

static int list_eval(F *f, const node *n, int level, bstyle parent);

static char *marker_text(const LS *ls) {
  static const char *const bullets[] = {"\xe2\x80\xa2", "\xe2\x97\xa6", "\xe2\x96\xaa"}; /* • ◦ ▪ */
  if (!ls->ordered) return xstrndup(ls->marker ? ls->marker : bullets[ls->level % 3], strlen(ls->marker ? ls->marker : bullets[ls->level % 3]));
  /* the first '1' of the pattern ("1.", "(1)", "第1条") becomes the number */
  const char *pat = ls->marker ? ls->marker : "1.";
  const char *one = strchr(pat, '1');
  sbuf b = {0};
  sb_put(&b, "", 0);
  if (!one) { sb_puts(&b, pat); return b.p; }
  sb_put(&b, pat, (size_t)(one - pat));
  sb_int(&b, ls->start + ls->count - 1);
  sb_puts(&b, one + 1);
  return b.p;
}

static item *marker_item(F *f, const node *n, const LS *ls, int64_t x) {
  bstyle st = ls->st;
  st.align = AL_RIGHT;
  st.bold = 0;
  int64_t gap = fdiv(st.fs * 2, 5);
  item *it = text_new(n, &st, x, ls->indent - gap > 0 ? ls->indent - gap : 0);
  const char *t = marker_text(ls);
  TC tc = {it, NULL, {0, st.color}};
  node tn = {0};
  tn.t = N_TEXT; tn.text = t; tn.tn = strlen(t);
  node *tv[1] = {&tn};
  nodelist nl = {tv, 1, 1};
  if (text_nodes(f->e, &nl, &tc)) return NULL;
  it->h = 0;  /* set when placed */
  it->frole = "list-marker";
  return it;
}

static void list_role(item *it, const LS *ls) {
  it->frole = "list-item";
  it->flevel = ls->level + 1;
  it->fordered = ls->ordered;
}

/* an <li> being read: its text so far, and its marker until a block took it */
typedef struct { LS *ls; const node *n; item *it; TC tc; item *marker; int64_t bx; } LI;

static int li_nodes(E *e, const nodelist *l, void *arg);

static int li_node(E *e, const node *k, LI *li) {
  LS *ls = li->ls;
  F *f = ls->f;
  if (k->t == N_ELEM && (!strcmp(k->name, "ul") || !strcmp(k->name, "ol"))) {
    /* the text so far, then the nested list; text after it continues without a marker */
    if (text_block(f, li->it, li->n, &ls->st, li->marker)) return -1;
    li->marker = NULL;
    if (list_eval(f, k, ls->level + 1, ls->st)) return -1;
    li->it = text_new(li->n, &ls->st, li->bx, f->x + f->w - li->bx);
    list_role(li->it, ls);
    li->tc = (TC){li->it, NULL, {li->it->bold, li->it->color}};
    return 0;
  }
  if (k->t == N_IF) {  /* blocks may hold nested lists too */
    int err = 0;
    const nodelist *b = pick_branch(e, k, &err);
    if (err) return -1;
    return b ? li_nodes(e, b, li) : 0;
  }
  if (k->t == N_FOR) return loop_over(e, k, li_nodes, li);
  if (k->t == N_CALL) return call_macro(e, k, li_nodes, li);
  node *one[1] = {(node *)k};
  nodelist nl = {one, 1, 1};
  return text_nodes(e, &nl, &li->tc);
}

static int li_nodes(E *e, const nodelist *l, void *arg) {
  for (int i = 0; i < l->n; i++) if (li_node(e, l->v[i], arg) && !recover()) return -1;
  return 0;
}

static int li_eval(LS *ls, const node *n) {
  F *f = ls->f;
  static const char *const none[] = {NULL};
  if (check_attrs(n, none)) return -1;
  ls->count++;
  int64_t mx = f->x + (int64_t)ls->level * ls->indent;
  LI li = {ls, n, NULL, {0}, NULL, mx + ls->indent};
  if (li.bx >= f->x + f->w)
    return fail(ST_TEMPLATE, "template.attribute", n->line, n->col, "lists nested too deep for the content width");
  if (!(li.marker = marker_item(f, n, ls, mx))) return -1;
  li.it = text_new(n, &ls->st, li.bx, f->x + f->w - li.bx);
  list_role(li.it, ls);
  li.tc = (TC){li.it, NULL, {li.it->bold, li.it->color}};
  if (li_nodes(f->e, &n->kids, &li)) return -1;
  return text_block(f, li.it, n, &ls->st, li.marker);
}

static int list_nodes(E *e, const nodelist *l, void *arg);

static int list_node(E *e, const node *n, LS *ls) {
  if (n->t == N_TEXT) {
    if (is_blank(n)) return 0;
    return fail(ST_TEMPLATE, "template.syntax", n->line, n->col, "text in a list must be inside <li>");
  }
  if (n->t == N_OUT) return fail(ST_TEMPLATE, "template.syntax", n->line, n->col, "{{ }} in a list must be inside <li>");
  if (n->t == N_IF) {
    int err = 0;
    const nodelist *b = pick_branch(e, n, &err);
    if (err) return -1;
    return b ? list_nodes(e, b, ls) : 0;
  }
  if (n->t == N_FOR) return loop_over(e, n, list_nodes, ls);
  if (n->t == N_SET) return set_eval(e, n);
  if (n->t == N_CALL) return call_macro(e, n, list_nodes, ls);
  if (strcmp(n->name, "li")) return fail(ST_TEMPLATE, "template.syntax", n->line, n->col, "<%s> is not allowed inside a list (use <li>)", n->name);
  return li_eval(ls, n);
}

static int list_nodes(E *e, const nodelist *l, void *arg) {
  for (int i = 0; i < l->n; i++) if (list_node(e, l->v[i], arg) && !recover()) return -1;
  return 0;
}

static int list_eval(F *f, const node *n, int level, bstyle parent) {
  E *e = f->e;
  static const char *const ok[] = {"marker", "start", "indent", "font-size", "color", "align", "weight",
                                    "line-spacing", "lang", "space-before", "space-after", NULL};
  if (check_attrs(n, ok)) return -1;
  if (level >= 8) return fail(ST_TEMPLATE, "template.syntax", n->line, n->col, "lists nest at most 8 deep");
  LS ls = {0};
  ls.f = f;
  ls.ordered = n->name[0] == 'o';
  ls.level = level;
  ls.st = parent;
  ls.st.keep_next = ls.st.keep_together = 0;
  ls.st.before = 0;
  ls.st.after = fdiv(parent.fs, 5);  /* between items */
  int64_t list_after = level ? ls.st.after : f->body.after;
  int64_t list_before = 0;
  int err = 0;
  const tattr *sa = NULL;
  if (style_attrs(e, n, &ls.st)) return -1;
  if (find_attr(n, "space-after")) list_after = ls.st.after, ls.st.after = fdiv(ls.st.fs, 5);
  if (find_attr(n, "space-before")) list_before = ls.st.before, ls.st.before = 0;
  ls.marker = attr(e, n, "marker", NULL, &err);
  if (err) return -1;
  const char *start = attr(e, n, "start", &sa, &err);
  if (err) return -1;
  ls.start = 1;
  if (start) {
    int64_t v = 0;
    const char *p = start;
    if (!*p) return aerr(sa, "not a whole number");
    for (; *p; p++) {
      if (*p < '0' || *p > '9' || v > 100000000) return aerr(sa, "not a whole number (0 to 100000000)");
      v = v * 10 + (*p - '0');
    }
    ls.start = (int)v;
  }
  if (len_attr(e, n, "indent", 2 * ls.st.fs, &ls.indent)) return -1;
  if (ls.indent <= 0) return aerr(find_attr(n, "indent"), "must be positive");
  int first = f->nb;
  if (list_nodes(e, &n->kids, &ls)) return -1;
  if (f->nb > first) {
    f->b[first].before = list_before > f->b[first].before ? list_before : f->b[first].before;
    f->b[f->nb - 1].after = list_after;
  }
  return 0;
}

/* ---------------- other blocks ---------------- */

static int box_block(F *f, const node *n, page *scratch, int64_t h) {
  if (!scratch->nitems) return 0;
  block *b = block_new(f, B_BOX, n);
  b->items = scratch->items;
  b->nitems = scratch->nitems;
  b->h = h;
  b->after = f->body.after;
  return 0;
}

static int chart_block(F *f, const node *n) {
  static const char *const pos[] = {"x", "y", NULL};
  if (no_position(n, pos)) return -1;
  page scratch = {0};
  int64_t box[3] = {f->x, 0, f->w};
  if (chart_eval(f->e, n, &scratch, box)) return -1;
  return box_block(f, n, &scratch, scratch.nitems ? scratch.items[0]->h : 0);
}

static int image_block(F *f, const node *n) {
  static const char *const pos[] = {"x", "y", NULL};
  if (no_position(n, pos)) return -1;
  if (!find_attr(n, "h")) return fail(ST_TEMPLATE, "template.attribute", n->line, n->col, "<image> in a <flow> needs an h");
  page scratch = {0};
  int64_t box[3] = {f->x, 0, f->w};
  item *it = xalloc(sizeof *it);
  it->line = n->line;
  it->col = n->col;
  if (image_eval(f->e, n, &scratch, it, box)) return -1;
  return box_block(f, n, &scratch, it->ch);
}

static int table_block(F *f, const node *n) {
  static const char *const pos[] = {"x", "y", "h", NULL};
  if (no_position(n, pos)) return -1;
  int64_t box[2] = {f->x, f->w};
  tstate *ts = table_build(f->e, n, box);
  if (!ts) return -1;
  int nhead;
  int64_t hh, lh;
  if (!table_rows(ts, &nhead, &hh, &lh)) return 0;
  block *b = block_new(f, B_TABLE, n);
  b->ts = ts;
  b->after = f->body.after;
  return bool_attr(f->e, n, "keep-together", 0, &b->keep_together);
}

static int master_add(F *f, const node *n, master *m) {
  static const char *const ok[] = {"page", NULL};
  static const char *const which[] = {"all", "first", "odd", "even", NULL};
  int v;
  if (check_attrs(n, ok) || enum_attr(f->e, n, "page", which, V_ALL, &v)) return -1;
  m->n[v] = n;
  m->vars[v] = snapshot(f->e->cx->vars);
  return 0;
}

/* ---------------- table of contents ---------------- */

/* <toc>: one entry per heading after it, filled in once the headings have pages */
static int toc_eval(F *f, const node *n) {
  E *e = f->e;
  static const char *const ok[] = {"depth", "font-size", "color", "line-spacing", "lang", "indent", "leader",
                                    "space-before", "space-after", NULL};
  static const char *const depths[] = {"1", "2", "3", NULL};
  static const char *const leaders[] = {"dots", "none", NULL};
  if (check_attrs(n, ok)) return -1;
  bstyle *st = xalloc(sizeof *st);
  *st = f->body;
  st->keep_next = 0;
  st->keep_together = 1;
  st->before = 0;
  st->after = fdiv(f->body.fs, 4);
  if (st->align == AL_JUSTIFY) st->align = AL_LEFT;
  int depth, leader;
  int64_t indent;
  if (enum_attr(e, n, "depth", depths, 1, &depth) || enum_attr(e, n, "leader", leaders, 0, &leader) ||
      style_attrs(e, n, st) || len_attr(e, n, "indent", 2 * st->fs, &indent))
    return -1;
  if (indent < 0 || 2 * indent + 4 * st->fs >= f->w) return aerr(find_attr(n, "indent"), "too wide for the content width");
  block *b = block_new(f, B_TOC, n);
  b->toc_depth = depth + 1;
  b->toc_style = st;
  b->h = indent;
  b->leaders = leader == 0;
  return 0;
}

static char *heading_text(const ltext *lt) {
  sbuf t = {0};
  sb_put(&t, "", 0);
  for (int i = 0; i < lt->np; i++) {
    if (i) sb_putc(&t, ' ');
    for (int c = 0; c < lt->paras[i].n; c++) sb_utf8(&t, lt->paras[i].cps[c] == '\n' ? ' ' : lt->paras[i].cps[c]);
  }
  return t.p;
}

static item *literal_text(E *e, const node *n, const bstyle *st, const char *text, int64_t x, int64_t w, int align,
                          int bold) {
  item *it = text_new(n, st, x, w);
  it->align = align;
  it->bold = bold;
  TC tc = {it, NULL, {bold, st->color}};
  node tn = {0};
  tn.t = N_TEXT; tn.text = text; tn.tn = strlen(text);
  node *tv[1] = {&tn};
  nodelist nl = {tv, 1, 1};
  return text_nodes(e, &nl, &tc) ? NULL : it;
}

/* the number column: wide enough for four digits */
static int64_t toc_number_w(const bstyle *st) { return 3 * st->fs; }

/* each <toc> becomes its entries (laid out now: their heights count in the pagination) */
static int toc_expand(F *f) {
  int ntoc = 0, extra = 0;
  for (int i = 0; i < f->nb; i++) {
    if (f->b[i].type != B_TOC) continue;
    ntoc++;
    for (int j = i + 1; j < f->nb; j++) if (f->b[j].level && f->b[j].level <= f->b[i].toc_depth) extra++;
  }
  if (!ntoc) return 0;
  int cap = f->nb - ntoc + extra;
  block *nb = xalloc(sizeof(block) * (size_t)(cap ? cap : 1));
  int *map = xalloc(sizeof(int) * (size_t)f->nb);
  int k = 0;
  for (int i = 0; i < f->nb; i++) {
    const block *t = &f->b[i];
    if (t->type != B_TOC) { map[i] = k; nb[k++] = *t; continue; }
    map[i] = -1;
    const bstyle *st = t->toc_style;
    int64_t numw = toc_number_w(st);
    int top = 3;  /* the shallowest level listed is not indented, and is bold */
    for (int j = i + 1; j < f->nb; j++)
      if (f->b[j].level && f->b[j].level <= t->toc_depth && f->b[j].level < top) top = f->b[j].level;
    for (int j = i + 1; j < f->nb; j++) {
      const block *h = &f->b[j];
      if (!h->level || h->level > t->toc_depth) continue;
      int64_t x = f->x + (h->level - top) * t->h;
      item *it = literal_text(f->e, t->n, st, heading_text(h->lt), x, f->x + f->w - numw - x, AL_LEFT,
                              h->level == top && top < t->toc_depth);
      if (!it) return -1;
      ltext *lt = layout_text(f->e->fs, it);
      if (!lt) return -1;
      it->lt = lt;
      block *b = &nb[k++];
      memset(b, 0, sizeof *b);
      b->type = B_TEXT;
      b->n = t->n;
      b->it = it;
      b->lt = lt;
      b->before = h->level == top && top < t->toc_depth ? st->after : 0;
      b->after = st->after;
      b->keep_together = 1;
      b->page = -1;
      b->toc_of = j;  /* old index; mapped below */
      b->leaders = t->leaders;
      b->toc_style = (bstyle *)st;
    }
  }
  for (int i = 0; i < k; i++) if (nb[i].toc_of >= 0) nb[i].toc_of = map[nb[i].toc_of];
  f->b = nb;
  f->nb = f->cap = k;
  return 0;
}

/* page numbers (and dot leaders) of the entries, now that every heading has its page */
static int toc_numbers(F *f) {
  E *e = f->e;
  int64_t dot_w = -1;
  for (int i = 0; i < f->nb; i++) {
    const block *b = &f->b[i];
    if (b->toc_of < 0 || !b->last_pg) continue;
    const block *h = &f->b[b->toc_of];
    if (h->page < 0) continue;
    const bstyle *st = b->toc_style;
    char num[24];
    sbuf t = {num, 0, sizeof num};
    sb_int(&t, h->page + 1);
    int64_t lh = b->lt->line_height, numw = toc_number_w(st), right = f->x + f->w;
    item *it = literal_text(e, b->n, st, num, right - numw, numw, AL_RIGHT, 0);
    if (!it) return -1;
    it->y = b->last_top;
    it->h = lh;
    it->frole = "toc-page";
    it->fblock = i + 1;
    if (add_item(e, b->last_pg, it)) return -1;
    if (!b->leaders) continue;
    /* dot leaders from the entry's last line to the number, as many whole dots as fit */
    ltext *nlt = layout_text(e->fs, literal_text(e, b->n, st, num, 0, BIG_H, AL_LEFT, 0));
    if (dot_w < 0) {
      ltext *dlt = layout_text(e->fs, literal_text(e, b->n, st, "..........", 0, BIG_H, AL_LEFT, 0));
      if (!dlt) return -1;
      dot_w = ltext_max_width(dlt) / 10 + 1;
    }
    if (!nlt) return -1;
    int64_t gap = fdiv(st->fs, 3);
    int64_t from = b->last_end + gap, to = right - ltext_max_width(nlt) - gap;
    int64_t dots = dot_w > 0 ? (to - from) / dot_w : 0;
    if (dots < 2) continue;
    char *lead = xalloc((size_t)dots + 1);
    memset(lead, '.', (size_t)dots);
    item *l = literal_text(e, b->n, st, lead, from, to - from, AL_RIGHT, 0);
    if (!l) return -1;
    l->y = b->last_top;
    l->h = lh;
    l->frole = "toc-leader";
    l->fblock = i + 1;
    if (add_item(e, b->last_pg, l)) return -1;
  }
  return 0;
}

static int flow_nodes(E *e, const nodelist *l, void *arg);

static int flow_node(E *e, const node *n, F *f) {
  if (n->t == N_TEXT) {
    if (is_blank(n)) return 0;
    return fail(ST_TEMPLATE, "template.syntax", n->line, n->col, "text in a <flow> must be inside <p>, <h1>-<h3> or <li>");
  }
  if (n->t == N_OUT)
    return fail(ST_TEMPLATE, "template.syntax", n->line, n->col, "{{ }} in a <flow> must be inside <p>, <h1>-<h3> or <li>");
  if (n->t == N_IF) {
    int err = 0;
    const nodelist *b = pick_branch(e, n, &err);
    if (err) return -1;
    return b ? flow_nodes(e, b, f) : 0;
  }
  if (n->t == N_FOR) return loop_over(e, n, flow_nodes, f);
  if (n->t == N_SET) return set_eval(e, n);
  if (n->t == N_CALL) return call_macro(e, n, flow_nodes, f);
  const char *nm = n->name;
  if (!strcmp(nm, "p")) return para_eval(f, n, 0);
  if (nm[0] == 'h' && nm[1] >= '1' && nm[1] <= '3' && !nm[2]) return para_eval(f, n, nm[1] - '0');
  if (!strcmp(nm, "ul") || !strcmp(nm, "ol")) return list_eval(f, n, 0, f->body);
  if (!strcmp(nm, "table")) return table_block(f, n);
  if (!strcmp(nm, "chart")) return chart_block(f, n);
  if (!strcmp(nm, "image")) return image_block(f, n);
  if (!strcmp(nm, "page-break")) {
    static const char *const none[] = {NULL};
    if (check_attrs(n, none)) return -1;
    block_new(f, B_BREAK, n);
    return 0;
  }
  if (!strcmp(nm, "place")) {
    static const char *const none[] = {NULL};
    if (check_attrs(n, none)) return -1;
    page scratch = {0};
    if (page_children(e, &n->kids, &scratch)) return -1;
    block *b = block_new(f, B_PLACE, n);
    b->items = scratch.items;
    b->nitems = scratch.nitems;
    return 0;
  }
  if (!strcmp(nm, "toc")) return toc_eval(f, n);
  if (!strcmp(nm, "header")) return master_add(f, n, &f->hdr);
  if (!strcmp(nm, "footer")) return master_add(f, n, &f->ftr);
  static const char *const elems[] = {"p", "h1", "h2", "h3", "ul", "ol", "table", "chart", "image", "page-break",
                                      "place", "header", "footer", "toc", NULL};
  const char *hint = closest_word(nm, elems);
  return fail(ST_TEMPLATE, "template.syntax", n->line, n->col, "<%s> is not allowed inside <flow>%s%s%s", nm,
              hint ? " (did you mean <" : "", hint ? hint : "", hint ? ">?)" : "");
}

static int flow_nodes(E *e, const nodelist *l, void *arg) {
  for (int i = 0; i < l->n; i++) if (flow_node(e, l->v[i], arg) && !recover()) return -1;
  return 0;
}

/* ---------------- pagination ---------------- */

typedef struct {
  F *f;
  page *pg;
  int64_t y, bottom, prev_after;
  int at_top;  /* no block on this page yet */
  int nth;     /* pages of this flow so far */
} P;

static int new_page(P *p) {
  E *e = p->f->e;
  page *pg = page_new(e, p->f->n, p->f->bg);
  if (!pg) return -1;
  if (e->ndecos == e->dcap) {
    int nc = e->dcap ? e->dcap * 2 : 8;
    e->decos = xrealloc(e->decos, sizeof(deco) * (size_t)e->dcap, sizeof(deco) * (size_t)nc);
    e->dcap = nc;
  }
  ((deco *)e->decos)[e->ndecos++] = (deco){e->d->npages - 1, p->nth++, &p->f->hdr, &p->f->ftr};
  p->pg = pg;
  pg->flow = 1;
  pg->content[0] = p->f->x; pg->content[1] = p->f->y; pg->content[2] = p->f->w; pg->content[3] = p->f->h;
  p->y = p->f->y;
  p->at_top = 1;
  p->prev_after = 0;
  return 0;
}

static void item_shift(item *it, int64_t dy) {
  if (it->type == IT_TEXT && it->lt) { ltext_shift(it->lt, it, dy); return; }
  it->y += dy; it->y1 += dy; it->y2 += dy; it->cy += dy;
  for (int k = 0; k < it->npts; k++) it->pts[2 * k + 1] += dy;
  for (int k = 0; k < it->nkids; k++) item_shift(it->kids[k], dy);
}

/* where line s starts in its paragraph (an empty line: where the line before it ended) */
static int line_start(const ltext *lt, int s) {
  const lline *L = &lt->lines[s];
  if (L->nruns) return L->runs[0].a;
  for (int k = s - 1; k >= 0 && lt->lines[k].para == L->para; k--)
    if (lt->lines[k].nruns) return lt->lines[k].runs[lt->lines[k].nruns - 1].b;
  return 0;
}

/* lines [s, s + k) of a laid-out text as a text of their own: the lines moved
 * by dy, and the paragraphs cut to what those lines show (so editable
 * exporters write each word once) */
static ltext *text_slice(const ltext *lt, int s, int k, int64_t dy) {
  ltext *o = xalloc(sizeof *o);
  *o = *lt;
  int e = s + k;
  int p0 = lt->lines[s].para, p1 = lt->lines[e - 1].para;
  int start = s > 0 && lt->lines[s - 1].para == p0 ? line_start(lt, s) : 0;
  int end = lt->paras[p1].n;
  if (e < lt->nl && lt->lines[e].para == p1) {
    end = line_start(lt, e);
    while (end > (p0 == p1 ? start : 0) && (lt->paras[p1].cps[end - 1] == ' ' || lt->paras[p1].cps[end - 1] == '\n')) end--;
  }
  o->np = p1 - p0 + 1;
  o->paras = xalloc(sizeof(lpara) * (size_t)o->np);
  for (int q = 0; q < o->np; q++) o->paras[q] = lt->paras[p0 + q];
  o->paras[o->np - 1].n = end;
  o->paras[0].cps += start;
  o->paras[0].run_of += start;
  o->paras[0].n -= start;
  o->nl = k;
  o->lines = xalloc(sizeof(lline) * (size_t)k);
  for (int i = 0; i < k; i++) {
    lline *L = &o->lines[i];
    *L = lt->lines[s + i];
    L->para -= p0;
    L->y += dy;
    lrun *runs = xalloc(sizeof(lrun) * (size_t)(L->nruns ? L->nruns : 1));
    for (int r = 0; r < L->nruns; r++) {
      runs[r] = L->runs[r];
      if (L->para == 0) { runs[r].a -= start; runs[r].b -= start; }
      /* each line is placed once: its glyphs move in place */
      for (int g = 0; g < runs[r].ng; g++) runs[r].g[g].y += dy;
    }
    L->runs = runs;
  }
  return o;
}

static int put_text(P *p, block *b, int s, int k, int64_t top) {
  E *e = p->f->e;
  const ltext *lt = b->lt;
  int64_t lh = lt->line_height;
  int64_t dy = top - (int64_t)s * lh;
  item *it = xalloc(sizeof *it);
  *it = *b->it;
  it->y = top;
  it->h = (int64_t)k * lh;
  it->lt = k == lt->nl ? (ltext_shift(b->lt, b->it, dy), b->lt) : text_slice(lt, s, k, dy);
  if (s == 0 && b->marker) {
    b->marker->y = top;
    b->marker->h = lh;
    if (add_item(e, p->pg, b->marker)) return -1;
  }
  if (add_item(e, p->pg, it)) return -1;
  if (s == 0) b->page = e->d->npages - 1;
  const lline *L = &((ltext *)it->lt)->lines[k - 1];
  b->last_pg = p->pg;
  b->last_top = top + (int64_t)(k - 1) * lh;
  b->last_end = L->x + L->width;
  p->at_top = 0;
  p->y = top + (int64_t)k * lh;
  return 0;
}

static int place_text(P *p, block *b, int64_t gap) {
  F *f = p->f;
  int nl = b->lt->nl, s = 0;
  int64_t lh = b->lt->line_height;
  while (s < nl) {
    int64_t top = p->y + gap;
    int64_t room = p->bottom - top;
    int k = room > 0 ? (int)(room / lh > nl ? nl : room / lh) : 0;
    int rem = nl - s;
    if (k >= rem) return put_text(p, b, s, rem, top);
    int m = k;
    if (!p->at_top) {
      if (b->keep_together || b->keep_next) m = 0;
      else {
        if (rem - m < f->widows) m = rem - f->widows;
        if (m < f->orphans) m = 0;
      }
    } else {
      if (rem - m < f->widows && rem - f->widows >= 1) m = rem - f->widows;
      if (m < 1) m = 1;  /* a line taller than the page still moves on */
    }
    if (m > 0) {
      if (put_text(p, b, s, m, top)) return -1;
      s += m;
    }
    if (new_page(p)) return -1;
    gap = 0;
  }
  return 0;
}

static int place_table(P *p, block *b, int64_t gap) {
  E *e = p->f->e;
  int nhead;
  int64_t head_h, label_h;
  int n = table_rows(b->ts, &nhead, &head_h, &label_h);
  int i = nhead, part = 0;
  for (;;) {
    int64_t top = p->y + gap + (part ? label_h : 0);
    int64_t room = p->bottom - top - head_h, used = 0;
    int j = i, overflow = 0;
    while (j < n && used + table_row_h(b->ts, j) <= room) used += table_row_h(b->ts, j++);
    if ((j == i && i < n) || room < 0) {
      if (!p->at_top) {
        if (new_page(p)) return -1;
        gap = 0;
        continue;
      }
      overflow = 1;  /* a row (or the header) taller than an empty page: drawn whole */
      if (j == i && i < n) used = table_row_h(b->ts, j++);
    }
    item *g = table_part(e, b->ts, i, j, top, head_h + used, part > 0, part == 0, overflow);
    if (!g || add_item(e, p->pg, g)) return -1;
    p->at_top = 0;
    p->y = top + head_h + used;
    i = j;
    if (i >= n) return 0;
    if (new_page(p)) return -1;
    gap = 0;
    part++;
  }
}

static int64_t gap_between(const block *a, const block *b) { return a->after > b->before ? a->after : b->before; }

/* height the block needs on this page before it may start here */
static int64_t first_unit(const F *f, const block *b) {
  if (b->type == B_TEXT) {
    int nl = b->lt->nl;
    int64_t lh = b->lt->line_height;
    if (b->keep_together || b->keep_next || nl < f->orphans + f->widows) return (int64_t)nl * lh;
    return (int64_t)f->orphans * lh;
  }
  if (b->type == B_TABLE) {
    int nhead;
    int64_t head_h, label_h;
    int n = table_rows(b->ts, &nhead, &head_h, &label_h);
    int64_t first = head_h + (n > nhead ? table_row_h(b->ts, nhead) : 0), all = head_h;
    if (!b->keep_together) return first;
    for (int i = nhead; i < n; i++) all += table_row_h(b->ts, i);
    return all <= f->h ? all : first;  /* kept whole when it fits a page at all */
  }
  if (b->type == B_BOX) return b->h;
  return 0;
}

/* keep-with-next: the block, and the start of each block it is kept with */
static int64_t need(const F *f, int i) {
  int64_t h = first_unit(f, &f->b[i]);
  int prev = i;
  for (int j = i + 1; j < f->nb && j - i <= KEEP_CHAIN && f->b[prev].keep_next; j++) {
    const block *nx = &f->b[j];
    if (nx->type == B_BREAK) break;
    if (nx->type == B_PLACE) continue;
    h += gap_between(&f->b[prev], nx) + first_unit(f, nx);
    prev = j;
  }
  return h;
}

static int paginate(F *f) {
  E *e = f->e;
  P p = {0};
  p.f = f;
  p.bottom = f->y + f->h;
  if (new_page(&p)) return -1;
  const block *last = NULL;
  for (int i = 0; i < f->nb; i++) {
    block *b = &f->b[i];
    if (b->type == B_BREAK) {
      if (!p.at_top && new_page(&p)) return -1;
      if (p.nth > 1) p.pg->page_break = 1;
      continue;
    }
    if (b->type == B_TEXT) {
      item *it = b->it;
      it->fblock = i + 1;
      if (b->marker) b->marker->fblock = i + 1;
      if (b->level) it->frole = "heading", it->flevel = b->level;
      else if (b->toc_of >= 0) it->frole = "toc", it->flevel = f->b[b->toc_of].level;
      else if (!it->frole) it->frole = "paragraph";
    } else if (b->type == B_BOX || b->type == B_PLACE) {
      for (int k = 0; k < b->nitems; k++)
        if (b->items[k]->type != IT_GROUP) b->items[k]->frole = b->type == B_BOX ? "figure" : "placed", b->items[k]->fblock = i + 1;
    }
    if (b->type == B_PLACE) {
      for (int k = 0; k < b->nitems; k++) {
        /* already counted when evaluated: add_item would count them twice */
        e->nitems--;
        if (add_item(e, p.pg, b->items[k])) return -1;
      }
      continue;
    }
    int64_t gap = p.at_top || !last ? 0 : gap_between(last, b);
    if (!p.at_top && p.y + gap + need(f, i) > p.bottom) {
      if (new_page(&p)) return -1;
      gap = 0;
    }
    if (b->type == B_TEXT) {
      if (place_text(&p, b, gap)) return -1;
    } else if (b->type == B_TABLE) {
      if (place_table(&p, b, gap)) return -1;
    } else {
      int64_t top = p.y + gap;
      if (top + b->h > p.bottom && !p.at_top) {
        if (new_page(&p)) return -1;
        top = p.y;
      }
      for (int k = 0; k < b->nitems; k++) {
        item_shift(b->items[k], top);
        e->nitems--;
        if (add_item(e, p.pg, b->items[k])) return -1;
      }
      p.at_top = 0;
      p.y = top + b->h;
    }
    last = b;
  }
  return 0;
}

/* "10mm", "10mm 20mm", "10mm 20mm 15mm" or "10mm 20mm 15mm 20mm" (top right bottom left) */
static int margins(const char *s, int64_t m[4]) {
  int64_t v[4];
  int n = 0;
  const char *p = s;
  while (*p) {
    while (*p == ' ') p++;
    if (!*p) break;
    const char *q = p;
    while (*q && *q != ' ') q++;
    if (n == 4) return -1;
    char *tok = xstrndup(p, (size_t)(q - p));
    if (parse_length(tok, &v[n]) || v[n] < 0) return -1;
    n++;
    p = q;
  }
  if (n == 0) return -1;
  m[0] = v[0];
  m[1] = n > 1 ? v[1] : v[0];
  m[2] = n > 2 ? v[2] : v[0];
  m[3] = n > 3 ? v[3] : m[1];
  return 0;
}

int flow_eval(E *e, const node *n) {
  static const char *const ok[] = {"margin", "background", "font-size", "line-spacing", "color", "align", "lang",
                                    "orphans", "widows", NULL};
  static const char *const aligns[] = {"left", "center", "right", "justify", NULL};
  if (check_attrs(n, ok)) return -1;
  /* on the heap: the pages keep pointers to its header and footer until flow_finish */
  F *f = xalloc(sizeof *f);
  f->e = e;
  f->n = n;
  int err = 0;
  const tattr *ma = NULL, *la = NULL;
  int64_t m[4] = {25 * 360000 / 10, 20 * 360000 / 10, 25 * 360000 / 10, 20 * 360000 / 10}; /* 25mm 20mm */
  const char *ms = attr(e, n, "margin", &ma, &err);
  if (err) return -1;
  if (ms && margins(ms, m)) return aerr(ma, "one to four lengths: top right bottom left");
  f->x = m[3];
  f->y = m[0];
  f->w = e->d->width - m[1] - m[3];
  f->h = e->d->height - m[0] - m[2];
  if (f->w <= 0 || f->h <= 0) return aerr(ma, "the margins leave no room on the page");
  bstyle *st = &f->body;
  if (color_attr(e, n, "background", "#ffffff", &f->bg) || len_attr(e, n, "font-size", 12 * 12700, &st->fs) ||
      color_attr(e, n, "color", "#000000", &st->color) || enum_attr(e, n, "align", aligns, AL_LEFT, &st->align) ||
      lang_attr(e, n, e->d->lang, &st->lang))
    return -1;
  if (st->fs < 6350 || st->fs > 12700 * 400) return aerr(find_attr(n, "font-size"), "out of range (0.5pt to 400pt)");
  const char *ls = attr(e, n, "line-spacing", &la, &err);
  if (err) return -1;
  st->ls = 1500;
  if (ls && parse_factor_milli(ls, &st->ls)) return aerr(la, "not a positive decimal factor");
  st->after = st->fs / 2;
  static const char *const counts[] = {"1", "2", "3", "4", "5", NULL};
  int o, w;
  if (enum_attr(e, n, "orphans", counts, 1, &o) || enum_attr(e, n, "widows", counts, 1, &w)) return -1;
  f->orphans = o + 1;
  f->widows = w + 1;

  /* the body, in its own scope, with page.number of the flow's first page */
  scope *save = e->cx->vars;
  jval *psave = e->cx->page;
  set_num(&e->pnum, e->pbuf, e->d->npages + 1);
  e->cx->page = &e->pobj;
  int r = flow_nodes(e, &n->kids, f);
  e->cx->vars = save;
  e->cx->page = psave;
  if (r || toc_expand(f) || paginate(f)) return -1;
  return toc_numbers(f);
}

static int draw_master(E *e, const master *m, const deco *d, page *scratch, const char *role) {
  static const char *const variants[] = {"all", "first", "odd", "even"};
  int v = V_ALL;
  if (d->nth == 0 && m->n[V_FIRST]) v = V_FIRST;
  else if ((d->page % 2 == 0 ? m->n[V_ODD] : m->n[V_EVEN])) v = d->page % 2 == 0 ? V_ODD : V_EVEN;
  if (!m->n[v]) return 0;
  e->cx->vars = m->vars[v];
  int from = scratch->nitems;
  int r = page_children(e, &m->n[v]->kids, scratch);
  for (int k = from; k < scratch->nitems; k++) {
    item *it = scratch->items[k];
    if (it->type == IT_GROUP) continue;
    it->frole = role;
    it->fvariant = variants[v];
  }
  return r;
}

int flow_finish(E *e) {
  if (!e->ndecos) return 0;
  scope *save = e->cx->vars;
  jval *psave = e->cx->page;
  int used = e->cx->page_count_used;
  set_num(&e->pcount, e->pbuf2, e->d->npages);
  e->cx->page = &e->pobj;
  for (int i = 0; i < e->ndecos; i++) {
    const deco *d = &((deco *)e->decos)[i];
    page *pg = e->d->pages[d->page];
    page scratch = {0};
    set_num(&e->pnum, e->pbuf, d->page + 1);
    if ((draw_master(e, d->hdr, d, &scratch, "header") || draw_master(e, d->ftr, d, &scratch, "footer")) && !recover())
      return -1;
    if (!scratch.nitems) continue;
    /* header and footer paint under the body */
    item **all = xalloc(sizeof(item *) * (size_t)(scratch.nitems + pg->nitems));
    memcpy(all, scratch.items, sizeof(item *) * (size_t)scratch.nitems);
    if (pg->nitems) memcpy(all + scratch.nitems, pg->items, sizeof(item *) * (size_t)pg->nitems);
    pg->items = all;
    pg->nitems += scratch.nitems;
    pg->cap = pg->nitems;
  }
  e->cx->vars = save;
  e->cx->page = psave;
  e->cx->page_count_used = used;
  return 0;
}
