/* test_visibility.c - the visibility matrix equals the per-pair queries, and seen_cells equals
 * the per-cell can_see loop, on random scenes (blocked cells, walls of every kind, light and
 * obscurement tags, senses). */
#include "fixture.h"

#include "test_alloc.h"

static gg_scene *random_scene(fx_rng *r, int w, int h, bool one_way)
{
    gg_scene *s = fx_scene(w, h, NULL);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            gg_cell c = gg_cell_make(x, y);
            uint32_t k = fx_below(r, 100);
            if (k < 12)
                assert_int_equal(gg_scene_set_blocked(s, c, true), GG_OK);
            if (fx_below(r, 4) == 0)
                assert_int_equal(gg_scene_set_lighting(s, c, (gg_light)fx_below(r, 4)), GG_OK);
            if (fx_below(r, 6) == 0)
                assert_int_equal(gg_scene_set_obscurement(s, c, (gg_obscurement)fx_below(r, 4)),
                                 GG_OK);
        }
    int nw = (int)fx_below(r, (uint32_t)(w + h));
    for (int k = 0; k < nw; ++k) {
        gg_wall_def d = gg_wall_def_default();
        d.x1 = fx_below(r, (uint32_t)(2 * w + 1)) / 2.0;
        d.y1 = fx_below(r, (uint32_t)(2 * h + 1)) / 2.0;
        d.x2 = d.x1 + ((int)fx_below(r, 9) - 4) / 2.0;
        d.y2 = d.y1 + ((int)fx_below(r, 9) - 4) / 2.0;
        if (one_way)
            d.one_way = (gg_one_way)fx_below(r, 3);
        d.door = (gg_door)fx_below(r, 4);
        assert_int_equal(gg_scene_add_wall(s, &d, NULL), GG_OK);
    }
    return s;
}

static gg_senses random_senses(fx_rng *r)
{
    gg_senses s = gg_senses_none();
    int32_t opts[] = {GG_SENSE_NONE, 0, 5, 10, 30, 60};
    s.darkvision_ft = opts[fx_below(r, 6)];
    s.blindsight_ft = fx_below(r, 3) == 0 ? opts[fx_below(r, 6)] : GG_SENSE_NONE;
    s.truesight_ft = fx_below(r, 4) == 0 ? opts[fx_below(r, 6)] : GG_SENSE_NONE;
    return s;
}

static void visibility__matrix_equals_pairwise_queries(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 555u, "visibility matrix");
    for (int round = 0; round < 40; ++round) {
        int w = 2 + (int)fx_below(&r, 20), h = 2 + (int)fx_below(&r, 20);
        gg_scene *s = random_scene(&r, w, h, true);
        enum { N = 12 };
        gg_cell cells[N];
        gg_senses senses[N];
        for (int i = 0; i < N; ++i) {
            /* some off the map, some duplicates */
            cells[i] = gg_cell_make((int32_t)fx_below(&r, (uint32_t)w + 1),
                                    (int32_t)fx_below(&r, (uint32_t)h));
            if (i > 0 && fx_below(&r, 8) == 0)
                cells[i] = cells[i - 1];
            senses[i] = random_senses(&r);
        }
        uint8_t los[N * N], see[N * N], see_none[N * N];
        assert_int_equal(gg_scene_visibility_matrix(s, cells, N, NULL, GG_VISIBILITY_LINE_OF_SIGHT,
                                                    los),
                         GG_OK);
        assert_int_equal(gg_scene_visibility_matrix(s, cells, N, senses, GG_VISIBILITY_CAN_SEE,
                                                    see),
                         GG_OK);
        assert_int_equal(gg_scene_visibility_matrix(s, cells, N, NULL, GG_VISIBILITY_CAN_SEE,
                                                    see_none),
                         GG_OK);
        for (int i = 0; i < N; ++i)
            for (int j = 0; j < N; ++j) {
                bool v = false, cs = false, cn = false;
                gg_status st = gg_scene_has_line_of_sight(s, cells[i], cells[j], &v);
                assert_true(st == GG_OK || st == GG_E_OUT_OF_BOUNDS);
                st = gg_scene_can_see(s, cells[i], cells[j], &senses[i], &cs);
                assert_true(st == GG_OK || st == GG_E_OUT_OF_BOUNDS);
                st = gg_scene_can_see(s, cells[i], cells[j], NULL, &cn);
                assert_true(st == GG_OK || st == GG_E_OUT_OF_BOUNDS);
                assert_int_equal(los[i * N + j], v);
                assert_int_equal(see[i * N + j], cs);
                assert_int_equal(see_none[i * N + j], cn);
            }
        gg_scene_destroy(s);
    }
}

