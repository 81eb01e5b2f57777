/* The template tree: markup and tags parsed together, every node with its
 * source line:column, so every later error can point at the source. */
#ifndef O3_TMPL_H
#define O3_TMPL_H
#include "o3.h"

typedef struct expr expr;

typedef enum { N_ELEM, N_TEXT, N_OUT, N_IF, N_FOR } ntype;

typedef struct attr_seg { int is_expr; const char *text; size_t n; expr *e; } attr_seg;

typedef struct tattr {
  const char *name;
  attr_seg *segs; int nsegs;
  int line, col;
} tattr;

typedef struct node node;
typedef struct { node **v; int n, cap; } nodelist;

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
  const char *var; /* loop variable */
  /* (e = iterable, kids = body) */
};

void nl_push(nodelist *l, node *n);

/* Parses a whole template; NULL with g_err set on error. */
node *tmpl_parse(const char *src, size_t n);

/* ---- expressions ---- */
typedef enum {
  E_LIT, E_PATH, E_NOT, E_AND, E_OR, E_CMP, E_FILTER, E_ARITH
} etype;

typedef struct pseg { const char *key; size_t kn; int64_t index; int is_index; } pseg;

struct expr {
  etype t;
  int line, col;
  jval *lit;                       /* E_LIT */
  pseg *segs; int nsegs;           /* E_PATH */
  const char *path_text;           /* E_PATH as written, for messages */
  int op;                          /* E_CMP: one of "=!<>" codes below; E_ARITH: '+' or '-' */
  expr *a, *b;                     /* operands; E_FILTER: a = input */
  const char *fname;               /* E_FILTER */
  expr **args; int nargs;          /* E_FILTER */
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
int jv_truthy(const jval *v);
/* Text of a scalar for output; NULL (g_err set) for arrays/objects. */
const char *jv_text(const jval *v, size_t *len, const expr *where);
jval *apply_filter(evalctx *cx, const expr *f, jval *in);

#endif
