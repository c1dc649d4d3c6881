/* bench_los.c - gg_scene_has_line_of_sight against Nat20's has_line_of_sight written out in plain
 * C (every wall tested for every pair), on a 256x256 scene with 2,000 walls and 100k pairs at
 * most 24 cells apart (issue 2: target >= 25x). Both sides are asserted to agree on every pair
 * before anything is timed.
 *
 * Usage: bench_los            time both sides (best of several rounds), print the ratio
 *        bench_los --once     check, then run each side over the pairs a fixed number of times
 *                             (GG_BENCH_ONCE=1 in the environment does the same); for
 *                             valgrind --tool=callgrind --toggle-collect=run_lib / run_base */
#include "bench_util.h"

#include <gridgeom/topology.h>

#include <stdlib.h>
#include <string.h>

#define SIDE 256
#define NWALLS 2000
#define NBLOCKED 300
#define NPAIRS 100000
#define MAXDIST 24
#define ONCE_REPS 1

typedef struct pair {
    gg_cell a, b;
} pair;

typedef struct bench {
    gg_scene *scene;
    uint8_t blocked[SIDE * SIDE];
    gg_hpoint wall[NWALLS][2]; /* the same walls, in half units, for the baseline */
    pair pairs[NPAIRS];
    uint8_t lib_ans[NPAIRS];
    uint8_t base_ans[NPAIRS];
    long visible; /* sink so neither side is optimised away */
} bench;

static void die(const char *what, gg_status st)
{
    fprintf(stderr, "bench_los: %s failed: %s\n", what, gg_status_name(st));
    exit(2);
}

/* ---- The baseline: Nat20's has_line_of_sight, testing every wall -------------------------- */

static bool base_los(const bench *B, gg_cell a, gg_cell b)
{
    gg_line_iter it = gg_line_begin(a, b);
    gg_cell c;
    while (gg_line_next(&it, &c)) {
        if (gg_cell_eq(c, a) || gg_cell_eq(c, b))
            continue;
        if (B->blocked[c.row * SIDE + c.col])
            return false;
    }
    gg_hpoint pa = gg_cell_centre(a), pb = gg_cell_centre(b);
    for (int w = 0; w < NWALLS; ++w)
        if (gg_segments_intersect(pa, pb, B->wall[w][0], B->wall[w][1]))
            return false;
    return true;
}

static bool lib_los(const bench *B, gg_cell a, gg_cell b)
{
    bool v = false;
    gg_status st = gg_scene_has_line_of_sight(B->scene, a, b, &v);
    if (st != GG_OK)
        die("gg_scene_has_line_of_sight", st);
    return v;
}

/* Kept out of line so that callgrind's --toggle-collect can name them. */
__attribute__((noinline)) void run_lib(void *ctx);
__attribute__((noinline)) void run_base(void *ctx);

void run_lib(void *ctx)
{
    bench *B = ctx;
    long n = 0;
    for (int i = 0; i < NPAIRS; ++i)
        n += lib_los(B, B->pairs[i].a, B->pairs[i].b);
    B->visible += n;
}

void run_base(void *ctx)
{
    bench *B = ctx;
    long n = 0;
    for (int i = 0; i < NPAIRS; ++i)
        n += base_los(B, B->pairs[i].a, B->pairs[i].b);
    B->visible += n;
}

/* ---- Scene ------------------------------------------------------------------------------ */

static int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

