/* Locale lookup and locale-aware number, percent and currency text.  The data
 * is CLDR's (locale_table.c, generated); the digits come from the exact
 * decimal code, so 0.125 -> "0,13" in de-DE as it is "0.13" in en-US. */
#include "locale.h"
#include "tmpl.h"
#include <string.h>

const o3_locale *g_locale_request, *g_locale_document;

static int lower(int c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; }

/* s[0..n) equals t ignoring ASCII case, with '_' read as '-' */
static int tag_eq(const char *s, size_t n, const char *t) {
  if (strlen(t) != n) return 0;
  for (size_t i = 0; i < n; i++) {
    int a = s[i] == '_' ? '-' : lower((unsigned char)s[i]);
    if (a != lower((unsigned char)t[i])) return 0;
  }
  return 1;
}

/* language-only and script tags: the locale they mean */
static const char *const ALIASES[][2] = {
  {"en", "en-US"}, {"zh", "zh-CN"}, {"zh-Hans", "zh-CN"}, {"zh-Hans-CN", "zh-CN"}, {"zh-Hant", "zh-TW"},
  {"zh-Hant-TW", "zh-TW"}, {"ja", "ja-JP"}, {"de", "de-DE"}, {"fr", "fr-FR"}, {"en-UK", "en-GB"},
};

const o3_locale *locale_find(const char *s, size_t n) {
  for (int i = 0; i < O3_NLOCALES; i++) if (tag_eq(s, n, O3_LOCALES[i].tag)) return &O3_LOCALES[i];
  for (size_t k = 0; k < sizeof ALIASES / sizeof ALIASES[0]; k++)
    if (tag_eq(s, n, ALIASES[k][0])) return locale_find(ALIASES[k][1], strlen(ALIASES[k][1]));
  return NULL;
}

const char *locale_hint(const char *s, size_t n) {
  static const char *tags[O3_NLOCALES + 1];
  for (int i = 0; i < O3_NLOCALES; i++) tags[i] = O3_LOCALES[i].tag;
  char w[41];
  if (n > 40) return NULL;
  for (size_t i = 0; i < n; i++) w[i] = s[i] == '_' ? '-' : s[i];
  w[n] = 0;
  /* the same language first: "de-AT" -> de-DE, "zh-HK" -> zh-TW would be a guess, so only one match counts */
  const char *same = NULL;
  int nsame = 0;
  for (int i = 0; i < O3_NLOCALES; i++)
    if (n > 2 && (w[2] == '-') && lower(w[0]) == lower(tags[i][0]) && lower(w[1]) == lower(tags[i][1])) { same = tags[i]; nsame++; }
  if (nsame == 1) return same;
  return closest_word(w, tags);
}

const char *locale_list(void) {
  static sbuf b;
  if (!b.len) {
    for (int i = 0; i < O3_NLOCALES; i++) {
      if (i) sb_puts(&b, ", ");
      sb_puts(&b, O3_LOCALES[i].tag);
    }
  }
  return b.p;
}

const o3_locale *locale_default(const char *doc_lang) {
  if (g_locale_request) return g_locale_request;
  if (g_locale_document) return g_locale_document;
  const char *tag = doc_lang && !strcmp(doc_lang, "zh") ? "zh-CN" : doc_lang && !strcmp(doc_lang, "ja") ? "ja-JP" : "en-US";
  return locale_find(tag, strlen(tag));
}

int currency_index(const char *s, size_t n) {
  for (int i = 0; i < O3_NCUR; i++) if (n == 3 && !memcmp(s, O3_CURRENCY_CODES[i], 3)) return i;
  return -1;
}

/* plain "-1234.50" (ASCII digits, '.' and '-') in the locale's symbols and grouping; *neg set, no sign written */
static void localize_digits(const o3_locale *L, const char *t, sbuf *b, int *neg) {
  *neg = t[0] == '-';
  if (*neg) t++;
  const char *dot = strchr(t, '.');
  size_t ilen = dot ? (size_t)(dot - t) : strlen(t);
  for (size_t i = 0; i < ilen; i++) {
    size_t left = ilen - i; /* digits from here to the decimal point */
    if (i > 0 && L->group1 > 0) {
      int at = 0;
      if (left == (size_t)L->group1) at = 1;
      else if (left > (size_t)L->group1 && L->group2 > 0 && (left - (size_t)L->group1) % (size_t)L->group2 == 0) at = 1;
      if (at) sb_puts(b, L->group);
    }
    sb_putc(b, t[i]);
  }
  if (dot) {
    sb_puts(b, L->decimal);
    sb_puts(b, dot + 1);
  }
}

