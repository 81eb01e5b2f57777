/* Filters of the template language (contract: Filters table). */
#include "datefmt.h"
#include "tmpl.h"
#include <string.h>

static int ferr(const expr *f, const char *code, const char *msg) {
  fail(ST_TEMPLATE, code, f->line, f->col, "filter '%s': %s", f->fname, msg);
  return -1;
}

static jval *arg(evalctx *cx, const expr *f, int i) {
  if (i >= f->nargs) return NULL;
  return expr_eval(cx, f->args[i], 0);
}

/* index of the argument at position pos or with keyword kw; -1 when absent */
static int arg_at(const expr *f, int pos, const char *kw) {
  for (int i = 0; i < f->nargs; i++)
    if (f->argnames && f->argnames[i] && kw && !strcmp(f->argnames[i], kw)) return i;
  if (pos >= 0 && pos < f->nargs && !(f->argnames && f->argnames[pos])) return pos;
  return -1;
}

/* keyword names must be ones the filter knows, and positional ones come first */
static int check_kw(const expr *f, const char *const *kws, int maxpos) {
  int seen_kw = 0;
  for (int i = 0; i < f->nargs; i++) {
    const char *k = f->argnames ? f->argnames[i] : NULL;
    const expr *a = f->args[i];
    if (!k) {
      if (seen_kw) return fail(ST_TEMPLATE, "template.filter", a->line, a->col, "filter '%s': a positional argument after a keyword argument", f->fname);
      if (i >= maxpos) return fail(ST_TEMPLATE, "template.filter", a->line, a->col, "filter '%s' takes at most %d arguments", f->fname, maxpos);
      continue;
    }
    seen_kw = 1;
    int ok = 0;
    for (int j = 0; kws && kws[j]; j++) if (!strcmp(kws[j], k)) ok = 1;
    if (!ok) {
      const char *hint = kws ? closest_word(k, kws) : NULL;
      fail(ST_TEMPLATE, "template.filter", a->line, a->col, "filter '%s' has no argument '%s'%s%s%s", f->fname, k,
           hint ? " (did you mean '" : "", hint ? hint : "", hint ? "'?)" : "");
      return -1;
    }
  }
  return 0;
}

int edit_distance(const char *a, const char *b) {
  size_t na = strlen(a), nb = strlen(b);
  if (na > 40 || nb > 40) return 99;
  int row[41];
  for (size_t j = 0; j <= nb; j++) row[j] = (int)j;
  for (size_t i = 1; i <= na; i++) {
    int prev = row[0], diag;
    row[0] = (int)i;
    for (size_t j = 1; j <= nb; j++) {
      diag = prev;
      prev = row[j];
      int v = diag + (a[i - 1] != b[j - 1]);
      if (row[j] + 1 < v) v = row[j] + 1;
      if (row[j - 1] + 1 < v) v = row[j - 1] + 1;
      /* a swap of neighbours (endfro) costs one */
      row[j] = v;
    }
  }
  return row[nb];
}

const char *closest_word(const char *w, const char *const *cands) {
  const char *best = NULL;
  int bd = 99;
  size_t n = strlen(w);
  for (int k = 0; cands[k]; k++) {
    int d = edit_distance(w, cands[k]);
    if (d < bd) { bd = d; best = cands[k]; }
  }
  int lim = n <= 2 ? 1 : n <= 6 ? 2 : 3;
  return bd <= lim ? best : NULL;
}

/* integer argument i in [lo, hi], default dflt */
static int int_arg(evalctx *cx, const expr *f, int i, int dflt, int lo, int hi, int *out) {
  if (i >= f->nargs) { *out = dflt; return 0; }
  jval *v = arg(cx, f, i);
  if (!v) return -1;
  int64_t x;
  if (!jv_is_int(v, &x) || x < lo || x > hi) {
    fail(ST_TEMPLATE, "template.filter", f->line, f->col, "filter '%s': argument %d must be an integer from %d to %d",
         f->fname, i + 1, lo, hi);
    return -1;
  }
  *out = (int)x;
  return 0;
}

static int str_arg(evalctx *cx, const expr *f, int i, const char *dflt, const char **s, size_t *n) {
  if (i >= f->nargs) { *s = dflt; *n = strlen(dflt); return 0; }
  jval *v = arg(cx, f, i);
  if (!v) return -1;
  *s = jv_text(v, n, f);
  return *s ? 0 : -1;
}

