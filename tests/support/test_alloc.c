/* test_alloc.c - counting, failure-injecting allocator for the test suite. */
#include "test_alloc.h"

#include <stdlib.h>

static void *ta_alloc(void *ctx, size_t size, size_t align)
{
    gg_test_alloc *ta = (gg_test_alloc *)ctx;
    (void)align;
    long idx = ta->calls++;
    if (ta->fail_at >= 0 && (idx == ta->fail_at || (ta->fail_after && idx >= ta->fail_at)))
        return NULL;
    void *p = malloc(size == 0 ? 1 : size);
    if (p != NULL) {
        ta->live_bytes += size;
        ta->live_blocks++;
    }
    return p;
}

static void ta_free(void *ctx, void *ptr, size_t size)
{
    gg_test_alloc *ta = (gg_test_alloc *)ctx;
    if (ptr == NULL)
        return;
    ta->live_bytes -= size;
    ta->live_blocks--;
    free(ptr);
}

void gg_test_alloc_init(gg_test_alloc *ta, long fail_at)
{
    ta->iface.alloc = ta_alloc;
    ta->iface.free = ta_free;
    ta->iface.ctx = ta;
    ta->calls = 0;
    ta->fail_at = fail_at;
    ta->fail_after = false;
    ta->live_bytes = 0;
    ta->live_blocks = 0;
}

void gg_test_alloc_fail_from_now(gg_test_alloc *ta)
{
    ta->fail_at = ta->calls;
    ta->fail_after = true;
}
