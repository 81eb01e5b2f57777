/* Attribute value parsing: lengths to integer EMU, colours, factors. */
#include "doc.h"
#include <string.h>

/* value * factor rounded half away from zero, exactly */
static int scale_dec(const char *s, size_t n, int64_t factor, int64_t *out) {
  decimal d;
  if (n == 0 || dec_parse(s, n, &d)) return -1;
  for (size_t i = 0; i < n; i++) if (s[i] == 'e' || s[i] == 'E') return -1;
  if (d.nd > 12) return -1;
  int64_t m = 0;
  for (int i = 0; i < d.nd; i++) m = m * 10 + (d.dig[i] - '0');
  int64_t v = m * factor;  /* < 10^12 * 914400 < 9.2e18 */
  int e = d.exp;
  while (e > 0) { if (v > 1000000000000000LL) return -1; v *= 10; e--; }
  if (e < 0) {
    if (e < -18) { v = 0; }
    else {
      int64_t div = 1;
      for (int i = 0; i < -e; i++) div *= 10;
      v = (v + div / 2) / div;
    }
  }
  if (v > 1000000000000000LL) return -1;
  *out = d.neg ? -v : v;
  return 0;
}

int parse_length(const char *s, int64_t *out) {
  size_t n = strlen(s);
  while (n && s[n - 1] == ' ') n--;
  while (n && *s == ' ') { s++; n--; }
  static const struct { const char *u; int64_t f; } units[] = {
    {"in", 914400}, {"cm", 360000}, {"mm", 36000}, {"pt", 12700}, {"px", 9525}, {"emu", 1}};
  for (size_t k = 0; k < sizeof units / sizeof units[0]; k++) {
    size_t ul = strlen(units[k].u);
    if (n > ul && !memcmp(s + n - ul, units[k].u, ul)) return scale_dec(s, n - ul, units[k].f, out);
  }
  return scale_dec(s, n, 1, out);
}

static int hexv(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

int parse_color(const char *s, const char **out) {
  size_t n = strlen(s);
  if (n == 4 && !strcmp(s, "none")) { *out = NULL; return 0; }
  if (s[0] != '#' || (n != 4 && n != 7)) return -1;
  char *c = xalloc(8);
  c[0] = '#';
  static const char hx[] = "0123456789abcdef";
  for (size_t i = 1; i < n; i++) if (hexv(s[i]) < 0) return -1;
  for (int i = 0; i < 6; i++) {
    int v = n == 4 ? hexv(s[1 + i / 2]) : hexv(s[1 + i]);
    c[1 + i] = hx[v];
  }
  *out = c;
  return 0;
}

int parse_factor_milli(const char *s, int *out) {
  int64_t v;
  if (scale_dec(s, strlen(s), 1000, &v) || v <= 0 || v > 100000) return -1;
  *out = (int)v;
  return 0;
}
