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

/* ---- One segment against the walls, wall by wall (the kernel's exact path) ------------------
 * The state of one "does a wall stop a -> b for mask" question: the rule, the doorway excuse,
 * the LIMITED count (a line passes one limited wall and stops at the second). gg__hit_begin()
 * sets it up as gg__segment_hits_wall() would; gg__hit_exact_cell() tests the EXACT walls
 * (gg__wall_sight_kind()) in the index bucket holding cell (col, row), and the first time the
 * EXACT walls not yet in the buckets. */
typedef struct gg__hit_ctx {
    const gg_scene *s;
    gg_hpoint a, b;
    uint32_t mask; /* 0 = collect cover instead */
    gg_cover cover;
    int rule;      /* GG__RULE_* or RULE_TOUCH (wall_index.c) */
    bool doorways; /* let doorway.c excuse touches at open portals' ends */
    bool have_lim; /* a limited wall stops the line already (named lim) */
    gg__lim_key lim;
    size_t last_bucket; /* the bucket gg__hit_exact_cell() scanned last (SIZE_MAX: none) */
    bool pending_done;  /* the pending walls were tested */
} gg__hit_ctx;
void gg__hit_begin(gg__hit_ctx *h, const gg_scene *s, gg_hpoint a, gg_hpoint b, uint32_t mask);
/* The walls one walk has met: every wall is registered in its buckets with one bucket of
 * margin (wall_index.c), so a walk that enters several cells near a wall meets it in each of
 * them (a bucket is one cell on maps up to 256 x 256, and real maps' walls are mostly EXACT).
 * A wall's answer does not depend on the cell it is met in, so it is judged once. Direct-mapped
 * by wall number: a collision only means a second test. gg__hit_seen_clear() before the first
 * cell. */
#define GG__HIT_SEEN 64
typedef struct gg__hit_seen {
    uint32_t id[GG__HIT_SEEN]; /* UINT32_MAX: empty */
} gg__hit_seen;
static inline void gg__hit_seen_clear(gg__hit_seen *seen)
{
    for (int i = 0; i < GG__HIT_SEEN; ++i)
        seen->id[i] = UINT32_MAX;
}
/* With `ba` (the same question from b to a, or NULL): st and the answer are bits, 1 = a -> b
 * stopped, 2 = b -> a stopped; the walls are read once for both, and each once per walk
 * (`seen`). */
unsigned gg__hit_exact_cell(gg__hit_ctx *ab, gg__hit_ctx *ba, gg__hit_seen *seen, unsigned st,
                            int32_t col, int32_t row);

/* gg__segment_hits_wall() through the buckets alone, every wall exactly (no wall plane): the
 * kernel's fallback, and the path the property tests compare the kernel with. */
bool gg__segment_hits_wall_indexed(const gg_scene *s, gg_hpoint a, gg_hpoint b, uint32_t mask);

#endif
