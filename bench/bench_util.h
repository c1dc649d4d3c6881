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
/* Rooms and corridors as a dungeon generator makes them: rectangular rooms (4-12 x 4-9 cells) in
 * solid rock, never overlapping nor touching (w * h / 64 random places tried, those that would
 * touch a room skipped), each joined to the nearest room placed before it by an L-shaped
 * one-cell corridor. About a third of the map is open at 128^2 and larger; a view is a room, its
 * corridors and what they open onto. A map too small for any room gets one room of all but its
 * rim: never no open cell. */
void bench_map_rooms(uint8_t *blocked, int w, int h, bench_rng *r);
/* Crossing corridors: rectangular rooms (which may overlap) each joined by an L-shaped
 * corridor to the previous room's centre anywhere on the map, so the corridors' length grows
 * with the map and they cross everywhere: 74% of a 256^2 map is open, 97% of a 1024^2 one, a
 * field with short wall fragments. Not a rooms-and-corridors dungeon (bench_map_rooms() is);
 * kept because earlier benches measured on it, and as the case of huge open views. */
void bench_map_crossings(uint8_t *blocked, int w, int h, bench_rng *r);

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
