/* test_scene.c - scene lifetime, limits, tag writers and allocation failure. */
#include "fixture.h"

#include <math.h>

#include "test_alloc.h"
#include "topology/scene/scene_internal.h"
#ifdef GG_TEST_HAVE_IO
#include "gridgeom/io.h"
#include "shared_maps.h"
#endif

static void scene__create_rejects_bad_defs(void **state)
{
    (void)state;
    gg_scene *s = (gg_scene *)&s; /* garbage: must be reset to NULL */
    gg_scene_def d = gg_scene_def_default();
    assert_int_equal(gg_scene_create(&d, &s), GG_E_INVALID_ARG); /* width 0 */
    assert_null(s);
    d.width = 4;
    d.height = 4;
    d.cell_size_ft = 0;
    assert_int_equal(gg_scene_create(&d, &s), GG_E_INVALID_ARG);
    d.cell_size_ft = 5;
    d.default_lighting = GG_LIGHT_DEFAULT;
    assert_int_equal(gg_scene_create(&d, &s), GG_E_INVALID_ARG);
    d.default_lighting = (gg_light)9;
    assert_int_equal(gg_scene_create(&d, &s), GG_E_INVALID_ARG);
    d = gg_scene_def_default();
    d.width = -3;
    d.height = 4;
    assert_int_equal(gg_scene_create(&d, &s), GG_E_INVALID_ARG);
    d.width = GG_SCENE_MAX_SIDE + 1;
    assert_int_equal(gg_scene_create(&d, &s), GG_E_TOO_LARGE);
    d.width = GG_SCENE_MAX_SIDE;
    d.height = GG_SCENE_MAX_SIDE;
    assert_int_equal(gg_scene_create(&d, &s), GG_E_TOO_LARGE);
    d.width = INT32_MAX;
    d.height = INT32_MAX;
    assert_int_equal(gg_scene_create(&d, &s), GG_E_TOO_LARGE);
    /* Feet are int32_t: a cell size past GG_SCENE_MAX_CELL_FT could make a distance overflow. */
    d = gg_scene_def_default();
    d.width = d.height = 2;
    d.cell_size_ft = GG_SCENE_MAX_CELL_FT + 1;
    assert_int_equal(gg_scene_create(&d, &s), GG_E_TOO_LARGE);
    assert_null(s);
    d = gg_scene_def_default();
    d.struct_size = 3;
    d.width = d.height = 2;
    assert_int_equal(gg_scene_create(&d, &s), GG_E_BAD_DEF);
    assert_int_equal(gg_scene_create(NULL, &s), GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_create(&d, NULL), GG_E_INVALID_ARG);
    gg_allocator half = {NULL, NULL, NULL};
    d = gg_scene_def_default();
    d.width = d.height = 2;
    d.allocator = &half;
    assert_int_equal(gg_scene_create(&d, &s), GG_E_INVALID_ARG);
    gg_scene_destroy(NULL);
}

static void scene__builds_a_4096_square_scene(void **state)
{
    (void)state;
    gg_scene_def d = gg_scene_def_default();
    d.width = 4096;
    d.height = 4096;
    gg_scene *s = NULL;
    assert_int_equal(gg_scene_create(&d, &s), GG_OK);
    assert_int_equal(gg_scene_width(s), 4096);
    assert_int_equal(gg_scene_height(s), 4096);
    assert_int_equal(gg_scene_cell_size_ft(s), 5);
    gg_wall_def w = gg_wall_def_default();
    w.x1 = 0;
    w.y1 = 0;
    w.x2 = 4096;
    w.y2 = 4096;
    assert_int_equal(gg_scene_add_wall(s, &w, NULL), GG_OK);
    assert_false(fx_los(s, 4000, 10, 10, 4000));
    assert_true(fx_los(s, 4000, 10, 4095, 9));
    gg_scene_destroy(s);
}

