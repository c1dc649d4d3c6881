/* test_fov.c - gg_scene_visible_cells equals the per-cell has_line_of_sight loop exactly: on
 * random maps with blocked cells and every kind of wall, with the sweep's working memory forced
 * to overflow, and on every real map in ../shared/data/maps (walls imported here with jansson). */
#include "fixture.h"

#include <math.h>

#include "test_alloc.h"
#include "topology/sight/fov.h"
#include "shared_maps.h"

#ifdef GG_TEST_HAVE_JANSSON
#include <jansson.h>
#endif

/* ---- Helpers ------------------------------------------------------------------------------- */

static uint64_t *bits_for(const gg_scene *s)
{
    size_t n = gg_scene_bitset_words(s);
    uint64_t *b = calloc(n ? n : 1, sizeof *b);
    assert_non_null(b);
    return b;
}

/* Compares visible_cells with the per-cell loop for one viewer; returns the visible count. */
static int check_viewer(const gg_scene *s, gg_scratch *x, uint64_t *bits, gg_cell v,
                        int32_t range_ft)
{
    int32_t count = -1;
    assert_int_equal(gg_scene_visible_cells(s, x, v, range_ft, GG_BITSET_REPLACE, bits,
                                            gg_scene_bitset_words(s), &count),
                     GG_OK);
    int32_t w = gg_scene_width(s), h = gg_scene_height(s), expected = 0;
    for (int32_t r = 0; r < h; ++r)
        for (int32_t c = 0; c < w; ++c) {
            gg_cell t = gg_cell_make(c, r);
            bool los = false;
            assert_int_equal(gg_scene_has_line_of_sight(s, v, t, &los), GG_OK);
            int32_t ft = 0;
            assert_int_equal(gg_scene_distance_ft(s, v, t, &ft), GG_OK);
            bool want = los && ft <= range_ft;
            if (want != gg_bitset_has(bits, w, t)) {
                fprintf(stderr, "viewer %d,%d target %d,%d: loop %d, visible_cells %d\n",
                        (int)v.col, (int)v.row, (int)c, (int)r, want, !want);
                fail();
            }
            expected += want;
        }
    assert_int_equal(count, expected);
    /* The tail bits past the last cell stay clear. */
    size_t n = (size_t)w * (size_t)h;
    if (n % 64 != 0)
        assert_int_equal(bits[n / 64] >> (n % 64), 0);
    return expected;
}

static void random_wall(gg_scene *s, fx_rng *r, int w, int h)
{
    gg_wall_def d = gg_wall_def_default();
    /* half-unit coordinates, a little beyond the map */
    int x1 = (int)fx_below(r, (uint32_t)(2 * w + 5)) - 2,
        y1 = (int)fx_below(r, (uint32_t)(2 * h + 5)) - 2;
    int len = 1 + (int)fx_below(r, 8);
    int x2 = x1, y2 = y1;
    switch (fx_below(r, 6)) {
    case 0:
        x2 = x1 + len;
        break; /* horizontal */
    case 1:
        y2 = y1 + len;
        break; /* vertical */
    case 2:
        x2 = x1 + len, y2 = y1 + len;
        break; /* 45 degrees */
    case 3:
        x2 = x1 + len, y2 = y1 - (int)fx_below(r, 9);
        break; /* any angle */
    case 4:
        break; /* a point */
    default:
        x2 = x1 - len, y2 = y1 + (int)fx_below(r, 5);
        break;
    }
    uint32_t lattice = fx_below(r, 4); /* 0: half cells, 1: fine lattice, else corners */
    if (lattice >= 2) {
        x1 &= ~1, y1 &= ~1, x2 &= ~1, y2 &= ~1;
    }
    d.x1 = x1 / 2.0, d.y1 = y1 / 2.0, d.x2 = x2 / 2.0, d.y2 = y2 / 2.0;
    if (lattice == 1) { /* moved off the half cells by a few steps of the wall lattice, or more */
        double *v[4] = {&d.x1, &d.y1, &d.x2, &d.y2};
        int32_t m = fx_below(r, 2) == 0 ? 3 : GG_WALL_UNITS_PER_CELL / 2;
        for (int k = 0; k < 4; ++k)
            *v[k] += (double)((int32_t)fx_below(r, (uint32_t)(2 * m + 1)) - m) /
                     GG_WALL_UNITS_PER_CELL;
    }
    uint32_t k = fx_below(r, 10);
    if (k == 0)
        d.blocks = GG_BLOCKS_MOVEMENT; /* sight passes */
    else if (k == 1)
        d.blocks = GG_BLOCKS_SIGHT;
    d.one_way = (gg_one_way)(fx_below(r, 4) == 0 ? 1 + fx_below(r, 2) : 0);
    uint32_t door = fx_below(r, 8);
    d.door = door < 4 ? (gg_door)door : GG_DOOR_NONE;
    if (fx_below(r, 10) == 0)
        d.cover = (gg_cover)(1 + fx_below(r, 3));
    assert_int_equal(gg_scene_add_wall(s, &d, NULL), GG_OK);
}

/* The wall rule of the scenes random_scene() makes (the tests run under both). */
static gg_wall_rule g_rule = GG_WALL_RULE_NAT20;

static gg_scene *random_scene(fx_rng *r, int w, int h, int blocked_pct, int walls)
{
    gg_scene_def def = gg_scene_def_default();
    def.width = w;
    def.height = h;
    def.wall_rule = g_rule;
    gg_scene *s = NULL;
    assert_int_equal(gg_scene_create(&def, &s), GG_OK);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            if ((int)fx_below(r, 100) < blocked_pct)
                assert_int_equal(gg_scene_set_blocked(s, gg_cell_make(x, y), true), GG_OK);
    for (int k = 0; k < walls; ++k)
        random_wall(s, r, w, h);
    return s;
}

