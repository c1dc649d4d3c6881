/* test_memory.c - the working memory each query family needs, measured with a counting
 * allocator (docs/memory.md): line of sight, cover and field of view need none, a 30-ft reach
 * on a 4096x4096 scene less than 1 MiB, a whole-map field on 1024x1024 at most 6.5 bytes a cell.
 * Layer: topology (tests). */
#include <stdlib.h>

#include "fixture.h"
#include "test_alloc.h"

/* A size x size scene on the counting allocator, with a few blocked and difficult cells and
 * walls near the middle, so every query below has something to walk around. */
static gg_scene *counted_scene(gg_test_alloc *ta, int32_t size)
{
    gg_test_alloc_init(ta, -1);
    gg_scene_def def = gg_scene_def_default();
    def.width = size;
    def.height = size;
    def.allocator = &ta->iface;
    gg_scene *s = NULL;
    assert_int_equal(gg_scene_create(&def, &s), GG_OK);
    const int32_t m = size / 2;
    for (int32_t k = -6; k <= 6; k += 3) {
        assert_int_equal(gg_scene_set_blocked(s, fx_c(m + k, m - 2), true), GG_OK);
        assert_int_equal(gg_scene_set_difficult(s, fx_c(m - 2, m + k), true), GG_OK);
    }
    fx_wall(s, m + 3, m - 5, m + 3, m + 1);
    fx_wall(s, m - 4, m + 4, m + 2, m + 4);
    return s;
}

static void report(const char *what, size_t bytes, size_t cells)
{
    if (cells > 0)
        printf("# working memory: %-44s %10zu bytes (%.2f per cell)\n", what, bytes,
               (double)bytes / (double)cells);
    else
        printf("# working memory: %-44s %10zu bytes\n", what, bytes);
}

/* Line of sight and cover take no working memory: not one allocation, on any map. */
static void memory__sight_and_cover_take_none(void **state)
{
    (void)state;
    gg_test_alloc ta;
    gg_scene *s = counted_scene(&ta, 1024);
    const size_t before = ta.live_bytes;
    gg_test_alloc_fail_from_now(&ta);
    const long calls = ta.calls;
    const gg_cell a = fx_c(500, 500), b = fx_c(530, 520), c = fx_c(505, 512);
    bool seen = false;
    assert_int_equal(gg_scene_has_line_of_sight(s, a, b, &seen), GG_OK);
    assert_int_equal(gg_scene_has_line_of_sight(s, a, c, &seen), GG_OK);
    assert_int_equal(ta.calls, calls);
    report("line of sight", ta.live_bytes - before, 0);
    gg_cover cover = GG_COVER_NONE;
    assert_int_equal(gg_scene_cover_between(s, a, b, NULL, 0, &cover), GG_OK);
    assert_int_equal(gg_scene_cover_between(s, c, a, &b, 1, &cover), GG_OK);
    /* The cover models too: the tagged rule, the 2-D corner rule and the 3-D point sets. */
    const gg_body att = gg_body_make(a), tgt = gg_body_make(b);
    for (int mode = GG_COVER_MODE_TAGGED; mode <= GG_COVER_MODE_CORNERS_3D; ++mode) {
        gg_cover_def cd = gg_cover_def_default();
        cd.mode = (gg_cover_mode)mode;
        gg_cover_result res;
        assert_int_equal(gg_scene_cover(s, &att, &tgt, NULL, 0, &cd, &res, NULL, 0, NULL), GG_OK);
    }
    assert_int_equal(ta.calls, calls);
    report("cover", ta.live_bytes - before, 0);
    assert_int_equal(ta.live_bytes, before);
    gg_scene_destroy(s);
    assert_int_equal(ta.live_bytes, 0);
}

/* Field of view runs with no scratch: no heap memory at all (the sweep's about 24 KiB live on
 * the stack), and answers like a whole-map scratch. The optional GG_SCRATCH_SIGHT room is
 * printed for the record: O(side + walls), not per cell. */
static void memory__field_of_view_takes_none(void **state)
{
    (void)state;
    gg_test_alloc ta;
    gg_scene *s = counted_scene(&ta, 1024);
    const size_t words = gg_scene_bitset_words(s);
    uint64_t *bits = calloc(words, sizeof *bits);
    uint64_t *want = calloc(words, sizeof *want);
    assert_true(bits != NULL && want != NULL);
    const size_t before = ta.live_bytes;
    gg_test_alloc_fail_from_now(&ta);
    const long calls = ta.calls;
    int32_t n = 0, n2 = 0;
    assert_int_equal(gg_scene_visible_cells(s, NULL, fx_c(512, 512), 300, GG_BITSET_REPLACE, bits,
                                            words, &n),
                     GG_OK);
    assert_int_equal(gg_scene_seen_cells(s, NULL, fx_c(512, 512), NULL, GG_BITSET_REPLACE, bits,
                                         words, &n2),
                     GG_OK);
    assert_int_equal(ta.calls, calls);
    assert_int_equal(ta.live_bytes, before);
    report("field of view (no scratch)", ta.live_bytes - before, 0);
    assert_true(n > 1000);

    size_t sight = 0;
    gg_scratch_def d = gg_scratch_def_default();
    d.uses = GG_SCRATCH_SIGHT;
    assert_int_equal(gg_scratch_bytes(s, &d, &sight), GG_OK);
    report("field of view (GG_SCRATCH_SIGHT, optional)", sight, 0);
    assert_true(sight < (size_t)1 << 20);

    /* The same view as with whole-map scratch (made on the caller's heap, not counted). */
    size_t fb = 0;
    assert_int_equal(gg_scratch_bytes(s, NULL, &fb), GG_OK);
    void *mem = aligned_alloc(16, (fb + 15) & ~(size_t)15);
    assert_non_null(mem);
    gg_scratch *x = NULL;
    assert_int_equal(gg_scratch_init(s, NULL, mem, fb, &x), GG_OK);
    assert_int_equal(gg_scene_visible_cells(s, NULL, fx_c(512, 512), 300, GG_BITSET_REPLACE, bits,
                                            words, &n),
                     GG_OK);
    assert_int_equal(gg_scene_visible_cells(s, x, fx_c(512, 512), 300, GG_BITSET_REPLACE, want,
                                            words, &n2),
                     GG_OK);
    assert_int_equal(n, n2);
    assert_memory_equal(bits, want, words * sizeof *bits);
    free(mem);
    free(bits);
    free(want);
    gg_scene_destroy(s);
}

