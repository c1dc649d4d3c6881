/* cover_model.c - gg_scene_cover(): validates the query, runs one of the three cover modes
 * (tagged = Nat20's cover_between, corners_2d, corners_3d) and applies what every mode shares.
 * Layer: topology. */
#include "topology/cover/cover_internal.h"

#include <string.h>

static bool body_ok(const gg_body *b)
{
    return (uint32_t)b->size <= (uint32_t)GG_SIZE_GARGANTUAN &&
           b->base_in >= -GG_COVER_HEIGHT_LIMIT && b->base_in <= GG_COVER_HEIGHT_LIMIT &&
           b->height_in >= 0 && b->height_in <= GG_COVER_HEIGHT_LIMIT &&
           b->cell.col > INT32_MIN / 2 && b->cell.col < INT32_MAX / 2 &&
           b->cell.row > INT32_MIN / 2 && b->cell.row < INT32_MAX / 2;
}

static bool body_on_map(const gg_scene *s, const gg_body *b)
{
    int32_t n = gg__side_of(b->size);
    return b->cell.col >= 0 && b->cell.row >= 0 && (int64_t)b->cell.col + n <= s->width &&
           (int64_t)b->cell.row + n <= s->height;
}

static bool pct_ok(int32_t p) { return p >= 0 && p <= 100; }

static gg_status check_def(const gg_cover_def *d)
{
    if ((uint32_t)d->mode > (uint32_t)GG_COVER_MODE_CORNERS_3D ||
        (uint32_t)d->choice > (uint32_t)GG_COVER_CHOICE_OBSTRUCTION ||
        (uint32_t)d->kind > (uint32_t)GG_ATTACK_AREA ||
        (uint32_t)d->creature_cap > (uint32_t)GG_COVER_THREE_QUARTERS)
        return GG_E_INVALID_ARG;
    if (!pct_ok(d->boost_pct) || !pct_ok(d->melee_top_pct) || !pct_ok(d->melee_bottom_pct))
        return GG_E_INVALID_ARG;
    if (d->kind == GG_ATTACK_AREA && d->origin == NULL)
        return GG_E_INVALID_ARG;
    if (d->origin != NULL) {
        const int32_t lim = (GG_SCENE_MAX_SIDE + 64) * GG_COVER_SUBDIV;
        if (d->origin->x < -lim || d->origin->x > lim || d->origin->y < -lim ||
            d->origin->y > lim || d->origin->z_in < -GG_COVER_HEIGHT_LIMIT ||
            d->origin->z_in > GG_COVER_HEIGHT_LIMIT)
            return GG_E_INVALID_ARG;
    }
    if (d->layer_in < 0 || d->layer_in > GG_COVER_HEIGHT_LIMIT)
        return GG_E_INVALID_ARG;
    if (d->box_count < 0 || (d->boxes == NULL && d->box_count > 0))
        return GG_E_INVALID_ARG;
    for (int32_t k = 0; k < d->box_count; ++k) {
        const gg_cover_box *b = &d->boxes[k];
        if (b->min.col > b->max.col || b->min.row > b->max.row || b->z0_in >= b->z1_in ||
            b->z0_in < -GG_COVER_HEIGHT_LIMIT || b->z1_in > GG_COVER_HEIGHT_LIMIT ||
            (uint32_t)b->cap > (uint32_t)GG_COVER_TOTAL || b->min.col < -GG_SCENE_MAX_SIDE ||
            b->min.row < -GG_SCENE_MAX_SIDE || b->max.col > 2 * GG_SCENE_MAX_SIDE ||
            b->max.row > 2 * GG_SCENE_MAX_SIDE)
            return GG_E_INVALID_ARG;
    }
    return GG_OK;
}

static bool bodies_overlap(const gg_body *a, const gg_body *b)
{
    int32_t na = gg__side_of(a->size), nb = gg__side_of(b->size);
    return !(a->cell.col + na <= b->cell.col || b->cell.col + nb <= a->cell.col ||
             a->cell.row + na <= b->cell.row || b->cell.row + nb <= a->cell.row);
}

/* Mode tagged: Nat20's cover_between on the anchor cells, computed by the very function
 * gg_scene_cover_between() calls. Creatures contribute max(tag, creature_cap) on the walked
 * cells other than the two anchors, which equals cover_between's own rule for creature_cap
 * HALF, so the result is byte-identical to gg_scene_cover_between(a, b, footprint cells). */
static gg_cover tagged(const gg__cq *q, const gg_body *att, const gg_body *tgt)
{
    gg_cell a = att->cell, b = tgt->cell;
    gg_cover best = gg__cover_between(q->s, a, b, NULL, 0);
    if (best == GG_COVER_TOTAL || q->creature_cap == GG_COVER_NONE || best >= q->creature_cap)
        return best;
    gg_line_iter it = gg_line_begin(a, b);
    gg_cell c;
    while (gg_line_next(&it, &c)) {
        if (gg_cell_eq(c, a) || gg_cell_eq(c, b))
            continue;
        for (int32_t k = 0; k < q->ncreatures; ++k) {
            const gg_body *cr = &q->creatures[k];
            if (bodies_overlap(cr, att) || bodies_overlap(cr, tgt))
                continue;
            if (gg__body_has(cr, c))
                return q->creature_cap;
        }
    }
    return best;
}

static gg_cover_obstruction obstruction_of_degree(gg_cover c)
{
    switch (c) {
    case GG_COVER_NONE:
        return GG_OBSTRUCTION_NONE;
    case GG_COVER_HALF:
        return GG_OBSTRUCTION_PARTIAL;
    case GG_COVER_THREE_QUARTERS:
        return GG_OBSTRUCTION_HEAVY;
    case GG_COVER_TOTAL:
        return GG_OBSTRUCTION_TOTAL;
    }
    return GG_OBSTRUCTION_NONE;
}

