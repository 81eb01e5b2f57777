/* Line-break opportunities per UAX #14 (rules LB7-LB31, applied in order),
 * tailored for CJK text the way word processors do (LibreOffice's
 * forbidden-character lists): no line starts with closing punctuation or
 * small kana, none ends with opening punctuation. */
#include "linebreak.h"

int lb_class(uint32_t cp) {
  unsigned lo = 0, hi = lb_nranges - 1;
  while (lo < hi) {
    unsigned mid = (lo + hi + 1) / 2;
    if ((lb_ranges[mid] >> 8) <= cp) lo = mid; else hi = mid - 1;
  }
  return (int)(lb_ranges[lo] & 0xFF);
}

/* characters that may not start a line (zh/ja) */
static int no_start(uint32_t c) {
  static const uint32_t set[] = {
    0x3002, 0xFF0C, 0x3001, 0xFF0E, 0xFF1A, 0xFF1B, 0xFF01, 0xFF1F, 0xFF09, 0x300D, 0x300F, 0x3011,
    0x3015, 0x3009, 0x300B, 0x201D, 0x2019, 0x2026, 0x2025, 0x30FC, 0x3005, 0x309D, 0x309E, 0x30FD,
    0x30FE, 0x3017, 0x3019, 0x301B, 0xFF3D, 0xFF5D, 0xFF60, 0xFF63, 0xFF64, 0xFF61, 0x30FB, 0xFF65,
    0xFF70, 0x2014, 0x301C, 0xFF5E, 0x00B7, 0x2030, 0x2103, 0xFF05, 0x3003, 0x0021, 0x0029, 0x002C,
    0x002E, 0x003A, 0x003B, 0x003F, 0x005D, 0x007D, 0x00B0, 0x2032, 0x2033, 0x30A0, 0x301E, 0x301F,
    0x0025,
  };
  for (unsigned i = 0; i < sizeof set / sizeof set[0]; i++) if (set[i] == c) return 1;
  /* small kana */
  if ((c >= 0x3041 && c <= 0x3049 && (c & 1)) || c == 0x3063 || c == 0x3083 || c == 0x3085 || c == 0x3087 ||
      c == 0x308E || c == 0x3095 || c == 0x3096)
    return 1;
  if ((c >= 0x30A1 && c <= 0x30A9 && (c & 1)) || c == 0x30C3 || c == 0x30E3 || c == 0x30E5 || c == 0x30E7 ||
      c == 0x30EE || c == 0x30F5 || c == 0x30F6 || (c >= 0x31F0 && c <= 0x31FF) || (c >= 0xFF67 && c <= 0xFF6F))
    return 1;
  return 0;
}

/* characters that may not end a line (zh/ja) */
static int no_end(uint32_t c) {
  static const uint32_t set[] = {
    0xFF08, 0x300C, 0x300E, 0x3010, 0x3014, 0x3008, 0x300A, 0x201C, 0x2018, 0x3016, 0x3018, 0x301A,
    0xFF3B, 0xFF5B, 0xFF5F, 0xFF62, 0x301D, 0x0028, 0x005B, 0x007B, 0xFFE5, 0xFF04, 0x00A3, 0x00A5,
    0x0024, 0xFFE1,
  };
  for (unsigned i = 0; i < sizeof set / sizeof set[0]; i++) if (set[i] == c) return 1;
  return 0;
}

static int resolve(uint32_t cp, int cjk) {
  int c = lb_class(cp);
  switch (c) {
    case LB_AI: return cjk ? LB_ID : LB_AL;
    case LB_SG: case LB_XX: case LB_SA: return LB_AL;
    case LB_CJ: return LB_NS;  /* strict: small kana never start a line */
    default: break;
  }
  if (cjk && c == LB_QU) {
    /* East Asian quotes open or close, like brackets */
    if (cp == 0x201C || cp == 0x2018) return LB_OP;
    if (cp == 0x201D || cp == 0x2019) return LB_CL;
  }
  return c;
}

static int isalhl(int c) { return c == LB_AL || c == LB_HL; }

/* East Asian wide opening/closing punctuation (LB30 applies only to the others) */
static int ea_wide(uint32_t cp) { return cp == 0x2329 || cp == 0x232A || cp >= 0x2E80; }