/* The matrix answers each pair by the cheapest walk the scene allows (visibility.c): one
 * Bresenham walk for both ways when the pair has no tie, a two-way cells walk when it has, the
 * kernel one way or two ways over plain walls, and with EXACT walls a plain pre-walk that it
 * keeps or drops by how often it settles a pair. Every kind of scene, in rooms and in the open,
 * with crowds large enough to turn the pre-walk off and on, under both wall rules, against the
 * pairwise queries. */
static void visibility__matrix_equals_pairwise_in_every_scene_kind(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 558u, "visibility matrix scene kinds");
    long pairs = 0, seen = 0;
    for (int round = 0; round < 96; ++round) {
        const int kind = round % 4; /* no walls, plain walls, EXACT walls, doors under POINT */
        const bool rooms = (round / 4) % 2 == 0;
        int w = 6 + (int)fx_below(&r, 30), h = 6 + (int)fx_below(&r, 30);
        gg_scene_def sd = gg_scene_def_default();
        sd.width = w;
        sd.height = h;
        sd.wall_rule = kind == 3 ? GG_WALL_RULE_POINT : GG_WALL_RULE_NAT20;
        gg_scene *s = NULL;
        assert_int_equal(gg_scene_create(&sd, &s), GG_OK);
        const int32_t blocked = rooms ? 15 : 2;
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x)
                if (fx_below(&r, 100) < blocked)
                    assert_int_equal(gg_scene_set_blocked(s, gg_cell_make(x, y), true), GG_OK);
        const int nw = kind == 0 ? 0 : (rooms ? w + h : 3);
        for (int k = 0; k < nw; ++k) {
            gg_wall_def d = gg_wall_def_default();
            d.x1 = fx_below(&r, (uint32_t)w + 1);
            d.y1 = fx_below(&r, (uint32_t)h + 1);
            const double len = 1 + fx_below(&r, 5);
            if (fx_below(&r, 2) == 0)
                d.x2 = d.x1 + len, d.y2 = d.y1;
            else
                d.x2 = d.x1, d.y2 = d.y1 + len;
            if (kind == 2 && fx_below(&r, 3) == 0) { /* off the lattice's edges, or one-way */
                d.y2 = d.y1 + len / 2;
                d.one_way = (gg_one_way)fx_below(&r, 3);
            }
            if (kind == 3)
                d.door = (gg_door)fx_below(&r, 4);
            assert_int_equal(gg_scene_add_wall(s, &d, NULL), GG_OK);
        }
        enum { N = 40 };
        gg_cell cells[N];
        for (int i = 0; i < N; ++i)
            cells[i] = gg_cell_make((int32_t)fx_below(&r, (uint32_t)w),
                                    (int32_t)fx_below(&r, (uint32_t)h));
        uint8_t m[N * N];
        assert_int_equal(gg_scene_visibility_matrix(s, cells, N, NULL, GG_VISIBILITY_LINE_OF_SIGHT,
                                                    m),
                         GG_OK);
        for (int i = 0; i < N; ++i)
            for (int j = 0; j < N; ++j) {
                bool v = false;
                assert_int_equal(gg_scene_has_line_of_sight(s, cells[i], cells[j], &v), GG_OK);
                if (m[i * N + j] != v)
                    fail_msg("kind %d round %d: %d,%d -> %d,%d matrix %d, pairwise %d", kind, round,
                             (int)cells[i].col, (int)cells[i].row, (int)cells[j].col,
                             (int)cells[j].row, m[i * N + j], v);
                ++pairs;
                seen += v;
            }
        gg_scene_destroy(s);
    }
    assert_true(seen > pairs / 10 && seen < pairs - pairs / 10);
}

/* Every pair of cells of small maps without walls, every cell a creature: the ties (where
 * Nat20's walk from each end takes a different cell) and the tie-free pairs answered by one walk
 * for both ways, against the pairwise queries. */
