/* Display list writer. */
#ifndef O3_OUTPUT_H
#define O3_OUTPUT_H
#include "layout.h"
int write_display_list(sbuf *b, const doc *d, const fontset *fs, const limits *lim);
#endif
