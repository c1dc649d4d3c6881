/* visibility.c - what a creature sees under the full can_see rules, as a bitset, and visibility
 * among many creatures in one call. Layer: topology. */
#include <string.h>

#include "topology/sight/fov.h"
#include "topology/scene/wall_index.h"

/* ---- can_see after line of sight (Nat20's steps 2-5, docs/nat20.md) -------------------------- */

static bool reaches(int32_t range_ft, int64_t dist_ft)
{
    return range_ft >= 0 && range_ft >= dist_ft;
}

/* Steps 2-5 of Nat20's can_see, for a target already in line of sight. The light is the
 * combined light (tag or default, and sources); sources are consulted last, only for a cell
 * that is dark by its tag and beyond every sense that would settle the question. */
static bool sees_in_sight(const gg_scene *s, gg_cell a, gg_cell b, const gg_senses *senses)
{
    int64_t dist = gg_chebyshev(a, b) * (int64_t)s->cell_size_ft;
    if (senses != NULL &&
        (reaches(senses->blindsight_ft, dist) || reaches(senses->truesight_ft, dist)))
        return true;
    uint8_t byte = s->cells[gg__idx(s, b)];
    if (((byte & GG__OBSC_MASK) >> GG__OBSC_SHIFT) >= GG_OBSCURE_HEAVY) /* magical Darkness too */
        return false;
    unsigned tag = (byte & GG__LIGHT_MASK) >> GG__LIGHT_SHIFT;
    gg_light base = tag == 0 ? s->default_light : (gg_light)tag;
    if (base != GG_LIGHT_DARK)
        return true;
    /* Dark by tag: darkvision settles it either way if it reaches (darkness is seen as dim). */
    if (senses != NULL && reaches(senses->darkvision_ft, dist))
        return true;
    return s->live_lights > 0 && gg__source_lit(s, b);
}

typedef struct seen_ctx {
    const gg_scene *s;
    gg_cell viewer;
    const gg_senses *senses;
} seen_ctx;

static bool keep_seen(void *vctx, gg_cell c)
{
    const seen_ctx *k = (const seen_ctx *)vctx;
    return sees_in_sight(k->s, k->viewer, c, k->senses);
}

gg_status gg_scene_seen_cells(const gg_scene *scene, gg_scratch *scratch, gg_cell viewer,
                              const gg_senses *senses, gg_bitset_mode mode, uint64_t *bits,
                              size_t words, int32_t *out_count)
{
    if (out_count != NULL)
        *out_count = 0;
    int64_t range = 0;
    gg_status st = gg__fov_check(scene, viewer, GG_RANGE_UNLIMITED, mode, scratch, bits, words,
                                 &range);
    if (st != GG_OK)
        return st;
    seen_ctx k = {scene, viewer, senses};
    gg__fov_stats stats;
    gg__fov_sweep(scene, viewer, range, (uint32_t)GG_BLOCKS_SIGHT, scratch, bits, keep_seen, &k,
                  NULL, &stats);
    gg__fov_note(scratch, scene, mode, bits, words, viewer, stats.reach);
    if (out_count != NULL)
        *out_count = (int32_t)stats.cells_set;
    return GG_OK;
}

/* ---- Walls between two centres, judged from both ends at once ----------------------------- */

typedef struct pair_ctx {
    const gg_scene *s;
    gg_hpoint a, b;
    bool from_a, from_b; /* a wall blocks the line seen from a / from b */
} pair_ctx;

static bool pair_wall(pair_ctx *p, const gg__wall *w)
{
    if (!gg__wall_live(w) || (gg__wall_effective_blocks(w) & (uint32_t)GG_BLOCKS_SIGHT) == 0 ||
        !gg_segments_intersect(p->a, p->b, w->a, w->b))
        return false;
    const int rule = p->s->point_rule ? GG__RULE_SIGHT : GG__RULE_CLOSED;
    if (!p->from_a && gg__wall_stops(rule, w, p->a, p->b, (uint32_t)GG_BLOCKS_SIGHT))
        p->from_a = true;
    if (!p->from_b && gg__wall_stops(rule, w, p->b, p->a, (uint32_t)GG_BLOCKS_SIGHT))
        p->from_b = true;
    return p->from_a && p->from_b;
}

