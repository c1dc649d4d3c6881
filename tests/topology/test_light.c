/* test_light.c - light sources: ids and writers, lines of light stopped by walls that block
 * light and by blocked cells, brightest-wins combination, and seen cells using the computed
 * light. */
#include "fixture.h"

#include "test_alloc.h"

static gg_light_id add_light(gg_scene *s, int c, int r, int bright, int dim)
{
    gg_light_def d = gg_light_def_default();
    d.cell = gg_cell_make(c, r);
    d.bright_ft = bright;
    d.dim_ft = dim;
    gg_light_id id;
    assert_int_equal(gg_scene_add_light(s, &d, &id), GG_OK);
    return id;
}

static gg_light_id add_cone(gg_scene *s, int c, int r, int dim, double angle, double rotation)
{
    gg_light_def d = gg_light_def_default();
    d.cell = gg_cell_make(c, r);
    d.bright_ft = 0;
    d.dim_ft = dim;
    d.angle_deg = angle;
    d.rotation_deg = rotation;
    gg_light_id id;
    assert_int_equal(gg_scene_add_light(s, &d, &id), GG_OK);
    return id;
}

static gg_light src(const gg_scene *s, int c, int r)
{
    gg_light l = GG_LIGHT_DEFAULT;
    assert_int_equal(gg_scene_source_light_on_cell(s, gg_cell_make(c, r), &l), GG_OK);
    return l;
}

static void light__ids_writers_and_invalid_input(void **state)
{
    (void)state;
    gg_scene *s = fx_scene(10, 10, NULL);
    gg_light_def d = gg_light_def_default();
    assert_int_equal(d.bright_ft, 20);
    assert_int_equal(d.dim_ft, 40);
    gg_light_id id = {7, 7};
    assert_int_equal(gg_scene_add_light(NULL, &d, &id), GG_E_INVALID_ARG);
    assert_int_equal(id.index, 0);
    assert_int_equal(gg_scene_add_light(s, NULL, &id), GG_E_INVALID_ARG);
    gg_light_def bad = d;
    bad.struct_size = 0;
    assert_int_equal(gg_scene_add_light(s, &bad, &id), GG_E_BAD_DEF);
    bad = d;
    bad.bright_ft = -1;
    assert_int_equal(gg_scene_add_light(s, &bad, &id), GG_E_INVALID_ARG);
    assert_true(strlen(gg_scene_message(s)) > 0);
    bad = d;
    bad.dim_ft = -5;
    assert_int_equal(gg_scene_add_light(s, &bad, &id), GG_E_INVALID_ARG);
    bad = d;
    bad.cell = gg_cell_make(10, 0);
    assert_int_equal(gg_scene_add_light(s, &bad, &id), GG_E_OUT_OF_BOUNDS);
    assert_int_equal(gg_scene_light_count(s), 0);
    assert_int_equal(gg_scene_light_count(NULL), 0);

    d.cell = gg_cell_make(2, 3);
    assert_int_equal(gg_scene_add_light(s, &d, &id), GG_OK);
    assert_int_equal(gg_scene_add_light(s, &d, NULL), GG_OK);
    assert_int_equal(gg_scene_light_count(s), 2);
    gg_light_def got;
    assert_int_equal(gg_scene_get_light(s, id, &got), GG_OK);
    assert_int_equal(got.cell.col, 2);
    assert_int_equal(got.cell.row, 3);
    assert_int_equal(gg_scene_get_light(NULL, id, &got), GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_get_light(s, id, NULL), GG_E_INVALID_ARG);
    /* move it */
    d.cell = gg_cell_make(8, 8);
    d.bright_ft = 5;
    assert_int_equal(gg_scene_set_light(s, id, &d), GG_OK);
    assert_int_equal(gg_scene_get_light(s, id, &got), GG_OK);
    assert_int_equal(got.cell.col, 8);
    assert_int_equal(got.bright_ft, 5);
    bad = d;
    bad.cell = gg_cell_make(-1, 0);
    assert_int_equal(gg_scene_set_light(s, id, &bad), GG_E_OUT_OF_BOUNDS);
    assert_int_equal(gg_scene_set_light(s, id, NULL), GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_set_light(NULL, id, &d), GG_E_INVALID_ARG);
    /* remove: the id goes stale, the slot is reused with a new generation */
    assert_int_equal(gg_scene_remove_light(s, id), GG_OK);
    assert_int_equal(gg_scene_remove_light(s, id), GG_E_STALE_ID);
    assert_int_equal(gg_scene_remove_light(NULL, id), GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_get_light(s, id, &got), GG_E_STALE_ID);
    assert_int_equal(gg_scene_set_light(s, id, &d), GG_E_STALE_ID);
    gg_light_id again;
    assert_int_equal(gg_scene_add_light(s, &d, &again), GG_OK);
    assert_int_equal(again.index, id.index);
    assert_true(again.generation != id.generation);
    assert_int_equal(gg_scene_get_light(s, id, &got), GG_E_STALE_ID);
    gg_light_id never = {0, 0}, far = {999, 1};
    assert_int_equal(gg_scene_get_light(s, never, &got), GG_E_STALE_ID);
    assert_int_equal(gg_scene_get_light(s, far, &got), GG_E_STALE_ID);
    assert_int_equal(gg_scene_light_count(s), 2);
    gg_light l;
    assert_int_equal(gg_scene_source_light_on_cell(NULL, gg_cell_make(0, 0), &l), GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_source_light_on_cell(s, gg_cell_make(0, 0), NULL), GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_source_light_on_cell(s, gg_cell_make(-3, 0), &l), GG_OK);
    assert_int_equal(l, GG_LIGHT_DARK);
    gg_scene_destroy(s);
}

