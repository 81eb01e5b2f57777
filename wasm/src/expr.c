/* Expressions of {{ }} and {% %}: paths with index access, literals,
 * comparisons, and/or/not, and filter chains. */
#include "tmpl.h"
#include <string.h>

#define MAX_EXPR_DEPTH 100

enum { T_EOF, T_ID, T_NUM, T_STR, T_DOT, T_LB, T_RB, T_LP, T_RP, T_COMMA, T_PIPE, T_OP, T_ARITH, T_BAD };

typedef struct {
  const char *s; size_t n, i;
  int line0, col0;
  int tok; const char *ts; size_t tn; size_t tpos; int op;
  jval *tval;
  int depth;
} X;

static void pos_of(X *x, size_t off, int *line, int *col) {
  int l = x->line0, c = x->col0;
  for (size_t k = 0; k < off && k < x->n; k++) {
    unsigned char ch = (unsigned char)x->s[k];
    if (ch == '\n') { l++; c = 1; }
    else if ((ch & 0xC0) != 0x80) c++;
  }
  *line = l;
  *col = c;
}

static int xerr(X *x, size_t off, const char *msg) {
  int l, c;
  pos_of(x, off, &l, &c);
  return fail(ST_TEMPLATE, "template.syntax", l, c, "%s", msg);
}

