/* template_walk.h - visits a template's (or an any-angle shape's) cells one at a time, for callers that filter them
 * (topology's line-of-effect trimming) without a buffer. Layer: core (private). */
#ifndef GG_SRC_CORE_TEMPLATE_WALK_H
#define GG_SRC_CORE_TEMPLATE_WALK_H

#include "gridgeom/core.h"

/* Called once per cell in gg_template_cells() order; return false to stop the walk. */
typedef bool (*gg__cell_visit_fn)(void *ctx, gg_cell c);

/* Same arguments, validation, evaluation order and statuses as gg_template_cells(), but each
 * cell goes to `fn` instead of a buffer. *out_total is the template's full cell count (set even
 * when `fn` stops early). */
gg_status gg__template_visit(const gg_template *tpl, gg_cell origin, int32_t cell_size_ft,
                             int32_t width, int32_t height, gg__cell_visit_fn fn, void *ctx,
                             int64_t *out_total, const char **out_reason);

/* The squares gg_shape_cells() lists, in its order, each handed to `fn` (return false to stop).
 * Same validation and statuses; *out_total is the full count (set even when `fn` stops). */
gg_status gg__shape_visit(int32_t width, int32_t height, int32_t cell_size_ft,
                          const gg_shape_def *shape, gg__cell_visit_fn fn, void *ctx,
                          int64_t *out_total, const char **out_reason);

/* gg_shape_covers_cell() without its floating-point filters: every polygon decision from the
 * exact area in Z[sqrt n]. For the tests (fast path = slow path); false on a bad shape. */
bool gg__shape_covers_cell_exact(int32_t cell_size_ft, gg_cell c, const gg_shape_def *shape);

#endif
