/* test_walls.c - wall ids, validation, removal, doors, bulk adds and allocation failure. */
#include "fixture.h"

#include "test_alloc.h"

#include <time.h>

#include "topology/scene/scene_internal.h"
#include "topology/scene/wall_index.h"

static void walls__ids_go_stale_after_removal_and_slot_reuse(void **state)
{
    (void)state;
    gg_scene *s = fx_scene(6, 6, NULL);
    gg_wall_id a = fx_wall(s, 3, 0, 3, 6);
    assert_int_equal(gg_scene_wall_count(s), 1);
    assert_false(fx_los(s, 0, 2, 5, 2));
    assert_int_equal(gg_scene_remove_wall(s, a), GG_OK);
    assert_int_equal(gg_scene_wall_count(s), 0);
    assert_true(fx_los(s, 0, 2, 5, 2));
    assert_int_equal(gg_scene_remove_wall(s, a), GG_E_STALE_ID);
    gg_wall_id b = fx_wall(s, 0, 3, 6, 3); /* reuses the slot with a new generation */
    assert_int_equal(b.index, a.index);
    assert_int_not_equal(b.generation, a.generation);
    assert_int_equal(gg_scene_set_door(s, a, GG_DOOR_OPEN), GG_E_STALE_ID);
    gg_wall_def back;
    assert_int_equal(gg_scene_get_wall(s, a, &back), GG_E_STALE_ID);
    assert_int_equal(gg_scene_get_wall(s, b, &back), GG_OK);
    assert_true(back.x1 == 0.0 && back.y1 == 3.0 && back.x2 == 6.0 && back.y2 == 3.0);
    gg_wall_id bogus = {999, 1};
    assert_int_equal(gg_scene_remove_wall(s, bogus), GG_E_STALE_ID);
    assert_int_equal(gg_scene_remove_wall(NULL, b), GG_E_INVALID_ARG);
    gg_scene_destroy(s);
}

static void walls__reject_bad_coordinates_with_a_message(void **state)
{
    (void)state;
    gg_scene *s = fx_scene(4, 4, NULL);
    gg_wall_def w = gg_wall_def_default();
    w.x2 = 0.25 + 1.0 / 2048; /* between two points of the 1/1024-cell lattice */
    assert_int_equal(gg_scene_add_wall(s, &w, NULL), GG_E_INVALID_ARG);
    assert_non_null(strstr(gg_scene_message(s), "x2"));
    w.x2 = 0.0 / 0.0;
    assert_int_equal(gg_scene_add_wall(s, &w, NULL), GG_E_INVALID_ARG);
    w.x2 = 1e300;
    assert_int_equal(gg_scene_add_wall(s, &w, NULL), GG_E_INVALID_ARG);
    w.x2 = (double)GG_WALL_COORD_LIMIT + 1.0;
    assert_int_equal(gg_scene_add_wall(s, &w, NULL), GG_E_INVALID_ARG);
    w.x2 = 1.5;
    w.blocks = 0x80;
    assert_int_equal(gg_scene_add_wall(s, &w, NULL), GG_E_INVALID_ARG);
    w.blocks = GG_BLOCKS_ALL;
    w.door = (gg_door)7;
    assert_int_equal(gg_scene_add_wall(s, &w, NULL), GG_E_INVALID_ARG);
    w.door = GG_DOOR_NONE;
    w.struct_size = 1;
    assert_int_equal(gg_scene_add_wall(s, &w, NULL), GG_E_BAD_DEF);
    assert_int_equal(gg_scene_add_walls(s, NULL, 2, NULL), GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_add_walls(s, &w, -1, NULL), GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_wall_count(s), 0);
    /* Far off the map but within the limit: accepted, and harmless. */
    w = gg_wall_def_default();
    w.x1 = -100000;
    w.x2 = 100000;
    w.y1 = w.y2 = -5000.5;
    assert_int_equal(gg_scene_add_wall(s, &w, NULL), GG_OK);
    assert_true(fx_los(s, 0, 0, 3, 3));
    gg_scene_destroy(s);
}

