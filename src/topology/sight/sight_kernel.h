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

/* Nat20's Bresenham from cell a to cell b over storage indices: DM steps along the major axis,
 * each moving the index by M, and Dm along the minor axis, each moving it by m. */
typedef struct gg__sk_axes {
    int64_t DM, Dm, M, m;
} gg__sk_axes;
static inline gg__sk_axes gg__sk_axes_of(const gg_scene *s, gg_cell a, gg_cell b)
{
    const int64_t dx = (int64_t)b.col - a.col, dy = (int64_t)b.row - a.row;
    const int64_t ax = dx < 0 ? -dx : dx, ay = dy < 0 ? -dy : dy, W = s->width;
    gg__sk_axes x;
    if (ax >= ay) {
        x.DM = ax, x.Dm = ay, x.M = dx < 0 ? -1 : 1, x.m = dy < 0 ? -W : W;
    } else {
        x.DM = ay, x.Dm = ax, x.M = dy < 0 ? -W : W, x.m = dx < 0 ? -1 : 1;
    }
    return x;
}

/* A blocked cell strictly between a and b on Nat20's walk (the cells of the kernel alone). */
static inline bool gg__sk_cells_blocked(const gg_scene *s, gg_cell a, gg_cell b)
{
    const gg__sk_axes ax = gg__sk_axes_of(s, a, b);
    const int64_t DM = ax.DM, Dm = ax.Dm, M = ax.M, m = ax.m, W = s->width;
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

/* The EXACT walls of the cell (col, row) (marked cells are few: the tests are out of line, in
 * wall_index.c). */
typedef struct gg__sk_exact {
    gg__hit_ctx ab, ba;
    gg__hit_seen seen;
    bool ready;
} gg__sk_exact;
/* st, and the answer: GG__SK_AB / GG__SK_BA bits (b -> a only when `two_way`). */
static inline unsigned gg__sight_exact_at(gg__sk_exact *x, const gg_scene *s, gg_cell a, gg_cell b,
                                          uint32_t mask, int64_t col, int64_t row, unsigned st,
                                          bool two_way)
{
    if (!x->ready) {
        x->ready = true;
        gg__hit_begin(&x->ab, s, gg__wall_centre(a), gg__wall_centre(b), mask);
        x->ba.s = NULL; /* b -> a's state is set up when a wall needs it */
        gg__hit_seen_clear(&x->seen);
    }
    return gg__hit_exact_cell(&x->ab, two_way ? &x->ba : NULL, &x->seen, st, (int32_t)col,
                              (int32_t)row);
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
 * hit; two ways, when both are stopped.
 *
 * The wall plane is read by corner (x, y) through its rows (gg__wall_plane_row()): the walk keeps
 * the corner of the cell it is in as (x, y) and the two rows its tests read. */
#if defined(__GNUC__)
#define GG__SK_ALWAYS __attribute__((always_inline))
#else
#define GG__SK_ALWAYS
#endif
/* The walk along one major axis (`xmaj`: the columns), always inlined so that each axis gets
 * its own loop: then the rows the tests read are known. Along x the minor line and the corner are
 * in corner row y + moy and the major line in row y; along y the major line and the corner are in
 * row y + Moy and the minor line in row y. The walk keeps row y (ry) and the other row (ro). */
static inline GG__SK_ALWAYS unsigned gg__sk_walk_axis(const gg_scene *s, gg_cell a, gg_cell b,
                                                      uint32_t mask, bool cells, bool exact,
                                                      bool two_way, bool xmaj, bool down)
{
    const bool ties = two_way && cells;
    const int64_t dx = (int64_t)b.col - a.col, dy = (int64_t)b.row - a.row;
    const int64_t ax = dx < 0 ? -dx : dx, ay = dy < 0 ? -dy : dy;
    const int64_t W = s->width;
    /* Major/minor steps in cells (Mb, mb: of the cell index k; Mx, My, mx, my: of the corner),
     * and the offsets of the edges crossed from the cell's corner (Mox, mox in x; oy in y). */
    int64_t DM, Dm, Mb, mb, Mx, My, mx, my, Mox, mox, oy;
    unsigned MB, mB;
    if (xmaj) {
        DM = ax, Dm = ay;
        Mb = dx < 0 ? -1 : 1;
        mb = dy < 0 ? -W : W;
        Mx = Mb, My = 0, mx = 0, my = dy < 0 ? -1 : 1;
        Mox = dx < 0 ? 0 : 1, mox = 0, oy = down ? 1 : 0;
        MB = GG__SP_WEST, mB = GG__SP_NORTH;
    } else {
        DM = ay, Dm = ax;
        Mb = dy < 0 ? -W : W;
        mb = dx < 0 ? -1 : 1;
        Mx = 0, My = dy < 0 ? -1 : 1, mx = mb, my = 0;
        Mox = 0, mox = dx < 0 ? 0 : 1, oy = down ? 1 : 0;
        MB = GG__SP_NORTH, mB = GG__SP_WEST;
    }
    const unsigned done = two_way ? (unsigned)(GG__SK_AB | GG__SK_BA) : (unsigned)GG__SK_AB;
    const uint64_t *bits = s->blocked_bits;
    const bool corner_fallback = s->point_rule && s->portal_walls > 0;
    int64_t x = a.col, y = a.row, k = (int64_t)a.row * W + a.col;
    const uint8_t *ry = gg__wall_plane_row(s, y), *ro = gg__wall_plane_row(s, y + oy);
    unsigned st = 0;
    gg__sk_exact ex;
    ex.ready = false;
    /* The rows of the minor line, the major line and the corner. */
#define GG__SK_MINOR (xmaj ? ro : ry)
#define GG__SK_MAJOR (xmaj ? ry : ro)
    /* A step that moves y moves both rows, one row towards b: going down (oy = 1) row y is the
     * other row of before, going up (oy = 0) the two are the same row. One load. */
#define GG__SK_ROWS()                                                                              \
    do {                                                                                           \
        if (down) {                                                                                \
            ry = ro;                                                                               \
            ro = gg__wall_plane_row(s, y + 1);                                                     \
        } else {                                                                                   \
            ry = ro = gg__wall_plane_row(s, y);                                                    \
        }                                                                                          \
    } while (0)
    /* The EXACT walls of the cell the walk just entered. */
#define GG__SK_ENTER()                                                                             \
    do {                                                                                           \
        if (exact && (ry[x] & GG__SP_EXACT)) {                                                     \
            st = gg__sight_exact_at(&ex, s, a, b, mask, x, y, st, two_way);                        \
            if (st == done)                                                                        \
                return st;                                                                         \
        }                                                                                          \
    } while (0)
    GG__SK_ENTER();
    int64_t E = Dm - DM;
    for (int64_t n = DM; n > 0; --n) { /* n: steps left, this one included (> 1: not b yet) */
        if (E >= 0) {
            if (E == 0) { /* through the corner between this cell and the next diagonal one */
                if (ro[x + Mox + mox] & GG__SP_CORNER)
                    return corner_fallback ? (unsigned)GG__SK_FALLBACK : done;
                x += Mx + mx, y += My + my, k += Mb + mb;
                GG__SK_ROWS();
            } else { /* the minor line in this column, then the major line */
                if (GG__SK_MINOR[x + mox] & mB)
                    return done;
                x += mx, y += my, k += mb;
                if (xmaj) /* a minor step moves y only along x */
                    GG__SK_ROWS();
                GG__SK_ENTER();
                if (GG__SK_MAJOR[x + Mox] & MB)
                    return done;
                x += Mx, y += My, k += Mb;
                if (!xmaj)
                    GG__SK_ROWS();
            }
            E -= 2 * DM;
        } else {
            if (GG__SK_MAJOR[x + Mox] & MB)
                return done;
            x += Mx, y += My, k += Mb;
            if (!xmaj)
                GG__SK_ROWS();
        }
        E += Dm;
        /* b -> a's cell in this column: a -> b's, but on a tie (the segment touches the minor
         * line at the column's centre) the one before the minor step. */
        bool tie = false;
        if (E >= 0) { /* the minor line in the next column (or touching it at its centre) */
            GG__SK_ENTER();
            if (GG__SK_MINOR[x + mox] & mB)
                return done;
            if (ties && E == 0) {
                /* A tie: b -> a's cell in this column is this one, before the minor step. */
                tie = true;
                if (cells && n > 1 && gg__sk_bit(bits, k))
                    st |= GG__SK_BA;
            }
            x += mx, y += my, k += mb;
            if (xmaj)
                GG__SK_ROWS();
            E -= 2 * DM;
        }
        E += Dm;
        GG__SK_ENTER();
        if (cells && n > 1 && gg__sk_bit(bits, k)) {
            st |= tie ? (unsigned)GG__SK_AB : done; /* no tie: the same cell both ways */
            if (st == done)
                return st;
        }
    }
#undef GG__SK_ENTER
#undef GG__SK_ROWS
#undef GG__SK_MAJOR
#undef GG__SK_MINOR
    return st;
}

/* Always inlined: each caller passes constant flags, and the specialised loop is the point. */
static inline GG__SK_ALWAYS unsigned gg__sk_walk(const gg_scene *s, gg_cell a, gg_cell b,
                                                 uint32_t mask, bool cells, bool exact,
                                                 bool two_way)
{
    const int64_t dx = (int64_t)b.col - a.col, dy = (int64_t)b.row - a.row;
    if ((dx < 0 ? -dx : dx) >= (dy < 0 ? -dy : dy))
        return dy >= 0 ? gg__sk_walk_axis(s, a, b, mask, cells, exact, two_way, true, true)
                       : gg__sk_walk_axis(s, a, b, mask, cells, exact, two_way, true, false);
    return dy >= 0 ? gg__sk_walk_axis(s, a, b, mask, cells, exact, two_way, false, true)
                   : gg__sk_walk_axis(s, a, b, mask, cells, exact, two_way, false, false);
}

#endif
