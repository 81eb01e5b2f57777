/* Parser of the template language: XML-like markup and {{ }} / {% %} tags
 * in one pass, into one tree (contract section 1). */
#include "tmpl.h"
#include <string.h>

#define MAX_NEST 200

typedef struct {
  const char *s; size_t n, i;
  size_t *lines; int nlines;   /* byte offset of each line start */
  int file_base;               /* the file's index << LINE_FILE_SHIFT, added to every line */
  int depth, maxdepth;
  int64_t includes;            /* include expansions in this file, counting those of the files it includes */
  int64_t bytes;               /* the file's size plus that of every expansion in it */
  /* the block tag that ended the last parse_nodes (END_TAG) */
  const char *tag; size_t tagn; size_t tag_at; const char *tag_arg; size_t tag_argn;
} P;

enum { END_EOF, END_ELEM, END_TAG, END_ERR };

void nl_push(nodelist *l, node *n) {
  if (l->n == l->cap) {
    int nc = l->cap ? l->cap * 2 : 4;
    l->v = xrealloc(l->v, sizeof(node *) * (size_t)l->cap, sizeof(node *) * (size_t)nc);
    l->cap = nc;
  }
  l->v[l->n++] = n;
}

static void lc(P *p, size_t off, int *line, int *col) {
  int lo = 0, hi = p->nlines - 1;
  while (lo < hi) {
    int mid = (lo + hi + 1) / 2;
    if (p->lines[mid] <= off) lo = mid; else hi = mid - 1;
  }
  *line = p->file_base + lo + 1;
  *col = (int)utf8_count(p->s + p->lines[lo], off - p->lines[lo]) + 1;
}

static int perr(P *p, size_t off, const char *fmt, const char *a, size_t an) {
  int line, col;
  lc(p, off, &line, &col);
  return fail(ST_TEMPLATE, "template.syntax", line, col, fmt, (int)an, a);
}

static node *mknode(P *p, ntype t, size_t off) {
  node *n = xalloc(sizeof *n);
  n->t = t;
  lc(p, off, &n->line, &n->col);
  return n;
}

static int starts(P *p, const char *w) {
  size_t l = strlen(w);
  return p->i + l <= p->n && memcmp(p->s + p->i, w, l) == 0;
}

static long find(P *p, size_t from, const char *w) {
  size_t l = strlen(w);
  for (size_t k = from; k + l <= p->n; k++)
    if (memcmp(p->s + k, w, l) == 0) return (long)k;
  return -1;
}

/* end of a tag body ("}}" or "%}"), skipping over quoted strings */
static long find_close(P *p, size_t from, char c1) {
  char q = 0;
  for (size_t k = from; k + 1 < p->n; k++) {
    char c = p->s[k];
    if (q) { if (c == '\\') k++; else if (c == q) q = 0; continue; }
    if (c == '"' || c == '\'') { q = c; continue; }
    if (c == c1 && p->s[k + 1] == '}') return (long)k;
  }
  return -1;
}

/* Decodes entities of s[a..b) into a fresh string. */
static int decode_text(P *p, size_t a, size_t b, const char **out, size_t *outn) {
  sbuf t = {0};
  sb_put(&t, "", 0);
  for (size_t k = a; k < b; k++) {
    char c = p->s[k];
    if (c != '&') { sb_putc(&t, c); continue; }
    size_t e = k + 1;
    while (e < b && e - k < 12 && p->s[e] != ';' && p->s[e] != '&' && p->s[e] != ' ' && p->s[e] != '<') e++;
    if (e >= b || p->s[e] != ';') { sb_putc(&t, c); continue; } /* a bare '&' stays text */
    const char *nm = p->s + k + 1;
    size_t nl = e - k - 1;
    if (nl == 3 && !memcmp(nm, "amp", 3)) sb_putc(&t, '&');
    else if (nl == 2 && !memcmp(nm, "lt", 2)) sb_putc(&t, '<');
    else if (nl == 2 && !memcmp(nm, "gt", 2)) sb_putc(&t, '>');
    else if (nl == 4 && !memcmp(nm, "quot", 4)) sb_putc(&t, '"');
    else if (nl == 4 && !memcmp(nm, "apos", 4)) sb_putc(&t, '\'');
    else if (nl >= 2 && nm[0] == '#') {
      uint32_t v = 0; int ok = 1; size_t j = 1;
      int hex = nm[1] == 'x' || nm[1] == 'X';
      if (hex) j = 2;
      if (j >= nl) ok = 0;
      for (; j < nl && ok; j++) {
        char d = nm[j];
        int dv = d >= '0' && d <= '9' ? d - '0'
               : hex && d >= 'a' && d <= 'f' ? d - 'a' + 10
               : hex && d >= 'A' && d <= 'F' ? d - 'A' + 10 : -1;
        if (dv < 0) ok = 0;
        else { v = v * (hex ? 16 : 10) + (uint32_t)dv; if (v > 0x10FFFF) ok = 0; }
      }
      if (!ok || v == 0 || (v >= 0xD800 && v <= 0xDFFF))
        return perr(p, k, "invalid character reference '&%.*s;'", nm, nl);
      sb_utf8(&t, v);
    } else {
      return perr(p, k, "unknown entity '&%.*s;'", nm, nl);
    }
    k = e;
  }
  *out = t.p;
  *outn = t.len;
  return 0;
}

