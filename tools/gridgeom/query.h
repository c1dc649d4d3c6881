/* query.h - the JSON-lines query evaluator behind `gridgeom query`: the Nat20 ops (the ops and
 * field names of the Nat20 conformance vectors, nat20_eval.c) and the library's own ops (the op
 * table of ops.h). Layer: tools. */
#ifndef GG_TOOLS_QUERY_H
#define GG_TOOLS_QUERY_H

#include <stdio.h>

#include <gridgeom/hex.h>
#include <gridgeom/topology.h>
#include <jansson.h>

typedef struct gg_cli_query {
    gg_scene *scene;             /* borrowed; NULL when a hex board is loaded */
    gg_hex_board *board;         /* borrowed; NULL when a square map is loaded */
    const gg_allocator *mem;     /* the run's allocator */
    gg_scratch *scratch;         /* made on first use */
    gg_hex_scratch *hex_scratch; /* made on first use */
} gg_cli_query;

void gg_cli_query_init(gg_cli_query *ctx, gg_scene *scene, gg_hex_board *board,
                       const gg_allocator *mem);
void gg_cli_query_finish(gg_cli_query *ctx);

/* Answers one query object (a Nat20 error answer such as {"error": "ValueError"} is an answer).
 * NULL when the query itself is wrong (unknown op, missing, unknown or mistyped field) or the
 * library refused it: msg then says why. Edit ops change the scene for later queries. */
json_t *gg_cli_query_eval(gg_cli_query *ctx, json_t *q, char *msg, size_t msgcap);

/* Prints every op and its schema. */
void gg_cli_query_list_ops(FILE *out);

#endif
