/* cover_corners2d.c - the 2014 DMG corner rule (docs/cover.md): the attacker picks a
 * corner of its space and a square of the target; four lines to that square's corners; 1-2
 * blocked half, 3-4 three-quarters, 4 blocked by effect-blocking obstacles total; and the
 * obstruction measure the 3.5 SRD scores (gg_rules_cover_score()). Layer: topology. */
#include "topology/cover/cover_internal.h"

#include <string.h>

/* Corner k (0 TL, 1 TR, 2 BL, 3 BR) of cell c, inset toward c's centre: the limit of a point
 * inside the square. The inset direction is 2 (centre - corner) in plan units. */
static gg__ep corner_point(gg_cell c, int k, bool exact)
{
    int64_t cx = ((int64_t)c.col + (k & 1)) * GG__PU, cy = ((int64_t)c.row + (k >> 1)) * GG__PU;
    int64_t ix = exact ? 0 : ((k & 1) ? -GG__PU : GG__PU);
    int64_t iy = exact ? 0 : ((k >> 1) ? -GG__PU : GG__PU);
    gg__ep p;
    p.x = gg__ev_make(cx, ix);
    p.y = gg__ev_make(cy, iy);
    p.z = gg__ev_make(0, 0);
    return p;
}

/* A scored line set: the counts and each line's verdict. Its endpoints follow from the pick
 * (pick_line()), so they are not stored. */
typedef struct lset {
    int32_t n, nh, nq, nt;
    int32_t bad, wmax;  /* 3.5: total lines, largest weight in tenths */
    bool any_soft_only; /* some blocked line is blocked by creatures only */
    bool any_hard;      /* some line is blocked by a non-creature */
    bool visible;
    gg_cover degree;
    gg_cover_obstruction obstruction;
    gg__lres res[16];
} lset;

static void lset_add(lset *s, const gg__lres *r, bool allow_soft)
{
    int32_t k = s->n++;
    s->res[k] = *r;
    if (r->cap >= GG_COVER_HALF)
        s->nh++;
    if (r->cap >= GG_COVER_THREE_QUARTERS)
        s->nq++;
    if (r->cap == GG_COVER_TOTAL) {
        s->nt++;
        s->bad++;
    } else {
        int32_t w = 0;
        if (r->cap_nc == GG_COVER_THREE_QUARTERS)
            w = 9;
        else if (r->cap_nc == GG_COVER_HALF)
            w = 5;
        else if (r->cap >= GG_COVER_HALF)
            w = allow_soft ? 5 : 0;
        if (w > s->wmax)
            s->wmax = w;
    }
    if (r->cap >= GG_COVER_HALF && r->cap_nc == GG_COVER_NONE)
        s->any_soft_only = true;
    if (r->cap_nc >= GG_COVER_HALF)
        s->any_hard = true;
    if (!r->sight)
        s->visible = true;
}

static void lset_score(lset *s)
{
    s->degree = gg__degree_5e(s->n, s->nh, s->nq, s->nt);
    s->obstruction = gg__obstruction(s->n, s->bad, s->wmax);
}

/* The shared ranking, gg__cover_rank_cmp(). */
static int lset_cmp(const lset *a, const lset *b, bool by_obstruction)
{
    const int32_t ka[5] = {(int32_t)a->obstruction, (int32_t)a->degree, a->nh, a->nq, a->nt};
    const int32_t kb[5] = {(int32_t)b->obstruction, (int32_t)b->degree, b->nh, b->nq, b->nt};
    return gg__cover_rank_cmp(ka, kb, by_obstruction);
}

static bool lset_perfect(const lset *s, bool by_obstruction)
{
    return s->nh == 0 && (!by_obstruction || s->obstruction == GG_OBSTRUCTION_NONE);
}

typedef struct pick {
    lset best;
    bool have;
    gg_cell source_cell, target_cell;
    int32_t corner;
    gg__ep source;
} pick;

/* Line k of the picked set: adjacent melee (16 lines) runs corner k / 4 of the source cell to
 * corner k % 4 of the target cell; otherwise (4 lines) the source point to corner k. */
static void pick_line(const pick *pk, bool melee, bool exact, int32_t k, gg__ep *from, gg__ep *to)
{
    if (melee) {
        *from = corner_point(pk->source_cell, k / 4, exact);
        *to = corner_point(pk->target_cell, k % 4, exact);
    } else {
        *from = pk->source;
        *to = corner_point(pk->target_cell, k, exact);
    }
}

static void consider(pick *pk, const lset *s, bool by_obs, gg_cell sc, int32_t corner,
                     const gg__ep *src, gg_cell tc)
{
    if (pk->have && lset_cmp(s, &pk->best, by_obs) >= 0)
        return;
    pk->best = *s;
    pk->have = true;
    pk->source_cell = sc;
    pk->corner = corner;
    pk->source = *src;
    pk->target_cell = tc;
}

static int32_t cheb_bodies(const gg_body *a, const gg_body *b)
{
    int64_t dx = 0, dy = 0;
    int32_t na = gg__side_of(a->size), nb = gg__side_of(b->size);
    if (b->cell.col > a->cell.col + na - 1)
        dx = (int64_t)b->cell.col - (a->cell.col + na - 1);
    else if (a->cell.col > b->cell.col + nb - 1)
        dx = (int64_t)a->cell.col - (b->cell.col + nb - 1);
    if (b->cell.row > a->cell.row + na - 1)
        dy = (int64_t)b->cell.row - (a->cell.row + na - 1);
    else if (a->cell.row > b->cell.row + nb - 1)
        dy = (int64_t)a->cell.row - (b->cell.row + nb - 1);
    int64_t d = dx > dy ? dx : dy;
    return d > INT32_MAX ? INT32_MAX : (int32_t)d;
}