static void visibility__matrix_of_every_cell_of_tiny_maps(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 559u, "visibility matrix tiny maps");
    long asym = 0;
    for (int round = 0; round < 60; ++round) {
        int w = 2 + round % 9, h = 2 + (round / 9) % 7;
        gg_scene *s = fx_open(w, h);
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x)
                if (fx_below(&r, 100) < 30)
                    assert_int_equal(gg_scene_set_blocked(s, gg_cell_make(x, y), true), GG_OK);
        const int n = w * h;
        gg_cell cells[80];
        for (int i = 0; i < n; ++i)
            cells[i] = gg_cell_make(i % w, i / w);
        uint8_t m[80 * 80];
        assert_int_equal(gg_scene_visibility_matrix(s, cells, n, NULL, GG_VISIBILITY_LINE_OF_SIGHT,
                                                    m),
                         GG_OK);
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j) {
                bool v = false;
                assert_int_equal(gg_scene_has_line_of_sight(s, cells[i], cells[j], &v), GG_OK);
                assert_int_equal(m[i * n + j], v);
                asym += m[i * n + j] != m[j * n + i];
            }
        gg_scene_destroy(s);
    }
    assert_true(asym > 0); /* the ties were exercised */
}

static void visibility__symmetric_where_the_rules_are(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 556u, "visibility symmetric");
    /* No blocked cells (so no Bresenham ties matter) and no one-way walls: symmetric. */
    for (int round = 0; round < 20; ++round) {
        int w = 3 + (int)fx_below(&r, 20), h = 3 + (int)fx_below(&r, 20);
        gg_scene *s = fx_scene(w, h, NULL);
        for (int k = 0; k < w; ++k)
            fx_wall(s, fx_below(&r, (uint32_t)w + 1), fx_below(&r, (uint32_t)h + 1),
                    fx_below(&r, (uint32_t)w + 1), fx_below(&r, (uint32_t)h + 1));
        enum { N = 16 };
        gg_cell cells[N];
        for (int i = 0; i < N; ++i)
            cells[i] = gg_cell_make((int32_t)fx_below(&r, (uint32_t)w),
                                    (int32_t)fx_below(&r, (uint32_t)h));
        uint8_t m[N * N];
        assert_int_equal(gg_scene_visibility_matrix(s, cells, N, NULL, GG_VISIBILITY_LINE_OF_SIGHT,
                                                    m),
                         GG_OK);
        for (int i = 0; i < N; ++i)
            for (int j = 0; j < N; ++j)
                assert_int_equal(m[i * N + j], m[j * N + i]);
        gg_scene_destroy(s);
    }
    /* A one-way wall makes it asymmetric, as documented (Foundry sides, topology.h). */
    gg_scene *s = fx_scene(4, 4, NULL);
    gg_wall_def d = gg_wall_def_default();
    d.x1 = 0, d.y1 = 2, d.x2 = 4, d.y2 = 2; /* A->B east along y = 2 */
    d.one_way = GG_ONE_WAY_LEFT;            /* LEFT = below (south) */
    assert_int_equal(gg_scene_add_wall(s, &d, NULL), GG_OK);
    gg_cell cells[2] = {gg_cell_make(1, 3), gg_cell_make(1, 0)};
    uint8_t m[4];
    assert_int_equal(gg_scene_visibility_matrix(s, cells, 2, NULL, GG_VISIBILITY_LINE_OF_SIGHT, m),
                     GG_OK);
    assert_int_equal(m[1], 1); /* from below: transparent */
    assert_int_equal(m[2], 0); /* from above: blocked */
    gg_scene_destroy(s);
}

static void visibility__seen_cells_equals_can_see_loop(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 557u, "seen cells");
    for (int round = 0; round < 40; ++round) {
        int w = 1 + (int)fx_below(&r, 24), h = 1 + (int)fx_below(&r, 24);
        gg_scene *s = random_scene(&r, w, h, true);
        gg_scratch *x = NULL;
        assert_int_equal(gg_scratch_create(s, NULL, &x), GG_OK);
        size_t words = gg_scene_bitset_words(s);
        uint64_t *bits = calloc(words, sizeof *bits);
        for (int k = 0; k < 5; ++k) {
            gg_cell v = gg_cell_make((int32_t)fx_below(&r, (uint32_t)w),
                                     (int32_t)fx_below(&r, (uint32_t)h));
            gg_senses sn = random_senses(&r);
            const gg_senses *sp = k == 0 ? NULL : &sn;
            int32_t count = -1, expected = 0;
            assert_int_equal(gg_scene_seen_cells(s, x, v, sp, GG_BITSET_REPLACE, bits, words,
                                                 &count),
                             GG_OK);
            for (int y = 0; y < h; ++y)
                for (int c = 0; c < w; ++c) {
                    bool cs = false;
                    assert_int_equal(gg_scene_can_see(s, v, gg_cell_make(c, y), sp, &cs), GG_OK);
                    assert_int_equal(gg_bitset_has(bits, w, gg_cell_make(c, y)), cs);
                    expected += cs;
                }
            assert_int_equal(count, expected);
        }
        free(bits);
        gg_scratch_destroy(x);
        gg_scene_destroy(s);
    }
}