/* the input as an exact decimal: numbers, or strings holding a JSON number */
static int num_in(const expr *f, const jval *in, decimal *d) {
  if (jv_decimal(in, d) == 0) return 0;
  return ferr(f, "template.type", in->t == J_STR ? "needs a number (the text is not one)" : "needs a number");
}

static jval *mkstr(const char *s) { return jv_str(s, strlen(s)); }

static jval *case_map(const jval *in, int upper) {
  sbuf b = {0};
  sb_put(&b, "", 0);
  size_t i = 0;
  while (i < in->n) {
    uint32_t cp;
    size_t st = i;
    if (utf8_decode(in->s, in->n, &i, &cp)) { i = st + 1; continue; }
    if (upper) {
      if (cp >= 'a' && cp <= 'z') cp -= 32;
      else if (cp >= 0xE0 && cp <= 0xFE && cp != 0xF7) cp -= 32;
      else if (cp == 0xFF) cp = 0x178;
    } else {
      if (cp >= 'A' && cp <= 'Z') cp += 32;
      else if (cp >= 0xC0 && cp <= 0xDE && cp != 0xD7) cp += 32;
    }
    sb_utf8(&b, cp);
  }
  return jv_str(b.p, b.len);
}

/* The locale a filter uses: its locale= keyword (or the positional argument pos), else the one in effect. */
static int locale_arg(evalctx *cx, const expr *f, int pos, const o3_locale **out) {
  *out = locale_default(NULL);
  int i = arg_at(f, pos, "locale");
  if (i < 0) return 0;
  jval *v = expr_eval(cx, f->args[i], 0);
  if (!v) return -1;
  const expr *a = f->args[i];
  if (v->t != J_STR) return fail(ST_TEMPLATE, "template.filter", a->line, a->col, "filter '%s': locale must be a tag such as \"de-DE\"", f->fname);
  const o3_locale *L = locale_find(v->s, v->n);
  if (!L) {
    const char *hint = locale_hint(v->s, v->n);
    fail(ST_TEMPLATE, "template.filter", a->line, a->col, "filter '%s': unknown locale '%.*s'%s%s%s (known: %s)", f->fname,
         (int)v->n, v->s, hint ? " (did you mean '" : "", hint ? hint : "", hint ? "'?)" : "", locale_list());
    return -1;
  }
  *out = L;
  return 0;
}

static jval *date_filter(evalctx *cx, const expr *f, const jval *in) {
  static const char *const kws[] = {"format", "locale", "numerals", NULL};
  const char *fmt = "YYYY-MM-DD";
  size_t fn = 10;
  const o3_locale *L;
  if (check_kw(f, kws, 2) || locale_arg(cx, f, 1, &L)) return NULL;
  int fi = arg_at(f, 0, "format"), ni = arg_at(f, -1, "numerals"), hanzi = 0;
  if (fi >= 0) {
    jval *v = expr_eval(cx, f->args[fi], 0);
    if (!v) return NULL;
    if (!(fmt = jv_text(v, &fn, f))) return NULL;
  }
  if (ni >= 0) {
    jval *v = expr_eval(cx, f->args[ni], 0);
    if (!v) return NULL;
    int latn = v->t == J_STR && v->n == 4 && !memcmp(v->s, "latn", 4);
    hanzi = v->t == J_STR && v->n == 5 && !memcmp(v->s, "hanzi", 5);
    if (!latn && !hanzi) {
      const expr *a = f->args[ni];
      fail(ST_TEMPLATE, "template.filter", a->line, a->col, "filter 'date': numerals must be \"hanzi\" (二〇二六年五月十日) or \"latn\" (0-9)");
      return NULL;
    }
  }
  return date_format(f, in, fmt, fn, L, hanzi);
}

/* ---- list filters ---- */

static int attr_name(evalctx *cx, const expr *f, int pos, const char **s, size_t *n) {
  int i = arg_at(f, pos, "attribute");
  if (i < 0) { *s = NULL; *n = 0; return 0; }
  jval *v = expr_eval(cx, f->args[i], 0);
  if (!v) return -1;
  if (v->t != J_STR) return fail(ST_TEMPLATE, "template.filter", f->args[i]->line, f->args[i]->col, "filter '%s': attribute must be a quoted name", f->fname);
  *s = v->s; *n = v->n;
  return 0;
}

