/* bench_los.c - line of sight (issues 2 and 15) against the best plain-C implementations of the
 * same job, every case drawn reported. Both sides are asserted to agree on every pair before
 * anything is timed.
 *
 *  1. Blocked cells only (no walls), 10% of cells blocked, 1,024 x 1,024, pairs at most 24 apart:
 *     gg_scene_has_line_of_sight against Nat20's Bresenham in plain C over a byte map (inlined,
 *     endpoints skipped, exits at the first blocked cell; target: at most 1.0x its
 *     instructions) and against libtcod's TCOD_line with a listener that stops at the first
 *     blocked cell (target: at least 2x faster). TCOD_line's Bresenham breaks ties its own
 *     way, so it is not asserted equal: the share of pairs whose answer differs is printed.
 *  2. 2,000 walls and 300 blocked cells on 256 x 256, pairs at most 24 apart ("local") and pairs
 *     anywhere on the map ("map-wide"): against a per-cell edge-bitmap walk (a bit per cell edge
 *     and per lattice corner, walked along the segment's cells with exact integer steps, exits
 *     at the first hit; walls off the cell edges in per-cell lists, tested exactly; then the
 *     Bresenham blocked-cell walk) (target: at most 1.3x its instructions) and against testing
 *     every wall (Nat20's any(); target: at least 25x, in instructions like the edge walk's,
 *     judged by bench/callgrind_gate.py; the time ratio is printed for information).
 *  3. Growth: the same blocked-cell pairs (10% blocked, at most 24 apart) on 256^2, 1,024^2 and
 *     4,096^2: the library's time per query at 4,096^2 at most 2x its time at 256^2.
 *
 * Time targets are judged here on time ratios (lib at most 1.3x the edge walk's time: ratio >=
 * 0.77, and so on); bench/callgrind_gate.py judges the instruction ratios.
 *
 * Usage: bench_los            check, time (pairs of calls alternating), print ratios and PASS/FAIL
 *        bench_los --once     check, then each side once over its pairs (callgrind:
 *                             --toggle-collect=run_lib_cells, run_base_cells, ...)
 *        bench_los --gate     a small fixed workload, each side once (bench/callgrind_gate.py)
 *        bench_los --growth   the growth rows only (timed) */
#include "bench_util.h"

#include <gridgeom/topology.h>

#include <stdlib.h>
#include <string.h>

#ifdef GG_HAVE_LIBTCOD
#include <libtcod/bresenham.h>
#endif

#define MAXDIST 24

typedef struct pair {
    gg_cell a, b;
} pair;

static void die(const char *what, gg_status st)
{
    fprintf(stderr, "bench_los: %s failed: %s\n", what, gg_status_name(st));
    exit(2);
}

/* ---- Scenes and the baselines' own maps --------------------------------------------------- */

typedef struct world {
    int side;
    gg_scene *scene;
    uint8_t *blocked; /* [side^2] */
    /* walls, for the baselines */
    int nwalls;
    gg_hpoint (*wall)[2]; /* half units */
    /* the edge bitmap: vertical edge (x, y) joins corners (x, y)-(x, y+1), x in 0..side;
     * horizontal edge (x, y) joins (x, y)-(x+1, y); corner (x, y) is touched by a wall */
    int stride; /* side + 1 */
    uint64_t *vedge, *hedge, *corner;
    /* per-cell lists of walls that are not on cell edges (CSR) */
    uint32_t *dstart, *ditems;
} world;

static inline bool bit_get(const uint64_t *b, size_t i) { return (b[i >> 6] >> (i & 63)) & 1u; }
static inline void bit_put(uint64_t *b, size_t i) { b[i >> 6] |= 1ull << (i & 63); }