static void scene__tag_writers_validate_and_round_trip(void **state)
{
    (void)state;
    gg_scene *s = fx_scene(3, 2, NULL);
    gg_cell c = gg_cell_make(1, 1);
    assert_int_equal(gg_scene_set_cover(s, c, GG_COVER_THREE_QUARTERS), GG_OK);
    assert_int_equal(gg_scene_set_lighting(s, c, GG_LIGHT_DIM), GG_OK);
    assert_int_equal(gg_scene_set_obscurement(s, c, GG_OBSCURE_HEAVY), GG_OK);
    assert_int_equal(gg_scene_set_difficult(s, c, true), GG_OK);
    gg_cover cv;
    assert_int_equal(gg_scene_cover_on_cell(s, c, &cv), GG_OK);
    assert_int_equal(cv, GG_COVER_THREE_QUARTERS);
    assert_int_equal(gg_scene_set_blocked(s, c, true), GG_OK);
    assert_int_equal(gg_scene_cover_on_cell(s, c, &cv), GG_OK);
    assert_int_equal(cv, GG_COVER_TOTAL); /* Nat20 8.2: blocked -> total */
    assert_int_equal(gg_scene_set_blocked(s, c, false), GG_OK);
    assert_int_equal(gg_scene_cover_on_cell(s, c, &cv), GG_OK);
    assert_int_equal(cv, GG_COVER_THREE_QUARTERS); /* the other fields were untouched */

    assert_int_equal(gg_scene_set_cover(s, c, (gg_cover)4), GG_E_INVALID_ARG);
    assert_true(strlen(gg_scene_message(s)) > 0);
    assert_int_equal(gg_scene_set_lighting(s, c, (gg_light)-1), GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_set_obscurement(s, c, (gg_obscurement)4), GG_E_INVALID_ARG);
    /* Magical Darkness (0.2) is the fourth obscurement value. */
    assert_int_equal(gg_scene_set_obscurement(s, c, GG_OBSCURE_MAGICAL_DARKNESS), GG_OK);
    gg_obscurement ob = GG_OBSCURE_NONE;
    assert_int_equal(gg_scene_obscurement_on_cell(s, c, &ob), GG_OK);
    assert_int_equal(ob, GG_OBSCURE_MAGICAL_DARKNESS);
    assert_int_equal(gg_scene_set_blocked(s, gg_cell_make(3, 0), true), GG_E_OUT_OF_BOUNDS);
    assert_non_null(strstr(gg_scene_message(s), "outside"));
    assert_int_equal(gg_scene_set_blocked(NULL, c, true), GG_E_INVALID_ARG);
    assert_true(gg_scene_contains(s, gg_cell_make(2, 1)));
    assert_false(gg_scene_contains(s, gg_cell_make(-1, 0)));
    assert_false(gg_scene_contains(NULL, gg_cell_make(0, 0)));
    gg_scene_destroy(s);
}

static void scene__set_cells_applies_in_bulk_and_stops_at_first_failure(void **state)
{
    (void)state;
    gg_scene *s = fx_scene(4, 4, NULL);
    gg_cell cells[3] = {{0, 0}, {1, 1}, {9, 9}};
    int32_t done = -1;
    assert_int_equal(gg_scene_set_cells(s, GG_TAG_BLOCKED, cells, 3, 1, &done), GG_E_OUT_OF_BOUNDS);
    assert_int_equal(done, 2);
    bool valid = true;
    assert_int_equal(gg_scene_is_valid_cell(s, gg_cell_make(1, 1), &valid), GG_OK);
    assert_false(valid);
    assert_int_equal(gg_scene_set_cells(s, GG_TAG_LIGHTING, cells, 2, GG_LIGHT_DARK, &done), GG_OK);
    gg_light l;
    assert_int_equal(gg_scene_light_on_cell(s, gg_cell_make(0, 0), &l), GG_OK);
    assert_int_equal(l, GG_LIGHT_DARK);
    assert_int_equal(gg_scene_set_cells(s, (gg_cell_tag)77, cells, 1, 1, &done), GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_set_cells(s, GG_TAG_BLOCKED, cells, 1, 2, &done), GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_set_cells(s, GG_TAG_COVER, NULL, 1, 1, &done), GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_set_cells(s, GG_TAG_COVER, cells, -1, 1, &done), GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_set_cells(s, GG_TAG_DIFFICULT, cells, 0, 1, NULL), GG_OK);
    gg_scene_destroy(s);
}

