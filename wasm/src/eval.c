/* Evaluates the template tree against the data into a doc: blocks are
 * expanded, attributes parsed, text content collected into styled runs. */
#include "evalint.h"
#include "locale.h"
#include <string.h>

int g_check;
static o3_error *g_errs;
static int g_nerrs, g_errcap;

/* the macro call being evaluated (innermost), for "(in macro 'row' called at ...)" */
static const node *g_call_site;

/* Adds where the macro whose body failed was called to the pending error, once
 * (the innermost call; the position already points into the body). */
static void note_call(void) {
  const node *n = g_call_site;
  if (!n || !g_err.status || strstr(g_err.message, " (in macro '")) return;
  if (g_err.line == n->line && g_err.column == n->col) return;  /* the call itself */
  sbuf t = {0};
  sb_puts(&t, " (in macro '");
  sb_puts(&t, n->mac->name);
  sb_puts(&t, "' called at line ");
  sb_int(&t, src_line(n->line));
  sb_puts(&t, ", column ");
  sb_int(&t, n->col);
  const char *f = src_file_name(src_file(n->line));
  if (f) { sb_puts(&t, " of "); sb_puts(&t, f); }
  sb_putc(&t, ')');
  size_t len = strlen(g_err.message);
  if (len + t.len < sizeof g_err.message) memcpy(g_err.message + len, t.p, t.len + 1);
}

int recover(void) {
  if (!g_check || !g_err.status || g_oom) return 0;
  if (g_err.status != ST_TEMPLATE && g_err.status != ST_DATA) return 0;
  note_call();
  int dup = 0;
  for (int i = 0; i < g_nerrs && !dup; i++)
    dup = g_errs[i].line == g_err.line && g_errs[i].column == g_err.column && !strcmp(g_errs[i].code, g_err.code) &&
          !strcmp(g_errs[i].message, g_err.message);
  if (!dup && g_nerrs < MAX_CHECK_ERRORS) {
    if (g_nerrs == g_errcap) {
      int nc = g_errcap ? g_errcap * 2 : 16;
      g_errs = xrealloc(g_errs, sizeof(o3_error) * (size_t)g_errcap, sizeof(o3_error) * (size_t)nc);
      g_errcap = nc;
    }
    g_errs[g_nerrs++] = g_err;
  }
  memset(&g_err, 0, sizeof g_err);
  return 1;
}

int check_error_count(void) { return g_nerrs; }

void check_errors_json(sbuf *e, const char *tname) {
  sb_puts(e, "{\"errors\":[");
  for (int i = 0; i < g_nerrs; i++) {
    const o3_error *x = &g_errs[i];
    if (i) sb_putc(e, ',');
    sb_puts(e, "{\"code\":");
    sb_json_str(e, x->code, strlen(x->code));
    sb_puts(e, ",\"message\":");
    sb_json_str(e, x->message, strlen(x->message));
    sb_source_pos(e, x->line, x->column, tname);
    if (x->path) { sb_puts(e, ",\"path\":"); sb_json_str(e, x->path, strlen(x->path)); }
    sb_putc(e, '}');
  }
  sb_puts(e, "]}");
}

int aerr(const tattr *a, const char *what) {
  return fail(ST_TEMPLATE, "template.attribute", a->line, a->col, "attribute '%s': %s", a->name, what);
}

/* evaluated attribute text or NULL when absent; *err set on failure */
const char *attr(E *e, const node *el, const char *name, const tattr **which, int *err) {
  for (int i = 0; i < el->nattrs; i++) {
    const tattr *a = &el->attrs[i];
    if (strcmp(a->name, name)) continue;
    if (which) *which = a;
    sbuf b = {0};
    sb_put(&b, "", 0);
    for (int k = 0; k < a->nsegs; k++) {
      const attr_seg *sg = &a->segs[k];
      if (!sg->is_expr) { sb_put(&b, sg->text, sg->n); continue; }
      jval *v = expr_eval(e->cx, sg->e, 0);
      size_t n;
      const char *t = v ? jv_text(v, &n, sg->e) : NULL;
      if (!t) {
        if (recover()) return NULL;  /* check mode: as if the attribute were absent */
        *err = 1;
        return NULL;
      }
      sb_put(&b, t, n);
    }
    return b.p;
  }
  return NULL;
}

