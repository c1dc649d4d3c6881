/* polygon_cells.c - the visibility polygon's rasterisation to cells by the point rule, and the
 * exact point-rule test for one segment it falls back on near the polygon's boundary and on its
 * cracks (docs/vision.md, "Rasterisation"). Layer: topology. */
#include <math.h>
#include <string.h>

#include "topology/scene/wall_index.h"
#include "topology/sight/light_cone.h"
#include "topology/sight/polygon_internal.h"

#if !defined(__SIZEOF_INT128__)
#error "the visibility polygon needs a 128-bit integer type (gcc or clang)"
#endif
__extension__ typedef __int128 i128;

/* ---- The point rule for one segment (the rasterisation's boundary test) ---------------------- */

/* A line of sight's own test (wall_kinds.c) under the point rule, the eye and the target at one
 * elevation: the walls that take part are exactly those gg__wall_part() names (live, blocking the
 * sense, not containing v, one-way and proximity as there, heights holding the eye), so the
 * polygon, its rasterisation and line of sight share one segment test. */
bool gg__point_rule_blocked(const gg_scene *s, gg_hpoint v, gg_hpoint p, uint32_t mask, int32_t eye)
{
    const gg__wview view = {true, eye, eye, 0u};
    return gg__segment_hits_wall_rule(s, v, p, mask, GG__RULE_SIGHT, &view);
}

/* ---- Rasterisation ------------------------------------------------------------------------------ */

/* Whether (px, py) is inside the polygon, and its distance to the boundary. */
static bool inside(const double *xy, int32_t n, double px, double py, double *dist)
{
    bool in = false;
    double best = HUGE_VAL;
    for (int32_t i = 0, j = n - 1; i < n; j = i++) {
        const double xi = xy[2 * i], yi = xy[2 * i + 1], xj = xy[2 * j], yj = xy[2 * j + 1];
        if ((yi > py) != (yj > py) && px < (xj - xi) * (py - yi) / (yj - yi) + xi)
            in = !in;
        const double ex = xj - xi, ey = yj - yi, ee = ex * ex + ey * ey;
        double t = ee > 0 ? ((px - xi) * ex + (py - yi) * ey) / ee : 0;
        t = t < 0 ? 0 : (t > 1 ? 1 : t);
        const double dx = xi + t * ex - px, dy = yi + t * ey - py, d = dx * dx + dy * dy;
        best = d < best ? d : best;
    }
    *dist = sqrt(best);
    return in;
}

static void add_crack_point(gg_hpoint q, gg_hpoint *crack, int32_t *n)
{
    for (int32_t k = 0; k < *n && k < 64; ++k)
        if (crack[k].x == q.x && crack[k].y == q.y)
            return;
    if (*n < 64)
        crack[*n] = q;
    ++*n;
}

/* Notes the rays where the point rule and the polygon may differ by a crack: through a wall that
 * takes part but hides no area from v (a point, or on a line through v), and through the ends of
 * portals (doors, windows, limited and proximity walls: a ray grazing two limited walls, one on
 * each side, is stopped, its sides are not; a ray grazing a jamb passes by the doorway rule). */
static void add_crack(const gg_scene *s, const gg__wall *w, gg_hpoint v, const gg_polygon_def *def,
                      int32_t eye, gg_hpoint *crack, int32_t *n)
{
    /* The ends of doors, windows, curtains and PROXIMITY walls are jambs: a line that only
     * grazes one passes under the doorway rule (as line of sight does), which the polygon does
     * not model, so the centres on the rays through them take the exact test too, whether the
     * portal itself takes part or not (an open one takes none). */
    if (gg__wall_live(w) && gg__is_portal(w)) {
        add_crack_point(w->a, crack, n);
        add_crack_point(w->b, crack, n);
        return;
    }
    const int part = gg__wall_part(s, w, v, def->blocks, eye);
    if (part == GG__PART_NONE)
        return;
    if (part == GG__PART_LIMITED) {
        add_crack_point(w->a, crack, n);
        add_crack_point(w->b, crack, n);
    } else if (gg_orientation(v, w->a, w->b) == 0) {
        add_crack_point(w->a, crack, n);
    }
}

gg_status gg_scene_polygon_cells(const gg_scene *scene, const double *xy, int32_t count,
                                 const gg_polygon_def *def, gg_bitset_mode mode, uint64_t *bits,
                                 size_t words, int32_t *out_count)
{
    return gg__polygon_cells_in(scene, def, xy, count, mode, bits, words, out_count, NULL,
                                gg_cell_make(0, 0));
}