/* the attribute of item k of the input (the item itself without one) */
static jval *item_key(const expr *f, const jval *it, int k, const char *an, size_t ann) {
  if (!an) return (jval *)it;
  jval *v = jv_attr(it, an, ann);
  if (!v) {
    fail(ST_TEMPLATE, "template.missing", f->line, f->col, "filter '%s': item %d has no '%.*s'", f->fname, k, (int)ann, an);
    g_err.path = xstrndup(an, ann);
  }
  return v;
}

static int need_array(const expr *f, const jval *in) {
  if (in->t == J_ARR) return 0;
  return ferr(f, "template.type", in->t == J_OBJ ? "needs an array (this is an object)" : "needs an array");
}

static int g_sort_err;
static const expr *g_sort_f;

static int key_cmp(const jval *a, const jval *b) {
  int c = jv_order(a, b);
  if (c == 2) {
    if (!g_sort_err) ferr(g_sort_f, "template.type", "cannot order values of different types");
    g_sort_err = 1;
    return 0;
  }
  return c;
}

/* stable merge sort of idx[0..n) by keys[idx] */
static void msort(int *idx, int *tmp, int n, jval **keys, int rev) {
  if (n < 2) return;
  int h = n / 2;
  msort(idx, tmp, h, keys, rev);
  msort(idx + h, tmp, n - h, keys, rev);
  int i = 0, j = h, o = 0;
  while (i < h && j < n) {
    int c = key_cmp(keys[idx[j]], keys[idx[i]]);
    if (rev) c = -c;
    tmp[o++] = c < 0 ? idx[j++] : idx[i++];
  }
  while (i < h) tmp[o++] = idx[i++];
  while (j < n) tmp[o++] = idx[j++];
  memcpy(idx, tmp, sizeof(int) * (size_t)n);
}

static jval *mkarr(int n) {
  jval *a = xalloc(sizeof *a);
  a->t = J_ARR;
  a->count = 0;
  a->items = xalloc(sizeof(jval *) * (size_t)(n > 0 ? n : 1));
  return a;
}

static int bool_kw(evalctx *cx, const expr *f, const char *kw, int *out) {
  *out = 0;
  int i = arg_at(f, -1, kw);
  if (i < 0) return 0;
  jval *v = expr_eval(cx, f->args[i], 0);
  if (!v) return -1;
  *out = jv_truthy(v);
  return 0;
}

static jval *sorted(evalctx *cx, const expr *f, jval *in, int group) {
  static const char *const kws[] = {"attribute", "reverse", NULL};
  const char *an; size_t ann; int rev;
  if (check_kw(f, kws, 1) || need_array(f, in) || attr_name(cx, f, 0, &an, &ann) || bool_kw(cx, f, "reverse", &rev)) return NULL;
  if (group && !an) { ferr(f, "template.filter", "needs the attribute to group by: groupby(\"region\")"); return NULL; }
  int n = in->count;
  jval **keys = xalloc(sizeof(jval *) * (size_t)(n ? n : 1));
  int *idx = xalloc(sizeof(int) * (size_t)(n ? n : 1)), *tmp = xalloc(sizeof(int) * (size_t)(n ? n : 1));
  for (int k = 0; k < n; k++) {
    keys[k] = item_key(f, in->items[k], k, an, ann);
    if (!keys[k]) return NULL;
    idx[k] = k;
  }
  g_sort_err = 0; g_sort_f = f;
  msort(idx, tmp, n, keys, rev);
  if (g_sort_err) return NULL;
  jval *out = mkarr(n);
  if (!group) {
    for (int k = 0; k < n; k++) out->items[out->count++] = in->items[idx[k]];
    return out;
  }
  static const char *const gk[] = {"grouper", "list"};
  for (int k = 0; k < n;) {
    int e = k;
    while (e < n && jv_order(keys[idx[e]], keys[idx[k]]) == 0) e++;
    jval *g = xalloc(sizeof *g), *lst = mkarr(e - k);
    for (int j = k; j < e; j++) lst->items[lst->count++] = in->items[idx[j]];
    g->t = J_OBJ; g->count = 2;
    g->keys = xalloc(sizeof(jval *) * 2); g->items = xalloc(sizeof(jval *) * 2);
    for (int j = 0; j < 2; j++) g->keys[j] = jv_str(gk[j], strlen(gk[j]));
    g->items[0] = keys[idx[k]];
    g->items[1] = lst;
    out->items[out->count++] = g;
    k = e;
  }
  return out;
}

