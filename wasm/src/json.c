/* Strict JSON reader (RFC 8259) into jval trees.  Numbers keep their source
 * text so that filters can format them exactly, never through floats. */
#include "o3.h"
#include <string.h>

#define MAX_DEPTH 200

typedef struct { const char *s; size_t n, i; const char *err; } jp;

static jval *mk(jtype t) { jval *v = xalloc(sizeof *v); v->t = t; return v; }
jval *jv_str(const char *s, size_t n) { jval *v = mk(J_STR); v->s = s; v->n = n; return v; }
jval *jv_num(const char *s, size_t n) { jval *v = mk(J_NUM); v->s = s; v->n = n; return v; }
jval *jv_bool(int b) { return mk(b ? J_TRUE : J_FALSE); }
jval *jv_null(void) { return mk(J_NULL); }
jval *jv_missing(void) { return mk(J_MISSING); }

jval *jv_obj_get(const jval *o, const char *key, size_t klen) {
  if (!o || o->t != J_OBJ) return NULL;
  for (int i = 0; i < o->count; i++) {
    const jval *k = o->keys[i];
    if (k->n == klen && memcmp(k->s, key, klen) == 0) return o->items[i];
  }
  return NULL;
}

int jv_is_int(const jval *v, int64_t *out) {
  if (!v || v->t != J_NUM) return 0;
  decimal d;
  if (dec_parse(v->s, v->n, &d)) return 0;
  if (d.exp < 0 || d.nd + d.exp > 15) return 0;
  int64_t r = 0;
  for (int i = 0; i < d.nd; i++) r = r * 10 + (d.dig[i] - '0');
  for (int i = 0; i < d.exp; i++) r *= 10;
  *out = d.neg ? -r : r;
  return 1;
}

static void ws(jp *p) {
  while (p->i < p->n) {
    char c = p->s[p->i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') p->i++;
    else break;
  }
}

static int hex4(jp *p, uint32_t *out) {
  if (p->i + 4 > p->n) return -1;
  uint32_t v = 0;
  for (int k = 0; k < 4; k++) {
    char c = p->s[p->i + k];
    v <<= 4;
    if (c >= '0' && c <= '9') v |= (uint32_t)(c - '0');
    else if (c >= 'a' && c <= 'f') v |= (uint32_t)(c - 'a' + 10);
    else if (c >= 'A' && c <= 'F') v |= (uint32_t)(c - 'A' + 10);
    else return -1;
  }
  p->i += 4;
  *out = v;
  return 0;
}

static jval *pstring(jp *p) {
  p->i++; /* opening quote */
  sbuf b = {0};
  sb_put(&b, "", 0);
  while (1) {
    if (p->i >= p->n) { p->err = "unterminated string"; return NULL; }
    unsigned char c = (unsigned char)p->s[p->i];
    if (c == '"') { p->i++; break; }
    if (c < 0x20) { p->err = "control character in string"; return NULL; }
    if (c == '\\') {
      p->i++;
      if (p->i >= p->n) { p->err = "bad escape"; return NULL; }
      char e = p->s[p->i++];
      switch (e) {
        case '"': sb_putc(&b, '"'); break;
        case '\\': sb_putc(&b, '\\'); break;
        case '/': sb_putc(&b, '/'); break;
        case 'b': sb_putc(&b, '\b'); break;
        case 'f': sb_putc(&b, '\f'); break;
        case 'n': sb_putc(&b, '\n'); break;
        case 'r': sb_putc(&b, '\r'); break;
        case 't': sb_putc(&b, '\t'); break;
        case 'u': {
          uint32_t cp;
          if (hex4(p, &cp)) { p->err = "bad \\u escape"; return NULL; }
          if (cp >= 0xD800 && cp <= 0xDBFF) {
            uint32_t lo;
            if (p->i + 2 > p->n || p->s[p->i] != '\\' || p->s[p->i + 1] != 'u') {
              p->err = "lone surrogate"; return NULL;
            }
            p->i += 2;
            if (hex4(p, &lo) || lo < 0xDC00 || lo > 0xDFFF) { p->err = "lone surrogate"; return NULL; }
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
          } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
            p->err = "lone surrogate"; return NULL;
          }
          sb_utf8(&b, cp);
          break;
        }
        default: p->err = "bad escape"; return NULL;
      }
      continue;
    }
    size_t start = p->i;
    uint32_t cp;
    if (utf8_decode(p->s, p->n, &p->i, &cp)) { p->err = "invalid UTF-8"; return NULL; }
    sb_put(&b, p->s + start, p->i - start);
  }
  return jv_str(b.p, b.len);
}

