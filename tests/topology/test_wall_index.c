/* test_wall_index.c - the wall index answers exactly as testing every wall (fast path equals
 * slow path), on random scenes with half-cell and fine-lattice (1/GG_WALL_UNITS_PER_CELL) walls,
 * after removals and doors. */
#include "fixture.h"

#include "topology/scene/scene_internal.h"
#include "topology/scene/wall_index.h"

static void check_all_pairs(const gg_scene *s, fx_rng *r, int samples)
{
    int w = gg_scene_width(s), h = gg_scene_height(s);
    for (int k = 0; k < samples; ++k) {
        gg_cell a = gg_cell_make((int32_t)fx_below(r, (uint32_t)w),
                                 (int32_t)fx_below(r, (uint32_t)h));
        gg_cell b = gg_cell_make((int32_t)fx_below(r, (uint32_t)w),
                                 (int32_t)fx_below(r, (uint32_t)h));
        gg_hpoint pa = gg__wall_centre(a), pb = gg__wall_centre(b);
        for (uint32_t mask = 1; mask <= GG_BLOCKS_ALL; mask <<= 1) {
            bool fast = gg__segment_hits_wall(s, pa, pb, mask);
            bool slow = gg__segment_hits_wall_linear(s, pa, pb, mask);
            if (fast != slow)
                fail_msg("index %d != linear %d for %d,%d -> %d,%d mask %u", fast, slow, (int)a.col,
                         (int)a.row, (int)b.col, (int)b.row, (unsigned)mask);
        }
    }
}

/* A random coordinate: a multiple of 1/2 (half cells) or of 1/U (the fine wall lattice). */
static double coord(fx_rng *r, int32_t span, bool fine)
{
    if (!fine)
        return (double)fx_below(r, (uint32_t)(2 * span + 1)) * 0.5;
    return (double)fx_below(r, (uint32_t)(span * GG_WALL_UNITS_PER_CELL + 1)) /
           GG_WALL_UNITS_PER_CELL;
}

static void random_scenes(uint64_t seed, const char *name, bool fine)
{
    fx_rng r;
    fx_rng_seed(&r, seed, name);
    for (int round = 0; round < 40; ++round) {
        int w = 1 + (int)fx_below(&r, 40), h = 1 + (int)fx_below(&r, 40);
        gg_scene *s = fx_scene(w, h, NULL);
        int n = (int)fx_below(&r, 120);
        gg_wall_def defs[120];
        gg_wall_id ids[120];
        for (int k = 0; k < n; ++k) {
            defs[k] = gg_wall_def_default();
            /* lattice points, some off the map, some long, some points */
            defs[k].x1 = coord(&r, w + 4, fine) - 2.0;
            defs[k].y1 = coord(&r, h + 4, fine) - 2.0;
            int len = fx_below(&r, 4) == 0 ? 40 : 3;
            defs[k].x2 = fx_below(&r, 8) == 0 ? defs[k].x1
                                              : defs[k].x1 + coord(&r, len, fine) - len * 0.5;
            defs[k].y2 = fx_below(&r, 8) == 0 ? defs[k].y1
                                              : defs[k].y1 + coord(&r, len, fine) - len * 0.5;
            defs[k].blocks = 1u + fx_below(&r, 7);
            defs[k].one_way = (gg_one_way)fx_below(&r, 3);
            defs[k].cover = fx_below(&r, 5) == 0 ? GG_COVER_HALF : GG_COVER_NONE;
        }
        /* half through the bulk path, the rest one by one (pending list) */
        assert_int_equal(gg_scene_add_walls(s, defs, n / 2, ids), GG_OK);
        for (int k = n / 2; k < n; ++k)
            assert_int_equal(gg_scene_add_wall(s, &defs[k], &ids[k]), GG_OK);
        check_all_pairs(s, &r, 300);
        for (int k = 0; k < n; k += 3)
            assert_int_equal(gg_scene_remove_wall(s, ids[k]), GG_OK);
        for (int k = 1; k < n; k += 3)
            assert_int_equal(gg_scene_set_door(s, ids[k], GG_DOOR_OPEN), GG_OK);
        check_all_pairs(s, &r, 300);
        gg_scene_destroy(s);
    }
}

static void wall_index__equals_linear_scan_on_random_scenes(void **state)
{
    (void)state;
    random_scenes(77, "wall_index__equals_linear_scan_on_random_scenes", false);
}

static void wall_index__equals_linear_scan_on_the_fine_lattice(void **state)
{
    (void)state;
    random_scenes(78, "wall_index__equals_linear_scan_on_the_fine_lattice", true);
}

typedef struct collect {
    int n;
    int32_t i[4096], j[4096];
} collect;

static bool collect_fn(void *ctx, int32_t i, int32_t j)
{
    collect *c = (collect *)ctx;
    if (c->n < 4096) {
        c->i[c->n] = i;
        c->j[c->n] = j;
    }
    c->n++;
    return false;
}

static void wall_index__bucket_walk_visits_the_bucket_of_every_point(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 5, "wall_index__bucket_walk_visits_the_bucket_of_every_point");
    for (int round = 0; round < 500; ++round) {
        gg_hpoint a = {(int32_t)fx_below(&r, 60) - 10, (int32_t)fx_below(&r, 60) - 10};
        gg_hpoint b = {(int32_t)fx_below(&r, 60) - 10, (int32_t)fx_below(&r, 60) - 10};
        int64_t size = fx_below(&r, 2) ? 2 : 8;
        collect c = {0, {0}, {0}};
        gg__for_each_bucket(a, b, size, 0, 100, 100, collect_fn, &c);
        /* sample points of the segment at 1/64 steps, exact rational floor */
        for (int t = 0; t <= 64; ++t) {
            int64_t nx = (int64_t)a.x * 64 + (int64_t)(b.x - a.x) * t;
            int64_t ny = (int64_t)a.y * 64 + (int64_t)(b.y - a.y) * t;
            int64_t den = 64 * size;
            int64_t bi = nx >= 0 ? nx / den : -((-nx + den - 1) / den);
            int64_t bj = ny >= 0 ? ny / den : -((-ny + den - 1) / den);
            if (bi < 0 || bj < 0)
                continue;
            bool found = false;
            for (int k = 0; k < c.n && !found; ++k)
                found = c.i[k] == bi && c.j[k] == bj;
            if (!found)
                fail_msg("bucket %lld,%lld of a point on (%d,%d)-(%d,%d) size %lld not visited",
                         (long long)bi, (long long)bj, (int)a.x, (int)a.y, (int)b.x, (int)b.y,
                         (long long)size);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(wall_index__equals_linear_scan_on_random_scenes),
        cmocka_unit_test(wall_index__equals_linear_scan_on_the_fine_lattice),
        cmocka_unit_test(wall_index__bucket_walk_visits_the_bucket_of_every_point),
    };
    return cmocka_run_group_tests_name("topology/wall_index", tests, NULL, NULL);
}
