/* test_io_formats.c - Universal VTT and Foundry VTT import on small hand-made files: coordinate
 * frames (map_origin, padding, shift), portals filling wall gaps, restriction fields old and
 * new, one-way walls kept pointing the right way through merging, doors, levels. */
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

#include "test_alloc.h"

static gg_scene *load(const char *json, gg_import_def *def, gg_import_report **r)
{
    gg_import_def d = def != NULL ? *def : gg_import_def_default();
    gg_scene *s = NULL;
    gg_io_error err;
    gg_status st = gg_scene_import(json, strlen(json), &d, &s, r, &err);
    if (st != GG_OK)
        fail_msg("import failed: %s: %s", gg_status_name(st), err.message);
    return s;
}

static bool los(const gg_scene *s, int32_t c1, int32_t r1, int32_t c2, int32_t r2)
{
    bool vis = false;
    assert_int_equal(gg_scene_has_line_of_sight(s, gg_cell_make(c1, r1), gg_cell_make(c2, r2),
                                                &vis),
                     GG_OK);
    return vis;
}

static gg_import_stats stats(const gg_import_report *r)
{
    gg_import_stats st;
    assert_int_equal(gg_import_report_stats(r, &st), GG_OK);
    return st;
}

/* A cropped export: origin (10,5), 4 x 3 cells. A wall along the top, a wall at x=12 with a
 * portal filling its gap, a wall far outside the crop, a light. */
static const char k_uvtt[] =
    "{\"format\": 0.3, \"resolution\": {\"map_origin\": {\"x\": 10, \"y\": 5},"
    " \"map_size\": {\"x\": 4, \"y\": 3}, \"pixels_per_grid\": 100},"
    " \"line_of_sight\": [[{\"x\": 10, \"y\": 5}, {\"x\": 12, \"y\": 5}, {\"x\": 14, \"y\": 5}],"
    "   [{\"x\": 12, \"y\": 6.1}, {\"x\": 12, \"y\": 8}],"
    "   [{\"x\": 40, \"y\": 40}, {\"x\": 41, \"y\": 40}]],"
    " \"objects_line_of_sight\": [],"
    " \"portals\": [{\"position\": {\"x\": 12, \"y\": 5.55}, \"bounds\": [{\"x\": 12, \"y\": 5},"
    "   {\"x\": 12, \"y\": 6.1}], \"rotation\": 1.5708, \"closed\": true, \"freestanding\": "
    "false}],"
    " \"environment\": {\"baked_lighting\": true, \"ambient_light\": \"ffffffff\"},"
    " \"lights\": [{\"position\": {\"x\": 11, \"y\": 6}, \"range\": 2, \"intensity\": 1,"
    "   \"color\": \"ffeccd8b\", \"shadows\": true}]}";

static void uvtt__origin_portals_and_merging(void **state)
{
    (void)state;
    gg_import_report *r = NULL;
    gg_scene *s = load(k_uvtt, NULL, &r);
    gg_import_stats st = stats(r);
    assert_int_equal(st.format, GG_IO_FORMAT_UVTT);
    assert_int_equal(st.width, 4);
    assert_int_equal(st.height, 3);
    assert_int_equal(st.segments_read, 5);
    assert_int_equal(st.walls, 3); /* top (merged), x=2 wall, door */
    assert_int_equal(st.merged, 1);
    assert_int_equal(st.doors, 1);
    assert_int_equal(st.walls_dropped, 1); /* the one far outside the crop */
    assert_int_equal(st.endpoints_snapped, 2);
    assert_int_equal(st.lights_read, 1);
    assert_int_equal(gg_import_report_count_of(r, GG_IMPORT_APPROXIMATED, "map_origin"), 1);
    assert_int_equal(gg_import_report_count_of(r, GG_IMPORT_DROPPED, "outside"), 1);
    /* The door closes the gap: nothing sees across x=2. */
    assert_false(los(s, 1, 0, 3, 0));
    assert_false(los(s, 1, 1, 3, 1));
    assert_false(los(s, 1, 2, 3, 2));
    assert_true(los(s, 0, 0, 1, 2));
    gg_wall_def d[3];
    int32_t n = 0;
    assert_int_equal(gg_io_list_walls(s, NULL, d, 3, &n), GG_OK);
    assert_int_equal(n, 3);
    assert_true(d[0].x1 == 0 && d[0].y1 == 0 && d[0].x2 == 4 && d[0].y2 == 0);
    assert_int_equal(d[2].door, GG_DOOR_CLOSED);
    /* The door keeps the file's 1.1 (at 1/1024 cell) and meets the wall below it exactly. */
    assert_true(d[2].x1 == 2 && d[2].y1 == 0 && d[2].x2 == 2 && d[2].y2 == 1126.0 / 1024);
    assert_true(d[1].x1 == 2 && d[1].y1 == 1126.0 / 1024 && d[1].x2 == 2 && d[1].y2 == 3);
    gg_import_report_destroy(r);
    gg_scene_destroy(s);
}

/* A Dungeondraft-style doorway: on a 7 x 5 map the wall x = 3 stops at y = 1.5 and resumes at
 * y = 2.5, and a portal fills the gap (Dungeondraft's portals often end half a cell off the
 * grid). Closed, nothing passes; opened by the host, rows 1 and 2 (in line with the opening)
 * see and step straight through, under the point rule the import gives VTT maps. */
