/* area.c - gg_scene_area_cells: a template's cells trimmed by line of effect from its point of
 * origin (docs/nat20.md). Layer: topology. */
#include "core/template_walk.h"
#include "topology/scene/scene_internal.h"

/* Nat20's has_line_of_effect for on-map cells: the origin reaches itself; any other cell needs
 * line of sight and less than total cover, creatures ignored (SRD 5.2 "Areas of Effect": an
 * effect extends in straight lines from its point of origin and total cover stops it). */
static bool line_of_effect(const gg_scene *s, gg_cell origin, gg_cell c)
{
    return gg_cell_eq(origin, c) || (gg__line_of_sight(s, origin, c) &&
                                     gg__cover_between(s, origin, c, NULL, 0) != GG_COVER_TOTAL);
}

/* The filter and the output: keeps cells in template order, writes while capacity lasts and
 * counts them all. */
typedef struct area_sink {
    const gg_scene *scene;
    gg_cell origin;
    bool includes_origin;
    gg_cell *out;
    int64_t capacity;
    int64_t count;
} area_sink;

static bool keep_if_reached(void *ctx, gg_cell c)
{
    area_sink *k = (area_sink *)ctx;
    /* Nat20 drops the origin after trimming unless the template includes it (Foundry's
     * emanations, cones and lines never contain their origin; docs/nat20.md). */
    if (!k->includes_origin && gg_cell_eq(c, k->origin))
        return true;
    if (!line_of_effect(k->scene, k->origin, c))
        return true;
    if (k->count < k->capacity)
        k->out[k->count] = c;
    ++k->count;
    return true;
}

gg_status gg_scene_area_cells(const gg_scene *scene, gg_cell origin, const gg_template *tpl,
                              bool includes_origin, gg_cell *out, int32_t capacity,
                              int32_t *out_count, const char **out_reason)
{
    const char *reason_sink = NULL;
    const char **reason = out_reason != NULL ? out_reason : &reason_sink;
    *reason = NULL;
    if (out_count == NULL) {
        *reason = "out_count is NULL";
        return GG_E_INVALID_ARG;
    }
    *out_count = 0;
    if (scene == NULL || tpl == NULL) {
        *reason = scene == NULL ? "the scene pointer is NULL" : "the template pointer is NULL";
        return GG_E_INVALID_ARG;
    }
    if (capacity < 0 || (out == NULL && capacity > 0)) {
        *reason = capacity < 0 ? "capacity is negative" : "out is NULL but capacity is positive";
        return GG_E_INVALID_ARG;
    }
    /* Nat20 answers [] for an off-map origin before it looks at the template (docs/nat20.md). */
    if (!gg__in(scene, origin))
        return GG_OK;

    /* Core walks the template (and validates it, with its reasons); each cell is kept or
     * dropped as it comes, so a template larger than `out` still gets an exact trimmed count
     * without memory (GG_PARTIAL carries the full count). */
    area_sink k;
    k.scene = scene;
    k.origin = origin;
    k.includes_origin = includes_origin;
    k.out = out;
    k.capacity = capacity;
    k.count = 0;
    int64_t total = 0;
    gg_status st = gg__template_visit(tpl, origin, scene->cell_size_ft, scene->width, scene->height,
                                      keep_if_reached, &k, &total, reason);
    if (gg_failed(st))
        return st;
    /* The trimmed count never exceeds core's total, which fits int32. */
    *out_count = (int32_t)k.count;
    return k.count > capacity ? GG_PARTIAL : GG_OK;
}