static void build(bench *B, bench_rng *r)
{
    gg_scene_def def = gg_scene_def_default();
    def.width = SIDE;
    def.height = SIDE;
    gg_status st = gg_scene_create(&def, &B->scene);
    if (st != GG_OK)
        die("gg_scene_create", st);

    /* Walls on integer corners: 85% axis-aligned room-like pieces of length 1-6, 15% diagonals
     * (45-degree and knight-like slopes) of span 1-6. Corners range over [0, SIDE]. */
    static gg_wall_def defs[NWALLS];
    for (int w = 0; w < NWALLS; ++w) {
        int x1 = (int)bench_rng_below(r, SIDE + 1), y1 = (int)bench_rng_below(r, SIDE + 1);
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
        x2 = clampi(x2, 0, SIDE);
        y2 = clampi(y2, 0, SIDE);
        defs[w] = gg_wall_def_default();
        defs[w].x1 = x1;
        defs[w].y1 = y1;
        defs[w].x2 = x2;
        defs[w].y2 = y2;
        B->wall[w][0].x = 2 * x1;
        B->wall[w][0].y = 2 * y1;
        B->wall[w][1].x = 2 * x2;
        B->wall[w][1].y = 2 * y2;
    }
    st = gg_scene_add_walls(B->scene, defs, NWALLS, NULL);
    if (st != GG_OK)
        die("gg_scene_add_walls", st);

    memset(B->blocked, 0, sizeof B->blocked);
    for (int i = 0; i < NBLOCKED; ++i) {
        gg_cell c = gg_cell_make((int32_t)bench_rng_below(r, SIDE),
                                 (int32_t)bench_rng_below(r, SIDE));
        B->blocked[c.row * SIDE + c.col] = 1;
        st = gg_scene_set_blocked(B->scene, c, true);
        if (st != GG_OK)
            die("gg_scene_set_blocked", st);
    }

    for (int i = 0; i < NPAIRS; ++i) {
        gg_cell a = gg_cell_make((int32_t)bench_rng_below(r, SIDE),
                                 (int32_t)bench_rng_below(r, SIDE));
        gg_cell b;
        do {
            b = gg_cell_make(a.col - MAXDIST + (int32_t)bench_rng_below(r, 2 * MAXDIST + 1),
                             a.row - MAXDIST + (int32_t)bench_rng_below(r, 2 * MAXDIST + 1));
        } while (b.col < 0 || b.row < 0 || b.col >= SIDE || b.row >= SIDE);
        B->pairs[i].a = a;
        B->pairs[i].b = b;
    }
}

static void check(bench *B)
{
    long vis = 0;
    for (int i = 0; i < NPAIRS; ++i) {
        B->lib_ans[i] = lib_los(B, B->pairs[i].a, B->pairs[i].b);
        B->base_ans[i] = base_los(B, B->pairs[i].a, B->pairs[i].b);
        if (B->lib_ans[i] != B->base_ans[i]) {
            fprintf(stderr,
                    "bench_los: MISMATCH on pair %d (%d,%d)->(%d,%d): library %d, baseline %d\n", i,
                    B->pairs[i].a.col, B->pairs[i].a.row, B->pairs[i].b.col, B->pairs[i].b.row,
                    B->lib_ans[i], B->base_ans[i]);
            abort();
        }
        vis += B->lib_ans[i];
    }
    printf("bench_los: %d x %d scene, %d walls, %d blocked cells, %d pairs (Chebyshev <= %d)\n",
           SIDE, SIDE, NWALLS, NBLOCKED, NPAIRS, MAXDIST);
    printf("bench_los: library and baseline agree on all %d pairs (%ld visible, %.1f%%)\n", NPAIRS,
           vis, 100.0 * (double)vis / NPAIRS);
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
    bench_rng_seed(&r, 20240601u);
    build(B, &r);
    check(B);

    int rc = 0;
    if (once) {
        for (int k = 0; k < ONCE_REPS; ++k)
            run_lib(B);
        for (int k = 0; k < ONCE_REPS; ++k)
            run_base(B);
        printf("bench_los: --once ran each side %d x %d pairs (compare Ir of run_lib and "
               "run_base)\n",
               ONCE_REPS, NPAIRS);
    } else {
        double t_lib = bench_time(run_lib, B, 0.3, 7) / NPAIRS;
        double t_base = bench_time(run_base, B, 0.5, 5) / NPAIRS;
        char name[128];
        snprintf(name, sizeof name, "line of sight, %d walls, per pair (vs every wall)", NWALLS);
        rc = bench_report_ratio(name, t_lib, t_base, 25.0) ? 0 : 1;
    }
    gg_scene_destroy(B->scene);
    free(B);
    return rc;
}
