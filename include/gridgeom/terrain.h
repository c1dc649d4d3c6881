/* terrain.h - terrain sight on a caller's square height board: Bresenham centre walk or exact
 * supercover, the model of gg_hex_sight() on squares. Needs no scene. Layer: topology (its own
 * module, src/topology/terrain/). See docs/hex.md for the model. */
#ifndef GRIDGEOM_TERRAIN_H
#define GRIDGEOM_TERRAIN_H

#include "gridgeom/base.h"
#include "gridgeom/core.h"

#ifdef __cplusplus
extern "C" {
#endif

/// A caller-owned square height board, borrowed during the call. Arrays are row-major,
/// width * height entries, index row * width + col. Cells outside the rectangle are missing.
/// @since 0.1
typedef struct gg_square_heights {
    int32_t width, height;     /* >= 1 each */
    const double *ground;      /* required; finite */
    const double *obstruction; /* NULL: 0 everywhere; else finite, >= 0 */
    const double *density;     /* NULL: 1 everywhere; else finite, >= 0 */
    const uint8_t *present;    /* NULL: every cell present; else 0 = missing */
} gg_square_heights;

/// The answer of a square sight query (as gg_hex_sight_result, with cells).
/// @since 0.1
typedef struct gg_square_sight_result {
    bool visible;
    gg_sight_reason reason;
    gg_sight_fault fault;
    int64_t distance; /* Chebyshev distance, the number of steps of the centre walk */
    bool has_blocker;
    gg_cell blocker;
    int32_t blocker_index;
    double opacity;
} gg_square_sight_result;

/// Largest absolute coordinate the square supercover accepts: 2^28.
#define GG_SQUARE_SUPERCOVER_LIMIT (1 << 28)

/// The terrain-sight model of gg_hex_sight() on a square grid: range and distance are
/// Chebyshev (steps of the walk); the centre trace is core's gg_line_begin() Bresenham walk
/// (both endpoints, max(|dcol|,|drow|) + 1 cells); the supercover trace is every cell whose
/// closed square the segment between the two centres touches (edges and corners count), ordered
/// by entry parameter, exit parameter, row, col. Same validation order, range gate, endpoint
/// rules, tie rule (top >= lineZ blocks) and opacity rule as gg_hex_sight().
/// @return as gg_hex_sight(); GG_E_INVALID_ARG (fault ARGUMENT) for a NULL or malformed board
///         (width/height < 1, width*height > INT32_MAX, NULL ground).
/// @thread pure
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_square_sight(const gg_square_heights *board, gg_cell from,
                                              gg_cell to, const gg_sight_def *def, gg_cell *traced,
                                              int32_t capacity, int32_t *out_count,
                                              gg_square_sight_result *out);

/// The square supercover of the segment between the centres of `a` and `b`, as described at
/// gg_square_sight(); all-or-nothing like gg_hex_supercover(). Contains every cell of the
/// gg_line_begin(a, b) walk.
/// @return GG_OK; GG_E_BUFFER_TOO_SMALL (*out_count = count needed); GG_E_TOO_LARGE beyond
///         GG_SQUARE_SUPERCOVER_LIMIT; GG_E_INVALID_ARG for NULL out_count or negative capacity.
/// @thread pure
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_square_supercover(gg_cell a, gg_cell b, gg_cell *out,
                                                   int32_t capacity, int32_t *out_count);

#ifdef __cplusplus
}
#endif

#endif /* GRIDGEOM_TERRAIN_H */
