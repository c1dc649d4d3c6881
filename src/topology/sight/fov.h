/* fov.h - the exact field-of-view sweep shared by visible cells, seen cells and light sources,
 * and the light-level accessors. Layer: topology (private). */
#ifndef GG_SRC_TOPOLOGY_FOV_H
#define GG_SRC_TOPOLOGY_FOV_H

#include "topology/scene/scene_internal.h"
#include "topology/scene/scratch.h"

/* A per-cell predicate applied to cells that have line of sight, before their bit is set. */
typedef bool (*gg__fov_keep_fn)(void *ctx, gg_cell c);

/* What one sweep did, for tests and benchmarks. */
typedef struct gg__fov_stats {
    int64_t cells_set;  /* cells that passed line of sight and `keep` (each counted once) */
    bool fell_back;     /* working memory ran out: the per-cell loop answered instead */
    int64_t walls_seen; /* distinct walls examined by the sweep */
    int64_t reach;      /* every cell set lies within this Chebyshev distance of the viewer */
} gg__fov_stats;

/* ORs into `bits` every on-map cell c with Chebyshev distance <= range_cells from v and Nat20's
 * line of sight v -> c where walls are those whose effective blocks intersect `mask` (one-way
 * walls judged from v's centre), and keep(ctx, c) (keep may be NULL). v must be on the map.
 * Never fails: when the scratch cannot hold the sweep's working set it falls back to the
 * per-cell loop. `limits` (NULL = the scratch's full size) caps the working memory, so tests can
 * force the sweep to overflow. */
typedef struct gg__fov_limits {
    size_t max_intervals, max_walls, max_hash;
} gg__fov_limits;
void gg__fov_sweep(const gg_scene *s, gg_cell v, int64_t range_cells, uint32_t mask,
                   gg_scratch *scratch, uint64_t *bits, gg__fov_keep_fn keep, void *ctx,
                   const gg__fov_limits *limits, gg__fov_stats *out_stats);

/* Bytes of the sweep's room in a GG_SCRATCH_SIGHT scratch (enough for any view of `s` with
 * its current walls). `scratch` may be NULL for gg__fov_sweep(): it then works in stack arrays
 * (about 24 KiB) and falls back to the per-cell loop if a view needs more. */
size_t gg__fov_room_bytes(const gg_scene *s);

/* Checks the arguments shared by the bitset queries, validates the viewer, clears the bitset in
 * GG_BITSET_REPLACE mode (in GG_BITSET_REPLACE_TRACKED mode only the words the scratch's record
 * names, when it has one for this bitset), and converts range_ft to cells (capped at the longer
 * side). */
gg_status gg__fov_check(const gg_scene *scene, gg_cell viewer, int64_t range_ft,
                        gg_bitset_mode mode, const gg_scratch *scratch, uint64_t *bits,
                        size_t words, int64_t *out_range);

/* After a successful sweep into `bits`: updates the scratch's record of the words the bitset's
 * answers can have set (see gg_scratch.fov_bits). No-op for a NULL scratch. */
void gg__fov_note(gg_scratch *scratch, const gg_scene *scene, gg_bitset_mode mode,
                  const uint64_t *bits, size_t words, gg_cell viewer, int64_t reach);

/* Nat20's line of sight a -> b (both on the map) with walls selected by `mask`. */
bool gg__line_of_mask(const gg_scene *s, gg_cell a, gg_cell b, uint32_t mask);

/* Light (light.c). The light that sources alone put on an on-map cell (GG_LIGHT_DARK when none
 * reaches it), except that an answer no brighter than `floor` (GG_LIGHT_DIM or GG_LIGHT_DARK)
 * may be reported as `floor`: with floor = GG_LIGHT_DIM only bright radii are examined. */
gg_light gg__source_light(const gg_scene *s, gg_cell c, gg_light floor);
/* True when some source puts bright or dim light on the on-map cell c. */
bool gg__source_lit(const gg_scene *s, gg_cell c);
/* The cell's combined light: brightest of its tag (or the default) and the sources. */
gg_light gg__light_level(const gg_scene *s, gg_cell c);

#endif
