/* test_step_masks.c - the scene's step_masks plane: each word says exactly which steps
 * gg_scene_edge_distance() allows from its cell and which neighbours are difficult, and stays so
 * through every kind of edit (white box: reads the plane from scene_internal.h). */
#include "query_fixtures.h"

#include "topology/scene_internal.h"

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
                const gg_cell n = qf_c(col + k_dc[k], row + k_dr[k]);
                const bool on = gg_scene_contains(s, n);
                const bool difficult =
                    on && (s->cells[(size_t)n.row * (size_t)w + (size_t)n.col] &
                           GG__CELL_DIFFICULT) != 0;
                if (((word >> (8 + k)) & 1u) != (unsigned)difficult)
                    fail_msg("cell %d,%d neighbour %d: difficult bit %u", (int)col, (int)row, k,
                             (word >> (8 + k)) & 1u);
                if (!open)
                    continue; /* no search leaves a blocked cell; the rule is not asked there */
                int32_t cost = GG_STEP_ILLEGAL;
                if (on)
                    assert_int_equal(gg_scene_edge_distance(s, qf_c(col, row), n, &cost), GG_OK);
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
        gg_scene *s = qf_open(sides[k][0], sides[k][1], 5);
        expect_masks_match_steps(s);
        gg_scene_destroy(s);
    }
}

/* Single setters, batches (few cells and many, which take the one-pass rebuild; a failing batch
 * keeps the cells before the failure), walls added and removed, doors opened and closed: after
 * each round every word is checked again. */
static void step_masks__follow_every_edit(void **state)
{
    (void)state;
    qf_rng r = qf_rng_seed(2203, "step_masks__follow_every_edit");
    for (int iter = 0; iter < 24; ++iter) {
        const int32_t w = 1 + qf_below(&r, 14), h = 1 + qf_below(&r, 14);
        gg_scene *s = qf_random_scene(&r, w, h, 5, 20, 25, qf_below(&r, 6));
        expect_masks_match_steps(s);
        gg_wall_id ids[16];
        int nids = 0;
        for (int round = 0; round < 16; ++round) {
            const gg_cell c = qf_c(qf_below(&r, w), qf_below(&r, h));
            switch (qf_below(&r, 6)) {
            case 0:
                assert_int_equal(gg_scene_set_blocked(s, c, qf_below(&r, 2) == 0), GG_OK);
                break;
            case 1:
                assert_int_equal(gg_scene_set_difficult(s, c, qf_below(&r, 2) == 0), GG_OK);
                break;
            case 2: {
                gg_cell batch[48];
                const int32_t count = 1 + qf_below(&r, 48);
                for (int32_t k = 0; k < count; ++k)
                    batch[k] = qf_c(qf_below(&r, w), qf_below(&r, h));
                const int32_t bad = qf_below(&r, 3) == 0 ? qf_below(&r, count) : -1;
                if (bad >= 0)
                    batch[bad] = qf_c(-1, 0);
                int32_t done = 0;
                const gg_cell_tag tag = qf_below(&r, 2) ? GG_TAG_BLOCKED : GG_TAG_DIFFICULT;
                assert_int_equal(gg_scene_set_cells(s, tag, batch, count, qf_below(&r, 2), &done),
                                 bad < 0 ? GG_OK : GG_E_OUT_OF_BOUNDS);
                assert_int_equal(done, bad < 0 ? count : bad);
                break;
            }
            case 3:
                if (nids < 16) {
                    gg_wall_def wd = gg_wall_def_default();
                    wd.x1 = c.col;
                    wd.y1 = c.row;
                    wd.x2 = c.col + qf_below(&r, 3) - 1;
                    wd.y2 = c.row + qf_below(&r, 3) - 1;
                    assert_int_equal(gg_scene_add_wall(s, &wd, &ids[nids]), GG_OK);
                    ++nids;
                }
                break;
            case 4:
                if (nids > 0) {
                    const int k = qf_below(&r, nids);
                    assert_int_equal(gg_scene_remove_wall(s, ids[k]), GG_OK);
                    ids[k] = ids[--nids];
                }
                break;
            default:
                if (nids > 0)
                    assert_int_equal(gg_scene_set_door(s, ids[qf_below(&r, nids)],
                                                       (gg_door)qf_below(&r, 4)),
                                     GG_OK);
                break;
            }
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
