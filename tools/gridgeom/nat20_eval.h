/* nat20_eval.h - the Nat20 query ops (the ops and field names of the conformance vectors,
 * tests/data/conformance/nat20_grid.jsonl) answered in Nat20's JSON shape, on a scene read by
 * gg_scene_import(). Shared by `gridgeom query` and the conformance checker; depends on jansson
 * and the public headers. Layer: tools. */
#ifndef GG_TOOLS_NAT20_EVAL_H
#define GG_TOOLS_NAT20_EVAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <gridgeom/topology.h>
#include <jansson.h>

/* One query op (an entry of a static table). */
typedef struct gg_n20_op gg_n20_op;

/* The op called `name`, or NULL. */
const gg_n20_op *gg_n20_find_op(const char *name);

/* False for the pure ops (parse_cell, cell_id, bresenham, segments_intersect). */
bool gg_n20_op_needs_scene(const gg_n20_op *op);

/* Every field of q other than "op" (and "id" when allow_id) must be one of the op's fields, and
 * every required field must be there. False with msg set otherwise. */
bool gg_n20_check_fields(const gg_n20_op *op, json_t *q, bool allow_id, char *msg, size_t cap);

/* Answers q (fields already checked) in Nat20's JSON shape; a Nat20 error answer such as
 * {"error": "ValueError"} is an answer. scene may be NULL for the pure ops; *scratch is created
 * on first use (the caller destroys it with gg_scratch_destroy). NULL when the query is wrong
 * (mistyped field) or memory ran out: msg, which the caller empties first, then says why. */
json_t *gg_n20_answer(const gg_n20_op *op, json_t *q, gg_scene *scene, gg_scratch **scratch,
                      char *msg, size_t msgcap);

/* Prints "  op field... [optional]" lines. */
void gg_n20_list_ops(FILE *out);

#endif