static void light__radii_walls_doors_and_blocked_cells(void **state)
{
    (void)state;
    const char *rows[] = {"............", "............", "............",
                          "............", "......#.....", "............"};
    gg_scene *s = fx_scene(12, 6, rows);
    add_light(s, 2, 2, 10, 20); /* bright within 2 cells, dim within 4 */
    assert_int_equal(src(s, 2, 2), GG_LIGHT_BRIGHT);
    assert_int_equal(src(s, 4, 4), GG_LIGHT_BRIGHT); /* Chebyshev 2 */
    assert_int_equal(src(s, 5, 2), GG_LIGHT_DIM);
    assert_int_equal(src(s, 6, 0), GG_LIGHT_DIM);
    assert_int_equal(src(s, 7, 2), GG_LIGHT_DARK);
    assert_int_equal(src(s, 6, 4), GG_LIGHT_DIM); /* a blocked cell is lit itself */
    {
        const char *pillar[] = {"...", "...", ".#.", "...", "..."};
        gg_scene *p = fx_scene(3, 5, pillar);
        add_light(p, 1, 0, 0, 20);
        assert_int_equal(src(p, 1, 2), GG_LIGHT_DIM);  /* the pillar is lit ... */
        assert_int_equal(src(p, 1, 4), GG_LIGHT_DARK); /* ... and casts a shadow */
        assert_int_equal(src(p, 0, 4), GG_LIGHT_DIM);
        gg_scene_destroy(p);
    }
    /* a wall that blocks light, with a door */
    gg_wall_def w = gg_wall_def_default();
    w.x1 = 4, w.y1 = 0, w.x2 = 4, w.y2 = 6;
    w.door = GG_DOOR_CLOSED;
    gg_wall_id door;
    assert_int_equal(gg_scene_add_wall(s, &w, &door), GG_OK);
    assert_int_equal(src(s, 5, 2), GG_LIGHT_DARK);
    assert_int_equal(gg_scene_set_door(s, door, GG_DOOR_OPEN), GG_OK); /* no light writer */
    assert_int_equal(src(s, 5, 2), GG_LIGHT_DIM);
    assert_int_equal(gg_scene_set_door(s, door, GG_DOOR_LOCKED), GG_OK);
    assert_int_equal(src(s, 5, 2), GG_LIGHT_DARK);
    assert_int_equal(gg_scene_remove_wall(s, door), GG_OK);
    /* a wall that blocks sight but not light lets light through; one that blocks light only
     * stops it */
    w.door = GG_DOOR_NONE;
    w.blocks = GG_BLOCKS_SIGHT | GG_BLOCKS_MOVEMENT;
    gg_wall_id glass;
    assert_int_equal(gg_scene_add_wall(s, &w, &glass), GG_OK);
    assert_int_equal(src(s, 5, 2), GG_LIGHT_DIM);
    assert_false(fx_los(s, 2, 2, 5, 2));
    assert_int_equal(gg_scene_remove_wall(s, glass), GG_OK);
    w.blocks = GG_BLOCKS_LIGHT;
    assert_int_equal(gg_scene_add_wall(s, &w, &glass), GG_OK);
    assert_int_equal(src(s, 5, 2), GG_LIGHT_DARK);
    assert_true(fx_los(s, 2, 2, 5, 2));
    assert_int_equal(gg_scene_remove_wall(s, glass), GG_OK);
    /* one-way, judged from the light's centre (Foundry sides, topology.h) */
    w.blocks = GG_BLOCKS_ALL;
    w.x1 = 4, w.y1 = 6, w.x2 = 4, w.y2 = 0;
    w.one_way = GG_ONE_WAY_LEFT;
    assert_int_equal(gg_scene_add_wall(s, &w, NULL), GG_OK);
    /* (A.y-p.y)(B.x-p.x) - (A.x-p.x)(B.y-p.y) at p = (2.5,2.5): 3.5*1.5 - 1.5*(-2.5) > 0: RIGHT */
    assert_int_equal(src(s, 5, 2), GG_LIGHT_DARK); /* the light is on the blocking side */
    gg_scene_destroy(s);
}