static int is_name_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
static int is_name_char(char c) { return is_name_start(c) || (c >= '0' && c <= '9') || c == '-' || c == ':' || c == '.'; }
static void skip_ws(P *p) {
  while (p->i < p->n && (p->s[p->i] == ' ' || p->s[p->i] == '\t' || p->s[p->i] == '\n' || p->s[p->i] == '\r')) p->i++;
}

/* check mode: a broken expression is reported and stands for "" */
static expr *stand_in(int line, int col) {
  expr *e = xalloc(sizeof *e);
  e->t = E_LIT; e->line = line; e->col = col;
  e->lit = jv_str("", 0);
  return e;
}

static expr *parse_expr_at(P *p, size_t a, size_t b) {
  int line, col;
  lc(p, a, &line, &col);
  expr *e = expr_parse(p->s + a, b - a, line, col);
  if (!e && recover()) return stand_in(line, col);
  if (e && e->t == E_CALL) {
    /* {{ name(...) }} of its own is a call node (parse_nodes); here a value is needed */
    fail(ST_TEMPLATE, "template.syntax", e->line, e->col,
         "macro call '%s(...)' where a value is needed: a call writes content, so it is a {{ }} of its own in text or between elements",
         e->fname);
    e = NULL;
    if (recover()) e = stand_in(line, col);
  }
  return e;
}

/* attribute value s[a..b): literal text and {{ expr }} segments */
static int parse_attr_value(P *p, size_t a, size_t b, tattr *at) {
  int cap = 0;
  size_t k = a;
  while (k < b) {
    size_t seg_end = b;
    long open = -1;
    for (size_t j = k; j + 1 < b; j++) if (p->s[j] == '{' && p->s[j + 1] == '{') { open = (long)j; break; }
    if (open >= 0) seg_end = (size_t)open;
    if (seg_end > k || open < 0) {
      attr_seg sg = {0};
      if (decode_text(p, k, seg_end, &sg.text, &sg.n)) return -1;
      if (at->nsegs == cap) { int nc = cap ? cap * 2 : 2; at->segs = xrealloc(at->segs, sizeof(attr_seg) * (size_t)cap, sizeof(attr_seg) * (size_t)nc); cap = nc; }
      at->segs[at->nsegs++] = sg;
    }
    if (open < 0) break;
    size_t save = p->i;
    long close = find_close(p, (size_t)open + 2, '}');
    p->i = save;
    if (close < 0 || (size_t)close + 2 > b) return perr(p, (size_t)open, "unclosed '{{' in attribute%.*s", "", 0);
    attr_seg sg = {0};
    sg.is_expr = 1;
    sg.e = parse_expr_at(p, (size_t)open + 2, (size_t)close);
    if (!sg.e) return -1;
    if (at->nsegs == cap) { int nc = cap ? cap * 2 : 2; at->segs = xrealloc(at->segs, sizeof(attr_seg) * (size_t)cap, sizeof(attr_seg) * (size_t)nc); cap = nc; }
    at->segs[at->nsegs++] = sg;
    k = (size_t)close + 2;
  }
  return 0;
}

static int parse_nodes(P *p, nodelist *out, const char *close_elem);

static int parse_element(P *p, nodelist *out) {
  size_t start = p->i;
  p->i++; /* '<' */
  size_t ns = p->i;
  while (p->i < p->n && is_name_char(p->s[p->i])) p->i++;
  node *el = mknode(p, N_ELEM, start);
  el->name = xstrndup(p->s + ns, p->i - ns);
  int cap = 0;
  while (1) {
    size_t before = p->i;
    skip_ws(p);
    if (p->i >= p->n) return perr(p, start, "unclosed tag <%.*s", el->name, strlen(el->name));
    if (starts(p, "/>")) { p->i += 2; nl_push(out, el); return 0; }
    if (p->s[p->i] == '>') { p->i++; break; }
    if (p->i == before || !is_name_start(p->s[p->i]))
      return perr(p, p->i, "expected attribute name or '>' in <%.*s>", el->name, strlen(el->name));
    size_t an = p->i;
    while (p->i < p->n && is_name_char(p->s[p->i])) p->i++;
    tattr at = {0};
    at.name = xstrndup(p->s + an, p->i - an);
    lc(p, an, &at.line, &at.col);
    for (int k = 0; k < el->nattrs; k++)
      if (!strcmp(el->attrs[k].name, at.name)) return perr(p, an, "duplicate attribute '%.*s'", at.name, strlen(at.name));
    skip_ws(p);
    if (p->i >= p->n || p->s[p->i] != '=') return perr(p, p->i, "expected '=' after attribute '%.*s'", at.name, strlen(at.name));
    p->i++;
    skip_ws(p);
    if (p->i >= p->n || (p->s[p->i] != '"' && p->s[p->i] != '\''))
      return perr(p, p->i, "attribute value of '%.*s' must be quoted", at.name, strlen(at.name));
    char q = p->s[p->i++];
    size_t vs = p->i;
    /* the value ends at the matching quote outside {{ }} */
    size_t k = vs;
    while (k < p->n && p->s[k] != q) {
      if (p->s[k] == '{' && k + 1 < p->n && p->s[k + 1] == '{') {
        long c = find_close(p, k + 2, '}');
        if (c < 0) return perr(p, k, "unclosed '{{' (no '}}' after it, or a quote inside is never closed)%.*s", "", 0);
        k = (size_t)c + 2;
      } else if (p->s[k] == '<') {
        return perr(p, k, "'<' in attribute value of '%.*s'", at.name, strlen(at.name));
      } else k++;
    }
    if (k >= p->n) return perr(p, vs - 1, "unterminated attribute value of '%.*s'", at.name, strlen(at.name));
    if (parse_attr_value(p, vs, k, &at)) return -1;
    p->i = k + 1;
    if (el->nattrs == cap) { int nc = cap ? cap * 2 : 4; el->attrs = xrealloc(el->attrs, sizeof(tattr) * (size_t)cap, sizeof(tattr) * (size_t)nc); cap = nc; }
    el->attrs[el->nattrs++] = at;
  }
  if (++p->depth > MAX_NEST) return perr(p, start, "elements nested too deeply%.*s", "", 0);
  if (p->depth > p->maxdepth) p->maxdepth = p->depth;
  int r = parse_nodes(p, &el->kids, el->name);
  p->depth--;
  if (r == END_ERR) return -1;
  if (r == END_EOF) return perr(p, start, "<%.*s> is never closed", el->name, strlen(el->name));
  if (r == END_TAG) return perr(p, p->tag_at, "{%% %.*s %%} has no matching opening tag inside this element", p->tag, p->tagn);
  nl_push(out, el);
  return 0;
}