static jval *pnumber(jp *p) {
  size_t st = p->i;
  const char *s = p->s;
  if (p->i < p->n && s[p->i] == '-') p->i++;
  if (p->i >= p->n) goto bad;
  if (s[p->i] == '0') p->i++;
  else if (s[p->i] >= '1' && s[p->i] <= '9') { while (p->i < p->n && s[p->i] >= '0' && s[p->i] <= '9') p->i++; }
  else goto bad;
  if (p->i < p->n && s[p->i] == '.') {
    p->i++;
    if (p->i >= p->n || s[p->i] < '0' || s[p->i] > '9') goto bad;
    while (p->i < p->n && s[p->i] >= '0' && s[p->i] <= '9') p->i++;
  }
  if (p->i < p->n && (s[p->i] == 'e' || s[p->i] == 'E')) {
    p->i++;
    if (p->i < p->n && (s[p->i] == '+' || s[p->i] == '-')) p->i++;
    if (p->i >= p->n || s[p->i] < '0' || s[p->i] > '9') goto bad;
    while (p->i < p->n && s[p->i] >= '0' && s[p->i] <= '9') p->i++;
  }
  return jv_num(xstrndup(s + st, p->i - st), p->i - st);
bad:
  p->err = "bad number";
  return NULL;
}

static jval *pvalue(jp *p, int depth);

static jval *pcontainer(jp *p, int depth, int obj) {
  if (depth > MAX_DEPTH) { p->err = "nesting too deep"; return NULL; }
  p->i++;
  jval *v = mk(obj ? J_OBJ : J_ARR);
  int cap = 0;
  ws(p);
  if (p->i < p->n && p->s[p->i] == (obj ? '}' : ']')) { p->i++; return v; }
  while (1) {
    jval *key = NULL;
    ws(p);
    if (obj) {
      if (p->i >= p->n || p->s[p->i] != '"') { p->err = "expected object key"; return NULL; }
      key = pstring(p);
      if (!key) return NULL;
      ws(p);
      if (p->i >= p->n || p->s[p->i] != ':') { p->err = "expected ':'"; return NULL; }
      p->i++;
    }
    jval *item = pvalue(p, depth + 1);
    if (!item) return NULL;
    if (v->count == cap) {
      int nc = cap ? cap * 2 : 4;
      v->items = xrealloc(v->items, sizeof(jval *) * (size_t)cap, sizeof(jval *) * (size_t)nc);
      if (obj) v->keys = xrealloc(v->keys, sizeof(jval *) * (size_t)cap, sizeof(jval *) * (size_t)nc);
      cap = nc;
    }
    if (obj) v->keys[v->count] = key;
    v->items[v->count++] = item;
    ws(p);
    if (p->i < p->n && p->s[p->i] == ',') { p->i++; continue; }
    if (p->i < p->n && p->s[p->i] == (obj ? '}' : ']')) { p->i++; return v; }
    p->err = obj ? "expected ',' or '}'" : "expected ',' or ']'";
    return NULL;
  }
}

static int lit(jp *p, const char *w) {
  size_t l = strlen(w);
  if (p->i + l <= p->n && memcmp(p->s + p->i, w, l) == 0) { p->i += l; return 1; }
  return 0;
}

static jval *pvalue(jp *p, int depth) {
  ws(p);
  if (p->i >= p->n) { p->err = "unexpected end of JSON"; return NULL; }
  char c = p->s[p->i];
  if (c == '{') return pcontainer(p, depth, 1);
  if (c == '[') return pcontainer(p, depth, 0);
  if (c == '"') return pstring(p);
  if (c == '-' || (c >= '0' && c <= '9')) return pnumber(p);
  if (lit(p, "true")) return jv_bool(1);
  if (lit(p, "false")) return jv_bool(0);
  if (lit(p, "null")) return jv_null();
  p->err = "unexpected character";
  return NULL;
}

jval *json_parse(const char *s, size_t n, const char **errpos) {
  jp p = {s, n, 0, NULL};
  jval *v = pvalue(&p, 0);
  if (v) {
    ws(&p);
    if (p.i != n) { v = NULL; p.err = "trailing characters after JSON"; }
  }
  if (!v && errpos) *errpos = p.err;
  return v;
}