static void visibility__invalid_arguments_and_no_allocation(void **state)
{
    (void)state;
    gg_test_alloc ta;
    gg_test_alloc_init(&ta, -1);
    gg_scene_def d = gg_scene_def_default();
    d.width = 8;
    d.height = 8;
    d.allocator = &ta.iface;
    gg_scene *s = NULL;
    assert_int_equal(gg_scene_create(&d, &s), GG_OK);
    gg_scratch *x = NULL;
    assert_int_equal(gg_scratch_create(s, NULL, &x), GG_OK);
    fx_wall(s, 4, 0, 4, 6);
    gg_cell cells[3] = {gg_cell_make(0, 0), gg_cell_make(7, 0), gg_cell_make(0, 7)};
    uint8_t m[9];
    uint64_t bits[1];
    int32_t count = 5;
    gg_test_alloc_fail_from_now(&ta);
    long before = ta.calls;
    assert_int_equal(gg_scene_visibility_matrix(NULL, cells, 3, NULL, GG_VISIBILITY_LINE_OF_SIGHT,
                                                m),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_visibility_matrix(s, NULL, 3, NULL, GG_VISIBILITY_LINE_OF_SIGHT, m),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_visibility_matrix(s, cells, 3, NULL, GG_VISIBILITY_LINE_OF_SIGHT,
                                                NULL),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_visibility_matrix(s, cells, -1, NULL, GG_VISIBILITY_LINE_OF_SIGHT, m),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_visibility_matrix(s, cells, 46341, NULL, GG_VISIBILITY_LINE_OF_SIGHT,
                                                m),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_visibility_matrix(s, cells, 3, NULL, (gg_visibility_rule)0, m),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_visibility_matrix(s, NULL, 0, NULL, GG_VISIBILITY_CAN_SEE, NULL),
                     GG_OK);
    assert_int_equal(gg_scene_visibility_matrix(s, cells, 3, NULL, GG_VISIBILITY_LINE_OF_SIGHT, m),
                     GG_OK);
    assert_int_equal(m[0 * 3 + 1], 0); /* the wall at x = 4 */
    assert_int_equal(m[0 * 3 + 2], 1);
    assert_int_equal(gg_scene_seen_cells(NULL, x, cells[0], NULL, GG_BITSET_REPLACE, bits, 1,
                                         &count),
                     GG_E_INVALID_ARG);
    assert_int_equal(count, 0);
    /* No scratch is allowed: the sweep then works on the stack. */
    assert_int_equal(gg_scene_seen_cells(s, NULL, cells[0], NULL, GG_BITSET_REPLACE, bits, 1,
                                         &count),
                     GG_OK);
    assert_int_equal(gg_scene_seen_cells(s, x, cells[0], NULL, GG_BITSET_UNION, NULL, 1, &count),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_seen_cells(s, x, cells[0], NULL, (gg_bitset_mode)4, bits, 1, &count),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_seen_cells(s, x, cells[0], NULL, GG_BITSET_REPLACE, bits, 0, &count),
                     GG_E_BUFFER_TOO_SMALL);
    assert_int_equal(gg_scene_seen_cells(s, x, gg_cell_make(-1, 0), NULL, GG_BITSET_REPLACE, bits,
                                         1, &count),
                     GG_E_OUT_OF_BOUNDS);
    assert_int_equal(gg_scene_seen_cells(s, x, cells[0], NULL, GG_BITSET_REPLACE, bits, 1, &count),
                     GG_OK);
    assert_true(count > 0);
    assert_int_equal(ta.calls, before);
    gg_scratch_destroy(x);
    gg_scene_destroy(s);
    assert_int_equal(ta.live_bytes, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(visibility__matrix_equals_pairwise_queries),
        cmocka_unit_test(visibility__matrix_equals_pairwise_in_every_scene_kind),
        cmocka_unit_test(visibility__matrix_of_every_cell_of_tiny_maps),
        cmocka_unit_test(visibility__symmetric_where_the_rules_are),
        cmocka_unit_test(visibility__seen_cells_equals_can_see_loop),
        cmocka_unit_test(visibility__invalid_arguments_and_no_allocation),
    };
    return cmocka_run_group_tests_name("topology/visibility", tests, NULL, NULL);
}
