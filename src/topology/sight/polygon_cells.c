/* polygon_cells.c - the visibility polygon's rasterisation to cells by the point rule, and the
 * exact point-rule test for one segment it falls back on near the polygon's boundary and on its
 * cracks (docs/vision.md, "Rasterisation"). Layer: topology. */
#include <math.h>
#include <stdlib.h>
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

/* ---- Rasterisation ------------------------------------------------------------------------------
 * A scanline fill over the rows of cell centres (docs/vision.md, "Rasterisation"). On the row
 * y = r + 0.5 the polygon's edges cross at x values computed as a point-in-polygon test computes
 * them (the same expression, edge by edge), so a centre's parity, "inside" iff it lies in
 * [x1, x2) or [x3, x4) ... of the sorted crossings, is that test's answer to the bit. The centres
 * that the polygon does not decide, those within 1e-9 cell of an edge (or arc_error of it, with a
 * radius) and those on a crack ray, come as short column ranges ("specials") and take the exact
 * segment test; the others are filled span by span. The rows' buffers live on the stack; a row
 * whose crossings or specials do not fit falls back to deciding each centre of the row on its own
 * (the same answer, at the old cost), as does a polygon with more crack rays than fit. */

enum {
    CRACK_CAP = 256,   /* distinct crack points kept; more, and every centre takes the exact test */
    CROSS_CAP = 256,   /* crossings of one row */
    SPECIAL_CAP = 512, /* column ranges of one row that take the exact test */
    EDGE_CAP = 512,    /* edges in the active-edge table; more, and each row scans every edge */
    SMALL_SORT = 24    /* rows with this many crossings or specials at most: insertion sort */
};

typedef struct special {
    int32_t a, b; /* columns, inclusive */
    int32_t edge; /* the edge a centre must be near, or -1 on a crack ray */
} special;

typedef struct raster {
    const gg_scene *s;
    const double *xy;
    int32_t n;
    const gg__cone *cone;
    gg_cell apex;
    gg_hpoint v;
    uint32_t blocks;
    int32_t eye;
    bool ranged;
    int64_t r2;     /* the radius in feet, squared */
    double arc;     /* def->arc_error */
    double reach;   /* how far from an edge a centre may be and still be "near", for ranges */
    int32_t c0, c1; /* the polygon's box, within the looked-at box */
    int32_t r0, r1;
    int32_t ec0, ec1; /* the looked-at box: the polygon's, or with cracks the map's (the disc's) */
    const gg_hpoint *crack;
    int32_t ncrack;
    bool all_exact; /* every centre takes the exact test */
    uint64_t *bits;
    int32_t count;
} raster;

/* The distance from (px, py) to edge i (from vertex i - 1 to vertex i) is within the bound that
 * sends a centre to the exact test: 1e-9 cell, or arc_error + 1e-9 with a radius. The expression
 * is the one the per-centre test minimised over the edges (the square root of a minimum is the
 * minimum of the square roots, so one edge within the bound is the same answer). */
static bool edge_near(const raster *R, int32_t i, double px, double py)
{
    const int32_t j = i == 0 ? R->n - 1 : i - 1;
    const double *xy = R->xy;
    const double xi = xy[2 * i], yi = xy[2 * i + 1], xj = xy[2 * j], yj = xy[2 * j + 1];
    const double ex = xj - xi, ey = yj - yi, ee = ex * ex + ey * ey;
    double t = ee > 0 ? ((px - xi) * ex + (py - yi) * ey) / ee : 0;
    t = t < 0 ? 0 : (t > 1 ? 1 : t);
    const double dx = xi + t * ex - px, dy = yi + t * ey - py;
    const double dist = sqrt(dx * dx + dy * dy);
    return dist <= 1e-9 || (R->ranged && dist <= R->arc + 1e-9);
}

/* Whether (px, py) is inside the polygon (the parity of the crossings right of it), and its
 * distance to the boundary is within the exact test's bound: the per-centre test. */
static bool inside_slow(const raster *R, double px, double py, bool *near)
{
    const double *xy = R->xy;
    bool in = false;
    *near = false;
    for (int32_t i = 0, j = R->n - 1; i < R->n; j = i++) {
        const double xi = xy[2 * i], yi = xy[2 * i + 1], xj = xy[2 * j], yj = xy[2 * j + 1];
        if ((yi > py) != (yj > py) && px < (xj - xi) * (py - yi) / (yj - yi) + xi)
            in = !in;
        *near = *near || edge_near(R, i, px, py);
    }
    return in;
}