static void light__brightest_wins_and_combines_with_tags(void **state)
{
    (void)state;
    gg_scene_def d = gg_scene_def_default();
    d.width = 12;
    d.height = 3;
    d.default_lighting = GG_LIGHT_DARK;
    gg_scene *s = NULL;
    assert_int_equal(gg_scene_create(&d, &s), GG_OK);
    add_light(s, 0, 1, 0, 25);  /* dim to 5 cells */
    add_light(s, 11, 1, 10, 0); /* bright to 2 cells, no dim ring */
    assert_int_equal(src(s, 3, 1), GG_LIGHT_DIM);
    assert_int_equal(src(s, 9, 1), GG_LIGHT_BRIGHT);
    assert_int_equal(src(s, 8, 1), GG_LIGHT_DARK);
    gg_light_id both = add_light(s, 4, 1, 5, 10);    /* overlaps the first */
    assert_int_equal(src(s, 3, 1), GG_LIGHT_BRIGHT); /* brightest wins */
    assert_int_equal(src(s, 2, 1), GG_LIGHT_DIM);    /* two dims stay dim */
    assert_int_equal(gg_scene_remove_light(s, both), GG_OK);
    assert_int_equal(src(s, 3, 1), GG_LIGHT_DIM);
    /* seen cells: a creature without darkvision in the dark sees only lit cells */
    gg_scratch *x = NULL;
    assert_int_equal(gg_scratch_create(s, NULL, &x), GG_OK);
    uint64_t bits[1];
    int32_t count = 0;
    assert_int_equal(gg_scene_seen_cells(s, x, gg_cell_make(6, 1), NULL, GG_BITSET_REPLACE, bits, 1,
                                         &count),
                     GG_OK);
    for (int c = 0; c < 12; ++c)
        for (int r = 0; r < 3; ++r) {
            bool lit = src(s, c, r) != GG_LIGHT_DARK;
            assert_int_equal(gg_bitset_has(bits, 12, gg_cell_make(c, r)), lit);
        }
    /* a tag brighter than the sources wins too; darkvision sees the dark cells in range */
    assert_int_equal(gg_scene_set_lighting(s, gg_cell_make(7, 1), GG_LIGHT_DIM), GG_OK);
    gg_senses dv = gg_senses_none();
    dv.darkvision_ft = 5;
    assert_int_equal(gg_scene_seen_cells(s, x, gg_cell_make(6, 1), &dv, GG_BITSET_REPLACE, bits, 1,
                                         &count),
                     GG_OK);
    assert_true(gg_bitset_has(bits, 12, gg_cell_make(7, 1)));
    assert_true(gg_bitset_has(bits, 12, gg_cell_make(5, 0)));
    assert_false(gg_bitset_has(bits, 12, gg_cell_make(8, 1))); /* dark, 10 ft away */
    assert_true(gg_bitset_has(bits, 12, gg_cell_make(9, 0)));  /* bright from 11,1 */
    /* the matrix applies the same light */
    gg_cell cells[3] = {gg_cell_make(6, 1), gg_cell_make(1, 1), gg_cell_make(8, 1)};
    uint8_t m[9];
    assert_int_equal(gg_scene_visibility_matrix(s, cells, 3, NULL, GG_VISIBILITY_CAN_SEE, m),
                     GG_OK);
    assert_int_equal(m[0 * 3 + 1], 1); /* 1,1 is dimly lit by the first source */
    assert_int_equal(m[0 * 3 + 2], 0); /* 8,1 is dark */
    gg_scratch_destroy(x);
    gg_scene_destroy(s);
}

/* Reference can_see with the combined light, written from the documented rules. */
static bool ref_sees(const gg_scene *s, gg_cell a, gg_cell b, const gg_senses *sn)
{
    bool los = false;
    assert_int_equal(gg_scene_has_line_of_sight(s, a, b, &los), GG_OK);
    if (!los)
        return false;
    int32_t dist = 0;
    assert_int_equal(gg_scene_distance_ft(s, a, b, &dist), GG_OK);
    if (sn != NULL && ((sn->blindsight_ft >= 0 && sn->blindsight_ft >= dist) ||
                       (sn->truesight_ft >= 0 && sn->truesight_ft >= dist)))
        return true;
    gg_obscurement o;
    assert_int_equal(gg_scene_obscurement_on_cell(s, b, &o), GG_OK);
    if (o == GG_OBSCURE_HEAVY)
        return false;
    gg_light tag, source;
    assert_int_equal(gg_scene_light_on_cell(s, b, &tag), GG_OK);
    assert_int_equal(gg_scene_source_light_on_cell(s, b, &source), GG_OK);
    gg_light light = source < tag ? source : tag; /* brightest (bright = 1) */
    if (light != GG_LIGHT_DARK)
        return true;
    return sn != NULL && sn->darkvision_ft >= 0 && sn->darkvision_ft >= dist;
}

