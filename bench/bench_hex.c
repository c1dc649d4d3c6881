/* bench_hex.c - hex terrain sight: ns per hex step for pairs at most 12 apart, centre trace,
 * supercover, partial opacity, the callback sampler, and the square-grid model; the centre walks
 * also without a trace buffer (the walk then samples as it steps instead of reading the trace).
 * No allocation happens inside the timed loops (trace buffers live on the stack).
 * `--once` (or GG_BENCH_ONCE=1) runs each case ONCE_CALLS times instead of timing it, for
 * callgrind: run_hex and run_square then hold every case's instructions (bench/README.md).
 *
 * Against a baseline (issue 15): the centre walk without a trace buffer, plain sight (threshold
 * 0), against a plain C hex line walk over a flat array of tile tops (ground + obstruction; a
 * missing tile's top is +infinity): the reference line's samples (t = i / d, a + (b - a) t,
 * cube rounding with JavaScript's Math.round) and the sight line's height at each, first
 * blocking cell ends it. Asserted to agree on every pair; target: the library at most 1.3x the
 * plain walk's instructions (judged by bench/callgrind_gate.py; the time ratio printed here is
 * judged the same way). `--gate` runs only this comparison, each side once. */
#include <math.h>
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

/* ---- The baseline: a plain C hex line walk --------------------------------------------------- */

#define HSIDE (2 * RADIUS + 1)

typedef struct plain_hex {
    double top[HSIDE * HSIDE];    /* ground + obstruction; +infinity where the tile is missing */
    double ground[HSIDE * HSIDE]; /* ground; only read at present endpoints */
    bool present[HSIDE * HSIDE];
} plain_hex;

/* JavaScript's Math.round: the nearest integer, a half going up. */
static inline double js_round(double x)
{
    double f = (double)(int64_t)x;
    if (f > x)
        f -= 1.0;
    return x - f >= 0.5 ? f + 1.0 : f;
}

static inline int hex_dist(gg_hex a, gg_hex b)
{
    int dq = a.q - b.q, dr = a.r - b.r, ds = -dq - dr;
    dq = dq < 0 ? -dq : dq, dr = dr < 0 ? -dr : dr, ds = ds < 0 ? -ds : ds;
    return dq > dr ? (dq > ds ? dq : ds) : (dr > ds ? dr : ds);
}

static bool plain_hex_sight(const plain_hex *P, gg_hex a, gg_hex b, const gg_sight_def *def)
{
    const int d = hex_dist(a, b);
    if (d > def->max_range)
        return false;
    const int ia = (a.r + RADIUS) * HSIDE + (a.q + RADIUS);
    const int ib = (b.r + RADIUS) * HSIDE + (b.q + RADIUS);
    if (!P->present[ia] || !P->present[ib])
        return false;
    const double eye = P->ground[ia] + def->eye_height;
    const double tz = P->ground[ib] + def->target_height;
    const double aq = a.q, ar = a.r, dq = (double)b.q - aq, dr = (double)b.r - ar;
    for (int i = 1; i < d; ++i) {
        const double t = (double)i / (double)d;
        const double q = aq + dq * t, r = ar + dr * t, s = -q - r;
        double rq = js_round(q), rr = js_round(r), rs = js_round(s);
        const double eq = rq > q ? rq - q : q - rq, er = rr > r ? rr - r : r - rr;
        const double es = rs > s ? rs - s : s - rs;
        if (eq > er && eq > es)
            rq = -rr - rs;
        else if (er > es)
            rr = -rq - rs;
        const int k = ((int)rr + RADIUS) * HSIDE + ((int)rq + RADIUS);
        if (P->top[k] >= eye + (tz - eye) * t)
            return false;
    }
    return true;
}

typedef struct vs_plain {
    ctx *c;
    plain_hex P;
    long sink;
} vs_plain;

