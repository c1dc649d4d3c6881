/* test_io_maps.c - every real map in tests/data/maps loads with a report, and facts about it
 * hold: size, walls after merging, doors, snapped endpoints, and sight lines checked by hand on
 * the picture `gridgeom draw` makes of the map (docs/io.md shows some). Each map also survives
 * a Nat20 round trip: import -> export -> import -> export gives identical text. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <gridgeom/io.h>

#ifndef GG_TEST_MAPS_DIR
#error "GG_TEST_MAPS_DIR must name tests/data/maps"
#endif

typedef struct sight_fact {
    int32_t c1, r1, c2, r2;
    bool open;
} sight_fact;

typedef struct map_fact {
    const char *file;
    gg_io_format format;
    int32_t width, height;
    int32_t segments; /* read from the file */
    int32_t walls;    /* in the scene, after clipping, snapping and merging */
    int32_t merged;
    int32_t doors, doors_open, doors_locked, one_way;
    int32_t snapped; /* endpoints */
    int32_t lights;  /* in the scene */
    sight_fact sight[6];
} map_fact;

/* Sight facts: read off the map's picture (gridgeom draw MAP --from A --to B). */
static const map_fact k_maps[] = {
    {"uvtt/oganm__test.dd2vtt",
     GG_IO_FORMAT_UVTT,
     20,
     20,
     250,
     249,
     1,
     3,
     0,
     0,
     0,
     0,
     1,
     {{4, 8, 15, 8, true},    /* across the cave, above the pillar */
      {10, 8, 10, 17, false}, /* through the south wall */
      {0, 0, 19, 0, true},    /* outside, along the top */
      {5, 17, 5, 12, false},  /* out of the small room in the south */
      {11, 4, 11, 8, false},  /* through the closed door in the north wall */
      {0, 0, 0, 0, false}}},
    {"uvtt/vttmaps__the-litch-and-his-tomb.dd2vtt",
     GG_IO_FORMAT_UVTT,
     48,
     27,
     173,
     163,
     10,
     5,
     0,
     0,
     0,
     49,
     2,
     {{20, 2, 20, 20, false},  /* across the tomb building */
      {42, 8, 45, 15, true},   /* inside the east hall */
      {10, 10, 25, 10, false}, /* through the closed doors of the entrance */
      {30, 2, 30, 20, false},  /* across the corridor walls */
      {2, 2, 2, 25, true},     /* down the open west edge */
      {21, 10, 26, 10, false}}},
    {"uvtt/vttmaps__stone-resolve-academy_ground-floor-north-rooms.dd2vtt",
     GG_IO_FORMAT_UVTT,
     32,
     10,
     482,
     14,
     0,
     0,
     0,
     0,
     0,
     0,
     0,
     {{5, 5, 15, 5, false}, /* the wall at x = 11.5 between the rooms */
      {5, 2, 10, 8, true},  /* inside the west room */
      {22, 3, 18, 3, false},
      {0, 0, 0, 0, false}}},
    {"uvtt/vttmaps__headmasters-quarters.dd2vtt",
     GG_IO_FORMAT_UVTT,
     10,
     10,
     20,
     20,
     0,
     6,
     0,
     0,
     0,
     8,
     0,
     {{1, 4, 8, 8, true},  /* inside */
      {5, 0, 5, 5, false}, /* through the doors along the north side */
      {0, 0, 0, 9, false}, /* through the 45-degree wall */
      {0, 0, 0, 0, false}}},
    {"uvtt/vttmaps__gold-room.dd2vtt",
     GG_IO_FORMAT_UVTT,
     20,
     10,
     14,
     8,
     0,
     0,
     0,
     0,
     0,
     0,
     0,
     {{10, 5, 2, 5, true},
      {10, 5, 10, 9, true},
      {0, 0, 10, 5, false}, /* from outside the diagonal north-west wall */
      {0, 0, 0, 0, false}}},
    {"foundry/zahi__cities-street.json",
     GG_IO_FORMAT_FOUNDRY,
     25,
     25,
     120,
     113,
     7,
     29,
     9,
     0,
     0,
     81,
     0,
     {{5, 12, 20, 12, false}, /* out of the house, across the street into the next */
      {3, 13, 6, 15, true},   /* inside one room */
      {10, 8, 14, 8, true},   /* along the street */
      {20, 15, 20, 18, true},
      {18, 16, 14, 16, false}, /* through the closed door of the east house */
      {12, 20, 20, 20, true}}},
    {"foundry/zahi__oota-warning-sign.json",
     GG_IO_FORMAT_FOUNDRY,
     25,
     25,
     379,
     366,
     13,
     0,
     0,
     0,
     0,
     0,
     45,
     {{0, 0, 0, 0, false}}},
    {"foundry/majorvictory__underbark-tavern-top-floor.json",
     GG_IO_FORMAT_FOUNDRY,
     36,
     27,
     98,
     96,
     2,
     7,
     1,
     0,
     11,
     195,
     6,
     {{0, 0, 0, 0, false}}},
    {"foundry/majorvictory__dungeon-of-coins.json",
     GG_IO_FORMAT_FOUNDRY,
     74,
     74,
     378,
     377,
     1,
     94,
     38,
     38,
     0,
     5,
     5,
     {{35, 25, 41, 25, false}, /* the hall's east wall on the centres of column 40 */
      {35, 25, 40, 25, true},  /* the wall's own cells are seen from the hall (point rule) */
      {60, 2, 60, 8, true},    /* inside the north-east room */
      {45, 45, 55, 45, false},
      {0, 40, 20, 40, false},
      {0, 0, 0, 0, false}}},
    {"foundry/majorvictory__mansion-floor-2.json",
     GG_IO_FORMAT_FOUNDRY,
     84,
     48,
     278,
     274,
     4,
     43,
     7,
     1,
     0,
     556,
     0,
     {{40, 20, 45, 30, true},  /* inside the ballroom */
      {25, 25, 40, 25, false}, /* from the west wing into the ballroom */
      {60, 25, 70, 25, true},  /* along the east corridor */
      {0, 0, 80, 0, true},     /* outside, along the top */
      {0, 0, 0, 0, false}}},
    {"foundry/majorvictory__jonto-island.json",
     GG_IO_FORMAT_FOUNDRY,
     64,
     64,
     262,
     261,
     1,
     0,
     0,
     0,
     29,
     500,
     0,
     {{0, 0, 0, 0, false}}},
    {"foundry/ocd__nort-gate.json",
     GG_IO_FORMAT_FOUNDRY,
     21,
     38,
     443,
     373, /* walls on different levels (wall-height) are not merged */
     70,
     52,
     4,
     0,
     0,
     103,
     0,
     {{1, 1, 19, 1, true}, /* outside the gate */
      {2, 20, 18, 20, false},
      {0, 0, 0, 0, false}}},
    {"foundry/ocd__collapsed-tower.json",
     GG_IO_FORMAT_FOUNDRY,
     31,
     30,
     528,
     526,
     2,
     0,
     0,
     0,
     0,
     1044,
     4,
     {{0, 0, 0, 0, false}}},
};

