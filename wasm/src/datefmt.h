/* The date filter's formatting (datefmt.c). */
#ifndef O3_DATEFMT_H
#define O3_DATEFMT_H
#include "locale.h"
#include "tmpl.h"

/* in (an ISO date, date-time or time string) written with fmt[0..fn): a pattern of
 * tokens or a style name (short, medium, long, full, time-*, datetime-*) of L;
 * hanzi: numbers in Chinese numerals.  NULL with the error set (at f). */
jval *date_format(const expr *f, const jval *in, const char *fmt, size_t fn, const o3_locale *L, int hanzi);
#endif
