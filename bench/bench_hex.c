/* bench_hex.c - hex terrain sight: ns per hex step for pairs at most 12 apart, centre trace,
 * supercover, partial opacity, the callback sampler, and the square-grid model; the centre walks
 * also without a trace buffer (the walk then samples as it steps instead of reading the trace).
 * No allocation happens inside the timed loops (trace buffers live on the stack).
 * `--once` (or GG_BENCH_ONCE=1) runs each case ONCE_CALLS times instead of timing it, for
 * callgrind: run_hex and run_square then hold every case's instructions (bench/README.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"
#include "gridgeom/hex.h"
#include "gridgeom/terrain.h"

#define RADIUS 30
#define PAIRS 4096
#define MAX_APART 12
#define ONCE_CALLS 4

typedef struct ctx {
    gg_hex_board *board;
    gg_hex from[PAIRS], to[PAIRS];
    gg_sight_def def;
    long steps;   /* sum of distances over the pairs */
    long visible; /* checksum so the work is not optimised away */
    bool sampler; /* use gg_hex_sight with a callback instead of the board */
    int32_t cap;  /* trace buffer capacity handed to the query: 256, or 0 for none */
    bool once;    /* --once: fixed call count instead of timing */
    gg_square_heights sq;
    gg_cell cfrom[PAIRS], cto[PAIRS];
} ctx;

static bool sample(void *user, gg_hex h, gg_hex_tile *out)
{
    return gg_hex_board_tile((const gg_hex_board *)user, h, out);
}

static void run_hex(void *p)
{
    ctx *c = (ctx *)p;
    gg_hex traced[256];
    long vis = 0;
    for (int i = 0; i < PAIRS; ++i) {
        gg_hex_sight_result res;
        int32_t n = 0;
        gg_hex *buf = c->cap > 0 ? traced : NULL;
        gg_status s = c->sampler ? gg_hex_sight(sample, c->board, c->from[i], c->to[i], &c->def,
                                                buf, c->cap, &n, &res)
                                 : gg_hex_board_sight(c->board, c->from[i], c->to[i], &c->def, buf,
                                                      c->cap, &n, &res);
        if (s != GG_OK && !(s == GG_PARTIAL && c->cap == 0)) {
            fprintf(stderr, "bench_hex: sight failed: %s\n", gg_status_name(s));
            exit(1);
        }
        vis += res.visible;
    }
    c->visible = vis;
}

static void run_square(void *p)
{
    ctx *c = (ctx *)p;
    gg_cell traced[256];
    long vis = 0;
    for (int i = 0; i < PAIRS; ++i) {
        gg_square_sight_result res;
        int32_t n = 0;
        gg_status s = gg_square_sight(&c->sq, c->cfrom[i], c->cto[i], &c->def,
                                      c->cap > 0 ? traced : NULL, c->cap, &n, &res);
        if (s != GG_OK && !(s == GG_PARTIAL && c->cap == 0)) {
            fprintf(stderr, "bench_hex: square sight failed\n");
            exit(1);
        }
        vis += res.visible;
    }
    c->visible = vis;
}

static void report(const char *name, ctx *c, void (*fn)(void *))
{
    if (c->once) {
        long vis = 0;
        for (int k = 0; k < ONCE_CALLS; ++k) {
            fn(c);
            vis += c->visible;
        }
        printf("%-46s ran %d x %d pairs (%ld of %d visible)\n", name, ONCE_CALLS, PAIRS,
               vis / ONCE_CALLS, PAIRS);
        return;
    }
    double per_call = bench_time(fn, c, 0.25, 5);
    double per_query = per_call / PAIRS;
    printf("%-46s %8.1f ns/query  %6.2f ns/hex step  (%ld of %d visible)\n", name, per_query * 1e9,
           per_call * 1e9 / (double)c->steps, c->visible, PAIRS);
}

