/* bench_reach.c - gg_scene_reachable within 30 ft must take the same time (within +-20%) on a
 * 64x64 and a 1024x1024 scene: a query does work proportional to the cells it reaches, never to
 * the map (issue 2).
 *
 * The small scene is one random 64x64 tile (10% blocked, 5% difficult, room-like walls); the big
 * scene is that tile repeated 16 x 16 times. Every query on the small scene, from a start at
 * least 8 cells inside the tile, is repeated on the big scene from the same start in a random
 * tile, so both sides do identical work and the big side's starts are spread over the whole map
 * (its scene and scratch do not fit in cache). The two answers are asserted identical, cell for
 * cell (shifted by the tile offset), before anything is timed.
 *
 * Usage: bench_reach          time both sides (best of several rounds), print the ratio
 *        bench_reach --once   check, then run each side over its starts a fixed number of times
 *                             (GG_BENCH_ONCE=1 does the same); for
 *                             valgrind --tool=callgrind --toggle-collect=run_small / run_big */
#include "bench_util.h"

#include <gridgeom/topology.h>

#include <stdlib.h>
#include <string.h>

#define TILE 64
#define REPEAT 16
#define BIG (TILE * REPEAT)
#define TILE_WALLS 120
#define NSTARTS 4096
#define MARGIN 8
#define BUDGET_FT 30
#define CAP 256 /* 13 x 13 = 169 cells at most within 6 steps */
#define ONCE_REPS 10

typedef struct side {
    gg_scene *scene;
    gg_scratch *scratch;
    gg_cell starts[NSTARTS];
    gg_reach out[CAP];
    long reached; /* sink */
} side;

typedef struct bench {
    side small, big;
    gg_cell spread[NSTARTS]; /* big-scene starts spread over all 256 tiles */
    gg_cell local[NSTARTS];  /* the same starts, all in one tile of the big scene */
} bench;

static void die(const char *what, gg_status st)
{
    fprintf(stderr, "bench_reach: %s failed: %s\n", what, gg_status_name(st));
    exit(2);
}

static int32_t reach(side *s, gg_cell start)
{
    int32_t n = 0;
    gg_status st = gg_scene_reachable(s->scene, s->scratch, start, BUDGET_FT, NULL, 0, s->out, CAP,
                                      &n);
    if (st != GG_OK)
        die("gg_scene_reachable", st);
    return n;
}

static void run_side(side *s)
{
    long total = 0;
    for (int i = 0; i < NSTARTS; ++i)
        total += reach(s, s->starts[i]);
    s->reached += total;
}

/* Kept out of line so that callgrind's --toggle-collect can name them. */
__attribute__((noinline)) void run_small(void *ctx);
__attribute__((noinline)) void run_big(void *ctx);
void run_small(void *ctx) { run_side(&((bench *)ctx)->small); }
void run_big(void *ctx) { run_side(&((bench *)ctx)->big); }

/* ---- Scenes ------------------------------------------------------------------------------ */

static void make_scene(side *s, int n, const uint8_t *blocked, const uint8_t *difficult,
                       const gg_wall_def *walls, int nwalls)
{
    gg_scene_def def = gg_scene_def_default();
    def.width = n;
    def.height = n;
    gg_status st = gg_scene_create(&def, &s->scene);
    if (st != GG_OK)
        die("gg_scene_create", st);
    int reps = n / TILE;
    for (int r = 0; r < n; ++r) {
        for (int c = 0; c < n; ++c) {
            int t = (r % TILE) * TILE + (c % TILE);
            if (blocked[t] && (st = gg_scene_set_blocked(s->scene, gg_cell_make(c, r), true)))
                die("gg_scene_set_blocked", st);
            if (difficult[t] && (st = gg_scene_set_difficult(s->scene, gg_cell_make(c, r), true)))
                die("gg_scene_set_difficult", st);
        }
    }
    gg_wall_def *all = malloc(sizeof *all * (size_t)nwalls * (size_t)(reps * reps));
    if (all == NULL)
        exit(2);
    int k = 0;
    for (int ty = 0; ty < reps; ++ty) {
        for (int tx = 0; tx < reps; ++tx) {
            for (int w = 0; w < nwalls; ++w) {
                all[k] = walls[w];
                all[k].x1 += tx * TILE;
                all[k].x2 += tx * TILE;
                all[k].y1 += ty * TILE;
                all[k].y2 += ty * TILE;
                ++k;
            }
        }
    }
    st = gg_scene_add_walls(s->scene, all, k, NULL);
    if (st != GG_OK)
        die("gg_scene_add_walls", st);
    free(all);
    st = gg_scratch_create(s->scene, NULL, &s->scratch);
    if (st != GG_OK)
        die("gg_scratch_create", st);
}

