/* test_cli_ops.c - the `gridgeom query` ops run in-process (gg_cli_query_eval() on a scene the
 * importer read from a real shared map, or on the hex board tests/data/boards/ridge.hex.json),
 * each answer compared with the library's own answer to the same question, for a sample of
 * inputs per op. Memory comes from a counting allocator that must balance at the end. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <gridgeom/fog.h>
#include <gridgeom/io.h>
#include <gridgeom/rules.h>
#include <gridgeom/terrain.h>

#include "hexboard.h"
#include "query.h"
#include "test_alloc.h"

#ifndef GG_TEST_MAPS_DIR
#error "GG_TEST_MAPS_DIR must name tests/data/maps"
#endif
#ifndef GG_TEST_BOARDS_DIR
#error "GG_TEST_BOARDS_DIR must name tests/data/boards"
#endif

#define LITCH GG_TEST_MAPS_DIR "/uvtt/vttmaps__the-litch-and-his-tomb.dd2vtt"
#define STREET GG_TEST_MAPS_DIR "/foundry/zahi__cities-street.json"
#define RIDGE GG_TEST_BOARDS_DIR "/ridge.hex.json"

typedef struct fixture {
    gg_test_alloc ta;
    gg_scene *scene;
    gg_hex_board *board;
    gg_cli_query q;
    gg_scratch *scratch; /* the test's own, for direct calls */
    json_t *answers;     /* kept until teardown */
} fixture;

static fixture *open_map(const char *path)
{
    fixture *f = calloc(1, sizeof *f);
    assert_non_null(f);
    gg_test_alloc_init(&f->ta, -1);
    if (gg_cli_is_hex_path(path)) {
        gg_cli_hex_extent ext;
        char msg[256];
        assert_int_equal(gg_cli_hex_load(path, &f->ta.iface, &f->board, &ext, msg, sizeof msg), 0);
    } else {
        gg_import_def def = gg_import_def_default();
        def.allocator = &f->ta.iface;
        gg_io_error err;
        assert_int_equal(gg_scene_import_file(path, &def, &f->scene, NULL, &err), GG_OK);
        assert_int_equal(gg_scratch_create(f->scene, NULL, &f->scratch), GG_OK);
    }
    gg_cli_query_init(&f->q, f->scene, f->board, &f->ta.iface);
    f->answers = json_array();
    return f;
}

static void close_map(fixture *f)
{
    gg_cli_query_finish(&f->q);
    gg_scratch_destroy(f->scratch);
    gg_scene_destroy(f->scene);
    gg_hex_board_destroy(f->board);
    json_decref(f->answers);
    assert_int_equal(f->ta.live_bytes, 0);
    assert_int_equal(f->ta.live_blocks, 0);
    free(f);
}

