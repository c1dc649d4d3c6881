/* reach_rules.c - SRD 5.2 "Opportunity Attacks" measured from creatures' spaces, and the
 * optional Flanking rule, for creatures of every size at any elevation (rules.h).
 * Layer: rules. */
#include <string.h>

#include "rules/rules_internal.h"

/* May `c` (index ci) react to the mover (`at`, standing on route[i]) leaving for `next`? The
 * conditions of gg_rules_opportunity_schedule(), with reach measured space to space. */
static gg_status provokes(const gg_scene *scene, const gg__roster *r, const gg_creature *c,
                          int32_t ci, const gg_creature *at, int32_t mover, const gg_creature *next,
                          const gg_rules_def *def, bool *out)
{
    *out = false;
    if (!gg__rules_present(c) || c->body.side == at->body.side || !c->reaction_available ||
        (c->body.conditions & GG_CONDITION_INCAPACITATED) != 0u || c->reach_ft <= 0 ||
        c->charmed_by == mover || ci == mover)
        return GG_OK;
    /* Within its reach at route[i], with line of sight and without total cover ... */
    gg_attack_check check;
    gg_status st = gg__rules_attack_check(scene, r, ci, c, mover, at, c->reach_ft, def, &check);
    if (st != GG_OK || check.check != GG_TARGET_OK)
        return st;
    /* ... and out of it at route[i+1], by plain distance ("leaves your reach"). */
    gg__space sc = gg__rules_space(scene, c), sn = gg__rules_space(scene, next);
    if (gg__rules_space_distance(scene, &sc, &sn, def->metric) <= c->reach_ft)
        return GG_OK;
    /* "a creature that you can see" */
    return gg__rules_sees_def(scene, c, at, def, true, out);
}

