/* vision.c - light and obscurement accessors, Nat20's can_see, the orchestrator's range gate and
 * line of effect (docs/nat20.md). Layer: topology. */
#include "topology/sight/fov.h"
#include "topology/scene/scene_internal.h"

/* The cell's light tag, or the scene default when untagged (the plane stores gg_light values,
 * 0 = GG_LIGHT_DEFAULT = no tag). */
/* The cell's tag (or the scene default) combined with light sources, brightest winning. With no
 * sources this is exactly Nat20's lookup. */
static gg_light light_at(const gg_scene *s, gg_cell c) { return gg__light_level(s, c); }

static gg_obscurement obscurement_at(const gg_scene *s, gg_cell c)
{
    return (gg_obscurement)((s->cells[gg__idx(s, c)] & GG__OBSC_MASK) >> GG__OBSC_SHIFT);
}

gg_status gg_scene_light_on_cell(const gg_scene *scene, gg_cell c, gg_light *out_light)
{
    if (out_light == NULL)
        return GG_E_INVALID_ARG;
    *out_light = GG_LIGHT_BRIGHT;
    if (scene == NULL)
        return GG_E_INVALID_ARG;
    /* Off the map Nat20 still answers default_lighting, not an empty value (departure (c)). */
    *out_light = gg__in(scene, c) ? light_at(scene, c) : scene->default_light;
    return GG_OK;
}

gg_status gg_scene_obscurement_on_cell(const gg_scene *scene, gg_cell c,
                                       gg_obscurement *out_obscurement)
{
    if (out_obscurement == NULL)
        return GG_E_INVALID_ARG;
    *out_obscurement = GG_OBSCURE_NONE;
    if (scene == NULL)
        return GG_E_INVALID_ARG;
    if (gg__in(scene, c))
        *out_obscurement = obscurement_at(scene, c);
    return GG_OK;
}

/* Nat20's reaches(r): the sense exists and its range covers the distance. Any negative range
 * (GG_SENSE_NONE) is a missing sense; 0 reaches distance 0 only (docs/nat20.md). */
static bool sense_reaches(int32_t range_ft, int64_t dist_ft)
{
    return range_ft >= 0 && (int64_t)range_ft >= dist_ft;
}

gg_status gg_scene_can_see(const gg_scene *scene, gg_cell a, gg_cell b, const gg_senses *senses,
                           bool *out_seen)
{
    if (out_seen == NULL)
        return GG_E_INVALID_ARG;
    *out_seen = false;
    if (scene == NULL)
        return GG_E_INVALID_ARG;
    if (!gg__in(scene, a) || !gg__in(scene, b))
        return GG_E_OUT_OF_BOUNDS;

    /* 1. No line of sight: nothing, not even blindsight, perceives through it. */
    if (!gg__line_of_sight(scene, a, b))
        return GG_OK;
    /* 2. SRD 5.2 "Blindsight" and "Truesight" perceive without light and see through magical
     *    darkness and obscurement within their range. */
    int64_t dist = gg_chebyshev(a, b) * (int64_t)scene->cell_size_ft;
    if (senses != NULL &&
        (sense_reaches(senses->blindsight_ft, dist) || sense_reaches(senses->truesight_ft, dist))) {
        *out_seen = true;
        return GG_OK;
    }
    /* 3. SRD 5.2 "Heavily Obscured": vision is blocked; darkvision does not help. Only the
     *    target's cell matters, as in Nat20. */
    if (obscurement_at(scene, b) >= GG_OBSCURE_HEAVY) /* magical Darkness is heavy too */
        return GG_OK;
    /* 4. Bright or dim light: seen (a lightly obscured cell only hampers Perception). */
    if (light_at(scene, b) != GG_LIGHT_DARK) {
        *out_seen = true;
        return GG_OK;
    }
    /* 5. Darkness: SRD 5.2 "Darkvision" sees darkness as dim light within its range. */
    *out_seen = senses != NULL && sense_reaches(senses->darkvision_ft, dist);
    return GG_OK;
}

/* Line of sight and no total cover from the cells on the line, creatures ignored: the shared
 * core of the range gate and of line of effect (SRD 5.2 "Cover": total cover blocks targeting). */
static bool clear_line(const gg_scene *s, gg_cell a, gg_cell b)
{
    return gg__line_of_sight(s, a, b) && gg__cover_between(s, a, b, NULL, 0) != GG_COVER_TOTAL;
}

gg_status gg_scene_in_range_with_los(const gg_scene *scene, gg_cell a, gg_cell b, int32_t range_ft,
                                     bool *out_ok)
{
    if (out_ok == NULL)
        return GG_E_INVALID_ARG;
    *out_ok = false;
    if (scene == NULL)
        return GG_E_INVALID_ARG;
    /* Nat20's within_range is False off the map, so the gate answers false, not an error. */
    if (!gg__in(scene, a) || !gg__in(scene, b))
        return GG_OK;
    if (gg_chebyshev(a, b) * (int64_t)scene->cell_size_ft > range_ft)
        return GG_OK;
    *out_ok = clear_line(scene, a, b);
    return GG_OK;
}

gg_status gg_scene_has_line_of_effect(const gg_scene *scene, gg_cell origin, gg_cell cell,
                                      bool *out_reached)
{
    if (out_reached == NULL)
        return GG_E_INVALID_ARG;
    *out_reached = false;
    if (scene == NULL)
        return GG_E_INVALID_ARG;
    if (!gg__in(scene, origin) || !gg__in(scene, cell))
        return GG_E_OUT_OF_BOUNDS;
    /* The origin always reaches itself, even through a wall on its centre (docs/nat20.md). A
     * blocked cell in plain view is reached (its own blocked status is not cover); a cell tagged
     * total is not (its own tag counts). */
    *out_reached = gg_cell_eq(origin, cell) || clear_line(scene, origin, cell);
    return GG_OK;
}
