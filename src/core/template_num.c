/* template_num.c - fixed-width integers and Z[sqrt n] for exact area decisions. Layer: core. */
#include "core/template_num.h"

#include <string.h>

void gg__big_set(gg__big *r, int64_t v)
{
    uint64_t u = (uint64_t)v; /* two's complement bits, sign-extended below */
    r->w[0] = (uint32_t)u;
    r->w[1] = (uint32_t)(u >> 32);
    uint32_t fill = v < 0 ? 0xffffffffu : 0u;
    for (int i = 2; i < GG__BIG_LIMBS; ++i)
        r->w[i] = fill;
}

void gg__big_add(gg__big *r, const gg__big *x, const gg__big *y)
{
    uint64_t carry = 0;
    for (int i = 0; i < GG__BIG_LIMBS; ++i) {
        uint64_t t = (uint64_t)x->w[i] + y->w[i] + carry;
        r->w[i] = (uint32_t)t;
        carry = t >> 32;
    }
}

static void big_neg(gg__big *r, const gg__big *x)
{
    uint64_t carry = 1;
    for (int i = 0; i < GG__BIG_LIMBS; ++i) {
        uint64_t t = (uint64_t)(uint32_t)~x->w[i] + carry;
        r->w[i] = (uint32_t)t;
        carry = t >> 32;
    }
}

void gg__big_sub(gg__big *r, const gg__big *x, const gg__big *y)
{
    gg__big ny;
    big_neg(&ny, y);
    gg__big_add(r, x, &ny);
}

int gg__big_sign(const gg__big *x)
{
    if (x->w[GG__BIG_LIMBS - 1] & 0x80000000u)
        return -1;
    for (int i = 0; i < GG__BIG_LIMBS; ++i)
        if (x->w[i] != 0)
            return 1;
    return 0;
}

/* Length in limbs without leading zero limbs (of a non-negative value). */
static int big_len(const gg__big *x)
{
    int n = GG__BIG_LIMBS;
    while (n > 0 && x->w[n - 1] == 0)
        --n;
    return n;
}

void gg__big_mul(gg__big *r, const gg__big *x, const gg__big *y)
{
    gg__big ax, ay, p;
    int sx = gg__big_sign(x), sy = gg__big_sign(y);
    if (sx < 0)
        big_neg(&ax, x);
    else
        ax = *x;
    if (sy < 0)
        big_neg(&ay, y);
    else
        ay = *y;
    memset(&p, 0, sizeof p);
    int lx = big_len(&ax), ly = big_len(&ay);
    for (int i = 0; i < lx; ++i) {
        uint64_t carry = 0;
        uint64_t xi = ax.w[i];
        for (int j = 0; j < ly && i + j < GG__BIG_LIMBS; ++j) {
            uint64_t t = xi * ay.w[j] + p.w[i + j] + carry;
            p.w[i + j] = (uint32_t)t;
            carry = t >> 32;
        }
        for (int k = i + ly; carry != 0 && k < GG__BIG_LIMBS; ++k) {
            uint64_t t = (uint64_t)p.w[k] + carry;
            p.w[k] = (uint32_t)t;
            carry = t >> 32;
        }
    }
    if ((sx < 0) != (sy < 0))
        big_neg(r, &p);
    else
        *r = p;
}

void gg__qs_set(gg__qs *r, int64_t a, int64_t b)
{
    gg__big_set(&r->a, a);
    gg__big_set(&r->b, b);
}

void gg__qs_add(gg__qs *r, const gg__qs *x, const gg__qs *y)
{
    gg__big_add(&r->a, &x->a, &y->a);
    gg__big_add(&r->b, &x->b, &y->b);
}

void gg__qs_sub(gg__qs *r, const gg__qs *x, const gg__qs *y)
{
    gg__big_sub(&r->a, &x->a, &y->a);
    gg__big_sub(&r->b, &x->b, &y->b);
}

void gg__qs_mul(gg__qs *r, const gg__qs *x, const gg__qs *y, const gg__big *n)
{
    gg__big t, u;
    /* (xa + xb s)(ya + yb s) = xa ya + xb yb n + (xa yb + xb ya) s */
    gg__big_mul(&t, &x->b, &y->b);
    gg__big_mul(&u, &t, n);
    gg__big_mul(&t, &x->a, &y->a);
    gg__big_add(&r->a, &t, &u);
    gg__big_mul(&t, &x->a, &y->b);
    gg__big_mul(&u, &x->b, &y->a);
    gg__big_add(&r->b, &t, &u);
}

void gg__qs_scale(gg__qs *r, const gg__qs *x, const gg__big *k)
{
    gg__big_mul(&r->a, &x->a, k);
    gg__big_mul(&r->b, &x->b, k);
}

int gg__qs_sign(const gg__qs *x, const gg__big *n)
{
    int sa = gg__big_sign(&x->a), sb = gg__big_sign(&x->b);
    if (sb == 0 || gg__big_sign(n) == 0)
        return sa;
    if (sa == 0 || sa == sb)
        return sb;
    /* Opposite signs: the larger of |a| and |b| sqrt(n) wins; compare a^2 with b^2 n. */
    gg__big a2, b2, b2n, diff;
    gg__big_mul(&a2, &x->a, &x->a);
    gg__big_mul(&b2, &x->b, &x->b);
    gg__big_mul(&b2n, &b2, n);
    gg__big_sub(&diff, &a2, &b2n);
    int d = gg__big_sign(&diff);
    return sa > 0 ? d : -d;
}