static jval *select_attr(evalctx *cx, const expr *f, jval *in, int reject) {
  static const char *const kws[] = {"attribute", NULL};
  static const char *const ops[] = {"==", "!=", "<", "<=", ">", ">=", "eq", "ne", "lt", "le", "gt", "ge", "equalto", NULL};
  const char *an; size_t ann;
  if (check_kw(f, kws, 3) || need_array(f, in) || attr_name(cx, f, 0, &an, &ann)) return NULL;
  if (!an) { ferr(f, "template.filter", "needs an attribute name: selectattr(\"active\") or selectattr(\"qty\", \">\", 0)"); return NULL; }
  int op = -1;
  jval *val = NULL;
  if (f->nargs >= 2) {
    jval *o = arg(cx, f, 1);
    if (!o) return NULL;
    for (int k = 0; ops[k] && o->t == J_STR; k++) if (o->n == strlen(ops[k]) && !memcmp(o->s, ops[k], o->n)) op = k;
    if (op < 0) { fail(ST_TEMPLATE, "template.filter", f->args[1]->line, f->args[1]->col, "filter '%s': the test must be one of == != < <= > >=", f->fname); return NULL; }
    if (op >= 6) op = op == 12 ? 0 : op - 6;
    if (f->nargs < 3) { ferr(f, "template.filter", "needs a value to compare with"); return NULL; }
    val = arg(cx, f, 2);
    if (!val) return NULL;
  }
  jval *out = mkarr(in->count);
  for (int k = 0; k < in->count; k++) {
    jval *v = jv_attr(in->items[k], an, ann);
    int keep;
    if (op < 0) keep = v && jv_truthy(v);
    else if (!v) keep = 0;
    else {
      int c = jv_order(v, val);
      if (c == 2 && op >= 2) {
        fail(ST_TEMPLATE, "template.type", f->line, f->col, "filter '%s': item %d: cannot order-compare its '%.*s' with the value", f->fname, k, (int)ann, an);
        return NULL;
      }
      keep = op == 0 ? c == 0 : op == 1 ? c != 0 : op == 2 ? c == -1 : op == 3 ? (c == -1 || c == 0) : op == 4 ? c == 1 : (c == 1 || c == 0);
    }
    if (keep != reject) out->items[out->count++] = in->items[k];
  }
  return out;
}