static void uvtt__doorway_half_a_cell_off_the_grid(void **state)
{
    (void)state;
    const char *json = "{\"format\": 0.3, \"resolution\": {\"map_size\": {\"x\": 7, \"y\": 5},"
                       " \"pixels_per_grid\": 256},"
                       " \"line_of_sight\": [[{\"x\": 3, \"y\": 0}, {\"x\": 3, \"y\": 1.5}],"
                       "   [{\"x\": 3, \"y\": 2.5}, {\"x\": 3, \"y\": 5}]],"
                       " \"portals\": [{\"position\": {\"x\": 3, \"y\": 2}, \"bounds\": ["
                       "   {\"x\": 3, \"y\": 1.5}, {\"x\": 3, \"y\": 2.5}], \"rotation\": 1.5708,"
                       "   \"closed\": true, \"freestanding\": false}]}";
    gg_import_report *r = NULL;
    gg_scene *s = load(json, NULL, &r);
    assert_int_equal(gg_scene_wall_rule(s), GG_WALL_RULE_POINT);
    gg_wall_id ids[3];
    gg_wall_def defs[3];
    int32_t n = 0;
    assert_int_equal(gg_io_list_walls(s, ids, defs, 3, &n), GG_OK);
    assert_int_equal(n, 3);
    int door = -1;
    for (int i = 0; i < 3; i++)
        if (defs[i].door != GG_DOOR_NONE)
            door = i;
    assert_true(door >= 0);
    assert_true(defs[door].y1 + defs[door].y2 == 4.0); /* kept at 1.5 .. 2.5 */
    for (int32_t row = 0; row < 5; row++) {
        int32_t cost = 0;
        assert_false(los(s, 1, row, 5, row));
        assert_int_equal(gg_scene_edge_distance(s, gg_cell_make(2, row), gg_cell_make(3, row),
                                                &cost),
                         GG_OK);
        assert_int_equal(cost, GG_STEP_ILLEGAL);
    }
    assert_int_equal(gg_scene_set_door(s, ids[door], GG_DOOR_OPEN), GG_OK);
    for (int32_t row = 0; row < 5; row++) {
        const bool in_line = row == 1 || row == 2;
        int32_t cost = 0;
        assert_int_equal(los(s, 1, row, 5, row), in_line);
        assert_int_equal(gg_scene_edge_distance(s, gg_cell_make(2, row), gg_cell_make(3, row),
                                                &cost),
                         GG_OK);
        assert_int_equal(cost, in_line ? 5 : GG_STEP_ILLEGAL);
    }
    gg_import_report_destroy(r);
    gg_scene_destroy(s);
}

static void uvtt__open_portal_is_a_window_and_objects_are_optional(void **state)
{
    (void)state;
    const char *json = "{\"resolution\": {\"map_size\": {\"x\": 3, \"y\": 3}},"
                       " \"line_of_sight\": [],"
                       " \"objects_line_of_sight\": [[{\"x\": 1, \"y\": 1}, {\"x\": 2, \"y\": 1}]],"
                       " \"portals\": [{\"bounds\": [{\"x\": 0, \"y\": 2}, {\"x\": 3, \"y\": 2}],"
                       " \"closed\": false}]}";
    gg_import_report *r = NULL;
    gg_scene *s = load(json, NULL, &r);
    assert_int_equal(stats(r).windows, 1);
    assert_int_equal(stats(r).walls, 2);
    assert_true(los(s, 1, 1, 1, 2)); /* through the window */
    int32_t cost = 0;
    assert_int_equal(gg_scene_edge_distance(s, gg_cell_make(1, 1), gg_cell_make(1, 2), &cost),
                     GG_OK);
    assert_int_equal(cost, GG_STEP_ILLEGAL); /* but not through it on foot */
    assert_false(los(s, 1, 0, 1, 1));        /* the object outline */
    gg_import_report_destroy(r);
    gg_scene_destroy(s);

    gg_import_def def = gg_import_def_default();
    def.uvtt_objects = false;
    s = load(json, &def, &r);
    assert_int_equal(stats(r).walls, 1);
    assert_int_equal(gg_import_report_count_of(r, GG_IMPORT_DROPPED, "objects_line_of_sight"), 1);
    assert_true(los(s, 1, 0, 1, 1));
    gg_import_report_destroy(r);
    gg_scene_destroy(s);
}

/* Foundry 0.7/0.8 fields. grid 100 px, 400 x 300 px scene, padding 0.5 -> 200 px of padding on
 * each side: canvas (200,200) is the scene's corner (0,0). */
static const char k_foundry_old[] =
    "{\"grid\": 100, \"gridType\": 1, \"gridDistance\": 5, \"gridUnits\": \"ft\","
    " \"width\": 400, \"height\": 300, \"padding\": 0.5, \"shiftX\": 0, \"shiftY\": 0,"
    " \"walls\": ["
    /* 0: along the top, normal */
    "  {\"c\": [200, 200, 600, 200], \"move\": 1, \"sense\": 1, \"door\": 0, \"ds\": 0},"
    /* 1, 2: x = 2 in two pieces drawn in opposite directions, one-way, the same side */
    "  {\"c\": [400, 200, 400, 300], \"move\": 1, \"sense\": 1, \"dir\": 1},"
    "  {\"c\": [400, 500, 400, 300], \"move\": 1, \"sense\": 1, \"dir\": 2},"
    /* 3: invisible wall (movement only) at y = 1 from x 0..1 */
    "  {\"c\": [200, 300, 300, 300], \"move\": 1, \"sense\": 0},"
    /* 4: terrain wall at x = 1 from y 1..3 */
    "  {\"c\": [300, 300, 300, 500], \"move\": 1, \"sense\": 2},"
    /* 5: a locked secret door at x = 3, y 0..1 */
    "  {\"c\": [500, 200, 500, 300], \"move\": 1, \"sense\": 1, \"door\": 2, \"ds\": 2},"
    /* 6: an open door at x = 3, y 1..2 */
    "  {\"c\": [500, 300, 500, 400], \"move\": 1, \"sense\": 1, \"door\": 1, \"ds\": 1},"
    /* 7: a wall in the padding, outside the scene */
    "  {\"c\": [0, 0, 100, 0], \"move\": 1, \"sense\": 1},"
    /* 8: blocks nothing (move 0, sense 0) */
    "  {\"c\": [200, 400, 300, 400], \"move\": 0, \"sense\": 0}"
    " ],"
    " \"lights\": [{\"x\": 250, \"y\": 250, \"dim\": 10, \"bright\": 5, \"t\": \"l\"}],"
    " \"tokens\": [{\"x\": 200, \"y\": 200}], \"tiles\": [], \"drawings\": []}";

