/* test_io_faults.c - fault injection over the io layer: the Nth allocation fails, for every N,
 * during import (each format, from memory and from a file) and export (to a buffer and to a
 * file). Each failure must be GG_E_NO_MEMORY (never a parse error: issue 20, defect 4), leak
 * nothing (the counting allocator balances; every io allocation, jansson's included, goes
 * through the caller's allocator), and leave an exported scene unchanged (a fingerprint of its
 * query answers). */
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

#include "scene_fingerprint.h"
#include "test_alloc.h"

#ifndef GG_TEST_MAPS_DIR
#error "GG_TEST_MAPS_DIR must name tests/data/maps"
#endif

/* Every Nat20 field and extension key: tags of each kind, walls with each attribute, lights. */
static const char k_nat20[] =
    "{\"width\": 8, \"height\": 6, \"cell_size_ft\": 10, \"default_lighting\": \"dim\","
    " \"blocked_cells\": [\"1,1\", \"2,1\"], \"difficult_terrain_cells\": [\"3,3\"],"
    " \"cover_cells\": {\"4,4\": \"half\", \"5,4\": \"total\", \"1,1\": \"half\"},"
    " \"lighting\": {\"0,0\": \"bright\", \"7,5\": \"dark\"},"
    " \"obscurement_cells\": {\"6,0\": \"heavy\"},"
    " \"wall_segments\": ["
    "  {\"x1\": 4, \"y1\": 0, \"x2\": 4, \"y2\": 2},"
    "  {\"x1\": 4, \"y1\": 2, \"x2\": 4, \"y2\": 3.5},"
    "  {\"x1\": 0, \"y1\": 5, \"x2\": 2, \"y2\": 5, \"door\": \"locked\"},"
    "  {\"x1\": 6, \"y1\": 1, \"x2\": 6, \"y2\": 4, \"one_way\": \"left\","
    "   \"blocks\": [\"sight\", \"light\"]},"
    "  {\"x1\": 1, \"y1\": 4, \"x2\": 3, \"y2\": 4, \"cover\": \"half\"},"
    "  {\"x1\": 7.3, \"y1\": 3, \"x2\": 7, \"y2\": 3, \"colour\": \"red\"}"
    " ],"
    " \"lights\": [{\"cell\": \"2,2\", \"bright_ft\": 10, \"dim_ft\": 20}, {\"cell\": \"9,9\"}]}";

/* The scene's Nat20 export text (malloc'd), to compare imports. */
static char *export_text(const gg_scene *s)
{
    size_t need = 0;
    assert_int_equal(gg_scene_export_nat20(s, NULL, 0, &need, NULL), GG_E_BUFFER_TOO_SMALL);
    char *buf = malloc(need + 1);
    assert_non_null(buf);
    assert_int_equal(gg_scene_export_nat20(s, buf, need + 1, &need, NULL), GG_OK);
    return buf;
}

/* One import with allocation `fail_at` failing (-1: none); *out_text gets the scene's export
 * text on success. `path` non-NULL reads that file instead of `data`. */
static gg_status import_once(const char *data, size_t len, const char *path, gg_io_format format,
                             long fail_at, long *out_calls, char **out_text, gg_io_error *err)
{
    gg_test_alloc ta;
    gg_test_alloc_init(&ta, fail_at);
    gg_import_def def = gg_import_def_default();
    def.allocator = &ta.iface;
    def.format = format;
    gg_scene *s = NULL;
    gg_import_report *r = NULL;
    gg_status st = path != NULL ? gg_scene_import_file(path, &def, &s, &r, err)
                                : gg_scene_import(data, len, &def, &s, &r, err);
    *out_text = NULL;
    *out_calls = ta.calls;
    if (st == GG_OK) {
        assert_int_equal(err->status, GG_OK);
        ta.fail_at = -1; /* the export below is not under test here */
        *out_text = export_text(s);
        gg_import_report_destroy(r);
        gg_scene_destroy(s);
    } else {
        assert_null(s);
        assert_null(r);
    }
    assert_int_equal(ta.live_bytes, 0);
    assert_int_equal(ta.live_blocks, 0);
    return st;
}

/* Imports with the Nth allocation failing, for every N below the allocations of a clean import.
 * Each must fail with GG_E_NO_MEMORY, nothing leaked. A success would mean a failed allocation
 * went unnoticed: jansson's lexer drops a character when its token buffer cannot grow, so such
 * an import "succeeded" with a key or number changed (a scene silently bright instead of dim),
 * until the io layer voided every parse during which an allocation failed. Returns the clean
 * import's allocation count. `path` non-NULL reads that file instead. */