static void walls__open_doors_block_nothing_and_flags_select_what_blocks(void **state)
{
    (void)state;
    gg_scene *s = fx_scene(4, 3, NULL);
    gg_wall_def w = gg_wall_def_default();
    w.x1 = 2;
    w.y1 = 0;
    w.x2 = 2;
    w.y2 = 3;
    w.door = GG_DOOR_CLOSED;
    gg_wall_id door;
    assert_int_equal(gg_scene_add_wall(s, &w, &door), GG_OK);
    assert_false(fx_los(s, 1, 1, 2, 1));
    assert_int_equal(fx_step(s, 1, 1, 2, 1), GG_STEP_ILLEGAL);
    assert_int_equal(gg_scene_set_door(s, door, GG_DOOR_OPEN), GG_OK);
    assert_true(fx_los(s, 1, 1, 2, 1));
    assert_int_equal(fx_step(s, 1, 1, 2, 1), 5);
    assert_int_equal(gg_scene_set_door(s, door, GG_DOOR_LOCKED), GG_OK);
    assert_false(fx_los(s, 1, 1, 2, 1));
    assert_int_equal(fx_step(s, 1, 1, 2, 1), GG_STEP_ILLEGAL);
    assert_int_equal(gg_scene_set_door(s, door, (gg_door)9), GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_remove_wall(s, door), GG_OK);

    /* A railing: blocks movement, not sight. A window: blocks sight... both ways separately. */
    w = gg_wall_def_default();
    w.x1 = 2;
    w.y1 = 0;
    w.x2 = 2;
    w.y2 = 3;
    w.blocks = GG_BLOCKS_MOVEMENT;
    gg_wall_id railing;
    assert_int_equal(gg_scene_add_wall(s, &w, &railing), GG_OK);
    assert_true(fx_los(s, 1, 1, 2, 1));
    assert_int_equal(fx_step(s, 1, 1, 2, 1), GG_STEP_ILLEGAL);
    assert_int_equal(gg_scene_remove_wall(s, railing), GG_OK);
    w.blocks = GG_BLOCKS_SIGHT;
    assert_int_equal(gg_scene_add_wall(s, &w, NULL), GG_OK);
    assert_false(fx_los(s, 1, 1, 2, 1));
    assert_int_equal(fx_step(s, 1, 1, 2, 1), 5);
    gg_scene_destroy(s);
}

static void walls__bulk_add_equals_one_by_one(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 20261129, "walls__bulk_add_equals_one_by_one");
    gg_scene *bulk = fx_scene(12, 12, NULL), *single = fx_scene(12, 12, NULL);
    gg_wall_def defs[100];
    for (int k = 0; k < 100; ++k) {
        defs[k] = gg_wall_def_default();
        defs[k].x1 = fx_below(&r, 27) * 0.5 - 0.5;
        defs[k].y1 = fx_below(&r, 27) * 0.5 - 0.5;
        defs[k].x2 = defs[k].x1 + (double)fx_below(&r, 5) - 2.0;
        defs[k].y2 = defs[k].y1 + (double)fx_below(&r, 5) - 2.0;
        assert_int_equal(gg_scene_add_wall(single, &defs[k], NULL), GG_OK);
    }
    gg_wall_id ids[100];
    assert_int_equal(gg_scene_add_walls(bulk, defs, 100, ids), GG_OK);
    assert_int_equal(gg_scene_wall_count(bulk), 100);
    for (int a = 0; a < 144; ++a)
        for (int b = 0; b < 144; b += 7) {
            gg_cell ca = gg_cell_make(a % 12, a / 12), cb = gg_cell_make(b % 12, b / 12);
            assert_int_equal(fx_los(bulk, ca.col, ca.row, cb.col, cb.row),
                             fx_los(single, ca.col, ca.row, cb.col, cb.row));
        }
    for (int a = 0; a < 144; ++a)
        for (int d = 0; d < 9; ++d) {
            int c = a % 12, rr = a / 12;
            assert_int_equal(fx_step(bulk, c, rr, c + d % 3 - 1, rr + d / 3 - 1),
                             fx_step(single, c, rr, c + d % 3 - 1, rr + d / 3 - 1));
        }
    gg_scene_destroy(bulk);
    gg_scene_destroy(single);
}

static void walls__adds_survive_each_failed_allocation(void **state)
{
    (void)state;
    for (int bulk = 0; bulk < 2; ++bulk) {
        for (long fail_at = 0;; ++fail_at) {
            gg_test_alloc fa;
            gg_test_alloc_init(&fa, -1);
            gg_scene_def d = gg_scene_def_default();
            d.width = d.height = 16;
            d.allocator = &fa.iface;
            gg_scene *s = NULL;
            assert_int_equal(gg_scene_create(&d, &s), GG_OK);
            fa.fail_at = fa.calls + fail_at;
            int n = bulk ? 40 : 1;
            gg_wall_def defs[40];
            for (int k = 0; k < n; ++k) {
                defs[k] = gg_wall_def_default();
                defs[k].x1 = 1 + k % 14;
                defs[k].x2 = 1 + k % 14;
                defs[k].y2 = 16;
            }
            gg_status st = GG_OK;
            /* Many single adds cross the pending-rebuild threshold too. */
            for (int rep = 0; rep < (bulk ? 1 : 80) && st == GG_OK; ++rep)
                st = gg_scene_add_walls(s, defs, n, NULL);
            int32_t count = gg_scene_wall_count(s);
            fa.fail_at = -1;
            /* Consistent after failure: every live wall blocks, and the scene stays usable. */
            if (count > 0)
                assert_false(fx_los(s, 0, 3, 15, 3));
            assert_int_equal(gg_scene_add_walls(s, defs, n, NULL), GG_OK);
            assert_false(fx_los(s, 0, 3, 15, 3));
            gg_scene_destroy(s);
            assert_int_equal(fa.live_bytes, 0);
            if (st == GG_OK)
                break;
            assert_int_equal(st, GG_E_NO_MEMORY);
        }
    }
}

