/* bench_util.c - timing, RNG and map generators for bench/ programs. */
#define _POSIX_C_SOURCE 200809L
#include "bench_util.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void bench_rng_seed(bench_rng *r, uint64_t seed) { r->s = seed ? seed : 0x9E3779B97F4A7C15ull; }

uint64_t bench_rng_next(bench_rng *r)
{
    uint64_t x = r->s;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    r->s = x;
    return x * 0x2545F4914F6CDD1Dull;
}

uint32_t bench_rng_below(bench_rng *r, uint32_t n)
{
    return n == 0 ? 0 : (uint32_t)((bench_rng_next(r) >> 32) % n);
}

void bench_map_random(uint8_t *blocked, int w, int h, int percent, bench_rng *r)
{
    for (int i = 0; i < w * h; ++i)
        blocked[i] = (uint8_t)(bench_rng_below(r, 100) < (uint32_t)percent);
}

void bench_map_open(uint8_t *blocked, int w, int h) { memset(blocked, 0, (size_t)w * (size_t)h); }

static void carve(uint8_t *b, int w, int h, int x0, int y0, int x1, int y1)
{
    for (int y = y0; y <= y1; ++y)
        for (int x = x0; x <= x1; ++x)
            if (x >= 0 && y >= 0 && x < w && y < h)
                b[y * w + x] = 0;
}

void bench_map_crossings(uint8_t *blocked, int w, int h, bench_rng *r)
{
    memset(blocked, 1, (size_t)w * (size_t)h);
    int rooms = (w * h) / 120 + 1;
    int px = w / 2, py = h / 2;
    for (int i = 0; i < rooms; ++i) {
        int rw = 3 + (int)bench_rng_below(r, 8), rh = 3 + (int)bench_rng_below(r, 6);
        int x = 1 + (int)bench_rng_below(r, (uint32_t)(w > rw + 2 ? w - rw - 2 : 1));
        int y = 1 + (int)bench_rng_below(r, (uint32_t)(h > rh + 2 ? h - rh - 2 : 1));
        carve(blocked, w, h, x, y, x + rw - 1, y + rh - 1);
        int cx = x + rw / 2, cy = y + rh / 2;
        if (i > 0) {
            /* L-shaped corridor from the previous room's centre */
            carve(blocked, w, h, px < cx ? px : cx, py, px < cx ? cx : px, py);
            carve(blocked, w, h, cx, py < cy ? py : cy, cx, py < cy ? cy : py);
        }
        px = cx;
        py = cy;
    }
}

/* True when the rectangle x0..x1, y0..y1 (inside the map) holds no open cell. */
static bool all_rock(const uint8_t *b, int w, int x0, int y0, int x1, int y1)
{
    for (int y = y0; y <= y1; ++y)
        for (int x = x0; x <= x1; ++x)
            if (!b[y * w + x])
                return false;
    return true;
}

void bench_map_rooms(uint8_t *blocked, int w, int h, bench_rng *r)
{
    memset(blocked, 1, (size_t)w * (size_t)h);
    const int tries = (w * h) / 64 + 1;
    int *cx = malloc(sizeof *cx * (size_t)tries), *cy = malloc(sizeof *cy * (size_t)tries);
    if (cx == NULL || cy == NULL) {
        fprintf(stderr, "bench_map_rooms: out of memory\n");
        exit(2);
    }
    int n = 0;
    for (int i = 0; i < tries; ++i) {
        const int rw = 4 + (int)bench_rng_below(r, 9), rh = 4 + (int)bench_rng_below(r, 6);
        if (rw + 4 > w || rh + 4 > h)
            continue;
        const int x = 2 + (int)bench_rng_below(r, (uint32_t)(w - rw - 3));
        const int y = 2 + (int)bench_rng_below(r, (uint32_t)(h - rh - 3));
        /* a room with its one-cell rim of rock must not meet another room */
        if (!all_rock(blocked, w, x - 1, y - 1, x + rw, y + rh))
            continue;
        carve(blocked, w, h, x, y, x + rw - 1, y + rh - 1);
        cx[n] = x + rw / 2;
        cy[n] = y + rh / 2;
        ++n;
    }
    if (n == 0) {
        /* a map too small for any room (or unlucky): one room of all but the rim, so that it
         * always has an open cell (callers draw viewers from the open cells) */
        if (w >= 3 && h >= 3)
            carve(blocked, w, h, 1, 1, w - 2, h - 2);
        else
            memset(blocked, 0, (size_t)w * (size_t)h);
    }
    /* Each room after the first joins the nearest one placed before it (all rooms are carved
     * first, so corridors never stop a room from being placed). */
    for (int i = 1; i < n; ++i) {
        int best = 0;
        long best_d = -1;
        for (int j = 0; j < i; ++j) {
            const long dx = cx[i] - cx[j], dy = cy[i] - cy[j], dd = dx * dx + dy * dy;
            if (best_d < 0 || dd < best_d) {
                best_d = dd;
                best = j;
            }
        }
        const int ax = cx[best], ay = cy[best], bx = cx[i], by = cy[i];
        if (bench_rng_below(r, 2) == 0) { /* across, then up or down */
            carve(blocked, w, h, ax < bx ? ax : bx, ay, ax < bx ? bx : ax, ay);
            carve(blocked, w, h, bx, ay < by ? ay : by, bx, ay < by ? by : ay);
        } else { /* up or down, then across */
            carve(blocked, w, h, ax, ay < by ? ay : by, ax, ay < by ? by : ay);
            carve(blocked, w, h, ax < bx ? ax : bx, by, ax < bx ? bx : ax, by);
        }
    }
    free(cx);
    free(cy);
}

double bench_time(void (*fn)(void *ctx), void *ctx, double min_seconds, int rounds)
{
    double best = 1e300;
    for (int r = 0; r < rounds; ++r) {
        long n = 0;
        double t0 = bench_now(), t;
        do {
            fn(ctx);
            ++n;
            t = bench_now();
        } while (t - t0 < min_seconds);
        double per = (t - t0) / (double)n;
        if (per < best)
            best = per;
    }
    return best;
}

void bench_time_pair(void (*fa)(void *ctx), void *ca, void (*fb)(void *ctx), void *cb,
                     double min_seconds, int min_calls, double *out_a, double *out_b)
{
    double best_a = 1e300, best_b = 1e300, sum_a = 0.0, sum_b = 0.0;
    for (int n = 0; n < min_calls || (sum_a < min_seconds && sum_b < min_seconds); ++n) {
        double t0 = bench_now();
        fa(ca);
        double t1 = bench_now();
        fb(cb);
        double t2 = bench_now();
        sum_a += t1 - t0;
        sum_b += t2 - t1;
        if (t1 - t0 < best_a)
            best_a = t1 - t0;
        if (t2 - t1 < best_b)
            best_b = t2 - t1;
    }
    *out_a = best_a;
    *out_b = best_b;
}

bool bench_report_ratio(const char *name, double ours_s, double base_s, double target_ratio)
{
    double ratio = base_s / ours_s;
    bool pass = ratio >= target_ratio;
    printf("%-58s ours %10.3f us  base %10.3f us  ratio %7.2fx (target >= %.2fx) %s\n", name,
           ours_s * 1e6, base_s * 1e6, ratio, target_ratio, pass ? "PASS" : "FAIL");
    return pass;
}
