/* The date filter: ISO dates and date-times written with a pattern of tokens
 * (YYYY MM DD M D MMMM MMM dddd ddd HH H hh h mm ss A B, [literal]) or a named
 * CLDR style of a locale, optionally with Chinese numerals (二〇二六年五月十日).
 * No clock and no time zone: the value is written as given. */
#include "datefmt.h"
#include <string.h>

static int digits(const char *s, size_t n, int *out) {
  int v = 0;
  for (size_t i = 0; i < n; i++) { if (s[i] < '0' || s[i] > '9') return -1; v = v * 10 + s[i] - '0'; }
  *out = v;
  return 0;
}

typedef struct { int y, m, d, has_date; int H, M, S, has_time; } when;

/* "HH:MM[:SS[.fff]][Z|+hh:mm|-hh:mm|+hhmm]" at s[0..n); 0 ok (the offset is accepted and not applied) */
static int parse_time(const char *s, size_t n, when *w) {
  if (n < 5 || s[2] != ':' || digits(s, 2, &w->H) || digits(s + 3, 2, &w->M)) return -1;
  size_t i = 5;
  w->S = 0;
  if (i < n && s[i] == ':') {
    if (n < 8 || digits(s + 6, 2, &w->S)) return -1;
    i = 8;
    if (i < n && (s[i] == '.' || s[i] == ',')) {
      i++;
      size_t st = i;
      while (i < n && s[i] >= '0' && s[i] <= '9') i++;
      if (i == st) return -1;
    }
  }
  if (i < n && s[i] == 'Z') i++;
  else if (i < n && (s[i] == '+' || s[i] == '-')) {
    int oh, om;
    if (n - i == 6 && s[i + 3] == ':' && !digits(s + i + 1, 2, &oh) && !digits(s + i + 4, 2, &om)) i += 6;
    else if (n - i == 5 && !digits(s + i + 1, 2, &oh) && !digits(s + i + 3, 2, &om)) i += 5;
    else return -1;
  }
  if (i != n || w->H > 23 || w->M > 59 || w->S > 60) return -1;
  w->has_time = 1;
  return 0;
}

/* 0 ok; else the reason as a message */
static const char *parse_when(const char *s, size_t n, when *w) {
  memset(w, 0, sizeof *w);
  if (n >= 5 && s[2] == ':' && n <= 25) {
    if (parse_time(s, n, w)) return "needs an ISO date YYYY-MM-DD, date-time YYYY-MM-DDTHH:MM[:SS] or time HH:MM[:SS]";
    return NULL;
  }
  if (n < 10 || s[4] != '-' || s[7] != '-' || digits(s, 4, &w->y) || digits(s + 5, 2, &w->m) || digits(s + 8, 2, &w->d) ||
      (n > 10 && s[10] != 'T' && s[10] != ' '))
    return "needs an ISO date string YYYY-MM-DD";
  static const int mdays[12] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  int leap = (w->y % 4 == 0 && w->y % 100 != 0) || w->y % 400 == 0;
  if (w->m < 1 || w->m > 12 || w->d < 1 || w->d > mdays[w->m - 1] || (w->m == 2 && w->d == 29 && !leap))
    return "not a valid calendar date";
  w->has_date = 1;
  /* a time part that does not parse leaves a date (as before times were read); time tokens then say so */
  if (n > 11) parse_time(s + 11, n - 11, w);
  return NULL;
}

/* 0 = Sunday (proleptic Gregorian, Sakamoto's method) */
static int weekday(int y, int m, int d) {
  static const int t[] = {0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4};
  if (m < 3) y -= 1;
  return (y + y / 4 - y / 100 + y / 400 + t[m - 1] + d) % 7;
}

static const char *const HZ[] = {"〇", "一", "二", "三", "四", "五", "六", "七", "八", "九"};