gg_status gg__cover_corners2d(const gg__cq *q0, const gg_body *att, const gg_body *tgt,
                              gg_cover_result *out, gg_cover_line *lines, int32_t cap,
                              int32_t *nlines)
{
    const gg_cover_def *def = q0->def;
    bool by_obs = def->choice == GG_COVER_CHOICE_OBSTRUCTION;
    bool exact = def->exact_corners;
    const int32_t asz = gg__side_of(att->size), tsz = gg__side_of(tgt->size);
    gg__cq q = *q0;
    pick pk;
    memset(&pk, 0, sizeof pk);
    gg_status st;
    lset s;
    bool melee_squares = by_obs && def->kind == GG_ATTACK_MELEE && def->origin == NULL &&
                         cheb_bodies(att, tgt) == 1;
    if (melee_squares) {
        /* 3.5 adjacent melee: any line from the attacker's square to the target's square
         * through a wall, creatures ignored; all 16 corner-to-corner lines of each adjacent
         * pair of squares, scored with Ikosa's CoverValue without soft cover. */
        q.creature_cap = GG_COVER_NONE;
        for (int32_t ar = 0; ar < asz; ++ar)
            for (int32_t ac = 0; ac < asz; ++ac) {
                gg_cell a = gg_cell_make(att->cell.col + ac, att->cell.row + ar);
                for (int32_t tr = 0; tr < tsz; ++tr)
                    for (int32_t tc = 0; tc < tsz; ++tc) {
                        gg_cell t = gg_cell_make(tgt->cell.col + tc, tgt->cell.row + tr);
                        int64_t dx = (int64_t)a.col - t.col, dy = (int64_t)a.row - t.row;
                        if (dx < -1 || dx > 1 || dy < -1 || dy > 1)
                            continue;
                        memset(&s, 0, sizeof s);
                        for (int i = 0; i < 4; ++i) {
                            gg__ep p = corner_point(a, i, exact);
                            for (int j = 0; j < 4; ++j) {
                                gg__ep e = corner_point(t, j, exact);
                                gg__lres r;
                                if ((st = gg__cover_line(&q, &p, &e, &r)) != GG_OK)
                                    return st;
                                lset_add(&s, &r, false);
                            }
                        }
                        lset_score(&s);
                        gg__ep p0 = corner_point(a, 0, true);
                        consider(&pk, &s, true, a, -1, &p0, t);
                    }
            }
    } else {
        int32_t nsrc = def->origin != NULL ? 1 : asz * asz * 4;
        for (int32_t si = 0; si < nsrc && !(pk.have && lset_perfect(&pk.best, by_obs)); ++si) {
            gg__ep p;
            gg_cell a = att->cell;
            int32_t corner = -1;
            if (def->origin != NULL) {
                p.x = gg__ev_make(def->origin->x, 0);
                p.y = gg__ev_make(def->origin->y, 0);
                p.z = gg__ev_make(0, 0);
            } else {
                int32_t cell = si / 4;
                corner = si % 4;
                a = gg_cell_make(att->cell.col + cell % asz, att->cell.row + cell / asz);
                p = corner_point(a, corner, exact);
            }
            for (int32_t ti = 0; ti < tsz * tsz; ++ti) {
                gg_cell t = gg_cell_make(tgt->cell.col + ti % tsz, tgt->cell.row + ti / tsz);
                memset(&s, 0, sizeof s);
                for (int j = 0; j < 4; ++j) {
                    gg__ep e = corner_point(t, j, exact);
                    gg__lres r;
                    if ((st = gg__cover_line(&q, &p, &e, &r)) != GG_OK)
                        return st;
                    lset_add(&s, &r, true);
                }
                lset_score(&s);
                consider(&pk, &s, by_obs, a, corner, &p, t);
                if (lset_perfect(&pk.best, by_obs))
                    break;
            }
        }
    }
    const lset *b = &pk.best;
    out->degree = b->degree;
    out->obstruction = b->obstruction;
    out->flags = 0;
    if (!melee_squares && b->any_soft_only && !b->any_hard &&
        b->obstruction != GG_OBSTRUCTION_NONE && b->obstruction != GG_OBSTRUCTION_TOTAL)
        out->flags |= (uint32_t)GG_COVER_FLAG_SOFT;
    if (b->visible)
        out->flags |= (uint32_t)GG_COVER_FLAG_VISIBLE;
    out->lines = b->n;
    out->n_half = b->nh;
    out->n_three_quarters = b->nq;
    out->n_total = b->nt;
    out->source_cell = pk.source_cell;
    out->source_corner = pk.corner;
    out->source.x = (int32_t)pk.source.x.a;
    out->source.y = (int32_t)pk.source.y.a;
    out->source.z_in = 0;
    out->target_cell = pk.target_cell;
    for (int32_t k = 0; k < b->n && k < cap; ++k) {
        gg__ep from, to;
        pick_line(&pk, melee_squares, exact, k, &from, &to);
        gg__cover_fill_line(&q, &lines[k], &from, &to, &b->res[k]);
    }
    *nlines = b->n;
    return GG_OK;
}
