/* cover_internal.h - the exact line predicate shared by the corner cover modes, and the query
 * context both modes fill. Layer: topology (private). */
#ifndef GG_SRC_TOPOLOGY_COVER_INTERNAL_H
#define GG_SRC_TOPOLOGY_COVER_INTERNAL_H

#include "topology/scene/scene_internal.h"

/* Internal units. Plan: 1/GG_COVER_SUBDIV cell (a lattice corner is a multiple of 16, a cell
 * centre 16c+8). Height: 1/100 inch, so 30 % and 95 % of any whole-inch column are exact.
 * Scaling x/y and z differently is harmless: every predicate is affine-invariant. */
#define GG__PU ((int64_t)GG_COVER_SUBDIV)
#define GG__ZU ((int64_t)100)

/* A value a + b*eps, eps an infinitesimal > 0. Every endpoint is c + eps*(direction of its
 * inset), so every predicate is a polynomial in eps of degree <= 2; its sign for small eps is
 * the sign of its first non-zero coefficient (docs/cover.md). */
typedef struct gg__ev {
    int64_t a, b;
} gg__ev;
typedef struct gg__ep {
    gg__ev x, y, z;
} gg__ep;

static inline gg__ev gg__ev_make(int64_t a, int64_t b)
{
    gg__ev v;
    v.a = a;
    v.b = b;
    return v;
}

/* An obstacle as the line test sees it. */
typedef struct gg__obs {
    uint8_t by;       /* gg_cover_by */
    uint8_t cap;      /* gg_cover */
    uint8_t creature; /* a creature: soft cover, never total */
    uint8_t sight;    /* blocks sight */
    uint8_t wall;     /* a wall (pinch_pass keeps pinches involving walls) */
    int32_t a, b;     /* cell col,row / wall index / creature or box index */
} gg__obs;

/* The query context of the corner modes. */
typedef struct gg__cq {
    const gg_scene *s;
    const gg_cover_def *def;
    const gg_body *creatures;
    int32_t ncreatures;
    gg_cover creature_cap; /* GG_COVER_NONE = creatures ignored */
    bool pinch_pass;
    bool three_d;
    bool low_rule;
    gg_cell ex_min[2], ex_max[2]; /* attacker, target footprints: never obstacles */
    /* 3-D */
    int64_t layer_u; /* layer height, z units */
    const int32_t *floor_in, *ceiling_in;
    const gg_cover_box *boxes;
    int32_t nboxes;
    bool linear_walls; /* test every wall instead of the index (property tests only) */
    /* Set when the query read a floor or ceiling beyond GG_COVER_HEIGHT_LIMIT; the query then
     * fails with GG_E_INVALID_ARG. Checked as the cells are read, so that a query costs the
     * cells it looks at, not the whole height field. Points at a local of the caller. */
    bool *bad_height;
} gg__cq;

/* The ground of cell index i in z units (0 without a height field). */
static inline int64_t gg__cq_floor_u(const gg__cq *q, size_t i)
{
    if (q->floor_in == NULL)
        return 0;
    int32_t v = q->floor_in[i];
    if (v < -GG_COVER_HEIGHT_LIMIT || v > GG_COVER_HEIGHT_LIMIT) {
        *q->bad_height = true;
        return 0;
    }
    return (int64_t)v * GG__ZU;
}

/* The ceiling of cell index i in z units; false when the cell has none. */
static inline bool gg__cq_ceiling_u(const gg__cq *q, size_t i, int64_t *out)
{
    if (q->ceiling_in == NULL || q->ceiling_in[i] == GG_COVER_NO_CEILING)
        return false;
    int32_t v = q->ceiling_in[i];
    if (v < -GG_COVER_HEIGHT_LIMIT || v > GG_COVER_HEIGHT_LIMIT) {
        *q->bad_height = true;
        return false;
    }
    *out = (int64_t)v * GG__ZU;
    return true;
}

/* The verdict on one line. */
typedef struct gg__lres {
    gg_cover cap;    /* all obstacles */
    gg_cover cap_nc; /* creatures left out */
    bool sight;      /* blocked by sight-blocking obstacles */
    gg__obs by;      /* what decided cap (by.by == GG_COVER_BY_NOTHING when clear) */
    bool pinch;
} gg__lres;