static world *world_make(int side, int nblocked_permille, int nblocked_abs, int nwalls,
                         bench_rng *r)
{
    world *W = calloc(1, sizeof *W);
    W->side = side;
    gg_scene_def def = gg_scene_def_default();
    def.width = side;
    def.height = side;
    gg_status st = gg_scene_create(&def, &W->scene);
    if (st != GG_OK)
        die("gg_scene_create", st);
    size_t n = (size_t)side * (size_t)side;
    W->blocked = calloc(n, 1);
    size_t nb = nblocked_abs > 0 ? (size_t)nblocked_abs : n * (size_t)nblocked_permille / 1000;
    for (size_t i = 0; i < nb; ++i) {
        gg_cell c = gg_cell_make((int32_t)bench_rng_below(r, (uint32_t)side),
                                 (int32_t)bench_rng_below(r, (uint32_t)side));
        W->blocked[(size_t)c.row * (size_t)side + (size_t)c.col] = 1;
        if ((st = gg_scene_set_blocked(W->scene, c, true)) != GG_OK)
            die("gg_scene_set_blocked", st);
    }
    W->nwalls = nwalls;
    W->stride = side + 1;
    size_t words = ((size_t)W->stride * (size_t)W->stride + 63) / 64;
    W->vedge = calloc(words, 8);
    W->hedge = calloc(words, 8);
    W->corner = calloc(words, 8);
    W->dstart = calloc(n + 1, sizeof *W->dstart);
    if (nwalls == 0)
        return W;
    W->wall = calloc((size_t)nwalls, sizeof *W->wall);
    /* Walls on integer corners: 85% axis-aligned room-like pieces of length 1-6, 15% diagonals
     * (45-degree and up to 6:1) of span 1-6; corners range over [0, side]. */
    gg_wall_def *defs = calloc((size_t)nwalls, sizeof *defs);
    for (int w = 0; w < nwalls; ++w) {
        int x1 = (int)bench_rng_below(r, (uint32_t)side + 1);
        int y1 = (int)bench_rng_below(r, (uint32_t)side + 1);
        int x2 = x1, y2 = y1;
        int len = 1 + (int)bench_rng_below(r, 6);
        int sgn = bench_rng_below(r, 2) ? 1 : -1;
        uint32_t kind = bench_rng_below(r, 100);
        if (kind < 42) {
            x2 = x1 + sgn * len;
        } else if (kind < 85) {
            y2 = y1 + sgn * len;
        } else {
            int sgn2 = bench_rng_below(r, 2) ? 1 : -1;
            int len2 = kind < 93 ? len : 1 + (int)bench_rng_below(r, 6);
            x2 = x1 + sgn * len;
            y2 = y1 + sgn2 * len2;
        }
        x2 = x2 < 0 ? 0 : x2 > side ? side : x2;
        y2 = y2 < 0 ? 0 : y2 > side ? side : y2;
        defs[w] = gg_wall_def_default();
        defs[w].x1 = x1;
        defs[w].y1 = y1;
        defs[w].x2 = x2;
        defs[w].y2 = y2;
        W->wall[w][0] = (gg_hpoint){2 * x1, 2 * y1};
        W->wall[w][1] = (gg_hpoint){2 * x2, 2 * y2};
    }
    if ((st = gg_scene_add_walls(W->scene, defs, nwalls, NULL)) != GG_OK)
        die("gg_scene_add_walls", st);

    /* The edge bitmap: axis-aligned walls (and points) as unit edges and the corners they
     * touch; other walls in the lists of every cell whose closed square they touch. */
    size_t cap = 0, used = 0;
    uint32_t *cellof = NULL, *wallof = NULL;
    for (int w = 0; w < nwalls; ++w) {
        int x1 = defs[w].x1, y1 = defs[w].y1, x2 = defs[w].x2, y2 = defs[w].y2;
        if (x1 == x2 || y1 == y2) {
            int lo, hi;
            if (x1 == x2) {
                lo = y1 < y2 ? y1 : y2, hi = y1 < y2 ? y2 : y1;
                for (int y = lo; y <= hi; ++y) {
                    bit_put(W->corner, (size_t)y * W->stride + (size_t)x1);
                    if (y < hi)
                        bit_put(W->vedge, (size_t)y * W->stride + (size_t)x1);
                }
            } else {
                lo = x1 < x2 ? x1 : x2, hi = x1 < x2 ? x2 : x1;
                for (int x = lo; x <= hi; ++x) {
                    bit_put(W->corner, (size_t)y1 * W->stride + (size_t)x);
                    if (x < hi)
                        bit_put(W->hedge, (size_t)y1 * W->stride + (size_t)x);
                }
            }
            continue;
        }
        int cx0 = (x1 < x2 ? x1 : x2) - 1, cx1 = x1 < x2 ? x2 : x1;
        int cy0 = (y1 < y2 ? y1 : y2) - 1, cy1 = y1 < y2 ? y2 : y1;
        for (int cy = cy0; cy <= cy1; ++cy)
            for (int cx = cx0; cx <= cx1; ++cx) {
                if (cx < 0 || cy < 0 || cx >= side || cy >= side)
                    continue;
                /* The closed square [2cx, 2cx+2] x [2cy, 2cy+2] (half units) touches the wall
                 * when a side of it does, or the wall's first end lies inside. */
                gg_hpoint p[4] = {{2 * cx, 2 * cy},
                                  {2 * cx + 2, 2 * cy},
                                  {2 * cx + 2, 2 * cy + 2},
                                  {2 * cx, 2 * cy + 2}};
                bool touch = W->wall[w][0].x >= p[0].x && W->wall[w][0].x <= p[2].x &&
                             W->wall[w][0].y >= p[0].y && W->wall[w][0].y <= p[2].y;
                for (int k = 0; k < 4 && !touch; ++k)
                    touch = gg_segments_intersect(p[k], p[(k + 1) & 3], W->wall[w][0],
                                                  W->wall[w][1]);
                if (!touch)
                    continue;
                if (used == cap) {
                    cap = cap ? 2 * cap : 1024;
                    cellof = realloc(cellof, cap * sizeof *cellof);
                    wallof = realloc(wallof, cap * sizeof *wallof);
                }
                cellof[used] = (uint32_t)(cy * side + cx);
                wallof[used++] = (uint32_t)w;
            }
    }
    for (size_t i = 0; i < used; ++i)
        W->dstart[cellof[i] + 1]++;
    for (size_t i = 0; i < n; ++i)
        W->dstart[i + 1] += W->dstart[i];
    W->ditems = calloc(used + 1, sizeof *W->ditems);
    uint32_t *fill = calloc(n, sizeof *fill);
    for (size_t i = 0; i < used; ++i)
        W->ditems[W->dstart[cellof[i]] + fill[cellof[i]]++] = wallof[i];
    free(fill);
    free(cellof);
    free(wallof);
    free(defs);
    return W;
}