static void light__seen_cells_property_with_sources(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 31337u, "light seen cells");
    for (int round = 0; round < 30; ++round) {
        gg_scene_def d = gg_scene_def_default();
        d.width = 2 + (int)fx_below(&r, 20);
        d.height = 2 + (int)fx_below(&r, 20);
        d.default_lighting = fx_below(&r, 2) ? GG_LIGHT_DARK : GG_LIGHT_DIM;
        gg_scene *s = NULL;
        assert_int_equal(gg_scene_create(&d, &s), GG_OK);
        for (int k = 0; k < d.width * d.height / 8; ++k) {
            gg_cell c = gg_cell_make((int32_t)fx_below(&r, (uint32_t)d.width),
                                     (int32_t)fx_below(&r, (uint32_t)d.height));
            assert_int_equal(gg_scene_set_blocked(s, c, fx_below(&r, 3) == 0), GG_OK);
            assert_int_equal(gg_scene_set_lighting(s, c, (gg_light)fx_below(&r, 4)), GG_OK);
            assert_int_equal(gg_scene_set_obscurement(s, c, (gg_obscurement)fx_below(&r, 3)),
                             GG_OK);
        }
        for (int k = 0; k < d.width / 2; ++k) {
            gg_wall_def w = gg_wall_def_default();
            w.x1 = fx_below(&r, (uint32_t)d.width + 1), w.y1 = fx_below(&r, (uint32_t)d.height + 1);
            w.x2 = w.x1 + (int)fx_below(&r, 7) - 3, w.y2 = w.y1 + (int)fx_below(&r, 7) - 3;
            uint32_t b[] = {GG_BLOCKS_ALL, GG_BLOCKS_LIGHT, GG_BLOCKS_SIGHT, GG_BLOCKS_MOVEMENT};
            w.blocks = b[fx_below(&r, 4)];
            w.one_way = (gg_one_way)fx_below(&r, 3);
            w.door = (gg_door)fx_below(&r, 4);
            assert_int_equal(gg_scene_add_wall(s, &w, NULL), GG_OK);
        }
        for (int k = 0; k < 3; ++k) {
            gg_light_id id = add_light(s, (int)fx_below(&r, (uint32_t)d.width),
                                       (int)fx_below(&r, (uint32_t)d.height),
                                       5 * (int)fx_below(&r, 4), 5 * (int)fx_below(&r, 8));
            if (fx_below(&r, 2)) { /* a cone: seen cells follow it as light_on_cell does */
                gg_light_def ld;
                assert_int_equal(gg_scene_get_light(s, id, &ld), GG_OK);
                ld.angle_deg = 15.0 * (1 + (int)fx_below(&r, 24));
                ld.rotation_deg = 15.0 * (int)fx_below(&r, 24);
                assert_int_equal(gg_scene_set_light(s, id, &ld), GG_OK);
            }
        }
        gg_scratch *x = NULL;
        assert_int_equal(gg_scratch_create(s, NULL, &x), GG_OK);
        size_t words = gg_scene_bitset_words(s);
        uint64_t *bits = calloc(words, sizeof *bits);
        for (int k = 0; k < 4; ++k) {
            gg_cell v = gg_cell_make((int32_t)fx_below(&r, (uint32_t)d.width),
                                     (int32_t)fx_below(&r, (uint32_t)d.height));
            gg_senses sn = gg_senses_none();
            sn.darkvision_ft = fx_below(&r, 2) ? 10 : GG_SENSE_NONE;
            sn.blindsight_ft = fx_below(&r, 4) == 0 ? 5 : GG_SENSE_NONE;
            int32_t count = 0, expected = 0;
            assert_int_equal(gg_scene_seen_cells(s, x, v, &sn, GG_BITSET_REPLACE, bits, words,
                                                 &count),
                             GG_OK);
            for (int y = 0; y < d.height; ++y)
                for (int c = 0; c < d.width; ++c) {
                    bool want = ref_sees(s, v, gg_cell_make(c, y), &sn);
                    assert_int_equal(gg_bitset_has(bits, d.width, gg_cell_make(c, y)), want);
                    expected += want;
                }
            assert_int_equal(count, expected);
        }
        free(bits);
        gg_scratch_destroy(x);
        gg_scene_destroy(s);
    }
}

static void light__writers_fail_cleanly_without_memory(void **state)
{
    (void)state;
    for (long fail = 0; fail < 5; ++fail) { /* growths: 8, 16, 32, 64, 128 slots */
        gg_test_alloc ta;
        gg_test_alloc_init(&ta, -1);
        gg_scene_def d = gg_scene_def_default();
        d.width = 4;
        d.height = 4;
        d.allocator = &ta.iface;
        gg_scene *s = NULL;
        assert_int_equal(gg_scene_create(&d, &s), GG_OK);
        ta.fail_at = ta.calls + fail;
        gg_status last = GG_OK;
        int added = 0;
        for (int k = 0; k < 200 && last == GG_OK; ++k) {
            gg_light_def l = gg_light_def_default();
            last = gg_scene_add_light(s, &l, NULL);
            added += last == GG_OK;
        }
        assert_int_equal(last, GG_E_NO_MEMORY);
        assert_int_equal(gg_scene_light_count(s), added);
        gg_scene_destroy(s);
        assert_int_equal(ta.live_bytes, 0);
    }
}

static void light__list_returns_live_lights_in_id_order(void **state)
{
    (void)state;
    gg_scene_def d = gg_scene_def_default();
    d.width = d.height = 10;
    gg_scene *s = NULL;
    assert_int_equal(gg_scene_create(&d, &s), GG_OK);
    gg_light_id ids[4];
    for (int k = 0; k < 4; ++k) {
        gg_light_def l = gg_light_def_default();
        l.cell = gg_cell_make(k, k);
        l.bright_ft = 5 * k;
        l.dim_ft = 10 * k;
        assert_int_equal(gg_scene_add_light(s, &l, &ids[k]), GG_OK);
    }
    assert_int_equal(gg_scene_remove_light(s, ids[1]), GG_OK);
    gg_light_id got[4];
    gg_light_def defs[4];
    int32_t n = -1;
    assert_int_equal(gg_scene_list_lights(s, got, defs, 4, &n), GG_OK);
    assert_int_equal(n, 3);
    const int want[3] = {0, 2, 3};
    for (int k = 0; k < 3; ++k) {
        assert_int_equal(got[k].index, ids[want[k]].index);
        assert_int_equal(got[k].generation, ids[want[k]].generation);
        assert_int_equal(defs[k].cell.col, want[k]);
        assert_int_equal(defs[k].dim_ft, 10 * want[k]);
    }
    assert_int_equal(gg_scene_list_lights(s, got, NULL, 2, &n), GG_PARTIAL);
    assert_int_equal(n, 3);
    assert_int_equal(gg_scene_list_lights(s, NULL, NULL, 0, &n), GG_PARTIAL);
    assert_int_equal(gg_scene_list_lights(s, NULL, NULL, -1, &n), GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_list_lights(NULL, NULL, NULL, 0, &n), GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_list_lights(s, NULL, NULL, 0, NULL), GG_E_INVALID_ARG);
    gg_scene_destroy(s);
}

