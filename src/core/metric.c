/* metric.c - grid distances in cells.
 * Layer: core. */
#include "gridgeom/core.h"

/* SRD 5.2 "Diagonals" default: every square costs 5 feet, so distance is Chebyshev. int64 because
 * the difference of two int32 coordinates can reach 2^32 - 1. */
int64_t gg_chebyshev(gg_cell a, gg_cell b)
{
    int64_t dc = (int64_t)a.col - (int64_t)b.col;
    int64_t dr = (int64_t)a.row - (int64_t)b.row;
    if (dc < 0)
        dc = -dc;
    if (dr < 0)
        dr = -dr;
    return dc > dr ? dc : dr;
}