int check_attrs(const node *el, const char *const *allowed) {
  for (int i = 0; i < el->nattrs; i++) {
    int ok = 0;
    for (int k = 0; allowed[k]; k++) if (!strcmp(allowed[k], el->attrs[i].name)) ok = 1;
    if (!ok) {
      const char *hint = closest_word(el->attrs[i].name, allowed);
      fail(ST_TEMPLATE, "template.attribute", el->attrs[i].line, el->attrs[i].col,
           "unknown attribute '%s' on <%s>%s%s%s", el->attrs[i].name, el->name,
           hint ? " (did you mean '" : "", hint ? hint : "", hint ? "'?)" : "");
      if (!recover()) return -1;  /* check mode: the attribute is ignored */
    }
  }
  return 0;
}

int len_attr(E *e, const node *el, const char *name, int64_t dflt, int64_t *out) {
  int err = 0;
  const tattr *a = NULL;
  const char *s = attr(e, el, name, &a, &err);
  if (err) return -1;
  if (!s) { *out = dflt; return 0; }
  if (parse_length(s, out)) return aerr(a, "not a length (use in, cm, mm, pt, px, emu or a bare EMU integer)");
  return 0;
}

int color_attr(E *e, const node *el, const char *name, const char *dflt, const char **out) {
  int err = 0;
  const tattr *a = NULL;
  const char *s = attr(e, el, name, &a, &err);
  if (err) return -1;
  if (!s) { *out = dflt; return 0; }
  if (parse_color(s, out)) return aerr(a, "not a colour (use #rgb, #rrggbb or none)");
  return 0;
}

/* one of the words in opts (NULL-terminated); index into opts */
int enum_attr(E *e, const node *el, const char *name, const char *const *opts, int dflt, int *out) {
  int err = 0;
  const tattr *a = NULL;
  const char *s = attr(e, el, name, &a, &err);
  if (err) return -1;
  if (!s) { *out = dflt; return 0; }
  for (int k = 0; opts[k]; k++) if (!strcmp(opts[k], s)) { *out = k; return 0; }
  return aerr(a, "unknown value");
}

int lang_attr(E *e, const node *el, const char *dflt, const char **out) {
  static const char *const langs[] = {"en", "zh", "ja", NULL};
  int k;
  int def = !strcmp(dflt, "zh") ? 1 : !strcmp(dflt, "ja") ? 2 : 0;
  if (enum_attr(e, el, "lang", langs, def, &k)) return -1;
  *out = langs[k];
  return 0;
}

/* Loop state lives in one allocation per loop, updated in place: a loop over
 * a million rows must not allocate per row (values are copied when output). */
typedef struct { jval obj; jval *keys[5], *items[5]; jval index, index0, length; char b1[24], b2[24], b3[24]; } loopvar;

void set_num(jval *v, char *buf, int64_t x) {
  sbuf t = {buf, 0, 0};
  char tmp[24]; int k = 0;
  do { tmp[k++] = (char)('0' + x % 10); x /= 10; } while (x);
  while (k) buf[t.len++] = tmp[--k];
  buf[t.len] = 0;
  v->t = J_NUM; v->s = buf; v->n = t.len;
}

int loop_over(E *e, const node *n, int (*body)(E *, const nodelist *, void *), void *arg) {
  jval *seq = expr_eval(e->cx, n->e, 0);
  if (!seq) return recover() ? 0 : -1;
  if (seq->t != J_ARR && seq->t != J_OBJ) {
    fail(ST_TEMPLATE, "template.type", n->e->line, n->e->col, "{%% for %%} needs an array or an object");
    return recover() ? 0 : -1;
  }
  static const char *const names[] = {"index", "index0", "first", "last", "length"};
  static jval vtrue = {J_TRUE, 0, 0, 0, 0, 0}, vfalse = {J_FALSE, 0, 0, 0, 0, 0};
  loopvar *lv = xalloc(sizeof *lv);
  lv->obj.t = J_OBJ;
  lv->obj.count = 5;
  lv->obj.keys = lv->keys;
  lv->obj.items = lv->items;
  for (int k = 0; k < 5; k++) lv->keys[k] = jv_str(names[k], strlen(names[k]));
  lv->items[0] = &lv->index;
  lv->items[1] = &lv->index0;
  lv->items[4] = &lv->length;
  set_num(&lv->length, lv->b3, seq->count);
  for (int i = 0; i < seq->count; i++) {
    set_num(&lv->index, lv->b1, i + 1);
    set_num(&lv->index0, lv->b2, i);
    lv->items[2] = i == 0 ? &vtrue : &vfalse;
    lv->items[3] = i == seq->count - 1 ? &vtrue : &vfalse;
    scope s1 = {n->var, seq->t == J_ARR ? seq->items[i] : seq->keys[i], e->cx->vars};
    scope s2 = {"loop", &lv->obj, &s1};
    scope *save = e->cx->vars;
    e->cx->vars = &s2;
    int r = body(e, &n->kids, arg);
    e->cx->vars = save;
    if (r) return -1;
  }
  return 0;
}