gg_status gg__scene_cover_impl(const gg_scene *s, const gg_body *attacker, const gg_body *target,
                               const gg_body *creatures, int32_t creature_count,
                               const gg_cover_def *def, gg_cover_result *out,
                               gg_cover_line *out_lines, int32_t line_capacity,
                               int32_t *out_line_count, bool linear_walls)
{
    if (out_line_count != NULL)
        *out_line_count = 0;
    if (out == NULL)
        return GG_E_INVALID_ARG;
    memset(out, 0, sizeof *out);
    out->degree = GG_COVER_NONE;
    out->source_corner = -1;
    if (s == NULL || attacker == NULL || target == NULL || def == NULL)
        return GG_E_INVALID_ARG;
    if (def->struct_size < (uint32_t)sizeof *def)
        return GG_E_BAD_DEF;
    if (creature_count < 0 || (creatures == NULL && creature_count > 0) || line_capacity < 0 ||
        (out_lines == NULL && line_capacity > 0))
        return GG_E_INVALID_ARG;
    gg_status st = check_def(def);
    if (st != GG_OK)
        return st;
    if (!body_ok(attacker) || !body_ok(target))
        return GG_E_INVALID_ARG;
    for (int32_t k = 0; k < creature_count; ++k)
        if (!body_ok(&creatures[k]))
            return GG_E_INVALID_ARG;
    if (!body_on_map(s, attacker) || !body_on_map(s, target))
        return GG_E_OUT_OF_BOUNDS;

    gg__cq q;
    memset(&q, 0, sizeof q);
    q.s = s;
    q.def = def;
    q.creatures = creatures;
    q.ncreatures = creature_count;
    q.creature_cap = def->creature_cap;
    q.pinch_pass = def->pinch_pass;
    q.low_rule = def->low_obstacle_rule;
    q.three_d = def->mode == GG_COVER_MODE_CORNERS_3D;
    const gg_body *bs[2] = {attacker, target};
    for (int e = 0; e < 2; ++e) {
        q.ex_min[e] = bs[e]->cell;
        int32_t n = gg__side_of(bs[e]->size);
        q.ex_max[e] = gg_cell_make(bs[e]->cell.col + n - 1, bs[e]->cell.row + n - 1);
    }
    q.layer_u = (def->layer_in > 0 ? (int64_t)def->layer_in : (int64_t)s->cell_size_ft * 12) *
                GG__ZU;
    q.floor_in = def->floor_in;
    q.ceiling_in = def->ceiling_in;
    q.boxes = def->boxes;
    q.nboxes = def->box_count;
    q.linear_walls = linear_walls;
    bool bad_height = false;
    q.bad_height = &bad_height;

    int32_t nlines = 0;
    switch (def->mode) {
    case GG_COVER_MODE_TAGGED: {
        gg_cover c = tagged(&q, attacker, target);
        out->degree = c;
        out->obstruction = obstruction_of_degree(c);
        out->lines = 1;
        out->n_half = c >= GG_COVER_HALF;
        out->n_three_quarters = c >= GG_COVER_THREE_QUARTERS;
        out->n_total = c == GG_COVER_TOTAL;
        out->source_cell = attacker->cell;
        out->source.x = (int32_t)(attacker->cell.col * GG__PU + GG__PU / 2);
        out->source.y = (int32_t)(attacker->cell.row * GG__PU + GG__PU / 2);
        out->target_cell = target->cell;
        if (gg__line_of_sight(s, attacker->cell, target->cell))
            out->flags |= (uint32_t)GG_COVER_FLAG_VISIBLE;
        nlines = 1;
        if (line_capacity > 0) {
            gg_cover_line *l = &out_lines[0];
            memset(l, 0, sizeof *l);
            l->x0 = attacker->cell.col + 0.5;
            l->y0 = attacker->cell.row + 0.5;
            l->x1 = target->cell.col + 0.5;
            l->y1 = target->cell.row + 0.5;
            l->cap = c;
            l->by = GG_COVER_BY_NOTHING;
            l->index = -1;
        }
        break;
    }
    case GG_COVER_MODE_CORNERS_2D:
        if (bodies_overlap(attacker, target))
            break; /* coincident or overlapping spaces: none */
        st = gg__cover_corners2d(&q, attacker, target, out, out_lines, line_capacity, &nlines);
        break;
    case GG_COVER_MODE_CORNERS_3D:
        st = gg__cover_corners3d(&q, attacker, target, out, out_lines, line_capacity, &nlines);
        break;
    }
    if (st == GG_OK && bad_height)
        st = GG_E_INVALID_ARG; /* the header promises rejection, not a clamped answer */
    if (st != GG_OK) {
        memset(out, 0, sizeof *out);
        out->degree = GG_COVER_NONE;
        out->source_corner = -1;
        return st;
    }
    if (out_line_count != NULL)
        *out_line_count = nlines;
    return line_capacity > 0 && nlines > line_capacity ? GG_PARTIAL : GG_OK;
}

gg_status gg_scene_cover(const gg_scene *s, const gg_body *attacker, const gg_body *target,
                         const gg_body *creatures, int32_t creature_count, const gg_cover_def *def,
                         gg_cover_result *out, gg_cover_line *out_lines, int32_t line_capacity,
                         int32_t *out_line_count)
{
    return gg__scene_cover_impl(s, attacker, target, creatures, creature_count, def, out, out_lines,
                                line_capacity, out_line_count, false);
}