static void world_free(world *W)
{
    gg_scene_destroy(W->scene);
    free(W->blocked);
    free(W->wall);
    free(W->vedge);
    free(W->hedge);
    free(W->corner);
    free(W->dstart);
    free(W->ditems);
    free(W);
}

static pair *make_pairs(int n, int side, int maxdist, bench_rng *r)
{
    pair *p = malloc(sizeof *p * (size_t)n);
    for (int i = 0; i < n; ++i) {
        gg_cell a = gg_cell_make((int32_t)bench_rng_below(r, (uint32_t)side),
                                 (int32_t)bench_rng_below(r, (uint32_t)side));
        gg_cell b;
        if (maxdist <= 0) {
            b = gg_cell_make((int32_t)bench_rng_below(r, (uint32_t)side),
                             (int32_t)bench_rng_below(r, (uint32_t)side));
        } else {
            do {
                b = gg_cell_make(a.col - maxdist + (int32_t)bench_rng_below(r, 2 * maxdist + 1),
                                 a.row - maxdist + (int32_t)bench_rng_below(r, 2 * maxdist + 1));
            } while (b.col < 0 || b.row < 0 || b.col >= side || b.row >= side);
        }
        p[i].a = a;
        p[i].b = b;
    }
    return p;
}

/* ---- The library ------------------------------------------------------------------------- */

static bool lib_los(const world *W, gg_cell a, gg_cell b)
{
    bool v = false;
    gg_status st = gg_scene_has_line_of_sight(W->scene, a, b, &v);
    if (st != GG_OK)
        die("gg_scene_has_line_of_sight", st);
    return v;
}

/* ---- Baseline 1: Nat20's Bresenham over a byte map, inlined ----------------------------------
 * The same walk as gg_line_next (error form, ties step from the start's side), endpoints
 * skipped, first blocked cell ends it. */
