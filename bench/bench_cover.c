/* bench_cover.c - the cost of a corners_2d cover query (gg_scene_cover, DMG corner rule) on a
 * 256x256 scene with 2,000 walls and 300 blocked cells, for pairs at most 24 cells apart. The
 * query finds walls through the scene's wall index; in a static build the same queries also
 * run on the reference path that tests every wall, the answers are asserted equal, and the
 * ratio is printed (issue 7: the query must use the index, not every wall).
 *
 * Usage: bench_cover            time (best of several rounds), print microseconds per query
 *        bench_cover --once     check, then run each side once (for callgrind) */
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

int main(int argc, char **argv)
{
    bool once = (argc > 1 && strcmp(argv[1], "--once") == 0) || getenv("GG_BENCH_ONCE") != NULL;
    static bench B;
    bench_rng r;
    bench_rng_seed(&r, 20240607u);
    build(&B, &r);
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
    return 0;
}
