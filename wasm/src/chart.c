/* <chart>: bar, stacked-bar, line and pie charts laid out as primitives. */
#include "evalint.h"

int chart_eval(E *e, const node *n, page *pg) {
  (void)e; (void)pg;
  return fail(ST_TEMPLATE, "template.unsupported", n->line, n->col, "<chart> is not available yet");
}
