/* test_rng.h - the one random generator of the tests: xorshift64* (Marsaglia's xorshift with
 * Vigna's multiplier), the same sequence on every platform and compiler.
 *
 * Every property test seeds its own generator with a fixed number and its name; the seed is
 * printed, so a failure can be replayed, and GG_TEST_SEED in the environment (decimal or 0x hex)
 * replaces every seed, to replay one or to run the properties on new cases. Test code only. */
#ifndef GG_TEST_RNG_H
#define GG_TEST_RNG_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct fx_rng {
    uint64_t s; /* never 0 (xorshift would stay at 0) */
} fx_rng;

static inline void fx_rng_seed(fx_rng *r, uint64_t seed, const char *test)
{
    const char *env = getenv("GG_TEST_SEED");
    if (env != NULL && env[0] != '\0')
        seed = strtoull(env, NULL, 0);
    r->s = seed != 0 ? seed : 1;
    printf("# %s: seed %llu (GG_TEST_SEED=%llu replays it)\n", test, (unsigned long long)seed,
           (unsigned long long)seed);
}

/* The next 64 random bits. */
static inline uint64_t fx_next64(fx_rng *r)
{
    uint64_t x = r->s;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    r->s = x;
    return x * 0x2545F4914F6CDD1Du;
}

/* The next 32 random bits (the high half: xorshift64*'s low bits are its weakest). */
static inline uint32_t fx_next(fx_rng *r) { return (uint32_t)(fx_next64(r) >> 32); }

/* Uniform enough in [0, n) for tests (n > 0; the modulo bias is below 2^-24 for n < 256). */
static inline int32_t fx_below(fx_rng *r, int32_t n) { return (int32_t)(fx_next(r) % (uint32_t)n); }

/* In [lo, hi], both included (hi - lo < 2^31). */
static inline int32_t fx_range(fx_rng *r, int32_t lo, int32_t hi)
{
    return (int32_t)((int64_t)lo + (int64_t)(fx_next(r) % (uint32_t)((int64_t)hi - lo + 1)));
}

#endif
