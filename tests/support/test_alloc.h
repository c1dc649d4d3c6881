/* test_alloc.h - a counting allocator for tests that can fail the Nth call or every call after
 * a point, so tests prove "nothing leaks" and "hot queries allocate nothing". */
#ifndef GG_TEST_ALLOC_H
#define GG_TEST_ALLOC_H

#include "gridgeom/base.h"

typedef struct gg_test_alloc {
    gg_allocator iface;
    long calls;      /* alloc calls so far */
    long fail_at;    /* the call index (0-based) that fails; -1 = never */
    bool fail_after; /* when true, every call with index >= fail_at fails */
    size_t live_bytes;
    long live_blocks;
} gg_test_alloc;

/* fail_at = -1 never fails. */
void gg_test_alloc_init(gg_test_alloc *ta, long fail_at);
/* From now on every allocation fails (used to prove queries allocate nothing). */
void gg_test_alloc_fail_from_now(gg_test_alloc *ta);

#endif
