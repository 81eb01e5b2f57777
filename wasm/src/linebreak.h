/* UAX #14 line breaking with Chinese/Japanese (kinsoku) tailoring. */
#ifndef O3_LINEBREAK_H
#define O3_LINEBREAK_H
#include <stdint.h>

enum {
  LB_XX, LB_BK, LB_CR, LB_LF, LB_NL, LB_SP, LB_ZW, LB_WJ, LB_GL, LB_CM, LB_ZWJ, LB_OP, LB_CL, LB_CP,
  LB_QU, LB_EX, LB_NS, LB_SY, LB_IS, LB_PR, LB_PO, LB_NU, LB_AL, LB_HL, LB_ID, LB_IN, LB_HY, LB_BA,
  LB_BB, LB_B2, LB_CB, LB_JL, LB_JV, LB_JT, LB_H2, LB_H3, LB_RI, LB_EB, LB_EM, LB_AI, LB_SA, LB_SG,
  LB_CJ
};

extern const unsigned lb_nranges;
extern const uint32_t lb_ranges[];

int lb_class(uint32_t cp);
/* brk[i] = 1 when a line may break before cps[i] (i >= 1); brk[0] = 0.
 * cjk: apply the strict Chinese/Japanese rules (kinsoku). */
void lb_opportunities(const uint32_t *cps, int n, int cjk, unsigned char *brk);
#endif
