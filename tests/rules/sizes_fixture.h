/* sizes_fixture.h - shared pieces of the every-size rules tests (test_space.c,
 * test_sense_rules.c, test_reach_rules.c, test_crowd_rules.c): random Nat20-style scenes with
 * every cell tag, random 1x1 rosters, and creatures of a given size. Test code, not library. */
#ifndef GG_SIZES_FIXTURE_H
#define GG_SIZES_FIXTURE_H

#include "rules_fixture.h"

/* A creature of `size` anchored at (col, row) on `side`. */
static inline gg_creature fx_sized(gg_size size, int32_t col, int32_t row, int32_t side)
{
    gg_creature c = fx_at(col, row, side);
    c.body.size = size;
    return c;
}

/* A random w x h scene with every tag Nat20 knows: blocked, cover tags, darkness, heavy
 * obscurement, and a few walls. Percentages are per cell. */
static inline gg_scene *fx_random_tagged(fx_rng *r, int32_t w, int32_t h)
{
    gg_scene *s = fx_random_scene(r, w, h, 5, 10, 0, 2);
    for (int32_t row = 0; row < h; ++row)
        for (int32_t col = 0; col < w; ++col) {
            gg_cell c = fx_c(col, row);
            int v = fx_below(r, 100);
            if (v < 8)
                assert_int_equal(gg_scene_set_cover(s, c, (gg_cover)(1 + fx_below(r, 3))), GG_OK);
            else if (v < 16)
                assert_int_equal(gg_scene_set_lighting(s, c, GG_LIGHT_DARK), GG_OK);
            else if (v < 22)
                assert_int_equal(gg_scene_set_obscurement(s, c, GG_OBSCURE_HEAVY), GG_OK);
            else if (v < 26)
                assert_int_equal(gg_scene_set_lighting(s, c, GG_LIGHT_DIM), GG_OK);
        }
    return s;
}

/* `n` random Medium creatures on a w x h scene (duplicates and blocked cells allowed, as
 * Nat20 allows them), random sides, senses, conditions, reach and reactions. */
static inline void fx_random_roster(fx_rng *r, int32_t w, int32_t h, gg_creature *out, int32_t n)
{
    for (int32_t i = 0; i < n; ++i) {
        gg_creature c = fx_at(fx_below(r, w), fx_below(r, h), fx_below(r, 2));
        c.senses.darkvision_ft = fx_below(r, 3) == 0 ? 60 : GG_SENSE_NONE;
        c.senses.blindsight_ft = fx_below(r, 5) == 0 ? 5 * fx_below(r, 3) : GG_SENSE_NONE;
        c.senses.truesight_ft = fx_below(r, 5) == 0 ? 5 * fx_below(r, 4) : GG_SENSE_NONE;
        c.body.conditions = (uint32_t)(fx_below(r, 4) == 0 ? fx_below(r, 8) : 0);
        c.reach_ft = fx_below(r, 4) == 0 ? 10 : 5;
        c.reaction_available = fx_below(r, 8) != 0;
        c.tracked = fx_below(r, 12) != 0;
        c.alive = fx_below(r, 12) != 0;
        out[i] = c;
    }
    for (int32_t i = 0; i < n; ++i) {
        out[i].frightened_by = fx_below(r, 6) == 0 ? fx_below(r, n) : GG_NO_CREATURE;
        out[i].charmed_by = fx_below(r, 6) == 0 ? fx_below(r, n) : GG_NO_CREATURE;
    }
}

#endif