static int is_id0(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
static int is_id(char c) { return is_id0(c) || (c >= '0' && c <= '9'); }

static void next(X *x) {
  while (x->i < x->n && (x->s[x->i] == ' ' || x->s[x->i] == '\t' || x->s[x->i] == '\n' || x->s[x->i] == '\r')) x->i++;
  x->tpos = x->i;
  x->ts = x->s + x->i;
  x->tn = 0;
  if (x->i >= x->n) { x->tok = T_EOF; return; }
  char c = x->s[x->i];
  if (is_id0(c)) {
    size_t st = x->i;
    while (x->i < x->n && is_id(x->s[x->i])) x->i++;
    x->tok = T_ID; x->tn = x->i - st;
    return;
  }
  if ((c >= '0' && c <= '9') || (c == '-' && x->i + 1 < x->n && x->s[x->i + 1] >= '0' && x->s[x->i + 1] <= '9')) {
    size_t st = x->i;
    if (c == '-') x->i++;
    while (x->i < x->n && x->s[x->i] >= '0' && x->s[x->i] <= '9') x->i++;
    if (x->i + 1 < x->n && x->s[x->i] == '.' && x->s[x->i + 1] >= '0' && x->s[x->i + 1] <= '9') {
      x->i++;
      while (x->i < x->n && x->s[x->i] >= '0' && x->s[x->i] <= '9') x->i++;
    }
    x->tok = T_NUM; x->tn = x->i - st;
    return;
  }
  if (c == '"' || c == '\'') {
    sbuf b = {0};
    sb_put(&b, "", 0);
    x->i++;
    while (1) {
      if (x->i >= x->n) { x->tok = T_BAD; return; }
      char d = x->s[x->i];
      if (d == c) { x->i++; break; }
      if (d == '\\' && x->i + 1 < x->n) {
        char e = x->s[x->i + 1];
        sb_putc(&b, e == 'n' ? '\n' : e == 't' ? '\t' : e);
        x->i += 2;
        continue;
      }
      sb_putc(&b, d);
      x->i++;
    }
    x->tok = T_STR;
    x->tval = jv_str(b.p, b.len);
    return;
  }
  x->i++;
  switch (c) {
    case '.': x->tok = T_DOT; return;
    case '[': x->tok = T_LB; return;
    case ']': x->tok = T_RB; return;
    case '(': x->tok = T_LP; return;
    case ')': x->tok = T_RP; return;
    case ',': x->tok = T_COMMA; return;
    case '|': x->tok = T_PIPE; return;
    case '+': x->tok = T_ARITH; x->op = '+'; return;
    case '-': x->tok = T_ARITH; x->op = '-'; return;
    case '=': if (x->i < x->n && x->s[x->i] == '=') { x->i++; x->tok = T_OP; x->op = OP_EQ; return; } break;
    case '!': if (x->i < x->n && x->s[x->i] == '=') { x->i++; x->tok = T_OP; x->op = OP_NE; return; } break;
    case '<':
      if (x->i < x->n && x->s[x->i] == '=') { x->i++; x->op = OP_LE; } else x->op = OP_LT;
      x->tok = T_OP; return;
    case '>':
      if (x->i < x->n && x->s[x->i] == '=') { x->i++; x->op = OP_GE; } else x->op = OP_GT;
      x->tok = T_OP; return;
  }
  x->tok = T_BAD;
}

static int id_is(X *x, const char *w) { return x->tok == T_ID && x->tn == strlen(w) && !memcmp(x->ts, w, x->tn); }

static expr *mk(X *x, etype t, size_t off) {
  expr *e = xalloc(sizeof *e);
  e->t = t;
  pos_of(x, off, &e->line, &e->col);
  return e;
}

static expr *p_filtered(X *x);

static expr *p_path(X *x) {
  expr *e = mk(x, E_PATH, x->tpos);
  int cap = 0;
  sbuf txt = {0};
  sb_put(&txt, "", 0);
  while (1) {
    if (e->nsegs == cap) { int nc = cap ? cap * 2 : 4; e->segs = xrealloc(e->segs, sizeof(pseg) * (size_t)cap, sizeof(pseg) * (size_t)nc); cap = nc; }
    pseg *sg = &e->segs[e->nsegs];
    memset(sg, 0, sizeof *sg);
    if (x->tok == T_ID) {
      sg->key = x->ts; sg->kn = x->tn;
      if (txt.len) sb_putc(&txt, '.');
      sb_put(&txt, x->ts, x->tn);
      next(x);
    } else if (x->tok == T_LB) {
      next(x);
      if (x->tok == T_NUM) {
        int64_t v = 0;
        if (x->ts[0] == '-' || x->tn > 12) { xerr(x, x->tpos, "index must be a non-negative integer"); return NULL; }
        for (size_t k = 0; k < x->tn; k++) {
          if (x->ts[k] < '0' || x->ts[k] > '9') { xerr(x, x->tpos, "index must be a non-negative integer"); return NULL; }
          v = v * 10 + (x->ts[k] - '0');
        }
        sg->is_index = 1; sg->index = v;
        sb_putc(&txt, '[');
        sb_put(&txt, x->ts, x->tn);
        sb_putc(&txt, ']');
      } else if (x->tok == T_STR) {
        sg->key = x->tval->s; sg->kn = x->tval->n;
        sb_puts(&txt, "[\"");
        sb_put(&txt, sg->key, sg->kn);
        sb_puts(&txt, "\"]");
      } else { xerr(x, x->tpos, "expected an index or a quoted key in [ ]"); return NULL; }
      next(x);
      if (x->tok != T_RB) { xerr(x, x->tpos, "expected ']'"); return NULL; }
      next(x);
    } else {
      xerr(x, x->tpos, "expected a name or [index] in the path");
      return NULL;
    }
    e->nsegs++;
    if (x->tok == T_DOT) {
      next(x);
      if (x->tok != T_ID && x->tok != T_LB) { xerr(x, x->tpos, "expected a name or [index] after '.'"); return NULL; }
      continue;
    }
    if (x->tok == T_LB) continue;
    break;
  }
  e->path_text = txt.p;
  return e;
}

static expr *p_primary(X *x) {
  if (++x->depth > MAX_EXPR_DEPTH) { xerr(x, x->tpos, "expression nested too deeply"); return NULL; }
  expr *e = NULL;
  if (x->tok == T_LP) {
    next(x);
    e = p_filtered(x);
    if (!e) return NULL;
    if (x->tok != T_RP) { xerr(x, x->tpos, "expected ')'"); return NULL; }
    next(x);
  } else if (x->tok == T_NUM) {
    e = mk(x, E_LIT, x->tpos);
    e->lit = jv_num(xstrndup(x->ts, x->tn), x->tn);
    next(x);
  } else if (x->tok == T_STR) {
    e = mk(x, E_LIT, x->tpos);
    e->lit = x->tval;
    next(x);
  } else if (id_is(x, "true") || id_is(x, "false") || id_is(x, "null")) {
    e = mk(x, E_LIT, x->tpos);
    e->lit = id_is(x, "null") ? jv_null() : jv_bool(id_is(x, "true"));
    next(x);
  } else if (x->tok == T_ID && !id_is(x, "and") && !id_is(x, "or") && !id_is(x, "not")) {
    e = p_path(x);
  } else if (x->tok == T_BAD) {
    xerr(x, x->tpos, "unexpected character in expression");
  } else if (x->tok == T_EOF) {
    xerr(x, x->tpos, "expression expected");
  } else {
    xerr(x, x->tpos, "unexpected token in expression");
  }
  x->depth--;
  return e;
}

/* integer + and - (row numbers in formulas: loop.index + 1); "a -1" lexes as a, -1 */
static expr *p_add(X *x) {
  expr *a = p_primary(x);
  while (a && (x->tok == T_ARITH || (x->tok == T_NUM && x->ts[0] == '-'))) {
    expr *e = mk(x, E_ARITH, x->tpos);
    e->a = a;
    if (x->tok == T_ARITH) {
      e->op = x->op;
      next(x);
      e->b = p_primary(x);
    } else {
      e->op = '-';
      e->b = mk(x, E_LIT, x->tpos + 1);
      e->b->lit = jv_num(xstrndup(x->ts + 1, x->tn - 1), x->tn - 1);
      next(x);
    }
    if (!e->b) return NULL;
    a = e;
  }
  return a;
}

static expr *p_cmp(X *x) {
  expr *a = p_add(x);
  if (!a) return NULL;
  if (x->tok == T_OP) {
    expr *e = mk(x, E_CMP, x->tpos);
    e->op = x->op;
    next(x);
    e->a = a;
    e->b = p_add(x);
    if (!e->b) return NULL;
    return e;
  }
  return a;
}

static expr *p_not(X *x) {
  if (id_is(x, "not")) {
    if (++x->depth > MAX_EXPR_DEPTH) { xerr(x, x->tpos, "expression nested too deeply"); return NULL; }
    expr *e = mk(x, E_NOT, x->tpos);
    next(x);
    e->a = p_not(x);
    x->depth--;
    return e->a ? e : NULL;
  }
  return p_cmp(x);
}

static expr *p_and(X *x) {
  expr *a = p_not(x);
  while (a && id_is(x, "and")) {
    expr *e = mk(x, E_AND, x->tpos);
    next(x);
    e->a = a;
    e->b = p_not(x);
    if (!e->b) return NULL;
    a = e;
  }
  return a;
}

static expr *p_or(X *x) {
  expr *a = p_and(x);
  while (a && id_is(x, "or")) {
    expr *e = mk(x, E_OR, x->tpos);
    next(x);
    e->a = a;
    e->b = p_and(x);
    if (!e->b) return NULL;
    a = e;
  }
  return a;
}

static expr *p_filtered(X *x) {
  expr *a = p_or(x);
  while (a && x->tok == T_PIPE) {
    next(x);
    if (x->tok != T_ID) { xerr(x, x->tpos, "expected a filter name after '|'"); return NULL; }
    expr *f = mk(x, E_FILTER, x->tpos);
    f->fname = xstrndup(x->ts, x->tn);
    f->a = a;
    next(x);
    if (x->tok == T_LP) {
      next(x);
      int cap = 0;
      if (x->tok != T_RP) {
        while (1) {
          expr *arg = p_or(x);
          if (!arg) return NULL;
          if (f->nargs == cap) { int nc = cap ? cap * 2 : 2; f->args = xrealloc(f->args, sizeof(expr *) * (size_t)cap, sizeof(expr *) * (size_t)nc); cap = nc; }
          f->args[f->nargs++] = arg;
          if (x->tok == T_COMMA) { next(x); continue; }
          break;
        }
      }
      if (x->tok != T_RP) { xerr(x, x->tpos, "expected ')' after filter arguments"); return NULL; }
      next(x);
    }
    a = f;
  }
  return a;
}

expr *expr_parse(const char *src, size_t n, int line, int col) {
  X x = {0};
  x.s = src; x.n = n; x.line0 = line; x.col0 = col;
  next(&x);
  expr *e = p_filtered(&x);
  if (!e) return NULL;
  if (x.tok != T_EOF) { xerr(&x, x.tpos, "unexpected text after the expression"); return NULL; }
  return e;
}

int expr_has_default(const expr *e) {
  for (; e && e->t == E_FILTER; e = e->a)
    if (!strcmp(e->fname, "default")) return 1;
  return 0;
}

/* ---------------- evaluation ---------------- */

int jv_truthy(const jval *v) {
  switch (v->t) {
    case J_NULL: case J_FALSE: case J_MISSING: return 0;
    case J_TRUE: return 1;
    case J_NUM: { decimal d; if (dec_parse(v->s, v->n, &d)) return 1; return d.nd != 0; }
    case J_STR: return v->n != 0;
    case J_ARR: case J_OBJ: return v->count != 0;
  }
  return 0;
}

const char *jv_text(const jval *v, size_t *len, const expr *where) {
  switch (v->t) {
    case J_NULL: case J_MISSING: *len = 0; return "";
    case J_TRUE: *len = 4; return "true";
    case J_FALSE: *len = 5; return "false";
    case J_STR: *len = v->n; return v->s;
    case J_NUM: {
      decimal d;
      if (dec_parse(v->s, v->n, &d)) { *len = v->n; return v->s; }
      const char *t = dec_plain(&d);
      *len = strlen(t);
      return t;
    }
    default:
      fail(ST_TEMPLATE, "template.type", where ? where->line : 0, where ? where->col : 0,
           "cannot insert %s as text", v->t == J_ARR ? "an array" : "an object");
      if (where && where->path_text) g_err.path = where->path_text;
      return NULL;
  }
}

static jval *lookup(evalctx *cx, const expr *e, int soft) {
  const pseg *s0 = &e->segs[0];
  jval *cur = NULL;
  if (!s0->is_index) {
    for (scope *sc = cx->vars; sc; sc = sc->up)
      if (strlen(sc->name) == s0->kn && !memcmp(sc->name, s0->key, s0->kn)) { cur = sc->val; break; }
    if (!cur && s0->kn == 4 && !memcmp(s0->key, "page", 4) && cx->page) {
      cur = cx->page;
      if (e->nsegs > 1 && !e->segs[1].is_index && e->segs[1].kn == 5 && !memcmp(e->segs[1].key, "count", 5))
        cx->page_count_used = 1;
    }
    if (!cur && s0->kn == 4 && !memcmp(s0->key, "user", 4)) cur = cx->user;
    if (!cur && s0->kn == 2 && !memcmp(s0->key, "ai", 2)) cur = cx->ai;
    if (!cur) cur = jv_obj_get(cx->data, s0->key, s0->kn);
  } else if (cx->data->t == J_ARR && s0->index < cx->data->count) {
    cur = cx->data->items[s0->index];
  }
  for (int k = 1; cur && k < e->nsegs; k++) {
    const pseg *sg = &e->segs[k];
    if (sg->is_index) cur = cur->t == J_ARR && sg->index < cur->count ? cur->items[sg->index] : NULL;
    else cur = jv_obj_get(cur, sg->key, sg->kn);
  }
  if (cur) return cur;
  if (soft) return jv_missing();
  fail(ST_TEMPLATE, "template.missing", e->line, e->col, "missing value '%s' (add | default(...) to allow it)", e->path_text);
  g_err.path = e->path_text;
  return NULL;
}

static int cmp_vals(const expr *e, const jval *a, const jval *b, int *out) {
  if (a->t == J_NUM && b->t == J_NUM) {
    decimal x, y;
    if (dec_parse(a->s, a->n, &x) || dec_parse(b->s, b->n, &y)) goto type;
    *out = dec_cmp(&x, &y);
    return 0;
  }
  if (a->t == J_STR && b->t == J_STR) {
    size_t n = a->n < b->n ? a->n : b->n;
    int c = memcmp(a->s, b->s, n);
    *out = c ? (c < 0 ? -1 : 1) : (a->n == b->n ? 0 : (a->n < b->n ? -1 : 1));
    return 0;
  }
  if (e->op == OP_EQ || e->op == OP_NE) {
    int same = a->t == b->t && (a->t == J_NULL || a->t == J_TRUE || a->t == J_FALSE || a->t == J_MISSING);
    *out = same ? 0 : 2;
    return 0;
  }
type:
  return fail(ST_TEMPLATE, "template.type", e->line, e->col, "cannot order-compare values of different types");
}

jval *expr_eval(evalctx *cx, const expr *e, int soft) {
  switch (e->t) {
    case E_LIT: return e->lit;
    case E_PATH: return lookup(cx, e, soft);
    case E_NOT: {
      jval *a = expr_eval(cx, e->a, soft);
      return a ? jv_bool(!jv_truthy(a)) : NULL;
    }
    case E_AND: case E_OR: {
      jval *a = expr_eval(cx, e->a, soft);
      if (!a) return NULL;
      int t = jv_truthy(a);
      if (e->t == E_AND ? !t : t) return a;
      return expr_eval(cx, e->b, soft);
    }
    case E_CMP: {
      jval *a = expr_eval(cx, e->a, soft);
      if (!a) return NULL;
      jval *b = expr_eval(cx, e->b, soft);
      if (!b) return NULL;
      int c;
      if (cmp_vals(e, a, b, &c)) return NULL;
      int r = 0;
      switch (e->op) {
        case OP_EQ: r = c == 0; break;
        case OP_NE: r = c != 0; break;
        case OP_LT: r = c == -1; break;
        case OP_LE: r = c == -1 || c == 0; break;
        case OP_GT: r = c == 1; break;
        case OP_GE: r = c == 1 || c == 0; break;
      }
      return jv_bool(r);
    }
    case E_ARITH: {
      jval *a = expr_eval(cx, e->a, soft);
      if (!a) return NULL;
      jval *b = expr_eval(cx, e->b, soft);
      if (!b) return NULL;
      int64_t x, y;
      const int64_t lim = (int64_t)1 << 52;
      if (a->t == J_MISSING || b->t == J_MISSING) return jv_missing();
      if (!jv_is_int(a, &x) || !jv_is_int(b, &y) || x > lim || x < -lim || y > lim || y < -lim) {
        fail(ST_TEMPLATE, "template.type", e->line, e->col, "'%c' needs whole numbers (up to 2^52)", e->op);
        return NULL;
      }
      int64_t r = e->op == '+' ? x + y : x - y;
      sbuf t = {0};
      sb_int(&t, r);
      return jv_num(t.p, t.len);
    }
    case E_FILTER: {
      int s = soft || !strcmp(e->fname, "default") || expr_has_default(e->a);
      jval *in = expr_eval(cx, e->a, s);
      if (!in) return NULL;
      return apply_filter(cx, e, in);
    }
  }
  return NULL;
}