/* ---- Cones (docs/vision.md, "Light cones") ---------------------------------------------------- */

static void light__cone_fields_are_validated_and_round_trip(void **state)
{
    (void)state;
    gg_scene *s = fx_scene(6, 6, NULL);
    gg_light_def d = gg_light_def_default();
    assert_true(d.angle_deg == 360.0 && d.rotation_deg == 0.0);
    assert_false(d.has_color);
    const double bad_angles[] = {0.0, -10.0, 360.5, (double)NAN, HUGE_VAL};
    for (size_t k = 0; k < sizeof bad_angles / sizeof bad_angles[0]; ++k) {
        gg_light_def b = d;
        b.angle_deg = bad_angles[k];
        assert_int_equal(gg_scene_add_light(s, &b, NULL), GG_E_INVALID_ARG);
        assert_non_null(strstr(gg_scene_message(s), "angle_deg"));
    }
    const double bad_rotations[] = {(double)NAN, HUGE_VAL, -HUGE_VAL, 2e6};
    for (size_t k = 0; k < sizeof bad_rotations / sizeof bad_rotations[0]; ++k) {
        gg_light_def b = d;
        b.rotation_deg = bad_rotations[k];
        assert_int_equal(gg_scene_add_light(s, &b, NULL), GG_E_INVALID_ARG);
        assert_non_null(strstr(gg_scene_message(s), "rotation_deg"));
    }
    assert_int_equal(gg_scene_light_count(s), 0);
    d.angle_deg = 60.0;
    d.rotation_deg = -450.0; /* kept as given; taken modulo 360 when lighting */
    d.color_argb = 0xFFFFA040u;
    d.has_color = true;
    gg_light_id id;
    assert_int_equal(gg_scene_add_light(s, &d, &id), GG_OK);
    gg_light_def got;
    assert_int_equal(gg_scene_get_light(s, id, &got), GG_OK);
    assert_true(got.angle_deg == 60.0 && got.rotation_deg == -450.0);
    assert_int_equal(got.color_argb, 0xFFFFA040u);
    assert_true(got.has_color);
    gg_light_def listed[1];
    int32_t n = 0;
    assert_int_equal(gg_scene_list_lights(s, NULL, listed, 1, &n), GG_OK);
    assert_true(listed[0].angle_deg == 60.0 && listed[0].color_argb == 0xFFFFA040u);
    /* set_light validates the same way and leaves the light unchanged on failure */
    gg_light_def b = got;
    b.angle_deg = 400.0;
    assert_int_equal(gg_scene_set_light(s, id, &b), GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_get_light(s, id, &got), GG_OK);
    assert_true(got.angle_deg == 60.0);
    gg_scene_destroy(s);
}

/* A host built against 0.2.0 passes the smaller def: the cone and colour read as defaults.
 * Before, the size check was `!=` and refused it with GG_E_BAD_DEF. */
static void light__def_from_the_0_2_header_reads_new_fields_as_defaults(void **state)
{
    (void)state;
    typedef struct {
        uint32_t struct_size;
        gg_cell cell;
        int32_t bright_ft, dim_ft;
    } light_def_0_2;
    assert_int_equal(sizeof(light_def_0_2), offsetof(gg_light_def, dim_ft) + sizeof(int32_t));
    gg_scene *s = fx_scene(7, 7, NULL);
    gg_light_def full;
    memset(&full, 0xAB, sizeof full); /* bytes past the old struct: must not be read */
    light_def_0_2 *old = (light_def_0_2 *)(void *)&full;
    old->struct_size = (uint32_t)sizeof *old;
    old->cell = gg_cell_make(3, 3);
    old->bright_ft = 0;
    old->dim_ft = 10;
    gg_light_id id;
    assert_int_equal(gg_scene_add_light(s, &full, &id), GG_OK);
    gg_light_def got;
    assert_int_equal(gg_scene_get_light(s, id, &got), GG_OK);
    assert_true(got.angle_deg == 360.0 && got.rotation_deg == 0.0);
    assert_false(got.has_color);
    assert_int_equal(got.struct_size, (uint32_t)sizeof got);
    assert_int_equal(src(s, 3, 1), GG_LIGHT_DIM); /* all round */
    assert_int_equal(src(s, 5, 5), GG_LIGHT_DIM);
    assert_int_equal(gg_scene_set_light(s, id, &full), GG_OK);
    old->struct_size = (uint32_t)sizeof *old - 4u; /* unknown sizes stay refused */
    assert_int_equal(gg_scene_add_light(s, &full, NULL), GG_E_BAD_DEF);
    gg_scene_destroy(s);
}

/* Expected membership of offset (dx, dy) in a 90-degree cone pointing along an axis, from
 * integer arithmetic alone (the edges are the diagonals, and the cone is closed). */
