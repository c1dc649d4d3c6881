/* query.c - the query evaluator of `gridgeom query`: one JSON object per line, answered by the
 * library's own ops (the op table of ops.h, by family in ops_*.c) or by the Nat20 ops (the ops
 * and field names of the conformance vectors, tests/data/conformance/nat20_grid.jsonl, answered
 * in Nat20's JSON shape by nat20_eval.c, shared with the conformance checker). Every line's
 * fields are checked against its op's schema before the op runs. Layer: tools. */
#include "query.h"

#include "nat20_eval.h"
#include "ops.h"

#include <stdio.h>

void gg_cli_query_init(gg_cli_query *ctx, gg_scene *scene, gg_hex_board *board,
                       const gg_allocator *mem)
{
    ctx->scene = scene;
    ctx->board = board;
    ctx->mem = mem;
    ctx->scratch = NULL;
    ctx->hex_scratch = NULL;
}

void gg_cli_query_finish(gg_cli_query *ctx)
{
    gg_scratch_destroy(ctx->scratch);
    ctx->scratch = NULL;
    gg_hex_scratch_destroy(ctx->hex_scratch);
    ctx->hex_scratch = NULL;
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
    const gg_cli_op *lop = gg_cli_find_op(name);
    if (lop != NULL) {
        if (!gg_cli_check_schema(lop, q, msg, msgcap)) {
            return NULL;
        }
        gg_cli_ctx c = {ctx->scene, ctx->board, ctx->mem, &ctx->scratch, ctx->hex_scratch};
        json_t *r = gg_cli_run_op(lop, &c, q, msg, msgcap);
        ctx->hex_scratch = c.hex_scratch;
        return r;
    }
    const gg_n20_op *op = gg_n20_find_op(name);
    if (op == NULL) {
        snprintf(msg, msgcap, "unknown op \"%.60s\" (gridgeom query --help lists the ops)", name);
        return NULL;
    }
    if (!gg_n20_check_fields(op, q, true, msg, msgcap)) {
        return NULL;
    }
    if (ctx->scene == NULL && gg_n20_op_needs_scene(op)) {
        snprintf(msg, msgcap, "%s: needs a square map (a hex board is loaded)", name);
        return NULL;
    }
    return gg_n20_answer(op, q, ctx->scene, &ctx->scratch, msg, msgcap);
}

void gg_cli_query_list_ops(FILE *out)
{
    fputs("\n Nat20 ops (Nat20's field names and answer shapes, docs/nat20.md; as in Nat20 a\n"
          " malformed cell id stands for an off-map cell):\n",
          out);
    gg_n20_list_ops(out);
    gg_cli_list_ops(out);
}
