/* grow.h - grow and retry: the op handlers' one way to call a library query that writes caller
 * arrays and answers GG_E_BUFFER_TOO_SMALL with the count it needs (docs/api.md, "Statuses and
 * outputs"): call with room for a first guess (or none, to ask), then once more with the arrays
 * grown to what it asked for. Layer: tools. */
#ifndef GG_TOOLS_GROW_H
#define GG_TOOLS_GROW_H

#include "ops.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define GG_CLI_GROW_ARRAYS 2 /* a path and its squeezed flags: the most one query writes */

/* Parallel caller arrays of `cap` elements each, from the call's allocator. */
typedef struct gg_cli_grow {
    gg_cli_call *c;
    int32_t cap;    /* elements in each array for the next call */
    int32_t calls;  /* calls readied so far (at most two) */
    int32_t arrays; /* 1 or 2 */
    bool partial;   /* GG_PARTIAL also asks for room (a trace cut short by its capacity) */
    bool failed;    /* an allocation failed: the call's message is set, the arrays are NULL */
    void *buf[GG_CLI_GROW_ARRAYS];
    size_t size[GG_CLI_GROW_ARRAYS];
} gg_cli_grow;

/* Starts with `cap` elements (0: the first call gets NULL arrays and capacity 0, to ask) in one
 * array of `size0`-byte elements, or two when `size1` is not 0. */
void gg_cli_grow_init(gg_cli_grow *g, gg_cli_call *c, int32_t cap, size_t size0, size_t size1);

/* Readies the arrays for the next call and says whether to make it: always the first time;
 * after a call that answered `st`, again only once, when `st` asks for room
 * (GG_E_BUFFER_TOO_SMALL, or GG_PARTIAL with g->partial), with the arrays grown to `need`
 * elements. False also when an allocation fails (g->failed). Use as
 * `while (gg_cli_grow_next(&g, st, count)) st = query(..., g.buf[0], g.cap, &count);`. */
bool gg_cli_grow_next(gg_cli_grow *g, gg_status st, int32_t need);

/* Frees the arrays. */
void gg_cli_grow_free(gg_cli_grow *g);

#endif