static void walls__one_way_walls_follow_foundry_sides(void **state)
{
    (void)state;
    gg_scene *s = fx_scene(4, 3, NULL);
    gg_wall_def w = gg_wall_def_default();
    w.x1 = 0; /* A (0,1) -> B (4,1): cells below it (row 1) are on its LEFT */
    w.y1 = 1;
    w.x2 = 4;
    w.y2 = 1;
    w.one_way = GG_ONE_WAY_LEFT;
    gg_wall_id id;
    assert_int_equal(gg_scene_add_wall(s, &w, &id), GG_OK);
    assert_true(fx_los(s, 1, 1, 1, 0));  /* from the left side: transparent */
    assert_false(fx_los(s, 1, 0, 1, 1)); /* from the right side: blocks */
    assert_int_equal(fx_step(s, 1, 1, 1, 0), 5);
    assert_int_equal(fx_step(s, 1, 0, 1, 1), GG_STEP_ILLEGAL);
    gg_wall_def back;
    assert_int_equal(gg_scene_get_wall(s, id, &back), GG_OK);
    assert_int_equal(back.one_way, GG_ONE_WAY_LEFT);
    assert_int_equal(gg_scene_remove_wall(s, id), GG_OK);
    w.one_way = GG_ONE_WAY_RIGHT;
    assert_int_equal(gg_scene_add_wall(s, &w, &id), GG_OK);
    assert_false(fx_los(s, 1, 1, 1, 0));
    assert_true(fx_los(s, 1, 0, 1, 1));
    w.one_way = (gg_one_way)3;
    assert_int_equal(gg_scene_add_wall(s, &w, NULL), GG_E_INVALID_ARG);
    gg_scene_destroy(s);
}

static void walls__low_walls_and_windows_give_cover_not_blindness(void **state)
{
    (void)state;
    gg_scene *s = fx_scene(5, 2, NULL);
    gg_wall_def w = gg_wall_def_default();
    w.x1 = 2;
    w.y1 = 0;
    w.x2 = 2;
    w.y2 = 2;
    w.cover = GG_COVER_HALF;
    gg_wall_id low;
    assert_int_equal(gg_scene_add_wall(s, &w, &low), GG_OK);
    assert_true(fx_los(s, 0, 0, 4, 0));
    gg_cover c = GG_COVER_NONE;
    assert_int_equal(gg_scene_cover_between(s, gg_cell_make(0, 0), gg_cell_make(4, 0), NULL, 0, &c),
                     GG_OK);
    assert_int_equal(c, GG_COVER_HALF);
    assert_int_equal(fx_step(s, 1, 0, 2, 0), GG_STEP_ILLEGAL); /* still blocks movement */
    assert_int_equal(gg_scene_remove_wall(s, low), GG_OK);
    w.cover = GG_COVER_TOTAL; /* a window */
    w.blocks = GG_BLOCKS_MOVEMENT | GG_BLOCKS_SIGHT;
    assert_int_equal(gg_scene_add_wall(s, &w, NULL), GG_OK);
    assert_true(fx_los(s, 0, 0, 4, 0));
    bool ok = true;
    assert_int_equal(gg_scene_in_range_with_los(s, gg_cell_make(0, 0), gg_cell_make(4, 0), 60, &ok),
                     GG_OK);
    assert_false(ok); /* seen, but total cover: not targetable */
    w.cover = (gg_cover)4;
    assert_int_equal(gg_scene_add_wall(s, &w, NULL), GG_E_INVALID_ARG);
    gg_scene_destroy(s);
}

/* Every cell's move_walls byte against the linear test of every wall (white box). */
static void expect_move_walls_exact(const gg_scene *s)
{
    for (int32_t row = 0; row < s->height; ++row)
        for (int32_t col = 0; col < s->width; ++col) {
            gg_cell c = gg_cell_make(col, row);
            uint8_t want = 0;
            for (int d = 0; d < 8; ++d) {
                gg_cell n = gg_cell_make(col + gg__dirs[d].dc, row + gg__dirs[d].dr);
                if (gg__in(s, n) &&
                    gg__segment_hits_wall_linear(s, gg__wall_centre(c), gg__wall_centre(n),
                                                 (uint32_t)GG_BLOCKS_MOVEMENT))
                    want |= (uint8_t)(1u << d);
            }
            if (gg__move_walls_row(s, c.row)[c.col] != want)
                fail_msg("cell %d,%d: move_walls 0x%02x, every wall says 0x%02x", (int)col,
                         (int)row, gg__move_walls_row(s, c.row)[c.col], want);
        }
}

/* Adds keep the movement data exact for every kind of wall (doors in each state, one-way
 * sides, windows, sight-only walls, walls off the map), in bulk and one at a time. */
