#ifndef FLICK_CPIXMAN_SHIM_H
#define FLICK_CPIXMAN_SHIM_H
// pixman: the CPU compositor the card renderer uses where no GPU draws (SDL's software renderer,
// Mesa's llvmpipe). pixman_fixed_t helpers are macros; these inline functions stand in for them.
#include <pixman.h>

static inline pixman_fixed_t flick_pixman_fixed(double d) { return pixman_double_to_fixed(d); }
static inline double flick_pixman_double(pixman_fixed_t f) { return pixman_fixed_to_double(f); }
#endif