/* Decides the line p -> q (open segment; endpoints are limits) against every obstacle of
 * the query: enter / cross / pinch block, tangency does not. GG_E_TOO_LARGE when the
 * line touches more obstacles than the fixed contact buffer holds. */
gg_status gg__cover_line(const gg__cq *q, const gg__ep *p, const gg__ep *pq, gg__lres *out);

/* Largest footprint side in cells: gg_size_cells(GG_SIZE_GARGANTUAN). */
#define GG__COVER_MAX_SIDE 4

/* Footprint helpers. gg__side_of() is gg_size_cells() for a size already validated by
 * gg_scene_cover() (a table read, cheap enough for the per-creature tests of the line walk). */
static inline int32_t gg__side_of(gg_size size)
{
    static const int8_t side[GG_SIZE_GARGANTUAN + 1] = {1, 1, 1, 2, 3, 4};
    return side[size];
}

static inline bool gg__body_has(const gg_body *b, gg_cell c)
{
    int32_t n = gg__side_of(b->size);
    return c.col >= b->cell.col && c.row >= b->cell.row && c.col < b->cell.col + n &&
           c.row < b->cell.row + n;
}

/* 5e degree of a line set with counts. */
static inline gg_cover gg__degree_5e(int32_t n, int32_t nh, int32_t nq, int32_t nt)
{
    if (n > 0 && nt == n)
        return GG_COVER_TOTAL;
    if (2 * nq > n)
        return GG_COVER_THREE_QUARTERS;
    return nh >= 1 ? GG_COVER_HALF : GG_COVER_NONE;
}

/* How two line sets rank (docs/cover.md), one rule for every corner mode: the obstruction class
 * first when the def's choice asks for it, then (degree, nH, nQ, nT) lexicographically. A key is
 * {obstruction, degree, nh, nq, nt}. Negative when `a` is better for the attacker. */
static inline int gg__cover_rank_cmp(const int32_t a[5], const int32_t b[5], bool by_obstruction)
{
    for (int i = by_obstruction ? 0 : 1; i < 5; ++i)
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    return 0;
}

/* The obstruction class of a line set (gg_cover_obstruction; Ikosa's CoverValue buckets) over
 * counts: bad = total lines, wmax = the largest weight of a non-total line in tenths (0, 5, 9).
 * Editions turn the class into a bonus in the rules layer (gg_rules_cover_score()). */
static inline gg_cover_obstruction gg__obstruction(int32_t n, int32_t bad, int32_t wmax_tenths)
{
    if (n == 0 || bad == n)
        return GG_OBSTRUCTION_TOTAL;
    /* v = max(bad/n, w/10); compare with 3/4 and 1/4 exactly. */
    if (4 * bad > 3 * n || 4 * wmax_tenths > 30)
        return GG_OBSTRUCTION_HEAVY;
    if (4 * bad > n || 4 * wmax_tenths > 10)
        return GG_OBSTRUCTION_PARTIAL;
    if (bad > 0 || wmax_tenths > 0)
        return GG_OBSTRUCTION_SLIGHT;
    return GG_OBSTRUCTION_NONE;
}

/* Per-mode procedures (cover_corners2d.c, cover_corners3d.c). They fill *out and the witness
 * lines (up to cap), and set *nlines to the witness line count. */
gg_status gg__cover_corners2d(const gg__cq *q, const gg_body *att, const gg_body *tgt,
                              gg_cover_result *out, gg_cover_line *lines, int32_t cap,
                              int32_t *nlines);
gg_status gg__cover_corners3d(const gg__cq *q, const gg_body *att, const gg_body *tgt,
                              gg_cover_result *out, gg_cover_line *lines, int32_t cap,
                              int32_t *nlines);

/* gg_scene_cover() with a switch for the slow path that tests every wall: the reference the
 * wall-index property test compares against. */
gg_status gg__scene_cover_impl(const gg_scene *s, const gg_body *attacker, const gg_body *target,
                               const gg_body *creatures, int32_t creature_count,
                               const gg_cover_def *def, gg_cover_result *out,
                               gg_cover_line *out_lines, int32_t line_capacity,
                               int32_t *out_line_count, bool linear_walls);

/* Fills a gg_cover_line from a verdict. */
void gg__cover_fill_line(const gg__cq *q, gg_cover_line *l, const gg__ep *p, const gg__ep *pq,
                         const gg__lres *r);

#endif
