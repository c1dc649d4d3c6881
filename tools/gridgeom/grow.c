/* grow.c - grow and retry for the op handlers' caller arrays (grow.h). Layer: tools. */
#include "grow.h"

void gg_cli_grow_init(gg_cli_grow *g, gg_cli_call *c, int32_t cap, size_t size0, size_t size1)
{
    g->c = c;
    g->cap = cap > 0 ? cap : 0;
    g->calls = 0;
    g->arrays = size1 != 0 ? 2 : 1;
    g->partial = false;
    g->failed = false;
    g->buf[0] = g->buf[1] = NULL;
    g->size[0] = size0;
    g->size[1] = size1;
}

void gg_cli_grow_free(gg_cli_grow *g)
{
    for (int32_t k = 0; k < g->arrays; k++) {
        gg_cli_free(g->c, g->buf[k], (size_t)g->cap, g->size[k]);
        g->buf[k] = NULL;
    }
}

bool gg_cli_grow_next(gg_cli_grow *g, gg_status st, int32_t need)
{
    if (g->failed || g->calls >= 2)
        return false;
    if (g->calls > 0) {
        if (st != GG_E_BUFFER_TOO_SMALL && !(g->partial && st == GG_PARTIAL))
            return false;
        gg_cli_grow_free(g);
        g->cap = need > 0 ? need : 0;
    }
    g->calls++;
    if (g->cap == 0)
        return true; /* asking: NULL arrays, capacity 0 */
    for (int32_t k = 0; k < g->arrays; k++)
        if ((g->buf[k] = gg_cli_alloc(g->c, (size_t)g->cap, g->size[k])) == NULL) {
            gg_cli_grow_free(g);
            g->failed = true;
            return false;
        }
    return true;
}
