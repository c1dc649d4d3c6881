/* fog_internal.h - helpers shared by the party view (party.c) and the change sets
 * (changes.c). Layer: topology (private). */
#ifndef GG_SRC_TOPOLOGY_FOG_INTERNAL_H
#define GG_SRC_TOPOLOGY_FOG_INTERNAL_H

#include "gridgeom/fog.h"
#include "topology/sight/fov.h"

/* GG_E_INVALID_ARG for a NULL array with count > 0, count < 0 or a negative range;
 * GG_E_OUT_OF_BOUNDS for a viewer off the scene; else GG_OK. */
gg_status gg__viewers_check(const gg_scene *s, const gg_viewer *viewers, int32_t count);

/* Whether viewer v (checked) sees the on-map cell c under its rule (range, then line of sight
 * or can_see): the per-cell definition every view of this module equals. */
bool gg__viewer_sees(const gg_scene *s, const gg_viewer *v, gg_cell c);

/* Checks a gg_party_views against the scene (as gg_scene_party_views_init() documents). */
gg_status gg__party_views_check(const gg_scene *scene, gg_scratch *scratch,
                                const gg_party_views *pv);

/* Set bits in the first `words` words. */
int32_t gg__bits_count(const uint64_t *bits, size_t words);

#endif
