/* space.c - creatures of every size at any elevation: their spaces, the 3-D distance between
 * them, and targeting measured from the creature's space (rules.h "Creatures of every size").
 * Layer: rules. */
#include "rules/rules_internal.h"

gg_status gg__rules_check_def(const gg_rules_def *def)
{
    if (def == NULL)
        return GG_E_INVALID_ARG;
    if (def->struct_size < (uint32_t)sizeof(gg_rules_def))
        return GG_E_BAD_DEF;
    /* Euclidean has no exact integer form in three dimensions (sqrt(3) steps). */
    if (def->metric != GG_METRIC_CHEBYSHEV && def->metric != GG_METRIC_ALTERNATING &&
        def->metric != GG_METRIC_MANHATTAN)
        return GG_E_INVALID_ARG;
    return GG_OK;
}

static int64_t floor_div(int64_t a, int64_t b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

gg__space gg__rules_space(const gg_scene *scene, const gg_creature *c)
{
    gg__space s;
    s.col = c->body.cell.col;
    s.row = c->body.cell.row;
    s.n = gg_size_cells(c->body.size);
    /* SRD 5.2 "Creature Size": a space is as deep as it is wide (a Large creature controls a
     * 10-foot square), so a body without a height stands as tall as its footprint is wide. */
    int64_t cell_in = 12 * (int64_t)gg_scene_cell_size_ft(scene);
    int64_t height = c->body.height_in > 0 ? c->body.height_in : (int64_t)s.n * cell_in;
    int64_t base = c->body.base_in;
    s.z0 = floor_div(base, cell_in);
    /* The top layer is the one holding the body's last inch: ceil((base + h) / cell) - 1. */
    s.z1 = -floor_div(-(base + height), cell_in) - 1;
    if (s.z1 < s.z0)
        s.z1 = s.z0;
    return s;
}

static int64_t gap(int64_t a0, int64_t a1, int64_t b0, int64_t b1)
{
    int64_t g = b0 - a1;
    if (a0 - b1 > g)
        g = a0 - b1;
    return g > 0 ? g : 0;
}

int64_t gg__rules_space_distance(const gg_scene *scene, const gg__space *a, const gg__space *b,
                                 gg_metric metric)
{
    int64_t x = gap(a->col, (int64_t)a->col + a->n - 1, b->col, (int64_t)b->col + b->n - 1);
    int64_t y = gap(a->row, (int64_t)a->row + a->n - 1, b->row, (int64_t)b->row + b->n - 1);
    int64_t z = gap(a->z0, a->z1, b->z0, b->z1);
    /* Sort the axis gaps: hi >= mid >= lo. */
    int64_t hi = x, mid = y, lo = z, t;
    if (mid > hi) {
        t = hi;
        hi = mid;
        mid = t;
    }
    if (lo > mid) {
        t = mid;
        mid = lo;
        lo = t;
    }
    if (mid > hi) {
        t = hi;
        hi = mid;
        mid = t;
    }
    int64_t squares;
    switch (metric) {
    case GG_METRIC_ALTERNATING:
        /* 5-10-5 over three axes: a shortest route takes hi steps of which mid move on two or
         * more axes; every second such diagonal costs double (gg_metric_distance() in 2-D). */
        squares = hi + mid / 2;
        break;
    case GG_METRIC_MANHATTAN:
        squares = hi + mid + lo;
        break;
    case GG_METRIC_CHEBYSHEV:
    case GG_METRIC_EUCLIDEAN: /* refused by gg__rules_check_def() */
    default:
        /* SRD 5.2 "Diagonals": every square counts one, whatever the direction. */
        squares = hi;
        break;
    }
    return squares * (int64_t)gg_scene_cell_size_ft(scene);
}

bool gg__rules_space_has(const gg__space *s, gg_cell c)
{
    return c.col >= s->col && c.col < s->col + s->n && c.row >= s->row && c.row < s->row + s->n;
}

int32_t gg__rules_space_cells(const gg__space *s, bool all) { return all ? s->n * s->n : 1; }

gg_cell gg__rules_space_cell(const gg__space *s, bool all, int32_t k)
{
    if (!all)
        return gg_cell_make(s->col, s->row);
    return gg_cell_make(s->col + k % s->n, s->row + k / s->n);
}

gg_status gg__rules_prologue(const gg_scene *scene, const gg_creature *creatures, int32_t count,
                             int32_t a, int32_t b, const gg_rules_def *def, gg__roster *r)
{
    gg_status st = gg__rules_roster_sized(scene, creatures, count, true, r);
    if (st != GG_OK)
        return st;
    st = gg__rules_check_def(def);
    if (st != GG_OK)
        return st;
    if (a < 0 || a >= count || b < 0 || b >= count)
        return GG_E_INVALID_ARG;
    return GG_OK;
}

gg_status gg_rules_distance(const gg_scene *scene, const gg_creature *creatures, int32_t count,
                            int32_t a, int32_t b, const gg_rules_def *def, int32_t *out_ft)
{
    if (out_ft == NULL)
        return GG_E_INVALID_ARG;
    *out_ft = 0;
    gg__roster r;
    gg_status st = gg__rules_prologue(scene, creatures, count, a, b, def, &r);
    if (st != GG_OK)
        return st;
    gg_creature ca = gg__rules_get(&r, a), cb = gg__rules_get(&r, b);
    gg__space sa = gg__rules_space(scene, &ca), sb = gg__rules_space(scene, &cb);
    int64_t d = gg__rules_space_distance(scene, &sa, &sb, def->metric);
    if (d > INT32_MAX)
        return GG_E_TOO_LARGE;
    *out_ft = (int32_t)d;
    return GG_OK;
}

/* Is `c` a square of some living tracked creature other than the two named ones? */
static bool occupied_by_other(const gg__roster *r, int32_t skip_a, int32_t skip_b,
                              const gg_scene *scene, gg_cell c)
{
    for (int32_t i = 0; i < r->count; i++) {
        if (i == skip_a || i == skip_b)
            continue;
        gg_creature o = gg__rules_get(r, i);
        if (!gg__rules_present(&o))
            continue;
        gg__space s = gg__rules_space(scene, &o);
        if (gg__rules_space_has(&s, c))
            return true;
    }
    return false;
}

/* Nat20's cover_between from square a to square b (SRD 5.2 "Cover"), computed here so that the
 * occupied squares are whole spaces and the target's own tag can be left out: walls with a
 * cover value (gg_scene_wall_cover_between()), then along the Bresenham walk, skipping `a`: a
 * blocked square other than `b` is total; each square's own tag counts (`b`'s only unless
 * far_side: SRD "originates on the opposite side of the cover", and nothing lies between a
 * target and its own square); a creature's square other than `b` gives Half Cover at most.
 * With creatures == false nobody is an obstacle (the total-cover gate of targeting). */
static gg_status pair_cover(const gg_scene *scene, const gg__roster *r, int32_t skip_a,
                            int32_t skip_b, gg_cell a, gg_cell b, bool creatures, bool far_side,
                            gg_cover *out)
{
    gg_cover best = GG_COVER_NONE;
    gg_status st = gg_scene_wall_cover_between(scene, a, b, &best);
    if (st != GG_OK)
        return st;
    gg_line_iter it = gg_line_begin(a, b);
    gg_cell c;
    while (gg_line_next(&it, &c)) {
        if (gg_cell_eq(c, a))
            continue;
        bool is_target = gg_cell_eq(c, b);
        if (!is_target) {
            bool valid = false;
            st = gg_scene_is_valid_cell(scene, c, &valid);
            if (st != GG_OK)
                return st;
            if (!valid) {
                *out = GG_COVER_TOTAL;
                return GG_OK;
            }
        }
        gg_cover here = GG_COVER_NONE;
        if (!is_target || !far_side) {
            /* The raw tag: a blocked target square keeps its own tag, as in cover_between. */
            int32_t tag = 0;
            st = gg_scene_cell_tags(scene, GG_TAG_COVER, c, 1, &tag);
            if (st != GG_OK)
                return st;
            here = (gg_cover)tag;
        }
        if (creatures && !is_target && here < GG_COVER_HALF &&
            occupied_by_other(r, skip_a, skip_b, scene, c))
            here = GG_COVER_HALF;
        if (here > best)
            best = here;
    }
    *out = best;
    return GG_OK;
}

gg_status gg__rules_attack_check(const gg_scene *scene, const gg__roster *r, int32_t attacker,
                                 const gg_creature *att, int32_t target,
                                 const gg_creature *target_at, int32_t range_ft,
                                 const gg_rules_def *def, gg_attack_check *out)
{
    out->check = GG_TARGET_OUT_OF_RANGE;
    out->cover = GG_COVER_NONE;
    out->from = att->body.cell;
    out->to = target_at->body.cell;
    gg__space sa = gg__rules_space(scene, att), st_ = gg__rules_space(scene, target_at);
    int64_t d = gg__rules_space_distance(scene, &sa, &st_, def->metric);
    out->distance_ft = d > INT32_MAX ? INT32_MAX : (int32_t)d;
    /* SRD 5.2 "Range" and "Reach": measured from the attacker's space to the target's. */
    if (d > range_ft)
        return GG_OK;
    bool any_los = false, found = false;
    gg_cover best = GG_COVER_TOTAL;
    int32_t na = gg__rules_space_cells(&sa, def->any_square);
    int32_t nt = gg__rules_space_cells(&st_, def->any_square);
    for (int32_t i = 0; i < na && !(found && best == GG_COVER_NONE); i++) {
        gg_cell from = gg__rules_space_cell(&sa, def->any_square, i);
        for (int32_t j = 0; j < nt; j++) {
            gg_cell to = gg__rules_space_cell(&st_, def->any_square, j);
            bool los = false;
            gg_status s = gg_scene_has_line_of_sight(scene, from, to, &los);
            if (s != GG_OK && s != GG_E_OUT_OF_BOUNDS)
                return s;
            if (!los)
                continue;
            any_los = true;
            /* "Spells: A Clear Path to the Target": no total cover, creatures aside. */
            gg_cover bare = GG_COVER_NONE;
            s = pair_cover(scene, r, attacker, target, from, to, false, def->cover_far_side, &bare);
            if (s != GG_OK)
                return s;
            if (bare == GG_COVER_TOTAL)
                continue;
            gg_cover with = GG_COVER_NONE;
            s = pair_cover(scene, r, attacker, target, from, to, true, def->cover_far_side, &with);
            if (s != GG_OK)
                return s;
            /* The attacker chooses: the least cover, the first such pair on a tie. */
            if (!found || with < best) {
                found = true;
                best = with;
                out->from = from;
                out->to = to;
                if (best == GG_COVER_NONE)
                    break;
            }
        }
    }
    if (found) {
        out->check = GG_TARGET_OK;
        out->cover = best;
    } else {
        out->check = any_los ? GG_TARGET_TOTAL_COVER : GG_TARGET_NO_LINE_OF_SIGHT;
        out->from = att->body.cell;
        out->to = target_at->body.cell;
    }
    return GG_OK;
}

gg_status gg_rules_check_attack(const gg_scene *scene, const gg_creature *creatures, int32_t count,
                                int32_t attacker, int32_t target, int32_t range_ft,
                                const gg_rules_def *def, gg_attack_check *out)
{
    if (out == NULL)
        return GG_E_INVALID_ARG;
    out->check = GG_TARGET_OUT_OF_RANGE;
    out->cover = GG_COVER_NONE;
    out->from = out->to = gg_cell_make(0, 0);
    out->distance_ft = 0;
    gg__roster r;
    gg_status st = gg__rules_prologue(scene, creatures, count, attacker, target, def, &r);
    if (st != GG_OK)
        return st;
    if (range_ft < 0)
        return GG_E_INVALID_ARG;
    gg_creature a = gg__rules_get(&r, attacker), t = gg__rules_get(&r, target);
    if (!a.tracked || !t.tracked)
        return GG_E_OUT_OF_BOUNDS;
    st = gg__rules_attack_check(scene, &r, attacker, &a, target, &t, range_ft, def, out);
    if (st != GG_OK) {
        out->check = GG_TARGET_OUT_OF_RANGE;
        out->cover = GG_COVER_NONE;
    }
    return st;
}
