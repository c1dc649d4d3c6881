/* conf_rules.h - the rules-layer ops of nat20_grid.jsonl (combatant_can_see, target_cover,
 * plan_move, opportunity_schedule, flee_route, best_aim), checked through include/gridgeom/rules.h.
 * Test code, not library API. */
#ifndef GG_CONF_RULES_H
#define GG_CONF_RULES_H

#include <stddef.h>

#include <jansson.h>

#include <gridgeom/topology.h>

#include "conformance.h"

/* Answers `query` (its "op" is `op`) on `scene` through the rules API and compares the answer
 * with `expect`. Unknown ops, unknown or mistyped fields are CONF_FAIL with a message. */
conf_result conf_check_rules_op(const char *op, json_t *query, json_t *expect,
                                const gg_scene *scene, char *msg, size_t msgcap);

#endif