static gg_scene *load_map(const char *file, gg_import_def *def, gg_import_report **report)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", GG_TEST_MAPS_DIR, file);
    gg_import_def d = def != NULL ? *def : gg_import_def_default();
    gg_scene *s = NULL;
    gg_io_error err;
    gg_status st = gg_scene_import_file(path, &d, &s, report, &err);
    if (st != GG_OK)
        fail_msg("%s: %s (%s)", file, err.message, gg_status_name(st));
    return s;
}

static char *export_str(const gg_scene *s)
{
    size_t need = 0;
    gg_io_error err;
    assert_int_equal(gg_scene_export_nat20(s, NULL, 0, &need, &err), GG_E_BUFFER_TOO_SMALL);
    char *buf = malloc(need + 1);
    assert_non_null(buf);
    assert_int_equal(gg_scene_export_nat20(s, buf, need + 1, &need, &err), GG_OK);
    return buf;
}

static void check_map(const map_fact *m)
{
    gg_import_report *r = NULL;
    gg_scene *s = load_map(m->file, NULL, &r);
    gg_import_stats st;
    assert_int_equal(gg_import_report_stats(r, &st), GG_OK);
    print_message("%-64s %2dx%-2d walls %3d (read %3d, merged %3d) doors %2d snapped %4d "
                  "notes %d\n",
                  m->file, (int)st.width, (int)st.height, (int)st.walls, (int)st.segments_read,
                  (int)st.merged, (int)st.doors, (int)st.endpoints_snapped,
                  (int)gg_import_report_note_count(r));
    assert_int_equal(st.format, m->format);
    assert_int_equal(st.width, m->width);
    assert_int_equal(st.height, m->height);
    assert_int_equal(st.segments_read, m->segments);
    assert_int_equal(st.walls, m->walls);
    assert_int_equal(gg_scene_wall_count(s), m->walls);
    assert_int_equal(st.merged, m->merged);
    assert_int_equal(st.doors, m->doors);
    assert_int_equal(st.doors_open, m->doors_open);
    assert_int_equal(st.doors_locked, m->doors_locked);
    assert_int_equal(st.one_way, m->one_way);
    assert_int_equal(st.endpoints_snapped, m->snapped);
    assert_int_equal(gg_scene_light_count(s), m->lights);
    /* Walls keep the file's positions: none is dropped for being short, and no endpoint moves
     * farther than a corner snap (1/64 cell, docs/io.md). */
    assert_int_equal(gg_import_report_count_of(r, GG_IMPORT_DROPPED, "short"), 0);
    assert_true(st.max_snap_cells <= 0.0221); /* the diagonal of 1/64 cell */
    /* Never silent: every wall segment read is in the scene, merged, or reported dropped. */
    assert_int_equal(st.segments_read, st.walls + st.merged + st.walls_dropped);
    assert_int_equal(gg_import_report_count_of(r, GG_IMPORT_MERGED, NULL), st.merged);
    assert_int_equal(gg_import_report_count_of(r, GG_IMPORT_CLIPPED, NULL), st.clipped);
    if (st.endpoints_snapped > 0)
        assert_int_equal(gg_import_report_count_of(r, GG_IMPORT_SNAPPED, "wall endpoints"),
                         st.endpoints_snapped);
    assert_int_equal(st.lights_read - st.lights_dropped, m->lights);
    for (int i = 0; i < 6; i++) {
        const sight_fact *f = &m->sight[i];
        if (f->c1 == 0 && f->r1 == 0 && f->c2 == 0 && f->r2 == 0)
            break;
        bool vis = !f->open;
        assert_int_equal(gg_scene_has_line_of_sight(s, gg_cell_make(f->c1, f->r1),
                                                    gg_cell_make(f->c2, f->r2), &vis),
                         GG_OK);
        if (vis != f->open)
            fail_msg("%s: sight %d,%d -> %d,%d should be %s", m->file, (int)f->c1, (int)f->r1,
                     (int)f->c2, (int)f->r2, f->open ? "open" : "blocked");
    }
    /* Round trip through Nat20 JSON. */
    char *t1 = export_str(s);
    gg_scene *s2 = NULL;
    gg_import_report *r2 = NULL;
    gg_import_def def = gg_import_def_default();
    gg_io_error err;
    assert_int_equal(gg_scene_import(t1, strlen(t1), &def, &s2, &r2, &err), GG_OK);
    gg_import_stats st2;
    assert_int_equal(gg_import_report_stats(r2, &st2), GG_OK);
    assert_int_equal(st2.walls, st.walls);
    /* VTT maps get the point rule, and their Nat20 export keeps it ("wall_rule": "point"). */
    assert_int_equal(gg_scene_wall_rule(s), GG_WALL_RULE_POINT);
    assert_int_equal(gg_scene_wall_rule(s2), GG_WALL_RULE_POINT);
    assert_int_equal(st2.merged, 0);            /* already merged */
    assert_int_equal(st2.endpoints_snapped, 0); /* already on the lattice */
    assert_int_equal(gg_import_report_note_count(r2), 0);
    char *t2 = export_str(s2);
    assert_string_equal(t1, t2);
    free(t1);
    free(t2);
    gg_import_report_destroy(r2);
    gg_scene_destroy(s2);
    gg_import_report_destroy(r);
    gg_scene_destroy(s);
}

