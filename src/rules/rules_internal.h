/* rules_internal.h - helpers shared by the rules modules: the creature-array view, occupancy,
 * cover with creatures and composite sight. Layer: rules. */
#ifndef GG_RULES_INTERNAL_H
#define GG_RULES_INTERNAL_H

#include <stddef.h>

#include "gridgeom/rules.h"

/* A checked creature array, read with the first element's struct_size as its stride so that a
 * host built against a newer header (larger gg_creature) still works. */
typedef struct gg__roster {
    const unsigned char *base;
    size_t stride;
    int32_t count;
} gg__roster;

/* Checks the array as rules.h promises; on success *out is usable with gg__rules_get(). */
gg_status gg__rules_roster(const gg_scene *scene, const gg_creature *creatures, int32_t count,
                           gg__roster *out);

/* Creature i of a checked roster (0 <= i < count), by value. */
gg_creature gg__rules_get(const gg__roster *r, int32_t i);

/* Checks one creature's def and fields; `count` bounds frightened_by/charmed_by (pass
 * INT32_MAX for a lone creature). */
gg_status gg__rules_check_creature(const gg_scene *scene, const gg_creature *c, int32_t count);

/* A living, tracked creature: an occupant, a possible reactor or area target. */
bool gg__rules_present(const gg_creature *c);

/* cover_between(from, to) with occupied = the cells of every present creature except the
 * indices skip_a and skip_b (GG_NO_CREATURE skips nobody). Allocation-free: creatures are fed
 * to gg_scene_cover_between() in stack-sized batches and the ranks combined by max, which is
 * exact because cover is the maximum over the cells of the walk. */
gg_status gg__rules_cover_with_creatures(const gg_scene *scene, const gg__roster *r, int32_t skip_a,
                                         int32_t skip_b, gg_cell from, gg_cell to, gg_cover *out);

/* The composite sight of gg_rules_can_see() on creatures already checked. */
gg_status gg__rules_sees(const gg_scene *scene, const gg_creature *viewer,
                         const gg_creature *target, bool *out_seen);

#endif
