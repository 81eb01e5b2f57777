/* Shared types of the wps-template-wasm module.
 *
 * Everything is allocated from one arena that is never freed: the host
 * creates a fresh instance per render and drops it afterwards, so freeing
 * would only cost time.  Errors are recorded in one global slot and
 * propagated as return codes (no setjmp, which wasm32 cannot do cheaply). */
#ifndef O3_H
#define O3_H

#include <stddef.h>
#include <stdint.h>

/* ---- status codes (contract section 2) ---- */
enum {
  ST_OK = 0, ST_REQUEST = 1, ST_TEMPLATE = 2, ST_DATA = 3,
  ST_LAYOUT = 4, ST_LIMIT = 5, ST_INTERNAL = 6
};

/* ---- memory ---- */
void *xalloc(size_t n);              /* zeroed; traps (after flagging OOM) on failure */
void *xrealloc(void *p, size_t old, size_t n);
char *xstrndup(const char *s, size_t n);
extern int g_oom;

/* ---- growable byte buffer ---- */
typedef struct { char *p; size_t len, cap; } sbuf;
void sb_put(sbuf *b, const char *s, size_t n);
void sb_puts(sbuf *b, const char *s);
void sb_putc(sbuf *b, char c);
void sb_int(sbuf *b, int64_t v);
void sb_json_str(sbuf *b, const char *s, size_t n);   /* canonical JSON string */
void sb_utf8(sbuf *b, uint32_t cp);

/* ---- errors ---- */
typedef struct {
  int status;
  const char *code;
  char message[512];
  int line, column;      /* 0 when unknown */
  const char *path;      /* data path, NULL when unknown */
} o3_error;
extern o3_error g_err;
/* Records the first error only; returns -1 so callers can `return fail(...)`. */
int fail(int status, const char *code, int line, int col, const char *fmt, ...);

/* ---- JSON values (also the evaluator's values) ---- */
typedef enum { J_NULL, J_FALSE, J_TRUE, J_NUM, J_STR, J_ARR, J_OBJ, J_MISSING } jtype;
typedef struct jval {
  jtype t;
  const char *s;   /* J_STR: UTF-8 bytes; J_NUM: the number's JSON text */
  size_t n;        /* byte length of s */
  struct jval **items;  /* J_ARR / J_OBJ values */
  struct jval **keys;   /* J_OBJ keys (J_STR values), source order */
  int count;
} jval;

jval *json_parse(const char *s, size_t n, const char **errpos); /* NULL on error */
jval *jv_str(const char *s, size_t n);
jval *jv_num(const char *s, size_t n);
jval *jv_bool(int b);
jval *jv_null(void);
jval *jv_missing(void);
jval *jv_obj_get(const jval *o, const char *key, size_t klen);
int jv_is_int(const jval *v, int64_t *out);   /* J_NUM that is an exact integer */

/* ---- UTF-8 ---- */
int utf8_decode(const char *s, size_t n, size_t *i, uint32_t *cp); /* 0 ok, -1 invalid */
int utf8_valid(const char *s, size_t n);
size_t utf8_count(const char *s, size_t n);

/* ---- decimals (exact formatting from JSON number text) ---- */
typedef struct { int neg; char *dig; int nd; int exp; } decimal; /* value = dig * 10^exp */
int dec_parse(const char *s, size_t n, decimal *d);            /* 0 ok */
/* Fixed-point text with `places` decimals, half away from zero, optional grouping. */
char *dec_format(const decimal *d, int places, int group, int scale10);
char *dec_plain(const decimal *d);                              /* shortest exact plain text */
int dec_cmp(const decimal *a, const decimal *b);
/* Exact arithmetic (0 ok, else DEC_RANGE / DEC_DIV0).  dec_div rounds the
 * quotient half away from zero to `places` decimals; dec_mod's result has the
 * sign of the dividend; dec_round modes: 0 half away from zero, 1 floor,
 * 2 ceil, 3 toward zero. */
#define DEC_MAX_DIGITS 200
enum { DEC_RANGE = 1, DEC_DIV0 = 2 };
int dec_add(const decimal *a, const decimal *b, int subtract, decimal *out);
int dec_mul(const decimal *a, const decimal *b, decimal *out);
int dec_div(const decimal *a, const decimal *b, int places, decimal *out);
int dec_mod(const decimal *a, const decimal *b, decimal *out);
int dec_round(const decimal *d, int places, int mode, decimal *out);
int dec_from_int(int64_t v, decimal *out);

#endif