static bool pair_bucket(void *vctx, int32_t i, int32_t j)
{
    pair_ctx *p = (pair_ctx *)vctx;
    const gg__wall_index *ix = &p->s->index;
    size_t bkt = (size_t)j * (size_t)ix->bw + (size_t)i;
    for (uint32_t k = ix->start[bkt]; k < ix->start[bkt + 1]; ++k)
        if (pair_wall(p, &p->s->walls[ix->items[k]]))
            return true;
    return false;
}

/* The segment between the centres is symmetric; only one-way walls tell the ends apart. */
static void walls_between(const gg_scene *s, gg_cell a, gg_cell b, bool *from_a, bool *from_b)
{
    pair_ctx p = {s, gg__wall_centre(a), gg__wall_centre(b), false, false};
    if (s->live_walls > 0 &&
        ((s->point_rule && s->portal_walls > 0) || s->limited_walls > 0 || s->prox_walls > 0)) {
        /* Doorways excuse touches at open portals' ends (doorway.c), and limited walls count
         * (wall_index.c): each direction alone. */
        p.from_a = gg__segment_hits_wall(s, p.a, p.b, (uint32_t)GG_BLOCKS_SIGHT);
        p.from_b = gg__segment_hits_wall(s, p.b, p.a, (uint32_t)GG_BLOCKS_SIGHT);
    } else if (s->live_walls > 0) {
        const gg__wall_index *ix = &s->index;
        bool done = false;
        for (uint32_t k = 0; k < ix->pending_count && !done; ++k)
            done = pair_wall(&p, &s->walls[ix->pending[k]]);
        if (!done && ix->built)
            gg__for_each_bucket(p.a, p.b, (int64_t)GG__WALL_UNIT << ix->bucket_shift, 0, ix->bw,
                                ix->bh, pair_bucket, &p);
    }
    *from_a = p.from_a;
    *from_b = p.from_b;
}

gg_status gg_scene_visibility_matrix(const gg_scene *scene, const gg_cell *cells, int32_t count,
                                     const gg_senses *senses, gg_visibility_rule rule, uint8_t *out)
{
    if (scene == NULL || count < 0 || count > 46340 ||
        (count > 0 && (cells == NULL || out == NULL)))
        return GG_E_INVALID_ARG;
    if (rule != GG_VISIBILITY_LINE_OF_SIGHT && rule != GG_VISIBILITY_CAN_SEE)
        return GG_E_INVALID_ARG;
    size_t n = (size_t)count;
    if (n == 0)
        return GG_OK; /* (and out may be NULL: memset(NULL, 0, 0) is undefined) */
    memset(out, 0, n * n);
    bool can_see = rule == GG_VISIBILITY_CAN_SEE;
    for (size_t i = 0; i < n; ++i) {
        gg_cell a = cells[i];
        if (!gg__in(scene, a))
            continue;
        const gg_senses *sa = (can_see && senses != NULL) ? &senses[i] : NULL;
        for (size_t j = i; j < n; ++j) {
            gg_cell b = cells[j];
            if (!gg__in(scene, b))
                continue;
            const gg_senses *sb = (can_see && senses != NULL) ? &senses[j] : NULL;
            bool wa, wb;
            walls_between(scene, a, b, &wa, &wb);
            /* A walk whose only cells are the endpoints (same or adjacent cells) never blocks. */
            bool ab = !wa && !gg__walk_blocked(scene, a, b);
            bool ba = !wb && !gg__walk_blocked(scene, b, a);
            if (can_see) {
                ab = ab && sees_in_sight(scene, a, b, sa);
                ba = ba && sees_in_sight(scene, b, a, sb);
            }
            out[i * n + j] = ab ? 1u : 0u;
            out[j * n + i] = ba ? 1u : 0u;
        }
    }
    return GG_OK;
}