/* ---- Tests ----------------------------------------------------------------------------------- */

static void random_maps(void)
{
    fx_rng r;
    fx_rng_seed(&r, 20240605u, "fov random maps");
    for (int round = 0; round < 60; ++round) {
        int w = 1 + (int)fx_below(&r, round < 20 ? 12 : 40);
        int h = 1 + (int)fx_below(&r, round < 20 ? 12 : 40);
        int pct = (int)fx_below(&r, 4) * 10; /* 0, 10, 20, 30 % */
        int walls = (int)fx_below(&r, 3) == 0 ? 0 : (int)fx_below(&r, (uint32_t)(w + h) * 2);
        gg_scene *s = random_scene(&r, w, h, pct, walls);
        gg_scratch *x = NULL;
        assert_int_equal(gg_scratch_create(s, NULL, &x), GG_OK);
        uint64_t *bits = bits_for(s);
        for (int k = 0; k < 6; ++k) {
            gg_cell v = gg_cell_make((int32_t)fx_below(&r, (uint32_t)w),
                                     (int32_t)fx_below(&r, (uint32_t)h));
            check_viewer(s, x, bits, v, GG_RANGE_UNLIMITED);
            check_viewer(s, x, bits, v, 5 * (int64_t)fx_below(&r, 8));
            /* the sweep itself answered (no fallback to the loop) */
            gg__fov_stats st;
            gg__fov_sweep(s, v, 1 << 20, (uint32_t)GG_BLOCKS_SIGHT, x, bits, NULL, NULL, NULL, &st);
            assert_false(st.fell_back);
        }
        free(bits);
        gg_scratch_destroy(x);
        gg_scene_destroy(s);
    }
}

static void fov__equals_per_cell_loop_on_random_maps(void **state)
{
    (void)state;
    g_rule = GG_WALL_RULE_NAT20;
    random_maps();
}

/* The same under the point rule (a wall through the viewer takes no part, one through the
 * target alone does not block): the sweep equals the per-cell line of sight there too. */
static void fov__equals_per_cell_loop_under_the_point_rule(void **state)
{
    (void)state;
    g_rule = GG_WALL_RULE_POINT;
    random_maps();
    g_rule = GG_WALL_RULE_NAT20;
}

static void fov__dense_small_maps_every_viewer(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 77u, "fov every viewer");
    for (int round = 0; round < 40; ++round) {
        int w = 2 + (int)fx_below(&r, 9), h = 2 + (int)fx_below(&r, 9);
        gg_scene *s = random_scene(&r, w, h, 15 + (int)fx_below(&r, 30), (int)fx_below(&r, 10));
        gg_scratch *x = NULL;
        assert_int_equal(gg_scratch_create(s, NULL, &x), GG_OK);
        uint64_t *bits = bits_for(s);
        for (int y = 0; y < h; ++y)
            for (int c = 0; c < w; ++c)
                check_viewer(s, x, bits, gg_cell_make(c, y), GG_RANGE_UNLIMITED);
        free(bits);
        gg_scratch_destroy(x);
        gg_scene_destroy(s);
    }
}

static void fov__large_map_many_walls(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 9090u, "fov large map");
    gg_scene *s = random_scene(&r, 96, 80, 4, 400);
    gg_scratch *x = NULL;
    assert_int_equal(gg_scratch_create(s, NULL, &x), GG_OK);
    uint64_t *bits = bits_for(s);
    for (int k = 0; k < 12; ++k)
        check_viewer(s, x, bits, gg_cell_make((int32_t)fx_below(&r, 96), (int32_t)fx_below(&r, 80)),
                     GG_RANGE_UNLIMITED);
    free(bits);
    gg_scratch_destroy(x);
    gg_scene_destroy(s);
}

/* Forces the sweep's working memory to overflow (limits from 1 to `max_limit`) on a random 30x30
 * scene with `walls` walls: every view must equal gg_scene_visible_cells(), and the fallback to
 * the per-cell loop must have happened (and, with `needs_sweep`, the sweep must also have fit at
 * least once). With `alternate_scratch`, every other view has no scratch (lists on the stack). */
static void check_overflow_fallback(uint32_t seed, const char *label, int walls, size_t max_limit,
                                    bool alternate_scratch, bool needs_sweep)
{
    fx_rng r;
    fx_rng_seed(&r, seed, label);
    gg_scene *s = random_scene(&r, 30, 30, 25, walls);
    gg_scratch *x = NULL;
    assert_int_equal(gg_scratch_create(s, NULL, &x), GG_OK);
    uint64_t *a = bits_for(s), *b = bits_for(s);
    size_t words = gg_scene_bitset_words(s);
    bool fell = false, swept = false;
    for (size_t lim = 1; lim <= max_limit; lim *= 2) {
        gg__fov_limits limits = {lim, lim, lim * 4};
        for (int k = 0; k < 10; ++k) {
            gg_cell v = gg_cell_make((int32_t)fx_below(&r, 30), (int32_t)fx_below(&r, 30));
            memset(a, 0, words * sizeof *a);
            gg__fov_stats st;
            gg__fov_sweep(s, v, 1 << 20, (uint32_t)GG_BLOCKS_SIGHT,
                          alternate_scratch && k % 2 == 0 ? NULL : x, a, NULL, NULL, &limits, &st);
            fell = fell || st.fell_back;
            swept = swept || !st.fell_back;
            int32_t count = 0;
            assert_int_equal(gg_scene_visible_cells(s, x, v, GG_RANGE_UNLIMITED, GG_BITSET_REPLACE,
                                                    b, words, &count),
                             GG_OK);
            assert_memory_equal(a, b, words * sizeof *a);
            assert_int_equal(st.cells_set, count);
        }
    }
    assert_true(fell);
    if (needs_sweep)
        assert_true(swept);
    free(a);
    free(b);
    gg_scratch_destroy(x);
    gg_scene_destroy(s);
}