static int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

static void build(bench *B, bench_rng *r)
{
    static uint8_t blocked[TILE * TILE], difficult[TILE * TILE];
    bench_map_random(blocked, TILE, TILE, 10, r);
    bench_map_random(difficult, TILE, TILE, 5, r);
    static gg_wall_def walls[TILE_WALLS];
    for (int w = 0; w < TILE_WALLS; ++w) {
        /* Room-like pieces of length 1-4 on integer corners, some diagonal, inside the tile. */
        int x1 = (int)bench_rng_below(r, TILE + 1), y1 = (int)bench_rng_below(r, TILE + 1);
        int len = 1 + (int)bench_rng_below(r, 4), sgn = bench_rng_below(r, 2) ? 1 : -1;
        uint32_t kind = bench_rng_below(r, 10);
        int x2 = x1 + (kind < 5 || kind >= 8 ? sgn * len : 0);
        int y2 = y1 + (kind >= 5 ? (kind >= 8 ? -sgn : sgn) * len : 0);
        walls[w] = gg_wall_def_default();
        walls[w].x1 = x1;
        walls[w].y1 = y1;
        walls[w].x2 = clampi(x2, 0, TILE);
        walls[w].y2 = clampi(y2, 0, TILE);
    }
    make_scene(&B->small, TILE, blocked, difficult, walls, TILE_WALLS);
    make_scene(&B->big, BIG, blocked, difficult, walls, TILE_WALLS);

    for (int i = 0; i < NSTARTS; ++i) {
        gg_cell c;
        do {
            c = gg_cell_make(MARGIN + (int32_t)bench_rng_below(r, TILE - 2 * MARGIN),
                             MARGIN + (int32_t)bench_rng_below(r, TILE - 2 * MARGIN));
        } while (blocked[c.row * TILE + c.col]);
        B->small.starts[i] = c;
        B->spread[i] = gg_cell_make(c.col + TILE * (int32_t)bench_rng_below(r, REPEAT),
                                    c.row + TILE * (int32_t)bench_rng_below(r, REPEAT));
        B->local[i] = gg_cell_make(c.col + TILE * (REPEAT / 2), c.row + TILE * (REPEAT / 2 - 1));
    }
    memcpy(B->big.starts, B->spread, sizeof B->spread);
}

