/* cover_rules.c - SRD 5.2 "Cover": bonuses, direct-targeting checks and the cover a target has
 * against an attack or an area. Layer: rules. */
#include <string.h>

#include "rules/rules_internal.h"

static bool cover_known(gg_cover c) { return (int)c >= GG_COVER_NONE && (int)c <= GG_COVER_TOTAL; }

const char *gg_rules_cover_name(gg_cover cover)
{
    switch (cover) {
    case GG_COVER_NONE:
        return "none";
    case GG_COVER_HALF:
        return "half";
    case GG_COVER_THREE_QUARTERS:
        return "three_quarters";
    case GG_COVER_TOTAL:
        return "total";
    }
    return "unknown";
}

const char *gg_rules_target_check_name(gg_target_check check)
{
    switch (check) {
    case GG_TARGET_OK:
        return "ok";
    case GG_TARGET_OUT_OF_RANGE:
        return "out_of_range";
    case GG_TARGET_NO_LINE_OF_SIGHT:
        return "no_line_of_sight";
    case GG_TARGET_TOTAL_COVER:
        return "total_cover";
    }
    return "unknown";
}

gg_status gg_rules_cover_bonus(gg_cover cover, gg_cover_roll roll, uint32_t flags,
                               int32_t *out_bonus)
{
    if (out_bonus == NULL)
        return GG_E_INVALID_ARG;
    *out_bonus = 0;
    if (!cover_known(cover) || (flags & ~GG_COVER_IGNORE_FOR_SAVE) != 0u)
        return GG_E_INVALID_ARG;
    bool is_save;
    switch (roll) {
    case GG_ROLL_ATTACK:
        is_save = false;
        break;
    case GG_ROLL_DEX_SAVE:
    case GG_ROLL_OTHER_SAVE:
        is_save = true;
        break;
    default:
        return GG_E_INVALID_ARG;
    }
    if (!is_save && (flags & GG_COVER_IGNORE_FOR_SAVE) != 0u)
        return GG_E_INVALID_ARG;
    /* SRD 5.2 "Cover": the bonus applies "to AC and Dexterity saving throws" only; Sacred
     * Flame's target "gains no benefit from cover for this save". */
    if (roll == GG_ROLL_OTHER_SAVE || (flags & GG_COVER_IGNORE_FOR_SAVE) != 0u)
        return GG_OK;
    switch (cover) {
    case GG_COVER_HALF:
        *out_bonus = 2;
        break;
    case GG_COVER_THREE_QUARTERS:
        *out_bonus = 5;
        break;
    case GG_COVER_NONE:
    case GG_COVER_TOTAL: /* cannot be targeted directly: no bonus to speak of */
        break;
    }
    return GG_OK;
}

gg_status gg_rules_cover_score(const gg_cover_result *cover, const gg_cover_score_def *def,
                               gg_cover_score *out)
{
    if (out == NULL)
        return GG_E_INVALID_ARG;
    memset(out, 0, sizeof *out);
    out->degree = GG_COVER_NONE;
    if (cover == NULL || def == NULL)
        return GG_E_INVALID_ARG;
    if (def->struct_size < (uint32_t)sizeof *def)
        return GG_E_BAD_DEF;
    if ((uint32_t)def->edition > (uint32_t)GG_COVER_EDITION_PF1 || !cover_known(cover->degree) ||
        (uint32_t)def->ignore_up_to > (uint32_t)GG_COVER_THREE_QUARTERS ||
        (uint32_t)cover->obstruction > (uint32_t)GG_OBSTRUCTION_TOTAL)
        return GG_E_INVALID_ARG;
    gg_cover degree = cover->degree;
    /* A feature that ignores half and three-quarters cover never ignores total cover. */
    if (degree != GG_COVER_TOTAL && degree <= def->ignore_up_to)
        degree = GG_COVER_NONE;
    out->degree = degree;
    switch (def->edition) {
    case GG_COVER_EDITION_5E:
        /* SRD 5.2 "Cover": +2 half, +5 three-quarters; total can't be targeted. */
        out->total = degree == GG_COVER_TOTAL;
        return gg_rules_cover_bonus(degree, GG_ROLL_ATTACK, 0u, &out->ac_bonus);
    case GG_COVER_EDITION_35:
    case GG_COVER_EDITION_PF1: {
        /* 3.5 SRD "Cover": cover +4, improved cover +8 (the heavy bucket), total cover; Pathfinder
         * adds partial cover, +2, for the slight bucket. Soft cover is cover from creatures. */
        static const int32_t bonus35[5] = {0, 4, 4, 8, 0};
        bool pf1 = def->edition == GG_COVER_EDITION_PF1;
        out->total = cover->obstruction == GG_OBSTRUCTION_TOTAL;
        out->ac_bonus = pf1 && cover->obstruction == GG_OBSTRUCTION_SLIGHT
                            ? 2
                            : bonus35[cover->obstruction];
        out->soft = !out->total && cover->obstruction != GG_OBSTRUCTION_NONE &&
                    (cover->flags & (uint32_t)GG_COVER_FLAG_SOFT) != 0u;
        return GG_OK;
    }
    }
    return GG_E_INVALID_ARG; /* validated above: unreachable */
}

