/* line_walk.h - one centre-line walker for terrain sight on both grids: the grid's line iterator
 * (gg_line_next on squares, gg_hex_line_next on hexes) advanced through a step function, each
 * cell handed to a visitor with its index on the line. Header-only and static inline: the callers
 * pass constant functions, so the compiler turns both calls into direct ones and the walker costs
 * nothing over a hand-written loop (bench/README.md has the instruction counts).
 * Layer: core (private). */
#ifndef GG_SRC_CORE_LINE_WALK_H
#define GG_SRC_CORE_LINE_WALK_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/* Writes the line's next cell (a gg_cell or a gg_hex, whichever the iterator walks) to `cell`;
 * false after the last. */
typedef bool (*gg__line_step_fn)(void *iter, void *cell);

/* Looks at cell number `index` of the line; a nonzero answer stops the walk and is returned. */
typedef int (*gg__line_visit_fn)(const void *ctx, const void *cell, int32_t index);

/* Copies the first `capacity` cells of the line, each `cell_size` bytes, into `out`. */
static inline void gg__line_walk_fill(void *iter, gg__line_step_fn step, void *out,
                                      size_t cell_size, int32_t capacity)
{
    unsigned char *p = (unsigned char *)out;
    for (int32_t i = 0; i < capacity && step(iter, p); ++i)
        p += cell_size;
}

/* Visits the cells strictly between the ends of an n-cell line (indices 1 .. n-2), in order,
 * through `cell` (room for one cell). Returns the first nonzero visit, else 0. */
static inline int gg__line_walk_between(void *iter, gg__line_step_fn step, void *cell, int32_t n,
                                        gg__line_visit_fn visit, const void *ctx)
{
    if (!step(iter, cell))
        return 0;
    for (int32_t i = 1; i < n - 1 && step(iter, cell); ++i) {
        int r = visit(ctx, cell, i);
        if (r != 0)
            return r;
    }
    return 0;
}

#endif