static void walls__adds_keep_move_walls_exact(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 20261201, "walls__adds_keep_move_walls_exact");
    for (int round = 0; round < 40; ++round) {
        gg_scene_def sd = gg_scene_def_default();
        sd.width = 14;
        sd.height = 11;
        sd.wall_rule = round >= 20 ? GG_WALL_RULE_POINT : GG_WALL_RULE_NAT20;
        gg_scene *bulk = NULL, *single = NULL;
        assert_int_equal(gg_scene_create(&sd, &bulk), GG_OK);
        assert_int_equal(gg_scene_create(&sd, &single), GG_OK);
        gg_wall_def defs[60];
        for (int k = 0; k < 60; ++k) {
            defs[k] = gg_wall_def_default();
            defs[k].x1 = fx_below(&r, 33) * 0.5 - 1.0;
            defs[k].y1 = fx_below(&r, 27) * 0.5 - 1.0;
            int32_t len = 1 + (int32_t)fx_below(&r, k % 5 == 0 ? 30 : 6);
            defs[k].x2 = defs[k].x1 + (double)((int32_t)fx_below(&r, 2 * len + 1) - len) * 0.5;
            defs[k].y2 = defs[k].y1 + (double)((int32_t)fx_below(&r, 2 * len + 1) - len) * 0.5;
            if (round % 2 == 1) { /* the fine lattice: ends moved by up to half a cell */
                double *v[4] = {&defs[k].x1, &defs[k].y1, &defs[k].x2, &defs[k].y2};
                const int32_t m = GG_WALL_UNITS_PER_CELL / 2;
                for (int e = 0; e < 4; ++e)
                    *v[e] += (double)((int32_t)fx_below(&r, 2 * m + 1) - m) /
                             GG_WALL_UNITS_PER_CELL;
            }
            defs[k].door = (gg_door)fx_below(&r, 4);
            defs[k].one_way = (gg_one_way)fx_below(&r, 3);
            defs[k].cover = fx_below(&r, 4) == 0 ? GG_COVER_TOTAL : GG_COVER_NONE;
            if (fx_below(&r, 5) == 0)
                defs[k].blocks = GG_BLOCKS_SIGHT;
            assert_int_equal(gg_scene_add_wall(single, &defs[k], NULL), GG_OK);
        }
        assert_int_equal(gg_scene_add_walls(bulk, defs, 60, NULL), GG_OK);
        expect_move_walls_exact(bulk);
        expect_move_walls_exact(single);
        gg_scene_destroy(bulk);
        gg_scene_destroy(single);
    }
}

/* Regression (issue 20, defect 2): adding walls refreshed each touched cell against every wall
 * near it, once per wall, so walls that share cells cost the product of the two counts: 400
 * copies of one wall across a 1024-cell map took minutes. Each wall now costs the cells it
 * touches; the bound is 50 times what that takes on a sanitizer build. */
static void walls__bulk_add_costs_the_cells_each_wall_touches(void **state)
{
    (void)state;
    gg_scene *s = fx_scene(1024, 64, NULL);
    enum { N = 400 };
    static gg_wall_def defs[N];
    for (int k = 0; k < N; ++k) {
        defs[k] = gg_wall_def_default();
        defs[k].x1 = 0;
        defs[k].y1 = 32;
        defs[k].x2 = 1024;
        defs[k].y2 = 32 + (k % 2) * 0.5; /* two lines, crossing every cell's steps */
    }
    clock_t t0 = clock();
    assert_int_equal(gg_scene_add_walls(s, defs, N, NULL), GG_OK);
    double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    if (secs > 10.0)
        fail_msg("adding %d walls of 1024 cells took %.1f s of CPU", N, secs);
    assert_int_equal(fx_step(s, 5, 31, 5, 32), GG_STEP_ILLEGAL);
    assert_int_equal(fx_step(s, 5, 30, 6, 30), 5);
    gg_scene_destroy(s);
}

/* Every cell's derived steps (gg__cell_steps(), the fast path over the cell bytes and
 * move_walls) equal the neighbour-by-neighbour reference (white box). */
static void expect_cell_steps_current(const gg_scene *s)
{
    static const uint8_t to_dir[8] = {0, 3, 5, 1, 6, 2, 4, 7}; /* spatial k -> gg__dirs */
    for (int32_t row = 0; row < s->height; ++row)
        for (int32_t col = 0; col < s->width; ++col) {
            const uint32_t ref = gg__cell_steps_spatial_ref(s, col, row);
            uint32_t want = 0;
            for (int k = 0; k < 8; ++k)
                want |= (ref >> k & 1u) << to_dir[k] | (ref >> (8 + k) & 1u) << (8 + to_dir[k]);
            const uint32_t got = gg__cell_steps(s, col, row);
            if (got != want)
                fail_msg("cell %d,%d: steps 0x%04x, reference 0x%04x", (int)col, (int)row,
                         (unsigned)got, (unsigned)want);
        }
}

/* Long walls (up to 60 cells) over a map with blocked and difficult cells, added in one batch,
 * in batches of ten and one at a time: move_walls against every wall and the derived steps
 * against the reference, after each way. Exercises the shortcut
 * that skips the segment test away from wall endpoints. */
