/* move_rules.c - SRD 5.2 movement: move planning with Nat20's refusal order, the opportunity
 * attack schedule along a route, forced movement and the flee route. Layer: rules. */
#include <string.h>

#include "rules/rules_internal.h"

const char *gg_rules_move_result_name(gg_move_result r)
{
    switch (r) {
    case GG_MOVE_OK:
        return "ok";
    case GG_MOVE_SPEED_ZERO:
        return "speed_zero";
    case GG_MOVE_NOT_ADJACENT:
        return "not_adjacent";
    case GG_MOVE_OCCUPIED:
        return "occupied";
    case GG_MOVE_FRIGHTENED:
        return "frightened";
    case GG_MOVE_BLOCKED_PATH:
        return "blocked_path";
    case GG_MOVE_UNREACHABLE:
        return "unreachable";
    case GG_MOVE_INSUFFICIENT_MOVEMENT:
        return "insufficient_movement";
    }
    return "unknown";
}

/* SRD 5.2 "Frightened": the step a -> b moves the creature closer to the source of its fear.
 * Distances in cells order the same as distance_ft. */
static bool approaches(gg_cell a, gg_cell b, gg_cell source)
{
    return gg_chebyshev(b, source) < gg_chebyshev(a, source);
}

gg_status gg_rules_plan_move(const gg_scene *scene, gg_scratch *scratch,
                             const gg_creature *creatures, int32_t count, int32_t mover,
                             gg_cell destination, gg_cell *out_path, int32_t capacity,
                             int32_t *out_count, int32_t *out_cost_ft, gg_move_result *out_result)
{
    if (out_count == NULL || out_cost_ft == NULL || out_result == NULL)
        return GG_E_INVALID_ARG;
    *out_count = 0;
    *out_cost_ft = 0;
    *out_result = GG_MOVE_UNREACHABLE;
    gg__roster r;
    gg_status st = gg__rules_roster(scene, creatures, count, &r);
    if (st != GG_OK)
        return st;
    if (scratch == NULL || capacity < 0 || (out_path == NULL && capacity > 0) || mover < 0 ||
        mover >= count)
        return GG_E_INVALID_ARG;

    gg_creature m = gg__rules_get(&r, mover);
    /* 1. SRD 5.2 "Speed": a creature whose Speed is 0 can't move. */
    if (m.speed_ft == 0) {
        *out_result = GG_MOVE_SPEED_ZERO;
        return GG_OK;
    }
    /* 2. Nothing to do, or nowhere to start from (Nat20 keeps the legacy name). */
    if (!m.tracked || gg_cell_eq(destination, m.body.cell)) {
        *out_result = GG_MOVE_NOT_ADJACENT;
        return GG_OK;
    }
    /* 3. SRD 5.2 "Moving Around Other Creatures": a move can't end in another creature's
     * space, ally or enemy. */
    for (int32_t i = 0; i < count; i++) {
        gg_creature c = gg__rules_get(&r, i);
        if (i != mover && gg__rules_present(&c) && gg_cell_eq(c.body.cell, destination)) {
            *out_result = GG_MOVE_OCCUPIED;
            return GG_OK;
        }
    }
    /* 4. SRD 5.2 "Frightened": no willing move closer to a source it knows the place of. */
    bool afraid = false;
    gg_cell fear_cell = m.body.cell;
    if (m.frightened_by != GG_NO_CREATURE) {
        gg_creature f = gg__rules_get(&r, m.frightened_by);
        if (gg__rules_present(&f)) {
            afraid = true;
            fear_cell = f.body.cell;
        }
    }
    bool dest_on_map = gg_scene_contains(scene, destination);
    if (afraid && dest_on_map && approaches(m.body.cell, destination, fear_cell)) {
        *out_result = GG_MOVE_FRIGHTENED;
        return GG_OK;
    }
    /* 5. An adjacent destination the single step cannot reach: a wall or a cut corner. */
    bool adjacent = false;
    st = gg_scene_is_adjacent(scene, m.body.cell, destination, &adjacent);
    if (st != GG_OK)
        return st;
    if (adjacent) {
        int32_t step = 0;
        st = gg_scene_edge_distance(scene, m.body.cell, destination, &step);
        if (st != GG_OK)
            return st;
        if (step == GG_STEP_ILLEGAL) {
            *out_result = GG_MOVE_BLOCKED_PATH;
            return GG_OK;
        }
    }
    /* 6. SRD 5.2 "Moving Around Other Creatures": an ally's space may be crossed, a hostile
     * creature's may not. */
    gg_cell avoid[GG_RULES_MAX_CREATURES];
    int32_t n_avoid = 0;
    for (int32_t i = 0; i < count; i++) {
        gg_creature c = gg__rules_get(&r, i);
        if (gg__rules_present(&c) && c.body.side != m.body.side)
            avoid[n_avoid++] = c.body.cell;
    }
    if (!dest_on_map)
        return GG_OK; /* *out_result is already GG_MOVE_UNREACHABLE */
    int32_t n = 0;
    st = gg_scene_shortest_path(scene, scratch, m.body.cell, destination, avoid, n_avoid, out_path,
                                capacity, &n);
    int32_t cell_ft = gg_scene_cell_size_ft(scene);
    if (st == GG_E_BUFFER_TOO_SMALL) {
        /* Every step costs at least one cell, so a route this long may already be too dear;
         * the verdict then needs no buffer (refusal 7 precedes refusal 8). */
        if ((int64_t)(n - 1) * cell_ft > (int64_t)m.movement_left_ft) {
            *out_result = GG_MOVE_INSUFFICIENT_MOVEMENT;
            return GG_OK;
        }
        *out_count = n;
        return GG_E_BUFFER_TOO_SMALL;
    }
    if (st != GG_OK)
        return st;
    if (n == 0) {
        *out_result = GG_MOVE_UNREACHABLE;
        return GG_OK;
    }
    /* 7. SRD 5.2 "Difficult Terrain": the route is priced step by step; all or nothing. */
    int64_t cost = 0;
    for (int32_t i = 0; i + 1 < n; i++) {
        int32_t step = 0;
        st = gg_scene_edge_distance(scene, out_path[i], out_path[i + 1], &step);
        if (st != GG_OK)
            return st;
        if (step == GG_STEP_ILLEGAL)
            return GG_E_INTERNAL; /* shortest_path only takes legal steps */
        cost += step;
    }
    if (cost > (int64_t)m.movement_left_ft) {
        *out_result = GG_MOVE_INSUFFICIENT_MOVEMENT;
        return GG_OK;
    }
    /* 8. Frightened again, along the whole route. */
    if (afraid) {
        for (int32_t i = 0; i + 1 < n; i++) {
            if (approaches(out_path[i], out_path[i + 1], fear_cell)) {
                *out_result = GG_MOVE_FRIGHTENED;
                return GG_OK;
            }
        }
    }
    *out_result = GG_MOVE_OK;
    *out_count = n;
    *out_cost_ft = (int32_t)cost;
    return GG_OK;
}