int main(int argc, char **argv)
{
    static ctx c;
    c.once = getenv("GG_BENCH_ONCE") != NULL;
    for (int i = 1; i < argc; ++i) {
        if (strcmp(argv[i], "--once") == 0) {
            c.once = true;
        } else {
            fprintf(stderr, "usage: %s [--once]\n", argv[0]);
            return 2;
        }
    }
    c.cap = 256;
    bench_rng rng;
    bench_rng_seed(&rng, 0x4E58u);
    gg_hex_board_def bd = gg_hex_board_def_default();
    bd.origin = gg_hex_make(-RADIUS, -RADIUS);
    bd.q_count = bd.r_count = 2 * RADIUS + 1;
    if (gg_hex_board_create(&bd, &c.board) != GG_OK)
        return 1;
    /* Rolling ground in quarter steps with scattered woods (obstruction 2, density 0.5). */
    for (int32_t q = -RADIUS; q <= RADIUS; ++q)
        for (int32_t r = -RADIUS; r <= RADIUS; ++r) {
            gg_hex h = gg_hex_make(q, r);
            if (gg_hex_distance(h, gg_hex_make(0, 0)) > RADIUS)
                continue;
            gg_hex_tile t = gg_hex_tile_default();
            t.ground = (double)bench_rng_below(&rng, 5) * 0.25;
            if (bench_rng_below(&rng, 100) < 8) {
                t.obstruction = 2.0;
                t.density = 0.5;
            }
            if (gg_hex_board_set_tile(c.board, h, &t) != GG_OK)
                return 1;
        }
    c.steps = 0;
    for (int i = 0; i < PAIRS; ++i) {
        gg_hex a, b;
        /* One draw per statement: argument evaluation order differs between compilers. */
        do {
            a.q = (int32_t)bench_rng_below(&rng, 2 * RADIUS + 1) - RADIUS;
            a.r = (int32_t)bench_rng_below(&rng, 2 * RADIUS + 1) - RADIUS;
        } while (gg_hex_distance(a, gg_hex_make(0, 0)) > RADIUS - MAX_APART);
        do {
            b.q = a.q + (int32_t)bench_rng_below(&rng, 2 * MAX_APART + 1) - MAX_APART;
            b.r = a.r + (int32_t)bench_rng_below(&rng, 2 * MAX_APART + 1) - MAX_APART;
        } while (gg_hex_distance(a, b) > MAX_APART || gg_hex_distance(a, b) < 1);
        c.from[i] = a;
        c.to[i] = b;
        c.steps += (long)gg_hex_distance(a, b);
        c.cfrom[i] = gg_cell_make(a.q + RADIUS, a.r + RADIUS);
        c.cto[i] = gg_cell_make(b.q + RADIUS, b.r + RADIUS);
    }
    printf("bench_hex: radius-%d board, %d pairs 1..%d apart, mean %.2f steps\n", RADIUS, PAIRS,
           MAX_APART, (double)c.steps / PAIRS);

    c.def = gg_sight_def_default();
    c.def.max_range = MAX_APART;
    c.def.eye_height = 1.7;
    c.def.target_height = 1.0;
    report("hex sight, centre trace (board)", &c, run_hex);
    c.sampler = true;
    report("hex sight, centre trace (callback sampler)", &c, run_hex);
    c.sampler = false;
    c.cap = 0;
    report("hex sight, centre walk, no trace buffer", &c, run_hex);
    c.cap = 256;
    c.def.opacity_threshold = 1.0;
    report("hex sight, centre trace + partial opacity", &c, run_hex);
    c.def.opacity_threshold = 0.0;
    c.def.trace = GG_SIGHT_TRACE_SUPERCOVER;
    report("hex sight, supercover", &c, run_hex);

    /* The same terrain as a square height board (axial q,r used as col,row). */
    static double ground[(2 * RADIUS + 1) * (2 * RADIUS + 1)];
    static double obst[(2 * RADIUS + 1) * (2 * RADIUS + 1)];
    for (int32_t r = 0; r < 2 * RADIUS + 1; ++r)
        for (int32_t q = 0; q < 2 * RADIUS + 1; ++q) {
            gg_hex_tile t = gg_hex_tile_default();
            (void)gg_hex_board_tile(c.board, gg_hex_make(q - RADIUS, r - RADIUS), &t);
            ground[r * (2 * RADIUS + 1) + q] = t.ground;
            obst[r * (2 * RADIUS + 1) + q] = t.obstruction;
        }
    c.sq.width = c.sq.height = 2 * RADIUS + 1;
    c.sq.ground = ground;
    c.sq.obstruction = obst;
    c.sq.density = NULL;
    c.sq.present = NULL;
    long hex_steps = c.steps;
    c.steps = 0;
    for (int i = 0; i < PAIRS; ++i) {
        long dx = labs((long)c.cto[i].col - c.cfrom[i].col);
        long dy = labs((long)c.cto[i].row - c.cfrom[i].row);
        c.steps += dx > dy ? dx : dy;
    }
    c.def.trace = GG_SIGHT_TRACE_CENTRE;
    c.def.max_range = 2 * MAX_APART;
    report("square sight, Bresenham centre walk", &c, run_square);
    c.cap = 0;
    report("square sight, centre walk, no trace buffer", &c, run_square);
    c.cap = 256;
    c.def.trace = GG_SIGHT_TRACE_SUPERCOVER;
    report("square sight, supercover", &c, run_square);
    c.steps = hex_steps;
    gg_hex_board_destroy(c.board);
    return 0;
}