static void walls__long_walls_keep_move_data_exact(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 20261202, "walls__long_walls_keep_move_data_exact");
    for (int round = 0; round < 6; ++round) {
        gg_scene *s[3] = {fx_scene(64, 48, NULL), fx_scene(64, 48, NULL), fx_scene(64, 48, NULL)};
        for (int k = 0; k < 300; ++k) {
            gg_cell c = gg_cell_make((int32_t)fx_below(&r, 64), (int32_t)fx_below(&r, 48));
            bool blocked = fx_below(&r, 2) == 0;
            for (int v = 0; v < 3; ++v)
                assert_int_equal(blocked ? gg_scene_set_blocked(s[v], c, true)
                                         : gg_scene_set_difficult(s[v], c, true),
                                 GG_OK);
        }
        enum { N = 120 };
        gg_wall_def defs[N];
        for (int k = 0; k < N; ++k) {
            defs[k] = gg_wall_def_default();
            defs[k].x1 = fx_below(&r, 140) * 0.5 - 3.0;
            defs[k].y1 = fx_below(&r, 108) * 0.5 - 3.0;
            int32_t len = 1 + (int32_t)fx_below(&r, k % 3 == 0 ? 120 : 12);
            defs[k].x2 = defs[k].x1 + (double)((int32_t)fx_below(&r, 2 * len + 1) - len) * 0.5;
            defs[k].y2 = defs[k].y1 + (double)((int32_t)fx_below(&r, 2 * len + 1) - len) * 0.5;
            if (round % 2 == 1) { /* the fine lattice: ends moved by up to half a cell */
                double *v[4] = {&defs[k].x1, &defs[k].y1, &defs[k].x2, &defs[k].y2};
                const int32_t m = GG_WALL_UNITS_PER_CELL / 2;
                for (int e = 0; e < 4; ++e)
                    *v[e] += (double)((int32_t)fx_below(&r, 2 * m + 1) - m) /
                             GG_WALL_UNITS_PER_CELL;
            }
            defs[k].door = (gg_door)fx_below(&r, 4);
            defs[k].one_way = (gg_one_way)fx_below(&r, 3);
        }
        assert_int_equal(gg_scene_add_walls(s[0], defs, N, NULL), GG_OK);
        for (int k = 0; k < N; k += 10)
            assert_int_equal(gg_scene_add_walls(s[1], defs + k, 10, NULL), GG_OK);
        for (int k = 0; k < N; ++k)
            assert_int_equal(gg_scene_add_wall(s[2], &defs[k], NULL), GG_OK);
        for (int v = 0; v < 3; ++v) {
            expect_move_walls_exact(s[v]);
            expect_cell_steps_current(s[v]);
            gg_scene_destroy(s[v]);
        }
    }
}

/* ---- The point rule (docs/vision.md) --------------------------------------------------------- */

static gg_scene *point_scene(int32_t w, int32_t h)
{
    gg_scene_def d = gg_scene_def_default();
    d.width = w;
    d.height = h;
    d.wall_rule = GG_WALL_RULE_POINT;
    gg_scene *s = NULL;
    assert_int_equal(gg_scene_create(&d, &s), GG_OK);
    assert_int_equal(gg_scene_wall_rule(s), GG_WALL_RULE_POINT);
    d.wall_rule = (gg_wall_rule)2;
    gg_scene *bad = NULL;
    assert_int_equal(gg_scene_create(&d, &bad), GG_E_INVALID_ARG);
    assert_null(bad);
    return s;
}

static int64_t side_of(gg_hpoint a, gg_hpoint b, gg_hpoint p)
{
    return ((int64_t)b.x - a.x) * ((int64_t)p.y - a.y) -
           ((int64_t)b.y - a.y) * ((int64_t)p.x - a.x);
}

/* Random walls through cell centres at any angle (fine lattice): under the point rule every
 * cell sees itself, no cell on one wall alone is pinned, and no creature crosses a wall by
 * stepping onto it and off the other side (X -> C -> Y with X, Y strictly on opposite sides of a
 * wall through C's centre, both steps touching it). Under the Nat20 rule the same walls blind and
 * pin those cells (the regression this rule fixes). */