static void foundry__old_fields_frame_doors_and_one_way(void **state)
{
    (void)state;
    gg_import_report *r = NULL;
    gg_scene *s = load(k_foundry_old, NULL, &r);
    gg_import_stats st = stats(r);
    assert_int_equal(st.format, GG_IO_FORMAT_FOUNDRY);
    assert_int_equal(st.width, 4);
    assert_int_equal(st.height, 3);
    assert_int_equal(st.segments_read, 9);
    assert_int_equal(st.walls, 6); /* minus the nothing-blocker, the padding wall; 1 + 2 merged */
    assert_int_equal(st.merged, 1);
    assert_int_equal(st.one_way, 1);
    assert_int_equal(st.doors, 2);
    assert_int_equal(st.doors_locked, 1);
    assert_int_equal(st.doors_open, 1);
    assert_int_equal(st.endpoints_snapped, 0);
    assert_int_equal(gg_import_report_count_of(r, GG_IMPORT_DROPPED, "sound only"), 1);
    assert_int_equal(gg_import_report_count_of(r, GG_IMPORT_DROPPED, "outside"), 1);
    assert_int_equal(gg_import_report_count_of(r, GG_IMPORT_APPROXIMATED, "secret"), 0);
    assert_int_equal(gg_import_report_count_of(r, GG_IMPORT_APPROXIMATED, "limited"), 0);
    assert_int_equal(gg_import_report_count_of(r, GG_IMPORT_DROPPED, "tokens"), 1);
    /* The terrain wall (sense 2 = LIMITED) is kept limited for sight and light: one passes. */
    gg_wall_def defs[8];
    int32_t n = 0, limited = 0;
    assert_int_equal(gg_scene_list_walls(s, NULL, defs, 8, &n), GG_OK);
    for (int32_t k = 0; k < n; ++k)
        if (defs[k].limited != 0) {
            assert_int_equal(defs[k].limited, GG_BLOCKS_SIGHT | GG_BLOCKS_LIGHT);
            limited++;
        }
    assert_int_equal(limited, 1);
    /* Foundry's door 2 is kept a secret door, locked (ds 2); the open door is not secret. */
    int32_t secret = 0;
    for (int32_t k = 0; k < n; ++k)
        if (defs[k].secret) {
            assert_int_equal(defs[k].door, GG_DOOR_LOCKED);
            secret++;
        } else if (defs[k].door == GG_DOOR_OPEN) {
            assert_true(defs[k].x1 == 3.0);
        }
    assert_int_equal(secret, 1);
    assert_true(los(s, 0, 2, 1, 2));
    /* One-way x = 2: transparent from the west (LEFT of A->B = (2,0)->(2,1)). */
    assert_true(los(s, 1, 2, 2, 2));
    assert_true(los(s, 1, 2, 3, 2));
    assert_false(los(s, 3, 2, 1, 2));
    /* The invisible wall at y = 1, x 0..1: sight passes, steps do not. */
    assert_true(los(s, 0, 0, 0, 1));
    int32_t cost = 0;
    assert_int_equal(gg_scene_edge_distance(s, gg_cell_make(0, 0), gg_cell_make(0, 1), &cost),
                     GG_OK);
    assert_int_equal(cost, GG_STEP_ILLEGAL);
    /* Locked door x = 3 (y 0..1) blocks; the open one (y 1..2) does not. */
    assert_false(los(s, 2, 0, 3, 0));
    assert_false(los(s, 3, 0, 2, 0));
    assert_true(los(s, 2, 1, 3, 1));
    assert_int_equal(gg_scene_edge_distance(s, gg_cell_make(3, 1), gg_cell_make(2, 1), &cost),
                     GG_OK);
    assert_int_equal(cost, 5);
    gg_import_report_destroy(r);
    gg_scene_destroy(s);
}

/* v11: a PROXIMITY sight wall (30) with a 10 ft threshold at x = 5 (grid 50 px, 5 ft cells), a
 * DISTANCE light wall (40) at x = 8. */
static const char k_foundry_v11[] =
    "{\"grid\": {\"type\": 1, \"size\": 50, \"distance\": 5, \"units\": \"ft\"},"
    " \"width\": 500, \"height\": 150, \"padding\": 0,"
    " \"walls\": ["
    "  {\"c\": [250, 0, 250, 150], \"light\": 20, \"move\": 20, \"sight\": 30, \"sound\": 20,"
    "   \"threshold\": {\"sight\": 10, \"light\": null, \"sound\": null, \"attenuation\": false}},"
    "  {\"c\": [400, 0, 400, 150], \"light\": 40, \"move\": 20, \"sight\": 20, \"sound\": 20,"
    "   \"threshold\": {\"light\": 10}}"
    " ]}";

