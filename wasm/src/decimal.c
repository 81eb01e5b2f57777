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

/* ---------------- exact arithmetic ----------------
 * Coefficients are big-endian digit arrays (values 0-9).  Results are
 * normalized and must stay inside what dec_parse accepts (|exponent| <= 400,
 * DEC_MAX_DIGITS significant digits), else DEC_RANGE comes back. */

static int8_t *coef(const decimal *d, int e, int *len) {
  /* d's coefficient scaled to exponent e (e <= d->exp) */
  int shift = d->nd ? d->exp - e : 0;
  int n = d->nd + shift;
  int8_t *c = xalloc((size_t)(n > 0 ? n : 1));
  for (int i = 0; i < d->nd; i++) c[i] = (int8_t)(d->dig[i] - '0');
  *len = d->nd ? n : 0;
  return c;
}

static int mk_dec(int neg, const int8_t *c, int n, long e, decimal *out) {
  int a = 0;
  while (a < n && c[a] == 0) a++;
  while (n > a && c[n - 1] == 0) { n--; e++; }
  memset(out, 0, sizeof *out);
  char *dig = xalloc((size_t)(n - a + 1));
  for (int i = a; i < n; i++) dig[i - a] = (char)('0' + c[i]);
  out->dig = dig;
  out->nd = n - a;
  if (out->nd == 0) { out->exp = 0; out->neg = 0; return 0; }
  if (out->nd > DEC_MAX_DIGITS || e > MAX_EXP || e < -MAX_EXP) return DEC_RANGE;
  out->neg = neg;
  out->exp = (int)e;
  return 0;
}

/* magnitude compare of coefficient arrays (may have leading zeros) */
static int mag_cmp(const int8_t *a, int na, const int8_t *b, int nb) {
  while (na > 0 && *a == 0) { a++; na--; }
  while (nb > 0 && *b == 0) { b++; nb--; }
  if (na != nb) return na < nb ? -1 : 1;
  for (int i = 0; i < na; i++) if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}

/* r = a + b or a - b (a >= b), r has max(na, nb) + 1 digits */
static int8_t *mag_addsub(const int8_t *a, int na, const int8_t *b, int nb, int sub, int *nr) {
  int n = (na > nb ? na : nb) + 1;
  int8_t *r = xalloc((size_t)n);
  int carry = 0;
  for (int i = 0; i < n; i++) {
    int x = i < na ? a[na - 1 - i] : 0, y = i < nb ? b[nb - 1 - i] : 0;
    int v = sub ? x - y - carry : x + y + carry;
    carry = 0;
    if (v < 0) { v += 10; carry = 1; }
    else if (v > 9) { v -= 10; carry = 1; }
    r[n - 1 - i] = (int8_t)v;
  }
  *nr = n;
  return r;
}

int dec_add(const decimal *a, const decimal *b, int subtract, decimal *out) {
  int bneg = subtract ? !b->neg : b->neg;
  if (b->nd == 0) { *out = *a; return 0; }
  if (a->nd == 0) { *out = *b; out->neg = bneg; return 0; }
  int e = a->exp < b->exp ? a->exp : b->exp;
  int na, nb, nr;
  int8_t *ca = coef(a, e, &na), *cb = coef(b, e, &nb), *r;
  if (na > DEC_MAX_DIGITS * 4 || nb > DEC_MAX_DIGITS * 4) return DEC_RANGE;
  int neg;
  if (a->neg == bneg) { r = mag_addsub(ca, na, cb, nb, 0, &nr); neg = a->neg; }
  else if (mag_cmp(ca, na, cb, nb) >= 0) { r = mag_addsub(ca, na, cb, nb, 1, &nr); neg = a->neg; }
  else { r = mag_addsub(cb, nb, ca, na, 1, &nr); neg = bneg; }
  return mk_dec(neg, r, nr, e, out);
}

int dec_mul(const decimal *a, const decimal *b, decimal *out) {
  if (a->nd == 0 || b->nd == 0) return mk_dec(0, (int8_t *)"", 0, 0, out);
  int n = a->nd + b->nd;
  int *acc = xalloc(sizeof(int) * (size_t)n);
  for (int i = a->nd - 1; i >= 0; i--)
    for (int j = b->nd - 1; j >= 0; j--) acc[i + j + 1] += (a->dig[i] - '0') * (b->dig[j] - '0');
  for (int k = n - 1; k > 0; k--) { acc[k - 1] += acc[k] / 10; acc[k] %= 10; }
  int8_t *r = xalloc((size_t)n);
  for (int k = 0; k < n; k++) r[k] = (int8_t)acc[k];
  return mk_dec(a->neg != b->neg, r, n, (long)a->exp + b->exp, out);
}

