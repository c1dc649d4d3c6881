/* visibility.c - what a creature sees under the full can_see rules, as a bitset, and visibility
 * among many creatures in one call. Layer: topology. */
#include <string.h>

#include "topology/sight/fov.h"
#include "topology/sight/sight_kernel.h"

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

/* ---- Line of sight both ways between two cells, from one walk of the kernel ------------------ */

static inline GG__SK_ALWAYS void sight_both_ways(const gg_scene *s, gg_cell a, gg_cell b, bool *ab,
                                                 bool *ba)
{
    const uint32_t mask = (uint32_t)GG_BLOCKS_SIGHT;
    unsigned r;
    if (s->sight_exact > 0)
        r = gg__sk_walk(s, a, b, mask, true, true, true);
    else if (s->sight_plain > 0)
        r = gg__sk_walk(s, a, b, mask, true, false, true);
    else
        r = (gg__sk_cells_blocked(s, a, b) ? (unsigned)GG__SK_AB : 0u) |
            (gg__sk_cells_blocked(s, b, a) ? (unsigned)GG__SK_BA : 0u);
    if (r & GG__SK_FALLBACK) {
        *ab = gg__line_of_sight_exact(s, a, b);
        *ba = gg__line_of_sight_exact(s, b, a);
        return;
    }
    *ab = (r & GG__SK_AB) == 0;
    *ba = (r & GG__SK_BA) == 0;
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
            bool ab, ba;
            if (j == i) /* only an EXACT wall through the centre can blind a cell to itself */
                ab = ba = (scene->wall_plane[(size_t)a.row * ((size_t)scene->width + 1u) +
                                             (size_t)a.col] &
                           GG__SP_EXACT) == 0 ||
                          gg__line_of_sight(scene, a, a);
            else
                sight_both_ways(scene, a, b, &ab, &ba);
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
