/* test_step_masks.c - a 1x1 mover's steps derived per cell (gg__cell_steps(): two lookup tables
 * over the cell bytes, and move_walls; the scene stores no step words): each word says exactly
 * which steps gg_scene_edge_distance() allows from its cell and which neighbours are difficult,
 * through every kind of edit, and the tables agree with the neighbour-by-neighbour reference on
 * every 3 x 3 neighbourhood (white box: reads scene_internal.h). */
#include "fixture.h"

#include "topology/scene/scene_internal.h"

/* gg__dirs order: NW, W, SW, N, S, NE, E, SE. */
static const int8_t d_dc[8] = {-1, -1, -1, 0, 0, 1, 1, 1};
static const int8_t d_dr[8] = {-1, 0, 1, -1, 1, -1, 0, 1};

/* The reference's spatial word in gg__dirs order. */
static uint32_t ref_dirs(const gg_scene *s, int32_t col, int32_t row)
{
    static const uint8_t to_dir[8] = {0, 3, 5, 1, 6, 2, 4, 7};
    const uint32_t ref = gg__cell_steps_spatial_ref(s, col, row);
    uint32_t out = 0;
    for (int k = 0; k < 8; ++k)
        out |= (ref >> k & 1u) << to_dir[k] | (ref >> (8 + k) & 1u) << (8 + to_dir[k]);
    return out;
}

/* Every cell's word against the public step rule and the cell bytes, and against the
 * reference. */
static void expect_steps_match_rule(const gg_scene *s)
{
    const int32_t w = gg_scene_width(s), h = gg_scene_height(s);
    for (int32_t row = 0; row < h; ++row)
        for (int32_t col = 0; col < w; ++col) {
            const size_t i = (size_t)row * (size_t)w + (size_t)col;
            const uint32_t word = gg__cell_steps(s, col, row);
            if (word != ref_dirs(s, col, row))
                fail_msg("cell %d,%d: 0x%04x, reference 0x%04x", (int)col, (int)row, (unsigned)word,
                         (unsigned)ref_dirs(s, col, row));
            const bool open = (s->cells[i] & GG__CELL_BLOCKED) == 0;
            for (int d = 0; d < 8; ++d) {
                const gg_cell n = fx_c(col + d_dc[d], row + d_dr[d]);
                const bool on = gg_scene_contains(s, n);
                const bool difficult = on && (s->cells[(size_t)n.row * (size_t)w + (size_t)n.col] &
                                              GG__CELL_DIFFICULT) != 0;
                if (((word >> (8 + d)) & 1u) != (unsigned)difficult)
                    fail_msg("cell %d,%d direction %d: difficult bit %u", (int)col, (int)row, d,
                             (unsigned)((word >> (8 + d)) & 1u));
                if (!open)
                    continue; /* no search leaves a blocked cell; the rule is not asked there */
                int32_t cost = GG_STEP_ILLEGAL;
                if (on)
                    assert_int_equal(gg_scene_edge_distance(s, fx_c(col, row), n, &cost), GG_OK);
                const bool legal = on && cost != GG_STEP_ILLEGAL;
                if (((word >> d) & 1u) != (unsigned)legal)
                    fail_msg("cell %d,%d direction %d: legal bit %u, step rule %d", (int)col,
                             (int)row, d, (unsigned)((word >> d) & 1u), (int)legal);
            }
        }
}

static void step_masks__new_scenes(void **state)
{
    (void)state;
    const int32_t sides[][2] = {{1, 1}, {1, 5}, {5, 1}, {2, 2}, {3, 7}, {17, 9}};
    for (size_t k = 0; k < sizeof sides / sizeof sides[0]; ++k) {
        gg_scene *s = fx_open(sides[k][0], sides[k][1]);
        expect_steps_match_rule(s);
        gg_scene_destroy(s);
    }
}

/* The tables against the reference on all 2^18 blocked/difficult patterns of a 3 x 3 scene's
 * cells (its centre is the one interior cell, which takes the tables). */
static void step_masks__tables_on_every_neighbourhood(void **state)
{
    (void)state;
    gg_scene *s = fx_open(3, 3);
    for (uint32_t pat = 0; pat < (1u << 18); ++pat) {
        for (int32_t k = 0; k < 9; ++k) {
            const gg_cell c = fx_c(k % 3, k / 3);
            assert_int_equal(gg_scene_set_blocked(s, c, (pat >> (2 * k) & 1u) != 0), GG_OK);
            assert_int_equal(gg_scene_set_difficult(s, c, (pat >> (2 * k + 1) & 1u) != 0), GG_OK);
        }
        const uint32_t got = gg__cell_steps(s, 1, 1), want = ref_dirs(s, 1, 1);
        if (got != want)
            fail_msg("pattern 0x%05x: 0x%04x, reference 0x%04x", (unsigned)pat, (unsigned)got,
                     (unsigned)want);
    }
    gg_scene_destroy(s);
}

/* gg__cell_triple() (one 4-byte load on little-endian hosts) and gg__cell_triple_bytes() (byte by
 * byte: what big-endian hosts run, checked here on any host) give blocked(p0), difficult(p0),
 * blocked(p1), ... at bits 0-5 for every blocked and difficult bit of three cell bytes, whatever
 * their other bits and the byte after them hold. */
static void step_masks__cell_triple_in_either_byte_order(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 2424, "step_masks__cell_triple_in_either_byte_order");
    for (uint32_t low = 0; low < 64u; ++low)
        for (int rep = 0; rep < 256; ++rep) {
            uint8_t p[4];
            uint32_t want = 0;
            for (int k = 0; k < 3; ++k) {
                const uint32_t two = low >> (2 * k) & 3u;
                p[k] = (uint8_t)((fx_below(&r, 64) << 2) | two);
                want |= (uint32_t)(p[k] & GG__CELL_BLOCKED ? 1u : 0u) << (2 * k) |
                        (uint32_t)(p[k] & GG__CELL_DIFFICULT ? 1u : 0u) << (2 * k + 1);
            }
            p[3] = (uint8_t)fx_below(&r, 256);
            assert_int_equal(gg__cell_triple(p), want);
            assert_int_equal(gg__cell_triple_bytes(p), want);
        }
}

/* Every kind of edit that changes steps (fx_random_edit(): single setters, batches of few cells
 * and of many, a failing batch, walls added and removed, doors): after each one every word is
 * checked again. */
static void step_masks__follow_every_edit(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 2203, "step_masks__follow_every_edit");
    for (int iter = 0; iter < 24; ++iter) {
        const int32_t w = 1 + fx_below(&r, 14), h = 1 + fx_below(&r, 14);
        gg_scene *s = fx_random_scene(&r, w, h, 5, 20, 25, fx_below(&r, 6));
        expect_steps_match_rule(s);
        fx_walls walls = {.count = 0};
        for (int round = 0; round < 16; ++round) {
            fx_random_edit(&r, s, &walls);
            expect_steps_match_rule(s);
        }
        gg_scene_destroy(s);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(step_masks__new_scenes),
        cmocka_unit_test(step_masks__tables_on_every_neighbourhood),
        cmocka_unit_test(step_masks__cell_triple_in_either_byte_order),
        cmocka_unit_test(step_masks__follow_every_edit),
    };
    return cmocka_run_group_tests_name("topology/step_masks", tests, NULL, NULL);
}