static void walls__point_rule_no_blind_no_pinned_no_crossing(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 1402, "walls__point_rule_no_blind_no_pinned_no_crossing");
    const int32_t U = GG_WALL_UNITS_PER_CELL;
    for (int round = 0; round < 60; ++round) {
        const int32_t W = 7, H = 7;
        gg_scene *s = point_scene(W, H), *nat = fx_scene(W, H, NULL);
        int nwalls = 1 + (int)fx_below(&r, round < 20 ? 1 : 4);
        gg_hpoint wa[4], wb[4];
        for (int k = 0; k < nwalls; ++k) {
            /* through the centre of a random cell, in a random fine direction */
            gg_cell c = gg_cell_make(1 + (int32_t)fx_below(&r, 5), 1 + (int32_t)fx_below(&r, 5));
            gg_hpoint C = gg__wall_centre(c);
            int32_t dx = (int32_t)fx_below(&r, (uint32_t)U + 1) - U / 2;
            int32_t dy = (int32_t)fx_below(&r, (uint32_t)U + 1) - U / 2;
            if (dx == 0 && dy == 0)
                dx = U / 2;
            int32_t k1 = 1 + (int32_t)fx_below(&r, 4), k2 = 1 + (int32_t)fx_below(&r, 4);
            wa[k] = (gg_hpoint){C.x - k1 * dx, C.y - k1 * dy};
            wb[k] = (gg_hpoint){C.x + k2 * dx, C.y + k2 * dy};
            gg_wall_def d = gg_wall_def_default();
            d.x1 = (double)wa[k].x / U, d.y1 = (double)wa[k].y / U;
            d.x2 = (double)wb[k].x / U, d.y2 = (double)wb[k].y / U;
            assert_int_equal(gg_scene_add_wall(s, &d, NULL), GG_OK);
            assert_int_equal(gg_scene_add_wall(nat, &d, NULL), GG_OK);
        }
        expect_move_walls_exact(s);
        for (int32_t row = 0; row < H; ++row)
            for (int32_t col = 0; col < W; ++col) {
                gg_cell c = gg_cell_make(col, row);
                gg_hpoint C = gg__wall_centre(c);
                assert_true(fx_los(s, col, row, col, row));
                int walls_here = 0, inside = -1;
                for (int k = 0; k < nwalls; ++k)
                    if (gg_segments_intersect(C, C, wa[k], wb[k])) {
                        walls_here++;
                        if (!gg_segments_intersect(C, C, wa[k], wa[k]) &&
                            !gg_segments_intersect(C, C, wb[k], wb[k]))
                            inside = k;
                    }
                if (walls_here > 0 && col > 0 && row > 0 && col < W - 1 && row < H - 1)
                    assert_false(fx_los(nat, col, row, col, row)); /* Nat20: blind */
                int legal = 0;
                for (int d = 0; d < 8; ++d) {
                    gg_cell n = gg_cell_make(col + gg__dirs[d].dc, row + gg__dirs[d].dr);
                    if (gg__in(s, n) && fx_step(s, col, row, n.col, n.row) != GG_STEP_ILLEGAL)
                        legal++;
                }
                if (walls_here == 1)
                    assert_true(legal > 0); /* never pinned by one wall */
                if (inside < 0)
                    continue;
                for (int d1 = 0; d1 < 8; ++d1)
                    for (int d2 = 0; d2 < 8; ++d2) {
                        gg_cell x = gg_cell_make(col + gg__dirs[d1].dc, row + gg__dirs[d1].dr);
                        gg_cell y = gg_cell_make(col + gg__dirs[d2].dc, row + gg__dirs[d2].dr);
                        if (!gg__in(s, x) || !gg__in(s, y))
                            continue;
                        gg_hpoint X = gg__wall_centre(x), Y = gg__wall_centre(y);
                        const gg_hpoint a = wa[inside], b = wb[inside];
                        if (!(side_of(a, b, X) > 0 && side_of(a, b, Y) < 0))
                            continue;
                        if (fx_step(s, x.col, x.row, col, row) != GG_STEP_ILLEGAL &&
                            fx_step(s, col, row, y.col, y.row) != GG_STEP_ILLEGAL)
                            fail_msg("round %d: %d,%d -> %d,%d -> %d,%d crosses a wall", round,
                                     (int)x.col, (int)x.row, (int)col, (int)row, (int)y.col,
                                     (int)y.row);
                    }
            }
        gg_scene_destroy(s);
        gg_scene_destroy(nat);
    }
}

/* ---- Reading walls back at the caller's size ---------------------------------------------------
 * A host built against the 0.2 header has a 56-byte gg_wall_def: the current struct up to
 * `cover`. It is simulated by a def at the start of a canary-filled buffer; every byte past what
 * the call may write must still be the canary afterwards. */

#define WALL_SIZE_0_2 offsetof(gg_wall_def, limited)
#define CANARY 0xA5

typedef union {
    gg_wall_def def[4];
    unsigned char bytes[4 * sizeof(gg_wall_def) + 64];
} wall_buf;

static void fill_canary(wall_buf *b) { memset(b->bytes, CANARY, sizeof b->bytes); }

/* The index of the first byte at or after `from` that is not the canary, or -1. */
static long first_written(const wall_buf *b, size_t from)
{
    for (size_t i = from; i < sizeof b->bytes; i++)
        if (b->bytes[i] != CANARY)
            return (long)i;
    return -1;
}

/* The def at byte offset `at` of the buffer, read as a whole current def (fields past a smaller
 * layout read as the canary). */
static gg_wall_def def_at_offset(const wall_buf *b, size_t at)
{
    gg_wall_def d;
    memcpy(&d, b->bytes + at, sizeof d);
    return d;
}