const nodelist *pick_branch(E *e, const node *n, int *err) {
  for (int i = 0; i < n->nbranches; i++) {
    if (!n->conds[i]) return &n->bodies[i];
    jval *v = expr_eval(e->cx, n->conds[i], expr_has_default(n->conds[i]));
    if (!v) {
      if (recover()) continue;  /* check mode: a failing condition counts as false */
      *err = 1;
      return NULL;
    }
    if (jv_truthy(v)) return &n->bodies[i];
  }
  return NULL;
}

int set_eval(E *e, const node *n) {
  jval *v = expr_eval(e->cx, n->e, expr_has_default(n->e));
  if (!v && !recover()) return -1;
  if (!v) v = jv_null();
  scope *sc = xalloc(sizeof *sc);
  sc->name = n->var;
  sc->val = v;
  sc->up = e->cx->vars;
  e->cx->vars = sc;
  return 0;
}

int call_macro(E *e, const node *n, int (*body)(E *, const nodelist *, void *), void *arg) {
  const macro *m = n->mac;
  if (!m) return 0;  /* check mode: the call's error is already reported */
  if (e->call_nest + m->depth + 1 > MAX_CALL_NEST)
    return fail(ST_LIMIT, "limit.depth", n->line, n->col,
                "macro '%s' calls nested too deeply (more than %d levels of calls and their blocks): a recursion without an end?",
                m->name, MAX_CALL_NEST);
  if (++e->ncalls > e->lim->max_items)
    return fail(ST_LIMIT, "limit.items", n->line, n->col, "more than %d macro calls (the limit of items)", (int)e->lim->max_items);
  /* arguments are evaluated where the call is; the body sees only its parameters (and the data) */
  scope *chain = NULL;
  for (int i = 0; i < m->nparams; i++) {
    const expr *x = n->argv[i];
    jval *v;
    if (x) {
      v = expr_eval(e->cx, x, expr_has_default(x));
    } else {
      scope *save = e->cx->vars;
      e->cx->vars = chain;  /* a default sees the parameters before it */
      v = expr_eval(e->cx, m->defaults[i], expr_has_default(m->defaults[i]));
      e->cx->vars = save;
    }
    if (!v) {
      if (!recover()) return -1;
      v = jv_null();  /* check mode: reported; the body is still checked */
    }
    if (v->t == J_MISSING) v = jv_null();
    scope *sc = xalloc(sizeof *sc);
    sc->name = m->params[i];
    sc->val = v;
    sc->up = chain;
    chain = sc;
  }
  scope *save = e->cx->vars;
  const node *site = g_call_site;
  e->cx->vars = chain;
  e->call_nest += m->depth + 1;
  g_call_site = n;
  int r = body(e, &m->body, arg);
  if (r) note_call();
  g_call_site = site;
  e->call_nest -= m->depth + 1;
  e->cx->vars = save;
  return r;
}

int is_blank(const node *n) {
  for (size_t i = 0; i < n->tn; i++) {
    char c = n->text[i];
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r') return 0;
  }
  return 1;
}

/* ---------------- text content ---------------- */


static ipara *para_new(item *it) {
  if (it->nparas == it->pcap) {
    int nc = it->pcap ? it->pcap * 2 : 4;
    it->paras = xrealloc(it->paras, sizeof(ipara) * (size_t)it->pcap, sizeof(ipara) * (size_t)nc);
    it->pcap = nc;
  }
  return &it->paras[it->nparas++];
}