static jval *list_filter(evalctx *cx, const expr *f, jval *in, int *handled) {
  const char *name = f->fname;
  *handled = 1;
  if (!strcmp(name, "sort")) return sorted(cx, f, in, 0);
  if (!strcmp(name, "groupby")) return sorted(cx, f, in, 1);
  if (!strcmp(name, "selectattr")) return select_attr(cx, f, in, 0);
  if (!strcmp(name, "rejectattr")) return select_attr(cx, f, in, 1);
  if (!strcmp(name, "map")) {
    static const char *const kws[] = {"attribute", "default", NULL};
    const char *an; size_t ann;
    if (check_kw(f, kws, 1) || need_array(f, in) || attr_name(cx, f, 0, &an, &ann)) return NULL;
    if (!an) { ferr(f, "template.filter", "needs an attribute name: map(attribute=\"price\")"); return NULL; }
    int di = arg_at(f, -1, "default");
    jval *dflt = di >= 0 ? expr_eval(cx, f->args[di], 0) : NULL;
    if (di >= 0 && !dflt) return NULL;
    jval *out = mkarr(in->count);
    for (int k = 0; k < in->count; k++) {
      jval *v = jv_attr(in->items[k], an, ann);
      if (!v) v = dflt;
      if (!v) v = item_key(f, in->items[k], k, an, ann);
      if (!v) return NULL;
      out->items[out->count++] = v;
    }
    return out;
  }
  if (!strcmp(name, "sum") || !strcmp(name, "min") || !strcmp(name, "max")) {
    static const char *const kws[] = {"attribute", "start", "times", NULL};
    const char *an; size_t ann;
    if (check_kw(f, kws, 1) || need_array(f, in) || attr_name(cx, f, 0, &an, &ann)) return NULL;
    if (name[1] == 'u') {
      decimal acc, x, y;
      int si = arg_at(f, -1, "start"), ti = arg_at(f, -1, "times");
      const char *tn = NULL; size_t tnn = 0;
      if (ti >= 0) {  /* sum(attribute="qty", times="unit_price"): the sum of the products, row by row */
        jval *tv = expr_eval(cx, f->args[ti], 0);
        if (!tv) return NULL;
        if (tv->t != J_STR || !an) { ferr(f, "template.filter", "times must be a quoted attribute name, with attribute: sum(attribute=\"qty\", times=\"price\")"); return NULL; }
        tn = tv->s; tnn = tv->n;
      }
      dec_from_int(0, &acc);
      if (si >= 0) {
        jval *sv = expr_eval(cx, f->args[si], 0);
        if (!sv) return NULL;
        if (jv_decimal(sv, &acc)) { ferr(f, "template.filter", "start must be a number"); return NULL; }
      }
      for (int k = 0; k < in->count; k++) {
        jval *v = item_key(f, in->items[k], k, an, ann);
        if (!v) return NULL;
        if (v->t == J_NULL) continue;
        if (jv_decimal(v, &x)) {
          fail(ST_TEMPLATE, "template.type", f->line, f->col, "filter 'sum': item %d%s%.*s%s is not a number", k,
               an ? " (" : "", (int)ann, an ? an : "", an ? ")" : "");
          return NULL;
        }
        if (tn) {
          jval *w = item_key(f, in->items[k], k, tn, tnn);
          if (!w) return NULL;
          if (jv_decimal(w, &y)) {
            fail(ST_TEMPLATE, "template.type", f->line, f->col, "filter 'sum': item %d (%.*s) is not a number", k, (int)tnn, tn);
            return NULL;
          }
          decimal prod;
          if (dec_mul(&x, &y, &prod)) { ferr(f, "template.type", "the sum is out of range"); return NULL; }
          x = prod;
        }
        if (dec_add(&acc, &x, 0, &acc)) { ferr(f, "template.type", "the sum is out of range"); return NULL; }
      }
      return jv_from_dec(&acc);
    }
    jval *best = NULL;
    int want = name[1] == 'i' ? -1 : 1;
    for (int k = 0; k < in->count; k++) {
      jval *v = item_key(f, in->items[k], k, an, ann);
      if (!v) return NULL;
      if (!best) { best = in->items[k]; continue; }
      jval *bk = an ? jv_attr(best, an, ann) : best;
      int c = jv_order(v, bk);
      if (c == 2) { ferr(f, "template.type", "cannot order values of different types"); return NULL; }
      if (c == want) best = in->items[k];
    }
    return best ? best : jv_null();
  }
  if (!strcmp(name, "first") || !strcmp(name, "last")) {
    if (check_kw(f, NULL, 0)) return NULL;
    int last = name[0] == 'l';
    if (in->t == J_ARR) return in->count ? in->items[last ? in->count - 1 : 0] : jv_null();
    if (in->t == J_STR) {
      if (!in->n) return in;
      size_t i = 0, st = 0; uint32_t cp;
      if (!last) { utf8_decode(in->s, in->n, &i, &cp); return jv_str(in->s, i); }
      while (i < in->n) { st = i; if (utf8_decode(in->s, in->n, &i, &cp)) i = st + 1; }
      return jv_str(in->s + st, in->n - st);
    }
    ferr(f, "template.type", "needs an array or a string");
    return NULL;
  }
  if (!strcmp(name, "round") || !strcmp(name, "abs")) {
    static const char *const kws[] = {"places", "method", NULL};
    static const char *const methods[] = {"common", "floor", "ceil", "trunc", NULL};
    decimal d, r;
    if (num_in(f, in, &d)) return NULL;
    if (name[0] == 'a') {
      if (check_kw(f, NULL, 0)) return NULL;
      d.neg = 0;
      return jv_from_dec(&d);
    }
    if (check_kw(f, kws, 2)) return NULL;
    int places = 0, pi = arg_at(f, 0, "places"), mi = arg_at(f, 1, "method"), mode = 0;
    if (pi >= 0) {
      jval *pv = expr_eval(cx, f->args[pi], 0);
      int64_t x;
      if (!pv) return NULL;
      if (!jv_is_int(pv, &x) || x < 0 || x > 20) { ferr(f, "template.filter", "places must be an integer from 0 to 20"); return NULL; }
      places = (int)x;
    }
    if (mi >= 0) {
      jval *mv = expr_eval(cx, f->args[mi], 0);
      if (!mv) return NULL;
      mode = -1;
      for (int k = 0; methods[k] && mv->t == J_STR; k++) if (mv->n == strlen(methods[k]) && !memcmp(mv->s, methods[k], mv->n)) mode = k;
      if (mode < 0) { ferr(f, "template.filter", "method must be \"common\", \"floor\", \"ceil\" or \"trunc\""); return NULL; }
    }
    if (dec_round(&d, places, mode, &r)) { ferr(f, "template.type", "the result is out of range"); return NULL; }
    return jv_from_dec(&r);
  }
  *handled = 0;
  return NULL;
}