/* A closed secret door with a height range: every 0.3 field away from its default. */
static gg_wall_id add_rich_wall(gg_scene *s, double x)
{
    gg_wall_def w = gg_wall_def_default();
    w.x1 = w.x2 = x;
    w.y1 = 0.0;
    w.y2 = 4.0;
    w.door = GG_DOOR_CLOSED;
    w.one_way = GG_ONE_WAY_LEFT;
    w.secret = true;
    w.bottom_ft = 0.0;
    w.top_ft = 10.0;
    gg_wall_id id;
    assert_int_equal(gg_scene_add_wall(s, &w, &id), GG_OK);
    return id;
}

static void expect_0_2_fields(const gg_wall_def *d, double x, gg_door door)
{
    assert_int_equal(d->struct_size, WALL_SIZE_0_2);
    assert_true(d->x1 == x && d->y1 == 0.0 && d->x2 == x && d->y2 == 4.0);
    assert_int_equal(d->blocks, GG_BLOCKS_ALL);
    assert_int_equal(d->door, door);
    assert_int_equal(d->one_way, GG_ONE_WAY_LEFT);
    assert_int_equal(d->cover, GG_COVER_NONE);
}

static void expect_all_fields(const gg_wall_def *d, double x, bool secret)
{
    assert_int_equal(d->struct_size, sizeof(gg_wall_def));
    assert_true(d->x1 == x && d->y1 == 0.0 && d->x2 == x && d->y2 == 4.0);
    assert_int_equal(d->door, secret ? GG_DOOR_CLOSED : GG_DOOR_NONE);
    assert_int_equal(d->one_way, GG_ONE_WAY_LEFT);
    assert_int_equal(d->limited, 0u);
    assert_true(d->sight_proximity_ft == 0.0 && d->light_proximity_ft == 0.0);
    assert_int_equal(d->secret, secret);
    assert_true(d->bottom_ft == 0.0 && d->top_ft == 10.0);
}

static void walls__0_2_symbols_write_only_the_0_2_layout(void **state)
{
    (void)state;
    gg_scene *s = fx_scene(8, 8, NULL);
    gg_wall_id ids[3];
    for (int k = 0; k < 3; k++)
        ids[k] = add_rich_wall(s, 1.0 + k);
    /* Through pointers, as a 0.2-built host reaches the symbols (the header's macros do not
     * apply to a name without a call). */
    gg_status (*get)(const gg_scene *, gg_wall_id, gg_wall_def *) = gg_scene_get_wall;
    gg_status (*list)(const gg_scene *, gg_wall_id *, gg_wall_def *, int32_t,
                      int32_t *) = gg_scene_list_walls;
    wall_buf b;
    fill_canary(&b);
    assert_int_equal(get(s, ids[1], b.def), GG_OK);
    assert_int_equal(first_written(&b, WALL_SIZE_0_2), -1);
    expect_0_2_fields(b.def, 2.0, GG_DOOR_CLOSED);
    fill_canary(&b);
    assert_int_equal((gg_scene_get_wall)(s, ids[0], b.def), GG_OK);
    assert_int_equal(first_written(&b, WALL_SIZE_0_2), -1);
    expect_0_2_fields(b.def, 1.0, GG_DOOR_CLOSED);
    /* A list of three 0.2 defs is 3 * 56 bytes, each element 56 bytes after the last. */
    fill_canary(&b);
    int32_t n = -1;
    assert_int_equal(list(s, NULL, b.def, 3, &n), GG_OK);
    assert_int_equal(n, 3);
    assert_int_equal(first_written(&b, 3 * WALL_SIZE_0_2), -1);
    for (int k = 0; k < 3; k++) {
        gg_wall_def d = def_at_offset(&b, (size_t)k * WALL_SIZE_0_2);
        expect_0_2_fields(&d, 1.0 + k, GG_DOOR_CLOSED);
    }
    /* A stale id writes nothing. */
    assert_int_equal(gg_scene_remove_wall(s, ids[2]), GG_OK);
    fill_canary(&b);
    assert_int_equal(get(s, ids[2], b.def), GG_E_STALE_ID);
    assert_int_equal(first_written(&b, 0), -1);
    gg_scene_destroy(s);
}