static void check(bench *B, bool verbose)
{
    long total = 0;
    int most = 0;
    for (int i = 0; i < NSTARTS; ++i) {
        gg_cell s0 = B->small.starts[i], s1 = B->big.starts[i];
        int32_t n0 = reach(&B->small, s0), n1 = reach(&B->big, s1);
        int32_t dc = s1.col - s0.col, dr = s1.row - s0.row;
        bool ok = n0 == n1 && n0 >= 1 && gg_cell_eq(B->small.out[0].cell, s0) &&
                  B->small.out[0].cost_ft == 0;
        for (int32_t k = 0; ok && k < n0; ++k) {
            const gg_reach *a = &B->small.out[k], *b = &B->big.out[k];
            ok = a->cost_ft >= 0 && a->cost_ft <= BUDGET_FT && a->cost_ft == b->cost_ft &&
                 gg_chebyshev(a->cell, s0) * 5 <= a->cost_ft && a->cell.col + dc == b->cell.col &&
                 a->cell.row + dr == b->cell.row && a->prev.col + dc == b->prev.col &&
                 a->prev.row + dr == b->prev.row;
        }
        if (!ok) {
            fprintf(stderr,
                    "bench_reach: MISMATCH for start %d: small (%d,%d) gives %d cells, big "
                    "(%d,%d) gives %d cells (or an answer is not sane)\n",
                    i, s0.col, s0.row, n0, s1.col, s1.row, n1);
            abort();
        }
        total += n0;
        if (n0 > most)
            most = n0;
    }
    if (!verbose)
        return;
    printf("bench_reach: tile %dx%d (10%% blocked, 5%% difficult, %d walls); big scene = %dx%d "
           "tiles = %dx%d\n",
           TILE, TILE, TILE_WALLS, REPEAT, REPEAT, BIG, BIG);
    printf("bench_reach: %d starts, budget %d ft: both scenes give identical answers "
           "(%.1f cells per query on average, at most %d)\n",
           NSTARTS, BUDGET_FT, (double)total / NSTARTS, most);
}

/* Times the small scene against the big one with the big-scene starts now in B->big.starts.
 * The sides alternate round by round so that machine noise hits both alike. */
static bool compare(bench *B, const char *what, bool judged)
{
    double t_small = 1e300, t_big = 1e300;
    for (int round = 0; round < 7; ++round) {
        double ts = bench_time(run_small, B, 0.15, 1) / NSTARTS;
        double tb = bench_time(run_big, B, 0.15, 1) / NSTARTS;
        if (ts < t_small)
            t_small = ts;
        if (tb < t_big)
            t_big = tb;
    }
    double ratio = t_big / t_small;
    bool pass = ratio >= 0.8 && ratio <= 1.2;
    printf("reachable within %d ft, per query, %s:\n    %dx%d %8.3f us   %dx%d %8.3f us   "
           "ratio big/small %.3f (target 0.80..1.20) %s\n",
           BUDGET_FT, what, TILE, TILE, t_small * 1e6, BIG, BIG, t_big * 1e6, ratio,
           judged ? (pass ? "PASS" : "FAIL") : (pass ? "(would pass)" : "(would fail)"));
    return pass;
}

int main(int argc, char **argv)
{
    bool once = getenv("GG_BENCH_ONCE") != NULL;
    for (int i = 1; i < argc; ++i) {
        if (strcmp(argv[i], "--once") == 0) {
            once = true;
        } else {
            fprintf(stderr, "usage: %s [--once]\n", argv[0]);
            return 2;
        }
    }

    bench *B = calloc(1, sizeof *B);
    if (B == NULL)
        return 2;
    bench_rng r;
    bench_rng_seed(&r, 20240602u);
    build(B, &r);
    check(B, true);

    int rc = 0;
    if (once) {
        for (int k = 0; k < ONCE_REPS; ++k)
            run_small(B);
        for (int k = 0; k < ONCE_REPS; ++k)
            run_big(B);
        printf("bench_reach: --once ran each side %d x %d queries, big-scene starts spread "
               "(compare Ir of run_small and run_big)\n",
               ONCE_REPS, NSTARTS);
    } else {
        bool pass = compare(B, "starts spread over the whole map", true);
        memcpy(B->big.starts, B->local, sizeof B->local);
        check(B, false);
        compare(B, "all starts in one 64x64 tile (info only)", false);
        rc = pass ? 0 : 1;
    }
    gg_scratch_destroy(B->small.scratch);
    gg_scratch_destroy(B->big.scratch);
    gg_scene_destroy(B->small.scene);
    gg_scene_destroy(B->big.scene);
    free(B);
    return rc;
}