/* The answer to one query line (printf-style), which must not be an error. */
static json_t *ask(fixture *f, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static json_t *ask(fixture *f, const char *fmt, ...)
{
    char text[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    json_error_t jerr;
    json_t *q = json_loads(text, 0, &jerr);
    if (q == NULL)
        fail_msg("bad test query %s: %s", text, jerr.text);
    char msg[512];
    json_t *r = gg_cli_query_eval(&f->q, q, msg, sizeof msg);
    if (r == NULL)
        fail_msg("%s: %s", text, msg);
    json_decref(q);
    json_array_append_new(f->answers, r);
    return r;
}

static const char *refused(fixture *f, const char *text)
{
    static char msg[512];
    json_t *q = json_loads(text, 0, NULL);
    assert_non_null(q);
    json_t *r = gg_cli_query_eval(&f->q, q, msg, sizeof msg);
    json_decref(q);
    assert_null(r);
    return msg;
}

static gg_cell cell_of(json_t *s)
{
    gg_cell c;
    assert_true(json_is_string(s));
    assert_int_equal(gg_cell_parse(json_string_value(s), json_string_length(s), &c, NULL), GG_OK);
    return c;
}

static int64_t get_int(json_t *o, const char *key)
{
    json_t *v = json_object_get(o, key);
    assert_true(json_is_integer(v));
    return json_integer_value(v);
}

static const char *get_str(json_t *o, const char *key)
{
    json_t *v = json_object_get(o, key);
    assert_true(json_is_string(v));
    return json_string_value(v);
}

/* A deterministic sample of on-map cells. */
static gg_cell sample_cell(const gg_scene *s, uint32_t *seed)
{
    *seed = *seed * 1664525u + 1013904223u;
    int32_t col = (int32_t)((*seed >> 8) % (uint32_t)gg_scene_width(s));
    *seed = *seed * 1664525u + 1013904223u;
    int32_t row = (int32_t)((*seed >> 8) % (uint32_t)gg_scene_height(s));
    return gg_cell_make(col, row);
}

/* ---- paths ------------------------------------------------------------------------------------ */

static void cli_ops__paths(void **state)
{
    (void)state;
    fixture *f = open_map(LITCH);
    static const char *const metrics[] = {"chebyshev", "alternating", "euclidean", "manhattan"};
    uint32_t seed = 7;
    for (int i = 0; i < 24; i++) {
        gg_cell a = sample_cell(f->scene, &seed), b = sample_cell(f->scene, &seed);
        gg_move_def def = gg_move_def_default();
        def.metric = (gg_metric)(i % 4);
        gg_cell out[4096];
        int32_t n = 0;
        gg_metric_cost cost;
        assert_int_equal(gg_scene_lowest_cost_path(f->scene, f->scratch, a, b, 0, &def, out, 4096,
                                                   &n, &cost),
                         GG_OK);
        json_t *r = ask(f,
                        "{\"op\":\"lowest_cost_path\",\"a\":\"%d,%d\",\"b\":\"%d,%d\","
                        "\"metric\":\"%s\"}",
                        a.col, a.row, b.col, b.row, metrics[i % 4]);
        assert_int_equal(get_int(r, "feet"), cost.feet);
        assert_int_equal(get_int(r, "root2_feet"), cost.root2_feet);
        json_t *path = json_object_get(r, "path");
        assert_int_equal(json_array_size(path), (size_t)n);
        for (int32_t k = 0; k < n; k++)
            assert_true(gg_cell_eq(cell_of(json_array_get(path, (size_t)k)), out[k]));
        /* route_cost of the same path */
        gg_metric_cost rc;
        int32_t legal = 0;
        assert_int_equal(gg_scene_route_cost(f->scene, out, n, 0, &def, &rc, &legal), GG_OK);
        if (n > 0) {
            char *text = json_dumps(path, JSON_COMPACT);
            r = ask(f, "{\"op\":\"route_cost\",\"cells\":%s,\"metric\":\"%s\"}", text,
                    metrics[i % 4]);
            free(text);
            assert_int_equal(get_int(r, "feet"), rc.feet);
            assert_int_equal(get_int(r, "legal_steps"), legal);
        }
    }
    /* move_field: the cost of listed cells and the summary */
    gg_move_def def = gg_move_def_default();
    size_t bytes = 0;
    assert_int_equal(gg_move_field_bytes(f->scene, &def, &bytes), GG_OK);
    void *mem = aligned_alloc(16, (bytes + 15) / 16 * 16);
    gg_move_field *field = NULL;
    assert_int_equal(gg_scene_move_field(f->scene, f->scratch, gg_cell_make(40, 6), 0, &def, mem,
                                         bytes, &field),
                     GG_OK);
    json_t *r = ask(f, "{\"op\":\"move_field\",\"origin\":\"40,6\",\"cells\":[\"36,12\",\"0,0\","
                       "\"45,15\",\"20,10\"]}");
    json_t *cells = json_object_get(r, "cells");
    for (size_t k = 0; k < json_array_size(cells); k++) {
        json_t *o = json_array_get(cells, k);
        bool reached = false;
        gg_metric_cost cost;
        assert_int_equal(gg_move_field_cost(field, cell_of(json_object_get(o, "cell")), &reached,
                                            &cost, NULL),
                         GG_OK);
        assert_int_equal(json_is_true(json_object_get(o, "reached")), reached);
        if (reached)
            assert_int_equal(get_int(o, "feet"), cost.feet);
    }
    int32_t reached_n = 0;
    for (int32_t row = 0; row < gg_scene_height(f->scene); row++)
        for (int32_t col = 0; col < gg_scene_width(f->scene); col++) {
            bool rch = false;
            gg_metric_cost cost;
            assert_int_equal(gg_move_field_cost(field, gg_cell_make(col, row), &rch, &cost, NULL),
                             GG_OK);
            reached_n += rch;
        }
    free(mem);
    r = ask(f, "{\"op\":\"move_field\",\"origin\":\"40,6\"}");
    assert_int_equal(get_int(r, "reached"), reached_n);
    /* move_overlay and reachable */
    gg_move_reach ov[2048];
    int32_t n = 0;
    assert_int_equal(gg_scene_move_overlay(f->scene, f->scratch, gg_cell_make(40, 6), 0, 30, &def,
                                           ov, 2048, &n),
                     GG_OK);
    r = ask(f, "{\"op\":\"move_overlay\",\"origin\":\"40,6\",\"budget_ft\":30}");
    assert_int_equal(get_int(r, "count"), n);
    cells = json_object_get(r, "cells");
    for (int32_t k = 0; k < n; k++) {
        json_t *o = json_array_get(cells, (size_t)k);
        assert_true(gg_cell_eq(cell_of(json_object_get(o, "cell")), ov[k].cell));
        assert_true(gg_cell_eq(cell_of(json_object_get(o, "prev")), ov[k].prev));
        assert_int_equal(get_int(o, "feet"), ov[k].cost.feet);
    }
    gg_reach re[2048];
    assert_int_equal(gg_scene_reachable(f->scene, f->scratch, gg_cell_make(40, 6), 30, NULL, 0, re,
                                        2048, &n),
                     GG_OK);
    r = ask(f, "{\"op\":\"reachable\",\"start\":\"40,6\",\"budget_ft\":30}");
    cells = json_object_get(r, "cells");
    assert_int_equal(json_array_size(cells), (size_t)n);
    for (int32_t k = 0; k < n; k++) {
        json_t *o = json_array_get(cells, (size_t)k);
        assert_true(gg_cell_eq(cell_of(json_object_get(o, "cell")), re[k].cell));
        assert_int_equal(get_int(o, "cost_ft"), re[k].cost_ft);
    }
    /* metric and footprint distances */
    gg_metric_cost mc;
    assert_int_equal(gg_metric_distance(5, gg_cell_make(0, 0), gg_cell_make(7, 3), 1,
                                        GG_METRIC_ALTERNATING, &mc),
                     GG_OK);
    r = ask(f, "{\"op\":\"metric_distance\",\"a\":\"0,0\",\"b\":\"7,3\",\"parity\":1,"
               "\"metric\":\"alternating\"}");
    assert_int_equal(get_int(r, "feet"), mc.feet);
    assert_int_equal(get_int(r, "parity"), mc.parity);
    gg_body ba = gg_body_make(gg_cell_make(0, 0)), bb = gg_body_make(gg_cell_make(6, 1));
    ba.size = GG_SIZE_HUGE;
    assert_int_equal(gg_footprint_distance(5, &ba, &bb, GG_METRIC_CHEBYSHEV, &mc), GG_OK);
    r = ask(f, "{\"op\":\"footprint_distance\",\"a\":{\"cell\":\"0,0\",\"size\":\"huge\"},"
               "\"b\":{\"cell\":\"6,1\"}}");
    assert_int_equal(get_int(r, "feet"), mc.feet);
    close_map(f);
}

/* ---- sight ------------------------------------------------------------------------------------ */

static void cli_ops__sight(void **state)
{
    (void)state;
    fixture *f = open_map(LITCH);
    size_t words = gg_scene_bitset_words(f->scene);
    uint64_t *bits = calloc(words, sizeof *bits);
    assert_non_null(bits);
    uint32_t seed = 11;
    for (int i = 0; i < 12; i++) {
        gg_cell v = sample_cell(f->scene, &seed);
        int32_t count = 0;
        assert_int_equal(gg_scene_visible_cells(f->scene, NULL, v, GG_RANGE_UNLIMITED,
                                                GG_BITSET_REPLACE, bits, words, &count),
                         GG_OK);
        json_t *r = ask(f, "{\"op\":\"visible_cells\",\"viewer\":\"%d,%d\",\"list\":true}", v.col,
                        v.row);
        assert_int_equal(get_int(r, "count"), count);
        json_t *cells = json_object_get(r, "cells");
        assert_int_equal(json_array_size(cells), (size_t)count);
        for (size_t k = 0; k < json_array_size(cells); k++)
            assert_true(
                gg_bitset_has(bits, gg_scene_width(f->scene), cell_of(json_array_get(cells, k))));
        gg_senses s = gg_senses_none();
        s.darkvision_ft = 30;
        assert_int_equal(gg_scene_seen_cells(f->scene, NULL, v, &s, GG_BITSET_REPLACE, bits, words,
                                             &count),
                         GG_OK);
        r = ask(f, "{\"op\":\"seen_cells\",\"viewer\":\"%d,%d\",\"senses\":{\"darkvision\":30}}",
                v.col, v.row);
        assert_int_equal(get_int(r, "count"), count);
    }
    free(bits);
    gg_cell cs[5] = {{42, 8}, {45, 15}, {20, 10}, {40, 6}, {10, 9}};
    uint8_t m[25];
    assert_int_equal(gg_scene_visibility_matrix(f->scene, cs, 5, NULL, GG_VISIBILITY_LINE_OF_SIGHT,
                                                m),
                     GG_OK);
    json_t *r = ask(f, "{\"op\":\"visibility_matrix\",\"cells\":[\"42,8\",\"45,15\",\"20,10\","
                       "\"40,6\",\"10,9\"]}");
    for (size_t i = 0; i < 5; i++)
        for (size_t j = 0; j < 5; j++)
            assert_int_equal(json_integer_value(json_array_get(json_array_get(r, i), j)),
                             m[i * 5 + j]);
    gg_light_def defs[8];
    int32_t n = 0;
    assert_int_equal(gg_scene_list_lights(f->scene, NULL, defs, 8, &n), GG_OK);
    r = ask(f, "{\"op\":\"lights\"}");
    assert_int_equal(json_array_size(r), (size_t)n);
    for (int32_t i = 0; i < n; i++) {
        json_t *o = json_array_get(r, (size_t)i);
        assert_true(gg_cell_eq(cell_of(json_object_get(o, "cell")), defs[i].cell));
        assert_int_equal(get_int(o, "bright_ft"), defs[i].bright_ft);
    }
    static const char *const names[] = {"default", "bright", "dim", "dark"};
    r = ask(f, "{\"op\":\"lighting\",\"cells\":[\"10,9\",\"12,9\",\"13,9\",\"40,6\"]}");
    for (size_t k = 0; k < json_array_size(r); k++) {
        json_t *o = json_array_get(r, k);
        gg_light l, s;
        gg_cell c = cell_of(json_object_get(o, "cell"));
        assert_int_equal(gg_scene_light_on_cell(f->scene, c, &l), GG_OK);
        assert_int_equal(gg_scene_source_light_on_cell(f->scene, c, &s), GG_OK);
        assert_string_equal(get_str(o, "light"), names[l]);
        assert_string_equal(get_str(o, "source_light"), names[s]);
    }
    close_map(f);
}

/* ---- cover ------------------------------------------------------------------------------------ */

static void cli_ops__cover(void **state)
{
    (void)state;
    fixture *f = open_map(STREET);
    static const char *const modes[] = {"tagged", "corners_2d", "corners_3d"};
    static const char *const degree[] = {"none", "half", "three_quarters", "total"};
    static const char *const by[] = {"nothing", "cell", "wall", "creature", "box", "terrain"};
    uint32_t seed = 3;
    for (int i = 0; i < 18; i++) {
        gg_cell a = sample_cell(f->scene, &seed), t = sample_cell(f->scene, &seed);
        gg_cell o = sample_cell(f->scene, &seed);
        gg_body ba = gg_body_make(a), bt = gg_body_make(t), bo = gg_body_make(o);
        gg_cover_def def = gg_cover_def_default();
        def.mode = (gg_cover_mode)(i % 3);
        gg_cover_result res;
        gg_cover_line lines[512];
        int32_t n = 0;
        gg_status st = gg_scene_cover(f->scene, &ba, &bt, &bo, 1, &def, &res, lines, 512, &n);
        assert_true(st == GG_OK);
        json_t *r = ask(f,
                        "{\"op\":\"cover\",\"attacker\":{\"cell\":\"%d,%d\"},\"target\":{"
                        "\"cell\":\"%d,%d\"},\"creatures\":[{\"cell\":\"%d,%d\"}],"
                        "\"mode\":\"%s\"}",
                        a.col, a.row, t.col, t.row, o.col, o.row, modes[i % 3]);
        assert_string_equal(get_str(r, "degree"), degree[res.degree]);
        assert_int_equal(get_int(r, "lines"), res.lines);
        assert_int_equal(get_int(r, "n_total"), res.n_total);
        json_t *w = json_object_get(r, "witness");
        assert_int_equal(json_array_size(w), (size_t)n);
        for (int32_t k = 0; k < n; k++) {
            json_t *l = json_array_get(w, (size_t)k);
            assert_string_equal(get_str(l, "cap"), degree[lines[k].cap]);
            assert_string_equal(get_str(l, "by"), by[lines[k].by]);
            if (lines[k].by == GG_COVER_BY_WALL)
                assert_int_equal(get_int(l, "wall"), lines[k].wall.index);
        }
    }
    close_map(f);
}

/* ---- rules ------------------------------------------------------------------------------------ */

#define CREATURES                                                                                  \
    "[{\"cell\":\"40,6\",\"side\":0},{\"cell\":\"41,6\",\"side\":1},"                              \
    "{\"cell\":\"44,6\",\"side\":1,\"conditions\":[\"invisible\"]},"                               \
    "{\"cell\":\"40,9\",\"side\":0,\"senses\":{\"truesight\":30}}]"

static void make_creatures(gg_creature cr[4])
{
    for (int i = 0; i < 4; i++)
        cr[i] = gg_creature_default();
    cr[0].body.cell = gg_cell_make(40, 6);
    cr[1].body.cell = gg_cell_make(41, 6);
    cr[1].body.side = 1;
    cr[2].body.cell = gg_cell_make(44, 6);
    cr[2].body.side = 1;
    cr[2].body.conditions = GG_CONDITION_INVISIBLE;
    cr[3].body.cell = gg_cell_make(40, 9);
    cr[3].senses.truesight_ft = 30;
}

static void cli_ops__rules(void **state)
{
    (void)state;
    fixture *f = open_map(LITCH);
    gg_creature cr[4];
    make_creatures(cr);
    gg_target_check chk;
    assert_int_equal(gg_rules_check_target(f->scene, gg_cell_make(42, 8), gg_cell_make(20, 10), 200,
                                           &chk),
                     GG_OK);
    json_t *r =
        ask(f, "{\"op\":\"check_target\",\"from\":\"42,8\",\"to\":\"20,10\",\"range_ft\":200}");
    assert_string_equal(json_string_value(r), gg_rules_target_check_name(chk));
    gg_cover cv;
    assert_int_equal(gg_rules_target_cover(f->scene, cr, 4, 3, 2, NULL, &cv), GG_OK);
    r = ask(f, "{\"op\":\"target_cover\",\"creatures\":" CREATURES ",\"caster\":3,\"target\":2}");
    assert_string_equal(json_string_value(r), gg_rules_cover_name(cv));
    for (int a = 0; a < 4; a++)
        for (int b = 0; b < 4; b++) {
            bool seen = false;
            assert_int_equal(gg_rules_can_see(f->scene, &cr[a], &cr[b], &seen), GG_OK);
            r = ask(f,
                    "{\"op\":\"rules_can_see\",\"creatures\":" CREATURES
                    ",\"viewer\":%d,\"target\":%d}",
                    a, b);
            assert_int_equal(json_is_true(r), seen);
            gg_attack_sight s;
            assert_int_equal(gg_rules_attack_sight(f->scene, &cr[a], &cr[b], &s), GG_OK);
            r = ask(f,
                    "{\"op\":\"attack_sight\",\"creatures\":" CREATURES
                    ",\"attacker\":%d,\"target\":%d}",
                    a, b);
            static const char *const mode[] = {"normal", "advantage", "disadvantage"};
            assert_string_equal(get_str(r, "mode"), mode[s.mode]);
            assert_int_equal(json_is_true(json_object_get(r, "attacker_sees_target")),
                             s.attacker_sees_target);
        }
    gg_cell path[64];
    int32_t n = 0, cost = 0;
    gg_move_result mr;
    assert_int_equal(gg_rules_plan_move(f->scene, f->scratch, cr, 4, 0, gg_cell_make(38, 9), path,
                                        64, &n, &cost, &mr),
                     GG_OK);
    r = ask(f, "{\"op\":\"plan_move\",\"creatures\":" CREATURES
               ",\"mover\":0,\"destination\":\"38,9\"}");
    assert_string_equal(get_str(r, "result"), gg_rules_move_result_name(mr));
    assert_int_equal(get_int(r, "cost_ft"), cost);
    assert_int_equal(json_array_size(json_object_get(r, "path")), (size_t)n);
    gg_cell route[3] = {{40, 6}, {39, 6}, {38, 6}};
    gg_oa_event ev[4];
    assert_int_equal(gg_rules_opportunity_schedule(f->scene, cr, 4, 0, route, 3, ev, 4, &n), GG_OK);
    r = ask(f, "{\"op\":\"opportunity_schedule\",\"creatures\":" CREATURES
               ",\"mover\":0,\"route\":[\"40,6\",\"39,6\",\"38,6\"]}");
    assert_int_equal(json_array_size(r), (size_t)n);
    for (int32_t k = 0; k < n; k++) {
        assert_int_equal(get_int(json_array_get(r, (size_t)k), "reactor"), ev[k].reactor);
        assert_int_equal(get_int(json_array_get(r, (size_t)k), "step"), ev[k].step);
    }
    gg_cell pushed[16];
    assert_int_equal(gg_rules_push(f->scene, cr, 4, 0, 1, 15, pushed, 16, &n), GG_OK);
    r = ask(f, "{\"op\":\"push\",\"creatures\":" CREATURES
               ",\"pusher\":0,\"target\":1,\"distance_ft\":15}");
    assert_int_equal(json_array_size(r), (size_t)n);
    for (int32_t k = 0; k < n; k++)
        assert_true(gg_cell_eq(cell_of(json_array_get(r, (size_t)k)), pushed[k]));
    gg_area_def area = gg_area_def_default();
    area.origin = gg_cell_make(42, 7);
    area.tpl.size_ft = 10;
    gg_area_target at[4];
    assert_int_equal(gg_rules_area_targets(f->scene, cr, 4, &area, at, 4, &n), GG_OK);
    r = ask(f, "{\"op\":\"area_targets\",\"creatures\":" CREATURES
               ",\"origin\":\"42,7\",\"shape\":\"sphere\",\"size_ft\":10}");
    assert_int_equal(json_array_size(r), (size_t)n);
    for (int32_t k = 0; k < n; k++)
        assert_int_equal(get_int(json_array_get(r, (size_t)k), "creature"), at[k].creature);
    gg_aim_def aim = gg_aim_def_default();
    aim.shape = GG_SHAPE_CONE;
    aim.size_ft = 15;
    aim.actor = 0;
    gg_aim best;
    assert_int_equal(gg_rules_best_aim(f->scene, cr, 4, &aim, &best, NULL), GG_OK);
    r = ask(f, "{\"op\":\"best_aim\",\"creatures\":" CREATURES
               ",\"actor\":0,\"shape\":\"cone\",\"size_ft\":15}");
    assert_int_equal(json_is_true(json_object_get(r, "found")), best.found);
    assert_int_equal(get_int(r, "enemies"), best.enemies);
    gg_flee_def fd = gg_flee_def_default();
    gg_cell threat = gg_cell_make(41, 6);
    fd.start = gg_cell_make(40, 6);
    fd.budget_ft = 20;
    fd.threats = &threat;
    fd.threat_count = 1;
    int32_t wcap = 0;
    assert_int_equal(gg_rules_flee_work_capacity(f->scene, 20, &wcap), GG_OK);
    gg_reach *work = calloc((size_t)wcap, sizeof *work);
    assert_int_equal(gg_rules_flee_route(f->scene, f->scratch, &fd, work, wcap, path, 64, &n),
                     GG_OK);
    free(work);
    r = ask(f, "{\"op\":\"flee_route\",\"start\":\"40,6\",\"budget_ft\":20,\"threats\":["
               "\"41,6\"]}");
    assert_int_equal(json_array_size(r), (size_t)n);
    int32_t bonus = 0;
    assert_int_equal(gg_rules_cover_bonus(GG_COVER_THREE_QUARTERS, GG_ROLL_DEX_SAVE, 0, &bonus),
                     GG_OK);
    r = ask(f, "{\"op\":\"cover_bonus\",\"cover\":\"three_quarters\",\"roll\":\"dex_save\"}");
    assert_int_equal(get_int(r, "bonus"), bonus);
    close_map(f);
}

/* ---- creatures of every size ------------------------------------------------------------------ */

/* A Large ogre with a 10 ft reach, a frightened fighter, a rogue across the ogre and a flyer 10 ft
 * up with Truesight (docs/cli.md "Creatures of every size"). */
#define OGRE_PARTY                                                                                 \
    "[{\"cell\":\"41,6\",\"side\":0,\"frightened_by\":1},"                                         \
    "{\"cell\":\"42,6\",\"size\":\"large\",\"side\":1,\"reach_ft\":10},"                           \
    "{\"cell\":\"44,7\",\"side\":0},"                                                              \
    "{\"cell\":\"41,9\",\"side\":0,\"base_in\":120,\"senses\":{\"truesight\":30}}]"

static void make_ogre_party(gg_creature cr[4])
{
    for (int i = 0; i < 4; i++)
        cr[i] = gg_creature_default();
    cr[0].body.cell = gg_cell_make(41, 6);
    cr[0].frightened_by = 1;
    cr[1].body.cell = gg_cell_make(42, 6);
    cr[1].body.size = GG_SIZE_LARGE;
    cr[1].body.side = 1;
    cr[1].reach_ft = 10;
    cr[2].body.cell = gg_cell_make(44, 7);
    cr[3].body.cell = gg_cell_make(41, 9);
    cr[3].body.base_in = 120;
    cr[3].senses.truesight_ft = 30;
}

static bool get_bool(json_t *o, const char *key)
{
    json_t *v = json_object_get(o, key);
    assert_true(json_is_boolean(v));
    return json_is_true(v);
}

static size_t bits_set(uint32_t x)
{
    size_t n = 0;
    for (; x != 0; x &= x - 1)
        n++;
    return n;
}

/* -1 for null (GG_NO_CREATURE), else the index. */
static int32_t get_creature(json_t *o, const char *key)
{
    json_t *v = json_object_get(o, key);
    return json_is_null(v) ? GG_NO_CREATURE : (int32_t)get_int(o, key);
}

static void cli_ops__sizes(void **state)
{
    (void)state;
    fixture *f = open_map(LITCH);
    gg_creature cr[4];
    make_ogre_party(cr);
    /* Both presets and one override of each, on every ordered pair. */
    static const char *const opts[] = {"", ",\"rules\":\"srd\"",
                                       ",\"rules\":\"srd\",\"any_square\":false,"
                                       "\"obscured_between_blocks\":true,\"metric\":\"manhattan\"",
                                       ",\"cover_far_side\":true,\"truesight_pierces_fog\":false,"
                                       "\"metric\":\"alternating\""};
    gg_rules_def defs[4];
    defs[0] = gg_rules_def_default();
    defs[1] = gg_rules_def_srd();
    defs[2] = gg_rules_def_srd();
    defs[2].any_square = false;
    defs[2].obscured_between_blocks = true;
    defs[2].metric = GG_METRIC_MANHATTAN;
    defs[3] = gg_rules_def_default();
    defs[3].cover_far_side = true;
    defs[3].truesight_pierces_fog = false;
    defs[3].metric = GG_METRIC_ALTERNATING;
    for (int d = 0; d < 4; d++)
        for (int a = 0; a < 4; a++)
            for (int b = 0; b < 4; b++) {
                if (a == b)
                    continue;
                const gg_rules_def *def = &defs[d];
                int32_t ft = 0;
                assert_int_equal(gg_rules_distance(f->scene, cr, 4, a, b, def, &ft), GG_OK);
                json_t *r = ask(f,
                                "{\"op\":\"rules_distance\",\"creatures\":" OGRE_PARTY
                                ",\"a\":%d,\"b\":%d%s}",
                                a, b, opts[d]);
                assert_int_equal(json_integer_value(r), ft);
                gg_attack_check chk;
                assert_int_equal(gg_rules_check_attack(f->scene, cr, 4, a, b, 15, def, &chk),
                                 GG_OK);
                r = ask(f,
                        "{\"op\":\"check_attack\",\"creatures\":" OGRE_PARTY
                        ",\"attacker\":%d,\"target\":%d,\"range_ft\":15%s}",
                        a, b, opts[d]);
                assert_string_equal(get_str(r, "check"), gg_rules_target_check_name(chk.check));
                assert_string_equal(get_str(r, "cover"), gg_rules_cover_name(chk.cover));
                assert_true(gg_cell_eq(cell_of(json_object_get(r, "from")), chk.from));
                assert_true(gg_cell_eq(cell_of(json_object_get(r, "to")), chk.to));
                assert_int_equal(get_int(r, "distance_ft"), chk.distance_ft);
                gg_flank fl;
                assert_int_equal(gg_rules_flanking(f->scene, cr, 4, a, b, def, &fl), GG_OK);
                r = ask(f,
                        "{\"op\":\"flanking\",\"creatures\":" OGRE_PARTY
                        ",\"attacker\":%d,\"target\":%d%s}",
                        a, b, opts[d]);
                assert_int_equal(get_bool(r, "flanked"), fl.flanked);
                assert_int_equal(get_bool(r, "adjacent"), fl.adjacent);
                assert_int_equal(get_creature(r, "ally"), fl.ally);
                bool seen = false;
                assert_int_equal(gg_rules_sees(f->scene, cr, 4, a, b, def, &seen), GG_OK);
                r = ask(f,
                        "{\"op\":\"sees\",\"creatures\":" OGRE_PARTY
                        ",\"viewer\":%d,\"target\":%d%s}",
                        a, b, opts[d]);
                assert_int_equal(json_is_true(r), seen);
                gg_attack_sight as;
                assert_int_equal(gg_rules_attack_sight_def(f->scene, cr, 4, a, b, def, &as), GG_OK);
                r = ask(f,
                        "{\"op\":\"attack_sight_def\",\"creatures\":" OGRE_PARTY
                        ",\"attacker\":%d,\"target\":%d%s}",
                        a, b, opts[d]);
                static const char *const mode[] = {"normal", "advantage", "disadvantage"};
                assert_string_equal(get_str(r, "mode"), mode[as.mode]);
                assert_int_equal(json_array_size(json_object_get(r, "disadvantage")),
                                 bits_set(as.disadvantage));
                assert_int_equal(json_array_size(json_object_get(r, "advantage")),
                                 bits_set(as.advantage));
            }
    /* Opportunity attacks along a route away from the ogre. */
    gg_cell route[3] = {{44, 7}, {45, 7}, {46, 7}};
    gg_oa_event ev[4];
    int32_t n = 0;
    assert_int_equal(gg_rules_opportunity_attacks(f->scene, cr, 4, 2, route, 3, &defs[1], ev, 4,
                                                  &n),
                     GG_OK);
    assert_int_equal(n, 1);
    json_t *r = ask(f, "{\"op\":\"opportunity_attacks\",\"creatures\":" OGRE_PARTY
                       ",\"mover\":2,\"route\":[\"44,7\",\"45,7\",\"46,7\"],\"rules\":\"srd\"}");
    assert_int_equal(json_array_size(r), (size_t)n);
    for (int32_t k = 0; k < n; k++) {
        assert_int_equal(get_int(json_array_get(r, (size_t)k), "reactor"), ev[k].reactor);
        assert_int_equal(get_int(json_array_get(r, (size_t)k), "step"), ev[k].step);
    }
    /* Where the ogre fits, squeezes or is blocked, on a sample of anchors. */
    uint32_t seed = 21;
    for (int k = 0; k < 40; k++) {
        gg_cell at = sample_cell(f->scene, &seed);
        if (k < 9)
            at = gg_cell_make(38 + k, 8);
        gg_space sp;
        assert_int_equal(gg_rules_space(f->scene, cr, 4, 1, at, &defs[1], &sp), GG_OK);
        r = ask(f,
                "{\"op\":\"space\",\"creatures\":" OGRE_PARTY
                ",\"mover\":1,\"anchor\":\"%d,%d\",\"rules\":\"srd\"}",
                (int)at.col, (int)at.row);
        assert_int_equal(get_bool(r, "fits"), sp.fits);
        assert_int_equal(get_bool(r, "squeezing"), sp.squeezing);
        assert_int_equal(get_bool(r, "can_end"), sp.can_end);
        assert_int_equal(get_creature(r, "occupant"), sp.occupant);
    }
    /* The movement def and a path under it. */
    gg_body others[4];
    gg_move_def md;
    assert_int_equal(gg_rules_move_def(f->scene, cr, 4, 2, &defs[1], others, 4, &md, &n), GG_OK);
    gg_cell path[64];
    int32_t count = 0;
    gg_metric_cost cost;
    assert_int_equal(gg_scene_lowest_cost_path(f->scene, f->scratch, cr[2].body.cell,
                                               gg_cell_make(40, 6), 0, &md, path, 64, &count,
                                               &cost),
                     GG_OK);
    r = ask(f, "{\"op\":\"move_def\",\"creatures\":" OGRE_PARTY
               ",\"mover\":2,\"to\":\"40,6\",\"rules\":\"srd\"}");
    assert_int_equal(json_array_size(json_object_get(r, "others")), (size_t)n);
    assert_int_equal(get_int(r, "side"), md.side);
    assert_int_equal(get_bool(r, "occupied_difficult"), md.occupied_difficult);
    json_t *p = json_object_get(r, "path");
    assert_int_equal(get_int(p, "feet"), cost.feet);
    assert_int_equal(json_array_size(json_object_get(p, "path")), (size_t)count);
    for (int32_t k = 0; k < count; k++)
        assert_true(
            gg_cell_eq(cell_of(json_array_get(json_object_get(p, "path"), (size_t)k)), path[k]));
    /* Routes with and without squeezing, on a sample of destinations. */
    gg_rules_def sq = gg_rules_def_srd();
    sq.squeeze = true;
    for (int k = 0; k < 24; k++) {
        gg_cell to = k < 8 ? gg_cell_make(46, 3 + k) : sample_cell(f->scene, &seed);
        bool squeezing[128];
        gg_cell route_out[128];
        assert_int_equal(gg_rules_route(f->scene, f->scratch, cr, 4, 1, to, &sq, route_out,
                                        squeezing, 128, &count, &cost),
                         GG_OK);
        r = ask(f,
                "{\"op\":\"route\",\"creatures\":" OGRE_PARTY
                ",\"mover\":1,\"destination\":\"%d,%d\",\"rules\":\"srd\",\"squeeze\":true}",
                (int)to.col, (int)to.row);
        assert_int_equal(get_int(r, "feet"), cost.feet);
        assert_int_equal(json_array_size(json_object_get(r, "path")), (size_t)count);
        for (int32_t i = 0; i < count; i++) {
            assert_true(gg_cell_eq(cell_of(json_array_get(json_object_get(r, "path"), (size_t)i)),
                                   route_out[i]));
            assert_int_equal(json_is_true(
                                 json_array_get(json_object_get(r, "squeezing"), (size_t)i)),
                             squeezing[i]);
        }
        gg_move_def big = gg_move_def_default();
        big.size = GG_SIZE_LARGE;
        assert_int_equal(gg_scene_squeeze_path(f->scene, f->scratch, gg_cell_make(42, 6), to, 0,
                                               &big, route_out, squeezing, 128, &count, &cost),
                         GG_OK);
        r = ask(f, "{\"op\":\"squeeze_path\",\"a\":\"42,6\",\"b\":\"%d,%d\",\"size\":\"large\"}",
                (int)to.col, (int)to.row);
        assert_int_equal(get_int(r, "feet"), cost.feet);
        assert_int_equal(json_array_size(json_object_get(r, "squeezing")), (size_t)count);
    }
    /* Push and flee for every size. */
    for (int a = 0; a < 4; a++)
        for (int b = 0; b < 4; b++) {
            gg_cell pushed[64];
            assert_int_equal(gg_rules_push_def(f->scene, cr, 4, a, b, 15, &defs[1], pushed, 64,
                                               &count),
                             GG_OK);
            r = ask(f,
                    "{\"op\":\"push_def\",\"creatures\":" OGRE_PARTY
                    ",\"pusher\":%d,\"target\":%d,\"distance_ft\":15,\"rules\":\"srd\"}",
                    a, b);
            assert_int_equal(json_array_size(r), (size_t)count);
            for (int32_t i = 0; i < count; i++)
                assert_true(gg_cell_eq(cell_of(json_array_get(r, (size_t)i)), pushed[i]));
        }
    for (int m = 0; m < 4; m++) {
        int32_t wcap = 0;
        assert_int_equal(gg_rules_flee_work_capacity(f->scene, 20, &wcap), GG_OK);
        gg_move_reach *work = calloc((size_t)wcap, sizeof *work);
        assert_non_null(work);
        assert_int_equal(gg_rules_flee_route_def(f->scene, f->scratch, cr, 4, m, 20, &defs[0], work,
                                                 wcap, path, 64, &count),
                         GG_OK);
        free(work);
        r = ask(f,
                "{\"op\":\"flee_route_def\",\"creatures\":" OGRE_PARTY
                ",\"mover\":%d,\"budget_ft\":20}",
                m);
        assert_int_equal(json_array_size(r), (size_t)count);
        for (int32_t i = 0; i < count; i++)
            assert_true(gg_cell_eq(cell_of(json_array_get(r, (size_t)i)), path[i]));
    }
    /* The wall part of cover, after a three-quarters cover wall is added by the edit op. */
    ask(f, "{\"op\":\"add_wall\",\"from\":[43,5],\"to\":[43,8],\"blocks\":[\"movement\"],"
           "\"cover\":\"three_quarters\"}");
    for (int k = 0; k < 40; k++) {
        gg_cell a = gg_cell_make(40 + k % 3, 5 + k / 3 % 4), b = sample_cell(f->scene, &seed);
        if (k < 8)
            b = gg_cell_make(44 + k % 2, 5 + k / 2);
        gg_cover cv = GG_COVER_NONE;
        assert_int_equal(gg_scene_wall_cover_between(f->scene, a, b, &cv), GG_OK);
        r = ask(f, "{\"op\":\"wall_cover_between\",\"a\":\"%d,%d\",\"b\":\"%d,%d\"}", (int)a.col,
                (int)a.row, (int)b.col, (int)b.row);
        assert_string_equal(json_string_value(r), gg_rules_cover_name(cv));
    }
    gg_cover cv = GG_COVER_NONE;
    assert_int_equal(gg_scene_wall_cover_between(f->scene, gg_cell_make(41, 6), gg_cell_make(45, 6),
                                                 &cv),
                     GG_OK);
    assert_int_equal(cv, GG_COVER_THREE_QUARTERS);
    /* Magical Darkness set by name reads back through the library. */
    ask(f, "{\"op\":\"set_cells\",\"cells\":[\"44,7\"],\"tag\":\"obscurement\","
           "\"name\":\"magical_darkness\"}");
    gg_obscurement ob = GG_OBSCURE_NONE;
    assert_int_equal(gg_scene_obscurement_on_cell(f->scene, gg_cell_make(44, 7), &ob), GG_OK);
    assert_int_equal(ob, GG_OBSCURE_MAGICAL_DARKNESS);
    r = ask(f, "{\"op\":\"obscurement_on_cell\",\"cid\":\"44,7\"}");
    assert_string_equal(json_string_value(r), "magical_darkness");
    close_map(f);
}

/* ---- areas at any angle ------------------------------------------------------------------------ */

static void cli_ops__areas(void **state)
{
    (void)state;
    fixture *f = open_map(LITCH);
    gg_creature cr[4];
    make_ogre_party(cr);
    static const char *const shapes[] = {"sphere", "cone", "line", "cube"};
    static const gg_shape kinds[] = {GG_SHAPE_SPHERE, GG_SHAPE_CONE, GG_SHAPE_LINE, GG_SHAPE_CUBE};
    static const int dirs[][2] = {{1, 0}, {2, 1}, {-1, 3}, {-5, -2}};
    static gg_cell cells[4096];
    for (int k = 0; k < 4; k++)
        for (int dv = 0; dv < 4; dv++) {
            gg_shape_def d = gg_shape_def_default();
            d.shape = kinds[k];
            d.size_ft = 15;
            d.origin = gg_area_point_corner(gg_cell_make(42, 8), 5);
            d.dir_x = dirs[dv][0];
            d.dir_y = dirs[dv][1];
            d.coverage = (gg_coverage)(dv % 3);
            static const char *const cov[] = {"centre", "half", "touch"};
            int32_t n = 0;
            assert_int_equal(gg_shape_cells(gg_scene_width(f->scene), gg_scene_height(f->scene), 5,
                                            &d, cells, 4096, &n, NULL),
                             GG_OK);
            json_t *r = ask(f,
                            "{\"op\":\"shape_cells\",\"shape\":\"%s\",\"size_ft\":15,"
                            "\"origin\":[42,8],\"direction\":[%d,%d],\"coverage\":\"%s\"}",
                            shapes[k], dirs[dv][0], dirs[dv][1], cov[dv % 3]);
            assert_int_equal(get_int(r, "count"), n);
            for (int32_t i = 0; i < n; i++)
                assert_true(
                    gg_cell_eq(cell_of(json_array_get(json_object_get(r, "cells"), (size_t)i)),
                               cells[i]));
            gg_shape_rule_def rd = gg_shape_rule_def_default();
            assert_int_equal(gg_rules_shape_cells(f->scene, &d, &rd, cells, 4096, &n), GG_OK);
            r = ask(f,
                    "{\"op\":\"rules_shape_cells\",\"shape\":\"%s\",\"size_ft\":15,"
                    "\"origin\":[42,8],\"direction\":[%d,%d],\"coverage\":\"%s\"}",
                    shapes[k], dirs[dv][0], dirs[dv][1], cov[dv % 3]);
            assert_int_equal(get_int(r, "count"), n);
            for (int b = 0; b < 2; b++) {
                rd.affect = (gg_area_affect)b;
                gg_area_target t[4];
                assert_int_equal(gg_rules_shape_targets(f->scene, cr, 4, &d, &rd, t, 4, &n), GG_OK);
                r = ask(f,
                        "{\"op\":\"rules_shape_targets\",\"creatures\":" OGRE_PARTY
                        ",\"shape\":\"%s\",\"size_ft\":15,\"origin\":[42,8],"
                        "\"direction\":[%d,%d],\"coverage\":\"%s\",\"affect\":\"%s\"}",
                        shapes[k], dirs[dv][0], dirs[dv][1], cov[dv % 3],
                        b ? "token" : "any_square");
                assert_int_equal(json_array_size(r), (size_t)n);
                for (int32_t i = 0; i < n; i++) {
                    assert_int_equal(get_int(json_array_get(r, (size_t)i), "creature"),
                                     t[i].creature);
                    assert_string_equal(get_str(json_array_get(r, (size_t)i), "cover"),
                                        gg_rules_cover_name(t[i].cover));
                }
                gg_body big = cr[1].body;
                bool covered = false;
                assert_int_equal(gg_shape_covers_body(5, &big, &d, (gg_area_affect)b, &covered,
                                                      NULL),
                                 GG_OK);
                r = ask(f,
                        "{\"op\":\"shape_covers_body\",\"bodies\":[{\"cell\":\"42,6\",\"size\":"
                        "\"large\"}],\"shape\":\"%s\",\"size_ft\":15,\"origin\":[42,8],"
                        "\"direction\":[%d,%d],\"coverage\":\"%s\",\"affect\":\"%s\"}",
                        shapes[k], dirs[dv][0], dirs[dv][1], cov[dv % 3],
                        b ? "token" : "any_square");
                assert_int_equal(json_is_true(json_array_get(r, 0)), covered);
            }
            for (int c = 0; c < 12; c++) {
                gg_cell at = gg_cell_make(38 + c % 6, 5 + c);
                bool covered = false;
                assert_int_equal(gg_shape_covers_cell(5, at, &d, &covered, NULL), GG_OK);
                r = ask(f,
                        "{\"op\":\"shape_covers_cell\",\"cell\":\"%d,%d\",\"shape\":\"%s\","
                        "\"size_ft\":15,\"origin\":[42,8],\"direction\":[%d,%d],"
                        "\"coverage\":\"%s\"}",
                        (int)at.col, (int)at.row, shapes[k], dirs[dv][0], dirs[dv][1], cov[dv % 3]);
                assert_int_equal(json_is_true(r), covered);
            }
        }
    close_map(f);
}

/* ---- edits ------------------------------------------------------------------------------------ */

static void cli_ops__edits(void **state)
{
    (void)state;
    fixture *f = open_map(STREET);
    /* Every door, opened through the tool, is open in the scene, and sight agrees. */
    gg_wall_id ids[256];
    gg_wall_def defs[256];
    int32_t n = 0;
    assert_int_equal(gg_scene_list_walls(f->scene, ids, defs, 256, &n), GG_OK);
    static const char *const door_names[] = {"none", "closed", "open", "locked"};
    json_t *listed = ask(f, "{\"op\":\"walls\"}");
    assert_int_equal(json_array_size(listed), (size_t)n);
    for (int32_t i = 0; i < n; i++) {
        json_t *o = json_array_get(listed, (size_t)i);
        assert_int_equal(get_int(o, "wall"), ids[i].index);
        assert_string_equal(get_str(o, "door"), door_names[defs[i].door]);
        assert_true(json_real_value(json_array_get(json_object_get(o, "line"), 2)) == defs[i].x2);
    }
    int doors = 0;
    for (int32_t i = 0; i < n; i++) {
        if (defs[i].door != GG_DOOR_CLOSED)
            continue;
        doors++;
        json_t *r = ask(f, "{\"op\":\"set_door\",\"wall\":%u,\"door\":\"open\"}", ids[i].index);
        assert_string_equal(get_str(r, "door"), "open");
        gg_wall_def d;
        assert_int_equal(gg_scene_get_wall(f->scene, ids[i], &d), GG_OK);
        assert_int_equal(d.door, GG_DOOR_OPEN);
    }
    assert_true(doors > 0);
    uint32_t seed = 5;
    for (int i = 0; i < 40; i++) {
        gg_cell a = sample_cell(f->scene, &seed), b = sample_cell(f->scene, &seed);
        bool vis = false;
        assert_int_equal(gg_scene_has_line_of_sight(f->scene, a, b, &vis), GG_OK);
        json_t *r = ask(f, "{\"op\":\"has_line_of_sight\",\"a\":\"%d,%d\",\"b\":\"%d,%d\"}", a.col,
                        a.row, b.col, b.row);
        assert_int_equal(json_is_true(r), vis);
    }
    json_t *r = ask(f, "{\"op\":\"add_wall\",\"from\":[3,3],\"to\":[3,6.5],\"door\":\"closed\"}");
    int64_t w = get_int(r, "wall");
    assert_int_equal(gg_scene_wall_count(f->scene), n + 1);
    r = ask(f, "{\"op\":\"remove_wall\",\"wall\":%d}", (int)w);
    assert_int_equal(gg_scene_wall_count(f->scene), n);
    int32_t lights = gg_scene_light_count(f->scene);
    r = ask(f, "{\"op\":\"add_light\",\"cell\":\"3,3\",\"bright_ft\":10,\"dim_ft\":20}");
    assert_int_equal(gg_scene_light_count(f->scene), lights + 1);
    gg_light l;
    assert_int_equal(gg_scene_source_light_on_cell(f->scene, gg_cell_make(3, 3), &l), GG_OK);
    assert_int_equal(l, GG_LIGHT_BRIGHT);
    ask(f, "{\"op\":\"set_light\",\"light\":%d,\"cell\":\"20,20\"}", (int)get_int(r, "light"));
    assert_int_equal(gg_scene_source_light_on_cell(f->scene, gg_cell_make(3, 3), &l), GG_OK);
    assert_int_equal(l, GG_LIGHT_DARK);
    ask(f, "{\"op\":\"remove_light\",\"light\":%d}", (int)get_int(r, "light"));
    assert_int_equal(gg_scene_light_count(f->scene), lights);
    ask(f, "{\"op\":\"set_cells\",\"cells\":[\"1,1\",\"2,1\"],\"tag\":\"difficult\",\"value\":1}");
    int32_t cost = 0;
    assert_int_equal(gg_scene_edge_distance(f->scene, gg_cell_make(0, 1), gg_cell_make(1, 1),
                                            &cost),
                     GG_OK);
    assert_int_equal(cost, 10);
    ask(f, "{\"op\":\"set_cells\",\"cells\":[\"1,1\"],\"tag\":\"cover\",\"name\":\"half\"}");
    gg_cover cv;
    assert_int_equal(gg_scene_cover_on_cell(f->scene, gg_cell_make(1, 1), &cv), GG_OK);
    assert_int_equal(cv, GG_COVER_HALF);
    assert_non_null(strstr(refused(f, "{\"op\":\"remove_wall\",\"wall\":99999}"), "no wall"));
    close_map(f);
}

/* ---- hex -------------------------------------------------------------------------------------- */

static void cli_ops__hex(void **state)
{
    (void)state;
    fixture *f = open_map(RIDGE);
    gg_hex_scratch *s = NULL;
    assert_int_equal(gg_hex_scratch_create(f->board, &s), GG_OK);
    static const char *const reason[] = {"clear", "range", "missing_tile", "occluded"};
    for (int q0 = 0; q0 < 12; q0 += 3)
        for (int r0 = 0; r0 < 9; r0 += 2)
            for (int q1 = 1; q1 < 12; q1 += 4) {
                gg_hex a = gg_hex_make(q0, r0), b = gg_hex_make(q1, 8 - r0);
                gg_sight_def sd = gg_sight_def_default();
                sd.eye_height = sd.target_height = 1.5;
                gg_hex_sight_result res;
                int32_t n = 0;
                gg_status st = gg_hex_board_sight(f->board, a, b, &sd, NULL, 0, &n, &res);
                assert_true(st == GG_OK || st == GG_PARTIAL);
                json_t *r = ask(f,
                                "{\"op\":\"hex_sight\",\"from\":[%d,%d],\"to\":[%d,%d],"
                                "\"eye_height\":1.5,\"target_height\":1.5}",
                                a.q, a.r, b.q, b.r);
                assert_int_equal(json_is_true(json_object_get(r, "visible")), res.visible);
                assert_string_equal(get_str(r, "reason"), reason[res.reason]);
                gg_hex_move_def md = gg_hex_move_def_default();
                gg_hex path[256];
                gg_hex_path_result pr;
                assert_int_equal(gg_hex_board_path(f->board, s, a, b, &md, path, 256, &n, &pr),
                                 GG_OK);
                r = ask(f, "{\"op\":\"hex_path\",\"from\":[%d,%d],\"to\":[%d,%d]}", a.q, a.r, b.q,
                        b.r);
                assert_int_equal(json_is_true(json_object_get(r, "found")), pr.found);
                if (pr.found) {
                    assert_true(json_real_value(json_object_get(r, "cost")) == pr.cost);
                    assert_int_equal(json_array_size(json_object_get(r, "path")), (size_t)n);
                }
            }
    gg_hex_move_def md = gg_hex_move_def_default();
    gg_hex_reach reach[128];
    int32_t n = 0;
    assert_int_equal(gg_hex_board_reachable(f->board, s, gg_hex_make(4, 4), 3.0, &md, reach, 128,
                                            &n),
                     GG_OK);
    json_t *r = ask(f, "{\"op\":\"hex_reachable\",\"start\":[4,4],\"budget\":3}");
    assert_int_equal(get_int(r, "count"), n);
    r = ask(f, "{\"op\":\"hex_distance\",\"a\":[0,0],\"b\":[5,-3]}");
    assert_int_equal(json_integer_value(r), gg_hex_distance(gg_hex_make(0, 0), gg_hex_make(5, -3)));
    r = ask(f, "{\"op\":\"hex_line\",\"a\":[0,0],\"b\":[5,-3]}");
    assert_int_equal(json_array_size(r), 6);
    r = ask(f, "{\"op\":\"hex_tile\",\"hex\":[6,2]}");
    gg_hex_tile t;
    assert_true(gg_hex_board_tile(f->board, gg_hex_make(6, 2), &t));
    assert_true(json_real_value(json_object_get(r, "ground")) == t.ground);
    /* square terrain sight on a height board given in the query */
    static const double ground[12] = {0, 0, 1, 0, 2, 0, 0, 3, 0, 0, 0, 1};
    gg_square_heights sh = {4, 3, ground, NULL, NULL, NULL};
    for (int a = 0; a < 12; a++)
        for (int b = 0; b < 12; b++) {
            gg_sight_def sd = gg_sight_def_default();
            sd.eye_height = sd.target_height = 0.5;
            gg_square_sight_result res;
            int32_t cnt = 0;
            gg_status st = gg_square_sight(&sh, gg_cell_make(a % 4, a / 4),
                                           gg_cell_make(b % 4, b / 4), &sd, NULL, 0, &cnt, &res);
            assert_true(st == GG_OK || st == GG_PARTIAL);
            r = ask(
                f,
                "{\"op\":\"square_sight\",\"width\":4,\"height\":3,\"ground\":[0,0,1,0,2,0,0,3,0,"
                "0,0,1],\"from\":\"%d,%d\",\"to\":\"%d,%d\",\"eye_height\":0.5,"
                "\"target_height\":0.5}",
                a % 4, a / 4, b % 4, b / 4);
            assert_int_equal(json_is_true(json_object_get(r, "visible")), res.visible);
            assert_string_equal(get_str(r, "reason"), reason[res.reason]);
            assert_int_equal(json_array_size(json_object_get(r, "traced")), (size_t)cnt);
        }
    assert_non_null(
        strstr(refused(f, "{\"op\":\"visible_cells\",\"viewer\":\"1,1\"}"), "needs a square map"));
    gg_hex_scratch_destroy(s);
    close_map(f);
}

/* ---- party view, fog of war, change sets ------------------------------------------------------ */

static void cli_ops__fog(void **state)
{
    (void)state;
    fixture *f = open_map(LITCH);
    size_t words = gg_scene_bitset_words(f->scene);
    uint64_t *bits = calloc(words, sizeof *bits);
    assert_non_null(bits);
    uint32_t seed = 23;
    for (int i = 0; i < 8; i++) {
        gg_viewer v[2] = {gg_viewer_make(sample_cell(f->scene, &seed)),
                          gg_viewer_make(sample_cell(f->scene, &seed))};
        v[1].range_ft = 30;
        v[1].use_senses = true;
        v[1].senses.darkvision_ft = 60;
        int32_t count = 0;
        assert_int_equal(gg_scene_party_view(f->scene, NULL, v, 2, GG_BITSET_REPLACE, bits, words,
                                             &count),
                         GG_OK);
        json_t *r = ask(f,
                        "{\"op\":\"party_view\",\"viewers\":[{\"cell\":\"%d,%d\"},"
                        "{\"cell\":\"%d,%d\",\"range_ft\":30,\"senses\":{\"darkvision\":60}}]}",
                        v[0].cell.col, v[0].cell.row, v[1].cell.col, v[1].cell.row);
        assert_int_equal(get_int(r, "count"), count);
        r = ask(f,
                "{\"op\":\"fog_turn\",\"viewers\":[{\"cell\":\"%d,%d\"},"
                "{\"cell\":\"%d,%d\",\"range_ft\":30,\"senses\":{\"darkvision\":60}}]}",
                v[0].cell.col, v[0].cell.row, v[1].cell.col, v[1].cell.row);
        assert_int_equal(get_int(r, "explored"), count);
        assert_int_equal(json_array_size(json_object_get(r, "revealed")), (size_t)count);
        /* the saved bytes load into a fog holding the same cells */
        const char *hex = get_str(r, "saved");
        size_t n = strlen(hex) / 2;
        uint8_t *bytes = malloc(n);
        assert_non_null(bytes);
        for (size_t k = 0; k < n; k++) {
            unsigned b = 0;
            assert_int_equal(sscanf(hex + 2 * k, "%2x", &b), 1);
            bytes[k] = (uint8_t)b;
        }
        assert_int_equal(get_int(r, "saved_bytes"), (int64_t)n);
        gg_fog_def fd = gg_fog_def_default();
        fd.width = gg_scene_width(f->scene);
        fd.height = gg_scene_height(f->scene);
        gg_fog *fog = NULL;
        assert_int_equal(gg_fog_create(&fd, &fog), GG_OK);
        assert_int_equal(gg_fog_load(fog, bytes, n, NULL), GG_OK);
        uint64_t *got = calloc(words, sizeof *got);
        assert_non_null(got);
        assert_int_equal(gg_fog_bits(fog, got, words, NULL), GG_OK);
        assert_memory_equal(got, bits, words * sizeof *bits);
        free(got);
        free(bytes);
        gg_fog_destroy(fog);
    }
    free(bits);
    close_map(f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(cli_ops__fog),   cmocka_unit_test(cli_ops__paths),
        cmocka_unit_test(cli_ops__sight), cmocka_unit_test(cli_ops__cover),
        cmocka_unit_test(cli_ops__rules), cmocka_unit_test(cli_ops__sizes),
        cmocka_unit_test(cli_ops__areas), cmocka_unit_test(cli_ops__edits),
        cmocka_unit_test(cli_ops__hex),
    };
    return cmocka_run_group_tests_name("cli/ops", tests, NULL, NULL);
}