static inline bool bres_los(const uint8_t *blocked, int side, gg_cell a, gg_cell b)
{
    int x = a.col, y = a.row;
    const int x1 = b.col, y1 = b.row;
    const int sx = x < x1 ? 1 : -1, sy = y < y1 ? 1 : -1;
    const int dx = x1 > x ? x1 - x : x - x1, dy = -(y1 > y ? y1 - y : y - y1);
    int err = dx + dy;
    for (;;) {
        if (x == x1 && y == y1)
            return true;
        const int e2 = 2 * err;
        if (e2 >= dy) {
            err += dy;
            x += sx;
        }
        if (e2 <= dx) {
            err += dx;
            y += sy;
        }
        if (x == x1 && y == y1)
            return true;
        if (blocked[(size_t)y * (size_t)side + (size_t)x])
            return false;
    }
}

/* ---- Baseline 2: libtcod's TCOD_line with a listener ------------------------------------------
 * The listener has no context argument, so the map it reads is a file-level pointer (set before
 * each run; the benchmark is single-threaded). */
#ifdef GG_HAVE_LIBTCOD
static const uint8_t *tcod_map;
static int tcod_side, tcod_ex, tcod_ey, tcod_sx, tcod_sy;
static bool tcod_listener(int x, int y)
{
    if ((x == tcod_sx && y == tcod_sy) || (x == tcod_ex && y == tcod_ey))
        return true;
    return !tcod_map[(size_t)y * (size_t)tcod_side + (size_t)x];
}
static bool tcod_los(gg_cell a, gg_cell b)
{
    tcod_sx = a.col, tcod_sy = a.row, tcod_ex = b.col, tcod_ey = b.row;
    return TCOD_line(a.col, a.row, b.col, b.row, tcod_listener);
}
#endif

/* ---- Baseline 3: the edge-bitmap walk ---------------------------------------------------------
 * Centres in half units: P = 2 c + 1; grid lines at even coordinates. From cell (cx, cy) the
 * segment next crosses the vertical line X = 2 (cx + (sx > 0)) after nx = |X - ax| half units
 * of x and the horizontal line Y likewise after ny; it crosses the vertical one first when
 * nx * |dy| < ny * |dx|, both at a lattice corner when equal. A crossing hits a wall when the
 * edge crossed (or, at a corner, the corner) carries one. Walls off the edges are tested exactly
 * in each cell walked. The blocked cells are Nat20's Bresenham walk, as in baseline 1. */
static inline bool diag_hit(const world *W, int cx, int cy, gg_hpoint pa, gg_hpoint pb)
{
    size_t c = (size_t)cy * (size_t)W->side + (size_t)cx;
    for (uint32_t i = W->dstart[c]; i < W->dstart[c + 1]; ++i) {
        uint32_t w = W->ditems[i];
        if (gg_segments_intersect(pa, pb, W->wall[w][0], W->wall[w][1]))
            return true;
    }
    return false;
}

static bool edge_los(const world *W, gg_cell a, gg_cell b)
{
    if (!bres_los(W->blocked, W->side, a, b))
        return false;
    const gg_hpoint pa = {2 * a.col + 1, 2 * a.row + 1}, pb = {2 * b.col + 1, 2 * b.row + 1};
    const int64_t adx = pb.x > pa.x ? pb.x - pa.x : pa.x - pb.x;
    const int64_t ady = pb.y > pa.y ? pb.y - pa.y : pa.y - pb.y;
    const int sx = pb.x > pa.x ? 1 : -1, sy = pb.y > pa.y ? 1 : -1;
    const size_t st = (size_t)W->stride;
    int cx = a.col, cy = a.row;
    int64_t nx = 1, ny = 1; /* half units from the centre to the cell's side */
    if (diag_hit(W, cx, cy, pa, pb))
        return false;
    while (cx != b.col || cy != b.row) {
        const int64_t tx = adx == 0 ? 1 : nx * ady, ty = ady == 0 ? 1 : ny * adx;
        const bool vx = ady == 0 || (adx != 0 && tx <= ty), vy = adx == 0 || (ady != 0 && ty <= tx);
        const int X = cx + (sx > 0), Y = cy + (sy > 0);
        if (vx && vy) { /* through the lattice corner (X, Y) */
            if (bit_get(W->corner, (size_t)Y * st + (size_t)X))
                return false;
            cx += sx, cy += sy, nx += 2, ny += 2;
        } else if (vx) { /* through the vertical edge at X, row cy */
            if (bit_get(W->vedge, (size_t)cy * st + (size_t)X))
                return false;
            cx += sx, nx += 2;
        } else {
            if (bit_get(W->hedge, (size_t)Y * st + (size_t)cx))
                return false;
            cy += sy, ny += 2;
        }
        if (diag_hit(W, cx, cy, pa, pb))
            return false;
    }
    return true;
}

