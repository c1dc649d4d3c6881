/* bench_cover.c - the cost of a corners_2d cover query (gg_scene_cover, DMG corner rule) on a
 * 256x256 scene with 2,000 walls and 300 blocked cells, for pairs at most 24 cells apart. The
 * query finds walls through the scene's wall index; in a static build the same queries also
 * run on the reference path that tests every wall, the answers are asserted equal, and the
 * ratio is printed (issue 7: the query must use the index, not every wall).
 *
 * Against a competent baseline (issue 15): Nat20's cover_between (gg_scene_cover_between, the
 * tagged mode a combat loop calls per attack) on the same scene, 10% of cells tagged half or
 * three-quarters cover and 8 occupied cells, for 100,000 pairs at most 24 apart, against the same
 * rule in plain C: Nat20's Bresenham walk over a byte per cell (4 = blocked, else the tag) and
 * the occupied list; full-height walls give no cover degree in this mode (and the scene has no
 * low walls), so the walk is the whole job. Asserted to agree on every pair; target: at most
 * 1.0x the plain walk's instructions (judged by bench/callgrind_gate.py; the time ratio printed
 * here is judged the same way). The corners_2d line below is still compared only with the
 * library's own every-wall scan (a competent corner-rule baseline is not written yet).
 *
 * Usage: bench_cover            time (best of several rounds), print microseconds per query
 *        bench_cover --once     check, then run each side once (for callgrind)
 *        bench_cover --gate     the tagged comparison only, 10,000 pairs, each side once */
#include "bench_util.h"

#include <gridgeom/topology.h>

#include <stdlib.h>
#include <string.h>

#if !defined(GG_SHARED)
#include "topology/cover/cover_internal.h"
#define HAVE_LINEAR 1
#endif

#define SIDE 256
#define NWALLS 2000
#define NBLOCKED 300
#define NPAIRS 4000
#define MAXDIST 24

typedef struct bench {
    gg_scene *scene;
    gg_body a[NPAIRS], b[NPAIRS];
    gg_cover_def def;
    bool linear;
    long sink;
} bench;

static void die(const char *what, gg_status st)
{
    fprintf(stderr, "bench_cover: %s failed: %s\n", what, gg_status_name(st));
    exit(2);
}

static gg_status query(const bench *B, int k, gg_cover_result *r)
{
#if HAVE_LINEAR
    return gg__scene_cover_impl(B->scene, &B->a[k], &B->b[k], NULL, 0, &B->def, r, NULL, 0, NULL,
                                B->linear);
#else
    return gg_scene_cover(B->scene, &B->a[k], &B->b[k], NULL, 0, &B->def, r, NULL, 0, NULL);
#endif
}

static void run(void *ctx)
{
    bench *B = (bench *)ctx;
    for (int k = 0; k < NPAIRS; ++k) {
        gg_cover_result r;
        if (gg_failed(query(B, k, &r)))
            die("gg_scene_cover", GG_E_INTERNAL);
        B->sink += (long)r.degree + r.n_half;
    }
}

static void build(bench *B, bench_rng *r)
{
    gg_scene_def d = gg_scene_def_default();
    d.width = SIDE;
    d.height = SIDE;
    gg_status st = gg_scene_create(&d, &B->scene);
    if (st != GG_OK)
        die("gg_scene_create", st);
    static gg_wall_def defs[NWALLS];
    for (int w = 0; w < NWALLS; ++w) {
        /* short axis-aligned and diagonal walls, like room outlines and rubble */
        int x1 = (int)bench_rng_below(r, SIDE + 1), y1 = (int)bench_rng_below(r, SIDE + 1);
        int len = 1 + (int)bench_rng_below(r, 6);
        int sx = bench_rng_below(r, 2) ? 1 : -1, sy = bench_rng_below(r, 2) ? 1 : -1;
        uint32_t kind = bench_rng_below(r, 3);
        defs[w] = gg_wall_def_default();
        defs[w].x1 = x1;
        defs[w].y1 = y1;
        defs[w].x2 = x1 + (kind != 1 ? sx * len : 0);
        defs[w].y2 = y1 + (kind != 0 ? sy * len : 0);
    }
    st = gg_scene_add_walls(B->scene, defs, NWALLS, NULL);
    if (st != GG_OK)
        die("gg_scene_add_walls", st);
    for (int k = 0; k < NBLOCKED; ++k) {
        gg_cell c = gg_cell_make((int32_t)bench_rng_below(r, SIDE),
                                 (int32_t)bench_rng_below(r, SIDE));
        if (gg_scene_set_blocked(B->scene, c, true) != GG_OK)
            die("gg_scene_set_blocked", GG_E_INTERNAL);
    }
    for (int k = 0; k < NPAIRS; ++k) {
        gg_cell a, b;
        do {
            a = gg_cell_make((int32_t)bench_rng_below(r, SIDE), (int32_t)bench_rng_below(r, SIDE));
            b = gg_cell_make(a.col - MAXDIST + (int32_t)bench_rng_below(r, 2 * MAXDIST + 1),
                             a.row - MAXDIST + (int32_t)bench_rng_below(r, 2 * MAXDIST + 1));
        } while (b.col < 0 || b.row < 0 || b.col >= SIDE || b.row >= SIDE || gg_cell_eq(a, b));
        B->a[k] = gg_body_make(a);
        B->b[k] = gg_body_make(b);
    }
    B->def = gg_cover_def_default();
    B->def.mode = GG_COVER_MODE_CORNERS_2D;
}