static void run_add(TC *tc, const char *s, size_t n, int brk) {
  if (!tc->cur) tc->cur = para_new(tc->it);
  ipara *p = tc->cur;
  irun *r = NULL;
  if (!brk && p->nruns) {
    irun *last = &p->runs[p->nruns - 1];
    if (!last->brk && last->bold == tc->st.bold && last->color == tc->st.color) r = last;
  }
  if (!r) {
    if (p->nruns == p->cap) {
      int nc = p->cap ? p->cap * 2 : 4;
      p->runs = xrealloc(p->runs, sizeof(irun) * (size_t)p->cap, sizeof(irun) * (size_t)nc);
      p->cap = nc;
    }
    r = &p->runs[p->nruns++];
    r->bold = tc->st.bold; r->color = tc->st.color; r->brk = brk;
  }
  if (r->n + n + 1 > r->cap) {  /* amortized growth: appending many values stays linear */
    size_t nc = r->cap ? r->cap : 32;
    while (nc < r->n + n + 1) nc *= 2;
    r->text = xrealloc(r->text, r->cap, nc);
    r->cap = nc;
  }
  memcpy(r->text + r->n, s, n);
  r->n += n;
}

int text_nodes(E *e, const nodelist *l, void *arg);

static int text_node(E *e, const node *n, TC *tc) {
  switch (n->t) {
    case N_TEXT: run_add(tc, n->text, n->tn, 0); return 0;
    case N_OUT: {
      jval *v = expr_eval(e->cx, n->e, expr_has_default(n->e));
      size_t len;
      const char *t = v ? jv_text(v, &len, n->e) : NULL;
      if (!t) return recover() ? 0 : -1;
      const expr *x = n->e;
      if (e->cx->page && x->t == E_PATH && !x->a && x->nsegs == 2 && !x->segs[0].is_index && !x->segs[1].is_index &&
          x->segs[0].kn == 4 && !memcmp(x->segs[0].key, "page", 4) && tc->it->nfields < (int)sizeof tc->it->ffields) {
        const pseg *s1 = &x->segs[1];
        if (s1->kn == 6 && !memcmp(s1->key, "number", 6)) tc->it->ffields[tc->it->nfields++] = 'p';
        else if (s1->kn == 5 && !memcmp(s1->key, "count", 5)) tc->it->ffields[tc->it->nfields++] = 'c';
      }
      run_add(tc, t, len, 0);
      return 0;
    }
    case N_IF: {
      int err = 0;
      const nodelist *b = pick_branch(e, n, &err);
      if (err) return -1;
      return b ? text_nodes(e, b, tc) : 0;
    }
    case N_FOR: return loop_over(e, n, text_nodes, tc);
    case N_SET: return set_eval(e, n);
    case N_CALL: return call_macro(e, n, text_nodes, tc);
    case N_ELEM: break;
  }
  if (!strcmp(n->name, "br")) {
    static const char *const none[] = {NULL};
    if (check_attrs(n, none)) return -1;
    run_add(tc, "\n", 1, 1);
    return 0;
  }
  if (!strcmp(n->name, "p")) {
    static const char *const none[] = {NULL};
    if (check_attrs(n, none)) return -1;
    if (tc->cur == NULL || tc->cur->nruns > 0) tc->cur = para_new(tc->it);
    tc->cur->explicit_p = 1;
    int r = text_nodes(e, &n->kids, tc);
    tc->cur = NULL;
    return r;
  }
  if (!strcmp(n->name, "b") || !strcmp(n->name, "span")) {
    static const char *const span_attrs[] = {"color", "weight", NULL};
    static const char *const none[] = {NULL};
    if (check_attrs(n, n->name[0] == 'b' ? none : span_attrs)) return -1;
    style save = tc->st;
    if (n->name[0] == 'b') tc->st.bold = 1;
    else {
      static const char *const weights[] = {"regular", "bold", NULL};
      int w;
      if (color_attr(e, n, "color", tc->st.color, &tc->st.color)) return -1;
      if (enum_attr(e, n, "weight", weights, tc->st.bold, &w)) return -1;
      tc->st.bold = w;
    }
    int r = text_nodes(e, &n->kids, tc);
    tc->st = save;
    return r;
  }
  return fail(ST_TEMPLATE, "template.syntax", n->line, n->col, "<%s> is not allowed inside <text>", n->name);
}

int text_nodes(E *e, const nodelist *l, void *arg) {
  TC *tc = arg;
  for (int i = 0; i < l->n; i++) if (text_node(e, l->v[i], tc) && !recover()) return -1;
  return 0;
}

