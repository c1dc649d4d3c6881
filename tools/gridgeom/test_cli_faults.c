/* test_cli_faults.c - fault injection over the gridgeom tool's commands, run in-process through
 * gg_cli_main() with a counting allocator: for every N below the allocations of a clean run, the
 * Nth allocation fails and the command must say so (GG_E_NO_MEMORY or "out of memory" in what
 * it printed, and a non-zero exit unless the failure only cost an optional overlay, which then
 * names the status in the picture's caption), and leave the allocator balanced. */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "cli.h"
#include "test_alloc.h"

#ifndef GG_TEST_MAPS_DIR
#error "GG_TEST_MAPS_DIR must name tests/data/maps"
#endif

#define MAP GG_TEST_MAPS_DIR "/uvtt/vttmaps__headmasters-quarters.dd2vtt"
#define OUT_TXT "test_cli_faults.out"
#define OUT_FILE "test_cli_faults.file"
#define QUERIES "test_cli_faults.jsonl"

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return calloc(1, 1);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = calloc((size_t)n + 1, 1);
    assert_non_null(buf);
    assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    return buf;
}

/* Runs the command with stdout and stderr going to OUT_TXT; returns the exit status and, in
 * *printed, what it printed plus the output file's text (the caller frees it). */
static int run(char **argv, int argc, gg_test_alloc *ta, char **printed)
{
    remove(OUT_FILE);
    fflush(stdout);
    fflush(stderr);
    int save_out = dup(1), save_err = dup(2);
    FILE *cap = fopen(OUT_TXT, "wb");
    assert_non_null(cap);
    dup2(fileno(cap), 1);
    dup2(fileno(cap), 2);
    int rc = gg_cli_main(argc, argv, &ta->iface);
    fflush(stdout);
    fflush(stderr);
    dup2(save_out, 1);
    dup2(save_err, 2);
    close(save_out);
    close(save_err);
    fclose(cap);
    char *a = slurp(OUT_TXT), *b = slurp(OUT_FILE);
    *printed = malloc(strlen(a) + strlen(b) + 1);
    assert_non_null(*printed);
    strcpy(*printed, a);
    strcat(*printed, b);
    free(a);
    free(b);
    return rc;
}

static void sweep(const char *name, char **argv, int argc)
{
    gg_test_alloc ta;
    gg_test_alloc_init(&ta, -1);
    char *printed = NULL;
    assert_int_equal(run(argv, argc, &ta, &printed), 0);
    free(printed);
    assert_int_equal(ta.live_bytes, 0);
    const long calls = ta.calls;
    assert_true(calls > 0);
    for (long n = 0; n < calls; ++n) {
        gg_test_alloc_init(&ta, n);
        int rc = run(argv, argc, &ta, &printed);
        bool said = strstr(printed, "NO_MEMORY") != NULL || strstr(printed, "out of memory");
        if (!said)
            fail_msg("%s: allocation %ld of %ld failing: exit %d, no out-of-memory report:\n%.400s",
                     name, n, calls, rc, printed);
        /* Exit 0 only when an optional overlay failed and its caption says so. */
        if (rc == 0 && strstr(printed, "<svg") == NULL)
            fail_msg("%s: allocation %ld failing still exited 0", name, n);
        free(printed);
        if (ta.live_bytes != 0 || ta.live_blocks != 0)
            fail_msg("%s: allocation %ld failing leaked %zu bytes", name, n, ta.live_bytes);
    }
    printf("# %s: %ld allocations, each failed once\n", name, calls);
}

static void cli_faults__info(void **state)
{
    (void)state;
    char *argv[] = {"gridgeom", "info", MAP, NULL};
    sweep("info", argv, 3);
    char *argv_json[] = {"gridgeom", "info", MAP, "--json", NULL};
    sweep("info --json", argv_json, 4);
}