static void foundry__proximity_walls_keep_their_threshold(void **state)
{
    (void)state;
    gg_import_report *r = NULL;
    gg_scene *s = load(k_foundry_v11, NULL, &r);
    gg_wall_def defs[2];
    int32_t n = 0;
    assert_int_equal(gg_scene_list_walls(s, NULL, defs, 2, &n), GG_OK);
    assert_int_equal(n, 2);
    assert_true(defs[0].sight_proximity_ft == 10.0);
    assert_true(defs[0].light_proximity_ft == 0.0);
    assert_true(defs[1].light_proximity_ft == 0.0);
    assert_true(los(s, 4, 1, 6, 1));  /* 0.5 cells from the window: through it */
    assert_false(los(s, 2, 1, 6, 1)); /* 2.5 cells = 12.5 ft: a wall */
    assert_int_equal(gg_import_report_count_of(r, GG_IMPORT_APPROXIMATED, "proximity"), 0);
    assert_int_equal(gg_import_report_count_of(r, GG_IMPORT_APPROXIMATED, "distance walls"), 1);
    gg_import_report_destroy(r);
    gg_scene_destroy(s);
}

/* v10: grid object, per-sense fields, background offset, wall-height levels. */
static const char k_foundry_v10[] =
    "{\"grid\": {\"type\": 1, \"size\": 50, \"distance\": 10, \"units\": \"ft\"},"
    " \"width\": 275, \"height\": 200, \"padding\": 0,"
    " \"background\": {\"offsetX\": 0, \"offsetY\": 0},"
    " \"walls\": ["
    "  {\"c\": [100, 0, 100, 200], \"light\": 20, \"move\": 20, \"sight\": 20, \"sound\": 20,"
    "   \"dir\": 0, \"door\": 0, \"ds\": 0, \"flags\": {\"wall-height\": {\"bottom\": 0, \"top\": "
    "9}}},"
    "  {\"c\": [150, 0, 150, 200], \"light\": 20, \"move\": 0, \"sight\": 0, \"sound\": 0,"
    "   \"flags\": {\"wall-height\": {\"bottom\": 10, \"top\": 19}}},"
    "  {\"c\": [200, 0, 200, 200], \"light\": 0, \"move\": 20, \"sight\": 20, \"sound\": 0,"
    "   \"flags\": {\"wall-height\": {\"bottom\": null, \"top\": null}}}"
    " ],"
    " \"lights\": [{\"x\": 25, \"y\": 25, \"config\": {\"dim\": 20, \"bright\": 10}}]}";

static void foundry__v10_fields_and_levels(void **state)
{
    (void)state;
    gg_import_report *r = NULL;
    gg_scene *s = load(k_foundry_v10, NULL, &r);
    gg_import_stats st = stats(r);
    assert_int_equal(st.width, 6); /* 275 / 50 = 5.5 -> 6 partial */
    assert_int_equal(st.height, 4);
    assert_int_equal(st.cell_size_ft, 10);
    assert_int_equal(st.walls, 3);
    assert_int_equal(gg_import_report_count_of(r, GG_IMPORT_APPROXIMATED, "levels flattened"), 0);
    assert_int_equal(gg_import_report_count_of(r, GG_IMPORT_APPROXIMATED, "not whole"), 1);
    /* Heights are kept in feet (distance 10 per 10 ft cell: 1 ft per unit): x = 2 stands from
     * 0 to 9 ft, x = 3 (light only) from 10 to 19, x = 4 everywhere (null bounds). */
    gg_wall_def defs[3];
    int32_t n = 0;
    assert_int_equal(gg_scene_list_walls(s, NULL, defs, 3, &n), GG_OK);
    assert_int_equal(n, 3);
    for (int32_t k = 0; k < n; ++k) {
        if (defs[k].x1 == 2.0)
            assert_true(defs[k].bottom_ft == 0.0 && defs[k].top_ft == 9.0);
        else if (defs[k].x1 == 3.0)
            assert_true(defs[k].bottom_ft == 10.0 && defs[k].top_ft == 19.0);
        else
            assert_true(isinf(defs[k].bottom_ft) && defs[k].bottom_ft < 0 &&
                        isinf(defs[k].top_ft) && defs[k].top_ft > 0);
    }
    assert_false(los(s, 1, 1, 2, 1));         /* at elevation 0 the 0..9 ft wall stands */
    assert_true(los(s, 2, 1, 4, 1) == false); /* x = 4 blocks sight */
    const gg_view_def up = {sizeof(gg_view_def), 15.0, 15.0, false};
    bool seen = false;
    assert_int_equal(gg_scene_has_line_of_sight_view(s, gg_cell_make(1, 1), gg_cell_make(2, 1), &up,
                                                     &seen),
                     GG_OK);
    assert_true(seen); /* at 15 ft the line passes over it */
    gg_import_report_destroy(r);
    gg_scene_destroy(s);

    gg_import_def def = gg_import_def_default();
    def.use_elevation = true;
    def.elevation_ft = 15;
    s = load(k_foundry_v10, &def, &r);
    st = stats(r);
    assert_int_equal(st.walls, 2); /* the 0..9 wall is on another level */
    assert_int_equal(gg_import_report_count_of(r, GG_IMPORT_DROPPED, "other levels"), 1);
    assert_true(los(s, 1, 1, 2, 1));
    /* x = 3: light only: sight passes. */
    assert_true(los(s, 2, 1, 3, 1));
    gg_import_report_destroy(r);
    gg_scene_destroy(s);
}

