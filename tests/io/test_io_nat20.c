/* test_io_nat20.c - Nat20 GridScene JSON import/export: round trips, extension keys, and bad
 * input (truncated, wrong types, absurd sizes, NaN, huge strings) answered with a status and a
 * message that says where; every allocation failure is survived without a leak. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <gridgeom/io.h>
#include <jansson.h>

#include "test_alloc.h"

static gg_status import_str(const char *json, gg_scene **scene, gg_import_report **report,
                            gg_io_error *err)
{
    gg_import_def def = gg_import_def_default();
    return gg_scene_import(json, strlen(json), &def, scene, report, err);
}

/* Exports `scene` into a malloc'd string. */
static char *export_str(const gg_scene *scene)
{
    size_t need = 0;
    gg_io_error err;
    assert_int_equal(gg_scene_export_nat20(scene, NULL, 0, &need, &err), GG_E_BUFFER_TOO_SMALL);
    assert_true(need > 0);
    char *buf = malloc(need + 1);
    assert_non_null(buf);
    size_t got = 0;
    assert_int_equal(gg_scene_export_nat20(scene, buf, need + 1, &got, &err), GG_OK);
    assert_int_equal(got, need);
    assert_int_equal(strlen(buf), need);
    return buf;
}

static const char k_full[] =
    "{\"width\": 8, \"height\": 6, \"cell_size_ft\": 10, \"default_lighting\": \"dim\","
    " \"blocked_cells\": [\"1,1\", \"2,1\"], \"difficult_terrain_cells\": [\"3,3\"],"
    " \"cover_cells\": {\"4,4\": \"half\", \"5,4\": \"total\"},"
    " \"lighting\": {\"0,0\": \"bright\", \"7,5\": \"dark\"},"
    " \"obscurement_cells\": {\"6,0\": \"heavy\"},"
    " \"wall_segments\": ["
    "  {\"x1\": 4, \"y1\": 0, \"x2\": 4, \"y2\": 2},"
    "  {\"x1\": 4, \"y1\": 2, \"x2\": 4, \"y2\": 3.5},"
    "  {\"x1\": 0, \"y1\": 5, \"x2\": 2, \"y2\": 5, \"door\": \"locked\"},"
    "  {\"x1\": 6, \"y1\": 1, \"x2\": 6, \"y2\": 4, \"one_way\": \"left\","
    "   \"blocks\": [\"sight\", \"light\"]},"
    "  {\"x1\": 1, \"y1\": 4, \"x2\": 3, \"y2\": 4, \"cover\": \"half\"},"
    "  {\"x1\": 7, \"y1\": 3, \"x2\": 7, \"y2\": 3},"
    "  {\"x1\": 0, \"y1\": 3, \"x2\": 1, \"y2\": 3, \"limited\": [\"sight\", \"light\"]},"
    "  {\"x1\": 7, \"y1\": 5, \"x2\": 8, \"y2\": 5, \"sight_proximity_ft\": 15}"
    " ]}";

