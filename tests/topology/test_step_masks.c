/* test_step_masks.c - the scene's step_masks plane: each word says exactly which steps
 * gg_scene_edge_distance() allows from its cell and which neighbours are difficult, and stays so
 * through every kind of edit (white box: reads the plane from scene_internal.h). */
#include "fixture.h"

#include "topology/scene/scene_internal.h"

static const int8_t k_dc[8] = {-1, 0, 1, -1, 1, -1, 0, 1};
static const int8_t k_dr[8] = {-1, -1, -1, 0, 0, 1, 1, 1};

/* Every word against the public step rule and the cell bytes. */
static void expect_masks_match_steps(const gg_scene *s)
{
    const int32_t w = gg_scene_width(s), h = gg_scene_height(s);
    for (int32_t row = 0; row < h; ++row)
        for (int32_t col = 0; col < w; ++col) {
            const size_t i = (size_t)row * (size_t)w + (size_t)col;
            const unsigned word = s->step_masks[i];
            const bool open = (s->cells[i] & GG__CELL_BLOCKED) == 0;
            for (int k = 0; k < 8; ++k) {
                const gg_cell n = fx_c(col + k_dc[k], row + k_dr[k]);
                const bool on = gg_scene_contains(s, n);
                const bool difficult = on && (s->cells[(size_t)n.row * (size_t)w + (size_t)n.col] &
                                              GG__CELL_DIFFICULT) != 0;
                if (((word >> (8 + k)) & 1u) != (unsigned)difficult)
                    fail_msg("cell %d,%d neighbour %d: difficult bit %u", (int)col, (int)row, k,
                             (word >> (8 + k)) & 1u);
                if (!open)
                    continue; /* no search leaves a blocked cell; the rule is not asked there */
                int32_t cost = GG_STEP_ILLEGAL;
                if (on)
                    assert_int_equal(gg_scene_edge_distance(s, fx_c(col, row), n, &cost), GG_OK);
                const bool legal = on && cost != GG_STEP_ILLEGAL;
                if (((word >> k) & 1u) != (unsigned)legal)
                    fail_msg("cell %d,%d neighbour %d: legal bit %u, step rule %d", (int)col,
                             (int)row, k, (word >> k) & 1u, (int)legal);
            }
        }
}

static void step_masks__new_scenes(void **state)
{
    (void)state;
    const int32_t sides[][2] = {{1, 1}, {1, 5}, {5, 1}, {2, 2}, {3, 7}, {17, 9}};
    for (size_t k = 0; k < sizeof sides / sizeof sides[0]; ++k) {
        gg_scene *s = fx_open(sides[k][0], sides[k][1]);
        expect_masks_match_steps(s);
        gg_scene_destroy(s);
    }
}

/* Every kind of edit that changes steps (fx_random_edit(): single setters, batches of few cells
 * and of many, which take the one-pass rebuild, a failing batch, walls added and removed, doors):
 * after each one every word is checked again. */
static void step_masks__follow_every_edit(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 2203, "step_masks__follow_every_edit");
    for (int iter = 0; iter < 24; ++iter) {
        const int32_t w = 1 + fx_below(&r, 14), h = 1 + fx_below(&r, 14);
        gg_scene *s = fx_random_scene(&r, w, h, 5, 20, 25, fx_below(&r, 6));
        expect_masks_match_steps(s);
        fx_walls walls = {.count = 0};
        for (int round = 0; round < 16; ++round) {
            fx_random_edit(&r, s, &walls);
            expect_masks_match_steps(s);
        }
        gg_scene_destroy(s);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(step_masks__new_scenes),
        cmocka_unit_test(step_masks__follow_every_edit),
    };
    return cmocka_run_group_tests_name("topology/step_masks", tests, NULL, NULL);
}