static int tag_is(P *p, const char *w) { return p->tagn == strlen(w) && !memcmp(p->tag, w, p->tagn); }

/* reads a {% ... %} at p->i into p->tag / p->tag_arg */
static int read_tag(P *p) {
  size_t start = p->i;
  long close = find_close(p, p->i + 2, '%');
  if (close < 0) return perr(p, start, "unclosed '{%%'%.*s", "", 0);
  size_t a = p->i + 2, b = (size_t)close;
  while (a < b && (p->s[a] == ' ' || p->s[a] == '\t' || p->s[a] == '\n' || p->s[a] == '\r')) a++;
  while (b > a && (p->s[b - 1] == ' ' || p->s[b - 1] == '\t' || p->s[b - 1] == '\n' || p->s[b - 1] == '\r')) b--;
  size_t w = a;
  while (w < b && is_name_char(p->s[w])) w++;
  p->tag = p->s + a;
  p->tagn = w - a;
  p->tag_at = start;
  p->tag_arg = p->s + w;
  p->tag_argn = b - w;
  p->i = (size_t)close + 2;
  return 0;
}

static int parse_if(P *p, nodelist *out, const char *close_elem) {
  node *n = mknode(p, N_IF, p->tag_at);
  size_t open_at = p->tag_at;
  int cap = 0, has_else = 0;
  const char *arg = p->tag_arg; size_t argn = p->tag_argn;
  while (1) {
    expr *cond = NULL;
    if (!has_else) {
      if (argn == 0) return perr(p, p->tag_at, "{%% if %%} needs a condition%.*s", "", 0);
      cond = parse_expr_at(p, (size_t)(arg - p->s), (size_t)(arg - p->s) + argn);
      if (!cond) return -1;
    }
    if (n->nbranches == cap) {
      int nc = cap ? cap * 2 : 2;
      n->conds = xrealloc(n->conds, sizeof(expr *) * (size_t)cap, sizeof(expr *) * (size_t)nc);
      n->bodies = xrealloc(n->bodies, sizeof(nodelist) * (size_t)cap, sizeof(nodelist) * (size_t)nc);
      cap = nc;
    }
    n->conds[n->nbranches] = cond;
    int r = parse_nodes(p, &n->bodies[n->nbranches], close_elem);
    n->nbranches++;
    if (r == END_ERR) return -1;
    if (r != END_TAG) return perr(p, open_at, "{%% if %%} is not closed by {%% endif %%} inside its element%.*s", "", 0);
    if (tag_is(p, "endif")) break;
    if (has_else) return perr(p, p->tag_at, "{%% %.*s %%} after {%% else %%}", p->tag, p->tagn);
    if (tag_is(p, "elif")) { arg = p->tag_arg; argn = p->tag_argn; continue; }
    if (tag_is(p, "else")) { has_else = 1; continue; }
    return perr(p, p->tag_at, "unexpected {%% %.*s %%} inside {%% if %%}", p->tag, p->tagn);
  }
  nl_push(out, n);
  return 0;
}

/* a variable name at a (an identifier of any script, as in expressions): its end, or a when none */
static const char *var_name_end(const char *a, const char *b) {
  size_t n = (size_t)(b - a), i = 0, w;
  while (i < n && (w = tmpl_id_char(a, n, i, i == 0))) i += w;
  return a + i;
}

static int parse_for(P *p, nodelist *out, const char *close_elem) {
  node *n = mknode(p, N_FOR, p->tag_at);
  size_t open_at = p->tag_at;
  const char *a = p->tag_arg, *b = p->tag_arg + p->tag_argn;
  while (a < b && (*a == ' ' || *a == '\t')) a++;
  const char *v = a;
  a = var_name_end(v, b);
  if (a == v) {
    if (v < b && *v >= '0' && *v <= '9')
      return perr(p, open_at, "{%% for %%}: the loop variable must not start with a digit (write 'NAME in EXPR')%.*s", "", 0);
    return perr(p, open_at, "{%% for %%} needs 'NAME in EXPR' (NAME: letters of any script, digits, '_')%.*s", "", 0);
  }
  n->var = xstrndup(v, (size_t)(a - v));
  while (a < b && (*a == ' ' || *a == '\t')) a++;
  if (b - a < 3 || a[0] != 'i' || a[1] != 'n' || (a[2] != ' ' && a[2] != '\t'))
    return perr(p, open_at, "{%% for %%} needs 'NAME in EXPR': no ' in ' after '%.*s'", n->var, strlen(n->var));
  a += 3;
  n->e = parse_expr_at(p, (size_t)(a - p->s), (size_t)(b - p->s));
  if (!n->e) return -1;
  int r = parse_nodes(p, &n->kids, close_elem);
  if (r == END_ERR) return -1;
  if (r != END_TAG || !tag_is(p, "endfor"))
    return perr(p, open_at, "{%% for %%} is not closed by {%% endfor %%} inside its element%.*s", "", 0);
  nl_push(out, n);
  return 0;
}