static void scene__create_survives_each_failed_allocation(void **state)
{
    (void)state;
    for (long fail_at = 0;; ++fail_at) {
        gg_test_alloc fa;
        gg_test_alloc_init(&fa, fail_at);
        gg_scene_def d = gg_scene_def_default();
        d.width = 8;
        d.height = 8;
        d.allocator = &fa.iface;
        gg_scene *s = NULL;
        gg_status st = gg_scene_create(&d, &s);
        if (st == GG_OK) {
            gg_scene_destroy(s);
            assert_int_equal(fa.live_bytes, 0);
            break;
        }
        assert_int_equal(st, GG_E_NO_MEMORY);
        assert_null(s);
        assert_int_equal(fa.live_bytes, 0);
    }
}

/* Regression (issue 20, defect 5): gg_scene_set_cells() rejected a negative count or a NULL
 * array without touching the message, so gg_scene_message() still explained the previous
 * writer's failure. Each rejection now says what it rejected, and a success leaves "". */
static void scene__rejected_set_cells_says_why_not_the_previous_writer(void **state)
{
    (void)state;
    gg_scene *s = fx_scene(4, 4, NULL);
    gg_cell c = gg_cell_make(2, 2);
    assert_int_equal(gg_scene_set_blocked(s, gg_cell_make(9, 9), true), GG_E_OUT_OF_BOUNDS);
    assert_non_null(strstr(gg_scene_message(s), "outside"));
    assert_int_equal(gg_scene_set_cells(s, GG_TAG_BLOCKED, &c, -1, 1, NULL), GG_E_INVALID_ARG);
    assert_null(strstr(gg_scene_message(s), "outside"));
    assert_non_null(strstr(gg_scene_message(s), "count"));
    assert_int_equal(gg_scene_set_blocked(s, gg_cell_make(9, 9), true), GG_E_OUT_OF_BOUNDS);
    assert_int_equal(gg_scene_set_cells(s, GG_TAG_COVER, NULL, 3, 1, NULL), GG_E_INVALID_ARG);
    assert_non_null(strstr(gg_scene_message(s), "NULL"));
    assert_int_equal(gg_scene_set_cells(s, (gg_cell_tag)99, NULL, 0, 1, NULL), GG_E_INVALID_ARG);
    assert_non_null(strstr(gg_scene_message(s), "gg_cell_tag"));
    assert_int_equal(gg_scene_set_cells(s, GG_TAG_BLOCKED, &c, 0, 1, NULL), GG_OK);
    assert_string_equal(gg_scene_message(s), "");
    gg_scene_destroy(s);
}