/* v >= 0 with at least w digits, in ASCII or Chinese numerals (digit by digit when spell is 0: years) */
static void put_num(sbuf *b, int v, int w, int hanzi, int spell) {
  char t[12];
  int k = 0;
  do { t[k++] = (char)('0' + v % 10); v /= 10; } while (v);
  while (k < w) t[k++] = '0';
  if (!hanzi) { while (k) sb_putc(b, t[--k]); return; }
  if (!spell || k > 2) { while (k) sb_puts(b, HZ[t[--k] - '0']); return; }
  /* 0-99 as a number word: 十, 十一, 二十, 三十一; 0 as 〇 */
  int tens = k == 2 ? t[1] - '0' : 0, ones = t[0] - '0';
  if (tens) { if (tens > 1) sb_puts(b, HZ[tens]); sb_puts(b, "十"); if (ones) sb_puts(b, HZ[ones]); }
  else sb_puts(b, HZ[ones]);
}

static const char *const STYLE_NAMES[] = {"short", "medium", "long", "full", "time-short", "time-medium", "time-long",
  "time-full", "datetime-short", "datetime-medium", "datetime-long", "datetime-full", NULL};

/* the pattern of a named style; NULL with the error set for an unknown name */
static const char *style_pattern(const expr *f, const o3_locale *L, const char *name, size_t n) {
  for (int k = 0; STYLE_NAMES[k]; k++) {
    if (strlen(STYLE_NAMES[k]) != n || memcmp(STYLE_NAMES[k], name, n)) continue;
    int s = k % 4;
    if (k < 4) return L->date_pat[s];
    if (k < 8) return L->time_pat[s];
    sbuf b = {0};
    sb_put(&b, "", 0);
    for (const char *p = L->datetime_pat[s]; *p;) {
      if (!strncmp(p, "{1}", 3)) { sb_puts(&b, L->date_pat[s]); p += 3; }
      else if (!strncmp(p, "{0}", 3)) { sb_puts(&b, L->time_pat[s]); p += 3; }
      else if (*p == '\'') p++;  /* CLDR quoting of the combining pattern */
      else sb_putc(&b, *p++);
    }
    return b.p;
  }
  char *w = xstrndup(name, n);
  const char *hint = closest_word(w, STYLE_NAMES);
  fail(ST_TEMPLATE, "template.filter", f->line, f->col,
       "filter 'date': unknown style '%s'%s%s%s (styles: short, medium, long, full, time-short, time-medium, "
       "datetime-short, datetime-medium, datetime-long, datetime-full; or a pattern such as \"YYYY-MM-DD\")",
       w, hint ? " (did you mean '" : "", hint ? hint : "", hint ? "'?)" : "");
  return NULL;
}

/* a style name: only lowercase ASCII letters and '-' (a pattern always has an uppercase token or other text) */
static int is_style_name(const char *s, size_t n) {
  if (!n) return 0;
  for (size_t i = 0; i < n; i++) if (!((s[i] >= 'a' && s[i] <= 'z') || s[i] == '-')) return 0;
  return 1;
}

static int starts(const char *p, size_t left, const char *tok) {
  size_t k = strlen(tok);
  return left >= k && !memcmp(p, tok, k);
}