/* {% set NAME = EXPR %}: binds NAME for the rest of the enclosing block
 * (a loop body ends it; like Jinja, an if-branch does not). */
static int parse_set(P *p, nodelist *out) {
  node *n = mknode(p, N_SET, p->tag_at);
  const char *a = p->tag_arg, *b = p->tag_arg + p->tag_argn;
  while (a < b && (*a == ' ' || *a == '\t' || *a == '\n' || *a == '\r')) a++;
  const char *v = a;
  a = var_name_end(v, b);
  if (a == v) return perr(p, p->tag_at, "{%% set %%} needs 'NAME = EXPR'%.*s", "", 0);
  n->var = xstrndup(v, (size_t)(a - v));
  static const char *const reserved[] = {"loop", "page", "user", "ai", "true", "false", "null", "none", "and", "or", "not", NULL};
  for (int k = 0; reserved[k]; k++)
    if (!strcmp(n->var, reserved[k])) return perr(p, p->tag_at, "{%% set %%} cannot assign to '%.*s' (a reserved name)", n->var, strlen(n->var));
  while (a < b && (*a == ' ' || *a == '\t' || *a == '\n' || *a == '\r')) a++;
  if (a >= b || *a != '=' || (a + 1 < b && a[1] == '='))
    return perr(p, p->tag_at, "{%% set %%} needs 'NAME = EXPR'%.*s", "", 0);
  a++;
  if (a >= b) return perr(p, p->tag_at, "{%% set %%} needs a value after '='%.*s", "", 0);
  n->e = parse_expr_at(p, (size_t)(a - p->s), (size_t)(b - p->s));
  if (!n->e) return -1;
  nl_push(out, n);
  return 0;
}

/* ---------------- files, includes and macros ---------------- */

/* an included file: parsed once, at its first include, and its nodes spliced
 * in at every include of it */
typedef struct {
  const char *name, *file; const char *text; size_t n;
  int state;            /* 0 not parsed, 1 being parsed (an include of it now is a cycle), 2 parsed, 3 failed */
  nodelist nodes;
  int maxdepth;
  int64_t includes, bytes;
} partial;

static partial *g_parts;
static int g_nparts;
static int g_incstack[MAX_INCLUDE_DEPTH + 1], g_nincstack;
static macro **g_macros;
static int g_nmacros, g_mcap;
static nodelist g_calls;

const char *src_file_name(int k) { return k >= 1 && k <= g_nparts ? g_parts[k - 1].file : NULL; }

int tmpl_set_partials(const jval *partials) {
  if (!partials || partials->t == J_NULL) return 0;
  if (partials->t != J_OBJ) return fail(ST_REQUEST, "request.json", 0, 0, "\"partials\" must be an object");
  if (partials->count >= MAX_SOURCE_FILES)
    return fail(ST_REQUEST, "request.json", 0, 0, "more than %d included files", MAX_SOURCE_FILES - 1);
  g_parts = xalloc(sizeof(partial) * (size_t)(partials->count + 1));
  for (int i = 0; i < partials->count; i++) {
    const jval *v = partials->items[i];
    const jval *t = jv_obj_get(v, "text", 4), *f = jv_obj_get(v, "file", 4);
    if (v->t != J_OBJ || !t || t->t != J_STR || (f && f->t != J_STR))
      return fail(ST_REQUEST, "request.json", 0, 0, "partials: each value must be {\"text\": string, \"file\": string}");
    partial *pt = &g_parts[g_nparts++];
    pt->name = xstrndup(partials->keys[i]->s, partials->keys[i]->n);
    pt->file = f ? xstrndup(f->s, f->n) : pt->name;
    pt->text = t->s;
    pt->n = t->n;
  }
  return 0;
}

static int pfail(P *p, size_t off, const char *code, const char *fmt, const char *a) {
  int line, col;
  lc(p, off, &line, &col);
  return fail(ST_TEMPLATE, code, line, col, fmt, a);
}

static int parse_nodes(P *p, nodelist *out, const char *close_elem);
static int parse_source(P *p, const char *src, size_t n, int file_index, nodelist *top);