/* ---------------- page items ---------------- */

int count_items(E *e, int64_t n, const node *where) {
  e->nitems += n;
  if (e->nitems > e->lim->max_items)
    return fail(ST_LIMIT, "limit.items", where->line, where->col, "more than %d items", (int)e->lim->max_items);
  return 0;
}

void kid_add(item *g, item *k) {
  if (g->nkids == g->kcap) {
    int nc = g->kcap ? g->kcap * 2 : 16;
    g->kids = xrealloc(g->kids, sizeof(item *) * (size_t)g->kcap, sizeof(item *) * (size_t)nc);
    g->kcap = nc;
  }
  g->kids[g->nkids++] = k;
}

const tattr *find_attr(const node *el, const char *name) {
  for (int i = 0; i < el->nattrs; i++) if (!strcmp(el->attrs[i].name, name)) return &el->attrs[i];
  return NULL;
}

int image_eval(E *e, const node *n, page *pg, item *it, const int64_t *box) {
  static const char *const ok[] = {"src", "x", "y", "w", "h", "fit", NULL};
  static const char *const fits[] = {"contain", "cover", "stretch", NULL};
  int fit, err = 0;
  const tattr *a = NULL;
  it->type = IT_IMAGE;
  if (check_attrs(n, ok) || len_attr(e, n, "x", 0, &it->x) || len_attr(e, n, "y", 0, &it->y) ||
      len_attr(e, n, "w", 0, &it->w) || len_attr(e, n, "h", 0, &it->h) || enum_attr(e, n, "fit", fits, 0, &fit))
    return -1;
  const char *src = attr(e, n, "src", &a, &err);
  if (err) return -1;
  if (!src) return fail(ST_TEMPLATE, "template.attribute", n->line, n->col, "<image> needs a src");
  if (box) {  /* in a flow */
    it->x = box[0];
    it->y = box[1];
    if (!find_attr(n, "w")) it->w = box[2];
  }
  if (it->w < 0 || it->h < 0) return fail(ST_TEMPLATE, "template.attribute", n->line, n->col, "negative box size");
  const jval *im = e->images ? jv_obj_get(e->images, src, strlen(src)) : NULL;
  int64_t iw = 0, ih = 0;
  const jval *jw = im ? jv_obj_get(im, "width", 5) : NULL, *jh = im ? jv_obj_get(im, "height", 6) : NULL;
  if (!jw || !jh || !jv_is_int(jw, &iw) || !jv_is_int(jh, &ih) || iw <= 0 || ih <= 0) {
    const char *hint = NULL;
    if (e->images && e->images->t == J_OBJ && e->images->count) {
      int n = e->images->count < 500 ? e->images->count : 500;
      const char **c = xalloc(sizeof(char *) * (size_t)(n + 1));
      for (int i = 0; i < n; i++) c[i] = xstrndup(e->images->keys[i]->s, e->images->keys[i]->n);
      hint = closest_word(src, c);
    }
    fail(ST_TEMPLATE, "template.image", a->line, a->col, "image '%s' is not in the package (or not a PNG/JPEG file)%s%s%s",
         src, hint ? " (did you mean '" : "", hint ? hint : "", hint ? "'?)" : "");
    g_err.path = src;
    return -1;
  }
  it->src = src;
  it->cx = it->x; it->cy = it->y; it->cw = it->w; it->ch = it->h;
  if (fit != 2) {
    /* width-limited when box w/h < image w/h; contain takes that side, cover the other */
    int wide = (__int128)it->w * ih < (__int128)it->h * iw;
    int by_width = fit == 0 ? wide : !wide;
    int64_t bw = it->w, bh = it->h;
    if (by_width) { it->w = bw; it->h = (int64_t)(((__int128)bw * ih * 2 + iw) / (2 * iw)); }
    else { it->h = bh; it->w = (int64_t)(((__int128)bh * iw * 2 + ih) / (2 * ih)); }
    it->x = it->cx + (bw - it->w) / 2 - ((bw - it->w) % 2 < 0 ? 1 : 0);
    it->y = it->cy + (bh - it->h) / 2 - ((bh - it->h) % 2 < 0 ? 1 : 0);
  }
  e->d->v2 = 1;
  return add_item(e, pg, it);
}