gg_status gg_rules_cover_targetable(gg_cover cover, bool *out_targetable)
{
    if (out_targetable == NULL)
        return GG_E_INVALID_ARG;
    *out_targetable = false;
    if (!cover_known(cover))
        return GG_E_INVALID_ARG;
    *out_targetable = cover != GG_COVER_TOTAL;
    return GG_OK;
}

gg_status gg_rules_check_target(const gg_scene *scene, gg_cell from, gg_cell to, int32_t range_ft,
                                gg_target_check *out_check)
{
    if (out_check == NULL)
        return GG_E_INVALID_ARG;
    *out_check = GG_TARGET_OUT_OF_RANGE;
    if (scene == NULL || range_ft < 0)
        return GG_E_INVALID_ARG;
    if (!gg_scene_contains(scene, from) || !gg_scene_contains(scene, to))
        return GG_E_OUT_OF_BOUNDS;
    bool ok = false;
    gg_status st = gg_scene_within_range(scene, from, to, range_ft, &ok);
    if (st != GG_OK)
        return st;
    if (!ok)
        return GG_OK;
    st = gg_scene_has_line_of_sight(scene, from, to, &ok);
    if (st != GG_OK)
        return st;
    if (!ok) {
        *out_check = GG_TARGET_NO_LINE_OF_SIGHT;
        return GG_OK;
    }
    /* Nat20's gate ignores creatures: another creature never gives more than half cover. */
    gg_cover cover = GG_COVER_NONE;
    st = gg_scene_cover_between(scene, from, to, NULL, 0, &cover);
    if (st != GG_OK)
        return st;
    *out_check = cover == GG_COVER_TOTAL ? GG_TARGET_TOTAL_COVER : GG_TARGET_OK;
    return GG_OK;
}

gg_status gg_rules_target_cover(const gg_scene *scene, const gg_creature *creatures, int32_t count,
                                int32_t caster, int32_t target, const gg_cell *area_origin,
                                gg_cover *out_cover)
{
    if (out_cover == NULL)
        return GG_E_INVALID_ARG;
    *out_cover = GG_COVER_NONE;
    gg__roster r;
    gg_status st = gg__rules_roster(scene, creatures, count, &r);
    if (st != GG_OK)
        return st;
    if (caster < 0 || caster >= count || target < 0 || target >= count)
        return GG_E_INVALID_ARG;
    gg_creature c = gg__rules_get(&r, caster);
    gg_creature t = gg__rules_get(&r, target);
    if (!c.tracked || !t.tracked)
        return GG_E_OUT_OF_BOUNDS;
    if (area_origin == NULL)
        /* An attack: the attacker's own body is not between it and the target. */
        return gg__rules_cover_with_creatures(scene, &r, caster, target, c.body.cell, t.body.cell,
                                              out_cover);
    if (!gg_scene_contains(scene, *area_origin))
        return GG_E_OUT_OF_BOUNDS;
    if (gg_cell_eq(*area_origin, t.body.cell))
        /* A burst centred on the target: only what the target stands in protects it. */
        return gg_scene_cover_on_cell(scene, t.body.cell, out_cover);
    /* An area: the caster is an obstacle like any creature (Nat20, docs/nat20.md). */
    return gg__rules_cover_with_creatures(scene, &r, target, GG_NO_CREATURE, *area_origin,
                                          t.body.cell, out_cover);
}