static int is_ws(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* {% include "partials/row.o3x" %}: the file's nodes in place of the tag */
static int parse_include(P *p, nodelist *out) {
  size_t at = p->tag_at;
  const char *a = p->tag_arg, *b = p->tag_arg + p->tag_argn;
  while (a < b && is_ws(*a)) a++;
  for (const char *c = a; c < b; c++)  /* no escapes: the host finds the name as written */
    if (*c == '\\') return pfail(p, at, "template.include", "include name has a backslash (use '/', no escapes)%s", "");
  int line, col;
  lc(p, (size_t)(a - p->s), &line, &col);
  expr *e = a < b ? expr_parse(a, (size_t)(b - a), line, col) : NULL;
  if (!e && g_err.status) return -1;
  if (!e || e->t != E_LIT || e->lit->t != J_STR)
    return pfail(p, at, "template.syntax", "{%% include %%} needs a quoted file name of the package: {%% include \"partials/row.o3x\" %%}%s", "");
  const char *name = xstrndup(e->lit->s, e->lit->n);
  size_t nn = e->lit->n;
  const char *why = NULL;
  if (nn == 0) why = "is empty";
  else if (name[0] == '/' || (nn > 1 && name[1] == ':')) why = "is an absolute path (name a file inside the package, e.g. \"partials/row.o3x\")";
  else if (strlen(name) != nn) why = "holds a NUL character";
  else {
    for (const char *seg = name; seg && !why; ) {
      const char *end = strchr(seg, '/');
      size_t sl = end ? (size_t)(end - seg) : strlen(seg);
      if (sl == 2 && seg[0] == '.' && seg[1] == '.') why = "leads outside the package ('..')";
      else if (sl == 0 || (sl == 1 && seg[0] == '.')) why = "has an empty or '.' part (write the path from the package root)";
      seg = end ? end + 1 : NULL;
    }
  }
  if (!why && (nn < 5 || strcmp(name + nn - 4, ".o3x"))) why = "is not a .o3x file";
  if (why) {
    int l2, c2;
    lc(p, at, &l2, &c2);
    fail(ST_TEMPLATE, "template.include", l2, c2, "include '%s' %s", name, why);
    g_err.path = name;
    return -1;
  }
  int k = -1;
  for (int i = 0; i < g_nparts && k < 0; i++) if (!strcmp(g_parts[i].name, name)) k = i;
  if (k < 0) {
    pfail(p, at, "template.include", "include file '%s' is not in the package", name);
    g_err.path = name;
    return -1;
  }
  partial *pt = &g_parts[k];
  if (pt->state == 1) {
    sbuf chain = {0};
    int from = 0;
    while (from < g_nincstack && g_incstack[from] != k) from++;
    for (int i = from; i < g_nincstack; i++) { sb_puts(&chain, g_parts[g_incstack[i]].name); sb_puts(&chain, " -> "); }
    sb_puts(&chain, name);
    pfail(p, at, "template.include", "include cycle: %s", chain.p);
    g_err.path = name;
    return -1;
  }
  if (pt->state == 0) {
    if (g_nincstack >= MAX_INCLUDE_DEPTH) {
      pfail(p, at, "template.include", "includes nested more than 16 files deep (at '%s')", name);
      g_err.path = name;
      return -1;
    }
    pt->state = 1;
    g_incstack[g_nincstack++] = k;
    P q = {0};
    int r = parse_source(&q, pt->text, pt->n, k + 1, &pt->nodes);
    g_nincstack--;
    pt->state = r ? 3 : 2;
    pt->maxdepth = q.maxdepth;
    pt->includes = q.includes;
    pt->bytes = (int64_t)pt->n + q.bytes;
    if (r) return -1;
  }
  if (pt->state == 3) return 0;  /* check mode: its errors are reported once, at its first include */
  p->includes += 1 + pt->includes;
  p->bytes += pt->bytes;
  if (p->includes > MAX_INCLUDES)
    return pfail(p, at, "template.include", "more than 1000 includes in all (counting the includes of included files), at '%s'", name);
  if ((int64_t)p->n + p->bytes > MAX_EXPANDED_BYTES)
    return pfail(p, at, "template.include", "the template with its includes expanded is over 64 MiB, at '%s'", name);
  if (p->depth - 1 + pt->maxdepth > MAX_NEST)
    return pfail(p, at, "template.syntax", "elements nested too deeply (with those of '%s')", name);
  if (p->depth - 1 + pt->maxdepth > p->maxdepth) p->maxdepth = p->depth - 1 + pt->maxdepth;
  for (int i = 0; i < pt->nodes.n; i++) nl_push(out, pt->nodes.v[i]);
  return 0;
}

static int reserved_name(const char *v) {
  static const char *const reserved[] = {"loop", "page", "user", "ai", "true", "false", "null", "none", "and", "or", "not", NULL};
  for (int k = 0; reserved[k]; k++) if (!strcmp(v, reserved[k])) return 1;
  return 0;
}

/* {% macro name(a, b=default) %}...{% endmacro %} at the top level of a file */
static int parse_macro(P *p) {
  size_t at = p->tag_at;
  if (p->depth != 1)
    return pfail(p, at, "template.syntax", "{%% macro %%} must be at the top level of a file (outside <document> and any block)%s", "");
  macro *m = xalloc(sizeof *m);
  lc(p, at, &m->line, &m->col);
  const char *a = p->tag_arg, *b = p->tag_arg + p->tag_argn;
  while (a < b && is_ws(*a)) a++;
  const char *v = a;
  a = var_name_end(v, b);
  if (a == v) return pfail(p, at, "template.syntax", "{%% macro %%} needs 'NAME(PARAMETERS)', e.g. {%% macro row(label, value) %%}%s", "");
  m->name = xstrndup(v, (size_t)(a - v));
  if (reserved_name(m->name)) return pfail(p, at, "template.syntax", "macro name '%s' is a reserved name", m->name);
  while (a < b && is_ws(*a)) a++;
  if (a >= b || *a != '(') return pfail(p, at, "template.syntax", "{%% macro %s %%} needs '(' and its parameters, e.g. %s(label, value)", m->name);
  /* the parameter list: up to the matching ')' outside quotes */
  const char *q = a + 1, *close = NULL;
  int nest = 0; char quote = 0;
  for (const char *c = q; c < b && !close; c++) {
    if (quote) { if (*c == '\\') c++; else if (*c == quote) quote = 0; continue; }
    if (*c == '"' || *c == '\'') quote = *c;
    else if (*c == '(' || *c == '[') nest++;
    else if (*c == ')' && nest == 0) close = c;
    else if (*c == ')' || *c == ']') nest--;
  }
  if (!close) return pfail(p, at, "template.syntax", "{%% macro %s(... %%} has no closing ')'", m->name);
  for (const char *c = close + 1; c < b; c++)
    if (!is_ws(*c)) return pfail(p, (size_t)(c - p->s), "template.syntax", "unexpected text after the parameters of macro '%s'", m->name);
  int cap = 0;
  const char *c = q;
  while (c < close) {
    while (c < close && is_ws(*c)) c++;
    if (c == close && m->nparams == 0) break;
    const char *pn = c;
    c = var_name_end(pn, close);
    if (c == pn) return pfail(p, (size_t)(pn - p->s), "template.syntax", "expected a parameter name in macro '%s'", m->name);
    const char *pname = xstrndup(pn, (size_t)(c - pn));
    if (reserved_name(pname)) return pfail(p, (size_t)(pn - p->s), "template.syntax", "parameter name '%s' is a reserved name", pname);
    for (int i = 0; i < m->nparams; i++)
      if (!strcmp(m->params[i], pname)) return pfail(p, (size_t)(pn - p->s), "template.syntax", "parameter '%s' is named twice", pname);
    while (c < close && is_ws(*c)) c++;
    expr *dflt = NULL;
    const char *end = c;
    if (c < close && *c == '=') {
      /* the default value runs to the next ',' outside brackets and quotes */
      const char *d = c + 1;
      int dn = 0; char dq = 0;
      for (end = d; end < close; end++) {
        if (dq) { if (*end == '\\') end++; else if (*end == dq) dq = 0; continue; }
        if (*end == '"' || *end == '\'') dq = *end;
        else if (*end == '(' || *end == '[') dn++;
        else if (*end == ')' || *end == ']') dn--;
        else if (*end == ',' && dn == 0) break;
      }
      if (end > close) end = close;
      dflt = parse_expr_at(p, (size_t)(d - p->s), (size_t)(end - p->s));
      if (!dflt) return -1;
    } else if (m->nparams && m->defaults[m->nparams - 1]) {
      return pfail(p, (size_t)(pn - p->s), "template.syntax", "parameter '%s' without a default follows one with a default", pname);
    }
    if (m->nparams == cap) {
      int nc = cap ? cap * 2 : 4;
      /* one slot more: the list stays NULL-terminated for closest_word */
      m->params = xrealloc(m->params, sizeof(char *) * (size_t)(cap ? cap + 1 : 0), sizeof(char *) * (size_t)(nc + 1));
      m->defaults = xrealloc(m->defaults, sizeof(expr *) * (size_t)cap, sizeof(expr *) * (size_t)nc);
      cap = nc;
    }
    m->params[m->nparams] = pname;
    m->defaults[m->nparams++] = dflt;
    c = end;
    while (c < close && is_ws(*c)) c++;
    if (c < close && *c != ',') return pfail(p, (size_t)(c - p->s), "template.syntax", "expected ',' or ')' after parameter '%s'", pname);
    if (c < close) c++;
  }
  int depth0 = p->depth, max0 = p->maxdepth;
  p->maxdepth = p->depth;
  int r = parse_nodes(p, &m->body, NULL);
  m->depth = p->maxdepth - depth0;
  p->maxdepth = max0;  /* the body is not in place: its nesting counts where it is called */
  if (r == END_ERR) return -1;
  if (r != END_TAG || !tag_is(p, "endmacro"))
    return pfail(p, at, "template.syntax", "{%% macro %s %%} is not closed by {%% endmacro %%}", m->name);
  for (int i = 0; i < g_nmacros; i++) {
    macro *o = g_macros[i];
    if (o->line == m->line && o->col == m->col) return 0;  /* the same file met again */
    if (!strcmp(o->name, m->name)) {
      const char *f = src_file_name(src_file(o->line));
      int l2 = src_line(o->line);
      fail(ST_TEMPLATE, "template.macro", m->line, m->col, "macro '%s' is already defined at line %d%s%s", m->name, l2,
           f ? " of " : "", f ? f : "");
      return recover() ? 0 : -1;  /* check mode: the first definition stays */
    }
  }
  if (g_nmacros == g_mcap) {
    int nc = g_mcap ? g_mcap * 2 : 8;
    g_macros = xrealloc(g_macros, sizeof(macro *) * (size_t)g_mcap, sizeof(macro *) * (size_t)nc);
    g_mcap = nc;
  }
  g_macros[g_nmacros++] = m;
  return 0;
}

static void call_add(node *n) { nl_push(&g_calls, n); }

static void params_text(sbuf *t, const macro *m) {
  for (int i = 0; i < m->nparams; i++) { if (i) sb_puts(t, ", "); sb_puts(t, m->params[i]); }
  sb_put(t, "", 0);
}

/* binds every call's arguments to its macro's parameters, once all files are parsed */
static int bind_call(node *n) {
  const expr *c = n->e;
  macro *m = NULL;
  for (int i = 0; i < g_nmacros && !m; i++) if (!strcmp(g_macros[i]->name, c->fname)) m = g_macros[i];
  if (!m) {
    const char **names = xalloc(sizeof(char *) * (size_t)(g_nmacros + 1));
    for (int i = 0; i < g_nmacros; i++) names[i] = g_macros[i]->name;
    const char *hint = closest_word(c->fname, names);
    return fail(ST_TEMPLATE, "template.macro", c->line, c->col, "no macro named '%s'%s%s%s", c->fname,
                hint ? " (did you mean '" : "", hint ? hint : "", hint ? "'?)" : "");
  }
  sbuf pt = {0};
  params_text(&pt, m);
  expr **argv = xalloc(sizeof(expr *) * (size_t)(m->nparams + 1));
  int npos = 0;
  for (int k = 0; k < c->nargs; k++) {
    const expr *ae = c->args[k];
    if (!c->argnames[k]) {
      if (npos >= m->nparams)
        return fail(ST_TEMPLATE, "template.macro", ae->line, ae->col, "macro '%s' takes %d argument%s (%s), more are given",
                    m->name, m->nparams, m->nparams == 1 ? "" : "s", pt.p);
      argv[npos++] = c->args[k];
      continue;
    }
    int j = -1;
    for (int i = 0; i < m->nparams && j < 0; i++) if (!strcmp(m->params[i], c->argnames[k])) j = i;
    if (j < 0) {
      const char *hint = m->nparams ? closest_word(c->argnames[k], m->params) : NULL;
      return fail(ST_TEMPLATE, "template.macro", c->kwpos[2 * k], c->kwpos[2 * k + 1], "macro '%s' has no parameter '%s'%s%s%s (parameters: %s)",
                  m->name, c->argnames[k], hint ? " (did you mean '" : "", hint ? hint : "", hint ? "'?)" : "", pt.p);
    }
    if (argv[j])
      return fail(ST_TEMPLATE, "template.macro", c->kwpos[2 * k], c->kwpos[2 * k + 1], "argument '%s' of macro '%s' is given twice",
                  m->params[j], m->name);
    argv[j] = c->args[k];
  }
  for (int i = 0; i < m->nparams; i++)
    if (!argv[i] && !m->defaults[i])
      return fail(ST_TEMPLATE, "template.macro", c->line, c->col, "macro '%s' needs argument '%s' (parameters: %s)",
                  m->name, m->params[i], pt.p);
  n->mac = m;
  n->argv = argv;
  return 0;
}

/* Parses one source file into top-level nodes; file_index 0 is the template. */
static int parse_source(P *p, const char *src, size_t n, int file_index, nodelist *top) {
  p->s = src;
  p->n = n;
  p->file_base = file_index << LINE_FILE_SHIFT;
  int cap = 16;
  p->lines = xalloc(sizeof(size_t) * (size_t)cap);
  p->lines[p->nlines++] = 0;
  for (size_t k = 0; k < n; k++)
    if (src[k] == '\n') {
      if (p->nlines == cap) { p->lines = xrealloc(p->lines, sizeof(size_t) * (size_t)cap, sizeof(size_t) * (size_t)cap * 2); cap *= 2; }
      p->lines[p->nlines++] = k + 1;
    }
  if (!utf8_valid(src, n)) return fail(ST_TEMPLATE, "template.syntax", p->file_base + 1, 1, "template is not valid UTF-8");
  if (p->nlines >= LINE_MASK) return fail(ST_TEMPLATE, "template.syntax", p->file_base + 1, 1, "more than 4194302 lines in one file");
  int r = parse_nodes(p, top, NULL);
  if (r == END_ERR) return -1;
  if (r == END_TAG) return perr(p, p->tag_at, "{%% %.*s %%} without a matching opening tag", p->tag, p->tagn);
  return 0;
}

void sb_source_pos(sbuf *e, int line, int col, const char *tname) {
  const char *f = src_file(line) ? src_file_name(src_file(line)) : tname;
  if (f && line) { sb_puts(e, ",\"file\":"); sb_json_str(e, f, strlen(f)); }
  if (line) {
    sb_puts(e, ",\"line\":"); sb_int(e, src_line(line));
    sb_puts(e, ",\"column\":"); sb_int(e, col);
  }
}

static int parse_nodes(P *p, nodelist *out, const char *close_elem) {
  while (p->i < p->n) {
    if (starts(p, "{{")) {
      size_t st = p->i;
      long close = find_close(p, p->i + 2, '}');
      if (close < 0) { perr(p, st, "unclosed '{{' (no '}}' after it, or a quote inside is never closed)%.*s", "", 0); return END_ERR; }
      node *o = mknode(p, N_OUT, st);
      int line, col;
      lc(p, st + 2, &line, &col);
      o->e = expr_parse(p->s + st + 2, (size_t)close - st - 2, line, col);
      if (o->e && o->e->t == E_CALL) {
        o->t = N_CALL;
        call_add(o);
      } else if (!o->e) {
        if (!recover()) return END_ERR;
        o->e = stand_in(line, col);  /* check mode: the broken expression is reported and stands for "" */
      }
      nl_push(out, o);
      p->i = (size_t)close + 2;
    } else if (starts(p, "{%")) {
      if (read_tag(p)) return END_ERR;
      if (++p->depth > MAX_NEST) { perr(p, p->tag_at, "blocks nested too deeply%.*s", "", 0); return END_ERR; }
      if (p->depth > p->maxdepth) p->maxdepth = p->depth;
      int r = 0;
      if (tag_is(p, "if")) r = parse_if(p, out, close_elem);
      else if (tag_is(p, "macro")) r = parse_macro(p);
      else if (tag_is(p, "include")) r = parse_include(p, out);
      else if (tag_is(p, "for")) r = parse_for(p, out, close_elem);
      else if (tag_is(p, "set")) r = parse_set(p, out);
      else if (tag_is(p, "elif") || tag_is(p, "else") || tag_is(p, "endif") || tag_is(p, "endfor") ||
               tag_is(p, "endmacro")) {
        p->depth--;
        return END_TAG;
      } else {
        static const char *const tags[] = {"if", "elif", "else", "endif", "for", "endfor", "set", "macro", "endmacro",
                                           "include", NULL};
        char *w = xstrndup(p->tag, p->tagn);
        const char *hint = closest_word(w, tags);
        int line, col;
        lc(p, p->tag_at, &line, &col);
        fail(ST_TEMPLATE, "template.syntax", line, col, "unknown tag {%% %s %%}%s%s%s", w,
             hint ? " (did you mean {% " : "", hint ? hint : "", hint ? " %}?)" : "");
        if (!recover()) return END_ERR;
        /* check mode: a typo of a closing tag is read as that tag, anything else is skipped */
        p->depth--;
        if (hint && (!strcmp(hint, "endfor") || !strcmp(hint, "endif") || !strcmp(hint, "else") || !strcmp(hint, "elif") ||
                     !strcmp(hint, "endmacro"))) {
          p->tag = hint;
          p->tagn = strlen(hint);
          return END_TAG;
        }
        continue;
      }
      p->depth--;
      /* check mode: a bad include is reported and left out, the rest is parsed on */
      if (r && !(tag_is(p, "include") && recover())) return END_ERR;
    } else if (starts(p, "{#")) {
      long e = find(p, p->i + 2, "#}");
      if (e < 0) { perr(p, p->i, "unclosed comment '{#'%.*s", "", 0); return END_ERR; }
      p->i = (size_t)e + 2;
    } else if (starts(p, "<!--")) {
      long e = find(p, p->i + 4, "-->");
      if (e < 0) { perr(p, p->i, "unclosed comment '<!--'%.*s", "", 0); return END_ERR; }
      p->i = (size_t)e + 3;
    } else if (starts(p, "<?")) {
      long e = find(p, p->i + 2, "?>");
      if (e < 0) { perr(p, p->i, "unclosed '<?'%.*s", "", 0); return END_ERR; }
      p->i = (size_t)e + 2;
    } else if (starts(p, "</")) {
      size_t st = p->i;
      p->i += 2;
      size_t ns = p->i;
      while (p->i < p->n && is_name_char(p->s[p->i])) p->i++;
      size_t nn = p->i - ns;
      skip_ws(p);
      if (p->i >= p->n || p->s[p->i] != '>') { perr(p, st, "malformed closing tag%.*s", "", 0); return END_ERR; }
      p->i++;
      if (!close_elem) { perr(p, st, "closing tag </%.*s> without an open element", p->s + ns, nn); return END_ERR; }
      if (nn != strlen(close_elem) || memcmp(p->s + ns, close_elem, nn)) {
        int line, col;
        lc(p, st, &line, &col);
        fail(ST_TEMPLATE, "template.syntax", line, col, "closing tag </%.*s> does not match <%s>",
             (int)nn, p->s + ns, close_elem);
        return END_ERR;
      }
      return END_ELEM;
    } else if (p->s[p->i] == '<' && p->i + 1 < p->n && is_name_start(p->s[p->i + 1])) {
      if (parse_element(p, out)) return END_ERR;
    } else if (p->s[p->i] == '<') {
      perr(p, p->i, "'<' must start a tag (write &lt; for a literal '<')%.*s", "", 0);
      return END_ERR;
    } else {
      size_t st = p->i;
      while (p->i < p->n && p->s[p->i] != '<' &&
             !(p->s[p->i] == '{' && p->i + 1 < p->n &&
               (p->s[p->i + 1] == '{' || p->s[p->i + 1] == '%' || p->s[p->i + 1] == '#')))
        p->i++;
      node *t = mknode(p, N_TEXT, st);
      if (decode_text(p, st, p->i, &t->text, &t->tn)) return END_ERR;
      nl_push(out, t);
    }
  }
  return END_EOF;
}

node *tmpl_parse(const char *src, size_t n) {
  P p = {0};
  nodelist top = {0};
  if (parse_source(&p, src, n, 0, &top)) return NULL;
  for (int i = 0; i < g_calls.n; i++)
    if (bind_call(g_calls.v[i]) && !recover()) return NULL;  /* check mode: the call is skipped */
  node *root = NULL;
  for (int k = 0; k < top.n; k++) {
    node *c = top.v[k];
    if (c->t == N_TEXT) {
      for (size_t j = 0; j < c->tn; j++) {
        char ch = c->text[j];
        if (ch != ' ' && ch != '\t' && ch != '\n' && ch != '\r') {
          fail(ST_TEMPLATE, "template.syntax", c->line, c->col, "text outside <document>");
          return NULL;
        }
      }
      continue;
    }
    if (c->t != N_ELEM || strcmp(c->name, "document") || root) {
      fail(ST_TEMPLATE, "template.syntax", c->line, c->col, "the template must have exactly one root element <document>");
      return NULL;
    }
    root = c;
  }
  if (!root) { fail(ST_TEMPLATE, "template.syntax", 1, 1, "the template has no <document> element"); return NULL; }
  return root;
}