static bool in_axis_cone(int rotation, int dx, int dy)
{
    switch (rotation) {
    case 0:
        return dy >= abs(dx); /* south */
    case 90:
        return -dx >= abs(dy); /* west */
    case 180:
        return -dy >= abs(dx); /* north */
    default:
        return dx >= abs(dy); /* east */
    }
}

static void light__cones_of_90_degrees_on_each_axis_include_their_diagonal_edges(void **state)
{
    (void)state;
    const int rotations[] = {0, 90, 180, 270, -90, 450};
    for (size_t k = 0; k < sizeof rotations / sizeof rotations[0]; ++k) {
        gg_scene *s = fx_scene(13, 13, NULL);
        add_cone(s, 6, 6, 25, 90.0, (double)rotations[k]); /* 5 cells, Chebyshev */
        int norm = ((rotations[k] % 360) + 360) % 360;
        int lit = 0;
        for (int r = 0; r < 13; ++r)
            for (int c = 0; c < 13; ++c) {
                int dx = c - 6, dy = r - 6;
                bool want = abs(dx) <= 5 && abs(dy) <= 5 && in_axis_cone(norm, dx, dy);
                assert_int_equal(src(s, c, r) != GG_LIGHT_DARK, want);
                lit += want;
            }
        assert_int_equal(lit, 36); /* 1 + 3 + 5 + 7 + 9 + 11 */
        gg_scene_destroy(s);
    }
}

/* Cones of 180, 270 and 360 degrees, and a cone whose edges lie on the axes. */
static void light__half_wide_and_full_cones_and_axis_edges(void **state)
{
    (void)state;
    gg_scene *s = fx_scene(11, 11, NULL);
    gg_light_id id = add_cone(s, 5, 5, 25, 180.0, 0.0);
    gg_light_def d;
    assert_int_equal(gg_scene_get_light(s, id, &d), GG_OK);
    for (int form = 0; form < 4; ++form) {
        if (form == 1)
            d.angle_deg = 270.0; /* all but the open quarter pointing north */
        if (form == 2)
            d.angle_deg = 360.0;
        if (form == 3)
            d.angle_deg = 90.0, d.rotation_deg = 45.0; /* edges south and west, exactly */
        assert_int_equal(gg_scene_set_light(s, id, &d), GG_OK);
        for (int r = 0; r < 11; ++r)
            for (int c = 0; c < 11; ++c) {
                int dx = c - 5, dy = r - 5;
                bool want = form == 0   ? dy >= 0
                            : form == 1 ? !(-dy > abs(dx))
                            : form == 2 ? true
                                        : (dx <= 0 && dy >= 0);
                assert_int_equal(src(s, c, r) != GG_LIGHT_DARK, want);
            }
    }
    gg_scene_destroy(s);
}

/* A narrow cone (10 degrees pointing south) against an independent long-double angle; no cell
 * offset lies exactly on an edge (tan 5 degrees is irrational). The light's own cell is lit. */
static void light__narrow_cone_against_an_angle_oracle(void **state)
{
    (void)state;
    const int w = 41, h = 41, lc = 20, lr = 20;
    gg_scene *s = fx_scene(w, h, NULL);
    const double rotations[] = {0.0, 33.0, 300.5};
    gg_light_id id = add_cone(s, lc, lr, 1000, 10.0, 0.0);
    gg_light_def d;
    assert_int_equal(gg_scene_get_light(s, id, &d), GG_OK);
    for (size_t k = 0; k < 3; ++k) {
        d.rotation_deg = rotations[k];
        assert_int_equal(gg_scene_set_light(s, id, &d), GG_OK);
        long double axis = ((long double)rotations[k] + 90.0L) * 3.14159265358979323846264L / 180;
        int lit = 0;
        for (int r = 0; r < h; ++r)
            for (int c = 0; c < w; ++c) {
                int dx = c - lc, dy = r - lr;
                bool want = dx == 0 && dy == 0;
                if (!want) {
                    long double a = atan2l((long double)dy, (long double)dx) - axis;
                    while (a > 3.14159265358979323846264L)
                        a -= 2 * 3.14159265358979323846264L;
                    while (a < -3.14159265358979323846264L)
                        a += 2 * 3.14159265358979323846264L;
                    want = fabsl(a) <= 5.0L * 3.14159265358979323846264L / 180;
                }
                assert_int_equal(src(s, c, r) != GG_LIGHT_DARK, want);
                lit += want;
            }
        assert_true(lit > 20);
    }
    gg_scene_destroy(s);
}

/* Walls and cones together: on random scenes a cone lights a cell iff the same light all
 * round lights it and the cell lies in the cone (the independent oracle of the other tests). */
