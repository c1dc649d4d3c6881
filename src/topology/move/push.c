/* push.c - gg_scene_push_path: forced movement straight away from a point (docs/nat20.md).
 * Layer: topology. */
#include "topology/scene/scene_internal.h"

static bool listed(const gg_cell *cells, int32_t count, gg_cell c)
{
    for (int32_t i = 0; i < count; ++i)
        if (gg_cell_eq(cells[i], c))
            return true;
    return false;
}

/* Walks the push and returns how many cells it enters; writes them when `out` is not NULL.
 * SRD 5.2 "Forced Movement": the creature moves in a straight line away from the source; it
 * stops early when the next square cannot be entered. Nat20's line is the 8-way direction
 * sign(target - origin), and a push stops before a cell that is off the map, occupied, or not
 * a legal step (blocked, wall, cut corner). Difficult terrain neither stops nor costs. */
static int32_t walk_push(const gg_scene *s, gg_cell origin, gg_cell target, int64_t steps,
                         const gg_cell *occupied, int32_t occupied_count, gg_cell *out)
{
    int32_t dc = (target.col > origin.col) - (target.col < origin.col);
    int32_t dr = (target.row > origin.row) - (target.row < origin.row);
    gg_cell cur = target;
    int32_t n = 0;
    /* Each step moves one cell on some axis and the map is at most GG_SCENE_MAX_SIDE wide, so
     * the walk leaves the map long before `steps` can matter for an int32 count. */
    for (int64_t i = 0; i < steps; ++i) {
        gg_cell next = gg_cell_make(cur.col + dc, cur.row + dr);
        if (!gg__in(s, next) || listed(occupied, occupied_count, next) ||
            gg__step_cost(s, cur, next) == GG_STEP_ILLEGAL)
            break;
        if (out != NULL)
            out[n] = next;
        ++n;
        cur = next;
    }
    return n;
}

gg_status gg_scene_push_path(const gg_scene *scene, gg_cell origin, gg_cell target,
                             int32_t distance_ft, const gg_cell *occupied, int32_t occupied_count,
                             gg_cell *out, int32_t capacity, int32_t *out_count)
{
    if (out_count == NULL)
        return GG_E_INVALID_ARG;
    *out_count = 0;
    if (scene == NULL || occupied_count < 0 || capacity < 0 ||
        (occupied == NULL && occupied_count > 0) || (out == NULL && capacity > 0))
        return GG_E_INVALID_ARG;
    if (!gg__in(scene, origin) || !gg__in(scene, target))
        return GG_E_OUT_OF_BOUNDS;
    /* No direction to push in. */
    if (gg_cell_eq(origin, target))
        return GG_OK;

    /* Nat20's range(distance_ft // cell_size_ft): floor division, so a partial cell of push
     * (7 ft on 5-ft squares) moves one square and a negative distance none. */
    int64_t q = (int64_t)distance_ft / scene->cell_size_ft;
    if ((int64_t)distance_ft % scene->cell_size_ft != 0 && distance_ft < 0)
        --q;

    /* A path cut short would put the creature in the wrong square: count, then all or nothing. */
    int32_t n = walk_push(scene, origin, target, q, occupied, occupied_count, NULL);
    *out_count = n;
    if (n > capacity)
        return GG_E_BUFFER_TOO_SMALL;
    walk_push(scene, origin, target, q, occupied, occupied_count, out);
    return GG_OK;
}