static void maps__every_map_loads_with_the_known_facts(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof k_maps / sizeof k_maps[0]; i++)
        check_map(&k_maps[i]);
}

static void maps__nort_gate_one_level(void **state)
{
    (void)state;
    gg_import_def def = gg_import_def_default();
    def.use_elevation = true;
    def.elevation_ft = 0;
    gg_import_report *r = NULL;
    gg_scene *s = load_map("foundry/ocd__nort-gate.json", &def, &r);
    gg_import_stats st;
    assert_int_equal(gg_import_report_stats(r, &st), GG_OK);
    assert_int_equal(st.walls, 79);
    assert_int_equal(st.doors, 9);
    assert_int_equal(gg_import_report_count_of(r, GG_IMPORT_DROPPED, "other levels"), 356);
    assert_int_equal(gg_import_report_count_of(r, GG_IMPORT_APPROXIMATED, "flattened"), 0);
    gg_import_report_destroy(r);
    gg_scene_destroy(s);
}

/* Issue 14: Nort Gate and Collapsed Tower carry flags["wall-height"] on every wall; each wall
 * keeps its range (feet), and the counts per range add up to the walls in the scene. The Dungeon
 * of Coins' 9 secret doors (door 2) stay secret doors with their states. */
static void maps__wall_heights_and_secret_doors_are_kept(void **state)
{
    (void)state;
    static const struct {
        const char *file;
        int32_t ranges;
        double bottom[5], top[5];
    } k[] = {
        {"foundry/ocd__nort-gate.json", 5, {0, 10, 20, 30, 40}, {9, 19, 29, 39, 600}},
        {"foundry/ocd__collapsed-tower.json", 3, {0, 50, 60}, {50, 60, 70}},
    };
    for (size_t m = 0; m < sizeof k / sizeof k[0]; m++) {
        gg_import_report *r = NULL;
        gg_scene *s = load_map(k[m].file, NULL, &r);
        gg_import_stats st;
        assert_int_equal(gg_import_report_stats(r, &st), GG_OK);
        int32_t n = gg_scene_wall_count(s), got = 0, per[5] = {0};
        gg_wall_def *defs = calloc((size_t)n, sizeof *defs);
        assert_non_null(defs);
        assert_int_equal(gg_scene_list_walls(s, NULL, defs, n, &got), GG_OK);
        for (int32_t i = 0; i < got; i++)
            for (int32_t j = 0; j < k[m].ranges; j++)
                if (defs[i].bottom_ft == k[m].bottom[j] && defs[i].top_ft == k[m].top[j])
                    per[j]++;
        int32_t sum = 0;
        for (int32_t j = 0; j < k[m].ranges; j++) {
            assert_true(per[j] > 0);
            sum += per[j];
        }
        assert_int_equal(sum, st.walls); /* every wall has one of the file's ranges */
        assert_int_equal(st.segments_read, st.walls + st.merged + st.walls_dropped);
        assert_int_equal(gg_import_report_count_of(r, GG_IMPORT_APPROXIMATED, "flattened"), 0);
        /* Queries without a view stand at elevation 0: the walls above it take no part, so a
         * line that only such walls cross is open at 0 and blocked at their elevation. */
        int32_t opened = 0;
        for (int32_t i = 0; i < got && opened == 0; i++) {
            if (defs[i].bottom_ft <= 0.0 || (defs[i].blocks & GG_BLOCKS_SIGHT) == 0)
                continue;
            const gg_view_def up = {sizeof(gg_view_def), defs[i].bottom_ft, defs[i].bottom_ft,
                                    false};
            /* the cells on both sides of the wall's middle, across it */
            double mx = (defs[i].x1 + defs[i].x2) / 2, my = (defs[i].y1 + defs[i].y2) / 2;
            double nx = -(defs[i].y2 - defs[i].y1), ny = defs[i].x2 - defs[i].x1;
            double len = sqrt(nx * nx + ny * ny);
            gg_cell c1 = gg_cell_make((int32_t)floor(mx + 0.7 * nx / len),
                                      (int32_t)floor(my + 0.7 * ny / len));
            gg_cell c2 = gg_cell_make((int32_t)floor(mx - 0.7 * nx / len),
                                      (int32_t)floor(my - 0.7 * ny / len));
            bool flat = false, high = true;
            if (gg_scene_has_line_of_sight(s, c1, c2, &flat) != GG_OK ||
                gg_scene_has_line_of_sight_view(s, c1, c2, &up, &high) != GG_OK)
                continue;
            opened += flat && !high;
        }
        assert_true(opened > 0);
        free(defs);
        gg_import_report_destroy(r);
        gg_scene_destroy(s);
    }

    gg_import_report *r = NULL;
    gg_scene *s = load_map("foundry/majorvictory__dungeon-of-coins.json", NULL, &r);
    assert_int_equal(gg_import_report_count_of(r, GG_IMPORT_APPROXIMATED, "secret"), 0);
    int32_t n = gg_scene_wall_count(s), got = 0, secret = 0, shown = 0;
    gg_wall_def *defs = calloc((size_t)n, sizeof *defs);
    gg_wall_id *ids = calloc((size_t)n, sizeof *ids);
    assert_true(defs != NULL && ids != NULL);
    assert_int_equal(gg_scene_list_walls(s, ids, defs, n, &got), GG_OK);
    for (int32_t i = 0; i < got; i++) {
        if (!defs[i].secret)
            continue;
        secret++;
        assert_int_not_equal(defs[i].door, GG_DOOR_NONE);
        gg_wall_def player;
        assert_int_equal(gg_scene_get_wall_view(s, ids[i], NULL, &player), GG_OK);
        assert_false(player.secret);
        shown += player.door != GG_DOOR_NONE; /* only the open ones show as openings */
        assert_true((player.door == GG_DOOR_OPEN) == (defs[i].door == GG_DOOR_OPEN));
    }
    assert_int_equal(secret, 9); /* door 2 in the file: 5 locked, 3 open, 1 closed */
    assert_int_equal(shown, 3);
    free(defs);
    free(ids);
    gg_import_report_destroy(r);
    gg_scene_destroy(s);
}