static void fov__overflowing_working_memory_falls_back_exactly(void **state)
{
    (void)state;
    check_overflow_fallback(4242u, "fov overflow", 60, 8, false, false);
}

/* ---- The wall-free sweep (fov.c sweep_open) -------------------------------------------------
 * Scenes without walls take their own sweep (intervals with incremental ends, each cut by its
 * own blocked cells). Every blocked pattern of small maps, from every viewer, at every range,
 * against the per-cell line of sight; then its overflow fallback and the seen-cells filter. */

/* The per-cell answer (has_line_of_sight, Chebyshev range in cells) into `want`. */
static int32_t loop_bits(const gg_scene *s, gg_cell v, int32_t range_cells, uint64_t *want)
{
    int32_t w = gg_scene_width(s), h = gg_scene_height(s), n = 0;
    memset(want, 0, gg_scene_bitset_words(s) * sizeof *want);
    for (int32_t r = 0; r < h; ++r)
        for (int32_t c = 0; c < w; ++c) {
            gg_cell t = gg_cell_make(c, r);
            int32_t dc = abs(c - v.col), dr = abs(r - v.row);
            if ((dc > dr ? dc : dr) > range_cells)
                continue;
            bool los = false;
            assert_int_equal(gg_scene_has_line_of_sight(s, v, t, &los), GG_OK);
            if (los) {
                want[(size_t)(r * w + c) >> 6] |= (uint64_t)1 << ((size_t)(r * w + c) & 63u);
                ++n;
            }
        }
    return n;
}

/* Every blocked pattern of a w x h map (w h <= 16), every viewer, unlimited and ranges 1-3;
 * with the scratch and with none (the stack arrays). */
static void every_pattern(int32_t w, int32_t h)
{
    gg_scene *s = fx_scene(w, h, NULL);
    gg_scratch *x = NULL;
    assert_int_equal(gg_scratch_create(s, NULL, &x), GG_OK);
    size_t words = gg_scene_bitset_words(s);
    uint64_t got[4], want[4];
    assert_true(words <= 4);
    const uint32_t cells = (uint32_t)(w * h);
    for (uint32_t pat = 0; pat < (1u << cells); ++pat) {
        /* Gray code: one cell changes from the previous pattern. */
        uint32_t g = pat ^ (pat >> 1), prev = pat == 0 ? 0 : (pat - 1) ^ ((pat - 1) >> 1);
        uint32_t changed = g ^ prev;
        for (uint32_t i = 0; i < cells; ++i)
            if (changed & (1u << i))
                assert_int_equal(gg_scene_set_blocked(s,
                                                      gg_cell_make((int32_t)(i % (uint32_t)w),
                                                                   (int32_t)(i / (uint32_t)w)),
                                                      (g >> i) & 1u),
                                 GG_OK);
        for (uint32_t i = 0; i < cells; ++i) {
            gg_cell v = gg_cell_make((int32_t)(i % (uint32_t)w), (int32_t)(i / (uint32_t)w));
            int32_t range = (int32_t)((pat + i) % 4); /* 0 = unlimited */
            int32_t cells_range = range == 0 ? 1 << 20 : range;
            int32_t n = loop_bits(s, v, cells_range, want), count = -1;
            assert_int_equal(gg_scene_visible_cells(s, (pat & 1) ? x : NULL, v,
                                                    range == 0 ? GG_RANGE_UNLIMITED : 5 * range,
                                                    GG_BITSET_REPLACE, got, words, &count),
                             GG_OK);
            if (memcmp(got, want, words * sizeof *got) != 0) {
                fprintf(stderr, "%dx%d pattern %#x viewer %d,%d range %d\n", (int)w, (int)h,
                        (unsigned)g, (int)v.col, (int)v.row, (int)range);
                fail();
            }
            assert_int_equal(count, n);
        }
    }
    gg_scratch_destroy(x);
    gg_scene_destroy(s);
}

static void fov__every_tiny_map_without_walls(void **state)
{
    (void)state;
    every_pattern(4, 4);
    every_pattern(5, 3);
    every_pattern(3, 5);
    every_pattern(6, 2);
    every_pattern(1, 7);
}

/* Larger wall-free maps (random and rooms-like, up to 128 cells across, views that end at every
 * edge) against the per-cell loop, unlimited and limited ranges. */
