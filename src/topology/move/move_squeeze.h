/* move_squeeze.h - the separate, slower search of routes that may squeeze (move_squeeze.c).
 * Layer: topology (private). */
#ifndef GG_SRC_TOPOLOGY_MOVE_SQUEEZE_H
#define GG_SRC_TOPOLOGY_MOVE_SQUEEZE_H

#include "topology/move/move_internal.h"

/* gg_scene_squeeze_path() with squeezing switched by `squeeze`. Without it the search follows
 * the movement model of topology.h exactly (the whole footprint everywhere), so its costs equal
 * gg_scene_lowest_cost_path()'s and its routes gg_move_field_path()'s: the tests hold this
 * plain Dijkstra against the fast engines. */
gg_status gg__mv_squeeze_path(const gg_scene *scene, gg_scratch *scratch, gg_cell a, gg_cell b,
                              int32_t parity, const gg_move_def *def, bool squeeze, gg_cell *out,
                              bool *out_squeezing, int32_t capacity, int32_t *out_count,
                              gg_metric_cost *out_cost);

#endif
