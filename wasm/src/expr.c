/* Expressions of {{ }} and {% %}: paths with index access, literals,
 * comparisons, and/or/not, and filter chains. */
#include "tmpl.h"
#include <string.h>

#define MAX_EXPR_DEPTH 100

enum { T_EOF, T_ID, T_NUM, T_STR, T_DOT, T_LB, T_RB, T_LP, T_RP, T_COMMA, T_PIPE, T_OP, T_ARITH, T_ASSIGN, T_BAD };

typedef struct {
  const char *s; size_t n, i;
  int line0, col0;
  int tok; const char *ts; size_t tn; size_t tpos; int op;
  jval *tval;
  int depth;
  expr *pending;  /* a filtered expression that is the left operand of what follows */
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

/* Identifiers: ASCII letters, digits, '_', and the letters of any script
 * (every non-ASCII code point except spaces and punctuation), so r.区域 and
 * r.Straße are paths. */
static int uni_id(uint32_t cp) {
  if (cp < 0x80) return 0;
  if (cp < 0xC0) return cp == 0xAA || cp == 0xB5 || cp == 0xBA;
  if (cp == 0xD7 || cp == 0xF7) return 0;
  if (cp >= 0x2000 && cp <= 0x206F) return 0;           /* general punctuation, spaces */
  if (cp >= 0x3000 && cp <= 0x303F) return cp == 0x3005 || cp == 0x3007; /* 、。「」 but 々 〇 */
  if (cp >= 0xFF00 && cp <= 0xFF0F) return 0;           /* fullwidth ！＂（），．／ */
  if (cp >= 0xFF1A && cp <= 0xFF20) return 0;
  if (cp >= 0xFF3B && cp <= 0xFF40) return cp == 0xFF3F;
  if (cp >= 0xFF5B && cp <= 0xFF65) return 0;
  if (cp == 0xFEFF || cp == 0x00A0 || cp == 0x1680) return 0;
  return 1;
}

/* length of the identifier character at s[i] (0 when none); tparse.c names
 * loop and {% set %} variables with it, so they take the same identifiers */
size_t tmpl_id_char(const char *s, size_t n, size_t i, int first) {
  char c = s[i];
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_') return 1;
  if (!first && c >= '0' && c <= '9') return 1;
  if ((unsigned char)c < 0x80) return 0;
  size_t j = i;
  uint32_t cp;
  if (utf8_decode(s, n, &j, &cp)) return 0;
  return uni_id(cp) ? j - i : 0;
}

static size_t id_char(X *x, size_t i, int first) { return tmpl_id_char(x->s, x->n, i, first); }

static void next(X *x) {
  while (x->i < x->n && (x->s[x->i] == ' ' || x->s[x->i] == '\t' || x->s[x->i] == '\n' || x->s[x->i] == '\r')) x->i++;
  x->tpos = x->i;
  x->ts = x->s + x->i;
  x->tn = 0;
  if (x->i >= x->n) { x->tok = T_EOF; return; }
  char c = x->s[x->i];
  size_t w = id_char(x, x->i, 1);
  if (w) {
    size_t st = x->i;
    x->i += w;
    while (x->i < x->n && (w = id_char(x, x->i, 0))) x->i += w;
    x->tok = T_ID; x->tn = x->i - st;
    return;
  }
  if (c >= '0' && c <= '9') {
    size_t st = x->i;
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
      if (x->i >= x->n) { x->tok = T_BAD; x->op = 'q'; return; }
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
  x->op = 0;
  switch (c) {
    case '.': x->tok = T_DOT; return;
    case '[': x->tok = T_LB; return;
    case ']': x->tok = T_RB; return;
    case '(': x->tok = T_LP; return;
    case ')': x->tok = T_RP; return;
    case ',': x->tok = T_COMMA; return;
    case '|': x->tok = T_PIPE; return;
    case '+': case '-': case '*': case '/': case '%': case '~': x->tok = T_ARITH; x->op = c; return;
    case '=': if (x->i < x->n && x->s[x->i] == '=') { x->i++; x->tok = T_OP; x->op = OP_EQ; return; }
      x->tok = T_ASSIGN; return;
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
static expr *p_or(X *x);

/* (arg, NAME=arg, ...) of a filter or a macro call; x->tok is '(' */
static int p_args(X *x, expr *f) {
  next(x);
  int cap = 0;
  if (x->tok != T_RP) {
    while (1) {
      const char *kw = NULL;
      size_t at = x->tpos;
      if (x->tok == T_ID) {
        /* keyword argument NAME=value */
        X save = *x;
        const char *nm = x->ts; size_t nn = x->tn;
        next(x);
        if (x->tok == T_ASSIGN) { kw = xstrndup(nm, nn); next(x); }
        else *x = save;
      }
      expr *arg = p_or(x);
      if (!arg) return -1;
      if (f->nargs == cap) {
        int nc = cap ? cap * 2 : 2;
        f->args = xrealloc(f->args, sizeof(expr *) * (size_t)cap, sizeof(expr *) * (size_t)nc);
        f->argnames = xrealloc(f->argnames, sizeof(char *) * (size_t)cap, sizeof(char *) * (size_t)nc);
        if (f->t == E_CALL) f->kwpos = xrealloc(f->kwpos, sizeof(int) * 2 * (size_t)cap, sizeof(int) * 2 * (size_t)nc);
        cap = nc;
      }
      if (f->t == E_CALL) pos_of(x, at, &f->kwpos[2 * f->nargs], &f->kwpos[2 * f->nargs + 1]);
      f->argnames[f->nargs] = kw;
      f->args[f->nargs++] = arg;
      if (x->tok == T_COMMA) { next(x); continue; }
      break;
    }
  }
  if (x->tok != T_RP) {
    xerr(x, x->tpos, f->t == E_CALL ? "expected ')' or ',' after a macro argument" : "expected ')' or ',' after a filter argument");
    return -1;
  }
  next(x);
  return 0;
}

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
        if (x->tn > 12) { xerr(x, x->tpos, "index must be a non-negative integer"); return NULL; }
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
      } else if (x->tok == T_ARITH && x->op == '-') {
        xerr(x, x->tpos, "index must be a non-negative integer"); return NULL;
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
      if (x->tok != T_ID && x->tok != T_LB) {
        xerr(x, x->tpos, x->tok == T_NUM ? "use [N] for an array index, not .N" : "expected a name or [index] after '.'");
        return NULL;
      }
      continue;
    }
    if (x->tok == T_LB) continue;
    break;
  }
  e->path_text = txt.p;
  return e;
}

static expr *p_primary(X *x) {
  if (x->pending) { expr *p = x->pending; x->pending = NULL; return p; }
  if (++x->depth > MAX_EXPR_DEPTH) { xerr(x, x->tpos, "expression nested too deeply"); return NULL; }
  expr *e = NULL;
  if (x->tok == T_LP) {
    next(x);
    e = p_filtered(x);
    if (!e) return NULL;
    if (x->tok != T_RP) { xerr(x, x->tpos, "expected ')'"); return NULL; }
    next(x);
    if (x->tok == T_DOT || x->tok == T_LB) {
      /* (expr).name / (expr)[i]: a path from the value in parentheses */
      if (x->tok == T_DOT) {
        next(x);
        if (x->tok != T_ID && x->tok != T_LB) { xerr(x, x->tpos, "expected a name or [index] after '.'"); return NULL; }
      }
      expr *p = p_path(x);
      if (!p) return NULL;
      p->a = e;
      sbuf t = {0};
      sb_puts(&t, "(...)");
      if (p->path_text[0] != '[') sb_putc(&t, '.');
      sb_puts(&t, p->path_text);
      p->path_text = t.p;
      e = p;
    }
  } else if (x->tok == T_NUM) {
    e = mk(x, E_LIT, x->tpos);
    e->lit = jv_num(xstrndup(x->ts, x->tn), x->tn);
    next(x);
  } else if (x->tok == T_STR) {
    e = mk(x, E_LIT, x->tpos);
    e->lit = x->tval;
    next(x);
  } else if (id_is(x, "true") || id_is(x, "false") || id_is(x, "null") || id_is(x, "none")) {
    e = mk(x, E_LIT, x->tpos);
    e->lit = id_is(x, "null") || id_is(x, "none") ? jv_null() : jv_bool(id_is(x, "true"));
    next(x);
  } else if (x->tok == T_ID && !id_is(x, "and") && !id_is(x, "or") && !id_is(x, "not") && x->i < x->n && x->s[x->i] == '(') {
    /* name(...) right after the name: a macro call */
    e = mk(x, E_CALL, x->tpos);
    e->fname = xstrndup(x->ts, x->tn);
    next(x);
    if (p_args(x, e)) return NULL;
  } else if (x->tok == T_ID && !id_is(x, "and") && !id_is(x, "or") && !id_is(x, "not")) {
    e = p_path(x);
  } else if (x->tok == T_BAD) {
    xerr(x, x->tpos, x->op == 'q' ? "unterminated string (a quote is never closed)" : "unexpected character in expression");
  } else if (x->tok == T_EOF) {
    xerr(x, x->tpos, "expression expected");
  } else if (x->tok == T_ARITH || x->tok == T_OP) {
    xerr(x, x->tpos, "an operator needs a value before it");
  } else if (x->tok == T_ASSIGN) {
    xerr(x, x->tpos, "'=' is not a comparison here (use == to compare)");
  } else if (x->tok == T_ID) {
    xerr(x, x->tpos, "a value is expected before this keyword");
  } else {
    xerr(x, x->tpos, "unexpected token in expression");
  }
  x->depth--;
  return e;
}

/* unary minus (and plus); -1 stays a literal */
static expr *p_unary(X *x) {
  if (!x->pending && x->tok == T_ARITH && (x->op == '-' || x->op == '+')) {
    if (++x->depth > MAX_EXPR_DEPTH) { xerr(x, x->tpos, "expression nested too deeply"); return NULL; }
    int neg = x->op == '-';
    expr *e = mk(x, E_NEG, x->tpos);
    next(x);
    expr *a = p_unary(x);
    x->depth--;
    if (!a) return NULL;
    if (!neg) return a;
    if (a->t == E_LIT && a->lit->t == J_NUM && a->lit->s[0] != '-') {
      sbuf t = {0};
      sb_putc(&t, '-');
      sb_put(&t, a->lit->s, a->lit->n);
      a->lit = jv_num(t.p, t.len);
      a->line = e->line; a->col = e->col;
      return a;
    }
    e->a = a;
    return e;
  }
  return p_primary(x);
}

static expr *p_mul(X *x) {
  expr *a = p_unary(x);
  while (a && x->tok == T_ARITH && (x->op == '*' || x->op == '/' || x->op == '%')) {
    expr *e = mk(x, E_ARITH, x->tpos);
    e->a = a;
    e->op = x->op;
    next(x);
    e->b = p_unary(x);
    if (!e->b) return NULL;
    a = e;
  }
  return a;
}

static expr *p_add(X *x) {
  expr *a = p_mul(x);
  while (a && x->tok == T_ARITH && (x->op == '+' || x->op == '-' || x->op == '~')) {
    expr *e = mk(x, E_ARITH, x->tpos);
    e->a = a;
    e->op = x->op;
    next(x);
    e->b = p_mul(x);
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
    if (x->tok == T_OP) { xerr(x, x->tpos, "comparisons do not chain (write a < b and b < c)"); return NULL; }
    return e;
  }
  return a;
}

static expr *p_not(X *x) {
  if (!x->pending && id_is(x, "not")) {
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

static int is_binop(X *x) {
  return x->tok == T_ARITH || x->tok == T_OP || id_is(x, "and") || id_is(x, "or");
}

/* A filter chain applies to everything on its left (a * b | number(2) is
 * (a * b) | number(2)); an operator after the chain takes the filtered value
 * as its left operand (items | length > 3). */
static expr *p_filtered(X *x) {
  if (++x->depth > MAX_EXPR_DEPTH) { xerr(x, x->tpos, "expression nested too deeply"); return NULL; }
  expr *a = p_or(x);
  while (a) {
    if (x->tok == T_PIPE) {
      next(x);
      if (x->tok != T_ID) { xerr(x, x->tpos, "expected a filter name after '|'"); return NULL; }
      expr *f = mk(x, E_FILTER, x->tpos);
      f->fname = xstrndup(x->ts, x->tn);
      f->a = a;
      next(x);
      if (x->tok == T_LP && p_args(x, f)) return NULL;
      a = f;
      continue;
    }
    if (is_binop(x) && a->t == E_FILTER) {
      x->pending = a;
      a = p_or(x);
      continue;
    }
    break;
  }
  x->depth--;
  return a;
}

/* the first macro call in e; iterates down the left operands (long filter and
 * operator chains nest there), recurses only into right operands and arguments */
static const expr *find_call(const expr *e) {
  for (; e; e = e->a) {
    if (e->t == E_CALL) return e;
    const expr *c = find_call(e->b);
    for (int k = 0; k < e->nargs && !c; k++) c = find_call(e->args[k]);
    if (c) return c;
  }
  return NULL;
}

expr *expr_parse(const char *src, size_t n, int line, int col) {
  X x = {0};
  x.s = src; x.n = n; x.line0 = line; x.col0 = col;
  next(&x);
  expr *e = p_filtered(&x);
  if (!e) return NULL;
  if (x.tok != T_EOF) {
    if (x.tok == T_ASSIGN) xerr(&x, x.tpos, "'=' is not a comparison (use ==)");
    else if (x.tok == T_ID || x.tok == T_NUM || x.tok == T_STR)
      xerr(&x, x.tpos, "unexpected text after the expression (a missing operator or '|'?)");
    else xerr(&x, x.tpos, "unexpected text after the expression");
    return NULL;
  }
  /* a macro call writes content: it is a whole {{ }} of its own, never a value inside one */
  const expr *c = NULL;
  if (e->t == E_CALL) {
    for (int k = 0; k < e->nargs && !c; k++) c = find_call(e->args[k]);
  } else {
    c = find_call(e);
  }
  if (c) {
    fail(ST_TEMPLATE, "template.syntax", c->line, c->col,
         "macro call '%s(...)' inside an expression: a call writes template content, so it must be a {{ }} of its own",
         c->fname);
    return NULL;
  }
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
  int k0 = 1;
  if (e->a) {
    cur = expr_eval(cx, e->a, soft);
    if (!cur) return NULL;
    if (cur->t == J_MISSING) return cur;
    k0 = 0;
  } else if (!s0->is_index) {
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
  jval *parent = cur ? NULL : cx->data;
  int failed_at = 0;
  for (int k = k0; cur && k < e->nsegs; k++) {
    const pseg *sg = &e->segs[k];
    parent = cur;
    failed_at = k;
    if (sg->is_index) cur = cur->t == J_ARR && sg->index < cur->count ? cur->items[sg->index] : NULL;
    else cur = jv_obj_get(cur, sg->key, sg->kn);
  }
  if (cur) return cur;
  if (soft) return jv_missing();
  /* did you mean: the keys that exist where the path stopped */
  const char *hint = NULL;
  const pseg *bad = &e->segs[failed_at];
  if (!bad->is_index && parent && parent->t == J_OBJ && parent->count) {
    int n = parent->count < 500 ? parent->count : 500, extra = 0;
    const char **c = xalloc(sizeof(char *) * (size_t)(n + 40));
    for (int i = 0; i < n; i++) c[i] = xstrndup(parent->keys[i]->s, parent->keys[i]->n);
    if (failed_at == 0 && !e->a) {
      for (scope *sc = cx->vars; sc && extra < 35; sc = sc->up) c[n + extra++] = sc->name;
    }
    c[n + extra] = NULL;
    hint = closest_word(xstrndup(bad->key, bad->kn), c);
  }
  int idx_past = bad->is_index && parent && parent->t == J_ARR;
  if (idx_past)
    fail(ST_TEMPLATE, "template.missing", e->line, e->col, "missing value '%s': index %d is past the end (%d items)",
         e->path_text, (int)bad->index, parent->count);
  else
    fail(ST_TEMPLATE, "template.missing", e->line, e->col, "missing value '%s'%s%s%s (add | default(...) to allow it)",
         e->path_text, hint ? " (did you mean '" : "", hint ? hint : "", hint ? "'?)" : "");
  g_err.path = e->path_text;
  return NULL;
}

int jv_decimal(const jval *v, decimal *d) {
  if ((v->t == J_NUM || v->t == J_STR) && dec_parse(v->s, v->n, d) == 0) return 0;
  if (v->t == J_STR) {
    /* tolerate surrounding spaces, as in CSV cells */
    size_t a = 0, b = v->n;
    while (a < b && v->s[a] == ' ') a++;
    while (b > a && v->s[b - 1] == ' ') b--;
    if (b > a && dec_parse(v->s + a, b - a, d) == 0) return 0;
  }
  return -1;
}

jval *jv_from_dec(const decimal *d) {
  char *t = dec_plain(d);
  return jv_num(t, strlen(t));
}

int jv_order(const jval *a, const jval *b) {
  if (a->t == J_NUM && b->t == J_NUM) {
    decimal x, y;
    if (dec_parse(a->s, a->n, &x) || dec_parse(b->s, b->n, &y)) return 2;
    return dec_cmp(&x, &y);
  }
  if (a->t == J_STR && b->t == J_STR) {
    size_t n = a->n < b->n ? a->n : b->n;
    int c = memcmp(a->s, b->s, n);  /* UTF-8 byte order is code point order */
    return c ? (c < 0 ? -1 : 1) : (a->n == b->n ? 0 : (a->n < b->n ? -1 : 1));
  }
  if ((a->t == J_TRUE || a->t == J_FALSE) && (b->t == J_TRUE || b->t == J_FALSE))
    return a->t == b->t ? 0 : a->t == J_FALSE ? -1 : 1;
  if (a->t == b->t && (a->t == J_NULL || a->t == J_MISSING)) return 0;
  return 2;
}

jval *jv_attr(const jval *v, const char *path, size_t n) {
  size_t i = 0;
  while (v && i <= n) {
    size_t j = i;
    while (j < n && path[j] != '.') j++;
    int digits = j > i;
    int64_t idx = 0;
    for (size_t k = i; k < j; k++) {
      if (path[k] < '0' || path[k] > '9' || k - i > 12) { digits = 0; break; }
      idx = idx * 10 + (path[k] - '0');
    }
    if (v->t == J_ARR && digits) v = idx < v->count ? v->items[idx] : NULL;
    else v = jv_obj_get(v, path + i, j - i);
    if (j >= n) break;
    i = j + 1;
  }
  return (jval *)v;
}

static const char *type_name(const jval *v) {
  switch (v->t) {
    case J_NULL: return "null";
    case J_TRUE: case J_FALSE: return "a boolean";
    case J_NUM: return "a number";
    case J_STR: return "a string";
    case J_ARR: return "an array";
    case J_OBJ: return "an object";
    case J_MISSING: return "a missing value";
  }
  return "a value";
}

static int cmp_vals(const expr *e, const jval *a, const jval *b, int *out) {
  int c = jv_order(a, b);
  if (c != 2 || e->op == OP_EQ || e->op == OP_NE) { *out = c; return 0; }
  return fail(ST_TEMPLATE, "template.type", e->line, e->col, "cannot order-compare %s with %s", type_name(a), type_name(b));
}

static const char *op_name(int op) {
  switch (op) {
    case '+': return "'+'"; case '-': return "'-'"; case '*': return "'*'";
    case '/': return "'/'"; case '%': return "'%'";
  }
  return "the operator";
}

static jval *arith(const expr *e, const jval *a, const jval *b) {
  if (e->op == '~') {
    size_t na, nb;
    const char *ta = jv_text(a, &na, e->a), *tb = ta ? jv_text(b, &nb, e->b) : NULL;
    if (!tb) return NULL;
    sbuf t = {0};
    sb_put(&t, ta, na);
    sb_put(&t, tb, nb);
    return jv_str(t.p ? t.p : "", t.len);
  }
  decimal x, y, r;
  const jval *bad = jv_decimal(a, &x) ? a : jv_decimal(b, &y) ? b : NULL;
  if (bad) {
    const expr *w = bad == a ? e->a : e->b;
    if (bad->t == J_STR)
      fail(ST_TEMPLATE, "template.type", w->line, w->col, "%s needs numbers, not the string \"%.*s\"%s", op_name(e->op),
           (int)(bad->n > 40 ? 40 : bad->n), bad->s, e->op == '+' ? " (join text with ~)" : "");
    else
      fail(ST_TEMPLATE, "template.type", w->line, w->col, "%s needs numbers, not %s", op_name(e->op), type_name(bad));
    if (w->path_text) g_err.path = w->path_text;
    return NULL;
  }
  int rc;
  switch (e->op) {
    case '+': rc = dec_add(&x, &y, 0, &r); break;
    case '-': rc = dec_add(&x, &y, 1, &r); break;
    case '*': rc = dec_mul(&x, &y, &r); break;
    case '/': rc = dec_div(&x, &y, DIV_PLACES, &r); break;
    default: rc = dec_mod(&x, &y, &r); break;
  }
  if (rc == DEC_DIV0) { fail(ST_TEMPLATE, "template.type", e->line, e->col, "%s by zero", e->op == '/' ? "division" : "remainder"); return NULL; }
  if (rc) { fail(ST_TEMPLATE, "template.type", e->line, e->col, "result of %s is out of range (more than %d digits or 10^400)", op_name(e->op), DEC_MAX_DIGITS); return NULL; }
  return jv_from_dec(&r);
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
      if (a->t == J_MISSING || b->t == J_MISSING) return jv_missing();
      return arith(e, a, b);
    }
    case E_NEG: {
      jval *a = expr_eval(cx, e->a, soft);
      if (!a) return NULL;
      if (a->t == J_MISSING) return a;
      decimal x;
      if (jv_decimal(a, &x)) {
        fail(ST_TEMPLATE, "template.type", e->line, e->col, "'-' needs a number, not %s", type_name(a));
        return NULL;
      }
      if (x.nd) x.neg = !x.neg;
      return jv_from_dec(&x);
    }
    case E_CALL:
      fail(ST_TEMPLATE, "template.syntax", e->line, e->col,
           "macro '%s' can only be called as a whole {{ %s(...) }} in content, not in an attribute or a condition",
           e->fname, e->fname);
      return NULL;
    case E_FILTER: {
      int s = soft || !strcmp(e->fname, "default") || expr_has_default(e->a);
      jval *in = expr_eval(cx, e->a, s);
      if (!in) return NULL;
      return apply_filter(cx, e, in);
    }
  }
  return NULL;
}
