/* hex_test_util.h - a seeded RNG for the hex property tests (the seed is printed). Test code. */
#ifndef GG_HEX_TEST_UTIL_H
#define GG_HEX_TEST_UTIL_H

#include <stdint.h>
#include <stdio.h>

typedef struct hx_rng {
    uint64_t s;
} hx_rng;

static inline hx_rng hx_rng_seed(const char *test, uint64_t seed)
{
    hx_rng r;
    r.s = seed ? seed : 1;
    printf("[ seed ] %s: 0x%016llx\n", test, (unsigned long long)seed);
    return r;
}

static inline uint64_t hx_next(hx_rng *r)
{
    uint64_t x = r->s;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    r->s = x;
    return x * 0x2545F4914F6CDD1Dull;
}

/* Uniform integer in [lo, hi]. */
static inline int32_t hx_int(hx_rng *r, int32_t lo, int32_t hi)
{
    return lo + (int32_t)((hx_next(r) >> 33) % (uint64_t)((int64_t)hi - lo + 1));
}

#endif