int add_item(E *e, page *pg, item *it) {
  if (++e->nitems > e->lim->max_items)
    return fail(ST_LIMIT, "limit.items", it->line, it->col, "more than %d items", (int)e->lim->max_items);
  if (pg->nitems == pg->cap) {
    int nc = pg->cap ? pg->cap * 2 : 8;
    pg->items = xrealloc(pg->items, sizeof(item *) * (size_t)pg->cap, sizeof(item *) * (size_t)nc);
    pg->cap = nc;
  }
  pg->items[pg->nitems++] = it;
  return 0;
}

static int page_nodes(E *e, const nodelist *l, void *arg);

static int page_node(E *e, const node *n, page *pg) {
  if (n->t == N_TEXT) {
    if (is_blank(n)) return 0;
    return fail(ST_TEMPLATE, "template.syntax", n->line, n->col, "text must be inside a <text> element");
  }
  if (n->t == N_OUT)
    return fail(ST_TEMPLATE, "template.syntax", n->line, n->col, "{{ }} must be inside a <text> element or an attribute");
  if (n->t == N_IF) {
    int err = 0;
    const nodelist *b = pick_branch(e, n, &err);
    if (err) return -1;
    return b ? page_nodes(e, b, pg) : 0;
  }
  if (n->t == N_FOR) return loop_over(e, n, page_nodes, pg);
  if (n->t == N_SET) return set_eval(e, n);
  if (n->t == N_CALL) return call_macro(e, n, page_nodes, pg);
  item *it = xalloc(sizeof *it);
  it->line = n->line;
  it->col = n->col;
  if (!strcmp(n->name, "rect")) {
    static const char *const ok[] = {"x", "y", "w", "h", "fill", "stroke", "stroke-width", "radius", NULL};
    it->type = IT_RECT;
    if (check_attrs(n, ok) || len_attr(e, n, "x", 0, &it->x) || len_attr(e, n, "y", 0, &it->y) ||
        len_attr(e, n, "w", 0, &it->w) || len_attr(e, n, "h", 0, &it->h) ||
        color_attr(e, n, "fill", NULL, &it->fill) || color_attr(e, n, "stroke", NULL, &it->stroke) ||
        len_attr(e, n, "stroke-width", 0, &it->stroke_width) || len_attr(e, n, "radius", 0, &it->radius))
      return -1;
    return add_item(e, pg, it);
  }
  if (!strcmp(n->name, "line")) {
    static const char *const ok[] = {"x1", "y1", "x2", "y2", "stroke", "stroke-width", NULL};
    it->type = IT_LINE;
    if (check_attrs(n, ok) || len_attr(e, n, "x1", 0, &it->x1) || len_attr(e, n, "y1", 0, &it->y1) ||
        len_attr(e, n, "x2", 0, &it->x2) || len_attr(e, n, "y2", 0, &it->y2) ||
        color_attr(e, n, "stroke", "#000000", &it->stroke) || len_attr(e, n, "stroke-width", 12700, &it->stroke_width))
      return -1;
    return add_item(e, pg, it);
  }
  if (!strcmp(n->name, "text")) {
    static const char *const ok[] = {"x", "y", "w", "h", "font-size", "min-font-size", "weight", "color", "align",
                                     "valign", "line-spacing", "padding", "lang", NULL};
    static const char *const aligns[] = {"left", "center", "right", "justify", NULL};
    static const char *const valigns[] = {"top", "middle", "bottom", NULL};
    static const char *const weights[] = {"regular", "bold", NULL};
    it->type = IT_TEXT;
    int err = 0;
    const tattr *a = NULL;
    if (check_attrs(n, ok) || len_attr(e, n, "x", 0, &it->x) || len_attr(e, n, "y", 0, &it->y) ||
        len_attr(e, n, "w", 0, &it->w) || len_attr(e, n, "h", 0, &it->h) ||
        len_attr(e, n, "font-size", 18 * 12700, &it->font_size) ||
        len_attr(e, n, "padding", 0, &it->padding) ||
        color_attr(e, n, "color", "#000000", &it->color) || enum_attr(e, n, "align", aligns, AL_LEFT, &it->align) ||
        enum_attr(e, n, "valign", valigns, VA_TOP, &it->valign) || enum_attr(e, n, "weight", weights, 0, &it->bold) ||
        lang_attr(e, n, e->d->lang, &it->lang) || len_attr(e, n, "min-font-size", it->font_size, &it->min_font_size))
      return -1;
    const char *ls = attr(e, n, "line-spacing", &a, &err);
    if (err) return -1;
    it->ls_milli = 1200;
    if (ls && parse_factor_milli(ls, &it->ls_milli)) return aerr(a, "not a positive decimal factor");
    if (it->font_size < 12700 / 2 || it->font_size > 12700 * 4000) {
      for (int i = 0; i < n->nattrs; i++) if (!strcmp(n->attrs[i].name, "font-size")) return aerr(&n->attrs[i], "out of range (0.5pt to 4000pt)");
    }
    if (it->min_font_size > it->font_size || it->min_font_size < 12700 / 2) {
      for (int i = 0; i < n->nattrs; i++) if (!strcmp(n->attrs[i].name, "min-font-size")) return aerr(&n->attrs[i], "must be from 0.5pt to font-size");
    }
    if (it->w < 0 || it->h < 0 || it->padding < 0) return fail(ST_TEMPLATE, "template.attribute", n->line, n->col, "negative box size or padding");
    TC tc = {it, NULL, {it->bold, it->color}};
    if (text_nodes(e, &n->kids, &tc)) return -1;
    return add_item(e, pg, it);
  }
  if (!strcmp(n->name, "image")) return image_eval(e, n, pg, it, NULL);
  if (!strcmp(n->name, "table")) return table_eval(e, n, pg);
  if (!strcmp(n->name, "chart")) return chart_eval(e, n, pg, NULL);
  static const char *const elems[] = {"rect", "line", "text", "image", "table", "chart", NULL};
  const char *hint = closest_word(n->name, elems);
  return fail(ST_TEMPLATE, "template.syntax", n->line, n->col, "<%s> is not allowed inside <page>%s%s%s", n->name,
              hint ? " (did you mean <" : "", hint ? hint : "", hint ? ">?)" : "");
}