void lb_opportunities(const uint32_t *cps, int n, int cjk, unsigned char *brk) {
  if (n <= 0) return;
  brk[0] = 0;
  int prev = resolve(cps[0], cjk);                      /* class before the position */
  if (prev == LB_CM || prev == LB_ZWJ) prev = LB_AL;    /* LB10 */
  int before_sp = prev;                                 /* last non-space class (SP* rules) */
  int prev_zwj = lb_class(cps[0]) == LB_ZWJ;            /* LB8a looks at the raw character */
  uint32_t prev_cp = cps[0];
  int ri_run = prev == LB_RI ? 1 : 0;
  /* LB25 state: prev ends "NU (NU|SY|IS)*", or that followed by one CL/CP */
  int in_num = prev == LB_NU, num_close = 0;
  int prev2 = -1;                                       /* class before prev (LB21a) */
  for (int i = 1; i < n; i++) {
    int cur = resolve(cps[i], cjk);
    int sp = prev == LB_SP;
    int base = sp ? before_sp : prev;
    int allow;
    int mark = cur == LB_CM || cur == LB_ZWJ;
    if (mark && !sp && prev != LB_ZW && prev != LB_BK && prev != LB_CR && prev != LB_LF && prev != LB_NL) {
      /* LB9: the mark takes the class of its base; no break before it */
      brk[i] = 0;
      prev_zwj = lb_class(cps[i]) == LB_ZWJ;
      continue;
    }
    if (mark) cur = LB_AL;                                                         /* LB10 */
    int next = i + 1 < n ? resolve(cps[i + 1], cjk) : -1;
    if (cur == LB_SP || cur == LB_ZW) allow = 0;                                   /* LB7 */
    else if (base == LB_ZW) allow = 1;                                              /* LB8 */
    else if (prev_zwj) allow = 0;                                                   /* LB8a */
    else if (cur == LB_WJ || (!sp && prev == LB_WJ)) allow = 0;                     /* LB11 */
    else if (!sp && prev == LB_GL) allow = 0;                                       /* LB12 */
    else if (cur == LB_GL && !sp && prev != LB_BA && prev != LB_HY) allow = 0;      /* LB12a */
    else if (cur == LB_CL || cur == LB_CP || cur == LB_EX || cur == LB_IS || cur == LB_SY) allow = 0; /* LB13 */
    else if (base == LB_OP) allow = 0;                                              /* LB14 */
    else if (base == LB_QU && cur == LB_OP) allow = 0;                              /* LB15 */
    else if ((base == LB_CL || base == LB_CP) && cur == LB_NS) allow = 0;           /* LB16 */
    else if (base == LB_B2 && cur == LB_B2) allow = 0;                              /* LB17 */
    else if (sp) allow = 1;                                                         /* LB18 */
    else if (cur == LB_QU || prev == LB_QU) allow = 0;                              /* LB19 */
    else if (cur == LB_CB || prev == LB_CB) allow = 1;                              /* LB20 */
    else if (cur == LB_BA || cur == LB_HY || cur == LB_NS || prev == LB_BB) allow = 0; /* LB21 */
    else if ((prev == LB_HY || prev == LB_BA) && prev2 == LB_HL) allow = 0;         /* LB21a */
    else if (prev == LB_SY && cur == LB_HL) allow = 0;                              /* LB21b */
    else if (cur == LB_IN) allow = 0;                                               /* LB22 */
    else if ((isalhl(prev) && cur == LB_NU) || (prev == LB_NU && isalhl(cur))) allow = 0; /* LB23 */
    else if ((prev == LB_PR && (cur == LB_ID || cur == LB_EB || cur == LB_EM)) ||
             ((prev == LB_ID || prev == LB_EB || prev == LB_EM) && cur == LB_PO)) allow = 0; /* LB23a */
    else if (((prev == LB_PR || prev == LB_PO) && isalhl(cur)) ||
             (isalhl(prev) && (cur == LB_PR || cur == LB_PO))) allow = 0;           /* LB24 */
    else if (((prev == LB_PR || prev == LB_PO) &&
              (cur == LB_NU || ((cur == LB_OP || cur == LB_HY) && next == LB_NU))) ||
             ((prev == LB_OP || prev == LB_HY) && cur == LB_NU) ||
             (in_num && (cur == LB_NU || cur == LB_SY || cur == LB_IS || cur == LB_CL || cur == LB_CP)) ||
             ((in_num || num_close) && (cur == LB_PO || cur == LB_PR)))
      allow = 0;                                                                    /* LB25 */
    else if ((prev == LB_JL && (cur == LB_JL || cur == LB_JV || cur == LB_H2 || cur == LB_H3)) ||
             ((prev == LB_JV || prev == LB_H2) && (cur == LB_JV || cur == LB_JT)) ||
             ((prev == LB_JT || prev == LB_H3) && cur == LB_JT)) allow = 0;         /* LB26 */
    else if (((prev == LB_JL || prev == LB_JV || prev == LB_JT || prev == LB_H2 || prev == LB_H3) && cur == LB_PO) ||
             (prev == LB_PR && (cur == LB_JL || cur == LB_JV || cur == LB_JT || cur == LB_H2 || cur == LB_H3)))
      allow = 0;                                                                    /* LB27 */
    else if (isalhl(prev) && isalhl(cur)) allow = 0;                                /* LB28 */
    else if (prev == LB_IS && isalhl(cur)) allow = 0;                               /* LB29 */
    else if (((isalhl(prev) || prev == LB_NU) && cur == LB_OP && !ea_wide(cps[i])) ||
             (prev == LB_CP && !ea_wide(prev_cp) && (isalhl(cur) || cur == LB_NU))) allow = 0; /* LB30 */
    else if (prev == LB_RI && cur == LB_RI && (ri_run % 2) == 1) allow = 0;         /* LB30a */
    else if (prev == LB_EB && cur == LB_EM) allow = 0;                              /* LB30b */
    else allow = 1;                                                                 /* LB31 */
    if (cjk && allow && (no_start(cps[i]) || no_end(cps[i - 1]))) allow = 0;
    brk[i] = (unsigned char)allow;
    int was_num = in_num;
    in_num = cur == LB_NU || (in_num && (cur == LB_SY || cur == LB_IS));
    num_close = was_num && (cur == LB_CL || cur == LB_CP);
    ri_run = cur == LB_RI ? (prev == LB_RI ? ri_run + 1 : 1) : 0;
    prev_zwj = lb_class(cps[i]) == LB_ZWJ;
    prev2 = prev;
    prev = cur;
    prev_cp = cps[i];
    if (cur != LB_SP) before_sp = cur;
  }
}