gg_status gg_rules_opportunity_attacks(const gg_scene *scene, const gg_creature *creatures,
                                       int32_t count, int32_t mover, const gg_cell *route,
                                       int32_t route_count, const gg_rules_def *def,
                                       gg_oa_event *out, int32_t capacity, int32_t *out_count)
{
    if (out_count == NULL)
        return GG_E_INVALID_ARG;
    *out_count = 0;
    gg__roster r;
    gg_status st = gg__rules_prologue(scene, creatures, count, mover, mover, def, &r);
    if (st != GG_OK)
        return st;
    if (route_count < 0 || (route == NULL && route_count > 0) || capacity < 0 ||
        (out == NULL && capacity > 0))
        return GG_E_INVALID_ARG;
    gg_creature m = gg__rules_get(&r, mover);
    int32_t side = gg_size_cells(m.body.size);
    for (int32_t i = 0; i < route_count; i++) {
        if (!gg_scene_contains(scene, route[i]) ||
            !gg_scene_contains(scene,
                               gg_cell_make(route[i].col + side - 1, route[i].row + side - 1)))
            return GG_E_OUT_OF_BOUNDS;
    }
    /* SRD 5.2 "Disengage": the mover's movement doesn't provoke Opportunity Attacks. */
    if (m.disengaging || route_count < 2)
        return GG_OK;

    gg_oa_event events[GG_RULES_MAX_CREATURES];
    bool spent[GG_RULES_MAX_CREATURES];
    memset(spent, 0, sizeof spent);
    int32_t n = 0;
    for (int32_t step = 0; step + 1 < route_count; step++) {
        gg_creature at = m, next = m;
        at.body.cell = route[step];
        at.tracked = true;
        next.body.cell = route[step + 1];
        next.tracked = true;
        for (int32_t i = 0; i < count; i++) {
            if (spent[i])
                continue;
            gg_creature c = gg__rules_get(&r, i);
            bool yes = false;
            st = provokes(scene, &r, &c, i, &at, mover, &next, def, &yes);
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

/* ---- Flanking ------------------------------------------------------------------------------ */

/* Exact fractions p/q with q > 0. */
typedef struct frac {
    int64_t p, q;
} frac;

static int cmp_frac(frac a, frac b)
{
    int64_t l = a.p * b.q, r = b.p * a.q;
    return (l > r) - (l < r);
}

/* Sides of a box, as bits. */
enum { SIDE_W = 1, SIDE_E = 2, SIDE_N = 4, SIDE_S = 8 };

/* Does the segment from centre A to centre B (half units) pass through opposite sides or
 * corners of the box [x0,x1] x [y0,y1] (half units)? Liang-Barsky with exact fractions: the
 * entry parameter is the latest axis entry, the exit the earliest axis exit; the sides hit are
 * those whose parameter equals it (two at a corner). A segment that only grazes the box
 * (entry >= exit) or runs along an edge does not pass through the space. A and B lie outside
 * the box (centres of spaces that do not overlap it). */
static bool opposite_sides(int64_t ax, int64_t ay, int64_t bx, int64_t by, int64_t x0, int64_t x1,
                           int64_t y0, int64_t y1)
{
    int64_t d[2] = {bx - ax, by - ay};
    int64_t a[2] = {ax, ay};
    int64_t lo[2] = {x0, y0}, hi[2] = {x1, y1};
    frac tin[2] = {{0, 1}, {0, 1}}, tout[2] = {{0, 1}, {0, 1}}; /* set for every moving axis */
    bool moves[2];
    for (int k = 0; k < 2; k++) {
        moves[k] = d[k] != 0;
        if (!moves[k]) {
            /* Parallel to this axis: strictly inside its slab, or it misses or grazes. */
            if (a[k] <= lo[k] || a[k] >= hi[k])
                return false;
            continue;
        }
        int64_t e = d[k] > 0 ? lo[k] : hi[k], x = d[k] > 0 ? hi[k] : lo[k];
        int64_t q = d[k] > 0 ? d[k] : -d[k];
        int64_t sgn = d[k] > 0 ? 1 : -1;
        tin[k].p = (e - a[k]) * sgn;
        tin[k].q = q;
        tout[k].p = (x - a[k]) * sgn;
        tout[k].q = q;
    }
    frac enter = {0, 1}, leave = {1, 1};
    for (int k = 0; k < 2; k++) {
        if (!moves[k])
            continue;
        if (cmp_frac(tin[k], enter) > 0)
            enter = tin[k];
        if (cmp_frac(tout[k], leave) < 0)
            leave = tout[k];
    }
    if (cmp_frac(enter, leave) >= 0)
        return false;
    unsigned in = 0u, outs = 0u;
    for (int k = 0; k < 2; k++) {
        if (!moves[k])
            continue;
        if (cmp_frac(tin[k], enter) == 0)
            in |= k == 0 ? (d[k] > 0 ? SIDE_W : SIDE_E) : (d[k] > 0 ? SIDE_N : SIDE_S);
        if (cmp_frac(tout[k], leave) == 0)
            outs |= k == 0 ? (d[k] > 0 ? SIDE_E : SIDE_W) : (d[k] > 0 ? SIDE_S : SIDE_N);
    }
    return ((in & SIDE_W) && (outs & SIDE_E)) || ((in & SIDE_E) && (outs & SIDE_W)) ||
           ((in & SIDE_N) && (outs & SIDE_S)) || ((in & SIDE_S) && (outs & SIDE_N));
}

/* Adjacent with walls respected: an attack with a one-square reach from any square. */
static gg_status adjacent(const gg_scene *scene, const gg__roster *r, int32_t ci,
                          const gg_creature *c, int32_t ti, const gg_creature *t,
                          const gg_rules_def *def, bool *out)
{
    gg_rules_def any = *def;
    any.any_square = true;
    any.metric = GG_METRIC_CHEBYSHEV; /* adjacency is a neighbour relation, not a price */
    gg_attack_check check;
    gg_status st = gg__rules_attack_check(scene, r, ci, c, ti, t, gg_scene_cell_size_ft(scene),
                                          &any, &check);
    *out = st == GG_OK && check.check == GG_TARGET_OK;
    return st;
}

gg_status gg_rules_flanking(const gg_scene *scene, const gg_creature *creatures, int32_t count,
                            int32_t attacker, int32_t target, const gg_rules_def *def,
                            gg_flank *out)
{
    if (out == NULL)
        return GG_E_INVALID_ARG;
    out->flanked = false;
    out->ally = GG_NO_CREATURE;
    out->adjacent = false;
    gg__roster r;
    gg_status st = gg__rules_prologue(scene, creatures, count, attacker, target, def, &r);
    if (st != GG_OK)
        return st;
    if (attacker == target)
        return GG_E_INVALID_ARG;
    gg_creature a = gg__rules_get(&r, attacker), t = gg__rules_get(&r, target);
    if (!a.tracked || !t.tracked)
        return GG_E_OUT_OF_BOUNDS;
    bool adj = false;
    st = adjacent(scene, &r, attacker, &a, target, &t, def, &adj);
    if (st != GG_OK || !adj)
        return st;
    out->adjacent = true;
    gg__space sa = gg__rules_space(scene, &a), stt = gg__rules_space(scene, &t);
    /* Centres of spaces in half units: (2 col + n, 2 row + n). */
    int64_t ax = 2 * (int64_t)sa.col + sa.n, ay = 2 * (int64_t)sa.row + sa.n;
    int64_t x0 = 2 * (int64_t)stt.col, x1 = x0 + 2 * stt.n;
    int64_t y0 = 2 * (int64_t)stt.row, y1 = y0 + 2 * stt.n;
    for (int32_t i = 0; i < count; i++) {
        if (i == attacker || i == target)
            continue;
        gg_creature c = gg__rules_get(&r, i);
        if (!gg__rules_present(&c) || c.body.side != a.body.side ||
            (c.body.conditions & GG_CONDITION_INCAPACITATED) != 0u)
            continue;
        gg__space sc = gg__rules_space(scene, &c);
        int64_t bx = 2 * (int64_t)sc.col + sc.n, by = 2 * (int64_t)sc.row + sc.n;
        if (!opposite_sides(ax, ay, bx, by, x0, x1, y0, y1))
            continue;
        bool ally_adj = false;
        st = adjacent(scene, &r, i, &c, target, &t, def, &ally_adj);
        if (st != GG_OK)
            return st;
        if (ally_adj) {
            out->flanked = true;
            out->ally = i;
            return GG_OK;
        }
    }
    return GG_OK;
}