/* ---- Baseline 4: Nat20's has_line_of_sight testing every wall -------------------------------- */

static bool every_wall_los(const world *W, gg_cell a, gg_cell b)
{
    if (!bres_los(W->blocked, W->side, a, b))
        return false;
    gg_hpoint pa = gg_cell_centre(a), pb = gg_cell_centre(b);
    for (int w = 0; w < W->nwalls; ++w)
        if (gg_segments_intersect(pa, pb, W->wall[w][0], W->wall[w][1]))
            return false;
    return true;
}

/* ---- Runs: one out-of-line function per side and case, for callgrind ------------------------- */

typedef struct run {
    const world *W;
    const pair *p;
    int n;
    long sink;
} run;

#define RUN(name, expr)                                                                            \
    __attribute__((noinline)) void name(void *ctx);                                                \
    void name(void *ctx)                                                                           \
    {                                                                                              \
        run *R = ctx;                                                                              \
        const world *W = R->W;                                                                     \
        long v = 0;                                                                                \
        for (int i = 0; i < R->n; ++i) {                                                           \
            const gg_cell a = R->p[i].a, b = R->p[i].b;                                            \
            v += (expr);                                                                           \
        }                                                                                          \
        R->sink += v;                                                                              \
    }

RUN(run_lib_cells, lib_los(W, a, b))
RUN(run_base_cells, bres_los(W->blocked, W->side, a, b))
RUN(run_lib_local, lib_los(W, a, b))
RUN(run_base_local, edge_los(W, a, b))
RUN(run_lib_wide, lib_los(W, a, b))
RUN(run_base_wide, edge_los(W, a, b))
/* Against testing every wall: the library's side again under the names the gate pairs with the
 * baseline's (run_lib_<case> / run_base_<case>; a run_* function never calls another). */
RUN(run_lib_local_every, lib_los(W, a, b))
RUN(run_base_local_every, every_wall_los(W, a, b))
RUN(run_lib_wide_every, lib_los(W, a, b))
RUN(run_base_wide_every, every_wall_los(W, a, b))
RUN(run_lib_growth, lib_los(W, a, b))
#ifdef GG_HAVE_LIBTCOD
RUN(run_tcod_cells, ((void)W, tcod_los(a, b)))
#endif

typedef bool (*los_fn)(const world *W, gg_cell a, gg_cell b);
static bool bres_fn(const world *W, gg_cell a, gg_cell b)
{
    return bres_los(W->blocked, W->side, a, b);
}
#ifdef GG_HAVE_LIBTCOD
static bool tcod_fn(const world *W, gg_cell a, gg_cell b)
{
    (void)W;
    return tcod_los(a, b);
}
#endif

/* Asserts that `base` answers every pair as the library does; returns the visible count. */
static long agree(const char *what, const world *W, const pair *p, int n, los_fn base)
{
    long vis = 0;
    for (int i = 0; i < n; ++i) {
        bool l = lib_los(W, p[i].a, p[i].b), s = base(W, p[i].a, p[i].b);
        if (l != s) {
            fprintf(stderr,
                    "bench_los: MISMATCH (%s) on pair %d (%d,%d)->(%d,%d): library %d, baseline "
                    "%d\n",
                    what, i, p[i].a.col, p[i].a.row, p[i].b.col, p[i].b.row, l, s);
            abort();
        }
        vis += l;
    }
    printf("bench_los: %-46s agree on all %d pairs (%.1f%% visible)\n", what, n,
           100.0 * (double)vis / n);
    return vis;
}