char *loc_number(const o3_locale *L, const decimal *d, int places, int scale10, int trim) {
  char *t = dec_format(d, places, 0, scale10);
  if (trim && strchr(t, '.')) {
    /* at most `places` decimals: 131.00 -> 131, 12.50 -> 12.5 (a "-0" left by trimming is "0") */
    size_t n = strlen(t);
    while (t[n - 1] == '0') t[--n] = 0;
    if (t[n - 1] == '.') t[--n] = 0;
    if (!strcmp(t, "-0")) t++;
  }
  sbuf b = {0};
  sb_put(&b, "", 0);
  int neg;
  sbuf digs = {0};
  sb_put(&digs, "", 0);
  localize_digits(L, t, &digs, &neg);
  if (neg) sb_puts(&b, L->minus);
  if (scale10 == 2) sb_puts(&b, L->pct_pre);
  sb_put(&b, digs.p, digs.len);
  if (scale10 == 2) sb_puts(&b, L->pct_suf);
  return b.p;
}

/* pattern text with U+00A4 replaced by the symbol */
static void put_with_symbol(sbuf *b, const char *pat, const char *sym, size_t sn) {
  for (const char *p = pat; *p;) {
    if ((unsigned char)p[0] == 0xC2 && (unsigned char)p[1] == 0xA4) { sb_put(b, sym, sn); p += 2; }
    else sb_putc(b, *p++);
  }
}

char *loc_currency(const o3_locale *L, const decimal *d, const char *sym, size_t sn, int places) {
  int ci = currency_index(sym, sn);
  if (places < 0) places = ci >= 0 ? O3_CURRENCY_DIGITS[ci] : 2;
  if (ci >= 0) { sym = L->cur_sym[ci]; sn = strlen(sym); }
  char *t = dec_format(d, places, 0, 0);
  sbuf digs = {0}, b = {0};
  sb_put(&digs, "", 0);
  sb_put(&b, "", 0);
  int neg;
  localize_digits(L, t, &digs, &neg);
  if (neg) sb_puts(&b, L->minus);
  put_with_symbol(&b, L->cur_pre, sym, sn);
  sb_put(&b, digs.p, digs.len);
  put_with_symbol(&b, L->cur_suf, sym, sn);
  return b.p;
}

int locale_document(const char *value, int line, int col, const char **lang) {
  g_locale_document = NULL;
  if (value) {
    const o3_locale *L = locale_find(value, strlen(value));
    if (!L) {
      const char *hint = locale_hint(value, strlen(value));
      return fail(ST_TEMPLATE, "template.attribute", line, col, "attribute 'locale': unknown locale '%s'%s%s%s (known: %s)",
                  value, hint ? " (did you mean '" : "", hint ? hint : "", hint ? "'?)" : "", locale_list());
    }
    g_locale_document = L;
  }
  const o3_locale *L = g_locale_request ? g_locale_request : g_locale_document;
  *lang = L && !strncmp(L->tag, "zh", 2) ? "zh" : L && !strncmp(L->tag, "ja", 2) ? "ja" : "en";
  return 0;
}

static int g_locale_attr;

void locale_document_lang(const char *lang) {
  g_locale_attr = g_locale_document != NULL;
  if (!g_locale_document) g_locale_document = locale_default(lang);
}

int locale_explicit(void) { return g_locale_request || g_locale_attr; }

void locale_json(sbuf *b) {
  if (!locale_explicit()) return;
  const o3_locale *L = locale_default(NULL);
  const char *kv[][2] = {{"tag", L->tag}, {"decimal", L->decimal}, {"group", L->group}};
  sb_puts(b, "\"locale\":{");
  for (int i = 0; i < 3; i++) {
    if (i) sb_putc(b, ',');
    sb_json_str(b, kv[i][0], strlen(kv[i][0]));
    sb_putc(b, ':');
    sb_json_str(b, kv[i][1], strlen(kv[i][1]));
  }
  sb_puts(b, "},");
}
