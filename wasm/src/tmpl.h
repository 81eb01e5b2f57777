/* The template tree: markup and tags parsed together, every node with its
 * source line:column, so every later error can point at the source. */
#ifndef O3_TMPL_H
#define O3_TMPL_H
#include "o3.h"

typedef struct expr expr;

typedef enum { N_ELEM, N_TEXT, N_OUT, N_IF, N_FOR, N_SET, N_CALL } ntype;

typedef struct attr_seg { int is_expr; const char *text; size_t n; expr *e; } attr_seg;

typedef struct tattr {
  const char *name;
  attr_seg *segs; int nsegs;
  int line, col;
} tattr;

typedef struct node node;
typedef struct { node **v; int n, cap; } nodelist;
typedef struct macro macro;

struct node {
  ntype t;
  int line, col;
  /* N_ELEM */
  const char *name;
  tattr *attrs; int nattrs;
  nodelist kids;
  /* N_TEXT (entities decoded) */
  const char *text; size_t tn;
  /* N_OUT */
  expr *e;
  /* N_IF: conds[i] guards bodies[i]; a trailing else has conds[i] == NULL */
  expr **conds; nodelist *bodies; int nbranches;
  /* N_FOR */
  const char *var; /* loop variable; N_SET: the name set */
  /* (e = iterable, kids = body; N_SET: e = value) */
  /* N_CALL: e = the E_CALL expression; mac and argv (one per parameter, NULL:
   * its default) are set once every file is parsed; mac NULL: not callable
   * (check mode, the error is recorded) */
  macro *mac; expr **argv;
};

/* {% macro name(a, b=1) %}body{% endmacro %}: defined at the top level of a
 * file (the template or an included one), one namespace for the template */
struct macro {
  const char *name;
  int line, col;
  const char **params; expr **defaults; int nparams;  /* defaults[i] NULL: required */
  nodelist body;
  int depth;      /* deepest nesting of elements/blocks in the body (runtime depth cap) */
};

/* Source files: line numbers carry the file as high bits (0 = the template
 * itself, k = the k-th included file), so every node, expression and error
 * position names its file without another field; output decodes them. */
#define LINE_FILE_SHIFT 22
#define LINE_MASK ((1 << LINE_FILE_SHIFT) - 1)
#define MAX_SOURCE_FILES 256
/* Includes: at most this many files deep, and expanded at most this often per template. */
#define MAX_INCLUDE_DEPTH 16
#define MAX_INCLUDES 1000
/* ...and the template with every include expanded stays within what one file may hold */
#define MAX_EXPANDED_BYTES ((int64_t)64 << 20)
/* Macro calls: the body nesting of the active calls is capped (shadow stack),
 * and each call counts against limits.max_items (CPU of recursive templates). */
#define MAX_CALL_NEST 200
static inline int src_line(int line) { return line & LINE_MASK; }
static inline int src_file(int line) { return line >> LINE_FILE_SHIFT; }
/* name of file index k (NULL for the template itself: the caller's template_name) */
const char *src_file_name(int k);
/* The included files of this request (JSON object name -> {"text", "file"}); NULL: none. */
int tmpl_set_partials(const jval *partials);
/* ,"file":..,"line":..,"column":.. of an error position (file: the included
 * file's name, or tname for the template; nothing when line is 0) */
void sb_source_pos(sbuf *e, int line, int col, const char *tname);

void nl_push(nodelist *l, node *n);

/* Parses a whole template; NULL with g_err set on error. */
node *tmpl_parse(const char *src, size_t n);

/* ---- expressions ---- */
typedef enum {
  E_LIT, E_PATH, E_NOT, E_AND, E_OR, E_CMP, E_FILTER, E_ARITH, E_NEG, E_CALL
} etype;

typedef struct pseg { const char *key; size_t kn; int64_t index; int is_index; } pseg;

struct expr {
  etype t;
  int line, col;
  jval *lit;                       /* E_LIT */
  pseg *segs; int nsegs;           /* E_PATH */
  const char *path_text;           /* E_PATH as written, for messages */
  int op;                          /* E_CMP: one of the OP_ codes below; E_ARITH: + - * / % ~ */
  expr *a, *b;                     /* operands; E_FILTER: a = input */
  const char *fname;               /* E_FILTER; E_CALL: the macro's name */
  expr **args; int nargs;          /* E_FILTER, E_CALL */
  const char **argnames;           /* E_FILTER, E_CALL: keyword of each argument, NULL when positional */
  int *kwpos;                      /* E_CALL: line, column of each argument's keyword (or of the argument) */
};
enum { OP_EQ = 1, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE };

/* Parses the expression in src[0..n) which starts at line:col of the template. */
expr *expr_parse(const char *src, size_t n, int line, int col);
/* Does the filter chain of e end in default(...)? */
int expr_has_default(const expr *e);

/* ---- evaluation scope ---- */
typedef struct scope { const char *name; jval *val; struct scope *up; } scope;
typedef struct {
  jval *data, *user, *ai;
  scope *vars;
  jval *page;          /* {number, count} of the page being evaluated, or NULL */
  int page_count_used; /* set when a template read page.count */
} evalctx;

/* Evaluates; J_MISSING only comes back while a default() is pending. */
jval *expr_eval(evalctx *cx, const expr *e, int soft);
/* bytes of the identifier character at s[i] (0: none); first: no digit */
size_t tmpl_id_char(const char *s, size_t n, size_t i, int first);
int jv_truthy(const jval *v);
/* Text of a scalar for output; NULL (g_err set) for arrays/objects. */
const char *jv_text(const jval *v, size_t *len, const expr *where);
jval *apply_filter(evalctx *cx, const expr *f, jval *in);
/* The value of v as an exact decimal (numbers and strings holding one); 0 ok. */
int jv_decimal(const jval *v, decimal *d);
/* A number value holding d. */
jval *jv_from_dec(const decimal *d);
/* Orders two values (numbers by value, strings by code point): -1/0/1, or 2
 * for values of different types (equality then means "different"). */
int jv_order(const jval *a, const jval *b);
/* Reads attribute path "a.b.c" (dots; digits index arrays) of v; NULL when absent. */
jval *jv_attr(const jval *v, const char *path, size_t n);
/* Decimal places of dec_div: quotients are rounded half away from zero to this many. */
#define DIV_PLACES 10
/* The candidate closest to w (edit distance within 1-3 by length), or NULL. */
const char *closest_word(const char *w, const char *const *cands);
int edit_distance(const char *a, const char *b);

/* ---- check mode (o3-local validate) ----
 * Template and data errors are collected instead of stopping: the failing
 * expression, attribute, block or element is skipped and evaluation goes on.
 * recover() moves the pending error into the list (deduplicated, at most
 * MAX_CHECK_ERRORS) and returns 1 in check mode; outside it, 0. */
#define MAX_CHECK_ERRORS 200
extern int g_check;
int recover(void);
int check_error_count(void);
/* {"errors":[...]} of every collected error, in the order found */
void check_errors_json(sbuf *out, const char *tname);
#endif