static void maps__stone_resolve_crop_is_reported(void **state)
{
    (void)state;
    gg_import_report *r = NULL;
    gg_scene *s = load_map("uvtt/vttmaps__stone-resolve-academy_ground-floor-north-rooms.dd2vtt",
                           NULL, &r);
    /* 441 line-of-sight segments + 41 portals, almost all outside the 32 x 10 crop. */
    assert_int_equal(gg_import_report_count_of(r, GG_IMPORT_APPROXIMATED, "map_origin"), 1);
    assert_true(gg_import_report_count_of(r, GG_IMPORT_DROPPED, "outside") > 400);
    gg_import_report_destroy(r);
    gg_scene_destroy(s);
}

/* Regression (issue 14): 1,756 cells of the shared maps could not see themselves (walls through
 * their centres, which the Nat20 rule makes blind). With the point rule every cell of every map
 * sees itself; with the Nat20 rule asked for, the Dungeon of Coins still has its blind cells. */
static void maps__every_cell_sees_itself(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof k_maps / sizeof k_maps[0]; i++) {
        gg_scene *s = load_map(k_maps[i].file, NULL, NULL);
        int32_t blind = 0;
        for (int32_t r = 0; r < gg_scene_height(s); r++)
            for (int32_t c = 0; c < gg_scene_width(s); c++) {
                bool v = false;
                assert_int_equal(gg_scene_has_line_of_sight(s, gg_cell_make(c, r),
                                                            gg_cell_make(c, r), &v),
                                 GG_OK);
                blind += !v;
            }
        if (blind != 0)
            fail_msg("%s: %d cells cannot see themselves", k_maps[i].file, (int)blind);
        gg_scene_destroy(s);
    }
    gg_import_def def = gg_import_def_default();
    def.vtt_wall_rule = GG_WALL_RULE_NAT20;
    gg_scene *s = load_map("foundry/majorvictory__dungeon-of-coins.json", &def, NULL);
    bool v = true;
    assert_int_equal(gg_scene_has_line_of_sight(s, gg_cell_make(40, 25), gg_cell_make(40, 25), &v),
                     GG_OK);
    assert_false(v);
    gg_scene_destroy(s);
    def.vtt_wall_rule = (gg_wall_rule)7;
    gg_io_error err;
    assert_int_equal(gg_scene_import_file(GG_TEST_MAPS_DIR "/uvtt/vttmaps__gold-room.dd2vtt", &def,
                                          &s, NULL, &err),
                     GG_E_INVALID_ARG);
}