/* The exporters' readers give back exactly what the writers set, uninterpreted. */
static void scene__readers_give_back_what_the_writers_set(void **state)
{
    (void)state;
    gg_test_alloc ta;
    gg_test_alloc_init(&ta, -1);
    gg_scene_def d = gg_scene_def_default();
    d.width = 6;
    d.height = 4;
    d.default_lighting = GG_LIGHT_DIM;
    d.allocator = &ta.iface;
    gg_scene *s = NULL;
    assert_int_equal(gg_scene_create(&d, &s), GG_OK);
    assert_int_equal(gg_scene_default_lighting(s), GG_LIGHT_DIM);
    assert_int_equal(gg_scene_default_lighting(NULL), GG_LIGHT_DEFAULT);
    gg_allocator got;
    assert_int_equal(gg_scene_allocator(s, &got), GG_OK);
    assert_ptr_equal(got.ctx, &ta);
    assert_int_equal(gg_scene_allocator(NULL, &got), GG_E_INVALID_ARG);

    /* A blocked cell keeps its own cover tag (cover_on_cell says total); a lit cell's tag is
     * its tag, not the default or a light source's. */
    gg_cell c = gg_cell_make(2, 1);
    assert_int_equal(gg_scene_set_cover(s, c, GG_COVER_HALF), GG_OK);
    assert_int_equal(gg_scene_set_blocked(s, c, true), GG_OK);
    assert_int_equal(gg_scene_set_lighting(s, gg_cell_make(3, 1), GG_LIGHT_DARK), GG_OK);
    assert_int_equal(gg_scene_set_difficult(s, gg_cell_make(5, 1), true), GG_OK);
    assert_int_equal(gg_scene_set_obscurement(s, gg_cell_make(0, 1), GG_OBSCURE_HEAVY), GG_OK);
    gg_light_def l = gg_light_def_default();
    l.cell = gg_cell_make(4, 1);
    assert_int_equal(gg_scene_add_light(s, &l, NULL), GG_OK);
    static const int32_t want[5][6] = {{0, 0, 1, 0, 0, 0},
                                       {0, 0, 0, 0, 0, 1},
                                       {0, 0, GG_COVER_HALF, 0, 0, 0},
                                       {0, 0, 0, GG_LIGHT_DARK, 0, 0},
                                       {GG_OBSCURE_HEAVY, 0, 0, 0, 0, 0}};
    for (int k = 0; k < 5; ++k) {
        int32_t row[6] = {-1, -1, -1, -1, -1, -1};
        assert_int_equal(gg_scene_cell_tags(s, (gg_cell_tag)(GG_TAG_BLOCKED + k),
                                            gg_cell_make(0, 1), 6, row),
                         GG_OK);
        assert_memory_equal(row, want[k], sizeof row);
        int32_t one = -1;
        assert_int_equal(gg_scene_cell_tags(s, (gg_cell_tag)(GG_TAG_BLOCKED + k),
                                            gg_cell_make(3, 1), 1, &one),
                         GG_OK);
        assert_int_equal(one, want[k][3]);
    }
    gg_cover cover = GG_COVER_NONE;
    assert_int_equal(gg_scene_cover_on_cell(s, c, &cover), GG_OK);
    assert_int_equal(cover, GG_COVER_TOTAL);

    /* Bad spans change nothing. */
    int32_t v[8] = {7, 7, 7, 7, 7, 7, 7, 7};
    assert_int_equal(gg_scene_cell_tags(s, GG_TAG_COVER, gg_cell_make(2, 0), 5, v),
                     GG_E_OUT_OF_BOUNDS);
    assert_int_equal(gg_scene_cell_tags(s, GG_TAG_COVER, gg_cell_make(0, 4), 1, v),
                     GG_E_OUT_OF_BOUNDS);
    assert_int_equal(gg_scene_cell_tags(s, GG_TAG_COVER, gg_cell_make(-1, 0), 1, v),
                     GG_E_OUT_OF_BOUNDS);
    assert_int_equal(v[0], 7);
    assert_int_equal(gg_scene_cell_tags(s, (gg_cell_tag)9, gg_cell_make(0, 0), 1, v),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_cell_tags(s, GG_TAG_COVER, gg_cell_make(0, 0), -1, v),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_cell_tags(NULL, GG_TAG_COVER, gg_cell_make(0, 0), 1, v),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_cell_tags(s, GG_TAG_COVER, gg_cell_make(0, 0), 0, NULL), GG_OK);

    /* Walls in id order, as gg_scene_get_wall() gives them; a removed one is skipped. */
    gg_wall_id ids[3];
    for (int k = 0; k < 3; ++k) {
        gg_wall_def w = gg_wall_def_default();
        w.x1 = k;
        w.y2 = 2.5;
        w.x2 = k;
        w.door = k == 2 ? GG_DOOR_OPEN : GG_DOOR_NONE;
        assert_int_equal(gg_scene_add_wall(s, &w, &ids[k]), GG_OK);
    }
    assert_int_equal(gg_scene_remove_wall(s, ids[1]), GG_OK);
    gg_wall_id lid[3];
    gg_wall_def ldef[3];
    int32_t n = -1;
    assert_int_equal(gg_scene_list_walls(s, lid, ldef, 1, &n), GG_PARTIAL);
    assert_int_equal(n, 2);
    assert_int_equal(gg_scene_list_walls(s, lid, ldef, 3, &n), GG_OK);
    assert_int_equal(n, 2);
    for (int k = 0; k < 2; ++k) {
        gg_wall_def one;
        assert_int_equal(gg_scene_get_wall(s, lid[k], &one), GG_OK);
        assert_true(one.x1 == ldef[k].x1 && one.y1 == ldef[k].y1 && one.x2 == ldef[k].x2 &&
                    one.y2 == ldef[k].y2);
        assert_int_equal(one.blocks, ldef[k].blocks);
        assert_int_equal(one.door, ldef[k].door);
        assert_int_equal(one.one_way, ldef[k].one_way);
        assert_int_equal(one.cover, ldef[k].cover);
    }
    assert_int_equal(lid[0].index, ids[0].index);
    assert_int_equal(lid[1].index, ids[2].index);
    assert_int_equal(ldef[1].door, GG_DOOR_OPEN);
    assert_int_equal(gg_scene_list_walls(s, NULL, NULL, 0, &n), GG_PARTIAL);
    assert_int_equal(gg_scene_list_walls(s, NULL, NULL, -1, &n), GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_list_walls(NULL, NULL, NULL, 0, &n), GG_E_INVALID_ARG);
    gg_scene_destroy(s);
    assert_int_equal(ta.live_bytes, 0);
}

