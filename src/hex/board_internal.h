/* board_internal.h - the hex board's layout, shared by sight and movement.
 * Layer: hex (private). */
#ifndef GG_SRC_HEX_BOARD_INTERNAL_H
#define GG_SRC_HEX_BOARD_INTERNAL_H

#include "hex/hex_internal.h"

struct gg_hex_board {
    gg_allocator alloc;
    gg_hex origin;
    int32_t q_count, r_count, count;
    double min_move_cost; /* lower bound of every move_cost ever set (+inf: none) */
    gg_hex_tile *tiles;   /* count entries, index (r - origin.r) * q_count + (q - origin.q) */
    uint8_t *present;     /* 1 = tile present */
    /* ground + obstruction of a present tile, +infinity where the tile is missing: the one value
     * plain centre sight reads per intermediate hex (sight.c), kept by the two tile writers. It
     * covers the parallelogram and a margin of one hex on every side (always +infinity): every
     * cell of a reference line between two hexes of the board lies in it (sight.c), so the walk
     * reads it without a bounds test. (q_count + 2) * (r_count + 2) entries. */
    double *top;
    int64_t top_count;
    int64_t top_stride; /* q_count + 2 */
    int64_t top_base;   /* index of h in top: top_base + h.r * top_stride + h.q */
};

/* Storage index of h, or -1 when h is outside the parallelogram. Index order is (r, q). */
static inline int32_t gg__board_index(const gg_hex_board *b, gg_hex h)
{
    /* One unsigned compare per axis: a negative offset wraps to a huge one. */
    uint64_t dq = (uint64_t)((int64_t)h.q - b->origin.q),
             dr = (uint64_t)((int64_t)h.r - b->origin.r);
    if (dq >= (uint64_t)b->q_count || dr >= (uint64_t)b->r_count)
        return -1;
    return (int32_t)(dr * (uint64_t)b->q_count + dq);
}

/* Index of h in the top plane; h on the board or in its margin (no bounds test). */
static inline int64_t gg__board_top_index(const gg_hex_board *b, gg_hex h)
{
    return b->top_base + (int64_t)h.r * b->top_stride + h.q;
}

static inline gg_hex gg__board_hex(const gg_hex_board *b, int32_t i)
{
    return gg_hex_make(b->origin.q + i % b->q_count, b->origin.r + i / b->q_count);
}

int64_t gg__hex_supercover_fill(gg_hex a, gg_hex b, gg_hex *out, int32_t capacity);
int64_t gg__hex_supercover_count(gg_hex a, gg_hex b);

#endif