/* The Litch's doors: closed they block; opened, the two rows in line with each opening see and
 * step straight through it (the cells on either side of the door line). */
static void maps__litch_doors_pass_straight_through_when_open(void **state)
{
    (void)state;
    gg_scene *s = load_map("uvtt/vttmaps__the-litch-and-his-tomb.dd2vtt", NULL, NULL);
    gg_wall_id ids[200];
    gg_wall_def defs[200];
    int32_t n = 0;
    assert_int_equal(gg_io_list_walls(s, ids, defs, 200, &n), GG_OK);
    int checked = 0;
    for (int pass = 0; pass < 2; pass++) {
        for (int32_t i = 0; i < n; i++) {
            const gg_wall_def *d = &defs[i];
            if (d->door == GG_DOOR_NONE || d->x1 != d->x2)
                continue; /* the vertical doors (the fifth is slanted) */
            assert_int_equal(gg_scene_set_door(s, ids[i], pass ? GG_DOOR_OPEN : GG_DOOR_CLOSED),
                             GG_OK);
            const double lo = d->y1 < d->y2 ? d->y1 : d->y2, hi = d->y1 < d->y2 ? d->y2 : d->y1;
            const int32_t col = (int32_t)d->x1; /* the door line x = col: cells col-1 | col */
            for (int32_t row = 0; row < gg_scene_height(s); row++) {
                if (row + 0.5 < lo || row + 0.5 > hi)
                    continue;
                bool v = !pass;
                int32_t cost = 0;
                assert_int_equal(gg_scene_has_line_of_sight(s, gg_cell_make(col - 1, row),
                                                            gg_cell_make(col, row), &v),
                                 GG_OK);
                assert_int_equal(gg_scene_edge_distance(s, gg_cell_make(col - 1, row),
                                                        gg_cell_make(col, row), &cost),
                                 GG_OK);
                if (v != (pass == 1) || (cost != GG_STEP_ILLEGAL) != (pass == 1))
                    fail_msg("door at x = %d, row %d, %s: sight %d, step %d", (int)col, (int)row,
                             pass ? "open" : "closed", v, (int)cost);
                checked++;
            }
        }
    }
    assert_int_equal(checked, 2 * 4 * 2); /* four vertical doors, two rows each, both states */
    gg_scene_destroy(s);
}