__attribute__((noinline)) void run_lib_hex(void *p);
__attribute__((noinline)) void run_base_hex(void *p);
/* Its own loop, not run_hex(): callgrind's --toggle-collect='run_*' would toggle off again on
 * entering a nested run_* function. */
void run_lib_hex(void *p)
{
    vs_plain *V = p;
    const ctx *c = V->c;
    long vis = 0;
    for (int i = 0; i < PAIRS; ++i) {
        gg_hex_sight_result res;
        int32_t n = 0;
        gg_status s = gg_hex_board_sight(c->board, c->from[i], c->to[i], &c->def, NULL, 0, &n,
                                         &res);
        if (s != GG_OK && s != GG_PARTIAL)
            abort();
        vis += res.visible;
    }
    V->sink += vis;
}
void run_base_hex(void *p)
{
    vs_plain *V = p;
    long vis = 0;
    for (int i = 0; i < PAIRS; ++i)
        vis += plain_hex_sight(&V->P, V->c->from[i], V->c->to[i], &V->c->def);
    V->sink += vis;
}

/* Checks the plain walk against the library on every pair (the library's centre walk without a
 * trace buffer, plain sight), then times or runs both. Returns pass. */
static bool against_plain(ctx *c, bool gate)
{
    static vs_plain V;
    V.c = c;
    for (int32_t r = -RADIUS; r <= RADIUS; ++r)
        for (int32_t q = -RADIUS; q <= RADIUS; ++q) {
            int k = (r + RADIUS) * HSIDE + (q + RADIUS);
            gg_hex_tile t = gg_hex_tile_default();
            V.P.present[k] = gg_hex_board_tile(c->board, gg_hex_make(q, r), &t);
            V.P.ground[k] = t.ground;
            V.P.top[k] = V.P.present[k] ? t.ground + t.obstruction : HUGE_VAL;
        }
    c->def = gg_sight_def_default();
    c->def.max_range = MAX_APART;
    c->def.eye_height = 1.7;
    c->def.target_height = 1.0;
    c->sampler = false;
    c->cap = 0;
    long vis = 0;
    for (int i = 0; i < PAIRS; ++i) {
        gg_hex_sight_result res;
        int32_t n = 0;
        gg_status st = gg_hex_board_sight(c->board, c->from[i], c->to[i], &c->def, NULL, 0, &n,
                                          &res);
        bool base = plain_hex_sight(&V.P, c->from[i], c->to[i], &c->def);
        if ((st != GG_OK && st != GG_PARTIAL) || res.visible != base) {
            fprintf(stderr, "bench_hex: MISMATCH plain hex walk vs library on pair %d\n", i);
            abort();
        }
        vis += base;
    }
    printf("bench_hex: library and plain hex line walk agree on all %d pairs (%ld visible)\n",
           PAIRS, vis);
    if (gate) {
        run_lib_hex(&V);
        run_base_hex(&V);
        return true;
    }
    double tl, tb;
    bench_time_pair(run_lib_hex, &V, run_base_hex, &V, 0.3, 7, &tl, &tb);
    return bench_report_ratio("hex sight centre walk vs plain C hex walk (<= 1.3x)", tl / PAIRS,
                              tb / PAIRS, 1.0 / 1.3);
}

int main(int argc, char **argv)
{
    static ctx c;
    bool gate = false;
    c.once = getenv("GG_BENCH_ONCE") != NULL;
    for (int i = 1; i < argc; ++i) {
        if (strcmp(argv[i], "--once") == 0) {
            c.once = true;
        } else if (strcmp(argv[i], "--gate") == 0) {
            gate = true;
        } else {
            fprintf(stderr, "usage: %s [--once | --gate]\n", argv[0]);
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

    if (gate) {
        against_plain(&c, true);
        gg_hex_board_destroy(c.board);
        return 0;
    }
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
    bool pass = c.once ? (against_plain(&c, true), true) : against_plain(&c, false);
    gg_hex_board_destroy(c.board);
    return pass ? 0 : 1;
}