static void foundry__bad_fields_are_named(void **state)
{
    (void)state;
    const char *cases[][2] = {
        {"{\"grid\": 100, \"width\": 100, \"height\": 100, \"walls\": [{\"c\": [0, 0, 1]}]}",
         "walls[0].c"},
        {"{\"grid\": 100, \"width\": 100, \"height\": 100, \"walls\": [{\"c\": [0, 0, 1, "
         "\"x\"]}]}",
         "walls[0].c[3]"},
        {"{\"grid\": 100, \"width\": 100, \"height\": 100, \"walls\": [{\"c\": [0, 0, 1, 1], "
         "\"dir\": 7}]}",
         "walls[0].dir"},
        {"{\"grid\": 100, \"width\": 100, \"height\": 100, \"walls\": [{\"c\": [0, 0, 1, 1], "
         "\"sight\": 15}]}",
         "sight"},
        {"{\"grid\": 100, \"gridType\": 2, \"width\": 100, \"height\": 100, \"walls\": []}", "hex"},
        {"{\"grid\": 0, \"width\": 100, \"height\": 100, \"walls\": []}", "grid"},
        {"{\"grid\": 1, \"width\": 1e8, \"height\": 100, \"walls\": []}", "GG_SCENE_MAX_SIDE"},
        {"{\"grid\": 100, \"width\": -5, \"height\": 100, \"walls\": []}", "width"},
        {"{\"resolution\": {\"map_size\": {\"x\": 3}}, \"line_of_sight\": []}",
         "resolution.map_size.y"},
        {"{\"resolution\": {\"map_size\": {\"x\": 3, \"y\": 3}}, \"line_of_sight\": [[{\"x\": 1,"
         " \"y\": true}, {\"x\": 1, \"y\": 1}]]}",
         "line_of_sight[0][0].y"},
        {"{\"resolution\": {\"map_size\": {\"x\": 3, \"y\": 3}}, \"portals\": [{\"bounds\": "
         "[{\"x\": 1, \"y\": 1}]}]}",
         "portals[0].bounds"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gg_import_def def = gg_import_def_default();
        gg_scene *s = NULL;
        gg_io_error err;
        gg_status st = gg_scene_import(cases[i][0], strlen(cases[i][0]), &def, &s, NULL, &err);
        if (!gg_failed(st) || strstr(err.message, cases[i][1]) == NULL)
            fail_msg("case %zu: %s \"%s\" (wanted a failure naming %s)", i, gg_status_name(st),
                     err.message, cases[i][1]);
        assert_null(s);
    }
}

/* An import def built against the 0.2.0 header (it ended before vtt_wall_rule) reads the wall
 * rule as its default, the point rule for VTT maps; before, it was refused with GG_E_BAD_DEF. */
static void formats__import_def_from_the_0_2_header_reads_the_wall_rule_default(void **state)
{
    (void)state;
    gg_import_def def = gg_import_def_default();
    def.vtt_wall_rule = (gg_wall_rule)77; /* bytes past the old struct: must not be read */
    def.struct_size = (uint32_t)offsetof(gg_import_def, vtt_wall_rule);
    gg_scene *s = NULL;
    gg_io_error err;
    assert_int_equal(gg_scene_import(k_uvtt, strlen(k_uvtt), &def, &s, NULL, &err), GG_OK);
    assert_int_equal(gg_scene_wall_rule(s), GG_WALL_RULE_POINT);
    gg_scene_destroy(s);
    def.struct_size = 8u;
    assert_int_equal(gg_scene_import(k_uvtt, strlen(k_uvtt), &def, &s, NULL, &err), GG_E_BAD_DEF);
}

/* Regression (found by fuzz_uvtt): a wall cut at the scene edge kept its cut end a hair off a
 * grid corner, (20, 8.98828125), which a second import (of the Nat20 export) then snapped to
 * (20, 9): the round trip changed the scene. Cut ends now snap like every other end. */
static void formats__clipped_end_near_a_corner_snaps_so_round_trips_are_stable(void **state)
{
    (void)state;
    const char *uvtt = "{\"format\":0.3,\"resolution\":{\"map_origin\":{\"x\":0,\"y\":0},"
                       "\"map_size\":{\"x\":20,\"y\":20},\"pixels_per_grid\":64},"
                       "\"line_of_sight\":[[{\"x\":18,\"y\":9},{\"x\":34,\"y\":8.90625}]]}";
    gg_import_def def = gg_import_def_default();
    gg_scene *s = NULL;
    gg_io_error err;
    assert_int_equal(gg_scene_import(uvtt, strlen(uvtt), &def, &s, NULL, &err), GG_OK);
    gg_wall_def w;
    int32_t n = 0;
    assert_int_equal(gg_scene_list_walls(s, NULL, &w, 1, &n), GG_OK);
    assert_int_equal(n, 1);
    assert_true(w.x1 == 18.0 && w.y1 == 9.0 && w.x2 == 20.0 && w.y2 == 9.0);
    /* Export, import the export, export again: the same text. */
    size_t need = 0, need2 = 0;
    assert_int_equal(gg_scene_export_nat20(s, NULL, 0, &need, &err), GG_E_BUFFER_TOO_SMALL);
    char *a = malloc(need + 1), *b = malloc(need + 1);
    assert_non_null(a);
    assert_non_null(b);
    assert_int_equal(gg_scene_export_nat20(s, a, need + 1, &need, &err), GG_OK);
    gg_import_def d2 = gg_import_def_default();
    d2.format = GG_IO_FORMAT_NAT20;
    gg_scene *again = NULL;
    assert_int_equal(gg_scene_import(a, need, &d2, &again, NULL, &err), GG_OK);
    assert_int_equal(gg_scene_export_nat20(again, b, need + 1, &need2, &err), GG_OK);
    assert_int_equal(need2, need);
    assert_memory_equal(a, b, need);
    free(a);
    free(b);
    gg_scene_destroy(again);
    gg_scene_destroy(s);
}

static void formats__detection_and_forcing(void **state)
{
    (void)state;
    gg_import_def def = gg_import_def_default();
    def.format = GG_IO_FORMAT_FOUNDRY;
    gg_scene *s = NULL;
    gg_io_error err;
    assert_int_equal(gg_scene_import(k_uvtt, strlen(k_uvtt), &def, &s, NULL, &err),
                     GG_E_INVALID_ARG);
    def.format = GG_IO_FORMAT_AUTO;
    const char *other = "{\"hello\": 1}";
    assert_int_equal(gg_scene_import(other, strlen(other), &def, &s, NULL, &err), GG_E_INVALID_ARG);
    assert_non_null(strstr(err.message, "not a Nat20"));
    def.max_walls = 2;
    assert_int_equal(gg_scene_import(k_uvtt, strlen(k_uvtt), &def, &s, NULL, &err), GG_E_TOO_LARGE);
    assert_non_null(strstr(err.message, "max_walls"));
}

/* The largest single request, over a counting allocator. */
typedef struct peak_alloc {
    gg_allocator iface;
    gg_test_alloc *ta;
    size_t peak;
} peak_alloc;

static void *peak_alloc_fn(void *ctx, size_t size, size_t align)
{
    peak_alloc *p = (peak_alloc *)ctx;
    if (size > p->peak)
        p->peak = size;
    return p->ta->iface.alloc(p->ta, size, align);
}

static void peak_free_fn(void *ctx, void *ptr, size_t size)
{
    peak_alloc *p = (peak_alloc *)ctx;
    p->ta->iface.free(p->ta, ptr, size);
}

/* Imports `json` with `def` (its allocator replaced by a counting one) and expects it refused
 * with GG_E_TOO_LARGE, a message naming `cap`, and nothing allocated for a scene. The parser's
 * memory comes from def.allocator too (docs/io.md), so the allocator does see calls: none of
 * them is a scene's (the giant maps' cell planes would be tens of MiB), and none is kept. */
static void expect_cap(const char *json, gg_import_def def, const char *cap)
{
    gg_test_alloc ta;
    gg_test_alloc_init(&ta, -1);
    peak_alloc pa = {{peak_alloc_fn, peak_free_fn, NULL}, &ta, 0};
    pa.iface.ctx = &pa;
    def.allocator = &pa.iface;
    gg_scene *s = NULL;
    gg_io_error err;
    gg_status st = gg_scene_import(json, strlen(json), &def, &s, NULL, &err);
    if (st != GG_E_TOO_LARGE || strstr(err.message, cap) == NULL)
        fail_msg("expected GG_E_TOO_LARGE naming %s, got %s: %s", cap, gg_status_name(st),
                 err.message);
    assert_null(s);
    /* Refused up front: the scene was never created. */
    assert_true(pa.peak < ((size_t)1 << 20));
    assert_int_equal(ta.live_bytes, 0);
}

static char *repeat(const char *head, const char *item, int n, const char *sep, const char *tail)
{
    size_t len = strlen(head) + (size_t)n * (strlen(item) + strlen(sep)) + strlen(tail) + 1;
    char *buf = malloc(len), *p = buf;
    if (buf == NULL)
        abort(); /* (cmocka's asserts are not noreturn, and gcc then warns about p) */
    p += sprintf(p, "%s", head);
    for (int i = 0; i < n; i++)
        p += sprintf(p, "%s%s", i ? sep : "", item);
    sprintf(p, "%s", tail);
    return buf;
}

/* Regression (issue 20, defect 3): the 28-byte file {"width":8192,"height":8192} built a scene
 * of 67 million cells (6.5 GB and 31 s in `gridgeom query`). Every cap of gg_import_def refuses
 * a file over it, in every format, before the scene is built, with a message naming the cap;
 * a host may lower each, and raise the area cap up to the library's limit. */
static void formats__caps_refuse_files_up_front(void **state)
{
    (void)state;
    gg_import_def def = gg_import_def_default();
    assert_true(def.max_cells == (int64_t)4096 * 4096);
    expect_cap("{\"width\":8192,\"height\":8192}", def, "max_cells");
    expect_cap("{\"width\":4097,\"height\":4096}", def, "max_cells");
    const char *uvtt = "{\"resolution\": {\"map_origin\": {\"x\": 0, \"y\": 0},"
                       " \"map_size\": {\"x\": 9000, \"y\": 9000}, \"pixels_per_grid\": 70},"
                       " \"line_of_sight\": []}";
    expect_cap(uvtt, def, "max_cells");
    const char *foundry = "{\"width\": 900000, \"height\": 900000, \"grid\": 100,"
                          " \"walls\": []}";
    expect_cap(foundry, def, "max_cells");

    /* A host lowers the caps. */
    gg_import_def low = def;
    low.max_cells = 99;
    expect_cap("{\"width\":10,\"height\":10}", low, "max_cells");
    low = def;
    low.max_walls = 3;
    char *nat20 = repeat("{\"width\": 8, \"height\": 8, \"wall_segments\": [",
                         "{\"x1\": 0, \"y1\": 0, \"x2\": 1, \"y2\": 0}", 4, ",", "]}");
    expect_cap(nat20, low, "max_walls");
    free(nat20);
    char *fwalls = repeat("{\"width\": 800, \"height\": 800, \"grid\": 100, \"walls\": [",
                          "{\"c\": [0, 0, 100, 0]}", 4, ",", "]}");
    expect_cap(fwalls, low, "max_walls");
    free(fwalls);
    /* UVTT: polyline edges and portals count as walls. */
    char *uwalls = repeat("{\"resolution\": {\"map_size\": {\"x\": 8, \"y\": 8}},"
                          " \"line_of_sight\": [[",
                          "{\"x\": 1, \"y\": 1}", 5, ",", "]]}");
    expect_cap(uwalls, low, "max_walls");
    low = def;
    low.max_polyline_points = 4;
    expect_cap(uwalls, low, "max_polyline_points");
    low.max_polyline_points = 5;
    gg_scene *s = load(uwalls, &low, NULL);
    gg_scene_destroy(s);
    free(uwalls);
    low = def;
    low.max_lights = 2;
    char *nlights = repeat("{\"width\": 8, \"height\": 8, \"lights\": [", "{\"cell\": \"1,1\"}", 3,
                           ",", "]}");
    expect_cap(nlights, low, "max_lights");
    free(nlights);
    char *flights = repeat("{\"width\": 800, \"height\": 800, \"grid\": 100, \"walls\": [],"
                           " \"lights\": [",
                           "{\"x\": 150, \"y\": 150, \"dim\": 10}", 3, ",", "]}");
    expect_cap(flights, low, "max_lights");
    free(flights);

    /* Nonsense caps are a bad argument, not a silent default. */
    gg_io_error err;
    gg_scene *none = NULL;
    low = def;
    low.max_cells = 0;
    assert_int_equal(gg_scene_import("{}", 2, &low, &none, NULL, &err), GG_E_INVALID_ARG);
    low = def;
    low.max_polyline_points = 1;
    assert_int_equal(gg_scene_import("{}", 2, &low, &none, NULL, &err), GG_E_INVALID_ARG);
    low = def;
    low.max_lights = -1;
    assert_int_equal(gg_scene_import("{}", 2, &low, &none, NULL, &err), GG_E_INVALID_ARG);

    /* The area cap is the host's to raise (the library's own limit still holds). */
    gg_import_def high = def;
    high.max_cells = (int64_t)8192 * 4096;
    s = load("{\"width\":8192,\"height\":4096}", &high, NULL);
    assert_int_equal(gg_scene_width(s), 8192);
    gg_scene_destroy(s);
}

/* Light cones and colours kept as data: a v10 light (config.angle/color/alpha, top-level
 * rotation) lights only its cone; a v9 light (tintColor/tintAlpha) with an angle past 360 is a
 * full circle (reported); a colour that is not hex is reported and left out. Before, cones were
 * imported as full circles and every colour was dropped. */
static const char k_foundry_light_cones[] =
    "{\"grid\": {\"type\": 1, \"size\": 50, \"distance\": 5, \"units\": \"ft\"},"
    " \"width\": 550, \"height\": 550, \"padding\": 0, \"walls\": [],"
    " \"lights\": ["
    "  {\"x\": 275, \"y\": 275, \"rotation\": 270,"
    "   \"config\": {\"dim\": 25, \"bright\": 0, \"angle\": 90, \"color\": \"#ff8000\","
    "   \"alpha\": 0.5}},"
    "  {\"x\": 25, \"y\": 25, \"dim\": 5, \"bright\": 0, \"angle\": 400, \"rotation\": 0,"
    "   \"tintColor\": \"#36BF3F\", \"tintAlpha\": 0.49},"
    "  {\"x\": 525, \"y\": 25, \"config\": {\"dim\": 5, \"color\": \"red\"}}"
    " ]}";

static void foundry__light_cones_and_colours_are_kept(void **state)
{
    (void)state;
    gg_import_report *r = NULL;
    gg_scene *s = load(k_foundry_light_cones, NULL, &r);
    gg_light_def defs[3];
    int32_t n = 0;
    assert_int_equal(gg_scene_list_lights(s, NULL, defs, 3, &n), GG_OK);
    assert_int_equal(n, 3);
    assert_true(defs[0].angle_deg == 90.0 && defs[0].rotation_deg == 270.0);
    assert_true(defs[0].has_color);
    assert_int_equal(defs[0].color_argb, 0x80FF8000u); /* alpha 0.5 -> 128 */
    assert_true(defs[1].angle_deg == 360.0);
    assert_true(defs[1].has_color);
    assert_int_equal(defs[1].color_argb, 0x7D36BF3Fu); /* 0.49 * 255 = 124.95 -> 125 */
    assert_false(defs[2].has_color);
    assert_int_equal(gg_import_report_count_of(r, GG_IMPORT_APPROXIMATED, "outside (0, 360]"), 1);
    assert_int_equal(gg_import_report_count_of(r, GG_IMPORT_DROPPED, "colours not understood"), 1);
    /* rotation 270 points east: the cone lights dx >= |dy| within 5 cells, nothing else (rows
     * 0 and 1 hold the other two lights) */
    for (int y = 2; y < 11; ++y)
        for (int x = 0; x < 11; ++x) {
            int dx = x - 5, dy = y - 5;
            gg_light l = GG_LIGHT_DEFAULT;
            assert_int_equal(gg_scene_source_light_on_cell(s, gg_cell_make(x, y), &l), GG_OK);
            bool want = dx >= abs(dy);
            assert_int_equal(l != GG_LIGHT_DARK, want);
        }
    gg_import_report_destroy(r);
    gg_scene_destroy(s);
}

/* UVTT `color` is "AARRGGBB": kept with its alpha. */
static void uvtt__light_colour_is_kept_with_its_alpha(void **state)
{
    (void)state;
    static const char doc[] =
        "{\"format\": 0.3, \"resolution\": {\"map_origin\": {\"x\": 0, \"y\": 0},"
        " \"map_size\": {\"x\": 4, \"y\": 3}, \"pixels_per_grid\": 100},"
        " \"line_of_sight\": [], \"portals\": [],"
        " \"lights\": [{\"position\": {\"x\": 1.5, \"y\": 1.5}, \"range\": 2, \"intensity\": 1,"
        " \"color\": \"80ffad58\", \"shadows\": true},"
        " {\"position\": {\"x\": 2.5, \"y\": 1.5}, \"range\": 2, \"color\": \"#ffad58\"}]}";
    gg_import_report *r = NULL;
    gg_scene *s = load(doc, NULL, &r);
    gg_light_def defs[2];
    int32_t n = 0;
    assert_int_equal(gg_scene_list_lights(s, NULL, defs, 2, &n), GG_OK);
    assert_int_equal(n, 2);
    assert_true(defs[0].has_color);
    assert_int_equal(defs[0].color_argb, 0x80FFAD58u);
    assert_true(defs[0].angle_deg == 360.0);
    assert_false(defs[1].has_color); /* "#RRGGBB" is not UVTT's form */
    assert_int_equal(gg_import_report_count_of(r, GG_IMPORT_DROPPED, "colours not understood"), 1);
    gg_import_report_destroy(r);
    gg_scene_destroy(s);
}

/* gg_io_list_walls as a 0.2-built host reaches it (through a pointer, not the header's macro):
 * the 0.2 layout, 56 bytes a wall, nothing written past it; the sized form at either known size
 * writes exactly that stride, and refuses any other size without writing. */
static void io__list_walls_writes_the_callers_layout_only(void **state)
{
    (void)state;
    gg_scene_def sd = gg_scene_def_default();
    sd.width = sd.height = 6;
    gg_scene *s = NULL;
    assert_int_equal(gg_scene_create(&sd, &s), GG_OK);
    for (int k = 0; k < 2; k++) {
        gg_wall_def w = gg_wall_def_default();
        w.x1 = w.x2 = 1.0 + k;
        w.y2 = 3.0;
        w.door = GG_DOOR_OPEN;
        w.top_ft = 8.0;
        assert_int_equal(gg_scene_add_wall(s, &w, NULL), GG_OK);
    }
    const size_t old_size = offsetof(gg_wall_def, limited);
    union {
        gg_wall_def def[3];
        unsigned char bytes[3 * sizeof(gg_wall_def)];
    } b;
    gg_status (*list)(const gg_scene *, gg_wall_id *, gg_wall_def *, int32_t,
                      int32_t *) = gg_io_list_walls;
    /* 0 stands for the 0.2 symbol, which writes old_size; old_size + 8 is no known size. */
    const size_t sizes[] = {0, old_size, sizeof(gg_wall_def), old_size + 8};
    for (size_t z = 0; z < 4; z++) {
        memset(b.bytes, 0xA5, sizeof b.bytes);
        int32_t n = -1;
        const size_t size = sizes[z] == 0 ? old_size : sizes[z];
        const bool known = size != old_size + 8;
        gg_status st = sizes[z] == 0 ? list(s, NULL, b.def, 2, &n)
                                     : gg_io_list_walls_sized(s, NULL, b.def, size, 2, &n);
        assert_int_equal(st, known ? GG_OK : GG_E_BAD_DEF);
        assert_int_equal(n, known ? 2 : 0);
        const size_t written = known ? 2 * size : 0;
        for (size_t i = written; i < sizeof b.bytes; i++)
            assert_int_equal(b.bytes[i], 0xA5);
        for (size_t k = 0; known && k < 2; k++) {
            gg_wall_def d;
            memcpy(&d, b.bytes + k * size, sizeof d);
            assert_int_equal(d.struct_size, size);
            assert_true(d.x1 == 1.0 + (double)k && d.y2 == 3.0);
            assert_int_equal(d.door, GG_DOOR_OPEN);
            if (size == sizeof(gg_wall_def))
                assert_true(d.top_ft == 8.0);
        }
    }
    gg_scene_destroy(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(uvtt__origin_portals_and_merging),
        cmocka_unit_test(io__list_walls_writes_the_callers_layout_only),
        cmocka_unit_test(uvtt__doorway_half_a_cell_off_the_grid),
        cmocka_unit_test(uvtt__open_portal_is_a_window_and_objects_are_optional),
        cmocka_unit_test(foundry__old_fields_frame_doors_and_one_way),
        cmocka_unit_test(foundry__proximity_walls_keep_their_threshold),
        cmocka_unit_test(foundry__v10_fields_and_levels),
        cmocka_unit_test(foundry__bad_fields_are_named),
        cmocka_unit_test(formats__detection_and_forcing),
        cmocka_unit_test(formats__clipped_end_near_a_corner_snaps_so_round_trips_are_stable),
        cmocka_unit_test(formats__import_def_from_the_0_2_header_reads_the_wall_rule_default),
        cmocka_unit_test(formats__caps_refuse_files_up_front),
        cmocka_unit_test(foundry__light_cones_and_colours_are_kept),
        cmocka_unit_test(uvtt__light_colour_is_kept_with_its_alpha),
    };
    return cmocka_run_group_tests_name("io/formats", tests, NULL, NULL);
}