static void walls__sized_getters_write_exactly_the_size_asked(void **state)
{
    (void)state;
    gg_scene *s = fx_scene(8, 8, NULL);
    gg_wall_id ids[3];
    for (int k = 0; k < 3; k++)
        ids[k] = add_rich_wall(s, 1.0 + k);
    const size_t sizes[] = {WALL_SIZE_0_2, sizeof(gg_wall_def)};
    for (size_t z = 0; z < 2; z++) {
        const size_t size = sizes[z];
        const bool full = size == sizeof(gg_wall_def);
        wall_buf b;
        fill_canary(&b);
        assert_int_equal(gg_scene_get_wall_sized(s, ids[2], b.def, size), GG_OK);
        assert_int_equal(first_written(&b, size), -1);
        if (full)
            expect_all_fields(b.def, 3.0, true);
        else
            expect_0_2_fields(b.def, 3.0, GG_DOOR_CLOSED);
        /* A player's view: the closed secret door reads as a plain wall. */
        fill_canary(&b);
        assert_int_equal(gg_scene_get_wall_view_sized(s, ids[0], NULL, b.def, size), GG_OK);
        assert_int_equal(first_written(&b, size), -1);
        if (full)
            expect_all_fields(b.def, 1.0, false);
        else
            expect_0_2_fields(b.def, 1.0, GG_DOOR_NONE);
        /* The list's stride is the size given: a capacity of 2 writes two elements only. */
        fill_canary(&b);
        gg_wall_id got[3];
        int32_t n = -1;
        assert_int_equal(gg_scene_list_walls_sized(s, got, b.def, size, 2, &n), GG_PARTIAL);
        assert_int_equal(n, 3);
        assert_int_equal(first_written(&b, 2 * size), -1);
        for (int k = 0; k < 2; k++) {
            gg_wall_def d = def_at_offset(&b, (size_t)k * size);
            assert_int_equal(got[k].index, ids[k].index);
            if (full)
                expect_all_fields(&d, 1.0 + k, true);
            else
                expect_0_2_fields(&d, 1.0 + k, GG_DOOR_CLOSED);
        }
        assert_int_equal(gg_scene_list_walls_sized(s, NULL, NULL, size, 0, &n), GG_PARTIAL);
        assert_int_equal(n, 3);
    }
    /* The header's names call the sized forms with this build's size. */
    wall_buf b;
    fill_canary(&b);
    assert_int_equal(gg_scene_get_wall(s, ids[1], b.def), GG_OK);
    assert_int_equal(first_written(&b, sizeof(gg_wall_def)), -1);
    expect_all_fields(b.def, 2.0, true);
    int32_t n = -1;
    fill_canary(&b);
    assert_int_equal(gg_scene_list_walls(s, NULL, b.def, 4, &n), GG_OK);
    assert_int_equal(n, 3);
    assert_int_equal(first_written(&b, 3 * sizeof(gg_wall_def)), -1);
    expect_all_fields(&b.def[2], 3.0, true);
    gg_scene_destroy(s);
}

static void walls__sized_getters_refuse_unknown_sizes_and_write_nothing(void **state)
{
    (void)state;
    gg_scene *s = fx_scene(8, 8, NULL);
    gg_wall_id id = add_rich_wall(s, 2.0);
    const size_t bad[] = {0,
                          1,
                          sizeof(uint32_t),
                          WALL_SIZE_0_2 - 8,
                          WALL_SIZE_0_2 - 1,
                          WALL_SIZE_0_2 + 1,
                          WALL_SIZE_0_2 + 8,
                          sizeof(gg_wall_def) - 8,
                          sizeof(gg_wall_def) + 8,
                          SIZE_MAX};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        wall_buf b;
        fill_canary(&b);
        assert_int_equal(gg_scene_get_wall_sized(s, id, b.def, bad[k]), GG_E_BAD_DEF);
        assert_int_equal(gg_scene_get_wall_view_sized(s, id, NULL, b.def, bad[k]), GG_E_BAD_DEF);
        int32_t n = -1;
        assert_int_equal(gg_scene_list_walls_sized(s, NULL, b.def, bad[k], 4, &n), GG_E_BAD_DEF);
        assert_int_equal(n, 0);
        assert_int_equal(gg_scene_list_walls_sized(s, NULL, NULL, bad[k], 0, &n), GG_E_BAD_DEF);
        assert_int_equal(first_written(&b, 0), -1);
    }
    /* NULL output and NULL scene come before the size. */
    assert_int_equal(gg_scene_get_wall_sized(s, id, NULL, sizeof(gg_wall_def)), GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_get_wall(s, id, NULL), GG_E_INVALID_ARG);
    gg_wall_def d;
    assert_int_equal(gg_scene_get_wall_sized(NULL, id, &d, 0), GG_E_INVALID_ARG);
    gg_scene_destroy(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(walls__ids_go_stale_after_removal_and_slot_reuse),
        cmocka_unit_test(walls__reject_bad_coordinates_with_a_message),
        cmocka_unit_test(walls__open_doors_block_nothing_and_flags_select_what_blocks),
        cmocka_unit_test(walls__bulk_add_equals_one_by_one),
        cmocka_unit_test(walls__one_way_walls_follow_foundry_sides),
        cmocka_unit_test(walls__low_walls_and_windows_give_cover_not_blindness),
        cmocka_unit_test(walls__adds_survive_each_failed_allocation),
        cmocka_unit_test(walls__adds_keep_move_walls_exact),
        cmocka_unit_test(walls__long_walls_keep_move_data_exact),
        cmocka_unit_test(walls__bulk_add_costs_the_cells_each_wall_touches),
        cmocka_unit_test(walls__point_rule_no_blind_no_pinned_no_crossing),
        cmocka_unit_test(walls__0_2_symbols_write_only_the_0_2_layout),
        cmocka_unit_test(walls__sized_getters_write_exactly_the_size_asked),
        cmocka_unit_test(walls__sized_getters_refuse_unknown_sizes_and_write_nothing),
    };
    return cmocka_run_group_tests_name("topology/walls", tests, NULL, NULL);
}