/* 12345.60 -> 壹万贰仟叁佰肆拾伍元陆角整: rounded half away from zero to fen, up to 16 integer digits */
static jval *cny_upper(const expr *f, const jval *in) {
  static const char *const D[] = {"零", "壹", "贰", "叁", "肆", "伍", "陆", "柒", "捌", "玖"};
  static const char *const U[] = {"", "拾", "佰", "仟"};
  static const char *const S[] = {"", "万", "亿", "万"};
  decimal d, r;
  if (num_in(f, in, &d)) return NULL;
  if (dec_round(&d, 2, 0, &r)) { ferr(f, "template.type", "the amount is out of range"); return NULL; }
  char *t = dec_format(&r, 2, 0, 0);
  int neg = t[0] == '-';
  if (neg) t++;
  size_t n = strlen(t);
  int nint = (int)n - 3;
  if (nint > 16) { ferr(f, "template.type", "the amount has more than 16 integer digits"); return NULL; }
  int jiao = t[n - 2] - '0', fen = t[n - 1] - '0';
  sbuf b = {0};
  sb_put(&b, "", 0);
  if (neg) sb_puts(&b, "负");
  int any = 0, zero = 0;
  for (int i = 0; i < nint; i++) {
    int dg = t[i] - '0', pos = nint - 1 - i;
    if (dg == 0) { if (any) zero = 1; }
    else {
      if (zero) sb_puts(&b, "零");
      zero = 0;
      sb_puts(&b, D[dg]);
      sb_puts(&b, U[pos % 4]);
      any = 1;
    }
    if (pos % 4 == 0 && pos > 0 && any) {
      /* section unit when the section has a digit */
      int has = 0;
      for (int k = i; k > i - 4 && k >= 0; k--) if (t[k] != '0') has = 1;
      if (has) sb_puts(&b, S[pos / 4]);
      if (pos == 12 && !has) {}
    }
  }
  if (any) sb_puts(&b, "元");
  if (!jiao && !fen) { if (!any) sb_puts(&b, "零元"); sb_puts(&b, "整"); return jv_str(b.p, b.len); }
  if (jiao) { sb_puts(&b, D[jiao]); sb_puts(&b, "角"); }
  else if (any) sb_puts(&b, "零");
  if (fen) { sb_puts(&b, D[fen]); sb_puts(&b, "分"); }
  else sb_puts(&b, "整");
  return jv_str(b.p, b.len);
}

static const char *const FILTERS[] = {"default", "upper", "lower", "number", "percent", "currency", "date", "truncate",
  "join", "length", "sum", "min", "max", "sort", "groupby", "map", "selectattr", "rejectattr", "first", "last", "round",
  "abs", "cny_upper", NULL};

