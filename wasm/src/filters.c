/* Filters of the template language (contract: Filters table). */
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
  if ((in->t == J_NUM || in->t == J_STR) && dec_parse(in->s, in->n, d) == 0) return 0;
  if (in->t == J_STR) {
    /* tolerate surrounding spaces, as in CSV cells */
    size_t a = 0, b = in->n;
    while (a < b && in->s[a] == ' ') a++;
    while (b > a && in->s[b - 1] == ' ') b--;
    if (b > a && dec_parse(in->s + a, b - a, d) == 0) return 0;
  }
  return ferr(f, "template.type", "needs a number");
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

static int digits(const char *s, size_t n, int *out) {
  int v = 0;
  for (size_t i = 0; i < n; i++) { if (s[i] < '0' || s[i] > '9') return -1; v = v * 10 + s[i] - '0'; }
  *out = v;
  return 0;
}

static jval *date_filter(evalctx *cx, const expr *f, const jval *in) {
  const char *fmt; size_t fn;
  if (str_arg(cx, f, 0, "YYYY-MM-DD", &fmt, &fn)) return NULL;
  if (in->t != J_STR) { ferr(f, "template.type", "needs an ISO date string YYYY-MM-DD"); return NULL; }
  int y, m, d;
  const char *s = in->s;
  if (in->n < 10 || s[4] != '-' || s[7] != '-' || digits(s, 4, &y) || digits(s + 5, 2, &m) || digits(s + 8, 2, &d) ||
      (in->n > 10 && s[10] != 'T' && s[10] != ' ')) {
    ferr(f, "template.type", "needs an ISO date string YYYY-MM-DD");
    return NULL;
  }
  static const int mdays[12] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  int leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
  if (m < 1 || m > 12 || d < 1 || d > mdays[m - 1] || (m == 2 && d == 29 && !leap)) {
    ferr(f, "template.type", "not a valid calendar date");
    return NULL;
  }
  sbuf b = {0};
  sb_put(&b, "", 0);
  for (size_t i = 0; i < fn;) {
    if (i + 4 <= fn && !memcmp(fmt + i, "YYYY", 4)) {
      char t[5] = {(char)('0' + y / 1000), (char)('0' + y / 100 % 10), (char)('0' + y / 10 % 10), (char)('0' + y % 10), 0};
      sb_puts(&b, t); i += 4;
    } else if (i + 2 <= fn && !memcmp(fmt + i, "MM", 2)) {
      sb_putc(&b, (char)('0' + m / 10)); sb_putc(&b, (char)('0' + m % 10)); i += 2;
    } else if (i + 2 <= fn && !memcmp(fmt + i, "DD", 2)) {
      sb_putc(&b, (char)('0' + d / 10)); sb_putc(&b, (char)('0' + d % 10)); i += 2;
    } else if (fmt[i] == 'M') { sb_int(&b, m); i++; }
    else if (fmt[i] == 'D') { sb_int(&b, d); i++; }
    else { sb_putc(&b, fmt[i]); i++; }
  }
  return jv_str(b.p, b.len);
}

jval *apply_filter(evalctx *cx, const expr *f, jval *in) {
  const char *name = f->fname;
  if (!strcmp(name, "default")) {
    if (in->t != J_MISSING && in->t != J_NULL) return in;
    if (f->nargs < 1) return mkstr("");
    return arg(cx, f, 0);
  }
  if (in->t == J_MISSING) return in; /* a later default() decides */
  if (!strcmp(name, "upper") || !strcmp(name, "lower")) {
    size_t n;
    const char *t = jv_text(in, &n, f);
    if (!t) return NULL;
    return case_map(jv_str(t, n), name[0] == 'u');
  }
  if (!strcmp(name, "number") || !strcmp(name, "percent")) {
    int places;
    decimal d;
    if (int_arg(cx, f, 0, 0, 0, 20, &places) || num_in(f, in, &d)) return NULL;
    char *t = dec_format(&d, places, 1, name[0] == 'p' ? 2 : 0);
    if (name[0] == 'p') {
      sbuf b = {0};
      sb_puts(&b, t);
      sb_putc(&b, '%');
      t = b.p;
    }
    return mkstr(t);
  }
  if (!strcmp(name, "currency")) {
    const char *sym; size_t sn; int places; decimal d;
    if (str_arg(cx, f, 0, "$", &sym, &sn) || int_arg(cx, f, 1, 2, 0, 20, &places) || num_in(f, in, &d)) return NULL;
    char *t = dec_format(&d, places, 1, 0);
    sbuf b = {0};
    sb_put(&b, "", 0);
    if (t[0] == '-') { sb_putc(&b, '-'); t++; }
    sb_put(&b, sym, sn);
    sb_puts(&b, t);
    return jv_str(b.p, b.len);
  }
  if (!strcmp(name, "date")) return date_filter(cx, f, in);
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
    const char *sep; size_t sn;
    if (str_arg(cx, f, 0, ", ", &sep, &sn)) return NULL;
    if (in->t != J_ARR) { ferr(f, "template.type", "needs an array"); return NULL; }
    sbuf b = {0};
    sb_put(&b, "", 0);
    for (int k = 0; k < in->count; k++) {
      size_t n;
      const char *t = jv_text(in->items[k], &n, f);
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
  ferr(f, "template.filter", "unknown filter");
  return NULL;
}