/* gg_wall_def as the 0.2.0 header declared it (it ended at `cover`). */
typedef struct wall_def_0_2 {
    uint32_t struct_size;
    double x1, y1, x2, y2;
    uint32_t blocks;
    gg_door door;
    gg_one_way one_way;
    gg_cover cover;
} wall_def_0_2;

/* A host built against the 0.2.0 headers keeps working: its smaller scene and wall defs read the
 * fields added since as their defaults (docs/api.md, "Growing without breaking"). Before, both
 * were refused with GG_E_BAD_DEF. */
static void scene__defs_from_the_0_2_header_read_new_fields_as_defaults(void **state)
{
    (void)state;
    assert_int_equal(sizeof(wall_def_0_2), offsetof(gg_wall_def, limited));
    gg_scene_def sd = gg_scene_def_default();
    sd.width = 6;
    sd.height = 3;
    sd.wall_rule = (gg_wall_rule)99; /* bytes past the old struct: must not be read */
    sd.struct_size = (uint32_t)offsetof(gg_scene_def, wall_rule);
    gg_scene *s = NULL;
    assert_int_equal(gg_scene_create(&sd, &s), GG_OK);
    assert_int_equal(gg_scene_wall_rule(s), GG_WALL_RULE_NAT20);

    /* An array of old walls is read with the old stride: a wall x=3 across the map, a door. */
    wall_def_0_2 old[2];
    memset(old, 0xAB, sizeof old);
    for (int k = 0; k < 2; ++k) {
        old[k].struct_size = (uint32_t)sizeof old[k];
        old[k].x1 = old[k].x2 = 3.0;
        old[k].blocks = GG_BLOCKS_ALL;
        old[k].door = GG_DOOR_NONE;
        old[k].one_way = GG_ONE_WAY_NONE;
        old[k].cover = GG_COVER_NONE;
    }
    old[0].y1 = 0.0, old[0].y2 = 1.0;
    old[1].y1 = 1.0, old[1].y2 = 3.0, old[1].door = GG_DOOR_CLOSED;
    gg_wall_id ids[2];
    assert_int_equal(gg_scene_add_walls(s, (const gg_wall_def *)(const void *)old, 2, ids), GG_OK);
    gg_wall_def back;
    assert_int_equal(gg_scene_get_wall(s, ids[1], &back), GG_OK);
    assert_true(back.x1 == 3.0 && back.y1 == 1.0 && back.y2 == 3.0);
    assert_int_equal(back.door, GG_DOOR_CLOSED);
    assert_int_equal(back.limited, 0u);
    assert_true(back.sight_proximity_ft == 0.0 && back.light_proximity_ft == 0.0);
    assert_false(back.secret);
    assert_true(isinf(back.bottom_ft) && back.bottom_ft < 0 && isinf(back.top_ft) &&
                back.top_ft > 0);
    bool seen = true;
    assert_int_equal(gg_scene_has_line_of_sight(s, gg_cell_make(1, 2), gg_cell_make(5, 2), &seen),
                     GG_OK);
    assert_false(seen);
    assert_int_equal(gg_scene_set_door(s, ids[1], GG_DOOR_OPEN), GG_OK);
    assert_int_equal(gg_scene_has_line_of_sight(s, gg_cell_make(1, 2), gg_cell_make(5, 2), &seen),
                     GG_OK);
    assert_true(seen);

    /* Sizes the library does not know stay GG_E_BAD_DEF. */
    sd.struct_size = (uint32_t)offsetof(gg_scene_def, wall_rule) - 8u;
    gg_scene *t = NULL;
    assert_int_equal(gg_scene_create(&sd, &t), GG_E_BAD_DEF);
    old[0].struct_size = 12u;
    assert_int_equal(gg_scene_add_walls(s, (const gg_wall_def *)(const void *)old, 2, ids),
                     GG_E_BAD_DEF);
    gg_scene_destroy(s);
}

