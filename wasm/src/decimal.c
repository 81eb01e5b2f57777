/* Exact decimal formatting of JSON number text.  Spreadsheet users expect
 * 0.125 -> "0.13" (half away from zero on the decimal value they typed),
 * which binary floats cannot promise, so numbers never become doubles. */
#include "o3.h"
#include <string.h>

#define MAX_EXP 400

int dec_parse(const char *s, size_t n, decimal *d) {
  size_t i = 0;
  memset(d, 0, sizeof *d);
  if (i < n && (s[i] == '-' || s[i] == '+')) { d->neg = s[i] == '-'; i++; }
  char *dig = xalloc(n + 1);
  int nd = 0, frac = 0, seen = 0, dot = 0;
  for (; i < n; i++) {
    char c = s[i];
    if (c >= '0' && c <= '9') {
      seen = 1;
      if (dot) frac++;
      if (nd == 0 && c == '0') continue; /* leading zero */
      dig[nd++] = c;
    } else if (c == '.' && !dot) {
      dot = 1;
    } else {
      break;
    }
  }
  if (!seen) return -1;
  long e = 0;
  if (i < n && (s[i] == 'e' || s[i] == 'E')) {
    i++;
    int eneg = 0, edig = 0;
    if (i < n && (s[i] == '+' || s[i] == '-')) { eneg = s[i] == '-'; i++; }
    for (; i < n && s[i] >= '0' && s[i] <= '9'; i++) {
      edig = 1;
      if (e < 100000) e = e * 10 + (s[i] - '0');
    }
    if (!edig) return -1;
    if (eneg) e = -e;
  }
  if (i != n) return -1;
  /* digits counted in `frac` include skipped leading zeros, which is right:
   * value = (digits as integer) * 10^(e - frac) */
  e -= frac;
  while (nd > 0 && dig[nd - 1] == '0') { nd--; e++; }
  if (nd == 0) { e = 0; d->neg = 0; }
  if (e > MAX_EXP || e < -MAX_EXP) return -1;
  dig[nd] = 0;
  d->dig = dig;
  d->nd = nd;
  d->exp = (int)e;
  return 0;
}

char *dec_format(const decimal *d, int places, int group, int scale10) {
  int k = d->exp + scale10 + places;
  sbuf N = {0};
  sb_put(&N, "", 0);
  if (k >= 0) {
    sb_put(&N, d->dig, (size_t)d->nd);
    for (int i = 0; i < k; i++) sb_putc(&N, '0');
  } else {
    int keep = d->nd + k;
    if (keep >= 0) {
      sb_put(&N, d->dig, (size_t)keep);
      if (keep < d->nd && d->dig[keep] >= '5') {
        int j = (int)N.len - 1;
        while (j >= 0 && N.p[j] == '9') { N.p[j] = '0'; j--; }
        if (j >= 0) N.p[j]++;
        else {
          sbuf t = {0};
          sb_putc(&t, '1');
          sb_put(&t, N.p, N.len);
          N = t;
        }
      }
    }
  }
  /* strip leading zeros of N, then left-pad to places+1 digits */
  size_t lz = 0;
  while (lz < N.len && N.p[lz] == '0') lz++;
  const char *np = N.p + lz;
  int nl = (int)(N.len - lz);
  int zero = nl == 0;
  sbuf out = {0};
  sb_put(&out, "", 0);
  if (d->neg && !zero) sb_putc(&out, '-');
  int ilen = nl - places;  /* digits of the integer part */
  if (ilen <= 0) {
    sb_putc(&out, '0');
  } else {
    for (int i = 0; i < ilen; i++) {
      if (group && i > 0 && (ilen - i) % 3 == 0) sb_putc(&out, ',');
      sb_putc(&out, np[i]);
    }
  }
  if (places > 0) {
    sb_putc(&out, '.');
    for (int i = 0; i < places; i++) {
      int idx = ilen + i;  /* may be negative: leading fraction zeros */
      sb_putc(&out, idx < 0 ? '0' : np[idx]);
    }
  }
  return out.p;
}

char *dec_plain(const decimal *d) {
  return dec_format(d, d->exp < 0 ? -d->exp : 0, 0, 0);
}

int dec_cmp(const decimal *a, const decimal *b) {
  int az = a->nd == 0, bz = b->nd == 0;
  if (az && bz) return 0;
  int as = az ? 0 : (a->neg ? -1 : 1), bs = bz ? 0 : (b->neg ? -1 : 1);
  if (as != bs) return as < bs ? -1 : 1;
  /* same sign, both nonzero: compare magnitudes */
  int am = a->nd + a->exp, bm = b->nd + b->exp, mag;
  if (am != bm) mag = am < bm ? -1 : 1;
  else {
    mag = 0;
    int n = a->nd > b->nd ? a->nd : b->nd;
    for (int i = 0; i < n && !mag; i++) {
      char ca = i < a->nd ? a->dig[i] : '0', cb = i < b->nd ? b->dig[i] : '0';
      if (ca != cb) mag = ca < cb ? -1 : 1;
    }
  }
  return as < 0 ? -mag : mag;
}
