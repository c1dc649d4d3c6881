/* route_rules.c - movement of creatures of every size among a creature array: the route (that
 * may squeeze, SRD 5.1), forced movement and a monster's retreat (rules.h "Creatures of every
 * size"). Layer: rules. */
#include "rules/rules_internal.h"

gg_status gg_rules_route(const gg_scene *scene, gg_scratch *scratch, const gg_creature *creatures,
                         int32_t count, int32_t mover, gg_cell destination, const gg_rules_def *def,
                         gg_cell *out, bool *out_squeezing, int32_t capacity, int32_t *out_count,
                         gg_metric_cost *out_cost)
{
    gg_metric_cost none = {-1, 0, 0, 0};
    if (out_cost != NULL)
        *out_cost = none;
    if (out_count == NULL)
        return GG_E_INVALID_ARG;
    *out_count = 0;
    if (capacity < 0 || (out == NULL && capacity > 0))
        return GG_E_INVALID_ARG;
    /* Every other creature's body, for the movement def (rules.h: the stack holds per-creature
     * data, queries never allocate). */
    gg_body others[GG_RULES_MAX_CREATURES];
    gg_move_def md;
    int32_t n = 0;
    gg_status st = gg_rules_move_def(scene, creatures, count, mover, def, others,
                                     GG_RULES_MAX_CREATURES, &md, &n);
    if (st != GG_OK)
        return st;
    gg__roster r;
    st = gg__rules_roster_sized(scene, creatures, count, true, &r);
    if (st != GG_OK)
        return st;
    gg_cell from = gg__rules_get(&r, mover).body.cell;
    if (def->squeeze)
        return gg_scene_squeeze_path(scene, scratch, from, destination, 0, &md, out, out_squeezing,
                                     capacity, out_count, out_cost);
    /* Without squeezing the fast engines answer, exactly as the movement queries do. */
    st = gg_scene_lowest_cost_path(scene, scratch, from, destination, 0, &md, out, capacity,
                                   out_count, out_cost);
    if (st == GG_OK && out_squeezing != NULL)
        for (int32_t i = 0; i < *out_count; i++)
            out_squeezing[i] = false;
    return st;
}

/* Twice the centre of a space on one axis, in squares (exact for every footprint). */
static int64_t rr_centre2(int32_t anchor, int32_t n) { return 2 * (int64_t)anchor + n; }

static int32_t rr_sign64(int64_t v) { return (v > 0) - (v < 0); }

/* Walks the push of rules.h's gg_rules_push_def(); writes the anchors entered when `out` is not
 * NULL and returns how many there are. */
static gg_status rr_walk_push(const gg_scene *scene, const gg_move_def *md, gg_cell start,
                              int32_t dc, int32_t dr, int64_t steps, gg_cell *out, int32_t *out_n)
{
    gg_cell cur = start;
    int32_t n = 0;
    /* Each step moves the footprint one square, so the map's side bounds the walk long before
     * a huge distance could matter. */
    for (int64_t i = 0; i < steps; i++) {
        gg_cell leg[2] = {cur, gg_cell_make(cur.col + dc, cur.row + dr)};
        gg_metric_cost c;
        int32_t legal = 0;
        gg_status st = gg_scene_route_cost(scene, leg, 2, 0, md, &c, &legal);
        if (st == GG_E_OUT_OF_BOUNDS)
            break; /* the footprint would leave the map */
        if (st != GG_OK)
            return st;
        if (legal < 1)
            break;
        if (out != NULL)
            out[n] = leg[1];
        n++;
        cur = leg[1];
    }
    *out_n = n;
    return GG_OK;
}

gg_status gg_rules_push_def(const gg_scene *scene, const gg_creature *creatures, int32_t count,
                            int32_t pusher, int32_t target, int32_t distance_ft,
                            const gg_rules_def *def, gg_cell *out, int32_t capacity,
                            int32_t *out_count)
{
    if (out_count == NULL)
        return GG_E_INVALID_ARG;
    *out_count = 0;
    gg__roster r;
    gg_status st = gg__rules_prologue(scene, creatures, count, pusher, target, def, &r);
    if (st != GG_OK)
        return st;
    if (distance_ft < 0 || capacity < 0 || (out == NULL && capacity > 0))
        return GG_E_INVALID_ARG;
    gg_creature p = gg__rules_get(&r, pusher), t = gg__rules_get(&r, target);
    if (!p.tracked || !t.tracked)
        return GG_E_OUT_OF_BOUNDS;
    if (pusher == target)
        return GG_OK;
    int32_t pn = gg_size_cells(p.body.size), tn = gg_size_cells(t.body.size);
    /* SRD 5.2 "Forced Movement": "straight away" from the pusher, which for spaces of any size
     * is the 8-way direction between their centres (Nat20's per-axis sign for two squares). */
    int32_t dc = rr_sign64(rr_centre2(t.body.cell.col, tn) - rr_centre2(p.body.cell.col, pn));
    int32_t dr = rr_sign64(rr_centre2(t.body.cell.row, tn) - rr_centre2(p.body.cell.row, pn));
    if (dc == 0 && dr == 0)
        return GG_OK;
    /* The target's footprint under the movement model; everybody else, the pusher included, is
     * in the way (nobody is its ally, nobody may be passed: it does not move willingly). */
    gg_body others[GG_RULES_MAX_CREATURES];
    int32_t n = 0;
    for (int32_t i = 0; i < count; i++) {
        gg_creature c = gg__rules_get(&r, i);
        if (i != target && gg__rules_present(&c))
            others[n++] = c.body;
    }
    gg_move_def md = gg_move_def_default();
    md.size = t.body.size;
    md.side = GG_SIDE_NONE;
    md.difficult = GG_DIFFICULT_IGNORE;
    md.others = n > 0 ? others : NULL;
    md.other_count = n;
    int64_t steps = (int64_t)distance_ft / gg_scene_cell_size_ft(scene);
    int32_t k = 0;
    st = rr_walk_push(scene, &md, t.body.cell, dc, dr, steps, NULL, &k);
    if (st != GG_OK)
        return st;
    *out_count = k;
    if (k > capacity)
        return GG_E_BUFFER_TOO_SMALL;
    return rr_walk_push(scene, &md, t.body.cell, dc, dr, steps, out, &k);
}