static void nat20__loads_every_field(void **state)
{
    (void)state;
    gg_scene *s = NULL;
    gg_import_report *r = NULL;
    gg_io_error err;
    assert_int_equal(import_str(k_full, &s, &r, &err), GG_OK);
    assert_int_equal(gg_scene_width(s), 8);
    assert_int_equal(gg_scene_cell_size_ft(s), 10);
    gg_import_stats st;
    assert_int_equal(gg_import_report_stats(r, &st), GG_OK);
    assert_int_equal(st.format, GG_IO_FORMAT_NAT20);
    assert_int_equal(st.segments_read, 8);
    assert_int_equal(st.walls, 7); /* the two x=4 pieces merge; the point wall stays */
    assert_int_equal(st.merged, 1);
    assert_int_equal(st.doors, 1);
    assert_int_equal(st.doors_locked, 1);
    assert_int_equal(st.one_way, 1);
    assert_int_equal(st.windows, 1);
    assert_int_equal(st.endpoints_snapped, 0);
    assert_int_equal(gg_import_report_count_of(r, GG_IMPORT_MERGED, NULL), 1);
    bool valid = true;
    assert_int_equal(gg_scene_is_valid_cell(s, gg_cell_make(1, 1), &valid), GG_OK);
    assert_false(valid);
    gg_light light;
    assert_int_equal(gg_scene_light_on_cell(s, gg_cell_make(3, 3), &light), GG_OK);
    assert_int_equal(light, GG_LIGHT_DIM);
    assert_int_equal(gg_scene_light_on_cell(s, gg_cell_make(7, 5), &light), GG_OK);
    assert_int_equal(light, GG_LIGHT_DARK);
    bool vis = true;
    /* Through the merged wall x=4 (y 0..3.5). */
    assert_int_equal(gg_scene_has_line_of_sight(s, gg_cell_make(3, 1), gg_cell_make(5, 1), &vis),
                     GG_OK);
    assert_false(vis);
    /* The one-way wall x=6, A=(6,1) B=(6,4), LEFT: the west side (x<6) sees through it. */
    assert_int_equal(gg_scene_has_line_of_sight(s, gg_cell_make(5, 2), gg_cell_make(7, 2), &vis),
                     GG_OK);
    assert_true(vis);
    assert_int_equal(gg_scene_has_line_of_sight(s, gg_cell_make(7, 2), gg_cell_make(5, 2), &vis),
                     GG_OK);
    assert_false(vis);
    /* The limited wall y=3 (x 0..1), an extension key: one limited wall does not stop sight. */
    assert_int_equal(gg_scene_has_line_of_sight(s, gg_cell_make(0, 2), gg_cell_make(0, 3), &vis),
                     GG_OK);
    assert_true(vis);
    gg_import_report_destroy(r);
    gg_scene_destroy(s);
}

/* Regression: a scene with magical Darkness (GG_OBSCURE_MAGICAL_DARKNESS, 0.2) exported to the
 * Nat20 shape failed (the value had no name); it now round trips as "magical_darkness". */
static void nat20__magical_darkness_round_trips(void **state)
{
    (void)state;
    gg_scene_def d = gg_scene_def_default();
    d.width = 3;
    d.height = 2;
    gg_scene *a = NULL, *b = NULL;
    assert_int_equal(gg_scene_create(&d, &a), GG_OK);
    assert_int_equal(gg_scene_set_obscurement(a, gg_cell_make(2, 1), GG_OBSCURE_MAGICAL_DARKNESS),
                     GG_OK);
    char *ta = export_str(a);
    assert_non_null(strstr(ta, "\"2,1\": \"magical_darkness\""));
    gg_io_error err;
    assert_int_equal(import_str(ta, &b, NULL, &err), GG_OK);
    gg_obscurement o = GG_OBSCURE_NONE;
    assert_int_equal(gg_scene_obscurement_on_cell(b, gg_cell_make(2, 1), &o), GG_OK);
    assert_int_equal(o, GG_OBSCURE_MAGICAL_DARKNESS);
    free(ta);
    gg_scene_destroy(a);
    gg_scene_destroy(b);
}

static void nat20__round_trip_gives_the_same_scene(void **state)
{
    (void)state;
    gg_scene *a = NULL, *b = NULL;
    gg_io_error err;
    assert_int_equal(import_str(k_full, &a, NULL, &err), GG_OK);
    char *ta = export_str(a);
    assert_int_equal(import_str(ta, &b, NULL, &err), GG_OK);
    char *tb = export_str(b);
    assert_string_equal(ta, tb);
    /* Spot checks that the text is Nat20's shape with our extension keys. */
    assert_non_null(strstr(ta, "\"door\": \"locked\""));
    assert_non_null(strstr(ta, "\"one_way\": \"left\""));
    assert_non_null(strstr(ta, "\"cover\": \"half\""));
    assert_non_null(strstr(ta, "\"limited\""));
    assert_non_null(strstr(ta, "\"sight_proximity_ft\": 15"));
    assert_non_null(strstr(ta, "\"y2\": 3.5"));
    assert_non_null(strstr(ta, "\"default_lighting\": \"dim\""));
    assert_int_equal(gg_scene_wall_count(a), gg_scene_wall_count(b));
    free(ta);
    free(tb);
    gg_scene_destroy(a);
    gg_scene_destroy(b);
}

