/* template_num.h - exact numbers a + b*sqrt(n) (a, b fixed-width integers) for the any-angle
 * area decisions: a Cone's far edge and a Line's sides lie at an irrational distance from the
 * origin whenever the direction's length is irrational, so the coverage tests work in Z[sqrt n].
 * Layer: core (private). */
#ifndef GG_SRC_CORE_TEMPLATE_NUM_H
#define GG_SRC_CORE_TEMPLATE_NUM_H

#include <stdint.h>

/* 28 x 32 bits = 896 bits, two's complement. The inputs are bounded by the public limits
 * (GG_SHAPE_MAX_FT, GG_SHAPE_MAX_DIR, GG_SHAPE_MAX_CELL_FT, a 4x4 token): normals below 2^17,
 * local offsets below 2^36, so a clipped vertex has |X|, |Y| < 2^53 (+ 2^35 sqrt n) over a
 * denominator W < 2^35; the area test multiplies a cross product (< 2^107) by up to 6 W's and
 * compares with w*h times 8 W's (< 2^306), and the sign test squares that: about 2^631 at most. */
#define GG__BIG_LIMBS 28

typedef struct gg__big {
    uint32_t w[GG__BIG_LIMBS];
} gg__big;

/* a + b*sqrt(n); n is held by the caller (one radical per shape). */
typedef struct gg__qs {
    gg__big a, b;
} gg__qs;

void gg__big_set(gg__big *r, int64_t v);
void gg__big_add(gg__big *r, const gg__big *x, const gg__big *y);
void gg__big_sub(gg__big *r, const gg__big *x, const gg__big *y);
void gg__big_mul(gg__big *r, const gg__big *x, const gg__big *y);
int gg__big_sign(const gg__big *x);

void gg__qs_set(gg__qs *r, int64_t a, int64_t b);
void gg__qs_add(gg__qs *r, const gg__qs *x, const gg__qs *y);
void gg__qs_sub(gg__qs *r, const gg__qs *x, const gg__qs *y);
/* r = x * y in Z[sqrt n]; r may alias neither x nor y. */
void gg__qs_mul(gg__qs *r, const gg__qs *x, const gg__qs *y, const gg__big *n);
/* r = x * k for an integer k. */
void gg__qs_scale(gg__qs *r, const gg__qs *x, const gg__big *k);
/* The exact sign (-1, 0, +1) of a + b*sqrt(n), n >= 0. */
int gg__qs_sign(const gg__qs *x, const gg__big *n);

#endif