/* ---- Tagged cover (Nat20's cover_between) against a plain Bresenham walk ----------------------- */

#define TPAIRS 100000
#define NOCC 8

typedef struct tagged {
    const gg_scene *scene;
    uint8_t cell[SIDE * SIDE]; /* 4 = blocked, else the cover tag (gg_cover) */
    gg_cell occ[NOCC];
    gg_cell a[TPAIRS], b[TPAIRS];
    int n;
    long sink;
} tagged;

static bool occupied(const tagged *T, gg_cell c)
{
    for (int i = 0; i < NOCC; ++i)
        if (gg_cell_eq(T->occ[i], c))
            return true;
    return false;
}

/* Nat20's cover_between: the Bresenham walk from a (skipped) to b, the same walk as
 * gg_line_next; blocked cells other than b are total cover, tags count (b's own too), an
 * occupied cell other than b gives at least half. */
static int plain_cover(const tagged *T, gg_cell a, gg_cell b)
{
    int x = a.col, y = a.row, best = GG_COVER_NONE;
    const int x1 = b.col, y1 = b.row;
    const int sx = x < x1 ? 1 : -1, sy = y < y1 ? 1 : -1;
    const int dx = x1 > x ? x1 - x : x - x1, dy = -(y1 > y ? y1 - y : y - y1);
    int err = dx + dy;
    while (x != x1 || y != y1) {
        const int e2 = 2 * err;
        if (e2 >= dy) {
            err += dy;
            x += sx;
        }
        if (e2 <= dx) {
            err += dx;
            y += sy;
        }
        const bool target = x == x1 && y == y1;
        int here = T->cell[y * SIDE + x];
        if (here == 4) {
            if (!target)
                return GG_COVER_TOTAL;
            here = GG_COVER_NONE; /* a blocked target counts its tag; none is tagged here */
        }
        if (!target && here < GG_COVER_HALF && occupied(T, gg_cell_make(x, y)))
            here = GG_COVER_HALF;
        if (here > best)
            best = here;
    }
    return best;
}

static int lib_cover(const tagged *T, gg_cell a, gg_cell b)
{
    gg_cover c = GG_COVER_NONE;
    gg_status st = gg_scene_cover_between(T->scene, a, b, T->occ, NOCC, &c);
    if (st != GG_OK)
        die("gg_scene_cover_between", st);
    return (int)c;
}

__attribute__((noinline)) void run_lib_tagged(void *ctx);
__attribute__((noinline)) void run_base_tagged(void *ctx);
void run_lib_tagged(void *ctx)
{
    tagged *T = ctx;
    long v = 0;
    for (int i = 0; i < T->n; ++i)
        v += lib_cover(T, T->a[i], T->b[i]);
    T->sink += v;
}
void run_base_tagged(void *ctx)
{
    tagged *T = ctx;
    long v = 0;
    for (int i = 0; i < T->n; ++i)
        v += plain_cover(T, T->a[i], T->b[i]);
    T->sink += v;
}

/* Tags 10% of the open cells and places the creatures (on the scene of B), then checks and
 * times. The tags change the scene, so this runs after the corners_2d part. */
