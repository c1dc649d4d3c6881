/* party.c - what a party sees (the union of its members' views, each with its own range and
 * senses) and the per-viewer views a host keeps between edits. Layer: topology. */
#include <string.h>

#include "gridgeom/fog.h"
#include "topology/sight/fog_internal.h"

gg_status gg__viewers_check(const gg_scene *s, const gg_viewer *viewers, int32_t count)
{
    if (count < 0 || (viewers == NULL && count > 0))
        return GG_E_INVALID_ARG;
    for (int32_t i = 0; i < count; i++)
        if (viewers[i].range_ft < 0)
            return GG_E_INVALID_ARG;
    for (int32_t i = 0; i < count; i++)
        if (!gg__in(s, viewers[i].cell))
            return GG_E_OUT_OF_BOUNDS;
    return GG_OK;
}

bool gg__viewer_sees(const gg_scene *s, const gg_viewer *v, gg_cell c)
{
    int64_t d = gg_chebyshev(v->cell, c) * (int64_t)s->cell_size_ft;
    if (d > (int64_t)v->range_ft)
        return false;
    if (!v->use_senses)
        return gg__line_of_sight(s, v->cell, c);
    bool seen = false;
    return gg_scene_can_see(s, v->cell, c, &v->senses, &seen) == GG_OK && seen;
}

typedef struct keep_ctx {
    const gg_scene *s;
    const gg_viewer *v;
} keep_ctx;

/* For a viewer with senses and a range: the sweep has settled line of sight and range; the
 * rest of can_see is asked of the public query (which repeats the line of sight). */
static bool keep_can_see(void *vctx, gg_cell c)
{
    const keep_ctx *k = (const keep_ctx *)vctx;
    bool seen = false;
    return gg_scene_can_see(k->s, k->v->cell, c, &k->v->senses, &seen) == GG_OK && seen;
}

/* ORs one viewer's view into bits (checked arguments). */
static void view_into(const gg_scene *s, gg_scratch *scratch, const gg_viewer *v, uint64_t *bits)
{
    if (v->use_senses && v->range_ft == GG_RANGE_UNLIMITED) {
        /* Nothing to cut: the seen-cells sweep with its own can_see steps. */
        gg_status st = gg_scene_seen_cells(s, scratch, v->cell, &v->senses, GG_BITSET_UNION, bits,
                                           gg_scene_bitset_words(s), NULL);
        (void)st; /* arguments already checked */
        return;
    }
    int64_t side = s->width > s->height ? s->width : s->height;
    int64_t r = (int64_t)v->range_ft / s->cell_size_ft;
    keep_ctx k = {s, v};
    gg__fov_sweep(s, v->cell, r < side ? r : side, (uint32_t)GG_BLOCKS_SIGHT, scratch, bits,
                  v->use_senses ? keep_can_see : NULL, &k, NULL, NULL);
}

/* The sweeps above wrote `bits` without a tracked record; a record the scratch may hold for
 * it from an earlier tracked call must now cover the whole map, or a later
 * GG_BITSET_REPLACE_TRACKED call would leave these bits behind. */
static void forget_record(const gg_scene *s, gg_scratch *scratch, const uint64_t *bits,
                          size_t words)
{
    gg_cell origin = {0, 0};
    int64_t side = s->width > s->height ? s->width : s->height;
    gg__fov_note(scratch, s, GG_BITSET_REPLACE, bits, words, origin, side);
}

int32_t gg__bits_count(const uint64_t *bits, size_t words)
{
    int32_t n = 0;
    for (size_t i = 0; i < words; i++) {
        uint64_t x = bits[i];
        while (x != 0) {
            x &= x - 1u;
            n++;
        }
    }
    return n;
}

gg_status gg_scene_party_view(const gg_scene *scene, gg_scratch *scratch, const gg_viewer *viewers,
                              int32_t count, gg_bitset_mode mode, uint64_t *bits, size_t words,
                              int32_t *out_count)
{
    if (out_count != NULL)
        *out_count = 0;
    if (scene == NULL || bits == NULL || (scratch != NULL && !gg__scratch_fits(scratch, scene)) ||
        (mode != GG_BITSET_REPLACE && mode != GG_BITSET_UNION && mode != GG_BITSET_REPLACE_TRACKED))
        return GG_E_INVALID_ARG;
    gg_status st = gg__viewers_check(scene, viewers, count);
    if (st != GG_OK)
        return st;
    size_t all = gg_scene_bitset_words(scene);
    if (words < all)
        return GG_E_BUFFER_TOO_SMALL;
    if (mode != GG_BITSET_UNION)
        memset(bits, 0, all * sizeof *bits);
    for (int32_t i = 0; i < count; i++)
        view_into(scene, scratch, &viewers[i], bits);
    forget_record(scene, scratch, bits, words);
    if (out_count != NULL)
        *out_count = gg__bits_count(bits, all);
    return GG_OK;
}

gg_status gg__party_views_check(const gg_scene *scene, gg_scratch *scratch,
                                const gg_party_views *pv)
{
    if (scene == NULL || pv == NULL || (scratch != NULL && !gg__scratch_fits(scratch, scene)) ||
        (pv->views == NULL && pv->count > 0))
        return GG_E_INVALID_ARG;
    gg_status st = gg__viewers_check(scene, pv->viewers, pv->count);
    if (st != GG_OK)
        return st;
    if (pv->words < gg_scene_bitset_words(scene))
        return GG_E_BUFFER_TOO_SMALL;
    return GG_OK;
}

gg_status gg_scene_party_views_init(const gg_scene *scene, gg_scratch *scratch,
                                    const gg_party_views *pv)
{
    gg_status st = gg__party_views_check(scene, scratch, pv);
    if (st != GG_OK)
        return st;
    size_t all = gg_scene_bitset_words(scene);
    if (pv->party != NULL)
        memset(pv->party, 0, pv->words * sizeof *pv->party);
    for (int32_t i = 0; i < pv->count; i++) {
        uint64_t *v = pv->views + (size_t)i * pv->words;
        memset(v, 0, pv->words * sizeof *v);
        view_into(scene, scratch, &pv->viewers[i], v);
        forget_record(scene, scratch, v, pv->words);
        if (pv->party != NULL)
            for (size_t w = 0; w < all; w++)
                pv->party[w] |= v[w];
    }
    if (pv->light != NULL)
        for (int32_t r = 0; r < scene->height; r++)
            for (int32_t c = 0; c < scene->width; c++) {
                gg_cell cell = {c, r};
                pv->light[gg__idx(scene, cell)] = (uint8_t)gg__light_level(scene, cell);
            }
    return GG_OK;
}