static void fov__wall_free_maps_equal_the_per_cell_loop(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 0xF0E1u, "fov wall-free maps");
    for (int round = 0; round < 24; ++round) {
        /* A third of the maps have rows of whole bitset words (another marking loop). */
        int w = round % 3 == 2 ? 64 * (1 + (int)fx_below(&r, 2)) : 1 + (int)fx_below(&r, 90);
        int h = 1 + (int)fx_below(&r, 70);
        gg_scene *s = fx_scene(w, h, NULL);
        if (round % 2 == 0) {
            int pct = (int)fx_below(&r, 50);
            for (int y = 0; y < h; ++y)
                for (int c = 0; c < w; ++c)
                    if ((int)fx_below(&r, 100) < pct)
                        assert_int_equal(gg_scene_set_blocked(s, gg_cell_make(c, y), true), GG_OK);
        } else { /* rooms: all blocked, rectangles carved */
            for (int y = 0; y < h; ++y)
                for (int c = 0; c < w; ++c)
                    assert_int_equal(gg_scene_set_blocked(s, gg_cell_make(c, y), true), GG_OK);
            for (int k = 0; k < w * h / 40 + 1; ++k) {
                int x0 = (int)fx_below(&r, (uint32_t)w), y0 = (int)fx_below(&r, (uint32_t)h);
                int x1 = x0 + (int)fx_below(&r, 12), y1 = y0 + (int)fx_below(&r, 3);
                if (fx_below(&r, 2))
                    x1 = x0 + (int)fx_below(&r, 3), y1 = y0 + (int)fx_below(&r, 12);
                for (int y = y0; y <= y1 && y < h; ++y)
                    for (int c = x0; c <= x1 && c < w; ++c)
                        assert_int_equal(gg_scene_set_blocked(s, gg_cell_make(c, y), false), GG_OK);
            }
        }
        gg_scratch *x = NULL;
        assert_int_equal(gg_scratch_create(s, NULL, &x), GG_OK);
        uint64_t *bits = bits_for(s);
        for (int k = 0; k < 8; ++k) {
            gg_cell v = gg_cell_make((int32_t)fx_below(&r, (uint32_t)w),
                                     (int32_t)fx_below(&r, (uint32_t)h));
            /* every other view without a scratch: the sweep's lists then live on the stack */
            check_viewer(s, k % 2 ? x : NULL, bits, v, GG_RANGE_UNLIMITED);
            check_viewer(s, x, bits, v, 5 * (int32_t)fx_below(&r, 30));
        }
        free(bits);
        gg_scratch_destroy(x);
        gg_scene_destroy(s);
    }
}

/* The wall-free sweep tests the cells of a row with words of blocked_bits and those of a column
 * with words of the transposed plane (sight_planes_t.c): after cells are blocked and cleared
 * again in any order, every cell's transposed bit equals its blocked state. */
static void fov__transposed_plane_follows_the_blocked_cells(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 0x7A5u, "fov transposed plane");
    const int w = 37, h = 23;
    gg_scene *s = fx_scene(w, h, NULL);
    for (int k = 0; k < 4000; ++k) {
        const gg_cell c = gg_cell_make((int32_t)fx_below(&r, (uint32_t)w),
                                       (int32_t)fx_below(&r, (uint32_t)h));
        assert_int_equal(gg_scene_set_blocked(s, c, fx_below(&r, 3) == 0), GG_OK);
    }
    int blocked = 0;
    for (int col = 0; col < w; ++col)
        for (int row = 0; row < h; ++row) {
            const size_t t = (size_t)col * (size_t)h + (size_t)row;
            const bool bit = (s->blocked_bits_t[t >> 6] >> (t & 63u)) & 1u;
            const bool want = gg__blocked(s, gg_cell_make(col, row));
            assert_int_equal(bit, want);
            blocked += want;
        }
    assert_true(blocked > 0 && blocked < w * h);
    gg_scene_destroy(s);
}

/* Wide open maps: at long range an interval's cells run past 64 at one distance (the sweep then
 * tests them word after word), on maps whose rows are and are not whole words. */
static void fov__wide_intervals_equal_the_per_cell_loop(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 0x3C3Cu, "fov wide intervals");
    const int sizes[3][2] = {{200, 150}, {128, 140}, {150, 190}};
    for (int m = 0; m < 3; ++m) {
        const int w = sizes[m][0], h = sizes[m][1];
        gg_scene *s = fx_scene(w, h, NULL);
        for (int k = 0; k < w * h / 1000; ++k)
            assert_int_equal(gg_scene_set_blocked(s,
                                                  gg_cell_make((int32_t)fx_below(&r, (uint32_t)w),
                                                               (int32_t)fx_below(&r, (uint32_t)h)),
                                                  true),
                             GG_OK);
        gg_scratch *x = NULL;
        assert_int_equal(gg_scratch_create(s, NULL, &x), GG_OK);
        uint64_t *bits = bits_for(s), *want = bits_for(s);
        const size_t words = gg_scene_bitset_words(s);
        const gg_cell views[3] = {gg_cell_make(0, 0), gg_cell_make(w / 2, h / 3),
                                  gg_cell_make(w - 1, h - 2)};
        for (int k = 0; k < 3; ++k) {
            const gg_cell v = views[k];
            if (gg__blocked(s, v))
                assert_int_equal(gg_scene_set_blocked(s, v, false), GG_OK);
            int32_t n = -1;
            assert_int_equal(gg_scene_visible_cells(s, x, v, GG_RANGE_UNLIMITED, GG_BITSET_REPLACE,
                                                    bits, words, &n),
                             GG_OK);
            const int32_t expect = loop_bits(s, v, w + h, want);
            assert_memory_equal(bits, want, words * sizeof *bits);
            assert_int_equal(n, expect);
            /* some row holds a run of more than 64 visible cells: one interval's cells at one
             * distance of a row-major octant */
            int longest = 0;
            for (int row = 0; row < h; ++row)
                for (int col = 0, run = 0; col < w; ++col) {
                    run = gg_bitset_has(bits, w, gg_cell_make(col, row)) ? run + 1 : 0;
                    longest = run > longest ? run : longest;
                }
            assert_true(longest > 64);
        }
        free(bits);
        free(want);
        gg_scratch_destroy(x);
        gg_scene_destroy(s);
    }
}

/* Forced to overflow, the wall-free sweep falls back to the per-cell loop with the same bits. */
static void fov__wall_free_overflow_falls_back_exactly(void **state)
{
    (void)state;
    check_overflow_fallback(4343u, "fov wall-free overflow", 0, 64, true, true);
}