static bool rr_ally_of(const gg_creature *a, const gg_creature *b)
{
    return a->body.side != GG_SIDE_NONE && a->body.side == b->body.side;
}

/* The distance from the mover's space anchored at `at` to the nearest threat's space; -1 when
 * there is no threat. */
static int64_t rr_threat_distance(const gg_scene *scene, const gg__roster *r, int32_t mover,
                                  const gg_creature *m, gg_cell at, gg_metric metric)
{
    gg_creature moved = *m;
    moved.body.cell = at;
    gg__space ms = gg__rules_space(scene, &moved);
    int64_t best = -1;
    for (int32_t i = 0; i < r->count; i++) {
        gg_creature c = gg__rules_get(r, i);
        if (i == mover || !gg__rules_present(&c) || rr_ally_of(m, &c))
            continue;
        gg__space s = gg__rules_space(scene, &c);
        int64_t d = gg__rules_space_distance(scene, &ms, &s, metric);
        if (best < 0 || d < best)
            best = d;
    }
    return best;
}

static int32_t rr_find_anchor(const gg_move_reach *work, int32_t n, gg_cell c)
{
    for (int32_t i = 0; i < n; i++)
        if (gg_cell_eq(work[i].cell, c))
            return i;
    return -1;
}

gg_status gg_rules_flee_route_def(const gg_scene *scene, gg_scratch *scratch,
                                  const gg_creature *creatures, int32_t count, int32_t mover,
                                  int32_t budget_ft, const gg_rules_def *def, gg_move_reach *work,
                                  int32_t work_capacity, gg_cell *out, int32_t capacity,
                                  int32_t *out_count)
{
    if (out_count == NULL)
        return GG_E_INVALID_ARG;
    *out_count = 0;
    if (budget_ft < 0 || work_capacity < 0 || (work == NULL && work_capacity > 0) || capacity < 0 ||
        (out == NULL && capacity > 0))
        return GG_E_INVALID_ARG;
    gg_body others[GG_RULES_MAX_CREATURES];
    gg_move_def md;
    int32_t n_others = 0;
    gg_status st = gg_rules_move_def(scene, creatures, count, mover, def, others,
                                     GG_RULES_MAX_CREATURES, &md, &n_others);
    if (st != GG_OK)
        return st;
    gg__roster r;
    st = gg__rules_roster_sized(scene, creatures, count, true, &r);
    if (st != GG_OK)
        return st;
    gg_creature m = gg__rules_get(&r, mover);
    int64_t start_d = rr_threat_distance(scene, &r, mover, &m, m.body.cell, def->metric);
    if (start_d < 0)
        return GG_OK; /* nothing to flee from */
    int32_t n = 0;
    st = gg_scene_move_overlay(scene, scratch, m.body.cell, 0, budget_ft, &md, work, work_capacity,
                               &n);
    if (st == GG_PARTIAL || st == GG_E_BUFFER_TOO_SMALL) {
        *out_count = 0;
        return GG_E_BUFFER_TOO_SMALL;
    }
    if (st != GG_OK)
        return st;
    /* Nat20's choice (docs/nat20.md): min((-distance, cost, (col, row))) over the safer anchors
     * where the mover may end its move. */
    int32_t best = -1;
    int64_t best_d = start_d;
    for (int32_t i = 0; i < n; i++) {
        gg_cell c = work[i].cell;
        if (gg_cell_eq(c, m.body.cell) || !work[i].can_end)
            continue;
        int64_t d = rr_threat_distance(scene, &r, mover, &m, c, def->metric);
        if (d <= start_d)
            continue;
        bool better;
        if (best < 0)
            better = true;
        else if (d != best_d)
            better = d > best_d;
        else if (work[i].cost.feet != work[best].cost.feet)
            better = work[i].cost.feet < work[best].cost.feet;
        else if (c.col != work[best].cell.col)
            better = c.col < work[best].cell.col;
        else
            better = c.row < work[best].cell.row;
        if (better) {
            best = i;
            best_d = d;
        }
    }
    if (best < 0)
        return GG_OK; /* nowhere safer: the creature holds */
    int32_t len = 1;
    for (int32_t i = best; !gg_cell_eq(work[i].prev, work[i].cell); len++) {
        i = rr_find_anchor(work, n, work[i].prev);
        if (i < 0)
            return GG_E_INTERNAL;
    }
    *out_count = len;
    if (len > capacity)
        return GG_E_BUFFER_TOO_SMALL;
    int32_t i = best;
    for (int32_t k = len - 1; k >= 0; k--) {
        out[k] = work[i].cell;
        if (k > 0)
            i = rr_find_anchor(work, n, work[i].prev);
    }
    return GG_OK;
}