/* Issue 15 (scene storage): gg__scene_dense_bytes() and gg__scene_wall_bytes() account for
 * every byte the scene holds (with the scene struct; these scenes have no light sources), through
 * wall edits that grow and rebuild the index and give wall rows their own bytes, and the dense
 * part stays within its budget: the cell bytes (and GG__CELL_PAD), the blocked bits (row-major
 * and the field of view's transposed copy) and the offset of each wall row (wall plane and
 * move_walls), at most 2 bytes per cell at 4096^2 (1.25; with a 16-bit step_masks plane in the
 * scene it was 3.25 and this failed). */
static void scene__storage_accounts_for_every_byte(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 1515, "scene__storage_accounts_for_every_byte");
    const int32_t sides[][2] = {{1, 1}, {7, 5}, {64, 64}, {300, 17}, {4097, 3}, {4096, 4096}};
    for (size_t k = 0; k < sizeof sides / sizeof sides[0]; ++k) {
        const int32_t w = sides[k][0], h = sides[k][1];
        gg_test_alloc ta;
        gg_test_alloc_init(&ta, -1);
        gg_scene_def d = gg_scene_def_default();
        d.width = w;
        d.height = h;
        d.allocator = &ta.iface;
        gg_scene *s = NULL;
        assert_int_equal(gg_scene_create(&d, &s), GG_OK);
        const size_t ncells = (size_t)w * (size_t)h;
        const size_t dense = gg__scene_dense_bytes(s);
        /* A byte and two bits per cell (the transposed plane has a spare word), a 32-bit offset
         * per row, and the shared row of zeros only on maps wider than 4096 (narrower ones share
         * a constant one). */
        assert_true(dense <= ncells + GG__CELL_PAD + 2u * ((ncells + 63u) / 64u * 8u) + 8u +
                                 ((size_t)h + 1u) * sizeof(uint32_t) +
                                 (w > 4096 ? 2u * (size_t)w + 1u : 0u));
        if (ncells >= 4096u * 4096u)
            assert_true(dense <= 2u * ncells);
        assert_int_equal(gg__scene_wall_bytes(s), 0);
        assert_int_equal(ta.live_bytes, sizeof *s + dense);
        fx_walls walls = {.count = 0};
        const int rounds = ncells > 100000u ? 40 : 60;
        for (int round = 0; round < rounds; ++round) {
            if (ncells > 100000u) { /* fx_random_edit's batches are sized for small maps */
                gg_wall_def wd = gg_wall_def_default();
                wd.x1 = fx_below(&r, w + 1);
                wd.y1 = fx_below(&r, h + 1);
                wd.x2 = fx_below(&r, 2) ? wd.x1 : fx_below(&r, w + 1);
                wd.y2 = wd.x2 == wd.x1 ? fx_below(&r, h + 1) : wd.y1;
                assert_int_equal(gg_scene_add_wall(s, &wd, NULL), GG_OK);
            } else {
                fx_random_edit(&r, s, &walls);
            }
            assert_int_equal(gg__scene_dense_bytes(s), dense); /* walls never grow it */
            /* Rows without their own bytes share the zero row (slot 0): nothing may write it. */
            for (int32_t x = 0; x < 2 * w + 1; ++x)
                assert_int_equal(s->wall_base[x], 0);
            assert_int_equal(ta.live_bytes, sizeof *s + dense + gg__scene_wall_bytes(s));
        }
        assert_true(gg__scene_wall_bytes(s) > 0);
        gg_scene_destroy(s);
        assert_int_equal(ta.live_bytes, 0);
    }
}

