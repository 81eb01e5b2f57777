/* Arena-style allocation, byte buffers, UTF-8 helpers and the error slot. */
#include "o3.h"
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

int g_oom = 0;
o3_error g_err;

void *xalloc(size_t n) {
  void *p = calloc(1, n ? n : 1);
  if (!p) { g_oom = 1; __builtin_trap(); }
  return p;
}

void *xrealloc(void *p, size_t old, size_t n) {
  void *q = realloc(p, n ? n : 1);
  if (!q) { g_oom = 1; __builtin_trap(); }
  if (n > old) memset((char *)q + old, 0, n - old);
  return q;
}

char *xstrndup(const char *s, size_t n) {
  char *p = xalloc(n + 1);
  memcpy(p, s, n);
  return p;
}

static void sb_grow(sbuf *b, size_t extra) {
  if (b->len + extra + 1 <= b->cap) return;
  size_t cap = b->cap ? b->cap : 256;
  while (cap < b->len + extra + 1) cap *= 2;
  b->p = xrealloc(b->p, b->cap, cap);
  b->cap = cap;
}

void sb_put(sbuf *b, const char *s, size_t n) {
  sb_grow(b, n);
  memcpy(b->p + b->len, s, n);
  b->len += n;
  b->p[b->len] = 0;
}
void sb_puts(sbuf *b, const char *s) { sb_put(b, s, strlen(s)); }
void sb_putc(sbuf *b, char c) {
  if (b->len + 2 > b->cap) sb_grow(b, 1);
  b->p[b->len++] = c;
  b->p[b->len] = 0;
}

/* the display list is mostly integers: one append per number, not per digit */
void sb_int(sbuf *b, int64_t v) {
  char tmp[24]; int i = 24; uint64_t u;
  int neg = v < 0;
  u = neg ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
  do { tmp[--i] = (char)('0' + u % 10); u /= 10; } while (u);
  if (neg) tmp[--i] = '-';
  sb_put(b, tmp + i, (size_t)(24 - i));
}

void sb_utf8(sbuf *b, uint32_t cp) {
  char t[4]; int n;
  if (cp < 0x80) { t[0] = (char)cp; n = 1; }
  else if (cp < 0x800) { t[0] = (char)(0xC0 | cp >> 6); t[1] = (char)(0x80 | (cp & 63)); n = 2; }
  else if (cp < 0x10000) {
    t[0] = (char)(0xE0 | cp >> 12); t[1] = (char)(0x80 | ((cp >> 6) & 63));
    t[2] = (char)(0x80 | (cp & 63)); n = 3;
  } else {
    t[0] = (char)(0xF0 | cp >> 18); t[1] = (char)(0x80 | ((cp >> 12) & 63));
    t[2] = (char)(0x80 | ((cp >> 6) & 63)); t[3] = (char)(0x80 | (cp & 63)); n = 4;
  }
  sb_put(b, t, (size_t)n);
}

/* Same escaping as Python's json.dumps(ensure_ascii=False), so the host can
 * check canonical form by a parse/dump round trip. */
void sb_json_str(sbuf *b, const char *s, size_t n) {
  static const char hex[] = "0123456789abcdef";
  sb_putc(b, '"');
  size_t start = 0;
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c >= 0x20 && c != '"' && c != '\\') continue;
    sb_put(b, s + start, i - start);
    start = i + 1;
    switch (c) {
      case '"': sb_puts(b, "\\\""); break;
      case '\\': sb_puts(b, "\\\\"); break;
      case '\n': sb_puts(b, "\\n"); break;
      case '\r': sb_puts(b, "\\r"); break;
      case '\t': sb_puts(b, "\\t"); break;
      case '\b': sb_puts(b, "\\b"); break;
      case '\f': sb_puts(b, "\\f"); break;
      default: {
        char e[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
        sb_put(b, e, 6);
      }
    }
  }
  sb_put(b, s + start, n - start);
  sb_putc(b, '"');
}

int fail(int status, const char *code, int line, int col, const char *fmt, ...) {
  if (g_err.status) return -1;
  g_err.status = status;
  g_err.code = code;
  g_err.line = line;
  g_err.column = col;
  va_list ap;
  va_start(ap, fmt);
  /* minimal formatter: %s (NUL-terminated), %.*s, %d; keeps stdio out of the module */
  size_t o = 0, cap = sizeof g_err.message - 1;
  for (const char *f = fmt; *f && o < cap; f++) {
    if (*f != '%') { g_err.message[o++] = *f; continue; }
    f++;
    if (*f == 's') {
      const char *s = va_arg(ap, const char *);
      while (s && *s && o < cap) g_err.message[o++] = *s++;
    } else if (*f == '.' && f[1] == '*' && f[2] == 's') {
      int len = va_arg(ap, int);
      const char *s = va_arg(ap, const char *);
      for (int k = 0; k < len && o < cap; k++) g_err.message[o++] = s[k];
      f += 2;
    } else if (*f == 'd') {
      long long v = va_arg(ap, int);
      char t[24]; int k = 0; int neg = v < 0;
      unsigned long long u = neg ? (unsigned long long)(-v) : (unsigned long long)v;
      do { t[k++] = (char)('0' + u % 10); u /= 10; } while (u);
      if (neg && o < cap) g_err.message[o++] = '-';
      while (k && o < cap) g_err.message[o++] = t[--k];
    } else if (*f == '%') {
      g_err.message[o++] = '%';
    } else {
      break;
    }
  }
  g_err.message[o] = 0;
  /* do not cut a UTF-8 sequence in half */
  while (o > 0 && ((unsigned char)g_err.message[o - 1] & 0xC0) == 0x80) o--;
  if (o > 0 && (unsigned char)g_err.message[o - 1] >= 0xC0) {
    size_t i = o - 1; uint32_t cp;
    if (utf8_decode(g_err.message, strlen(g_err.message), &i, &cp) != 0) g_err.message[o - 1] = 0;
  }
  va_end(ap);
  return -1;
}

int utf8_decode(const char *s, size_t n, size_t *i, uint32_t *cp) {
  const unsigned char *u = (const unsigned char *)s;
  size_t k = *i;
  if (k >= n) return -1;
  uint32_t c = u[k];
  int len; uint32_t min;
  if (c < 0x80) { *cp = c; *i = k + 1; return 0; }
  else if ((c & 0xE0) == 0xC0) { len = 2; c &= 0x1F; min = 0x80; }
  else if ((c & 0xF0) == 0xE0) { len = 3; c &= 0x0F; min = 0x800; }
  else if ((c & 0xF8) == 0xF0) { len = 4; c &= 0x07; min = 0x10000; }
  else return -1;
  if (k + (size_t)len > n) return -1;
  for (int j = 1; j < len; j++) {
    if ((u[k + j] & 0xC0) != 0x80) return -1;
    c = (c << 6) | (u[k + j] & 0x3F);
  }
  if (c < min || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return -1;
  *cp = c;
  *i = k + (size_t)len;
  return 0;
}

int utf8_valid(const char *s, size_t n) {
  size_t i = 0; uint32_t cp;
  while (i < n) if (utf8_decode(s, n, &i, &cp)) return 0;
  return 1;
}

size_t utf8_count(const char *s, size_t n) {
  size_t c = 0;
  for (size_t i = 0; i < n; i++) if (((unsigned char)s[i] & 0xC0) != 0x80) c++;
  return c;
}