jval *apply_filter(evalctx *cx, const expr *f, jval *in) {
  const char *name = f->fname;
  if (!strcmp(name, "default")) {
    if (in->t != J_MISSING && in->t != J_NULL) return in;
    if (f->nargs < 1) return mkstr("");
    return arg(cx, f, 0);
  }
  if (in->t == J_MISSING) return in; /* a later default() decides */
  int handled;
  jval *lv = list_filter(cx, f, in, &handled);
  if (handled) return lv;
  if (!strcmp(name, "upper") || !strcmp(name, "lower")) {
    size_t n;
    const char *t = jv_text(in, &n, f);
    if (!t) return NULL;
    return case_map(jv_str(t, n), name[0] == 'u');
  }
  if (!strcmp(name, "number") || !strcmp(name, "percent")) {
    /* trim=true: `places` is the most decimals, trailing zeros dropped (percent(2, trim=true): 131%, 12.5%, 94.25%) */
    static const char *const kws[] = {"places", "locale", "trim", NULL};
    int places, pi, trim;
    decimal d;
    const o3_locale *L;
    if (check_kw(f, kws, 2) || locale_arg(cx, f, 1, &L) || int_arg(cx, f, (pi = arg_at(f, 0, "places")) < 0 ? f->nargs : pi, 0, 0, 20, &places) ||
        bool_kw(cx, f, "trim", &trim) || num_in(f, in, &d))
      return NULL;
    return mkstr(loc_number(L, &d, places, name[0] == 'p' ? 2 : 0, trim));
  }
  if (!strcmp(name, "currency")) {
    /* currency(symbol or ISO code, places, locale): the third positional argument was accepted and ignored before */
    static const char *const kws[] = {"symbol", "places", "locale", NULL};
    const char *sym = "$"; size_t sn = 1; int places = -1, si, pi; decimal d;
    const o3_locale *L;
    if (check_kw(f, kws, 3) || locale_arg(cx, f, 2, &L)) return NULL;
    if ((si = arg_at(f, 0, "symbol")) >= 0) {
      jval *v = expr_eval(cx, f->args[si], 0);
      if (!v || !(sym = jv_text(v, &sn, f))) return NULL;
    }
    if ((pi = arg_at(f, 1, "places")) >= 0 && int_arg(cx, f, pi, 2, 0, 20, &places)) return NULL;
    if (num_in(f, in, &d)) return NULL;
    if (places < 0 && currency_index(sym, sn) < 0) places = 2;
    return mkstr(loc_currency(L, &d, sym, sn, places));
  }
  if (!strcmp(name, "date")) return date_filter(cx, f, in);
  if (!strcmp(name, "cny_upper")) return cny_upper(f, in);
  if (!strcmp(name, "truncate")) {
    int max;
    if (int_arg(cx, f, 0, 0, 0, 1000000, &max)) return NULL;
    size_t n;
    const char *t = jv_text(in, &n, f);
    if (!t) return NULL;
    if (utf8_count(t, n) <= (size_t)max) return jv_str(t, n);
    if (max == 0) return mkstr("");
    size_t i = 0; int c = 0; uint32_t cp;
    while (i < n && c < max - 1) { if (utf8_decode(t, n, &i, &cp)) i++; c++; }
    sbuf b = {0};
    sb_put(&b, t, i);
    sb_puts(&b, "\xE2\x80\xA6");
    return jv_str(b.p, b.len);
  }
  if (!strcmp(name, "join")) {
    static const char *const kws[] = {"attribute", NULL};
    const char *sep; size_t sn, ann;
    const char *an;
    if (check_kw(f, kws, 1) || str_arg(cx, f, 0, ", ", &sep, &sn) || attr_name(cx, f, -1, &an, &ann)) return NULL;
    if (in->t != J_ARR) { ferr(f, "template.type", "needs an array"); return NULL; }
    sbuf b = {0};
    sb_put(&b, "", 0);
    for (int k = 0; k < in->count; k++) {
      size_t n;
      jval *iv = item_key(f, in->items[k], k, an, ann);
      if (!iv) return NULL;
      const char *t = jv_text(iv, &n, f);
      if (!t) return NULL;
      if (k) sb_put(&b, sep, sn);
      sb_put(&b, t, n);
    }
    return jv_str(b.p, b.len);
  }
  if (!strcmp(name, "length")) {
    int64_t n;
    if (in->t == J_ARR || in->t == J_OBJ) n = in->count;
    else if (in->t == J_STR) n = (int64_t)utf8_count(in->s, in->n);
    else { ferr(f, "template.type", "needs an array, object or string"); return NULL; }
    sbuf b = {0};
    sb_int(&b, n);
    return jv_num(b.p, b.len);
  }
  const char *hint = closest_word(name, FILTERS);
  fail(ST_TEMPLATE, "template.filter", f->line, f->col, "unknown filter '%s'%s%s%s", name, hint ? " (did you mean '" : "",
       hint ? hint : "", hint ? "'?)" : "");
  return NULL;
}
