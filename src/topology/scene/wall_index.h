/* wall_index.h - the spatial index that lets a sight line test only the walls near it.
 * Layer: topology (private). */
#ifndef GG_SRC_TOPOLOGY_WALL_INDEX_H
#define GG_SRC_TOPOLOGY_WALL_INDEX_H

#include "topology/scene/scene_internal.h"

/* Chooses the bucket size for a width x height scene; allocates nothing. */
void gg__wall_index_init(gg__wall_index *ix, int32_t width, int32_t height);
void gg__wall_index_free(gg_scene *s);

/* Registers a newly added live wall. Cheap: it joins the pending list, and once that grows past
 * a threshold the CSR arrays are rebuilt. GG_E_NO_MEMORY leaves the index consistent and the
 * wall unregistered (the caller then removes the wall). */
gg_status gg__wall_index_add(gg_scene *s, uint32_t wall);

/* Rebuilds the CSR arrays from every live wall and empties the pending list. */
gg_status gg__wall_index_rebuild(gg_scene *s);

/* Calls fn(ctx, i, j) for every bucket (i,j) of side `size` wall units, clipped to
 * [0,imax) x [0,jmax), that holds a point of the closed segment a-b or lies within `dil`
 * buckets (Chebyshev) of one that does. Exact: no floating point. Stops early and returns true
 * when fn returns true. */
typedef bool (*gg__bucket_fn)(void *ctx, int32_t i, int32_t j);
bool gg__for_each_bucket(gg_hpoint a, gg_hpoint b, int64_t size, int32_t dil, int32_t imax,
                         int32_t jmax, gg__bucket_fn fn, void *ctx);

/* The same buckets as gg__for_each_bucket(), a column at a time: fn(ctx, i, j0, j1) for each
 * column i with its (non-empty) run of rows j0..j1. */
typedef bool (*gg__strip_fn)(void *ctx, int32_t i, int32_t j0, int32_t j1);
bool gg__for_each_bucket_strip(gg_hpoint a, gg_hpoint b, int64_t size, int32_t dil, int32_t imax,
                               int32_t jmax, gg__strip_fn fn, void *ctx);

#endif
