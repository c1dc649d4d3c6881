/* test_space.c - creatures of every size at any elevation: spaces, the 3-D distance, and
 * targeting from a creature's space (src/rules/space.c; rules.h "Creatures of every size"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "sizes_fixture.h"

/* Property: on 1x1 creatures at ground level, gg_rules_check_attack() with the Nat20 def gives
 * gg_rules_check_target()'s verdict and gg_rules_target_cover()'s cover (attack form). */
static void space__one_square_attack_check_equals_nat20(void **state)
{
    (void)state;
    fx_rng rng;
    fx_rng_seed(&rng, 0x5a1e5, "space__one_square_attack_check_equals_nat20");
    const gg_rules_def def = gg_rules_def_default();
    const int32_t ranges[] = {5, 10, 30, 60};
    int64_t compared = 0;
    for (int round = 0; round < 60; ++round) {
        const int32_t w = 4 + fx_below(&rng, 6), h = 4 + fx_below(&rng, 6);
        gg_scene *s = fx_random_tagged(&rng, w, h);
        /* Low walls and windows (walls with a cover value) too: gg_scene_wall_cover_between()
         * must give the wall part exactly as gg_scene_cover_between() counts it. */
        for (int k = fx_below(&rng, 3); k > 0; --k) {
            gg_wall_def wd = gg_wall_def_default();
            wd.x1 = fx_below(&rng, 2 * w + 1) / 2.0;
            wd.y1 = fx_below(&rng, 2 * h + 1) / 2.0;
            wd.x2 = wd.x1 + (fx_below(&rng, 7) - 3) / 2.0;
            wd.y2 = wd.y1 + (fx_below(&rng, 7) - 3) / 2.0;
            wd.cover = (gg_cover)(1 + fx_below(&rng, 3));
            wd.blocks = GG_BLOCKS_MOVEMENT;
            assert_int_equal(gg_scene_add_wall(s, &wd, NULL), GG_OK);
        }
        gg_creature cs[8];
        const int32_t n = 2 + fx_below(&rng, 7);
        fx_random_roster(&rng, w, h, cs, n);
        for (int32_t a = 0; a < n; ++a)
            for (int32_t t = 0; t < n; ++t) {
                const int32_t range = ranges[fx_below(&rng, 4)];
                gg_attack_check got;
                gg_status st = gg_rules_check_attack(s, cs, n, a, t, range, &def, &got);
                if (!cs[a].tracked || !cs[t].tracked) {
                    assert_int_equal(st, GG_E_OUT_OF_BOUNDS);
                    continue;
                }
                assert_int_equal(st, GG_OK);
                gg_target_check want = GG_TARGET_OK;
                assert_int_equal(gg_rules_check_target(s, cs[a].body.cell, cs[t].body.cell, range,
                                                       &want),
                                 GG_OK);
                assert_int_equal(got.check, want);
                int32_t feet = 0;
                assert_int_equal(gg_scene_distance_ft(s, cs[a].body.cell, cs[t].body.cell, &feet),
                                 GG_OK);
                assert_int_equal(got.distance_ft, feet);
                if (want == GG_TARGET_OK) {
                    gg_cover cover = GG_COVER_NONE;
                    assert_int_equal(gg_rules_target_cover(s, cs, n, a, t, NULL, &cover), GG_OK);
                    assert_int_equal(got.cover, cover);
                    ++compared;
                }
            }
        gg_scene_destroy(s);
    }
    assert_true(compared > 200);
}

/* The layers a body touches, by interval overlap (independent of the floor/ceiling formula). */
static bool in_layer(const gg_creature *c, int64_t k, int64_t cell_in)
{
    int64_t n = gg_size_cells(c->body.size);
    int64_t h = c->body.height_in > 0 ? c->body.height_in : n * cell_in;
    int64_t lo = c->body.base_in, hi = lo + h;
    return lo < (k + 1) * cell_in && hi > k * cell_in;
}

#define BOX 16
/* Cheapest route costs (in squares) from the origin to (x, y, z) in the positive octant, by a
 * bucket Dijkstra over (cell, diagonal parity) with 26 (Chebyshev, 5-10-5) or 6 (Manhattan)
 * neighbours: a brute force of the 3-D rule. */
