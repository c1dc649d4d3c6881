/* sight_kernel.h - the one sight kernel: Nat20's Bresenham walk from a to b over the blocked bit
 * plane, and in the same loop the centre-to-centre segment against the walls, over the wall
 * plane (sight_planes.c): the edges it crosses and the corners it passes through carry the plain
 * walls, and the cells it enters that are marked EXACT send it to the exact per-wall predicates
 * (gg__hit_exact_cell()). It stops at the first hit. Header-only: each caller gets a loop
 * specialised for what it asks. Layer: topology (private).
 *
 * Why one loop serves both: along the major axis (the longer of |dcol|, |drow|) the segment from
 * centre a to centre b crosses one grid line per step and, as its slope is at most 1, at most one
 * grid line of the minor axis per step, before the major line, at it (through a corner) or after
 * it. With E = (2j + 1) Dm - (2h + 1) DM at step j in minor row h (j, h counted from a; DM, Dm
 * the major and minor extents), the segment crosses the minor line before the major one when
 * E > 0, passes through the corner when E == 0, and crosses it after (or touches it at the next
 * centre) when E + Dm >= 0. The cell the segment is in at each column centre, with a touch of a
 * minor line counted in the row towards b, is exactly Nat20's Bresenham cell (its ties step from
 * the start's side: checked against gg_line_next() for every direction in tests/topology/
 * test_sight_kernel.c), so the blocked-cell test reads the same walk.
 *
 * The segment never runs along a grid line and never passes through a centre of a plain wall,
 * so under both wall rules a plain wall stops it exactly when it crosses an edge the wall covers
 * or passes through a corner the wall touches. The one exception is the point rule's doorway
 * (a touch at the end of an open door's jamb passes, doorway.c): under the point rule with
 * portals, a corner hit returns GG__SK_FALLBACK and the caller asks the exact path. */
#ifndef GG_SRC_TOPOLOGY_SIGHT_KERNEL_H
#define GG_SRC_TOPOLOGY_SIGHT_KERNEL_H

#include "topology/scene/scene_internal.h"
#include "topology/scene/wall_index.h"

static inline bool gg__sk_bit(const uint64_t *bits, int64_t i)
{
    return ((bits[(uint64_t)i >> 6] >> ((uint64_t)i & 63u)) & 1u) != 0;
}

/* A blocked cell strictly between a and b on Nat20's walk (the cells of the kernel alone). */
static inline bool gg__sk_cells_blocked(const gg_scene *s, gg_cell a, gg_cell b)
{
    const int64_t dx = (int64_t)b.col - a.col, dy = (int64_t)b.row - a.row;
    const int64_t ax = dx < 0 ? -dx : dx, ay = dy < 0 ? -dy : dy, W = s->width;
    int64_t DM, Dm, M, m;
    if (ax >= ay) {
        DM = ax, Dm = ay, M = dx < 0 ? -1 : 1, m = dy < 0 ? -W : W;
    } else {
        DM = ay, Dm = ax, M = dy < 0 ? -W : W, m = dx < 0 ? -1 : 1;
    }
    const uint64_t *bits = s->blocked_bits;
    int64_t k = (int64_t)a.row * W + a.col;
    /* G = E + Dm: the row steps in this column when G >= 0 (before, at or after the line). */
    int64_t G = 2 * Dm - DM;
    for (int64_t n = DM - 1; n > 0; --n) { /* the DM - 1 cells between the ends */
        k += M;
        if (G >= 0) {
            k += m;
            G -= 2 * DM;
        }
        G += 2 * Dm;
        if (gg__sk_bit(bits, k))
            return true;
    }
    return false;
}

/* The EXACT walls of the cell at wall-plane index `pi` (marked cells are few: the tests are out
 * of line, in wall_index.c). */
typedef struct gg__sk_exact {
    gg__hit_ctx ab, ba;
    bool ready;
} gg__sk_exact;
/* st, and the answer: GG__SK_AB / GG__SK_BA bits (b -> a only when `two_way`). */
static inline unsigned gg__sight_exact_at(gg__sk_exact *x, const gg_scene *s, gg_cell a, gg_cell b,
                                          uint32_t mask, int64_t pi, unsigned st, bool two_way)
{
    if (!x->ready) {
        x->ready = true;
        gg__hit_begin(&x->ab, s, gg__wall_centre(a), gg__wall_centre(b), mask);
        x->ba.s = NULL; /* b -> a's state is set up when a wall needs it */
    }
    const int64_t S = (int64_t)s->width + 1;
    return gg__hit_exact_cell(&x->ab, two_way ? &x->ba : NULL, st, (int32_t)(pi % S),
                              (int32_t)(pi / S));
}

/* What gg__sk_walk() found: bits. */
enum {
    GG__SK_AB = 1,      /* a wall or (with `cells`) a blocked cell stops a -> b */
    GG__SK_BA = 2,      /* the same for b -> a (`two_way` only) */
    GG__SK_FALLBACK = 4 /* a plain wall's corner under the point rule with portals: ask the
                         * exact path (the other bits are then incomplete) */
};