static void nat20__export_file_round_trips(void **state)
{
    (void)state;
    gg_scene *a = NULL, *b = NULL;
    gg_io_error err;
    assert_int_equal(import_str(k_full, &a, NULL, &err), GG_OK);
    char path[] = "test_io_nat20_roundtrip.json";
    assert_int_equal(gg_scene_export_nat20_file(a, path, &err), GG_OK);
    gg_import_def def = gg_import_def_default();
    assert_int_equal(gg_scene_import_file(path, &def, &b, NULL, &err), GG_OK);
    char *ta = export_str(a), *tb = export_str(b);
    assert_string_equal(ta, tb);
    free(ta);
    free(tb);
    remove(path);
    gg_scene_destroy(a);
    gg_scene_destroy(b);
    assert_int_equal(gg_scene_export_nat20_file(NULL, path, &err), GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_import_file("/nonexistent/x.json", &def, &b, NULL, &err),
                     GG_E_INVALID_ARG);
    assert_null(b);
    assert_non_null(strstr(err.message, "cannot open"));
}

static void nat20__snaps_and_reports_off_lattice_walls(void **state)
{
    (void)state;
    gg_scene *s = NULL;
    gg_import_report *r = NULL;
    gg_io_error err;
    assert_int_equal(import_str("{\"width\":4,\"height\":4,\"wall_segments\":"
                                "[{\"x1\":1.1,\"y1\":0,\"x2\":1.1,\"y2\":4},"
                                "{\"x1\":2,\"y1\":2,\"x2\":2.1,\"y2\":2.1}],"
                                "\"blocked_cells\":[\"9,9\",\"x\"],\"mystery\":1}",
                                &s, &r, &err),
                     GG_OK);
    gg_import_stats st;
    assert_int_equal(gg_import_report_stats(r, &st), GG_OK);
    /* Both walls kept at 1/1024-cell precision: 1.1 -> 1126/1024, 2.1 -> 2150/1024 (the short
     * diagonal is not dropped). */
    assert_int_equal(st.walls, 2);
    assert_int_equal(st.walls + st.merged + st.walls_dropped, st.segments_read);
    assert_int_equal(st.endpoints_snapped, 3);
    assert_true(st.max_snap_cells > 0.0003 && st.max_snap_cells < 0.0007);
    assert_int_equal(gg_import_report_count_of(r, GG_IMPORT_SNAPPED, "1/1024-cell lattice"), 3);
    assert_int_equal(gg_import_report_count_of(r, GG_IMPORT_DROPPED, "length"), 0);
    assert_int_equal(gg_import_report_count_of(r, GG_IMPORT_DROPPED, "off the map"), 1);
    assert_int_equal(gg_import_report_count_of(r, GG_IMPORT_DROPPED, "malformed"), 1);
    assert_int_equal(gg_import_report_count_of(r, GG_IMPORT_DROPPED, "unknown top-level"), 1);
    gg_import_note n;
    assert_int_equal(gg_import_report_note(r, 0, &n), GG_OK);
    assert_int_equal(gg_import_report_note(r, 99, &n), GG_E_OUT_OF_BOUNDS);
    gg_wall_def d;
    int32_t count = 0;
    assert_int_equal(gg_io_list_walls(s, NULL, &d, 1, &count), GG_PARTIAL);
    assert_int_equal(count, 2);
    assert_true(d.x1 == 1126.0 / 1024 && d.x2 == 1126.0 / 1024);
    gg_import_report_destroy(r);
    gg_scene_destroy(s);
}

/* ---- Bad input ------------------------------------------------------------------------------- */