/* A 30-ft reach (Nat20's and the movement overlay) on a 4096x4096 scene: a GG_SCRATCH_BOUNDED
 * scratch for 30 ft holds under 1 MiB, and the queries allocate nothing beyond it. */
static void memory__bounded_reach_on_4096_under_1_mib(void **state)
{
    (void)state;
    gg_test_alloc ta;
    gg_scene *s = counted_scene(&ta, 4096);
    const size_t before = ta.live_bytes;
    gg_scratch_def d = gg_scratch_def_default();
    d.uses = GG_SCRATCH_BOUNDED;
    d.budget_ft = 30;
    gg_scratch *x = NULL;
    assert_int_equal(gg_scratch_create(s, &d, &x), GG_OK);
    const size_t used = ta.live_bytes - before;
    gg_test_alloc_fail_from_now(&ta);
    const long calls = ta.calls;
    gg_reach r[512];
    gg_move_reach mr[512];
    int32_t n = 0;
    gg_cell starts[3] = {fx_c(2048, 2048), fx_c(0, 0), fx_c(4095, 2047)};
    for (int i = 0; i < 3; ++i) {
        assert_int_equal(gg_scene_reachable(s, x, starts[i], 30, NULL, 0, r, 512, &n), GG_OK);
        assert_true(n > 1);
        gg_move_def md = gg_move_def_default();
        assert_int_equal(gg_scene_move_overlay(s, x, starts[i], 0, 30, &md, mr, 512, &n), GG_OK);
        assert_true(n > 1);
    }
    assert_int_equal(ta.calls, calls);
    report("30-ft reach and overlay on 4096x4096", used, 0);
    assert_true(used < (size_t)1 << 20);
    gg_scratch_destroy(x);
    assert_int_equal(ta.live_bytes, before);
    gg_scene_destroy(s);
    assert_int_equal(ta.live_bytes, 0);
}

/* A whole-map field on 1024x1024 (a Medium mover, Chebyshev, difficult terrain doubling, the
 * defaults) with a GG_SCRATCH_FIELD scratch: at most 6.5 bytes per cell of working memory
 * beyond the field itself, which lives in the caller's memory (about 6.1: the bit map, the
 * queue, and the step masks the field derives, which the scene no longer stores: issue 15). */
static void memory__field_on_1024_at_most_6_5_bytes_a_cell(void **state)
{
    (void)state;
    gg_test_alloc ta;
    gg_scene *s = counted_scene(&ta, 1024);
    const size_t cells = (size_t)1024 * 1024;
    const size_t before = ta.live_bytes;
    gg_scratch_def d = gg_scratch_def_default();
    d.uses = GG_SCRATCH_FIELD;
    gg_scratch *x = NULL;
    assert_int_equal(gg_scratch_create(s, &d, &x), GG_OK);
    const size_t used = ta.live_bytes - before;
    gg_move_def md = gg_move_def_default();
    size_t fb = 0;
    assert_int_equal(gg_move_field_bytes(s, &md, &fb), GG_OK);
    void *mem = aligned_alloc(8, (fb + 7) & ~(size_t)7);
    assert_non_null(mem);
    gg_test_alloc_fail_from_now(&ta);
    const long calls = ta.calls;
    gg_move_field *f = NULL;
    for (int uniform = 0; uniform < 2; ++uniform) {
        /* Both field engines: two prices (the default) and one (difficult terrain ignored). */
        md.difficult = uniform ? GG_DIFFICULT_IGNORE : GG_DIFFICULT_DOUBLE;
        assert_int_equal(gg_scene_move_field(s, x, fx_c(512, 512), 0, &md, mem, fb, &f), GG_OK);
        bool reached = false;
        gg_metric_cost c;
        assert_int_equal(gg_move_field_cost(f, fx_c(1023, 1023), &reached, &c, NULL), GG_OK);
        assert_true(reached);
        assert_true(c.feet >= 511 * 5);
    }
    assert_int_equal(ta.calls, calls);
    report("whole-map field on 1024x1024", used, cells);
    report("(its output, caller memory, for the record)", fb, cells);
    assert_true(used <= 13 * cells / 2);
    free(mem);
    gg_scratch_destroy(x);
    gg_scene_destroy(s);
    assert_int_equal(ta.live_bytes, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(memory__sight_and_cover_take_none),
        cmocka_unit_test(memory__field_of_view_takes_none),
        cmocka_unit_test(memory__bounded_reach_on_4096_under_1_mib),
        cmocka_unit_test(memory__field_on_1024_at_most_6_5_bytes_a_cell),
    };
    return cmocka_run_group_tests_name("topology/memory", tests, NULL, NULL);
}