static void route_table(gg_metric metric, int32_t table[BOX][BOX][BOX])
{
    static int32_t dist[BOX][BOX][BOX][2];
    for (int x = 0; x < BOX; ++x)
        for (int y = 0; y < BOX; ++y)
            for (int z = 0; z < BOX; ++z)
                dist[x][y][z][0] = dist[x][y][z][1] = INT32_MAX;
    dist[0][0][0][0] = 0;
    for (int32_t d = 0; d < 3 * BOX * 2; ++d)
        for (int x = 0; x < BOX; ++x)
            for (int y = 0; y < BOX; ++y)
                for (int z = 0; z < BOX; ++z)
                    for (int p = 0; p < 2; ++p) {
                        if (dist[x][y][z][p] != d)
                            continue;
                        for (int dx = -1; dx <= 1; ++dx)
                            for (int dy = -1; dy <= 1; ++dy)
                                for (int dz = -1; dz <= 1; ++dz) {
                                    int axes = (dx != 0) + (dy != 0) + (dz != 0);
                                    if (axes == 0 || (metric == GG_METRIC_MANHATTAN && axes > 1))
                                        continue;
                                    int nx = x + dx, ny = y + dy, nz = z + dz;
                                    if (nx < 0 || ny < 0 || nz < 0 || nx >= BOX || ny >= BOX ||
                                        nz >= BOX)
                                        continue;
                                    int cost = 1, np = p;
                                    if (metric == GG_METRIC_ALTERNATING && axes > 1) {
                                        cost = p == 1 ? 2 : 1;
                                        np = 1 - p;
                                    }
                                    if (d + cost < dist[nx][ny][nz][np])
                                        dist[nx][ny][nz][np] = d + cost;
                                }
                    }
    for (int x = 0; x < BOX; ++x)
        for (int y = 0; y < BOX; ++y)
            for (int z = 0; z < BOX; ++z)
                table[x][y][z] = dist[x][y][z][0] < dist[x][y][z][1] ? dist[x][y][z][0]
                                                                     : dist[x][y][z][1];
}

static int32_t iabs(int32_t v) { return v < 0 ? -v : v; }

/* Property: gg_rules_distance() equals the least brute-force route cost between any cell of
 * one space and any cell of the other, over every layer each body touches. */
static void space__elevation_distance_matches_brute_force(void **state)
{
    (void)state;
    fx_rng rng;
    fx_rng_seed(&rng, 0xe1e7, "space__elevation_distance_matches_brute_force");
    static int32_t tables[3][BOX][BOX][BOX];
    const gg_metric metrics[3] = {GG_METRIC_CHEBYSHEV, GG_METRIC_ALTERNATING, GG_METRIC_MANHATTAN};
    for (int m = 0; m < 3; ++m)
        route_table(metrics[m], tables[m]);
    gg_scene *s = fx_open(8, 8);
    const int64_t cell_in = 60;
    for (int round = 0; round < 3000; ++round) {
        gg_creature cs[2];
        for (int k = 0; k < 2; ++k) {
            gg_size size = (gg_size)fx_below(&rng, 6);
            int32_t n = gg_size_cells(size);
            cs[k] = fx_sized(size, fx_below(&rng, 9 - n), fx_below(&rng, 9 - n), k);
            cs[k].body.base_in = fx_below(&rng, 3) == 0 ? 0 : fx_range(&rng, -60, 400);
            cs[k].body.height_in = fx_below(&rng, 2) == 0 ? 0 : fx_range(&rng, 1, 200);
        }
        const int m = fx_below(&rng, 3);
        gg_rules_def def = gg_rules_def_default();
        def.metric = metrics[m];
        int32_t got = -1;
        assert_int_equal(gg_rules_distance(s, cs, 2, 0, 1, &def, &got), GG_OK);
        int32_t best = INT32_MAX;
        for (int64_t ka = -2; ka < 12; ++ka) {
            if (!in_layer(&cs[0], ka, cell_in))
                continue;
            for (int64_t kb = -2; kb < 12; ++kb) {
                if (!in_layer(&cs[1], kb, cell_in))
                    continue;
                int32_t na = gg_size_cells(cs[0].body.size), nb = gg_size_cells(cs[1].body.size);
                for (int32_t i = 0; i < na * na; ++i)
                    for (int32_t j = 0; j < nb * nb; ++j) {
                        int32_t dx = iabs(cs[0].body.cell.col + i % na - cs[1].body.cell.col -
                                          j % nb);
                        int32_t dy = iabs(cs[0].body.cell.row + i / na - cs[1].body.cell.row -
                                          j / nb);
                        int32_t dz = iabs((int32_t)(ka - kb));
                        int32_t v = tables[m][dx][dy][dz];
                        if (v < best)
                            best = v;
                    }
            }
        }
        assert_int_equal(got, best * 5);
        /* Symmetric. */
        int32_t back = -1;
        assert_int_equal(gg_rules_distance(s, cs, 2, 1, 0, &def, &back), GG_OK);
        assert_int_equal(back, got);
    }
    gg_scene_destroy(s);
}