/* With a keep predicate (what seen cells pass), the wall-free sweep sets exactly the visible
 * cells the predicate keeps, and counts them. */
static bool keep_some(void *ctx, gg_cell c)
{
    (void)ctx;
    return (c.col * 7 + c.row * 3) % 5 != 0;
}

static void fov__wall_free_keep_filters_the_view(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 4444u, "fov wall-free keep");
    gg_scene *s = random_scene(&r, 41, 33, 20, 0);
    gg_scratch *x = NULL;
    assert_int_equal(gg_scratch_create(s, NULL, &x), GG_OK);
    uint64_t *a = bits_for(s), *b = bits_for(s);
    size_t words = gg_scene_bitset_words(s);
    for (int k = 0; k < 20; ++k) {
        gg_cell v = gg_cell_make((int32_t)fx_below(&r, 41), (int32_t)fx_below(&r, 33));
        int64_t range = k % 3 == 0 ? 1 << 20 : (int64_t)fx_below(&r, 12);
        memset(a, 0, words * sizeof *a);
        gg__fov_stats st;
        gg__fov_sweep(s, v, range, (uint32_t)GG_BLOCKS_SIGHT, x, a, keep_some, NULL, NULL, &st);
        loop_bits(s, v, (int32_t)range, b);
        int64_t n = 0;
        for (int32_t row = 0; row < 33; ++row)
            for (int32_t c = 0; c < 41; ++c) {
                gg_cell t = gg_cell_make(c, row);
                bool want = gg_bitset_has(b, 41, t) && keep_some(NULL, t);
                assert_int_equal(gg_bitset_has(a, 41, t), want);
                n += want;
            }
        assert_int_equal(st.cells_set, n);
        assert_false(st.fell_back);
    }
    free(a);
    free(b);
    gg_scratch_destroy(x);
    gg_scene_destroy(s);
}

static void fov__viewer_on_a_wall_sees_nothing_and_modes(void **state)
{
    (void)state;
    gg_scene *s = fx_scene(6, 6, NULL);
    fx_wall(s, 0, 0, 6, 6); /* through every centre of the diagonal */
    gg_scratch *x = NULL;
    assert_int_equal(gg_scratch_create(s, NULL, &x), GG_OK);
    uint64_t *bits = bits_for(s);
    size_t words = gg_scene_bitset_words(s);
    int32_t count = -1;
    bits[0] = 1; /* REPLACE clears */
    assert_int_equal(gg_scene_visible_cells(s, x, gg_cell_make(2, 2), GG_RANGE_UNLIMITED,
                                            GG_BITSET_REPLACE, bits, words, &count),
                     GG_OK);
    assert_int_equal(count, 0);
    assert_int_equal(bits[0], 0);
    /* UNION keeps what was there and adds */
    bits[0] = 1;
    assert_int_equal(gg_scene_visible_cells(s, x, gg_cell_make(5, 0), GG_RANGE_UNLIMITED,
                                            GG_BITSET_UNION, bits, words, &count),
                     GG_OK);
    assert_true(gg_bitset_has(bits, 6, gg_cell_make(0, 0)));
    assert_true(gg_bitset_has(bits, 6, gg_cell_make(5, 0)));
    assert_false(gg_bitset_has(bits, 6, gg_cell_make(0, 5)));
    assert_int_equal(count, check_viewer(s, x, bits, gg_cell_make(5, 0), GG_RANGE_UNLIMITED));
    free(bits);
    gg_scratch_destroy(x);
    gg_scene_destroy(s);
}

static void fov__invalid_arguments(void **state)
{
    (void)state;
    gg_scene *s = fx_scene(5, 4, NULL), *other = fx_scene(5, 4, NULL);
    gg_scratch *x = NULL, *xo = NULL;
    assert_int_equal(gg_scratch_create(s, NULL, &x), GG_OK);
    assert_int_equal(gg_scratch_create(other, NULL, &xo), GG_OK);
    assert_int_equal(gg_scene_bitset_words(s), 1);
    assert_int_equal(gg_scene_bitset_words(NULL), 0);
    uint64_t bits[2] = {0, 0};
    int32_t count = 7;
    gg_cell v = gg_cell_make(1, 1);
    assert_int_equal(gg_scene_visible_cells(NULL, x, v, 0, GG_BITSET_REPLACE, bits, 1, &count),
                     GG_E_INVALID_ARG);
    assert_int_equal(count, 0);
    /* No scratch is allowed: the sweep then works on the stack. */
    assert_int_equal(gg_scene_visible_cells(s, NULL, v, 0, GG_BITSET_REPLACE, bits, 1, &count),
                     GG_OK);
    assert_int_equal(count, 1);
    assert_int_equal(gg_scene_visible_cells(s, xo, v, 0, GG_BITSET_REPLACE, bits, 1, &count),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_visible_cells(s, x, v, 0, GG_BITSET_REPLACE, NULL, 1, &count),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_visible_cells(s, x, v, -1, GG_BITSET_REPLACE, bits, 1, &count),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_visible_cells(s, x, v, 0, (gg_bitset_mode)0, bits, 1, &count),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_visible_cells(s, x, v, 0, GG_BITSET_REPLACE, bits, 0, &count),
                     GG_E_BUFFER_TOO_SMALL);
    assert_int_equal(gg_scene_visible_cells(s, x, gg_cell_make(5, 0), 0, GG_BITSET_REPLACE, bits, 1,
                                            &count),
                     GG_E_OUT_OF_BOUNDS);
    assert_int_equal(count, 0);
    /* range 0: the viewer's own cell only; out_count may be NULL */
    assert_int_equal(gg_scene_visible_cells(s, x, v, 4, GG_BITSET_REPLACE, bits, 2, NULL), GG_OK);
    assert_int_equal(bits[0], (uint64_t)1 << 6);
    gg_scratch_destroy(x);
    gg_scratch_destroy(xo);
    gg_scene_destroy(s);
    gg_scene_destroy(other);
}