/* The centre of (c, r) lies on a crack ray: the line through the viewer and a crack point. */
static bool on_crack(const raster *R, gg_hpoint p)
{
    for (int32_t k = 0; k < R->ncrack; ++k)
        if (gg_orientation(R->v, R->crack[k], p) == 0)
            return true;
    return false;
}

/* Sets the bit of (c, r) when its centre counts: in the cone and the closed disc, then by the
 * exact segment test when `exact`, else by `in` (the polygon), only in the polygon's box. */
static void decide(raster *R, int32_t c, int32_t r, bool in_box, bool in, bool exact)
{
    if (!in_box && !exact)
        return;
    if (R->cone != NULL &&
        !gg__cone_holds(R->cone, (int64_t)c - R->apex.col, (int64_t)r - R->apex.row))
        return; /* a light's cone, exactly (light_cone.h) */
    const gg_hpoint p = gg__wall_centre(gg_cell_make(c, r));
    if (R->ranged) { /* the closed disc, exactly: feet squared */
        const int64_t dx = (int64_t)p.x - R->v.x, dy = (int64_t)p.y - R->v.y;
        const int64_t cs = R->s->cell_size_ft;
        const i128 d2 = (i128)(dx * dx + dy * dy) * cs * cs;
        if (d2 > (i128)R->r2 * GG__WALL_UNIT * GG__WALL_UNIT)
            return;
    }
    if (exact)
        in = !gg__point_rule_blocked(R->s, R->v, p, R->blocks, R->eye);
    if (in) {
        const size_t i = (size_t)r * (size_t)R->s->width + (size_t)c;
        R->bits[i >> 6] |= (uint64_t)1 << (i & 63);
        ++R->count;
    }
}

/* Row r centre by centre, each by the per-centre test: the fallback. */
static void row_slow(raster *R, int32_t r)
{
    const bool row_in_box = r >= R->r0 && r <= R->r1;
    for (int32_t c = R->ec0; c <= R->ec1; ++c) {
        const bool in_box = row_in_box && c >= R->c0 && c <= R->c1;
        bool near = false;
        const bool in = in_box && inside_slow(R, c + 0.5, r + 0.5, &near);
        bool exact = near || R->all_exact;
        if (!exact && R->ncrack > 0)
            exact = on_crack(R, gg__wall_centre(gg_cell_make(c, r)));
        decide(R, c, r, in_box, in, exact);
    }
}

/* The first column whose centre c + 0.5 is >= x (> x when `strict`), within [lo - 1, hi + 1]. */
static int32_t first_col(double x, bool strict, int32_t lo, int32_t hi)
{
    if (!(x >= lo - 1.0)) /* also NaN: a range that starts before lo */
        return lo - 1;
    if (x > hi + 1.0)
        return hi + 1;
    int32_t c = (int32_t)floor(x - 0.5);
    while (strict ? c + 0.5 <= x : c + 0.5 < x)
        ++c;
    while (c > lo - 1 && (strict ? (c - 1) + 0.5 > x : (c - 1) + 0.5 >= x))
        --c;
    return c;
}

/* The columns of row y (cells, a centre row) that may hold a centre within R->reach of edge i:
 * the edge's part within `reach` of the row, widened by `reach` and a margin (conservative: the
 * exact bound is tested centre by centre). False when there are none in the box. */
static bool near_range(const raster *R, int32_t i, double y, int32_t *a, int32_t *b)
{
    const int32_t j = i == 0 ? R->n - 1 : i - 1;
    const double xi = R->xy[2 * i], yi = R->xy[2 * i + 1], xj = R->xy[2 * j], yj = R->xy[2 * j + 1];
    const double m = R->reach + 1e-6;
    if (y < fmin(yi, yj) - m || y > fmax(yi, yj) + m)
        return false;
    double xa = fmin(xi, xj), xb = fmax(xi, xj);
    if (yi != yj) { /* the part of the edge with |y' - y| <= m */
        double ta = (y - m - yi) / (yj - yi), tb = (y + m - yi) / (yj - yi);
        if (ta > tb) {
            const double t = ta;
            ta = tb;
            tb = t;
        }
        ta = ta < 0 ? 0 : (ta > 1 ? 1 : ta);
        tb = tb < 0 ? 0 : (tb > 1 ? 1 : tb);
        const double x1 = xi + ta * (xj - xi), x2 = xi + tb * (xj - xi);
        xa = fmin(x1, x2) - 1e-6;
        xb = fmax(x1, x2) + 1e-6;
    }
    *a = first_col(xa - m, false, R->c0, R->c1);
    *b = first_col(xb + m, true, R->c0, R->c1) - 1;
    *a = *a < R->c0 ? R->c0 : *a;
    *b = *b > R->c1 ? R->c1 : *b;
    return *a <= *b;
}