/* A flyer's reach: a Medium creature 10 ft up is out of a 5-ft reach, 5 ft up it is not. */
static void space__reach_counts_elevation(void **state)
{
    (void)state;
    gg_scene *s = fx_open(6, 6);
    gg_creature cs[2] = {fx_at(2, 2, 0), fx_at(3, 2, 1)};
    const gg_rules_def def = gg_rules_def_srd();
    gg_attack_check out;
    cs[1].body.base_in = 60; /* feet 5 ft up: the next layer */
    assert_int_equal(gg_rules_check_attack(s, cs, 2, 0, 1, 5, &def, &out), GG_OK);
    assert_int_equal(out.check, GG_TARGET_OK);
    assert_int_equal(out.distance_ft, 5);
    cs[1].body.base_in = 120; /* 10 ft up */
    assert_int_equal(gg_rules_check_attack(s, cs, 2, 0, 1, 5, &def, &out), GG_OK);
    assert_int_equal(out.check, GG_TARGET_OUT_OF_RANGE);
    assert_int_equal(out.distance_ft, 10);
    assert_int_equal(gg_rules_check_attack(s, cs, 2, 0, 1, 10, &def, &out), GG_OK);
    assert_int_equal(out.check, GG_TARGET_OK);
    /* A Large attacker is 10 ft tall: it reaches the flyer 10 ft up from the next square. */
    cs[0].body.size = GG_SIZE_LARGE;
    assert_int_equal(gg_rules_check_attack(s, cs, 2, 0, 1, 5, &def, &out), GG_OK);
    assert_int_equal(out.check, GG_TARGET_OK);
    gg_scene_destroy(s);
}

/* SRD 5.2 "Cover": "originates on the opposite side of the cover". A half-cover tag on the
 * target's own square counts in the Nat20 reading and not in the SRD one; a tag between the
 * two counts in both. */
static void space__cover_tag_counts_only_from_its_far_side(void **state)
{
    (void)state;
    static const char *const map[] = {
        ".....",
        "..h..",
        ".....",
    };
    gg_scene *s = fx_map(map, 3);
    gg_creature cs[2] = {fx_at(0, 1, 0), fx_at(2, 1, 1)};
    gg_rules_def nat = gg_rules_def_default(), srd = gg_rules_def_srd();
    gg_attack_check out;
    assert_int_equal(gg_rules_check_attack(s, cs, 2, 0, 1, 60, &nat, &out), GG_OK);
    assert_int_equal(out.cover, GG_COVER_HALF);
    assert_int_equal(gg_rules_check_attack(s, cs, 2, 0, 1, 60, &srd, &out), GG_OK);
    assert_int_equal(out.cover, GG_COVER_NONE);
    cs[1].body.cell = fx_c(4, 1); /* the tagged square is now between */
    assert_int_equal(gg_rules_check_attack(s, cs, 2, 0, 1, 60, &nat, &out), GG_OK);
    assert_int_equal(out.cover, GG_COVER_HALF);
    assert_int_equal(gg_rules_check_attack(s, cs, 2, 0, 1, 60, &srd, &out), GG_OK);
    assert_int_equal(out.cover, GG_COVER_HALF);
    gg_scene_destroy(s);
}

/* A Large target half behind a blocked square: the anchor-to-anchor line (Nat20) is blocked;
 * any square of its space (SRD) is targetable without cover. A Large creature between gives
 * Half Cover from every square of its space. */
static void space__large_creatures_target_and_cover_from_their_space(void **state)
{
    (void)state;
    static const char *const map[] = {
        "......",
        "...#..",
        "......",
        "......",
    };
    gg_scene *s = fx_map(map, 4);
    gg_creature cs[3] = {fx_at(0, 1, 0), fx_sized(GG_SIZE_LARGE, 4, 1, 1), fx_at(0, 3, 1)};
    cs[2].alive = false;
    gg_rules_def nat = gg_rules_def_default(), srd = gg_rules_def_srd();
    gg_attack_check out;
    assert_int_equal(gg_rules_check_attack(s, cs, 3, 0, 1, 60, &nat, &out), GG_OK);
    assert_int_equal(out.check, GG_TARGET_NO_LINE_OF_SIGHT);
    assert_int_equal(gg_rules_check_attack(s, cs, 3, 0, 1, 60, &srd, &out), GG_OK);
    assert_int_equal(out.check, GG_TARGET_OK);
    assert_int_equal(out.cover, GG_COVER_NONE);
    assert_true(gg_cell_eq(out.to, fx_c(4, 2)));
    assert_int_equal(out.distance_ft, 20);
    /* The ogre now stands between the archer and a goblin: half cover from its space. */
    cs[1].body.cell = fx_c(2, 2);
    cs[2] = fx_at(5, 2, 1);
    assert_int_equal(gg_rules_check_attack(s, cs, 3, 0, 2, 60, &srd, &out), GG_OK);
    assert_int_equal(out.check, GG_TARGET_OK);
    assert_int_equal(out.cover, GG_COVER_HALF);
    gg_scene_destroy(s);
}