static bool bench_tagged(bench *B, bench_rng *r, bool gate)
{
    static tagged T;
    T.scene = B->scene;
    T.n = gate ? 10000 : TPAIRS;
    for (int row = 0; row < SIDE; ++row)
        for (int col = 0; col < SIDE; ++col) {
            gg_cell c = gg_cell_make(col, row);
            gg_cover on = GG_COVER_NONE;
            if (gg_scene_cover_on_cell(B->scene, c, &on) != GG_OK)
                die("gg_scene_cover_on_cell", GG_E_INTERNAL);
            if (on == GG_COVER_TOTAL) {
                T.cell[row * SIDE + col] = 4;
                continue;
            }
            uint32_t roll = bench_rng_below(r, 100);
            gg_cover tag = roll < 6    ? GG_COVER_HALF
                           : roll < 10 ? GG_COVER_THREE_QUARTERS
                                       : GG_COVER_NONE;
            if (tag != GG_COVER_NONE && gg_scene_set_cover(B->scene, c, tag) != GG_OK)
                die("gg_scene_set_cover", GG_E_INTERNAL);
            T.cell[row * SIDE + col] = (uint8_t)tag;
        }
    for (int i = 0; i < NOCC; ++i)
        T.occ[i] = gg_cell_make((int32_t)bench_rng_below(r, SIDE),
                                (int32_t)bench_rng_below(r, SIDE));
    int hist[4] = {0, 0, 0, 0};
    for (int i = 0; i < T.n; ++i) {
        gg_cell a, b;
        do {
            a = gg_cell_make((int32_t)bench_rng_below(r, SIDE), (int32_t)bench_rng_below(r, SIDE));
            b = gg_cell_make(a.col - MAXDIST + (int32_t)bench_rng_below(r, 2 * MAXDIST + 1),
                             a.row - MAXDIST + (int32_t)bench_rng_below(r, 2 * MAXDIST + 1));
        } while (b.col < 0 || b.row < 0 || b.col >= SIDE || b.row >= SIDE);
        T.a[i] = a;
        T.b[i] = b;
        int l = lib_cover(&T, a, b), p = plain_cover(&T, a, b);
        if (l != p) {
            fprintf(stderr,
                    "bench_cover: MISMATCH tagged cover on pair %d (%d,%d)->(%d,%d): library %d, "
                    "plain walk %d\n",
                    i, a.col, a.row, b.col, b.row, l, p);
            abort();
        }
        hist[l]++;
    }
    printf("bench_cover: tagged cover (Nat20 cover_between), %d pairs: library and plain walk "
           "agree (none %d, half %d, three-quarters %d, total %d)\n",
           T.n, hist[0], hist[1], hist[2], hist[3]);
    if (gate) {
        run_lib_tagged(&T);
        run_base_tagged(&T);
        return true;
    }
    double tl, tb;
    bench_time_pair(run_lib_tagged, &T, run_base_tagged, &T, 0.3, 7, &tl, &tb);
    return bench_report_ratio("tagged cover vs plain Bresenham walk (<= 1.0x)", tl / T.n, tb / T.n,
                              1.0);
}

int main(int argc, char **argv)
{
    bool once = (argc > 1 && strcmp(argv[1], "--once") == 0) || getenv("GG_BENCH_ONCE") != NULL;
    bool gate = argc > 1 && strcmp(argv[1], "--gate") == 0;
    static bench B;
    bench_rng r;
    bench_rng_seed(&r, 20240607u);
    build(&B, &r);
    if (gate) {
        bench_tagged(&B, &r, true);
        gg_scene_destroy(B.scene);
        return 0;
    }
    printf("bench_cover: %d x %d scene, %d walls, %d blocked cells, %d corners_2d queries "
           "(Chebyshev <= %d)\n",
           SIDE, SIDE, NWALLS, NBLOCKED, NPAIRS, MAXDIST);
    int hist[4] = {0, 0, 0, 0};
    for (int k = 0; k < NPAIRS; ++k) {
        gg_cover_result x;
        B.linear = false;
        gg_status st = query(&B, k, &x);
        if (st != GG_OK)
            die("gg_scene_cover", st);
        hist[x.degree]++;
#if HAVE_LINEAR
        gg_cover_result y;
        B.linear = true;
        if (query(&B, k, &y) != GG_OK)
            die("linear", GG_E_INTERNAL);
        if (x.degree != y.degree || x.n_half != y.n_half || x.n_total != y.n_total ||
            x.source_corner != y.source_corner) {
            fprintf(stderr, "bench_cover: index and linear scan disagree on pair %d\n", k);
            return 1;
        }
#endif
    }
    printf("degrees: none %d, half %d, three-quarters %d, total %d\n", hist[0], hist[1], hist[2],
           hist[3]);
    B.linear = false;
    if (once) {
        run(&B);
#if HAVE_LINEAR
        B.linear = true;
        run(&B);
#endif
        bench_tagged(&B, &r, true);
        gg_scene_destroy(B.scene);
        return 0;
    }
    double ours = bench_time(run, &B, 0.5, 5) / NPAIRS;
    printf("corners_2d query, wall index: %.2f us\n", ours * 1e6);
#if HAVE_LINEAR
    B.linear = true;
    double base = bench_time(run, &B, 0.5, 3) / NPAIRS;
    printf("corners_2d query, every wall: %.2f us\n", base * 1e6);
    (void)bench_report_ratio("cover_corners2d_index_vs_scan", ours, base, 5.0);
#endif
    bool pass = bench_tagged(&B, &r, false);
    gg_scene_destroy(B.scene);
    return pass ? 0 : 1;
}