static void fov__queries_allocate_nothing_and_door_changes_show(void **state)
{
    (void)state;
    gg_test_alloc ta;
    gg_test_alloc_init(&ta, -1);
    gg_scene_def d = gg_scene_def_default();
    d.width = 20;
    d.height = 12;
    d.allocator = &ta.iface;
    gg_scene *s = NULL;
    assert_int_equal(gg_scene_create(&d, &s), GG_OK);
    gg_scratch *x = NULL;
    assert_int_equal(gg_scratch_create(s, NULL, &x), GG_OK);
    fx_wall(s, 10, 0, 10, 5);
    fx_wall(s, 10, 7, 10, 12);
    gg_wall_def door = gg_wall_def_default();
    door.x1 = 10, door.y1 = 5, door.x2 = 10, door.y2 = 7;
    door.door = GG_DOOR_CLOSED;
    gg_wall_id id;
    assert_int_equal(gg_scene_add_wall(s, &door, &id), GG_OK);
    uint64_t bits[4];
    gg_test_alloc_fail_from_now(&ta);
    long before = ta.calls;
    int32_t closed = 0, open = 0;
    gg_cell v = gg_cell_make(3, 6);
    assert_int_equal(gg_scene_visible_cells(s, x, v, GG_RANGE_UNLIMITED, GG_BITSET_REPLACE, bits, 4,
                                            &closed),
                     GG_OK);
    assert_false(gg_bitset_has(bits, 20, gg_cell_make(15, 6)));
    assert_int_equal(gg_scene_set_door(s, id, GG_DOOR_OPEN), GG_OK);
    assert_int_equal(gg_scene_visible_cells(s, x, v, GG_RANGE_UNLIMITED, GG_BITSET_REPLACE, bits, 4,
                                            &open),
                     GG_OK);
    assert_true(gg_bitset_has(bits, 20, gg_cell_make(15, 6)));
    assert_true(open > closed);
    assert_int_equal(ta.calls, before);
    check_viewer(s, x, bits, v, GG_RANGE_UNLIMITED);
    gg_scratch_destroy(x);
    gg_scene_destroy(s);
    assert_int_equal(ta.live_bytes, 0);
}

/* ---- Real maps ------------------------------------------------------------------------------- */

#ifdef GG_TEST_HAVE_JANSSON
static double num(const json_t *o, const char *key, double dflt)
{
    const json_t *v = json_object_get(o, key);
    return json_is_number(v) ? json_number_value(v) : dflt;
}
static double snap(double v) { return round(v * 2.0) / 2.0; }

static void add_seg(gg_scene *s, double x1, double y1, double x2, double y2, uint32_t blocks,
                    gg_door door, gg_one_way dir, int *added)
{
    if (fabs(x1) > 100000 || fabs(y1) > 100000 || fabs(x2) > 100000 || fabs(y2) > 100000)
        return;
    gg_wall_def d = gg_wall_def_default();
    d.x1 = snap(x1), d.y1 = snap(y1), d.x2 = snap(x2), d.y2 = snap(y2);
    d.blocks = blocks;
    d.door = door;
    d.one_way = dir;
    assert_int_equal(gg_scene_add_wall(s, &d, NULL), GG_OK);
    ++*added;
}

static gg_scene *load_uvtt(const json_t *root, int *walls)
{
    const json_t *res = json_object_get(root, "resolution");
    const json_t *org = json_object_get(res, "map_origin"),
                 *size = json_object_get(res, "map_size");
    double ox = num(org, "x", 0), oy = num(org, "y", 0);
    gg_scene *s = fx_scene((int)num(size, "x", 1), (int)num(size, "y", 1), NULL);
    const char *keys[] = {"line_of_sight", "objects_line_of_sight"};
    for (int k = 0; k < 2; ++k) {
        size_t i;
        const json_t *poly;
        json_array_foreach(json_object_get(root, keys[k]), i, poly)
        {
            for (size_t j = 1; j < json_array_size(poly); ++j) {
                const json_t *a = json_array_get(poly, j - 1), *b = json_array_get(poly, j);
                add_seg(s, num(a, "x", 0) - ox, num(a, "y", 0) - oy, num(b, "x", 0) - ox,
                        num(b, "y", 0) - oy, GG_BLOCKS_ALL, GG_DOOR_NONE, GG_ONE_WAY_NONE, walls);
            }
        }
    }
    size_t i;
    const json_t *p;
    json_array_foreach(json_object_get(root, "portals"), i, p)
    {
        const json_t *bd = json_object_get(p, "bounds");
        const json_t *a = json_array_get(bd, 0), *b = json_array_get(bd, 1);
        add_seg(s, num(a, "x", 0) - ox, num(a, "y", 0) - oy, num(b, "x", 0) - ox,
                num(b, "y", 0) - oy, GG_BLOCKS_ALL,
                json_is_true(json_object_get(p, "closed")) ? GG_DOOR_CLOSED : GG_DOOR_OPEN,
                GG_ONE_WAY_NONE, walls);
    }
    return s;
}