static void space__rejects_bad_arguments(void **state)
{
    (void)state;
    gg_scene *s = fx_open(4, 4);
    gg_creature cs[2] = {fx_sized(GG_SIZE_HUGE, 0, 0, 0), fx_at(3, 3, 1)};
    gg_rules_def def = gg_rules_def_srd();
    int32_t ft = -1;
    assert_int_equal(gg_rules_distance(s, cs, 2, 0, 1, &def, &ft), GG_OK);
    assert_int_equal(ft, 0 + 0 + 0 + 5 * 1); /* Huge (0..2) to (3,3): one square apart */
    cs[0].body.cell = fx_c(2, 0);            /* a Huge footprint off the east edge */
    assert_int_equal(gg_rules_distance(s, cs, 2, 0, 1, &def, &ft), GG_E_OUT_OF_BOUNDS);
    assert_int_equal(ft, 0);
    cs[0].tracked = false; /* untracked: its footprint is not checked */
    assert_int_equal(gg_rules_distance(s, cs, 2, 0, 1, &def, &ft), GG_OK);
    cs[0] = fx_at(0, 0, 0);
    cs[0].body.height_in = -1;
    assert_int_equal(gg_rules_distance(s, cs, 2, 0, 1, &def, &ft), GG_E_INVALID_ARG);
    cs[0].body.height_in = 0;
    cs[0].body.base_in = GG_COVER_HEIGHT_LIMIT + 1;
    assert_int_equal(gg_rules_distance(s, cs, 2, 0, 1, &def, &ft), GG_E_INVALID_ARG);
    cs[0].body.base_in = 0;
    def.metric = GG_METRIC_EUCLIDEAN;
    assert_int_equal(gg_rules_distance(s, cs, 2, 0, 1, &def, &ft), GG_E_INVALID_ARG);
    def = gg_rules_def_srd();
    def.struct_size = 4;
    assert_int_equal(gg_rules_distance(s, cs, 2, 0, 1, &def, &ft), GG_E_BAD_DEF);
    assert_int_equal(gg_rules_distance(s, cs, 2, 0, 1, NULL, &ft), GG_E_INVALID_ARG);
    def = gg_rules_def_srd();
    assert_int_equal(gg_rules_distance(s, cs, 2, 0, 2, &def, &ft), GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_distance(s, cs, 2, 0, 1, &def, NULL), GG_E_INVALID_ARG);
    gg_attack_check out;
    assert_int_equal(gg_rules_check_attack(s, cs, 2, 0, 1, -5, &def, &out), GG_E_INVALID_ARG);
    assert_int_equal(out.check, GG_TARGET_OUT_OF_RANGE);
    cs[1].tracked = false;
    assert_int_equal(gg_rules_check_attack(s, cs, 2, 0, 1, 5, &def, &out), GG_E_OUT_OF_BOUNDS);
    assert_int_equal(gg_rules_check_attack(s, cs, 2, 0, 1, 5, &def, NULL), GG_E_INVALID_ARG);
    /* The Nat20-compatible calls keep refusing larger footprints. */
    cs[0].body.size = GG_SIZE_LARGE;
    gg_cover cover = GG_COVER_NONE;
    assert_int_equal(gg_rules_target_cover(s, cs, 2, 0, 1, NULL, &cover), GG_E_INVALID_ARG);
    gg_scene_destroy(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(space__one_square_attack_check_equals_nat20),
        cmocka_unit_test(space__elevation_distance_matches_brute_force),
        cmocka_unit_test(space__reach_counts_elevation),
        cmocka_unit_test(space__cover_tag_counts_only_from_its_far_side),
        cmocka_unit_test(space__large_creatures_target_and_cover_from_their_space),
        cmocka_unit_test(space__rejects_bad_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
