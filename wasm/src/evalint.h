/* Internals shared by the evaluator (eval.c) and the element evaluators
 * that lay out ahead (table.c, chart.c): attribute readers, blocks, text runs. */
#ifndef O3_EVALINT_H
#define O3_EVALINT_H
#include "layout.h"

/* one table's row partition, kept across the passes of a split page */
typedef struct { void *state; } tsplit;  /* a table evaluated on the page's first pass */

typedef struct {
  evalctx *cx;
  const limits *lim;
  doc *d;
  int64_t nitems;
  const fontset *fs;
  const jval *images;
  int part;            /* which continuation of the page is being evaluated (0 = first) */
  int more;            /* a table on this page has parts after `part` */
  tsplit *splits; int nsplits, scap; /* per table, in order on the page */
  int table_ord;       /* tables seen so far in this pass of the page */
  jval pobj, pnum, pcount; jval *pkeys[2], *pitems[2]; char pbuf[24], pbuf2[24]; /* page.number/count */
} E;

typedef struct { int bold; const char *color; } style;
typedef struct { item *it; ipara *cur; style st; } TC;

int aerr(const tattr *a, const char *what);
const char *attr(E *e, const node *el, const char *name, const tattr **which, int *err);
int check_attrs(const node *el, const char *const *allowed);
int len_attr(E *e, const node *el, const char *name, int64_t dflt, int64_t *out);
int color_attr(E *e, const node *el, const char *name, const char *dflt, const char **out);
int enum_attr(E *e, const node *el, const char *name, const char *const *opts, int dflt, int *out);
int lang_attr(E *e, const node *el, const char *dflt, const char **out);
int loop_over(E *e, const node *n, int (*body)(E *, const nodelist *, void *), void *arg);
const nodelist *pick_branch(E *e, const node *n, int *err);
int is_blank(const node *n);
/* {% set %}: evaluates and binds the name for what follows in the block */
int set_eval(E *e, const node *n);
int text_nodes(E *e, const nodelist *l, void *arg);
int add_item(E *e, page *pg, item *it);
int count_items(E *e, int64_t n, const node *where);
void kid_add(item *g, item *k);
const tattr *find_attr(const node *el, const char *name);

int table_eval(E *e, const node *n, page *pg);
int chart_eval(E *e, const node *n, page *pg);
#endif