/* SRD 5.2 "Opportunity Attacks": may `c` (index ci) react to the mover leaving `from` for
 * `to`? */
static gg_status provokes(const gg_scene *scene, const gg_creature *c, int32_t ci,
                          const gg_creature *mover_at, int32_t mover, gg_cell to, bool *out)
{
    *out = false;
    if (!gg__rules_present(c) || c->body.side == mover_at->body.side || !c->reaction_available ||
        (c->body.conditions & GG_CONDITION_INCAPACITATED) != 0u || c->reach_ft <= 0 ||
        c->charmed_by == mover || ci == mover)
        return GG_OK;
    /* Leaving its reach: reach, sight line and no total cover at `from` ... */
    gg_target_check check = GG_TARGET_OUT_OF_RANGE;
    gg_status st = gg_rules_check_target(scene, c->body.cell, mover_at->body.cell, c->reach_ft,
                                         &check);
    if (st != GG_OK || check != GG_TARGET_OK)
        return st;
    /* ... but "still in reach" at `to` is plain distance (docs/nat20.md). */
    bool still = false;
    st = gg_scene_within_range(scene, c->body.cell, to, c->reach_ft, &still);
    if (st != GG_OK || still)
        return st;
    /* "a creature that you can see" */
    bool sees = false;
    st = gg__rules_sees(scene, c, mover_at, &sees);
    if (st != GG_OK)
        return st;
    *out = sees;
    return GG_OK;
}

