/* alloc.c - the default libc allocator and overflow-checked array allocation.
 * Layer: base. */
#include "base/alloc.h"

#include <stdlib.h>
#include <string.h>

static void *gg__libc_alloc(void *ctx, size_t size, size_t align)
{
    (void)ctx;
    (void)align; /* malloc's alignment covers every align we ask for (<= 16) */
    return malloc(size == 0 ? 1 : size);
}

static void gg__libc_free(void *ctx, void *ptr, size_t size)
{
    (void)ctx;
    (void)size;
    free(ptr);
}

bool gg__allocator_resolve(const gg_allocator *in, gg_allocator *out)
{
    if (in == NULL) {
        out->alloc = gg__libc_alloc;
        out->free = gg__libc_free;
        out->ctx = NULL;
        return true;
    }
    if (in->alloc == NULL || in->free == NULL)
        return false;
    *out = *in;
    return true;
}

void *gg__alloc_array(const gg_allocator *a, size_t count, size_t size)
{
    if (size != 0 && count > SIZE_MAX / size)
        return NULL;
    size_t bytes = count * size;
    void *p = a->alloc(a->ctx, bytes, 16);
    if (p != NULL)
        memset(p, 0, bytes);
    return p;
}

void gg__free_array(const gg_allocator *a, void *ptr, size_t count, size_t size)
{
    if (ptr != NULL)
        a->free(a->ctx, ptr, count * size);
}