static bool timed(const char *name, void (*lib)(void *), void (*base)(void *), run *R,
                  double target)
{
    double tl, tb;
    bench_time_pair(lib, R, base, R, 0.4, 7, &tl, &tb);
    return bench_report_ratio(name, tl / R->n, tb / R->n, target);
}

/* The same timing, printed for information: the target is judged on instruction counts. */
static void info_timed(const char *name, void (*lib)(void *), void (*base)(void *), run *R)
{
    double tl, tb;
    bench_time_pair(lib, R, base, R, 0.4, 7, &tl, &tb);
    printf("%-58s ours %10.3f us  base %10.3f us  ratio %7.2fx (time, information)\n", name,
           tl / R->n * 1e6, tb / R->n * 1e6, tb / tl);
}

int main(int argc, char **argv)
{
    bool once = getenv("GG_BENCH_ONCE") != NULL, gate = false, growth_only = false;
    for (int i = 1; i < argc; ++i) {
        if (strcmp(argv[i], "--once") == 0) {
            once = true;
        } else if (strcmp(argv[i], "--gate") == 0) {
            gate = true;
        } else if (strcmp(argv[i], "--growth") == 0) {
            growth_only = true;
        } else {
            fprintf(stderr, "usage: %s [--once | --gate | --growth]\n", argv[0]);
            return 2;
        }
    }
    /* The gate's workload is small and fixed: 256^2 for the cells too, fewer pairs. */
    const int cells_side = gate ? 256 : 1024;
    const int npairs = gate ? 5000 : 100000, nwide = gate ? 1000 : 20000;
    bench_rng r;
    bench_rng_seed(&r, 20240601u);
    bool pass = true;

    if (growth_only)
        goto growth; /* --growth: only the growth rows */

    /* 1. blocked cells only */
    world *C = world_make(cells_side, 100, 0, 0, &r);
    pair *pc = make_pairs(npairs, cells_side, MAXDIST, &r);
    run rc = {C, pc, npairs, 0};
    agree("cells: library vs plain Bresenham", C, pc, npairs, bres_fn);
#ifdef GG_HAVE_LIBTCOD
    tcod_map = C->blocked;
    tcod_side = C->side;
    {
        /* TCOD_line walks its own Bresenham (ties resolved differently from Nat20's), so it
         * answers a slightly different question; it cannot be asserted equal. The pairs where
         * the answers differ are counted and printed; it is timed over all pairs. */
        int differ = 0;
        for (int i = 0; i < npairs; ++i)
            differ += lib_los(C, pc[i].a, pc[i].b) != tcod_fn(C, pc[i].a, pc[i].b);
        printf("bench_los: cells: TCOD_line walks its own line: answers differ from Nat20's on "
               "%d of %d pairs (%.1f%%)\n",
               differ, npairs, 100.0 * differ / npairs);
    }
#endif

    /* 2. walls */
    world *Wl = world_make(256, 0, 300, 2000, &r);
    pair *pl = make_pairs(npairs, 256, MAXDIST, &r);
    pair *pw = make_pairs(nwide, 256, 0, &r);
    run rl = {Wl, pl, npairs, 0}, rw = {Wl, pw, nwide, 0};
    run rl_every = rl;
    agree("walls local: library vs edge-bitmap walk", Wl, pl, npairs, edge_los);
    agree("walls map-wide: library vs edge-bitmap walk", Wl, pw, nwide, edge_los);
    /* Testing every wall is slow: the local comparison uses a fifth of the pairs. */
    rl_every.n = npairs / 5;
    agree("walls local: library vs every wall", Wl, pl, rl_every.n, every_wall_los);
    agree("walls map-wide: library vs every wall", Wl, pw, nwide, every_wall_los);

    if (gate || once) {
        run_lib_cells(&rc);
        run_base_cells(&rc);
#ifdef GG_HAVE_LIBTCOD
        run_tcod_cells(&rc);
#endif
        run_lib_local(&rl);
        run_base_local(&rl);
        run_lib_wide(&rw);
        run_base_wide(&rw);
        run_lib_local_every(&rl_every);
        run_base_local_every(&rl_every);
        run_lib_wide_every(&rw);
        run_base_wide_every(&rw);
        printf("bench_los: ran each side once (run_lib_cells/run_base_cells/run_tcod_cells, "
               "run_lib_local/run_base_local, run_lib_wide/run_base_wide, "
               "run_lib_local_every/run_base_local_every, run_lib_wide_every/"
               "run_base_wide_every)\n");
    } else {
        char name[128];
        snprintf(name, sizeof name, "cells %dx%d vs plain Bresenham (<= 1.0x)", cells_side,
                 cells_side);
        pass &= timed(name, run_lib_cells, run_base_cells, &rc, 1.0);
#ifdef GG_HAVE_LIBTCOD
        snprintf(name, sizeof name, "cells %dx%d vs TCOD_line listener (>= 2x)", cells_side,
                 cells_side);
        pass &= timed(name, run_lib_cells, run_tcod_cells, &rc, 2.0);
#endif
        pass &= timed("2,000 walls local vs edge-bitmap walk (<= 1.3x)", run_lib_local,
                      run_base_local, &rl, 1.0 / 1.3);
        pass &= timed("2,000 walls map-wide vs edge-bitmap walk (<= 1.3x)", run_lib_wide,
                      run_base_wide, &rw, 1.0 / 1.3);
        /* >= 25x testing every wall, judged like the bullet's other half (<= 1.3x the
         * edge-bitmap walk's instructions) in instructions, by the callgrind gate (cases
         * local_every and wide_every, bench/README.md). The times are printed beside it: the
         * every-wall loop is one short, predictable test per wall and runs at about twice the
         * instructions per cycle of the walk, so the time ratio is lower (about 15x map-wide,
         * where most segments stop within a few dozen cells). */
        info_timed("2,000 walls local vs every wall (>= 25x in Ir: the gate)", run_lib_local_every,
                   run_base_local_every, &rl_every);
        info_timed("2,000 walls map-wide vs every wall (>= 25x in Ir: the gate)",
                   run_lib_wide_every, run_base_wide_every, &rw);
    }
    free(pc);
    world_free(C);
    free(pl);
    free(pw);
    world_free(Wl);

growth:
    /* 3. growth: the same relative pairs on three sizes, each larger map timed against 256^2
     * call for call (bench_time_pair: both under the same machine load) */
    if (!gate) {
        static const int sides[3] = {256, 1024, 4096};
        const int ng = once ? 20000 : 100000;
        world *G[3];
        pair *pg[3];
        run rg[3];
        for (int k = 0; k < 3; ++k) {
            bench_rng g;
            bench_rng_seed(&g, 777u);
            G[k] = world_make(sides[k], 100, 0, 0, &g);
            pg[k] = make_pairs(ng, sides[k], MAXDIST, &g);
            agree(k == 0   ? "growth 256^2: library vs Bresenham"
                  : k == 1 ? "growth 1024^2: library vs Bresenham"
                           : "growth 4096^2: library vs Bresenham",
                  G[k], pg[k], ng, bres_fn);
            rg[k] = (run){G[k], pg[k], ng, 0};
            if (once)
                run_lib_growth(&rg[k]);
        }
        for (int k = 1; k < 3 && !once; ++k) {
            double small, big;
            bench_time_pair(run_lib_growth, &rg[0], run_lib_growth, &rg[k], 0.4, 7, &small, &big);
            printf(
                "los per query, blocked cells, <= 24 apart: 256x256 %8.3f us, %4dx%-4d %8.3f us\n",
                small / ng * 1e6, sides[k], sides[k], big / ng * 1e6);
            if (k == 2) {
                const double g = big / small;
                const bool ok = g <= 2.0;
                printf("%-58s ratio 4096^2/256^2 %.2f (target <= 2.00) %s\n",
                       "los growth, same walk length", g, ok ? "PASS" : "FAIL");
                pass &= ok;
            }
        }
        for (int k = 0; k < 3; ++k) {
            free(pg[k]);
            world_free(G[k]);
        }
    }
    return gate || once ? 0 : (pass ? 0 : 1);
}
