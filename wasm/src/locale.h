/* Locale data (CLDR, generated into locale_table.c by wasm/tools/gen_locale.py)
 * and the locale-aware formatting the filters number, percent, currency and
 * date use.  Everything is a pure function of the value, the locale and the
 * arguments: no host locale, no clock, no time zone. */
#ifndef O3_LOCALE_H
#define O3_LOCALE_H
#include "o3.h"

#define O3_NCUR 7
#define O3_NLOCALES 7

typedef struct {
  const char *tag;                         /* BCP 47, e.g. "de-DE" */
  const char *decimal, *group, *minus;     /* symbols */
  int group1, group2;                      /* primary and secondary grouping sizes (0: none) */
  const char *pct_pre, *pct_suf;           /* percent pattern around the digits, sign included */
  const char *cur_pre, *cur_suf;           /* currency pattern around the digits; U+00A4 marks the symbol */
  const char *cur_sym[O3_NCUR];            /* CLDR symbol of each O3_CURRENCY_CODES entry */
  const char *month_wide[12], *month_abbr[12];
  const char *day_wide[7], *day_abbr[7];   /* Sunday first */
  const char *date_pat[4], *time_pat[4];   /* short medium long full, in the date filter's tokens */
  const char *datetime_pat[4];             /* "{1}" = the date, "{0}" = the time */
  const char *flex[24];                    /* flexible day period (B) of each hour */
  const char *flex_midnight;               /* B at exactly 00:00:00 */
  const char *am, *pm;
} o3_locale;

extern const char *const O3_CURRENCY_CODES[O3_NCUR + 1];
extern const unsigned char O3_CURRENCY_DIGITS[O3_NCUR]; /* ISO 4217 minor units */
extern const o3_locale O3_LOCALES[O3_NLOCALES];

/* The locale named s[0..n) ("de-DE", "de_de", "de", "zh-Hant"...); NULL when none. */
const o3_locale *locale_find(const char *s, size_t n);
/* The closest known tag to s (for "did you mean"), or NULL. */
const char *locale_hint(const char *s, size_t n);
/* A comma-separated list of the known tags, for messages. */
const char *locale_list(void);

/* The locale in effect when a filter names none: the request's (--locale),
 * else the document's locale attribute, else the one of the document's lang
 * (en -> en-US, zh -> zh-CN, ja -> ja-JP). */
extern const o3_locale *g_locale_request, *g_locale_document;
const o3_locale *locale_default(const char *doc_lang);
/* The document's locale attribute (value NULL when absent; an unknown one is an
 * error at line:col); *lang is the lang it implies for a document without one. */
int locale_document(const char *value, int line, int col, const char **lang);
/* After the document's lang is known: without a locale attribute, lang decides. */
void locale_document_lang(const char *lang);
/* 1 when the request or the document's locale attribute chose the locale (not only lang). */
int locale_explicit(void);
/* "locale":{"tag","decimal","group"}, of the display list, when locale_explicit(): what an exporter
 * needs to read formatted numbers back (1.234,50 is 1234.5 in de-DE).  Writes nothing otherwise. */
void locale_json(sbuf *b);

/* d (times 10^scale10) rounded half away from zero to places decimals, with
 * the locale's decimal and group symbols and grouping; sign with its minus. */
char *loc_number(const o3_locale *L, const decimal *d, int places, int scale10, int trim);
/* d as an amount: pattern, symbol (an ISO code of the table becomes its CLDR symbol, other text is written as
 * given) and places (-1: the code's ISO digits, else 2). */
char *loc_currency(const o3_locale *L, const decimal *d, const char *sym, size_t sn, int places);
/* The index of a known ISO currency code, or -1. */
int currency_index(const char *s, size_t n);
#endif