gg_status gg__polygon_cells_in(const gg_scene *scene, const gg_polygon_def *def, const double *xy,
                               int32_t count, gg_bitset_mode mode, uint64_t *bits, size_t words,
                               int32_t *out_count, const gg__cone *cone, gg_cell apex)
{
    if (out_count != NULL)
        *out_count = 0;
    if (scene == NULL || def == NULL || bits == NULL || count < 0 || (xy == NULL && count > 0) ||
        (mode != GG_BITSET_REPLACE && mode != GG_BITSET_UNION))
        return GG_E_INVALID_ARG;
    if (def->struct_size != (uint32_t)sizeof *def)
        return GG_E_BAD_DEF;
    const double U = GG__WALL_UNIT;
    int32_t eye = 0;
    const double hx = def->x * U, hy = def->y * U;
    if (!(hx >= 0 && hy >= 0 && hx <= (double)scene->width * U &&
          hy <= (double)scene->height * U) ||
        hx != floor(hx) || hy != floor(hy) || def->range_ft < 0 ||
        !gg__height_units(def->eye_ft, 0, &eye) ||
        (def->blocks != (uint32_t)GG_BLOCKS_SIGHT && def->blocks != (uint32_t)GG_BLOCKS_LIGHT))
        return GG_E_INVALID_ARG;
    const size_t need = gg_scene_bitset_words(scene);
    if (words < need)
        return GG_E_BUFFER_TOO_SMALL;
    if (mode == GG_BITSET_REPLACE)
        memset(bits, 0, need * sizeof *bits);
    if (count < 3)
        return GG_OK;
    double x0 = HUGE_VAL, y0 = HUGE_VAL, x1 = -HUGE_VAL, y1 = -HUGE_VAL;
    for (int32_t i = 0; i < count; ++i) {
        x0 = fmin(x0, xy[2 * i]);
        x1 = fmax(x1, xy[2 * i]);
        y0 = fmin(y0, xy[2 * i + 1]);
        y1 = fmax(y1, xy[2 * i + 1]);
    }
    const gg_hpoint v = {(int32_t)hx, (int32_t)hy};
    /* The walls the polygon leaves out because they hide no area, points and walls on a line
     * through the viewer, still hide the centres on their rays: those centres take the exact
     * test. */
    gg_hpoint crack[64];
    int32_t ncrack = 0;
    const gg__wall_index *ix = &scene->index;
    for (uint32_t k = 0; k < ix->pending_count; ++k)
        add_crack(scene, &scene->walls[ix->pending[k]], v, def, eye, crack, &ncrack);
    if (ix->built) {
        const double size = (double)(GG__WALL_UNIT << ix->bucket_shift) / GG__WALL_UNIT;
        const int32_t i0 = (int32_t)fmax(0, floor(x0 / size)),
                      i1 = (int32_t)fmin(ix->bw - 1, floor(x1 / size));
        const int32_t j0 = (int32_t)fmax(0, floor(y0 / size)),
                      j1 = (int32_t)fmin(ix->bh - 1, floor(y1 / size));
        for (int32_t j = j0; j <= j1; ++j)
            for (int32_t i = i0; i <= i1; ++i) {
                const size_t b = (size_t)j * (size_t)ix->bw + (size_t)i;
                for (uint32_t k = ix->start[b]; k < ix->start[b + 1]; ++k)
                    add_crack(scene, &scene->walls[ix->items[k]], v, def, eye, crack, &ncrack);
            }
    }
    const bool ranged = def->range_ft != GG_RANGE_UNLIMITED;
    const int64_t r2 = ranged ? (int64_t)def->range_ft * def->range_ft : 0;
    const int32_t c0 = (int32_t)fmax(0, floor(x0 - 0.5)),
                  c1 = (int32_t)fmin(scene->width - 1, ceil(x1));
    const int32_t r0 = (int32_t)fmax(0, floor(y0 - 0.5)),
                  r1 = (int32_t)fmin(scene->height - 1, ceil(y1));
    /* A line through a jamb may see centres beyond the polygon's box, on the crack rays: with
     * cracks, every cell of the map (of the disc's box) is looked at, those outside the box only
     * when on a crack ray (or all, past the crack list's room). */
    int32_t ec0 = c0, ec1 = c1, er0 = r0, er1 = r1;
    if (ncrack > 0) {
        ec0 = 0, ec1 = scene->width - 1, er0 = 0, er1 = scene->height - 1;
        if (ranged) {
            const double rc = (double)def->range_ft / scene->cell_size_ft + 1;
            ec0 = (int32_t)fmax(0, floor(def->x - rc)), ec1 = (int32_t)fmin(ec1, ceil(def->x + rc));
            er0 = (int32_t)fmax(0, floor(def->y - rc)), er1 = (int32_t)fmin(er1, ceil(def->y + rc));
        }
    }
    int32_t n = 0;
    for (int32_t r = er0; r <= er1; ++r)
        for (int32_t c = ec0; c <= ec1; ++c) {
            const bool in_box = r >= r0 && r <= r1 && c >= c0 && c <= c1;
            if (cone != NULL && !gg__cone_holds(cone, (int64_t)c - apex.col, (int64_t)r - apex.row))
                continue; /* a light's cone, exactly (light_cone.h) */
            const gg_hpoint p = gg__wall_centre(gg_cell_make(c, r));
            if (ranged) { /* the closed disc, exactly: feet squared */
                const int64_t dx = (int64_t)p.x - v.x, dy = (int64_t)p.y - v.y;
                const i128 d2 = (i128)(dx * dx + dy * dy) * scene->cell_size_ft *
                                scene->cell_size_ft;
                if (d2 > (i128)r2 * GG__WALL_UNIT * GG__WALL_UNIT)
                    continue;
            }
            double dist = HUGE_VAL;
            bool in = in_box && inside(xy, count, c + 0.5, r + 0.5, &dist);
            bool exact = dist <= 1e-9 || (ranged && dist <= def->arc_error + 1e-9) || ncrack > 63;
            for (int32_t k = 0; k < ncrack && !exact; ++k)
                exact = gg_orientation(v, crack[k], p) == 0;
            if (!in_box && !exact)
                continue;
            if (exact)
                in = !gg__point_rule_blocked(scene, v, p, def->blocks, eye);
            if (in) {
                const size_t i = (size_t)r * (size_t)scene->width + (size_t)c;
                bits[i >> 6] |= (uint64_t)1 << (i & 63);
                ++n;
            }
        }
    if (out_count != NULL)
        *out_count = n;
    return GG_OK;
}