gg_status gg_rules_opportunity_schedule(const gg_scene *scene, const gg_creature *creatures,
                                        int32_t count, int32_t mover, const gg_cell *route,
                                        int32_t route_count, gg_oa_event *out, int32_t capacity,
                                        int32_t *out_count)
{
    if (out_count == NULL)
        return GG_E_INVALID_ARG;
    *out_count = 0;
    gg__roster r;
    gg_status st = gg__rules_roster(scene, creatures, count, &r);
    if (st != GG_OK)
        return st;
    if (mover < 0 || mover >= count || route_count < 0 || (route == NULL && route_count > 0) ||
        capacity < 0 || (out == NULL && capacity > 0))
        return GG_E_INVALID_ARG;
    for (int32_t i = 0; i < route_count; i++) {
        if (!gg_scene_contains(scene, route[i]))
            return GG_E_OUT_OF_BOUNDS;
    }
    gg_creature m = gg__rules_get(&r, mover);
    /* SRD 5.2 "Disengage": the mover's movement doesn't provoke Opportunity Attacks. */
    if (m.disengaging || route_count < 2)
        return GG_OK;

    gg_oa_event events[GG_RULES_MAX_CREATURES];
    bool spent[GG_RULES_MAX_CREATURES];
    memset(spent, 0, sizeof spent);
    int32_t n = 0;
    for (int32_t step = 0; step + 1 < route_count; step++) {
        gg_creature at = m;
        at.body.cell = route[step];
        at.tracked = true;
        for (int32_t i = 0; i < count; i++) {
            if (spent[i])
                continue;
            gg_creature c = gg__rules_get(&r, i);
            bool yes = false;
            st = provokes(scene, &c, i, &at, mover, route[step + 1], &yes);
            if (st != GG_OK)
                return st;
            if (yes) {
                /* SRD 5.2 "Reactions": one per round, so one attack per reactor. */
                spent[i] = true;
                events[n].step = step;
                events[n].reactor = i;
                n++;
            }
        }
    }
    *out_count = n;
    if (n > capacity)
        return GG_E_BUFFER_TOO_SMALL;
    if (n > 0)
        memcpy(out, events, (size_t)n * sizeof *out);
    return GG_OK;
}

gg_status gg_rules_push(const gg_scene *scene, const gg_creature *creatures, int32_t count,
                        int32_t pusher, int32_t target, int32_t distance_ft, gg_cell *out,
                        int32_t capacity, int32_t *out_count)
{
    if (out_count == NULL)
        return GG_E_INVALID_ARG;
    *out_count = 0;
    gg__roster r;
    gg_status st = gg__rules_roster(scene, creatures, count, &r);
    if (st != GG_OK)
        return st;
    if (pusher < 0 || pusher >= count || target < 0 || target >= count || distance_ft < 0 ||
        capacity < 0 || (out == NULL && capacity > 0))
        return GG_E_INVALID_ARG;
    gg_creature p = gg__rules_get(&r, pusher);
    gg_creature t = gg__rules_get(&r, target);
    if (!p.tracked || !t.tracked)
        return GG_E_OUT_OF_BOUNDS;
    if (pusher == target)
        return GG_OK;
    /* Every other creature's space stops the push, the pusher's included (docs/nat20.md). */
    gg_cell occupied[GG_RULES_MAX_CREATURES];
    int32_t n_occ = 0;
    for (int32_t i = 0; i < count; i++) {
        gg_creature c = gg__rules_get(&r, i);
        if (i != target && gg__rules_present(&c))
            occupied[n_occ++] = c.body.cell;
    }
    return gg_scene_push_path(scene, p.body.cell, t.body.cell, distance_ft, occupied, n_occ, out,
                              capacity, out_count);
}

gg_status gg_rules_flee_work_capacity(const gg_scene *scene, int32_t budget_ft,
                                      int32_t *out_capacity)
{
    if (out_capacity == NULL)
        return GG_E_INVALID_ARG;
    *out_capacity = 0;
    if (scene == NULL || budget_ft < 0)
        return GG_E_INVALID_ARG;
    int64_t k = (int64_t)budget_ft / gg_scene_cell_size_ft(scene);
    int64_t area = (int64_t)gg_scene_width(scene) * gg_scene_height(scene);
    int64_t side = 2 * k + 1;
    int64_t need = side > 65536 ? area : side * side; /* avoid overflow; area < 2^27 */
    *out_capacity = (int32_t)(need < area ? need : area);
    return GG_OK;
}