static void cli_faults__query(void **state)
{
    (void)state;
    FILE *f = fopen(QUERIES, "wb");
    assert_non_null(f);
    fputs("{\"op\": \"has_line_of_sight\", \"a\": \"1,1\", \"b\": \"5,4\"}\n"
          "{\"op\": \"shortest_path\", \"a\": \"1,1\", \"b\": \"6,5\"}\n"
          "{\"op\": \"reachable_cells\", \"start\": \"2,2\", \"budget_ft\": 10}\n"
          "{\"op\": \"cover_between\", \"a\": \"1,1\", \"b\": \"5,4\"}\n",
          f);
    fclose(f);
    char *argv[] = {"gridgeom", "query", MAP, "--input", QUERIES, NULL};
    sweep("query", argv, 5);
    remove(QUERIES);
}

/* The library's own ops: their buffers, scratch and edits come from the allocator too. */
static void cli_faults__query_ops(void **state)
{
    (void)state;
    FILE *f = fopen(QUERIES, "wb");
    assert_non_null(f);
    fputs("{\"op\": \"lowest_cost_path\", \"a\": \"1,1\", \"b\": \"6,5\", \"metric\": "
          "\"euclidean\", \"avoid\": [\"2,2\"], \"others\": [{\"cell\": \"3,3\"}]}\n"
          "{\"op\": \"move_field\", \"origin\": \"1,1\", \"cells\": [\"6,5\"], "
          "\"path_to\": \"6,5\"}\n"
          "{\"op\": \"move_overlay\", \"origin\": \"1,1\", \"budget_ft\": 15}\n"
          "{\"op\": \"reachable\", \"start\": \"1,1\", \"budget_ft\": 10}\n"
          "{\"op\": \"visible_cells\", \"viewer\": \"1,1\", \"list\": true}\n"
          "{\"op\": \"visibility_matrix\", \"cells\": [\"1,1\", \"5,4\"], \"rule\": "
          "\"can_see\", \"senses\": [{}, {\"darkvision\": 60}]}\n"
          "{\"op\": \"cover\", \"attacker\": {\"cell\": \"1,1\"}, \"target\": "
          "{\"cell\": \"5,4\"}, \"mode\": \"corners_2d\", \"creatures\": [{\"cell\": "
          "\"3,3\"}]}\n"
          "{\"op\": \"plan_move\", \"creatures\": [{\"cell\": \"1,1\"}, {\"cell\": "
          "\"4,4\", \"side\": 1}], \"mover\": 0, \"destination\": \"2,3\"}\n"
          "{\"op\": \"opportunity_attacks\", \"creatures\": [{\"cell\": \"2,2\"}, "
          "{\"cell\": \"3,3\", \"size\": \"large\", \"side\": 1}], \"mover\": 0, "
          "\"route\": [\"2,2\", \"1,1\", \"1,0\"], \"rules\": \"srd\"}\n"
          "{\"op\": \"move_def\", \"creatures\": [{\"cell\": \"1,1\"}, {\"cell\": "
          "\"3,3\", \"size\": \"large\", \"side\": 1}], \"mover\": 0, \"to\": \"6,5\"}\n"
          "{\"op\": \"route\", \"creatures\": [{\"cell\": \"1,1\", \"size\": \"large\"}, "
          "{\"cell\": \"5,5\"}], \"mover\": 0, \"destination\": \"6,2\", \"squeeze\": true}\n"
          "{\"op\": \"squeeze_path\", \"a\": \"1,1\", \"b\": \"6,2\", \"size\": \"large\"}\n"
          "{\"op\": \"flee_route_def\", \"creatures\": [{\"cell\": \"2,2\"}, {\"cell\": "
          "\"3,3\", \"side\": 1}], \"mover\": 0, \"budget_ft\": 15}\n"
          "{\"op\": \"push_def\", \"creatures\": [{\"cell\": \"2,2\"}, {\"cell\": "
          "\"3,3\", \"size\": \"large\"}], \"pusher\": 0, \"target\": 1, \"distance_ft\": 10}\n"
          "{\"op\": \"rules_shape_cells\", \"shape\": \"cone\", \"size_ft\": 15, "
          "\"origin\": [2, 2], \"direction\": [2, 1]}\n"
          "{\"op\": \"rules_shape_targets\", \"creatures\": [{\"cell\": \"3,2\"}, {\"cell\": "
          "\"4,3\", \"size\": \"large\"}], \"shape\": \"emanation\", \"size_ft\": 10, "
          "\"source\": {\"cell\": \"2,2\"}}\n"
          "{\"op\": \"check_attack\", \"creatures\": [{\"cell\": \"1,1\"}, {\"cell\": "
          "\"3,3\", \"size\": \"huge\"}], \"attacker\": 0, \"target\": 1, \"range_ft\": 30}\n"
          "{\"op\": \"set_door\", \"wall\": 0, \"door\": \"open\"}\n"
          "{\"op\": \"add_wall\", \"from\": [2, 2], \"to\": [2, 5]}\n"
          "{\"op\": \"add_light\", \"cell\": \"2,2\"}\n"
          "{\"op\": \"walls\"}\n",
          f);
    fclose(f);
    char *argv[] = {"gridgeom", "query", MAP, "--input", QUERIES, NULL};
    sweep("query ops", argv, 5);
    f = fopen(QUERIES, "wb");
    assert_non_null(f);
    fputs("{\"op\": \"hex_path\", \"from\": [0, 0], \"to\": [10, 8]}\n"
          "{\"op\": \"hex_reachable\", \"start\": [0, 0], \"budget\": 3}\n"
          "{\"op\": \"hex_sight\", \"from\": [0, 4], \"to\": [11, 4], \"trace\": "
          "\"supercover\"}\n",
          f);
    fclose(f);
    char *argv_hex[] = {"gridgeom", "query", GG_TEST_BOARDS_DIR "/ridge.hex.json",
                        "--input",  QUERIES, NULL};
    sweep("query hex", argv_hex, 5);
    remove(QUERIES);
}

