/* alloc.h - the default allocator and helpers that every allocating object uses.
 * Layer: base (private). */
#ifndef GG_SRC_BASE_ALLOC_H
#define GG_SRC_BASE_ALLOC_H

#include "gridgeom/base.h"

/* Copies *in, or the libc allocator when in is NULL. Returns false if `in` is incomplete. */
bool gg__allocator_resolve(const gg_allocator *in, gg_allocator *out);

/* Zeroed allocation of count*size bytes; NULL on overflow or failure. */
void *gg__alloc_array(const gg_allocator *a, size_t count, size_t size);
void gg__free_array(const gg_allocator *a, void *ptr, size_t count, size_t size);

#endif