#ifdef GG_TEST_HAVE_IO
/* Issue 15: the dense storage of every shared map (tests/data/maps) is at most 2 bytes per cell,
 * the 10 x 10 one included (1.87: its wall rows' table is 4 / width bytes per cell; with a
 * pointer per row it held 2.31 and this failed; bench_walls --memory). */
static void scene__dense_storage_of_every_shared_map(void **state)
{
    (void)state;
    for (size_t m = 0; m < GG_SHARED_MAP_COUNT; ++m) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s", GG_TEST_MAPS_DIR, gg_shared_maps[m]);
        gg_import_def def = gg_import_def_default();
        gg_io_error err;
        gg_scene *s = NULL;
        if (gg_scene_import_file(path, &def, &s, NULL, &err) != GG_OK)
            fail_msg("%s: %s", gg_shared_maps[m], err.message);
        const size_t ncells = s->ncells, dense = gg__scene_dense_bytes(s);
        printf("# %s: %dx%d, dense %.3f B/cell\n", gg_shared_maps[m], (int)s->width, (int)s->height,
               (double)dense / (double)ncells);
        assert_true(dense <= 2u * ncells);
        gg_scene_destroy(s);
    }
}
#endif

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(scene__readers_give_back_what_the_writers_set),
        cmocka_unit_test(scene__create_rejects_bad_defs),
        cmocka_unit_test(scene__defs_from_the_0_2_header_read_new_fields_as_defaults),
        cmocka_unit_test(scene__builds_a_4096_square_scene),
        cmocka_unit_test(scene__storage_accounts_for_every_byte),
#ifdef GG_TEST_HAVE_IO
        cmocka_unit_test(scene__dense_storage_of_every_shared_map),
#endif
        cmocka_unit_test(scene__tag_writers_validate_and_round_trip),
        cmocka_unit_test(scene__set_cells_applies_in_bulk_and_stops_at_first_failure),
        cmocka_unit_test(scene__create_survives_each_failed_allocation),
        cmocka_unit_test(scene__rejected_set_cells_says_why_not_the_previous_writer),
    };
    return cmocka_run_group_tests_name("topology/scene", tests, NULL, NULL);
}
