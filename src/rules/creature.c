/* creature.c - checks creature arrays and reads them with their own stride (rules.h "Creatures").
 * Layer: rules. */
#include <string.h>

#include "rules/rules_internal.h"

static bool sense_ok(int32_t ft) { return ft >= GG_SENSE_NONE; }

gg_status gg__rules_check_creature(const gg_scene *scene, const gg_creature *c, int32_t count)
{
    return gg__rules_check_creature_sized(scene, c, count, false);
}

gg_status gg__rules_check_creature_sized(const gg_scene *scene, const gg_creature *c, int32_t count,
                                         bool any_size)
{
    if (c == NULL)
        return GG_E_INVALID_ARG;
    if (c->struct_size < (uint32_t)sizeof(gg_creature))
        return GG_E_BAD_DEF;
    int32_t side = gg_size_cells(c->body.size);
    /* The Nat20-compatible calls keep refusing footprints larger than 1x1 (their documented
     * answer); the every-size calls of rules.h take any size and read the body's heights. */
    if (side == 0 || (!any_size && side != 1))
        return GG_E_INVALID_ARG;
    if (any_size &&
        (c->body.base_in > GG_COVER_HEIGHT_LIMIT || c->body.base_in < -GG_COVER_HEIGHT_LIMIT ||
         c->body.height_in < 0 || c->body.height_in > GG_COVER_HEIGHT_LIMIT))
        return GG_E_INVALID_ARG;
    if (c->reach_ft < 0 || c->speed_ft < 0 || c->movement_left_ft < 0)
        return GG_E_INVALID_ARG;
    if (!sense_ok(c->senses.darkvision_ft) || !sense_ok(c->senses.blindsight_ft) ||
        !sense_ok(c->senses.tremorsense_ft) || !sense_ok(c->senses.truesight_ft))
        return GG_E_INVALID_ARG;
    if ((c->body.conditions & ~GG_CONDITION_ALL) != 0u)
        return GG_E_INVALID_ARG;
    if (c->frightened_by < GG_NO_CREATURE || c->frightened_by >= count ||
        c->charmed_by < GG_NO_CREATURE || c->charmed_by >= count)
        return GG_E_INVALID_ARG;
    if (c->tracked && (!gg_scene_contains(scene, c->body.cell) ||
                       !gg_scene_contains(scene, gg_cell_make(c->body.cell.col + side - 1,
                                                              c->body.cell.row + side - 1))))
        return GG_E_OUT_OF_BOUNDS;
    return GG_OK;
}

gg_status gg__rules_roster(const gg_scene *scene, const gg_creature *creatures, int32_t count,
                           gg__roster *out)
{
    return gg__rules_roster_sized(scene, creatures, count, false, out);
}

gg_status gg__rules_roster_sized(const gg_scene *scene, const gg_creature *creatures, int32_t count,
                                 bool any_size, gg__roster *out)
{
    out->base = NULL;
    out->stride = sizeof(gg_creature);
    out->count = 0;
    if (scene == NULL || count < 0 || (creatures == NULL && count > 0))
        return GG_E_INVALID_ARG;
    if (count > GG_RULES_MAX_CREATURES)
        return GG_E_TOO_LARGE;
    if (count == 0)
        return GG_OK;
    uint32_t stride = creatures[0].struct_size;
    if (stride < (uint32_t)sizeof(gg_creature))
        return GG_E_BAD_DEF;
    const unsigned char *base = (const unsigned char *)creatures;
    /* Two passes: every def first, so a bad stamp is reported as GG_E_BAD_DEF before any field
     * of a misread element is judged. */
    for (int32_t i = 0; i < count; i++) {
        uint32_t size;
        memcpy(&size, base + (size_t)i * stride, sizeof size);
        if (size != stride)
            return GG_E_BAD_DEF;
    }
    out->base = base;
    out->stride = stride;
    out->count = count;
    for (int32_t i = 0; i < count; i++) {
        gg_creature c = gg__rules_get(out, i);
        gg_status st = gg__rules_check_creature_sized(scene, &c, count, any_size);
        if (st != GG_OK) {
            out->base = NULL;
            out->count = 0;
            return st;
        }
    }
    return GG_OK;
}

gg_creature gg__rules_get(const gg__roster *r, int32_t i)
{
    /* Copy the fields this version knows; a longer (newer) element's tail is not ours. */
    gg_creature c;
    memcpy(&c, r->base + (size_t)i * r->stride, sizeof c);
    return c;
}

bool gg__rules_present(const gg_creature *c) { return c->alive && c->tracked; }

#define COVER_BATCH 64

gg_status gg__rules_cover_with_creatures(const gg_scene *scene, const gg__roster *r, int32_t skip_a,
                                         int32_t skip_b, gg_cell from, gg_cell to, gg_cover *out)
{
    gg_cell batch[COVER_BATCH];
    int32_t n = 0;
    gg_cover best = GG_COVER_NONE;
    gg_status st = gg_scene_cover_between(scene, from, to, NULL, 0, &best);
    if (st != GG_OK) {
        *out = GG_COVER_NONE;
        return st;
    }
    for (int32_t i = 0; i < r->count && best < GG_COVER_HALF; i++) {
        if (i == skip_a || i == skip_b)
            continue;
        gg_creature c = gg__rules_get(r, i);
        if (!gg__rules_present(&c))
            continue;
        batch[n++] = c.body.cell;
        if (n == COVER_BATCH || i == r->count - 1) {
            gg_cover part = GG_COVER_NONE;
            st = gg_scene_cover_between(scene, from, to, batch, n, &part);
            if (st != GG_OK) {
                *out = GG_COVER_NONE;
                return st;
            }
            if (part > best)
                best = part;
            n = 0;
        }
    }
    if (n > 0 && best < GG_COVER_HALF) {
        gg_cover part = GG_COVER_NONE;
        st = gg_scene_cover_between(scene, from, to, batch, n, &part);
        if (st != GG_OK) {
            *out = GG_COVER_NONE;
            return st;
        }
        if (part > best)
            best = part;
    }
    *out = best;
    return GG_OK;
}