static void expect_failure(const char *json, size_t len, gg_status want, const char *in_message)
{
    gg_import_def def = gg_import_def_default();
    gg_scene *s = (gg_scene *)(uintptr_t)1;
    gg_import_report *r = (gg_import_report *)(uintptr_t)1;
    gg_io_error err;
    gg_status st = gg_scene_import(json, len, &def, &s, &r, &err);
    if (st != want || (in_message != NULL && strstr(err.message, in_message) == NULL))
        fail_msg("got %s \"%s\", wanted %s containing \"%s\"", gg_status_name(st), err.message,
                 gg_status_name(want), in_message ? in_message : "");
    assert_null(s);
    assert_null(r);
    assert_int_equal(err.status, want);
    assert_true(err.message[0] != '\0');
}

static void nat20__bad_input_gives_status_and_position(void **state)
{
    (void)state;
    const char *trunc = "{\"width\": 4,\n \"height\": 4,\n \"wall_segments\": [{\"x1\": 1";
    gg_import_def def = gg_import_def_default();
    gg_scene *s = NULL;
    gg_io_error err;
    assert_int_equal(gg_scene_import(trunc, strlen(trunc), &def, &s, NULL, &err), GG_E_PARSE);
    assert_int_equal(err.line, 3);
    assert_true(err.column > 0);
    assert_true(err.position > 20);
    assert_non_null(strstr(err.message, "line 3"));

    expect_failure("", 0, GG_E_PARSE, "empty");
    expect_failure("[1,2]", 5, GG_E_INVALID_ARG, "top level");
    expect_failure("{\"width\": NaN, \"height\": 3}", 27, GG_E_PARSE, NULL);
    const char *big = "{\"width\": 1e999, \"height\": 3}";
    expect_failure(big, strlen(big), GG_E_PARSE, NULL);
    const char *cases[][3] = {
        {"{\"width\": \"4\", \"height\": 4}", "width", "INVALID"},
        {"{\"width\": 4.5, \"height\": 4}", "width", "INVALID"},
        {"{\"width\": 0, \"height\": 4}", "width", "INVALID"},
        {"{\"width\": 100000, \"height\": 4}", "16384 per side", "TOO_LARGE"},
        {"{\"width\": 10000, \"height\": 10000}", "cells", "TOO_LARGE"},
        {"{\"width\": 4, \"height\": 4, \"wall_segments\": {}}", "wall_segments", "INVALID"},
        {"{\"width\": 4, \"height\": 4, \"wall_segments\": [{\"x1\": 0, \"y1\": 0, \"x2\": "
         "\"a\", \"y2\": 1}]}",
         "wall_segments[0].x2", "INVALID"},
        {"{\"width\": 4, \"height\": 4, \"wall_segments\": [{\"x1\": 0, \"y1\": 0, \"x2\": 1, "
         "\"y2\": 1, \"door\": \"ajar\"}]}",
         "ajar", "INVALID"},
        {"{\"width\": 4, \"height\": 4, \"cover_cells\": {\"1,1\": \"lots\"}}", "cover_cells",
         "INVALID"},
        {"{\"width\": 4, \"height\": 4, \"blocked_cells\": [1]}", "blocked_cells[0]", "INVALID"},
        {"{\"width\": 4, \"height\": 4, \"default_lighting\": 3}", "default_lighting", "INVALID"},
        {"{\"width\": 4, \"height\": 4, \"sunlight\": \"yes\"}", "sunlight", "INVALID"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gg_status want = strcmp(cases[i][2], "INVALID") == 0 ? GG_E_INVALID_ARG : GG_E_TOO_LARGE;
        expect_failure(cases[i][0], strlen(cases[i][0]), want, cases[i][1]);
    }
    /* A NUL inside the text, and \u0000 inside a string, are rejected by the parser. */
    expect_failure("{\"width\": 4,\0 \"height\": 4}", 26, GG_E_PARSE, NULL);
    const char *nul = "{\"width\": 4, \"height\": 4, \"x\": \"a\\u0000b\"}";
    expect_failure(nul, strlen(nul), GG_E_PARSE, NULL);
    /* Deep nesting. */
    size_t depth = 100000;
    char *deep = malloc(depth + 1);
    assert_non_null(deep);
    memset(deep, '[', depth);
    deep[depth] = '\0';
    expect_failure(deep, depth, GG_E_PARSE, NULL);
    free(deep);
}

static void nat20__huge_input_is_refused_before_parsing(void **state)
{
    (void)state;
    /* A 100 MB string: over the default 64 MiB limit, refused without being parsed. */
    size_t n = (size_t)100 << 20;
    char *buf = malloc(n);
    assert_non_null(buf);
    memset(buf, 'a', n);
    memcpy(buf, "{\"x\": \"", 7);
    expect_failure(buf, n, GG_E_TOO_LARGE, "max_bytes");
    /* With the limit raised, a long string in an unknown field is parsed, reported and dropped;
     * a truncated one is a parse error with its position. */
    gg_import_def def = gg_import_def_default();
    def.max_bytes = n;
    size_t m = (size_t)4 << 20;
    const char *tail = "\", \"width\": 2, \"height\": 2}";
    memcpy(buf + m, tail, strlen(tail));
    gg_scene *s = NULL;
    gg_import_report *r = NULL;
    gg_io_error err;
    assert_int_equal(gg_scene_import(buf, m + strlen(tail), &def, &s, &r, &err), GG_OK);
    assert_int_equal(gg_import_report_count_of(r, GG_IMPORT_DROPPED, "unknown top-level"), 1);
    gg_import_report_destroy(r);
    gg_scene_destroy(s);
    assert_int_equal(gg_scene_import(buf, m, &def, &s, NULL, &err), GG_E_PARSE);
    assert_true(err.position > 0);
    free(buf);
}

static void nat20__bad_arguments(void **state)
{
    (void)state;
    gg_import_def def = gg_import_def_default();
    gg_scene *s = NULL;
    gg_io_error err;
    assert_int_equal(gg_scene_import("{}", 2, NULL, &s, NULL, &err), GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_import("{}", 2, &def, NULL, NULL, &err), GG_E_INVALID_ARG);
    gg_import_def bad = def;
    bad.struct_size = 0;
    assert_int_equal(gg_scene_import("{}", 2, &bad, &s, NULL, &err), GG_E_BAD_DEF);
    bad = def;
    bad.format = (gg_io_format)9;
    assert_int_equal(gg_scene_import("{}", 2, &bad, &s, NULL, &err), GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_import("{}", 2, &def, &s, NULL, NULL), GG_E_INVALID_ARG);
    size_t len = 0;
    assert_int_equal(gg_scene_export_nat20(NULL, NULL, 0, &len, &err), GG_E_INVALID_ARG);
    assert_string_equal(gg_io_format_name(GG_IO_FORMAT_UVTT), "uvtt");
    assert_string_equal(gg_import_action_name(GG_IMPORT_CLIPPED), "clipped");
    assert_int_equal(gg_import_report_note_count(NULL), 0);
    gg_import_report_destroy(NULL);
}

static void nat20__survives_every_allocation_failure(void **state)
{
    (void)state;
    for (long fail_at = 0;; fail_at++) {
        gg_test_alloc ta;
        gg_test_alloc_init(&ta, fail_at);
        gg_import_def def = gg_import_def_default();
        def.allocator = &ta.iface;
        gg_scene *s = NULL;
        gg_import_report *r = NULL;
        gg_io_error err;
        gg_status st = gg_scene_import(k_full, strlen(k_full), &def, &s, &r, &err);
        if (st == GG_OK) {
            gg_import_report_destroy(r);
            gg_scene_destroy(s);
            assert_int_equal(ta.live_bytes, 0);
            assert_true(fail_at > 2);
            break;
        }
        assert_int_equal(st, GG_E_NO_MEMORY);
        assert_null(s);
        assert_null(r);
        assert_int_equal(ta.live_bytes, 0);
        assert_true(fail_at < 1000);
    }
}

/* jansson's allocator for the export test: fails the allocation numbered `fail_at` (0-based,
 * counted from install) and counts the blocks still live. */
static long g_json_calls, g_json_fail_at, g_json_live;

static void *failing_json_malloc(size_t n)
{
    if (g_json_calls++ == g_json_fail_at)
        return NULL;
    void *p = malloc(n);
    if (p != NULL)
        g_json_live++;
    return p;
}

static void counting_json_free(void *p)
{
    if (p != NULL)
        g_json_live--;
    free(p);
}

/* Regression (issue 20, defect 1): when json_object_set_new() failed to insert a top-level
 * list, it had already freed the list, and the cleanup freed it again: a double free that
 * crashed the export. Every jansson allocation of both exports now fails in turn: the export
 * says GG_E_NO_MEMORY, frees everything, and succeeds once nothing fails. */
static void nat20__export_survives_every_json_allocation_failure(void **state)
{
    (void)state;
    gg_scene *s = NULL;
    gg_io_error err;
    assert_int_equal(import_str(k_full, &s, NULL, &err), GG_OK);
    char *want = export_str(s);
    size_t cap = strlen(want) + 1;
    char *buf = malloc(cap);
    assert_non_null(buf);
    const char *path = "test_io_nat20_export.json";
    for (int to_file = 0; to_file < 2; ++to_file) {
        long failures = 0;
        for (long fail_at = 0;; fail_at++) {
            g_json_calls = 0;
            g_json_fail_at = fail_at;
            g_json_live = 0;
            json_set_alloc_funcs(failing_json_malloc, counting_json_free);
            size_t len = 0;
            gg_status st = to_file ? gg_scene_export_nat20_file(s, path, &err)
                                   : gg_scene_export_nat20(s, buf, cap, &len, &err);
            json_set_alloc_funcs(malloc, free);
            assert_int_equal(g_json_live, 0);
            if (st == GG_OK)
                break;
            if (st != GG_E_NO_MEMORY || err.status != GG_E_NO_MEMORY)
                fail_msg("%s export, allocation %ld failed: %s (%s)", to_file ? "file" : "buffer",
                         fail_at, gg_status_name(st), err.message);
            failures++;
            assert_true(fail_at < 10000);
        }
        /* Every allocation the export makes was failed once. */
        assert_true(failures > 20);
        if (!to_file)
            assert_string_equal(buf, want);
    }
    remove(path);
    free(buf);
    free(want);
    gg_scene_destroy(s);
}

/* Regression (issue 20, defect 3): this 28-byte file built a 67-million-cell scene (6.5 GB and
 * 31 s in `gridgeom query`). The default def now refuses it before the scene is built, and the
 * message names the cap (formats__caps_refuse_files_up_front covers every cap and format). */
static void nat20__a_tiny_file_cannot_ask_for_a_giant_map(void **state)
{
    (void)state;
    static const char giant[] = "{\"width\":8192,\"height\":8192}";
    assert_int_equal(sizeof giant - 1, 28);
    gg_test_alloc ta;
    gg_test_alloc_init(&ta, -1);
    gg_import_def def = gg_import_def_default();
    def.allocator = &ta.iface;
    gg_scene *s = NULL;
    gg_io_error err;
    assert_int_equal(gg_scene_import(giant, sizeof giant - 1, &def, &s, NULL, &err),
                     GG_E_TOO_LARGE);
    assert_null(s);
    assert_non_null(strstr(err.message, "max_cells"));
    assert_int_equal(ta.calls, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(nat20__loads_every_field),
        cmocka_unit_test(nat20__round_trip_gives_the_same_scene),
        cmocka_unit_test(nat20__magical_darkness_round_trips),
        cmocka_unit_test(nat20__export_file_round_trips),
        cmocka_unit_test(nat20__snaps_and_reports_off_lattice_walls),
        cmocka_unit_test(nat20__bad_input_gives_status_and_position),
        cmocka_unit_test(nat20__huge_input_is_refused_before_parsing),
        cmocka_unit_test(nat20__bad_arguments),
        cmocka_unit_test(nat20__survives_every_allocation_failure),
        cmocka_unit_test(nat20__export_survives_every_json_allocation_failure),
        cmocka_unit_test(nat20__a_tiny_file_cannot_ask_for_a_giant_map),
    };
    return cmocka_run_group_tests_name("io/nat20", tests, NULL, NULL);
}