jval *date_format(const expr *f, const jval *in, const char *fmt, size_t fn, const o3_locale *L, int hanzi) {
  if (in->t != J_STR) {
    fail(ST_TEMPLATE, "template.type", f->line, f->col, "filter 'date': needs an ISO date string YYYY-MM-DD");
    return NULL;
  }
  when w;
  const char *why = parse_when(in->s, in->n, &w);
  if (why) { fail(ST_TEMPLATE, "template.type", f->line, f->col, "filter 'date': %s", why); return NULL; }
  if (is_style_name(fmt, fn)) {
    fmt = style_pattern(f, L, fmt, fn);
    if (!fmt) return NULL;
    fn = strlen(fmt);
  }
  sbuf b = {0};
  sb_put(&b, "", 0);
  for (size_t i = 0; i < fn;) {
    const char *p = fmt + i;
    size_t left = fn - i;
    int date_tok = 1, adv = 0;
    /* longest token first */
    if (starts(p, left, "YYYY")) { if (w.has_date) put_num(&b, w.y, 4, hanzi, 0); adv = 4; }
    else if (starts(p, left, "YY")) { if (w.has_date) put_num(&b, w.y % 100, 2, hanzi, 0); adv = 2; }
    else if (starts(p, left, "MMMM")) { if (w.has_date) sb_puts(&b, L->month_wide[w.m - 1]); adv = 4; }
    else if (starts(p, left, "MMM")) { if (w.has_date) sb_puts(&b, L->month_abbr[w.m - 1]); adv = 3; }
    else if (starts(p, left, "MM")) { if (w.has_date) put_num(&b, w.m, hanzi ? 1 : 2, hanzi, 1); adv = 2; }
    else if (starts(p, left, "M")) { if (w.has_date) put_num(&b, w.m, 1, hanzi, 1); adv = 1; }
    else if (starts(p, left, "DD")) { if (w.has_date) put_num(&b, w.d, hanzi ? 1 : 2, hanzi, 1); adv = 2; }
    else if (starts(p, left, "D")) { if (w.has_date) put_num(&b, w.d, 1, hanzi, 1); adv = 1; }
    else if (starts(p, left, "dddd")) { if (w.has_date) sb_puts(&b, L->day_wide[weekday(w.y, w.m, w.d)]); adv = 4; }
    else if (starts(p, left, "ddd")) { if (w.has_date) sb_puts(&b, L->day_abbr[weekday(w.y, w.m, w.d)]); adv = 3; }
    else {
      date_tok = 0;
      int h12 = w.H % 12 ? w.H % 12 : 12;
      if (starts(p, left, "HH")) { put_num(&b, w.H, hanzi ? 1 : 2, hanzi, 1); adv = 2; }
      else if (starts(p, left, "H")) { put_num(&b, w.H, 1, hanzi, 1); adv = 1; }
      else if (starts(p, left, "hh")) { put_num(&b, h12, hanzi ? 1 : 2, hanzi, 1); adv = 2; }
      else if (starts(p, left, "h")) { put_num(&b, h12, 1, hanzi, 1); adv = 1; }
      else if (starts(p, left, "mm")) { put_num(&b, w.M, 2, hanzi, 1); adv = 2; }
      else if (starts(p, left, "ss")) { put_num(&b, w.S, 2, hanzi, 1); adv = 2; }
      else if (starts(p, left, "A")) { sb_puts(&b, w.H < 12 ? L->am : L->pm); adv = 1; }
      else if (starts(p, left, "B")) {
        sb_puts(&b, w.H == 0 && w.M == 0 && w.S == 0 ? L->flex_midnight : L->flex[w.H % 24]);
        adv = 1;
      }
      else if (p[0] == '[') {
        const char *e = memchr(p + 1, ']', left - 1);
        if (!e) {
          fail(ST_TEMPLATE, "template.filter", f->line, f->col, "filter 'date': '[' without ']' in the pattern (literal text goes in [brackets])");
          return NULL;
        }
        sb_put(&b, p + 1, (size_t)(e - p - 1));
        i += (size_t)(e - p) + 1;
        continue;
      } else { sb_putc(&b, *p); i++; continue; }
      if (!w.has_time) {
        fail(ST_TEMPLATE, "template.type", f->line, f->col,
             "filter 'date': the pattern writes a time (%.*s) but the value has none (give YYYY-MM-DDTHH:MM)", adv, p);
        return NULL;
      }
    }
    if (date_tok && !w.has_date) {
      fail(ST_TEMPLATE, "template.type", f->line, f->col,
           "filter 'date': the pattern writes a date (%.*s) but the value is a time of day", adv, p);
      return NULL;
    }
    i += (size_t)adv;
  }
  return jv_str(b.p, b.len);
}