static void light__cones_with_walls_are_the_full_light_within_the_cone(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 4242u, "light cones with walls");
    for (int round = 0; round < 40; ++round) {
        int w = 3 + (int)fx_below(&r, 14), h = 3 + (int)fx_below(&r, 14);
        gg_scene *s = fx_scene(w, h, NULL);
        for (int k = 0; k < w; ++k) {
            gg_wall_def wd = gg_wall_def_default();
            wd.x1 = fx_below(&r, (uint32_t)w + 1), wd.y1 = fx_below(&r, (uint32_t)h + 1);
            wd.x2 = wd.x1 + (int)fx_below(&r, 7) - 3, wd.y2 = wd.y1 + (int)fx_below(&r, 7) - 3;
            wd.door = (gg_door)fx_below(&r, 4);
            assert_int_equal(gg_scene_add_wall(s, &wd, NULL), GG_OK);
        }
        for (int k = 0; k < (w * h) / 10; ++k)
            assert_int_equal(gg_scene_set_blocked(s,
                                                  gg_cell_make((int32_t)fx_below(&r, (uint32_t)w),
                                                               (int32_t)fx_below(&r, (uint32_t)h)),
                                                  true),
                             GG_OK);
        int lc = (int)fx_below(&r, (uint32_t)w), lr = (int)fx_below(&r, (uint32_t)h);
        int rot = 90 * (int)fx_below(&r, 4), dim = 5 * (1 + (int)fx_below(&r, 10));
        gg_light_id id = add_cone(s, lc, lr, dim, 360.0, 0.0);
        bool full[16 * 16];
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x)
                full[y * w + x] = src(s, x, y) != GG_LIGHT_DARK;
        gg_light_def d;
        assert_int_equal(gg_scene_get_light(s, id, &d), GG_OK);
        d.angle_deg = 90.0;
        d.rotation_deg = (double)rot;
        assert_int_equal(gg_scene_set_light(s, id, &d), GG_OK);
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x) {
                bool want = full[y * w + x] && in_axis_cone(rot, x - lc, y - lr);
                assert_int_equal(src(s, x, y) != GG_LIGHT_DARK, want);
            }
        gg_scene_destroy(s);
    }
}

/* ---- Reading lights back at the caller's size --------------------------------------------------
 * A host built against the 0.2 header has a 20-byte gg_light_def (up to dim_ft), simulated by a
 * def at the start of a canary-filled buffer: nothing past what the call may write may change. */

#define LIGHT_SIZE_0_2 (offsetof(gg_light_def, dim_ft) + sizeof(int32_t))
#define CANARY 0x5A

typedef union {
    gg_light_def def[4];
    unsigned char bytes[4 * sizeof(gg_light_def) + 64];
} light_buf;

static void fill_canary(light_buf *b) { memset(b->bytes, CANARY, sizeof b->bytes); }

static long first_written(const light_buf *b, size_t from)
{
    for (size_t i = from; i < sizeof b->bytes; i++)
        if (b->bytes[i] != CANARY)
            return (long)i;
    return -1;
}

static gg_light_def light_at_offset(const light_buf *b, size_t at)
{
    gg_light_def d;
    memcpy(&d, b->bytes + at, sizeof d);
    return d;
}

/* A coloured cone at (k, k+1): every 0.3 field away from its default. */
static gg_light_id add_coloured_cone(gg_scene *s, int k)
{
    gg_light_def l = gg_light_def_default();
    l.cell = gg_cell_make(k, k + 1);
    l.bright_ft = 5 * (k + 1);
    l.dim_ft = 10 * (k + 1);
    l.angle_deg = 90.0;
    l.rotation_deg = 45.0 * k;
    l.color_argb = 0xff00ff00u + (uint32_t)k;
    l.has_color = true;
    gg_light_id id;
    assert_int_equal(gg_scene_add_light(s, &l, &id), GG_OK);
    return id;
}

static void expect_light(const gg_light_def *d, int k, size_t size)
{
    assert_int_equal(d->struct_size, size);
    assert_int_equal(d->cell.col, k);
    assert_int_equal(d->cell.row, k + 1);
    assert_int_equal(d->bright_ft, 5 * (k + 1));
    assert_int_equal(d->dim_ft, 10 * (k + 1));
    if (size == sizeof(gg_light_def)) {
        assert_true(d->angle_deg == 90.0 && d->rotation_deg == 45.0 * k);
        assert_int_equal(d->color_argb, 0xff00ff00u + (uint32_t)k);
        assert_true(d->has_color);
    }
}

static gg_scene *cone_scene(gg_light_id ids[3])
{
    gg_scene_def d = gg_scene_def_default();
    d.width = d.height = 10;
    gg_scene *s = NULL;
    assert_int_equal(gg_scene_create(&d, &s), GG_OK);
    for (int k = 0; k < 3; ++k)
        ids[k] = add_coloured_cone(s, k);
    return s;
}

static void light__0_2_symbols_write_only_the_0_2_layout(void **state)
{
    (void)state;
    gg_light_id ids[3];
    gg_scene *s = cone_scene(ids);
    gg_status (*get)(const gg_scene *, gg_light_id, gg_light_def *) = gg_scene_get_light;
    gg_status (*list)(const gg_scene *, gg_light_id *, gg_light_def *, int32_t,
                      int32_t *) = gg_scene_list_lights;
    light_buf b;
    fill_canary(&b);
    assert_int_equal(get(s, ids[1], b.def), GG_OK);
    assert_int_equal(first_written(&b, LIGHT_SIZE_0_2), -1);
    expect_light(b.def, 1, LIGHT_SIZE_0_2);
    fill_canary(&b);
    assert_int_equal((gg_scene_get_light)(s, ids[2], b.def), GG_OK);
    assert_int_equal(first_written(&b, LIGHT_SIZE_0_2), -1);
    expect_light(b.def, 2, LIGHT_SIZE_0_2);
    fill_canary(&b);
    int32_t n = -1;
    assert_int_equal(list(s, NULL, b.def, 3, &n), GG_OK);
    assert_int_equal(n, 3);
    assert_int_equal(first_written(&b, 3 * LIGHT_SIZE_0_2), -1);
    for (int k = 0; k < 3; ++k) {
        gg_light_def d = light_at_offset(&b, (size_t)k * LIGHT_SIZE_0_2);
        expect_light(&d, k, LIGHT_SIZE_0_2);
    }
    /* A stale id leaves the default torch in the 0.2 bytes, and nothing past them. */
    assert_int_equal(gg_scene_remove_light(s, ids[0]), GG_OK);
    fill_canary(&b);
    assert_int_equal(get(s, ids[0], b.def), GG_E_STALE_ID);
    assert_int_equal(first_written(&b, LIGHT_SIZE_0_2), -1);
    assert_int_equal(b.def[0].struct_size, LIGHT_SIZE_0_2);
    assert_int_equal(b.def[0].dim_ft, gg_light_def_default().dim_ft);
    gg_scene_destroy(s);
}