/* The walk: walls (plain and EXACT, for `mask`, sight and/or light) and, when `cells`, the
 * blocked cells strictly between a and b. `exact`: test the EXACT marks (false when the scene has
 * no EXACT wall). `two_way`: answer b -> a too, from the same walk: the segment is the same, a
 * plain wall stops both, EXACT walls are judged from each end, and b -> a's Bresenham cell differs
 * from a -> b's only in a column where the segment touches a minor grid line at the column's
 * centre (a tie: each walk steps from its own start's side). One way, the walk stops at the first
 * hit; two ways, when both are stopped. */
#if defined(__GNUC__)
#define GG__SK_ALWAYS __attribute__((always_inline))
#else
#define GG__SK_ALWAYS
#endif
/* Always inlined: each caller passes constant flags, and the specialised loop is the point. */
static inline GG__SK_ALWAYS unsigned gg__sk_walk(const gg_scene *s, gg_cell a, gg_cell b,
                                                 uint32_t mask, bool cells, bool exact,
                                                 bool two_way)
{
    const bool ties = two_way && cells;
    const int64_t dx = (int64_t)b.col - a.col, dy = (int64_t)b.row - a.row;
    const int64_t ax = dx < 0 ? -dx : dx, ay = dy < 0 ? -dy : dy;
    const int64_t W = s->width, S = W + 1;
    int64_t DM, Dm, M, m, Mb, mb, Mo, mo;
    unsigned MB, mB;
    if (ax >= ay) {
        DM = ax, Dm = ay;
        M = Mb = dx < 0 ? -1 : 1;
        m = dy < 0 ? -S : S, mb = dy < 0 ? -W : W;
        Mo = dx < 0 ? 0 : 1, mo = dy < 0 ? 0 : S;
        MB = GG__SP_WEST, mB = GG__SP_NORTH;
    } else {
        DM = ay, Dm = ax;
        M = dy < 0 ? -S : S, Mb = dy < 0 ? -W : W;
        m = mb = dx < 0 ? -1 : 1;
        Mo = dy < 0 ? 0 : S, mo = dx < 0 ? 0 : 1;
        MB = GG__SP_NORTH, mB = GG__SP_WEST;
    }
    const unsigned done = two_way ? (unsigned)(GG__SK_AB | GG__SK_BA) : (unsigned)GG__SK_AB;
    const uint8_t *P = s->wall_plane;
    const uint64_t *bits = s->blocked_bits;
    const bool corner_fallback = s->point_rule && s->portal_walls > 0;
    int64_t i = (int64_t)a.row * S + a.col, k = (int64_t)a.row * W + a.col;
    unsigned st = 0;
    gg__sk_exact x;
    x.ready = false;
    /* The EXACT walls of the cell the walk just entered. */
#define GG__SK_ENTER(idx)                                                                          \
    do {                                                                                           \
        if (exact && (P[idx] & GG__SP_EXACT)) {                                                    \
            st = gg__sight_exact_at(&x, s, a, b, mask, (idx), st, two_way);                        \
            if (st == done)                                                                        \
                return st;                                                                         \
        }                                                                                          \
    } while (0)
    GG__SK_ENTER(i);
    int64_t E = Dm - DM;
    for (int64_t n = DM; n > 0; --n) { /* n: steps left, this one included (> 1: not b yet) */
        if (E >= 0) {
            if (E == 0) { /* through the corner between this cell and the next diagonal one */
                if (P[i + Mo + mo] & GG__SP_CORNER)
                    return corner_fallback ? (unsigned)GG__SK_FALLBACK : done;
                i += M + m, k += Mb + mb;
            } else { /* the minor line in this column, then the major line */
                if (P[i + mo] & mB)
                    return done;
                i += m, k += mb;
                GG__SK_ENTER(i);
                if (P[i + Mo] & MB)
                    return done;
                i += M, k += Mb;
            }
            E -= 2 * DM;
        } else {
            if (P[i + Mo] & MB)
                return done;
            i += M, k += Mb;
        }
        E += Dm;
        /* b -> a's cell in this column: a -> b's, but on a tie (the segment touches the minor
         * line at the column's centre) the one before the minor step. */
        bool tie = false;
        if (E >= 0) { /* the minor line in the next column (or touching it at its centre) */
            GG__SK_ENTER(i);
            if (P[i + mo] & mB)
                return done;
            if (ties && E == 0) {
                /* A tie: b -> a's cell in this column is this one, before the minor step. */
                tie = true;
                if (cells && n > 1 && gg__sk_bit(bits, k))
                    st |= GG__SK_BA;
            }
            i += m, k += mb;
            E -= 2 * DM;
        }
        E += Dm;
        GG__SK_ENTER(i);
        if (cells && n > 1 && gg__sk_bit(bits, k)) {
            st |= tie ? (unsigned)GG__SK_AB : done; /* no tie: the same cell both ways */
            if (st == done)
                return st;
        }
    }
#undef GG__SK_ENTER
    return st;
}

#endif