static bool cell_listed(const gg_cell *cells, int32_t n, gg_cell c)
{
    for (int32_t i = 0; i < n; i++) {
        if (gg_cell_eq(cells[i], c))
            return true;
    }
    return false;
}

/* Distance in cells to the nearest on-map threat; -1 when there is none. */
static int64_t threat_score(const gg_scene *scene, const gg_flee_def *d, gg_cell c)
{
    int64_t best = -1;
    for (int32_t i = 0; i < d->threat_count; i++) {
        if (!gg_scene_contains(scene, d->threats[i]))
            continue;
        int64_t dist = gg_chebyshev(c, d->threats[i]);
        if (best < 0 || dist < best)
            best = dist;
    }
    return best;
}

static int32_t find_reach(const gg_reach *work, int32_t n, gg_cell c)
{
    for (int32_t i = 0; i < n; i++) {
        if (gg_cell_eq(work[i].cell, c))
            return i;
    }
    return -1;
}

gg_status gg_rules_flee_route(const gg_scene *scene, gg_scratch *scratch, const gg_flee_def *def,
                              gg_reach *work, int32_t work_capacity, gg_cell *out, int32_t capacity,
                              int32_t *out_count)
{
    if (out_count == NULL)
        return GG_E_INVALID_ARG;
    *out_count = 0;
    if (scene == NULL || scratch == NULL || def == NULL)
        return GG_E_INVALID_ARG;
    if (def->struct_size < (uint32_t)sizeof(gg_flee_def))
        return GG_E_BAD_DEF;
    if (def->budget_ft < 0 || def->threat_count < 1 || def->threats == NULL ||
        def->avoid_count < 0 || (def->avoid == NULL && def->avoid_count > 0) ||
        def->occupied_count < 0 || (def->occupied == NULL && def->occupied_count > 0) ||
        work_capacity < 0 || (work == NULL && work_capacity > 0) || capacity < 0 ||
        (out == NULL && capacity > 0))
        return GG_E_INVALID_ARG;
    if (!gg_scene_contains(scene, def->start))
        return GG_E_OUT_OF_BOUNDS;
    int64_t start_score = threat_score(scene, def, def->start);
    if (start_score < 0)
        return GG_OK; /* nothing on the map to flee from */

    int32_t n = 0;
    gg_status st = gg_scene_reachable(scene, scratch, def->start, def->budget_ft, def->avoid,
                                      def->avoid_count, work, work_capacity, &n);
    if (st == GG_PARTIAL) {
        *out_count = 0;
        return GG_E_BUFFER_TOO_SMALL;
    }
    if (st != GG_OK)
        return st;

    /* Nat20: min((-score, cost, (col, row))) over the safer, free cells (docs/nat20.md). */
    int32_t best = -1;
    int64_t best_score = start_score;
    for (int32_t i = 0; i < n; i++) {
        gg_cell c = work[i].cell;
        if (gg_cell_eq(c, def->start) || cell_listed(def->occupied, def->occupied_count, c))
            continue;
        int64_t s = threat_score(scene, def, c);
        if (s <= start_score)
            continue;
        bool better;
        if (best < 0)
            better = true;
        else if (s != best_score)
            better = s > best_score;
        else if (work[i].cost_ft != work[best].cost_ft)
            better = work[i].cost_ft < work[best].cost_ft;
        else if (c.col != work[best].cell.col)
            better = c.col < work[best].cell.col;
        else
            better = c.row < work[best].cell.row;
        if (better) {
            best = i;
            best_score = s;
        }
    }
    if (best < 0)
        return GG_OK; /* nowhere safer: the creature holds */

    /* Follow `prev` back to the start: count, then write back to front. */
    int32_t len = 1;
    for (int32_t i = best; !gg_cell_eq(work[i].cell, def->start); len++) {
        i = find_reach(work, n, work[i].prev);
        if (i < 0 || len > n)
            return GG_E_INTERNAL;
    }
    *out_count = len;
    if (len > capacity)
        return GG_E_BUFFER_TOO_SMALL;
    int32_t i = best;
    for (int32_t k = len - 1; k >= 0; k--) {
        out[k] = work[i].cell;
        if (k > 0)
            i = find_reach(work, n, work[i].prev);
    }
    return GG_OK;
}