static int page_nodes(E *e, const nodelist *l, void *arg) {
  for (int i = 0; i < l->n; i++) if (page_node(e, l->v[i], arg) && !recover()) return -1;
  return 0;
}

int page_children(E *e, const nodelist *l, page *pg) { return page_nodes(e, l, pg); }

/* a new page of the document's size; NULL (g_err set) past limits.max_pages */
page *page_new(E *e, const node *n, const char *background) {
  doc *d = e->d;
  if (d->npages >= e->lim->max_pages) {
    fail(ST_LIMIT, "limit.pages", n->line, n->col, "more than %d pages", (int)e->lim->max_pages);
    return NULL;
  }
  page *pg = xalloc(sizeof *pg);
  pg->width = d->width;
  pg->height = d->height;
  pg->line = n->line;
  pg->col = n->col;
  pg->background = background;
  if (d->npages == d->cap) {
    int nc = d->cap ? d->cap * 2 : 8;
    d->pages = xrealloc(d->pages, sizeof(page *) * (size_t)d->cap, sizeof(page *) * (size_t)nc);
    d->cap = nc;
  }
  d->pages[d->npages++] = pg;
  set_num(&e->pnum, e->pbuf, d->npages);
  return pg;
}

static int doc_nodes(E *e, const nodelist *l, void *arg);

