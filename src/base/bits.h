/* bits.h - the lowest and highest set bit of a word: one instruction where the compiler has a
 * builtin, a short loop elsewhere. One copy for the field of view's sweep and the movement
 * searches, which walk bit masks of cells and directions. Layer: base. */
#ifndef GG_BASE_BITS_H
#define GG_BASE_BITS_H

#include <stdint.h>

/* The index of the lowest set bit of x != 0. */
static inline int gg__low_bit(uint64_t x)
{
#if defined(__GNUC__)
    return __builtin_ctzll(x);
#else
    int i = 0;
    while (!(x & 1u)) {
        x >>= 1;
        ++i;
    }
    return i;
#endif
}

/* The index of the highest set bit of x != 0. */
static inline int gg__high_bit(uint64_t x)
{
#if defined(__GNUC__)
    return 63 - __builtin_clzll(x);
#else
    int i = 63;
    while (!(x >> 63)) {
        x <<= 1;
        --i;
    }
    return i;
#endif
}

#endif
