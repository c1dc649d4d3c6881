/* line.c - Nat20's direction-dependent Bresenham walk as an allocation-free value iterator.
 * Layer: core. */
#include "gridgeom/core.h"

/* Nat20's walk: dx = |x1-x0|, dy = -|y1-y0|, err = dx+dy, and each step tests e2 = 2*err against dy
 * (x step) and dx (y step); both may fire (diagonal). Ties step from the start's side, so a->b is
 * not b->a reversed; callers that need symmetry must not swap the endpoints. dx, dy and err are
 * int64: with int32 endpoints |dx| and |dy| reach 2^32 - 1 and 2*err reaches about 2^34. */
gg_line_iter gg_line_begin(gg_cell a, gg_cell b)
{
    gg_line_iter it;
    it.x = a.col;
    it.y = a.row;
    it.x1 = b.col;
    it.y1 = b.row;
    /* Nat20 gives equal coordinates sx/sy = -1; that axis never steps, so the value is inert. */
    it.sx = a.col < b.col ? 1 : -1;
    it.sy = a.row < b.row ? 1 : -1;
    int64_t dx = (int64_t)b.col - (int64_t)a.col;
    int64_t dy = (int64_t)b.row - (int64_t)a.row;
    it.dx = dx < 0 ? -dx : dx;
    it.dy = dy < 0 ? dy : -dy;
    it.err = it.dx + it.dy;
    it.state = 0;
    return it;
}

bool gg_line_next(gg_line_iter *it, gg_cell *out)
{
    if (it == NULL || out == NULL || it->state == 2)
        return false;
    it->state = 1;
    *out = gg_cell_make(it->x, it->y);
    if (it->x == it->x1 && it->y == it->y1) {
        it->state = 2;
        return true;
    }
    int64_t e2 = 2 * it->err;
    /* Neither step can pass the target coordinate, so x and y stay within [a, b] (no overflow). */
    if (e2 >= it->dy) {
        it->err += it->dy;
        it->x += it->sx;
    }
    if (e2 <= it->dx) {
        it->err += it->dx;
        it->y += it->sy;
    }
    return true;
}