/* The column of row r's centres on the crack ray through crack point q, or the whole row when
 * the ray runs along it; false when no centre of the row lies on it. */
static bool crack_range(const raster *R, gg_hpoint q, int32_t r, int32_t *a, int32_t *b)
{
    const int64_t U = GG__WALL_UNIT, dx = (int64_t)q.x - R->v.x, dy = (int64_t)q.y - R->v.y;
    const int64_t py = U * r + U / 2;
    if (dy == 0) {
        if (py != R->v.y)
            return false;
        *a = R->ec0;
        *b = R->ec1;
        return true;
    }
    const int64_t num = (py - R->v.y) * dx;
    if (num % dy != 0)
        return false;
    const int64_t off = R->v.x + num / dy - U / 2; /* U c, for the column c */
    if (off % U != 0)
        return false;
    const int64_t c = off / U;
    if (c < R->ec0 || c > R->ec1)
        return false;
    *a = *b = (int32_t)c;
    return true;
}

static int cmp_double(const void *x, const void *y)
{
    const double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

static int cmp_special(const void *x, const void *y)
{
    const special *a = (const special *)x, *b = (const special *)y;
    return (a->a > b->a) - (a->a < b->a);
}

/* The active-edge table: edges sorted by the lowest row they may touch (with the near reach). */
typedef struct aet {
    int32_t order[EDGE_CAP];
    int32_t active[EDGE_CAP];
    int32_t next, nactive;
    bool on; /* false: too many edges, every row scans them all */
} aet;

static double edge_ylo(const raster *R, int32_t i)
{
    const int32_t j = i == 0 ? R->n - 1 : i - 1;
    return fmin(R->xy[2 * i + 1], R->xy[2 * j + 1]) - R->reach - 1e-6;
}

static double edge_yhi(const raster *R, int32_t i)
{
    const int32_t j = i == 0 ? R->n - 1 : i - 1;
    return fmax(R->xy[2 * i + 1], R->xy[2 * j + 1]) + R->reach + 1e-6;
}

/* One row by the scanline. False when its buffers overflow (nothing written then). */
static bool row_fast(raster *R, const aet *t, int32_t r, double *xs, special *sp)
{
    const double py = r + 0.5;
    const bool row_in_box = r >= R->r0 && r <= R->r1;
    int32_t nx = 0, ns = 0;
    if (row_in_box) {
        const int32_t m = t->on ? t->nactive : R->n;
        for (int32_t k = 0; k < m; ++k) {
            const int32_t i = t->on ? t->active[k] : k;
            const int32_t j = i == 0 ? R->n - 1 : i - 1;
            const double xi = R->xy[2 * i], yi = R->xy[2 * i + 1], xj = R->xy[2 * j],
                         yj = R->xy[2 * j + 1];
            if ((yi > py) != (yj > py)) {
                if (nx == CROSS_CAP)
                    return false;
                xs[nx++] = (xj - xi) * (py - yi) / (yj - yi) + xi;
            }
            int32_t a, b;
            if (near_range(R, i, py, &a, &b)) {
                if (ns == SPECIAL_CAP)
                    return false;
                sp[ns++] = (special){a, b, i};
            }
        }
    }
    for (int32_t k = 0; k < R->ncrack; ++k) {
        int32_t a, b;
        if (crack_range(R, R->crack[k], r, &a, &b)) {
            if (ns == SPECIAL_CAP)
                return false;
            sp[ns++] = (special){a, b, -1};
        }
    }
    if (nx <= SMALL_SORT) /* a row crosses few edges: insertion sort, no qsort() call */
        for (int32_t i = 1; i < nx; ++i) {
            const double x = xs[i];
            int32_t k = i;
            for (; k > 0 && xs[k - 1] > x; --k)
                xs[k] = xs[k - 1];
            xs[k] = x;
        }
    else
        qsort(xs, (size_t)nx, sizeof *xs, cmp_double);
    if (ns <= SMALL_SORT)
        for (int32_t i = 1; i < ns; ++i) {
            const special x = sp[i];
            int32_t k = i;
            for (; k > 0 && sp[k - 1].a > x.a; --k)
                sp[k] = sp[k - 1];
            sp[k] = x;
        }
    else
        qsort(sp, (size_t)ns, sizeof *sp, cmp_special);
    /* The specials: each centre of their union once, with the crossings at or left of it
     * counted as the columns grow. */
    int32_t nm = 0, px = 0;
    for (int32_t g = 0; g < ns;) {
        int32_t ge = g + 1, gb = sp[g].b;
        while (ge < ns && sp[ge].a <= gb + 1) {
            gb = sp[ge].b > gb ? sp[ge].b : gb;
            ++ge;
        }
        const int32_t ga = sp[g].a;
        for (int32_t c = ga; c <= gb; ++c) {
            const double cx = c + 0.5;
            while (px < nx && xs[px] <= cx)
                ++px;
            const bool in_box = row_in_box && c >= R->c0 && c <= R->c1;
            bool near = false, crack = false;
            for (int32_t k = g; k < ge && sp[k].a <= c; ++k) {
                if (sp[k].b < c)
                    continue;
                if (sp[k].edge < 0)
                    crack = true;
                else if (in_box && !near)
                    near = edge_near(R, sp[k].edge, cx, py);
            }
            decide(R, c, r, in_box, in_box && (px & 1) != 0, near || crack);
        }
        sp[nm++] = (special){ga, gb, 0}; /* the union so far, over the ranges already read */
        g = ge;
    }
    /* The spans inside the polygon, less the specials (sp[0, nm) now holds their union, in
     * order): the polygon decides them. */
    int32_t mk = 0;
    for (int32_t k = 0; k + 1 < nx; k += 2) {
        int32_t a = first_col(xs[k], false, R->c0, R->c1);
        int32_t b = first_col(xs[k + 1], false, R->c0, R->c1) - 1;
        a = a < R->c0 ? R->c0 : a;
        b = b > R->c1 ? R->c1 : b;
        for (int32_t c = a; c <= b; ++c) {
            while (mk < nm && sp[mk].b < c)
                ++mk;
            if (mk < nm && sp[mk].a <= c) {
                c = sp[mk].b;
                continue;
            }
            decide(R, c, r, true, true, false);
        }
    }
    return true;
}

/* Sorts the edges by edge_ylo() (a heap sort: no allocation, and qsort() has no context). */
static void sort_edges(const raster *R, int32_t *a, int32_t n)
{
    for (int32_t end = n, start = n / 2; end > 1;) {
        if (start > 0) {
            --start;
        } else {
            --end;
            const int32_t t = a[end];
            a[end] = a[0];
            a[0] = t;
        }
        for (int32_t root = start; 2 * root + 1 < end;) {
            int32_t child = 2 * root + 1;
            if (child + 1 < end && edge_ylo(R, a[child]) < edge_ylo(R, a[child + 1]))
                ++child;
            if (!(edge_ylo(R, a[root]) < edge_ylo(R, a[child])))
                break;
            const int32_t t = a[root];
            a[root] = a[child];
            a[child] = t;
            root = child;
        }
    }
}

/* Brings the active-edge table to the row y: the edges that may cross it or lie near it. */
static void aet_advance(const raster *R, aet *t, double y)
{
    while (t->next < R->n && edge_ylo(R, t->order[t->next]) <= y)
        t->active[t->nactive++] = t->order[t->next++];
    int32_t k = 0;
    for (int32_t i = 0; i < t->nactive; ++i)
        if (edge_yhi(R, t->active[i]) >= y)
            t->active[k++] = t->active[i];
    t->nactive = k;
}

/* Keeps crack point q (once); a crack point at the viewer puts every centre on a crack ray. */
static void add_crack_point(raster *R, gg_hpoint *crack, gg_hpoint q)
{
    if (q.x == R->v.x && q.y == R->v.y) {
        R->all_exact = true;
        return;
    }
    for (int32_t k = 0; k < R->ncrack && k < CRACK_CAP; ++k)
        if (crack[k].x == q.x && crack[k].y == q.y)
            return;
    if (R->ncrack < CRACK_CAP)
        crack[R->ncrack] = q;
    else
        R->all_exact = true; /* more rays than fit: as many centres as the map's width */
    ++R->ncrack;
}

/* Notes the rays where the point rule and the polygon may differ by a crack: through a wall that
 * takes part but hides no area from v (a point, or on a line through v), and through the ends of
 * portals (doors, windows, limited and proximity walls: a ray grazing two limited walls, one on
 * each side, is stopped, its sides are not; a ray grazing a jamb passes by the doorway rule). */
static void add_crack(raster *R, gg_hpoint *crack, const gg__wall *w)
{
    /* The ends of doors, windows, curtains and PROXIMITY walls are jambs: a line that only
     * grazes one passes under the doorway rule (as line of sight does), which the polygon does
     * not model, so the centres on the rays through them take the exact test too, whether the
     * portal itself takes part or not (an open one takes none). */
    if (gg__wall_live(w) && gg__is_portal(w)) {
        add_crack_point(R, crack, w->a);
        add_crack_point(R, crack, w->b);
        return;
    }
    const int part = gg__wall_part(R->s, w, R->v, R->blocks, R->eye);
    if (part == GG__PART_NONE)
        return;
    if (part == GG__PART_LIMITED) {
        add_crack_point(R, crack, w->a);
        add_crack_point(R, crack, w->b);
    } else if (gg_orientation(R->v, w->a, w->b) == 0) {
        add_crack_point(R, crack, w->a);
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
    raster R;
    memset(&R, 0, sizeof R);
    R.s = scene;
    R.xy = xy;
    R.n = count;
    R.cone = cone;
    R.apex = apex;
    R.v = (gg_hpoint){(int32_t)hx, (int32_t)hy};
    R.blocks = def->blocks;
    R.eye = eye;
    R.bits = bits;
    /* The walls the polygon leaves out because they hide no area, points and walls on a line
     * through the viewer, still hide the centres on their rays: those centres take the exact
     * test. */
    gg_hpoint crack[CRACK_CAP];
    const gg__wall_index *ix = &scene->index;
    for (uint32_t k = 0; k < ix->pending_count; ++k)
        add_crack(&R, crack, &scene->walls[ix->pending[k]]);
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
                    add_crack(&R, crack, &scene->walls[ix->items[k]]);
            }
    }
    R.crack = crack;
    R.ncrack = R.ncrack < CRACK_CAP ? R.ncrack : CRACK_CAP;
    R.ranged = def->range_ft != GG_RANGE_UNLIMITED;
    R.r2 = R.ranged ? (int64_t)def->range_ft * def->range_ft : 0;
    R.arc = def->arc_error;
    R.reach = 1e-9;
    if (R.ranged && def->arc_error + 1e-9 > R.reach) /* NaN stays at 1e-9, as the test does */
        R.reach = fmin(def->arc_error + 1e-9, (double)scene->width + scene->height + 2.0);
    const int32_t c0 = (int32_t)fmax(0, floor(x0 - 0.5)),
                  c1 = (int32_t)fmin(scene->width - 1, ceil(x1));
    const int32_t r0 = (int32_t)fmax(0, floor(y0 - 0.5)),
                  r1 = (int32_t)fmin(scene->height - 1, ceil(y1));
    /* A line through a jamb may see centres beyond the polygon's box, on the crack rays: with
     * cracks, the rows of the map (of the disc's box) are looked at, those outside the box only
     * on the crack rays. */
    int32_t ec0 = c0, ec1 = c1, er0 = r0, er1 = r1;
    if (R.ncrack > 0 || R.all_exact) {
        ec0 = 0, ec1 = scene->width - 1, er0 = 0, er1 = scene->height - 1;
        if (R.ranged) {
            const double rc = (double)def->range_ft / scene->cell_size_ft + 1;
            ec0 = (int32_t)fmax(0, floor(def->x - rc)), ec1 = (int32_t)fmin(ec1, ceil(def->x + rc));
            er0 = (int32_t)fmax(0, floor(def->y - rc)), er1 = (int32_t)fmin(er1, ceil(def->y + rc));
        }
    }
    R.ec0 = ec0, R.ec1 = ec1;
    R.c0 = c0 > ec0 ? c0 : ec0, R.c1 = c1 < ec1 ? c1 : ec1;
    R.r0 = r0 > er0 ? r0 : er0, R.r1 = r1 < er1 ? r1 : er1;
    aet t;
    t.next = t.nactive = 0;
    t.on = !R.all_exact && count <= EDGE_CAP;
    if (t.on) {
        for (int32_t i = 0; i < count; ++i)
            t.order[i] = i;
        sort_edges(&R, t.order, count);
    }
    double xs[CROSS_CAP];
    special sp[SPECIAL_CAP];
    for (int32_t r = er0; r <= er1; ++r) {
        if (R.all_exact) {
            row_slow(&R, r);
            continue;
        }
        if (t.on)
            aet_advance(&R, &t, r + 0.5);
        if (!row_fast(&R, &t, r, xs, sp))
            row_slow(&R, r);
    }
    if (out_count != NULL)
        *out_count = R.count;
    return GG_OK;
}
