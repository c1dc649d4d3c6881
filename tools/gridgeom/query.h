/* query.h - the JSON-lines query evaluator behind `gridgeom query` (ops and field names of the
 * Nat20 conformance vectors). Layer: tools. */
#ifndef GG_TOOLS_QUERY_H
#define GG_TOOLS_QUERY_H

#include <stdio.h>

#include <gridgeom/topology.h>
#include <jansson.h>

typedef struct gg_cli_query {
    gg_scene *scene;     /* borrowed */
    gg_scratch *scratch; /* made on first use */
} gg_cli_query;

void gg_cli_query_init(gg_cli_query *ctx, gg_scene *scene);
void gg_cli_query_finish(gg_cli_query *ctx);

/* Answers one query object in Nat20's JSON shape (a Nat20 error answer such as
 * {"error": "ValueError"} is an answer). NULL when the query itself is wrong (unknown op, missing
 * or mistyped field): msg then says why. */
json_t *gg_cli_query_eval(gg_cli_query *ctx, json_t *q, char *msg, size_t msgcap);

/* Prints "  op field... [optional]" lines. */
void gg_cli_query_list_ops(FILE *out);

#endif