static void light__sized_getters_write_exactly_the_size_asked(void **state)
{
    (void)state;
    gg_light_id ids[3];
    gg_scene *s = cone_scene(ids);
    const size_t sizes[] = {LIGHT_SIZE_0_2, sizeof(gg_light_def)};
    for (size_t z = 0; z < 2; ++z) {
        const size_t size = sizes[z];
        light_buf b;
        fill_canary(&b);
        assert_int_equal(gg_scene_get_light_sized(s, ids[2], b.def, size), GG_OK);
        assert_int_equal(first_written(&b, size), -1);
        expect_light(b.def, 2, size);
        fill_canary(&b);
        gg_light_id got[3];
        int32_t n = -1;
        assert_int_equal(gg_scene_list_lights_sized(s, got, b.def, size, 2, &n), GG_PARTIAL);
        assert_int_equal(n, 3);
        assert_int_equal(first_written(&b, 2 * size), -1);
        for (int k = 0; k < 2; ++k) {
            gg_light_def d = light_at_offset(&b, (size_t)k * size);
            assert_int_equal(got[k].index, ids[k].index);
            expect_light(&d, k, size);
        }
    }
    /* The header's names call the sized forms with this build's size. */
    light_buf b;
    fill_canary(&b);
    assert_int_equal(gg_scene_get_light(s, ids[0], b.def), GG_OK);
    assert_int_equal(first_written(&b, sizeof(gg_light_def)), -1);
    expect_light(b.def, 0, sizeof(gg_light_def));
    fill_canary(&b);
    int32_t n = -1;
    assert_int_equal(gg_scene_list_lights(s, NULL, b.def, 4, &n), GG_OK);
    assert_int_equal(n, 3);
    assert_int_equal(first_written(&b, 3 * sizeof(gg_light_def)), -1);
    expect_light(&b.def[1], 1, sizeof(gg_light_def));
    gg_scene_destroy(s);
}

static void light__sized_getters_refuse_unknown_sizes_and_write_nothing(void **state)
{
    (void)state;
    gg_light_id ids[3];
    gg_scene *s = cone_scene(ids);
    const size_t bad[] = {0,
                          sizeof(uint32_t),
                          LIGHT_SIZE_0_2 - 4,
                          LIGHT_SIZE_0_2 + 4,
                          sizeof(gg_light_def) - 8,
                          sizeof(gg_light_def) + 8,
                          SIZE_MAX};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; ++k) {
        light_buf b;
        fill_canary(&b);
        assert_int_equal(gg_scene_get_light_sized(s, ids[0], b.def, bad[k]), GG_E_BAD_DEF);
        assert_int_equal(gg_scene_get_light_sized(NULL, ids[0], b.def, bad[k]), GG_E_BAD_DEF);
        int32_t n = -1;
        assert_int_equal(gg_scene_list_lights_sized(s, NULL, b.def, bad[k], 4, &n), GG_E_BAD_DEF);
        assert_int_equal(n, 0);
        assert_int_equal(first_written(&b, 0), -1);
    }
    assert_int_equal(gg_scene_get_light_sized(s, ids[0], NULL, sizeof(gg_light_def)),
                     GG_E_INVALID_ARG);
    gg_scene_destroy(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(light__ids_writers_and_invalid_input),
        cmocka_unit_test(light__radii_walls_doors_and_blocked_cells),
        cmocka_unit_test(light__brightest_wins_and_combines_with_tags),
        cmocka_unit_test(light__seen_cells_property_with_sources),
        cmocka_unit_test(light__writers_fail_cleanly_without_memory),
        cmocka_unit_test(light__list_returns_live_lights_in_id_order),
        cmocka_unit_test(light__cone_fields_are_validated_and_round_trip),
        cmocka_unit_test(light__def_from_the_0_2_header_reads_new_fields_as_defaults),
        cmocka_unit_test(light__cones_of_90_degrees_on_each_axis_include_their_diagonal_edges),
        cmocka_unit_test(light__half_wide_and_full_cones_and_axis_edges),
        cmocka_unit_test(light__narrow_cone_against_an_angle_oracle),
        cmocka_unit_test(light__cones_with_walls_are_the_full_light_within_the_cone),
        cmocka_unit_test(light__0_2_symbols_write_only_the_0_2_layout),
        cmocka_unit_test(light__sized_getters_write_exactly_the_size_asked),
        cmocka_unit_test(light__sized_getters_refuse_unknown_sizes_and_write_nothing),
    };
    return cmocka_run_group_tests_name("topology/light", tests, NULL, NULL);
}