static long sweep_import(const char *data, size_t len, const char *path, gg_io_format format)
{
    long calls = 0, got = 0;
    char *clean = NULL, *text = NULL;
    gg_io_error err;
    assert_int_equal(import_once(data, len, path, format, -1, &calls, &clean, &err), GG_OK);
    for (long fail_at = 0; fail_at < calls; fail_at++) {
        gg_status st = import_once(data, len, path, format, fail_at, &got, &text, &err);
        if (st == GG_OK)
            fail_msg("allocation %ld of %ld failed unnoticed; the scene is %s", fail_at, calls,
                     strcmp(text, clean) == 0 ? "the same" : "different");
        if (st != GG_E_NO_MEMORY)
            fail_msg("allocation %ld failing gave %s (%s), not GG_E_NO_MEMORY", fail_at,
                     gg_status_name(st), err.message);
        assert_int_equal(err.status, GG_E_NO_MEMORY);
        /* No invented position: this is not a syntax error. */
        assert_int_equal(err.line, 0);
        assert_int_equal(err.column, 0);
        assert_true(err.message[0] != '\0');
    }
    free(clean);
    return calls;
}

/* Allocations of one successful import through the def's allocator. */
static long import_calls(const char *data)
{
    gg_test_alloc ta;
    gg_test_alloc_init(&ta, -1);
    gg_import_def def = gg_import_def_default();
    def.allocator = &ta.iface;
    gg_scene *s = NULL;
    assert_int_equal(gg_scene_import(data, strlen(data), &def, &s, NULL, NULL), GG_OK);
    gg_scene_destroy(s);
    assert_int_equal(ta.live_bytes, 0);
    return ta.calls;
}

/* Issue 20, defect 4: a failed allocation inside the JSON parser was reported as GG_E_PARSE
 * (with an empty or invented message) on a valid file. The parser's memory comes from the
 * caller's allocator now, so a test can fail it: an unknown key holding deep lists (kept by the
 * parser, ignored by the reader) adds parser allocations only, and failing each of them must
 * give GG_E_NO_MEMORY. */
static void faults__parser_out_of_memory_is_no_memory(void **state)
{
    (void)state;
    static const char plain[] = "{\"width\": 4, \"height\": 3, \"blocked_cells\": [\"1,1\"]}";
    static const char padded[] =
        "{\"width\": 4, \"height\": 3, \"blocked_cells\": [\"1,1\"],"
        " \"notes\": [[[\"a\", \"bb\"], [\"ccc\"]], {\"k\": [1, 2.5, \"x\"], \"deep\": [[[[]]]]}]}";
    long a = import_calls(plain), b = import_calls(padded);
    /* The parser allocates each list, object and string of the padding through the def. */
    assert_true(b >= a + 10);
    sweep_import(padded, strlen(padded), NULL, GG_IO_FORMAT_AUTO);
}

static void faults__nat20_import_survives_every_failure(void **state)
{
    (void)state;
    long calls = sweep_import(k_nat20, strlen(k_nat20), NULL, GG_IO_FORMAT_NAT20);
    printf("# nat20 import: %ld allocations, each failed once\n", calls);
}

static void faults__uvtt_import_survives_every_failure(void **state)
{
    (void)state;
    long calls = sweep_import(NULL, 0,
                              GG_TEST_MAPS_DIR "/uvtt/vttmaps__headmasters-quarters.dd2vtt",
                              GG_IO_FORMAT_AUTO);
    printf("# uvtt import (file): %ld allocations, each failed once\n", calls);
}

static void faults__foundry_import_survives_every_failure(void **state)
{
    (void)state;
    long calls = sweep_import(NULL, 0,
                              GG_TEST_MAPS_DIR
                              "/foundry/majorvictory__underbark-tavern-top-floor.json",
                              GG_IO_FORMAT_FOUNDRY);
    printf("# foundry import (file): %ld allocations, each failed once\n", calls);
}

/* The scene of k_nat20, made with `ta`. */
static gg_scene *nat20_scene(gg_test_alloc *ta)
{
    gg_import_def def = gg_import_def_default();
    def.allocator = &ta->iface;
    gg_scene *s = NULL;
    assert_int_equal(gg_scene_import(k_nat20, strlen(k_nat20), &def, &s, NULL, NULL), GG_OK);
    return s;
}

/* The export's temporaries come from the scene's allocator: failing each of them in turn gives
 * GG_E_NO_MEMORY, frees them all and leaves the scene's answers as they were. */