static gg_scene *load_foundry(const json_t *root, int *walls)
{
    const json_t *grid = json_object_get(root, "grid");
    double size = json_is_object(grid) ? num(grid, "size", 100) : num(root, "grid", 100);
    double W = num(root, "width", 1000), H = num(root, "height", 1000);
    double pad = num(root, "padding", 0.25);
    double padx = ceil(pad * W / size) * size, pady = ceil(pad * H / size) * size;
    const json_t *bg = json_object_get(root, "background");
    double shx = json_is_object(bg) ? num(bg, "offsetX", 0) : num(root, "shiftX", 0);
    double shy = json_is_object(bg) ? num(bg, "offsetY", 0) : num(root, "shiftY", 0);
    double sx = padx - shx, sy = pady - shy;
    double oc = floor(sx / size), orow = floor(sy / size);
    int cols = (int)(ceil((sx + W) / size) - oc), rows = (int)(ceil((sy + H) / size) - orow);
    gg_scene *s = fx_scene(cols, rows, NULL);
    size_t i;
    const json_t *w;
    json_array_foreach(json_object_get(root, "walls"), i, w)
    {
        const json_t *c = json_object_get(w, "c");
        if (json_array_size(c) != 4)
            continue;
        double v[4];
        for (int k = 0; k < 4; ++k)
            v[k] = json_number_value(json_array_get(c, (size_t)k)) / size;
        uint32_t blocks = 0;
        if (num(w, "move", 1) > 0)
            blocks |= GG_BLOCKS_MOVEMENT;
        double sight = json_object_get(w, "sight") ? num(w, "sight", 1) : num(w, "sense", 1);
        double light = json_object_get(w, "light") ? num(w, "light", 1) : num(w, "sense", 1);
        if (sight > 0)
            blocks |= GG_BLOCKS_SIGHT;
        if (light > 0)
            blocks |= GG_BLOCKS_LIGHT;
        gg_door door = GG_DOOR_NONE;
        if (num(w, "door", 0) > 0) {
            int ds = (int)num(w, "ds", 0);
            door = ds == 1 ? GG_DOOR_OPEN : ds == 2 ? GG_DOOR_LOCKED : GG_DOOR_CLOSED;
        }
        add_seg(s, v[0] - oc, v[1] - orow, v[2] - oc, v[3] - orow, blocks, door,
                (gg_one_way)((int)num(w, "dir", 0) % 3), walls);
    }
    return s;
}

static void fov__every_real_map(void **state)
{
    (void)state;
    const char *const *files = gg_shared_maps;
    fx_rng r;
    fx_rng_seed(&r, 1313u, "fov real maps");
    for (size_t f = 0; f < GG_SHARED_MAP_COUNT; ++f) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s", GG_TEST_MAPS_DIR, files[f]);
        json_error_t err;
        json_t *root = json_load_file(path, 0, &err);
        if (root == NULL) {
            fprintf(stderr, "cannot read %s: %s\n", path, err.text);
            fail();
        }
        int walls = 0;
        gg_scene *s = strstr(files[f], "uvtt/") ? load_uvtt(root, &walls)
                                                : load_foundry(root, &walls);
        json_decref(root);
        assert_true(walls > 0);
        gg_scratch *x = NULL;
        assert_int_equal(gg_scratch_create(s, NULL, &x), GG_OK);
        uint64_t *bits = bits_for(s);
        int w = gg_scene_width(s), h = gg_scene_height(s);
        long seen = 0;
        for (int k = 0; k < 30; ++k) {
            gg_cell v = gg_cell_make((int32_t)fx_below(&r, (uint32_t)w),
                                     (int32_t)fx_below(&r, (uint32_t)h));
            seen += check_viewer(s, x, bits, v, GG_RANGE_UNLIMITED);
            gg__fov_stats st;
            gg__fov_sweep(s, v, 1 << 20, (uint32_t)GG_BLOCKS_SIGHT, x, bits, NULL, NULL, NULL, &st);
            assert_false(st.fell_back);
        }
        printf("# %s: %dx%d, %d walls, %ld cells seen by 30 viewers\n", files[f], w, h, walls,
               seen);
        free(bits);
        gg_scratch_destroy(x);
        gg_scene_destroy(s);
    }
}
#endif

/* ---- GG_BITSET_REPLACE_TRACKED ------------------------------------------------------------- */

/* Property: a sequence of tracked calls into one bitset (mixed with union calls, ranges and both
 * queries) leaves exactly what a REPLACE call into a fresh bitset gives, every time. */
static void fov__tracked_replace_equals_replace(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 8181u, "fov tracked");
    gg_scene *s = random_scene(&r, 90, 70, 20, 80);
    gg_scratch *x = NULL;
    assert_int_equal(gg_scratch_create(s, NULL, &x), GG_OK);
    uint64_t *t = bits_for(s), *ref = bits_for(s), *u = bits_for(s);
    size_t words = gg_scene_bitset_words(s);
    for (int k = 0; k < 120; ++k) {
        gg_cell v = gg_cell_make((int32_t)fx_below(&r, 90), (int32_t)fx_below(&r, 70));
        int32_t range = fx_below(&r, 3) == 0 ? GG_RANGE_UNLIMITED : 5 * (int32_t)fx_below(&r, 12);
        bool seen = fx_below(&r, 4) == 0;
        int32_t nt = -1, nr = -1;
        if (fx_below(&r, 5) == 0) {
            /* A union into the tracked bitset widens its record. */
            gg_cell v2 = gg_cell_make((int32_t)fx_below(&r, 90), (int32_t)fx_below(&r, 70));
            assert_int_equal(gg_scene_visible_cells(s, x, v2, GG_RANGE_UNLIMITED, GG_BITSET_UNION,
                                                    t, words, &nt),
                             GG_OK);
        }
        if (fx_below(&r, 7) == 0) {
            /* Another bitset written through the same scratch takes the record over. */
            assert_int_equal(gg_scene_visible_cells(s, x, v, range, GG_BITSET_REPLACE_TRACKED, u,
                                                    words, &nt),
                             GG_OK);
        }
        if (seen) {
            assert_int_equal(gg_scene_seen_cells(s, x, v, NULL, GG_BITSET_REPLACE_TRACKED, t, words,
                                                 &nt),
                             GG_OK);
            memset(ref, 0xA5, words * sizeof *ref);
            assert_int_equal(gg_scene_seen_cells(s, NULL, v, NULL, GG_BITSET_REPLACE, ref, words,
                                                 &nr),
                             GG_OK);
        } else {
            assert_int_equal(gg_scene_visible_cells(s, x, v, range, GG_BITSET_REPLACE_TRACKED, t,
                                                    words, &nt),
                             GG_OK);
            memset(ref, 0xA5, words * sizeof *ref);
            assert_int_equal(gg_scene_visible_cells(s, NULL, v, range, GG_BITSET_REPLACE, ref,
                                                    words, &nr),
                             GG_OK);
        }
        assert_int_equal(nt, nr);
        assert_memory_equal(t, ref, words * sizeof *t);
    }
    free(t);
    free(ref);
    free(u);
    gg_scratch_destroy(x);
    gg_scene_destroy(s);
}

