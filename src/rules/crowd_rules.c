/* crowd_rules.c - SRD 5.2 "Moving Around Other Creatures" and "Creature Size" for creatures of
 * every size: the movement def a creature array implies, and whether a creature fits, squeezes
 * or may end its move at an anchor (rules.h). Layer: rules. */
#include "rules/rules_internal.h"

gg_status gg_rules_move_def(const gg_scene *scene, const gg_creature *creatures, int32_t count,
                            int32_t mover, const gg_rules_def *def, gg_body *others,
                            int32_t capacity, gg_move_def *out, int32_t *out_count)
{
    if (out == NULL || out_count == NULL)
        return GG_E_INVALID_ARG;
    *out = gg_move_def_default();
    *out_count = 0;
    gg__roster r;
    gg_status st = gg__rules_prologue(scene, creatures, count, mover, mover, def, &r);
    if (st != GG_OK)
        return st;
    if (capacity < 0 || (others == NULL && capacity > 0))
        return GG_E_INVALID_ARG;
    gg_creature m = gg__rules_get(&r, mover);
    if (!m.tracked)
        return GG_E_OUT_OF_BOUNDS;
    int32_t n = 0;
    for (int32_t i = 0; i < count; i++) {
        gg_creature c = gg__rules_get(&r, i);
        if (i != mover && gg__rules_present(&c))
            n++;
    }
    *out_count = n;
    if (n > capacity)
        return GG_E_BUFFER_TOO_SMALL;
    int32_t k = 0;
    for (int32_t i = 0; i < count; i++) {
        gg_creature c = gg__rules_get(&r, i);
        /* Dead and untracked creatures are nobody's obstacle (rules.h "Creatures"). */
        if (i != mover && gg__rules_present(&c))
            others[k++] = c.body;
    }
    out->metric = def->metric;
    out->size = m.body.size;
    out->side = m.body.side;
    out->others = n > 0 ? others : NULL;
    out->other_count = n;
    /* SRD 5.2 "Moving Around Other Creatures": an ally's space is always passable (the side);
     * Incapacitated, Tiny and two-sizes-apart creatures and Difficult Terrain by the def. */
    out->pass_size_apart = def->pass_size_apart;
    out->occupied_difficult = def->occupied_difficult;
    return GG_OK;
}

/* Does an n x n footprint anchored at `a` fit: every square on the map and not blocked, and no
 * wall blocking movement between two orthogonal or diagonal (south-east) neighbours inside it,
 * as the movement queries' footprints? */
static gg_status fits(const gg_scene *scene, gg_cell a, int32_t n, bool *out)
{
    *out = false;
    for (int32_t dr = 0; dr < n; dr++)
        for (int32_t dc = 0; dc < n; dc++) {
            gg_cell c = gg_cell_make(a.col + dc, a.row + dr);
            bool valid = false;
            gg_status st = gg_scene_is_valid_cell(scene, c, &valid);
            if (st != GG_OK || !valid)
                return st;
            /* A wall between two of its squares splits the space: the step across is not
             * legal (gg_scene_edge_distance() reads walls blocking movement). */
            /* The diagonal too: the movement queries (topology.h) refuse a footprint that a
             * wall crosses corner to corner, so a space that fits must not have one. */
            gg_cell nb[3] = {gg_cell_make(c.col + 1, c.row), gg_cell_make(c.col, c.row + 1),
                             gg_cell_make(c.col + 1, c.row + 1)};
            bool inside[3] = {dc + 1 < n, dr + 1 < n, dc + 1 < n && dr + 1 < n};
            for (int k = 0; k < 3; k++) {
                if (!inside[k])
                    continue;
                int32_t cost = 0;
                st = gg_scene_edge_distance(scene, c, nb[k], &cost);
                if (st != GG_OK)
                    return st;
                if (cost == GG_STEP_ILLEGAL)
                    return GG_OK;
            }
        }
    *out = true;
    return GG_OK;
}

gg_status gg_rules_space(const gg_scene *scene, const gg_creature *creatures, int32_t count,
                         int32_t mover, gg_cell anchor, const gg_rules_def *def, gg_space *out)
{
    if (out == NULL)
        return GG_E_INVALID_ARG;
    out->fits = false;
    out->squeezing = false;
    out->occupant = GG_NO_CREATURE;
    out->can_end = false;
    gg__roster r;
    gg_status st = gg__rules_prologue(scene, creatures, count, mover, mover, def, &r);
    if (st != GG_OK)
        return st;
    gg_creature m = gg__rules_get(&r, mover);
    int32_t n = gg_size_cells(m.body.size);
    bool whole = false, smaller = false;
    st = fits(scene, anchor, n, &whole);
    if (st != GG_OK)
        return st;
    int32_t used = n;
    if (!whole && m.body.size > GG_SIZE_TINY) {
        /* SRD 5.1 "Squeezing into a Smaller Space": "a space that is large enough for a
         * creature one size smaller"; on the grid that differs only from Large up. */
        int32_t small = gg_size_cells((gg_size)(m.body.size - 1));
        if (small < n) {
            st = fits(scene, anchor, small, &smaller);
            if (st != GG_OK)
                return st;
            used = small;
        }
    }
    if (!whole && !smaller)
        return GG_OK;
    out->fits = whole;
    out->squeezing = !whole && smaller;
    gg__space mine;
    mine.col = anchor.col;
    mine.row = anchor.row;
    mine.n = used;
    for (int32_t i = 0; i < count; i++) {
        if (i == mover)
            continue;
        gg_creature c = gg__rules_get(&r, i);
        if (!gg__rules_present(&c))
            continue;
        gg__space s = gg__rules_space(scene, &c);
        bool overlap = s.col < mine.col + mine.n && mine.col < s.col + s.n &&
                       s.row < mine.row + mine.n && mine.row < s.row + s.n;
        if (overlap) {
            out->occupant = i;
            break;
        }
    }
    /* SRD 5.2 "Moving Around Other Creatures": "You can't willingly end a move in a space
     * occupied by another creature." */
    out->can_end = out->occupant == GG_NO_CREATURE;
    return GG_OK;
}