static void maps__import_without_merging_keeps_every_piece(void **state)
{
    (void)state;
    gg_import_def def = gg_import_def_default();
    def.merge_walls = false;
    gg_import_report *r = NULL;
    gg_scene *s = load_map("foundry/ocd__nort-gate.json", &def, &r);
    gg_import_stats st;
    assert_int_equal(gg_import_report_stats(r, &st), GG_OK);
    assert_int_equal(st.merged, 0);
    assert_int_equal(st.walls, 443); /* every segment of the file */
    /* Merging changes no sight answer: compare a sample of sight lines. */
    gg_scene *m = load_map("foundry/ocd__nort-gate.json", NULL, NULL);
    for (int32_t a = 0; a < 21 * 38; a += 7) {
        for (int32_t b = 3; b < 21 * 38; b += 29) {
            bool v1 = false, v2 = false;
            gg_cell ca = gg_cell_make(a % 21, a / 21), cb = gg_cell_make(b % 21, b / 21);
            assert_int_equal(gg_scene_has_line_of_sight(s, ca, cb, &v1), GG_OK);
            assert_int_equal(gg_scene_has_line_of_sight(m, ca, cb, &v2), GG_OK);
            assert_int_equal(v1, v2);
        }
    }
    gg_scene_destroy(m);
    gg_import_report_destroy(r);
    gg_scene_destroy(s);
}