/* The clearing follows the previous answer: on a 512 x 512 map a view boxed in a small room
 * clears only the rows that view used. A stray bit far away survives (which is why the caller
 * must not write into a tracked bitset between calls), and a bitset without a record (a new
 * address or size, or a NULL scratch) is cleared in full. */
static void fov__tracked_replace_clears_only_the_previous_rows(void **state)
{
    (void)state;
    gg_scene *s = fx_scene(512, 512, NULL);
    /* A closed 6 x 6 room around (10..15, 10..15). */
    fx_wall(s, 10, 10, 16, 10);
    fx_wall(s, 16, 10, 16, 16);
    fx_wall(s, 16, 16, 10, 16);
    fx_wall(s, 10, 16, 10, 10);
    gg_scratch *x = NULL;
    assert_int_equal(gg_scratch_create(s, NULL, &x), GG_OK);
    uint64_t *bits = bits_for(s);
    size_t words = gg_scene_bitset_words(s);
    int32_t n = 0;
    gg_cell v = gg_cell_make(12, 12);
    assert_int_equal(gg_scene_visible_cells(s, x, v, GG_RANGE_UNLIMITED, GG_BITSET_REPLACE, bits,
                                            words, &n),
                     GG_OK);
    assert_int_equal(n, 36);
    const gg_cell far = gg_cell_make(300, 400);
    size_t k = (size_t)far.row * 512u + (size_t)far.col;
    bits[k / 64] |= 1ull << (k % 64);
    assert_int_equal(gg_scene_visible_cells(s, x, gg_cell_make(13, 14), GG_RANGE_UNLIMITED,
                                            GG_BITSET_REPLACE_TRACKED, bits, words, &n),
                     GG_OK);
    assert_int_equal(n, 36);
    assert_true(gg_bitset_has(bits, 512, far)); /* outside the rows the room's view used */
    assert_true(gg_bitset_has(bits, 512, gg_cell_make(15, 15)));
    /* Without a record for this bitset the whole bitset is cleared. */
    uint64_t *other = bits_for(s);
    assert_int_equal(gg_scene_visible_cells(s, x, v, GG_RANGE_UNLIMITED, GG_BITSET_REPLACE_TRACKED,
                                            other, words, &n),
                     GG_OK);
    assert_int_equal(gg_scene_visible_cells(s, x, v, GG_RANGE_UNLIMITED, GG_BITSET_REPLACE_TRACKED,
                                            bits, words, &n),
                     GG_OK);
    assert_false(gg_bitset_has(bits, 512, far));
    bits[k / 64] |= 1ull << (k % 64);
    assert_int_equal(gg_scene_visible_cells(s, NULL, v, GG_RANGE_UNLIMITED,
                                            GG_BITSET_REPLACE_TRACKED, bits, words, &n),
                     GG_OK);
    assert_false(gg_bitset_has(bits, 512, far));
    assert_int_equal(n, 36);
    free(other);
    free(bits);
    gg_scratch_destroy(x);
    gg_scene_destroy(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fov__equals_per_cell_loop_on_random_maps),
        cmocka_unit_test(fov__equals_per_cell_loop_under_the_point_rule),
        cmocka_unit_test(fov__dense_small_maps_every_viewer),
        cmocka_unit_test(fov__large_map_many_walls),
        cmocka_unit_test(fov__overflowing_working_memory_falls_back_exactly),
        cmocka_unit_test(fov__every_tiny_map_without_walls),
        cmocka_unit_test(fov__wall_free_maps_equal_the_per_cell_loop),
        cmocka_unit_test(fov__transposed_plane_follows_the_blocked_cells),
        cmocka_unit_test(fov__wide_intervals_equal_the_per_cell_loop),
        cmocka_unit_test(fov__wall_free_overflow_falls_back_exactly),
        cmocka_unit_test(fov__wall_free_keep_filters_the_view),
        cmocka_unit_test(fov__viewer_on_a_wall_sees_nothing_and_modes),
        cmocka_unit_test(fov__invalid_arguments),
        cmocka_unit_test(fov__queries_allocate_nothing_and_door_changes_show),
#ifdef GG_TEST_HAVE_JANSSON
        cmocka_unit_test(fov__every_real_map),
        cmocka_unit_test(fov__tracked_replace_equals_replace),
        cmocka_unit_test(fov__tracked_replace_clears_only_the_previous_rows),
#endif
    };
    return cmocka_run_group_tests_name("topology/fov", tests, NULL, NULL);
}
