/* cover.c - Nat20's tagged cover: cover_between along the Bresenham walk, and cover_on_cell.
 * Layer: topology. */
#include "topology/scene/scene_internal.h"

static bool listed(const gg_cell *cells, int32_t n, gg_cell c)
{
    for (int32_t k = 0; k < n; ++k)
        if (gg_cell_eq(cells[k], c))
            return true;
    return false;
}

/* The walk by gg_line_next(), any number of occupied cells: the reference the inlined walk
 * below must equal, used when many creatures stand near the line. */
static gg_cover cover_walk_listed(const gg_scene *s, gg_cell a, gg_cell b, gg_cover best,
                                  const gg_cell *occupied, int32_t occupied_count)
{
    gg_line_iter it = gg_line_begin(a, b);
    gg_cell c;
    while (gg_line_next(&it, &c)) {
        if (gg_cell_eq(c, a))
            continue;
        bool is_target = gg_cell_eq(c, b);
        if (!is_target && gg__blocked(s, c))
            return GG_COVER_TOTAL;
        gg_cover here = gg__cover_tag(s, c);
        if (!is_target && here < GG_COVER_HALF && listed(occupied, occupied_count, c))
            here = GG_COVER_HALF;
        if (here > best)
            best = here;
    }
    return best;
}

/* At most this many creatures within the walk's bounding box take the inlined walk. */
#define GG__COVER_NEAR 16

gg_cover gg__cover_between(const gg_scene *s, gg_cell a, gg_cell b, const gg_cell *occupied,
                           int32_t occupied_count)
{
    /* SRD 5.2 "Cover": a target has the most protective degree of cover between it and the
     * attacker. Nat20 reads that off the cells of the Bresenham walk: blocked cells are total,
     * tags count (the target's own included), creatures give half but never raise a tag. */
    /* Low walls and windows (walls with a cover value) count too; a Nat20 scene has none. */
    gg_cover best = gg__segment_wall_cover(s, gg__wall_centre(a), gg__wall_centre(b));
    if (best == GG_COVER_TOTAL)
        return best;
    /* Only creatures inside the walk's bounding box can stand on it: keep their cell indices. */
    const int32_t c0 = a.col < b.col ? a.col : b.col, c1 = a.col < b.col ? b.col : a.col;
    const int32_t r0 = a.row < b.row ? a.row : b.row, r1 = a.row < b.row ? b.row : a.row;
    int64_t near[GG__COVER_NEAR];
    int32_t nnear = 0;
    const int64_t W = s->width;
    for (int32_t k = 0; k < occupied_count; ++k) {
        const gg_cell o = occupied[k];
        if (o.col < c0 || o.col > c1 || o.row < r0 || o.row > r1)
            continue;
        if (nnear == GG__COVER_NEAR)
            return cover_walk_listed(s, a, b, best, occupied, occupied_count);
        near[nnear++] = (int64_t)o.row * W + o.col;
    }
    /* Nat20's walk inlined over the cell bytes (the walk of the sight kernel, sight_kernel.h:
     * the row steps in a column when G >= 0), the target included. */
    const int64_t dx = (int64_t)b.col - a.col, dy = (int64_t)b.row - a.row;
    const int64_t ax = dx < 0 ? -dx : dx, ay = dy < 0 ? -dy : dy;
    int64_t DM, Dm, M, m;
    if (ax >= ay) {
        DM = ax, Dm = ay, M = dx < 0 ? -1 : 1, m = dy < 0 ? -W : W;
    } else {
        DM = ay, Dm = ax, M = dy < 0 ? -W : W, m = dx < 0 ? -1 : 1;
    }
    const uint8_t *cells = s->cells;
    int64_t i = (int64_t)a.row * W + a.col;
    int64_t G = 2 * Dm - DM;
    unsigned top = (unsigned)best;
    for (int64_t j = 1; j <= DM; ++j) {
        i += M;
        if (G >= 0) {
            i += m;
            G -= 2 * DM;
        }
        G += 2 * Dm;
        const unsigned byte = cells[i];
        unsigned here = (byte & GG__COVER_MASK) >> GG__COVER_SHIFT;
        if (j < DM) {
            if (byte & GG__CELL_BLOCKED)
                return GG_COVER_TOTAL;
            if (here < GG_COVER_HALF && top < GG_COVER_HALF)
                for (int32_t k = 0; k < nnear; ++k)
                    if (near[k] == i)
                        here = GG_COVER_HALF;
        }
        if (here > top)
            top = here;
    }
    return (gg_cover)top;
}

gg_status gg_scene_cover_between(const gg_scene *s, gg_cell a, gg_cell b, const gg_cell *occupied,
                                 int32_t occupied_count, gg_cover *out_cover)
{
    if (out_cover == NULL)
        return GG_E_INVALID_ARG;
    *out_cover = GG_COVER_NONE;
    if (s == NULL || occupied_count < 0 || (occupied == NULL && occupied_count > 0))
        return GG_E_INVALID_ARG;
    if (!gg__in(s, a) || !gg__in(s, b))
        return GG_E_OUT_OF_BOUNDS;
    *out_cover = gg__cover_between(s, a, b, occupied, occupied_count);
    return GG_OK;
}

gg_status gg_scene_cover_on_cell(const gg_scene *s, gg_cell c, gg_cover *out_cover)
{
    if (out_cover == NULL)
        return GG_E_INVALID_ARG;
    *out_cover = GG_COVER_NONE;
    if (s == NULL)
        return GG_E_INVALID_ARG;
    if (gg__in(s, c))
        *out_cover = gg__blocked(s, c) ? GG_COVER_TOTAL : gg__cover_tag(s, c);
    return GG_OK;
}
