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

/* The same checks for the every-size calls: with `any_size` every gg_size is accepted, the
 * whole footprint of a tracked creature must be on the map and the body's heights in range.
 * Without it, exactly gg__rules_check_creature() / gg__rules_roster(). */
gg_status gg__rules_check_creature_sized(const gg_scene *scene, const gg_creature *c, int32_t count,
                                         bool any_size);
gg_status gg__rules_roster_sized(const gg_scene *scene, const gg_creature *creatures, int32_t count,
                                 bool any_size, gg__roster *out);

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

/* ---- Every-size helpers (space.c) ---------------------------------------------------------- */

/* A creature's space: its footprint squares and the cell-size layers its body spans. */
typedef struct gg__space {
    int32_t col, row, n; /* anchor and footprint side */
    int64_t z0, z1;      /* lowest and highest layer, inclusive */
} gg__space;

/* Checks a gg_rules_def (GG_E_BAD_DEF, GG_E_INVALID_ARG for its metric). */
gg_status gg__rules_check_def(const gg_rules_def *def);

/* The checks every every-size call starts with: the roster (any size), the def, and two
 * indices in [0, count). */
gg_status gg__rules_prologue(const gg_scene *scene, const gg_creature *creatures, int32_t count,
                             int32_t a, int32_t b, const gg_rules_def *def, gg__roster *r);

/* The space of `c` on `scene` (cell-size layers). */
gg__space gg__rules_space(const gg_scene *scene, const gg_creature *c);

/* The distance in feet between two spaces under `metric` (the 3-D rule of rules.h). */
int64_t gg__rules_space_distance(const gg_scene *scene, const gg__space *a, const gg__space *b,
                                 gg_metric metric);

/* True when cell `c` is one of the squares of `s`. */
bool gg__rules_space_has(const gg__space *s, gg_cell c);

/* The squares a call traces from: all of the space with `all`, else the anchor only. */
int32_t gg__rules_space_cells(const gg__space *s, bool all);
gg_cell gg__rules_space_cell(const gg__space *s, bool all, int32_t k);

/* The attack check of gg_rules_check_attack() on a checked roster (attacker and target
 * tracked), with `target_at` standing in for the target (it may be moved along a route). */
gg_status gg__rules_attack_check(const gg_scene *scene, const gg__roster *r, int32_t attacker,
                                 const gg_creature *att, int32_t target,
                                 const gg_creature *target_at, int32_t range_ft,
                                 const gg_rules_def *def, gg_attack_check *out);

/* gg_rules_sees() on a checked roster; `conditions` false gives the raw sight (Blinded and
 * Invisible ignored) of the unseen sources. */
gg_status gg__rules_sees_def(const gg_scene *scene, const gg_creature *viewer,
                             const gg_creature *target, const gg_rules_def *def, bool conditions,
                             bool *out_seen);

#endif
