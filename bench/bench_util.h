/* bench_util.h - timing, a seeded RNG and map generators shared by the benchmark programs. */
#ifndef GG_BENCH_UTIL_H
#define GG_BENCH_UTIL_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* Monotonic wall time in seconds. */
double bench_now(void);

/* xorshift64* with an explicit state: deterministic across runs and platforms. */
typedef struct bench_rng {
    uint64_t s;
} bench_rng;
void bench_rng_seed(bench_rng *r, uint64_t seed);
uint64_t bench_rng_next(bench_rng *r);
/* Uniform in [0, n). */
uint32_t bench_rng_below(bench_rng *r, uint32_t n);

/* Fills `blocked` (w*h bytes, row-major, 1 = blocked) with map kinds used across benches. */
void bench_map_random(uint8_t *blocked, int w, int h, int percent, bench_rng *r);
void bench_map_open(uint8_t *blocked, int w, int h);
/* Rooms and corridors: rectangular rooms joined by L-shaped one-cell corridors. */
void bench_map_dungeon(uint8_t *blocked, int w, int h, bench_rng *r);

/* Runs fn(ctx) repeatedly for at least min_seconds (and at least once); returns seconds/call.
 * Takes the best of `rounds` rounds, which resists noise on shared machines. */
double bench_time(void (*fn)(void *ctx), void *ctx, double min_seconds, int rounds);

/* Times two functions against each other: calls them alternately, one call at a time, until
 * each has run at least `min_calls` times and the slower one for at least min_seconds in all,
 * and writes the fastest single call of each (seconds). Alternating puts both sides under the
 * same machine load, and the fastest call is the one least disturbed by other work; both matter
 * on shared machines, where load changes from one second to the next. */
void bench_time_pair(void (*fa)(void *ctx), void *ca, void (*fb)(void *ctx), void *cb,
                     double min_seconds, int min_calls, double *out_a, double *out_b);

/* Prints "name: ours X us, base Y us, ratio Z (target T) PASS/FAIL" and returns pass. */
bool bench_report_ratio(const char *name, double ours_s, double base_s, double target_ratio);

#endif