static void cli_faults__draw(void **state)
{
    (void)state;
    char *argv[] = {"gridgeom", "draw", MAP,     "--out",  OUT_FILE,  "--from", "1,1",
                    "--to",     "6,5",  "--fov", "--path", "--cover", NULL};
    sweep("draw", argv, 12);
    char *argv_ov[] = {"gridgeom",
                       "draw",
                       MAP,
                       "--out",
                       OUT_FILE,
                       "--from",
                       "1,1",
                       "--to",
                       "6,5",
                       "--field",
                       "--overlay",
                       "10,3",
                       "--cover-mode",
                       "corners_2d",
                       "--lights",
                       "--matrix",
                       "1,1;6,5;3,3",
                       "--creatures",
                       "[{\"cell\": \"2,2\"}, {\"cell\": \"3,2\", \"size\": \"large\", "
                       "\"side\": 1, \"reach_ft\": 10}, {\"cell\": \"5,3\"}]",
                       NULL};
    sweep("draw overlays", argv_ov, 19);
    char *argv_hex[] = {"gridgeom", "draw",    GG_TEST_BOARDS_DIR "/ridge.hex.json",
                        "--out",    OUT_FILE,  "--from",
                        "0,4",      "--to",    "10,8",
                        "--path",   "--reach", "3",
                        NULL};
    sweep("draw hex", argv_hex, 12);
}

static void cli_faults__convert(void **state)
{
    (void)state;
    char *argv[] = {"gridgeom", "convert", MAP, "--out", OUT_FILE, NULL};
    sweep("convert", argv, 5);
    remove(OUT_FILE);
    remove(OUT_TXT);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(cli_faults__info),      cmocka_unit_test(cli_faults__query),
        cmocka_unit_test(cli_faults__query_ops), cmocka_unit_test(cli_faults__draw),
        cmocka_unit_test(cli_faults__convert),
    };
    return cmocka_run_group_tests_name("cli/faults", tests, NULL, NULL);
}