static void faults__export_survives_every_failure(void **state)
{
    (void)state;
    gg_test_alloc ta;
    gg_test_alloc_init(&ta, -1);
    gg_scene *s = nat20_scene(&ta);
    const uint64_t before = scene_fingerprint(s);
    const size_t live = ta.live_bytes;
    const char *path = "test_io_faults_export.json"; /* in the test's working directory */
    for (int to_file = 0; to_file < 2; ++to_file) {
        for (long n = 0;; n++) {
            ta.fail_at = ta.calls + n;
            ta.fail_after = false;
            gg_io_error err;
            size_t need = 0;
            gg_status st;
            char buf[4096];
            if (to_file)
                st = gg_scene_export_nat20_file(s, path, &err);
            else
                st = gg_scene_export_nat20(s, buf, sizeof buf, &need, &err);
            assert_int_equal(ta.live_bytes, live);
            assert_true(scene_fingerprint(s) == before);
            if (st == GG_OK) {
                printf("# export to a %s: %ld allocations, each failed once\n",
                       to_file ? "file" : "buffer", n);
                assert_true(n > 5);
                break;
            }
            if (st != GG_E_NO_MEMORY)
                fail_msg("export allocation %ld failing gave %s (%s)", n, gg_status_name(st),
                         err.message);
            assert_int_equal(err.status, GG_E_NO_MEMORY);
            assert_true(n < 100000);
        }
    }
    remove(path);
    gg_scene_destroy(s);
    assert_int_equal(ta.live_bytes, 0);
}

/* A successful export also allocates only through the scene's allocator: with a scene made by a
 * counting allocator that then refuses everything, the export fails cleanly instead of quietly
 * using malloc (which it did before the io layer took the caller's allocator). */
static void faults__export_allocates_only_through_the_scene(void **state)
{
    (void)state;
    gg_test_alloc ta;
    gg_test_alloc_init(&ta, -1);
    gg_scene *s = nat20_scene(&ta);
    long before = ta.calls;
    size_t need = 0;
    gg_io_error err;
    assert_int_equal(gg_scene_export_nat20(s, NULL, 0, &need, &err), GG_E_BUFFER_TOO_SMALL);
    assert_true(ta.calls > before + 10); /* the JSON tree, the walls and lights lists */
    gg_test_alloc_fail_from_now(&ta);
    assert_int_equal(gg_scene_export_nat20(s, NULL, 0, &need, &err), GG_E_NO_MEMORY);
    gg_scene_destroy(s);
    assert_int_equal(ta.live_bytes, 0);
}

/* A host that uses jansson itself, with its own hooks, installed (as jansson asks) before any
 * other jansson use: main() sets them before the first io call. */
static long host_live, host_calls;

static void *host_malloc(size_t size)
{
    host_calls++;
    host_live++;
    return malloc(size);
}

static void host_free(void *p)
{
    if (p != NULL)
        host_live--;
    free(p);
}

/* The io layer's hooks leave such a host alone: its jansson values outside io calls still go to
 * its own hooks, even across io calls (made before, freed after), and an io call's parser
 * allocations never reach them. */
static void faults__host_jansson_hooks_are_kept(void **state)
{
    (void)state;
    long before = host_calls;
    json_t *mine = json_pack("{s:[i,i,s]}", "x", 1, 2, "three");
    assert_non_null(mine);
    assert_true(host_calls > before);
    long live = host_live;
    assert_true(live > 0);

    gg_test_alloc ta;
    gg_test_alloc_init(&ta, -1);
    gg_import_def def = gg_import_def_default();
    def.allocator = &ta.iface;
    gg_scene *s = NULL;
    long host_before_import = host_calls;
    assert_int_equal(gg_scene_import(k_nat20, strlen(k_nat20), &def, &s, NULL, NULL), GG_OK);
    char *text = export_text(s);
    free(text);
    assert_int_equal(host_calls, host_before_import);
    assert_int_equal(host_live, live);
    gg_scene_destroy(s);
    assert_int_equal(ta.live_bytes, 0);

    json_decref(mine); /* made before the io calls, freed after: the host's hooks free it */
    assert_int_equal(host_live, live - (host_calls - before));
    json_malloc_t m = NULL;
    json_free_t f = NULL;
    json_get_alloc_funcs(&m, &f);
    assert_true(m != host_malloc); /* the io layer's trampolines, which forward to the host's */
}

int main(void)
{
    json_set_alloc_funcs(host_malloc, host_free);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(faults__host_jansson_hooks_are_kept),
        cmocka_unit_test(faults__parser_out_of_memory_is_no_memory),
        cmocka_unit_test(faults__nat20_import_survives_every_failure),
        cmocka_unit_test(faults__uvtt_import_survives_every_failure),
        cmocka_unit_test(faults__foundry_import_survives_every_failure),
        cmocka_unit_test(faults__export_survives_every_failure),
        cmocka_unit_test(faults__export_allocates_only_through_the_scene),
    };
    return cmocka_run_group_tests_name("io/faults", tests, NULL, NULL);
}
