/* Exports of wps-template-wasm (ABI version 1, see wasm/ABI.md): a pure
 * function from request bytes to result bytes.  The module imports nothing. */
#include "linebreak.h"
#include "locale.h"
#include "output.h"
#include "tmpl.h"
#include <stdlib.h>
#include <string.h>

#define EXPORT(name) __attribute__((export_name(#name)))

static sbuf g_result;

EXPORT(o3_abi_version) int o3_abi_version(void) { return 1; }

EXPORT(o3_alloc) void *o3_alloc(int size) {
  if (size < 0) return 0;
  /* not calloc: the host overwrites every byte, and zeroing 10 MB of fonts costs milliseconds */
  return malloc((size_t)size + 1);
}

EXPORT(o3_result_ptr) const char *o3_result_ptr(void) { return g_result.p; }
EXPORT(o3_result_len) int o3_result_len(void) { return (int)g_result.len; }
/* 1 when the last render stopped because memory could not grow (then it trapped) */
EXPORT(o3_oom) int o3_oom(void) { return g_oom; }

static uint32_t rd32(const unsigned char *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

#define MAX_FONTS 16

typedef struct {
  const char *json; size_t json_len;
  const char *font[MAX_FONTS]; size_t font_len[MAX_FONTS]; int nfonts;
} container;

static int read_container(const unsigned char *p, size_t n, container *c) {
  memset(c, 0, sizeof *c);
  if (n < 12 || memcmp(p, "O3RQ", 4)) return fail(ST_REQUEST, "request.container", 0, 0, "request does not start with O3RQ");
  if (rd32(p + 4) != 1) return fail(ST_REQUEST, "request.version", 0, 0, "unsupported request version");
  uint32_t count = rd32(p + 8);
  size_t off = 12;
  int njson = 0;
  for (uint32_t i = 0; i < count; i++) {
    if (n - off < 8) return fail(ST_REQUEST, "request.container", 0, 0, "truncated section header");
    uint32_t tag = rd32(p + off), len = rd32(p + off + 4);
    off += 8;
    if (len > n - off) return fail(ST_REQUEST, "request.container", 0, 0, "section longer than the request");
    if (tag == 1) {
      if (njson++) return fail(ST_REQUEST, "request.container", 0, 0, "more than one request JSON section");
      c->json = (const char *)p + off;
      c->json_len = len;
    } else if (tag == 2) {
      if (c->nfonts == MAX_FONTS) return fail(ST_REQUEST, "request.container", 0, 0, "more than 16 fonts");
      c->font[c->nfonts] = (const char *)p + off;
      c->font_len[c->nfonts++] = len;
    } else {
      return fail(ST_REQUEST, "request.container", 0, 0, "unknown section tag %d", (int)tag);
    }
    off += len;
  }
  if (off != n) return fail(ST_REQUEST, "request.container", 0, 0, "trailing bytes after the last section");
  if (!njson) return fail(ST_REQUEST, "request.container", 0, 0, "no request JSON section");
  return 0;
}

static int get_limit(const jval *lims, const char *name, int64_t dflt, int64_t *out) {
  *out = dflt;
  const jval *v = jv_obj_get(lims, name, strlen(name));
  if (!v) return 0;
  int64_t x;
  if (!jv_is_int(v, &x) || x < 0) return fail(ST_REQUEST, "request.json", 0, 0, "limits.%s must be a non-negative integer", name);
  *out = x;
  return 0;
}

static int render(const unsigned char *req, size_t n, sbuf *out, const char **tname) {
  container c;
  if (read_container(req, n, &c)) return -1;
  const char *perr = NULL;
  jval *rq = json_parse(c.json, c.json_len, &perr);
  if (!rq) return fail(ST_REQUEST, "request.json", 0, 0, "request JSON: %s", perr ? perr : "invalid");
  if (rq->t != J_OBJ) return fail(ST_REQUEST, "request.json", 0, 0, "request JSON must be an object");
  const jval *tpl = jv_obj_get(rq, "template", 8);
  if (!tpl || tpl->t != J_STR) return fail(ST_REQUEST, "request.json", 0, 0, "request needs \"template\" (a string)");
  const jval *tn = jv_obj_get(rq, "template_name", 13);
  if (tn && tn->t == J_STR) *tname = xstrndup(tn->s, tn->n);
  jval *data = jv_obj_get(rq, "data", 4);
  jval *user = jv_obj_get(rq, "user", 4);
  jval *ai = jv_obj_get(rq, "ai", 2);
  if (!data || data->t == J_NULL) { data = xalloc(sizeof(jval)); data->t = J_OBJ; }
  if (data->t != J_OBJ && data->t != J_ARR) return fail(ST_DATA, "data.type", 0, 0, "data must be an object or an array");
  if (!user || user->t == J_NULL) { user = xalloc(sizeof(jval)); user->t = J_OBJ; }
  if (user->t != J_OBJ) return fail(ST_DATA, "data.user", 0, 0, "user context must be an object of strings");
  for (int i = 0; i < user->count; i++)
    if (user->items[i]->t != J_STR) {
      fail(ST_DATA, "data.user", 0, 0, "user context value '%.*s' must be a string", (int)user->keys[i]->n, user->keys[i]->s);
      g_err.path = xstrndup(user->keys[i]->s, user->keys[i]->n);
      return -1;
    }
  if (!ai || ai->t == J_NULL) { ai = xalloc(sizeof(jval)); ai->t = J_OBJ; }
  if (ai->t != J_OBJ) return fail(ST_DATA, "data.ai", 0, 0, "ai results must be an object");
  int weights[MAX_FONTS];
  const jval *fdesc = jv_obj_get(rq, "fonts", 5);
  for (int i = 0; i < c.nfonts; i++) {
    weights[i] = i == 1 ? 700 : 400;
    if (fdesc && fdesc->t == J_ARR && i < fdesc->count) {
      int64_t w;
      const jval *wv = jv_obj_get(fdesc->items[i], "weight", 6);
      if (wv) {
        if (!jv_is_int(wv, &w) || w < 1 || w > 1000) return fail(ST_REQUEST, "request.json", 0, 0, "fonts[%d].weight must be 1..1000", i);
        weights[i] = (int)w;
      }
    }
  }
  if (fdesc && (fdesc->t != J_ARR || fdesc->count != c.nfonts))
    return fail(ST_REQUEST, "request.json", 0, 0, "\"fonts\" must describe each font section");
  limits lim;
  const jval *lims = jv_obj_get(rq, "limits", 6);
  if (get_limit(lims, "max_pages", 1000, &lim.max_pages) || get_limit(lims, "max_items", 200000, &lim.max_items) ||
      get_limit(lims, "max_output_bytes", 67108864, &lim.max_output_bytes))
    return -1;

  const jval *loc = jv_obj_get(rq, "locale", 6);
  g_locale_request = NULL;
  if (loc && loc->t != J_NULL) {
    if (loc->t != J_STR) return fail(ST_REQUEST, "request.json", 0, 0, "\"locale\" must be a string such as \"de-DE\"");
    if (!(g_locale_request = locale_find(loc->s, loc->n))) {
      const char *hint = locale_hint(loc->s, loc->n);
      return fail(ST_DATA, "data.locale", 0, 0, "unknown locale '%.*s'%s%s%s (known: %s)", (int)loc->n, loc->s,
                  hint ? " (did you mean '" : "", hint ? hint : "", hint ? "'?)" : "", locale_list());
    }
  }
  const jval *chk0 = jv_obj_get(rq, "check", 5);
  g_check = chk0 && chk0->t == J_TRUE;
  if (tmpl_set_partials(jv_obj_get(rq, "partials", 8))) return -1;
  node *root = tmpl_parse(tpl->s, tpl->n);
  if (!root) {
    if (g_check && recover()) { check_errors_json(out, *tname); return ST_TEMPLATE; }
    return -1;
  }
  const jval *images = jv_obj_get(rq, "images", 6);
  if (images && images->t != J_OBJ) return fail(ST_REQUEST, "request.json", 0, 0, "\"images\" must be an object");
  evalctx cx = {data, user, ai, NULL, NULL, 0};
  fontset fs;
  if (fonts_open(&fs, c.font, c.font_len, weights, c.nfonts)) return -1;
  const jval *chk = jv_obj_get(rq, "check", 5);
  g_check = chk && chk->t == J_TRUE;
  doc *d = doc_eval(root, &cx, &lim, &fs, images);
  if (g_check) {
    /* validate: every template/data error, no display list */
    if (!d && !recover()) return -1;
    if (check_error_count()) { check_errors_json(out, *tname); return ST_TEMPLATE; }
    sb_puts(out, "{\"errors\":[]}");
    return 0;
  }
  if (!d) return -1;
  return write_display_list(out, d, &fs, &lim);
}

EXPORT(o3_render) int o3_render(const unsigned char *ptr, int len) {
  memset(&g_err, 0, sizeof g_err);
  memset(&g_result, 0, sizeof g_result);
  const char *tname = NULL;
  sbuf out = {0};
  int st = len >= 0 ? render(ptr, (size_t)len, &out, &tname) : -1;
  if (st == ST_TEMPLATE && g_check && !g_err.status) {  /* check mode: the collected errors */
    g_result = out;
    return ST_TEMPLATE;
  }
  if (st == 0 && !g_err.status) {
    g_result = out;
    return ST_OK;
  }
  if (!g_err.status) fail(ST_INTERNAL, "internal", 0, 0, "render failed without an error");
  sbuf e = {0};
  sb_puts(&e, "{\"errors\":[{\"code\":");
  sb_json_str(&e, g_err.code, strlen(g_err.code));
  sb_puts(&e, ",\"message\":");
  sb_json_str(&e, g_err.message, strlen(g_err.message));
  sb_source_pos(&e, g_err.line, g_err.column, tname);
  if (g_err.path) { sb_puts(&e, ",\"path\":"); sb_json_str(&e, g_err.path, strlen(g_err.path)); }
  sb_puts(&e, "}]}");
  g_result = e;
  return g_err.status;
}

/* Diagnostic export for the UAX #14 conformance test: n u32 code points at
 * ptr in, n break flags (1 = a line may break before code point i) written
 * right after them.  Returns 0, or -1 for a bad n. */
EXPORT(o3_line_breaks) int o3_line_breaks(uint32_t *ptr, int n, int cjk) {
  if (n <= 0 || n > (1 << 20)) return -1;
  lb_opportunities(ptr, n, cjk, (unsigned char *)(ptr + n));
  return 0;
}