static int doc_node(E *e, const node *n) {
  if (n->t == N_TEXT) {
    if (is_blank(n)) return 0;
    return fail(ST_TEMPLATE, "template.syntax", n->line, n->col, "text must be inside a <text> element");
  }
  if (n->t == N_OUT) return fail(ST_TEMPLATE, "template.syntax", n->line, n->col, "{{ }} must be inside a <text> element");
  if (n->t == N_IF) {
    int err = 0;
    const nodelist *b = pick_branch(e, n, &err);
    if (err) return -1;
    return b ? doc_nodes(e, b, NULL) : 0;
  }
  if (n->t == N_FOR) return loop_over(e, n, doc_nodes, NULL);
  if (n->t == N_SET) return set_eval(e, n);
  if (n->t == N_CALL) return call_macro(e, n, doc_nodes, NULL);
  if (!strcmp(n->name, "flow")) {
    if (strcmp(e->d->kind, "document"))
      return fail(ST_TEMPLATE, "template.syntax", n->line, n->col, "<flow> needs <document kind=\"document\">");
    return flow_eval(e, n);
  }
  if (strcmp(n->name, "page") && strcmp(n->name, "slide")) {
    static const char *const elems[] = {"page", "slide", "flow", NULL};
    const char *hint = closest_word(n->name, elems);
    return fail(ST_TEMPLATE, "template.syntax", n->line, n->col, "<%s> is not allowed inside <document>%s%s%s", n->name,
                hint ? " (did you mean <" : "", hint ? hint : "", hint ? ">?)" : "");
  }
  static const char *const ok[] = {"background", NULL};
  if (check_attrs(n, ok)) return -1;
  /* a page whose tables do not fit is evaluated again for each continuation */
  e->nsplits = 0;
  for (int part = 0;; part++) {
    const char *bg;
    if (color_attr(e, n, "background", "#ffffff", &bg)) return -1;
    page *pg = page_new(e, n, bg);
    if (!pg) return -1;
    e->part = part;
    e->more = 0;
    e->table_ord = 0;
    jval *save = e->cx->page;
    e->cx->page = &e->pobj;
    int r = page_nodes(e, &n->kids, pg);
    e->cx->page = save;
    if (r) return -1;
    if (!e->more) return 0;
  }
}

static int doc_nodes(E *e, const nodelist *l, void *arg) {
  (void)arg;
  for (int i = 0; i < l->n; i++) if (doc_node(e, l->v[i]) && !recover()) return -1;
  return 0;
}

static doc *eval_once(node *root, evalctx *cx, const limits *lim, const fontset *fs, const jval *images,
                      int64_t count) {
  E e = {0};
  cx->vars = NULL;  /* {% set %} bindings of an earlier pass start over */
  e.cx = cx; e.lim = lim; e.d = xalloc(sizeof(doc)); e.fs = fs; e.images = images;
  static const char *const pnames[] = {"number", "count"};
  e.pobj.t = J_OBJ;
  e.pobj.count = 2;
  e.pobj.keys = e.pkeys;
  e.pobj.items = e.pitems;
  for (int k = 0; k < 2; k++) e.pkeys[k] = jv_str(pnames[k], strlen(pnames[k]));
  e.pitems[0] = &e.pnum;
  e.pitems[1] = &e.pcount;
  set_num(&e.pnum, e.pbuf, 1);
  set_num(&e.pcount, e.pbuf2, count);
  static const char *const ok[] = {"kind", "width", "height", "lang", "locale", NULL};
  static const char *const kinds[] = {"presentation", "document", "spreadsheet", NULL};
  int k;
  if (check_attrs(root, ok) || enum_attr(&e, root, "kind", kinds, 0, &k)) return NULL;
  e.d->kind = kinds[k];
  int lerr = 0;
  const tattr *la = NULL;
  const char *lv = attr(&e, root, "locale", &la, &lerr), *dlang = "en";
  /* check mode: an unknown locale is reported and the document goes on without it */
  if (lerr || (locale_document(lv, la ? la->line : 0, la ? la->col : 0, &dlang) && !recover())) return NULL;
  if (lang_attr(&e, root, dlang, &e.d->lang)) return NULL;
  locale_document_lang(e.d->lang);
  int64_t dw = k == 0 ? 9144000 : 7560310, dh = k == 0 ? 5143500 : 10692130; /* 16:9 slide or A4 */
  if (len_attr(&e, root, "width", dw, &e.d->width) || len_attr(&e, root, "height", dh, &e.d->height)) return NULL;
  if (e.d->width <= 0 || e.d->height <= 0)
    { fail(ST_TEMPLATE, "template.attribute", root->line, root->col, "page size must be positive"); return NULL; }
  if (doc_nodes(&e, &root->kids, NULL) || flow_finish(&e)) return NULL;
  return e.d;
}

/* page.count is only known after every page (and table split) exists: a
 * template that reads it is evaluated again with the count of the first pass. */
doc *doc_eval(node *root, evalctx *cx, const limits *lim, const fontset *fs, const jval *images) {
  cx->page_count_used = 0;
  doc *d = eval_once(root, cx, lim, fs, images, 0);
  for (int pass = 0; d && cx->page_count_used && pass < 3; pass++) {
    int64_t n = d->npages;
    doc *d2 = eval_once(root, cx, lim, fs, images, n);
    if (!d2) return NULL;
    d = d2;
    if (d->npages == n) break;
  }
  return d;
}