/* Light colours on the shared maps are kept as data: Underbark (v9 tintColor/tintAlpha),
 * Collapsed Tower (v10 config.color null: no colour), oganm's UVTT test ("AARRGGBB"). No
 * shared map has a cone (every angle is 360). */
static void maps__light_colours_are_kept(void **state)
{
    (void)state;
    gg_import_report *r = NULL;
    gg_scene *s = load_map("foundry/majorvictory__underbark-tavern-top-floor.json", NULL, &r);
    gg_light_def defs[64];
    int32_t n = 0;
    assert_int_equal(gg_scene_list_lights(s, NULL, defs, 64, &n), GG_OK);
    assert_true(n > 0);
    bool torch = false;
    for (int32_t k = 0; k < n; ++k) {
        assert_true(defs[k].has_color);
        assert_true(defs[k].angle_deg == 360.0);
        torch |= defs[k].color_argb == 0x0FFFC800u; /* "#ffc800", tintAlpha 0.06 */
    }
    assert_true(torch);
    assert_int_equal(gg_import_report_count_of(r, GG_IMPORT_DROPPED, "colours not understood"), 0);
    gg_import_report_destroy(r);
    gg_scene_destroy(s);

    s = load_map("foundry/ocd__collapsed-tower.json", NULL, &r);
    assert_int_equal(gg_scene_list_lights(s, NULL, defs, 64, &n), GG_OK);
    assert_true(n > 0 && n <= 64);
    int32_t coloured = 0;
    for (int32_t k = 0; k < n; ++k)
        coloured += defs[k].has_color;
    assert_true(coloured < n); /* "color": null -> no colour */
    gg_import_report_destroy(r);
    gg_scene_destroy(s);

    s = load_map("uvtt/oganm__test.dd2vtt", NULL, &r);
    assert_int_equal(gg_scene_list_lights(s, NULL, defs, 64, &n), GG_OK);
    assert_int_equal(n, 1);
    assert_true(defs[0].has_color);
    assert_int_equal(defs[0].color_argb, 0xFFECCD8Bu);
    gg_import_report_destroy(r);
    gg_scene_destroy(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(maps__every_map_loads_with_the_known_facts),
        cmocka_unit_test(maps__nort_gate_one_level),
        cmocka_unit_test(maps__light_colours_are_kept),
        cmocka_unit_test(maps__wall_heights_and_secret_doors_are_kept),
        cmocka_unit_test(maps__every_cell_sees_itself),
        cmocka_unit_test(maps__litch_doors_pass_straight_through_when_open),
        cmocka_unit_test(maps__stone_resolve_crop_is_reported),
        cmocka_unit_test(maps__import_without_merging_keeps_every_piece),
    };
    return cmocka_run_group_tests_name("io/maps", tests, NULL, NULL);
}
