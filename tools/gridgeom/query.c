/* query.c - the query evaluator of `gridgeom query`: one JSON object per line with the ops and
 * field names of the Nat20 conformance vectors (tests/data/conformance/nat20_grid.jsonl), answered
 * on a loaded scene in Nat20's JSON shape by nat20_eval.c (shared with the conformance checker).
 * Layer: tools. */
#include "query.h"

#include "nat20_eval.h"

#include <stdio.h>

void gg_cli_query_init(gg_cli_query *ctx, gg_scene *scene)
{
    ctx->scene = scene;
    ctx->scratch = NULL;
}

void gg_cli_query_finish(gg_cli_query *ctx)
{
    gg_scratch_destroy(ctx->scratch);
    ctx->scratch = NULL;
}

json_t *gg_cli_query_eval(gg_cli_query *ctx, json_t *q, char *msg, size_t msgcap)
{
    if (msgcap > 0) {
        msg[0] = '\0';
    }
    json_t *jop = json_object_get(q, "op");
    if (!json_is_object(q) || !json_is_string(jop)) {
        snprintf(msg, msgcap, "a query is a JSON object with a string \"op\"");
        return NULL;
    }
    const char *name = json_string_value(jop);
    const gg_n20_op *op = gg_n20_find_op(name);
    if (op == NULL) {
        snprintf(msg, msgcap, "unknown op \"%.60s\" (gridgeom query --help lists the ops)", name);
        return NULL;
    }
    if (!gg_n20_check_fields(op, q, true, msg, msgcap)) {
        return NULL;
    }
    return gg_n20_answer(op, q, ctx->scene, &ctx->scratch, msg, msgcap);
}

void gg_cli_query_list_ops(FILE *out) { gg_n20_list_ops(out); }
