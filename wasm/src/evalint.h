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
  void *decos; int ndecos, dcap;  /* flow pages whose header/footer is drawn once the page count is known */
  int call_nest;       /* body nesting of the macro calls being evaluated */
  int64_t ncalls;      /* macro calls so far in this pass */
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
/* {{ name(args) }}: binds the arguments in a fresh scope and walks the body with `body` */
int call_macro(E *e, const node *n, int (*body)(E *, const nodelist *, void *), void *arg);
int text_nodes(E *e, const nodelist *l, void *arg);
int add_item(E *e, page *pg, item *it);
int count_items(E *e, int64_t n, const node *where);
void kid_add(item *g, item *k);
const tattr *find_attr(const node *el, const char *name);

int table_eval(E *e, const node *n, page *pg);
/* box: NULL where the element is positioned by its attributes; in a flow the
 * block's place ({x, w} for a table, {x, y, w} for a chart or an image) */
int chart_eval(E *e, const node *n, page *pg, const int64_t *box);
int image_eval(E *e, const node *n, page *pg, item *it, const int64_t *box);

/* tables split by a flow (table.c) */
typedef struct tstate tstate;
tstate *table_build(E *e, const node *n, const int64_t *box);
/* rows in all (0: nothing to draw), header rows and their height, the continued label's height */
int table_rows(const tstate *st, int *nhead, int64_t *head_h, int64_t *label_h);
int64_t table_row_h(const tstate *st, int i);
item *table_part(E *e, tstate *st, int from, int to, int64_t y, int64_t h, int cont, int first, int overflow);

/* pages (eval.c) and flows (flow.c) */
page *page_new(E *e, const node *n, const char *background);
int page_children(E *e, const nodelist *l, page *pg);
void set_num(jval *v, char *buf, int64_t x);
int flow_eval(E *e, const node *n);
/* draws every flow page's header and footer, with the final page count */
int flow_finish(E *e);
#endif