/* long division of magnitudes: q = n / d (nq = nn digits), remainder left in n */
static int8_t *mag_divmod(int8_t *n, int nn, const int8_t *d, int nd) {
  int8_t *q = xalloc((size_t)(nn > 0 ? nn : 1));
  int8_t *win = xalloc((size_t)nn + 1); /* running remainder, nn+1 digits */
  int nw = nn + 1;
  for (int i = 0; i < nn; i++) {
    /* shift window left by one digit and bring down n[i] */
    memmove(win, win + 1, (size_t)nw - 1);
    win[nw - 1] = n[i];
    int digit = 0;
    while (mag_cmp(win, nw, d, nd) >= 0) {  /* win -= d in place */
      int borrow = 0;
      for (int k = 0; k < nw; k++) {
        int v = win[nw - 1 - k] - (k < nd ? d[nd - 1 - k] : 0) - borrow;
        borrow = v < 0;
        win[nw - 1 - k] = (int8_t)(v < 0 ? v + 10 : v);
      }
      digit++;
    }
    q[i] = (int8_t)digit;
  }
  /* remainder back into n (right-aligned) */
  memset(n, 0, (size_t)nn);
  for (int i = 0; i < nn && i < nw; i++) n[nn - 1 - i] = win[nw - 1 - i];
  return q;
}

int dec_div(const decimal *a, const decimal *b, int places, decimal *out) {
  if (b->nd == 0) return DEC_DIV0;
  if (a->nd == 0) return mk_dec(0, (int8_t *)"", 0, 0, out);
  /* Q = A * 10^(ea - eb + places) / B, then rounded half away from zero */
  long s = (long)a->exp - b->exp + places;
  int na = a->nd + (s > 0 ? (int)s : 0), nb = b->nd + (s < 0 ? (int)-s : 0);
  if (na > DEC_MAX_DIGITS * 4 || nb > DEC_MAX_DIGITS * 4) return DEC_RANGE;
  int8_t *ca = xalloc((size_t)na), *cb = xalloc((size_t)nb);
  for (int i = 0; i < a->nd; i++) ca[i] = (int8_t)(a->dig[i] - '0');
  for (int i = 0; i < b->nd; i++) cb[i] = (int8_t)(b->dig[i] - '0');
  int8_t *q = mag_divmod(ca, na, cb, nb);
  /* round: remainder * 2 >= divisor */
  int n2;
  int8_t *twice = mag_addsub(ca, na, ca, na, 0, &n2);
  if (mag_cmp(twice, n2, cb, nb) >= 0) {
    int nq;
    q = mag_addsub(q, na, (const int8_t *)"\1", 1, 0, &nq);
    na = nq;
  }
  return mk_dec(a->neg != b->neg, q, na, -places, out);
}

int dec_mod(const decimal *a, const decimal *b, decimal *out) {
  if (b->nd == 0) return DEC_DIV0;
  if (a->nd == 0) return mk_dec(0, (int8_t *)"", 0, 0, out);
  int e = a->exp < b->exp ? a->exp : b->exp;
  int na, nb;
  int8_t *ca = coef(a, e, &na), *cb = coef(b, e, &nb);
  if (na > DEC_MAX_DIGITS * 4 || nb > DEC_MAX_DIGITS * 4) return DEC_RANGE;
  if (mag_cmp(ca, na, cb, nb) >= 0) mag_divmod(ca, na, cb, nb);
  return mk_dec(a->neg, ca, na, e, out);   /* sign of the dividend, like C and SQL */
}

int dec_round(const decimal *d, int places, int mode, decimal *out) {
  /* mode 0: half away from zero; 1: floor; 2: ceil; 3: toward zero */
  if (d->nd == 0 || d->exp >= -places) { *out = *d; return 0; }
  int keep = d->nd + d->exp + places;  /* digits kept */
  int8_t *c = xalloc((size_t)(keep > 0 ? keep : 0) + 2);
  int n = 1;  /* c[0] is a carry digit */
  for (int i = 0; i < keep; i++) c[n++] = (int8_t)(d->dig[i] - '0');
  int up;
  if (mode == 0) up = keep >= 0 && d->dig[keep] >= '5';
  else if (mode == 1) up = d->neg;
  else if (mode == 2) up = !d->neg;
  else up = 0;
  if (up) {
    int j = n - 1;
    if (n == 1) { c[n++] = 1; }
    else {
      while (j >= 1 && c[j] == 9) { c[j] = 0; j--; }
      c[j]++;
    }
  }
  return mk_dec(d->neg, c, n, -places, out);
}

int dec_from_int(int64_t v, decimal *out) {
  char t[24];
  int k = 0, neg = v < 0;
  uint64_t u = neg ? (uint64_t)(-(v + 1)) + 1 : (uint64_t)v;
  do { t[k++] = (char)('0' + u % 10); u /= 10; } while (u);
  int8_t c[24];
  for (int i = 0; i < k; i++) c[i] = (int8_t)(t[k - 1 - i] - '0');
  return mk_dec(neg, c, k, 0, out);
}
