/* template_any.c - areas of effect as continuous shapes at any point of origin and in any
 * direction (SRD 5.2 "Areas of Effect"), and which squares they cover under the three coverage
 * rules (docs/rules.md, "Areas at any angle"). Layer: core.
 *
 * Exactness. Points are integers (sixteenths of a foot) and directions integer vectors d, so
 * every boundary of a Cone, Line or Cube is a line n.P = a + b*s with integer n, a, b and
 * s = |d| = sqrt(dx^2 + dy^2) (sqrt(2) |d| for a cube from a corner). Tests of a point against
 * such a line are signs in Z[s]; the covered area of a square is the shoelace sum of the square
 * clipped by the shape's half-planes, every vertex being the meet of two of those lines, kept
 * in homogeneous form (X, Y in Z[s], W an integer), so "at least half" is the sign of one
 * element of Z[s] (template_num.c). No floating point decides a polygon.
 *
 * Discs (Sphere, Cylinder) and the rounded corners of an Emanation: the rational parts (a
 * square inside or outside the disc, the straight parts of an emanation) are exact integers.
 * When a circular arc crosses a square the covered area is algebraic + (R^2/2) * (sum of the arc
 * angles), with a positive sum of angles whose cosines are algebraic; by Baker's theorem on
 * linear forms in logarithms such a number is transcendental, so it never equals one half of a
 * square (a rational) exactly and there is no tie to decide. Those areas are evaluated in long
 * double; only an area within about 1e-12 of a square from one half (never exactly half) is left
 * to the evaluation's rounding (docs/rules.md). */
#include <math.h>
#include <string.h>

#include "core/template_num.h"
#include "core/template_walk.h"
#include "gridgeom/core.h"

enum { KIND_POLY = 0, KIND_DISC = 1, KIND_ROUND = 2 };

/* The half-plane a + b*s - (nx*x + ny*y) >= 0, in units. */
typedef struct half_plane {
    int64_t nx, ny, a, b;
} half_plane;

typedef struct geo {
    int kind;
    int nlines;
    half_plane line[4];
    int64_t rad;                /* s = sqrt(rad) */
    double s;                   /* sqrt(rad), for the filter of sign_is() */
    bool exact_only;            /* skip the floating-point filters (tests: fast = slow) */
    int64_t ox, oy, r;          /* disc: centre and radius */
    int64_t sx0, sy0, sx1, sy1; /* emanation: the source's space */
    int64_t bx0, by0, bx1, by1; /* a closed box that contains the shape */
} geo;

static gg_status fail(const char **reason, const char *why, gg_status s)
{
    if (reason != NULL)
        *reason = why;
    return s;
}

static int64_t abs64(int64_t v) { return v < 0 ? -v : v; }

static int64_t gcd64(int64_t a, int64_t b)
{
    a = abs64(a);
    b = abs64(b);
    while (b != 0) {
        int64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* The half-plane g.(P - O) >= 0 written as a - n.P >= 0 (n = -g, a = n.O). */
static half_plane facing(int64_t gx, int64_t gy, int64_t ox, int64_t oy)
{
    half_plane h;
    h.nx = -gx;
    h.ny = -gy;
    h.a = h.nx * ox + h.ny * oy;
    h.b = 0;
    return h;
}

/* The half-plane n.(P - O) <= b*s. */
static half_plane bounded(int64_t nx, int64_t ny, int64_t ox, int64_t oy, int64_t b)
{
    half_plane h;
    h.nx = nx;
    h.ny = ny;
    h.a = nx * ox + ny * oy;
    h.b = b;
    return h;
}

static void box_add(geo *g, double x, double y, bool *first)
{
    /* Vertices are only used for the bounding box: floor/ceil with a 2-unit margin is safe
     * against the rounding of the double values. */
    int64_t lx = (int64_t)floor(x) - 2, hx = (int64_t)ceil(x) + 2;
    int64_t ly = (int64_t)floor(y) - 2, hy = (int64_t)ceil(y) + 2;
    if (*first || lx < g->bx0)
        g->bx0 = lx;
    if (*first || hx > g->bx1)
        g->bx1 = hx;
    if (*first || ly < g->by0)
        g->by0 = ly;
    if (*first || hy > g->by1)
        g->by1 = hy;
    *first = false;
}

/* Validates `def` and builds the shape in units. */
static gg_status prepare(int32_t cell_size_ft, const gg_shape_def *def, geo *g, const char **reason)
{
    memset(g, 0, sizeof *g);
    if (def == NULL)
        return fail(reason, "the shape def is NULL", GG_E_INVALID_ARG);
    if (def->struct_size < (uint32_t)sizeof(gg_shape_def))
        return fail(reason, "the shape def was not made by gg_shape_def_default()", GG_E_BAD_DEF);
    if (cell_size_ft < 1)
        return fail(reason, "cell_size_ft is less than 1", GG_E_INVALID_ARG);
    if (cell_size_ft > GG_SHAPE_MAX_CELL_FT)
        return fail(reason, "cell_size_ft exceeds GG_SHAPE_MAX_CELL_FT", GG_E_TOO_LARGE);
    switch (def->coverage) {
    case GG_COVERAGE_CENTRE:
    case GG_COVERAGE_HALF:
    case GG_COVERAGE_TOUCH:
        break;
    default:
        return fail(reason, "unknown coverage rule", GG_E_INVALID_ARG);
    }
    if (def->size_ft < 1)
        return fail(reason, "size_ft is less than 1", GG_E_INVALID_ARG);
    if (def->size_ft > GG_SHAPE_MAX_FT)
        return fail(reason, "size_ft exceeds GG_SHAPE_MAX_FT", GG_E_TOO_LARGE);
    const int64_t U = GG_AREA_UNITS_PER_FT;
    int64_t L = (int64_t)def->size_ft * U;
    int64_t ox = def->origin.x, oy = def->origin.y;
    switch (def->shape) {
    case GG_SHAPE_SPHERE:
    case GG_SHAPE_CYLINDER:
        g->kind = KIND_DISC;
        g->ox = ox;
        g->oy = oy;
        g->r = L;
        g->bx0 = ox - L;
        g->bx1 = ox + L;
        g->by0 = oy - L;
        g->by1 = oy + L;
        return GG_OK;
    case GG_SHAPE_EMANATION: {
        int32_t side = gg_size_cells(def->source.size);
        if (side == 0)
            return fail(reason, "unknown source size", GG_E_INVALID_ARG);
        int64_t cs = (int64_t)cell_size_ft * U;
        g->kind = KIND_ROUND;
        g->r = L;
        g->sx0 = (int64_t)def->source.cell.col * cs;
        g->sy0 = (int64_t)def->source.cell.row * cs;
        g->sx1 = g->sx0 + side * cs;
        g->sy1 = g->sy0 + side * cs;
        g->bx0 = g->sx0 - L;
        g->bx1 = g->sx1 + L;
        g->by0 = g->sy0 - L;
        g->by1 = g->sy1 + L;
        return GG_OK;
    }
    case GG_SHAPE_CONE:
    case GG_SHAPE_LINE:
    case GG_SHAPE_CUBE:
        break;
    default:
        return fail(reason, "unknown shape", GG_E_INVALID_ARG);
    }
    if (def->dir_x == 0 && def->dir_y == 0)
        return fail(reason, "the direction vector is (0,0)", GG_E_INVALID_ARG);
    int64_t k = gcd64(def->dir_x, def->dir_y);
    int64_t dx = def->dir_x / k, dy = def->dir_y / k;
    if (abs64(dx) > GG_SHAPE_MAX_DIR || abs64(dy) > GG_SHAPE_MAX_DIR)
        return fail(reason, "the reduced direction exceeds GG_SHAPE_MAX_DIR", GG_E_TOO_LARGE);
    g->kind = KIND_POLY;
    g->rad = dx * dx + dy * dy;
    g->s = sqrt((double)g->rad);
    double s = sqrt((double)g->rad);
    double ux = (double)dx / s, uy = (double)dy / s; /* unit direction */
    double px = -uy, py = ux;                        /* unit perpendicular */
    double fo_x = (double)ox, fo_y = (double)oy, fL = (double)L;
    bool first = true;
    if (def->shape == GG_SHAPE_CONE) {
        /* along = d.(P-O) <= L s; |2 cross| <= along, cross = d x (P-O). */
        g->line[0] = bounded(dx, dy, ox, oy, L);
        g->line[1] = facing(dx + 2 * dy, dy - 2 * dx, ox, oy);
        g->line[2] = facing(dx - 2 * dy, dy + 2 * dx, ox, oy);
        g->nlines = 3;
        box_add(g, fo_x, fo_y, &first);
        box_add(g, fo_x + fL * ux + fL / 2 * px, fo_y + fL * uy + fL / 2 * py, &first);
        box_add(g, fo_x + fL * ux - fL / 2 * px, fo_y + fL * uy - fL / 2 * py, &first);
        return GG_OK;
    }
    if (def->shape == GG_SHAPE_CUBE && def->cube_from_corner) {
        /* Sides along u = d rotated by +45 degrees and v = d rotated by -45 degrees (both of
         * length sqrt(2)|d|): 0 <= u.(P-O) <= L sqrt(2 rad), the same for v. */
        int64_t uxi = dx - dy, uyi = dx + dy, vxi = dx + dy, vyi = dy - dx;
        g->rad = 2 * (dx * dx + dy * dy);
        g->s = sqrt((double)g->rad);
        g->line[0] = facing(uxi, uyi, ox, oy);
        g->line[1] = bounded(uxi, uyi, ox, oy, L);
        g->line[2] = facing(vxi, vyi, ox, oy);
        g->line[3] = bounded(vxi, vyi, ox, oy, L);
        g->nlines = 4;
        double sr = sqrt((double)g->rad);
        double uux = (double)uxi / sr, uuy = (double)uyi / sr;
        double vvx = (double)vxi / sr, vvy = (double)vyi / sr;
        box_add(g, fo_x, fo_y, &first);
        box_add(g, fo_x + fL * uux, fo_y + fL * uuy, &first);
        box_add(g, fo_x + fL * vvx, fo_y + fL * vvy, &first);
        box_add(g, fo_x + fL * (uux + vvx), fo_y + fL * (uuy + vvy), &first);
        return GG_OK;
    }
    int64_t W = L; /* a Cube's width is its side */
    if (def->shape == GG_SHAPE_LINE) {
        if (def->line_width_ft < 1)
            return fail(reason, "line_width_ft is less than 1", GG_E_INVALID_ARG);
        if (def->line_width_ft > GG_SHAPE_MAX_FT)
            return fail(reason, "line_width_ft exceeds GG_SHAPE_MAX_FT", GG_E_TOO_LARGE);
        W = (int64_t)def->line_width_ft * U;
    }
    /* 0 <= along <= L s and |2 cross| <= W s. */
    g->line[0] = facing(dx, dy, ox, oy);
    g->line[1] = bounded(dx, dy, ox, oy, L);
    g->line[2] = bounded(-2 * dy, 2 * dx, ox, oy, W);
    g->line[3] = bounded(2 * dy, -2 * dx, ox, oy, W);
    g->nlines = 4;
    double fW = (double)W / 2;
    box_add(g, fo_x + fW * px, fo_y + fW * py, &first);
    box_add(g, fo_x - fW * px, fo_y - fW * py, &first);
    box_add(g, fo_x + fL * ux + fW * px, fo_y + fL * uy + fW * py, &first);
    box_add(g, fo_x + fL * ux - fW * px, fo_y + fL * uy - fW * py, &first);
    return GG_OK;
}

/* ---- polygons: exact clipping in Z[s] ------------------------------------------------------ */

typedef struct xline {
    gg__big nx, ny;
    gg__qs c; /* n.P <= c inside */
} xline;

typedef struct xvtx {
    gg__qs X, Y;
    gg__big W; /* > 0; the point is (X/W, Y/W) */
} xvtx;

enum { MAX_VTX = 12, MAX_LINES = 8 };

typedef struct xpoly {
    int n;
    xvtx v[MAX_VTX];
    int e[MAX_VTX]; /* the line of the edge from v[i] to v[i+1] */
} xpoly;

static void xline_set(xline *l, int64_t nx, int64_t ny, int64_t a, int64_t b)
{
    gg__big_set(&l->nx, nx);
    gg__big_set(&l->ny, ny);
    gg__qs_set(&l->c, a, b);
}

/* The meet of two lines in homogeneous form: W = det, X = c1 n2y - c2 n1y, Y = n1x c2 - n2x c1. */
static void meet(xvtx *v, const xline *l1, const xline *l2)
{
    gg__big t, u;
    gg__qs p, q;
    gg__big_mul(&t, &l1->nx, &l2->ny);
    gg__big_mul(&u, &l1->ny, &l2->nx);
    gg__big_sub(&v->W, &t, &u);
    gg__qs_scale(&p, &l1->c, &l2->ny);
    gg__qs_scale(&q, &l2->c, &l1->ny);
    gg__qs_sub(&v->X, &p, &q);
    gg__qs_scale(&p, &l2->c, &l1->nx);
    gg__qs_scale(&q, &l1->c, &l2->nx);
    gg__qs_sub(&v->Y, &p, &q);
    if (gg__big_sign(&v->W) < 0) {
        gg__big zero;
        gg__big_set(&zero, 0);
        gg__big_sub(&v->W, &zero, &v->W);
        gg__qs z;
        gg__qs_set(&z, 0, 0);
        gg__qs_sub(&v->X, &z, &v->X);
        gg__qs_sub(&v->Y, &z, &v->Y);
    }
}

/* Sign of c*W - n.(X, Y): >= 0 when the vertex is inside the half-plane. */
static int side_of(const xvtx *v, const xline *l, const gg__big *rad)
{
    gg__qs cw, nx, ny, val;
    gg__qs_scale(&cw, &l->c, &v->W);
    gg__qs_scale(&nx, &v->X, &l->nx);
    gg__qs_scale(&ny, &v->Y, &l->ny);
    gg__qs_sub(&val, &cw, &nx);
    gg__qs_sub(&val, &val, &ny);
    return gg__qs_sign(&val, rad);
}

static void clip(xpoly *p, const xline *lines, int h, const gg__big *rad)
{
    int side[MAX_VTX];
    for (int i = 0; i < p->n; ++i)
        side[i] = side_of(&p->v[i], &lines[h], rad);
    xpoly q;
    q.n = 0;
    for (int i = 0; i < p->n; ++i) {
        int j = (i + 1) % p->n;
        int si = side[i], sj = side[j];
        if (si >= 0 && (sj >= 0 || si > 0)) {
            /* v[i] stays; its edge stays on its line unless it leaves the half-plane. */
            q.v[q.n] = p->v[i];
            q.e[q.n++] = p->e[i];
            if (sj < 0) {
                meet(&q.v[q.n], &lines[p->e[i]], &lines[h]);
                q.e[q.n++] = h;
            }
        } else if (si == 0) {
            /* On the clipping line, the next vertex outside: the boundary runs along it. */
            q.v[q.n] = p->v[i];
            q.e[q.n++] = h;
        } else if (sj > 0) {
            meet(&q.v[q.n], &lines[p->e[i]], &lines[h]);
            q.e[q.n++] = p->e[i];
        }
    }
    *p = q;
}

/* A fast estimate of the area of the shape inside the w x h rectangle at (x0, y0), in doubles:
 * the rectangle clipped by each half-plane. Line offsets are below 2^40 units and sides below
 * 2^17, so each clip moves a vertex by a few ulps of those (under 2^-10 units) and the area by
 * under 2^-10 units times the perimeter: below 1e-6 of w * h for every square and token the
 * library takes (sides of at least 16 units). The caller trusts the estimate only where it is
 * 1e-4 * w * h clear of the threshold, and computes the exact area otherwise. */
static double poly_area_estimate(const geo *g, int64_t x0, int64_t y0, int64_t w, int64_t h)
{
    double px[MAX_VTX + 4], py[MAX_VTX + 4], qx[MAX_VTX + 4], qy[MAX_VTX + 4];
    int n = 4;
    px[0] = 0;
    py[0] = 0;
    px[1] = (double)w;
    py[1] = 0;
    px[2] = (double)w;
    py[2] = (double)h;
    px[3] = 0;
    py[3] = (double)h;
    for (int l = 0; l < g->nlines && n >= 3; ++l) {
        const half_plane *hp = &g->line[l];
        double c = (double)(hp->a - hp->nx * x0 - hp->ny * y0) + (double)hp->b * g->s;
        double nx = (double)hp->nx, ny = (double)hp->ny;
        int m = 0;
        for (int i = 0; i < n; ++i) {
            int j = (i + 1) % n;
            double fi = c - nx * px[i] - ny * py[i], fj = c - nx * px[j] - ny * py[j];
            if (fi >= 0) {
                qx[m] = px[i];
                qy[m++] = py[i];
            }
            if ((fi >= 0) != (fj >= 0)) {
                double t = fi / (fi - fj);
                qx[m] = px[i] + t * (px[j] - px[i]);
                qy[m++] = py[i] + t * (py[j] - py[i]);
            }
        }
        n = m;
        for (int i = 0; i < n; ++i) {
            px[i] = qx[i];
            py[i] = qy[i];
        }
    }
    double a2 = 0;
    for (int i = 0; n >= 3 && i < n; ++i) {
        int j = (i + 1) % n;
        a2 += px[i] * py[j] - px[j] * py[i];
    }
    return a2 / 2;
}

/* Sign of (twice the area of the shape inside the w x h rectangle at the local origin) minus
 * `twice_target` (an integer in units^2). */
static int poly_area_cmp(const geo *g, int64_t x0, int64_t y0, int64_t w, int64_t h,
                         int64_t twice_target)
{
    xline lines[MAX_LINES];
    xline_set(&lines[0], 0, -1, 0, 0); /* y >= 0 */
    xline_set(&lines[1], 1, 0, w, 0);  /* x <= w */
    xline_set(&lines[2], 0, 1, h, 0);  /* y <= h */
    xline_set(&lines[3], -1, 0, 0, 0); /* x >= 0 */
    for (int i = 0; i < g->nlines; ++i) {
        const half_plane *hp = &g->line[i];
        xline_set(&lines[4 + i], hp->nx, hp->ny, hp->a - hp->nx * x0 - hp->ny * y0, hp->b);
    }
    gg__big rad;
    gg__big_set(&rad, g->rad);
    xpoly p;
    p.n = 4;
    for (int i = 0; i < 4; ++i) {
        gg__big_set(&p.v[i].W, 1);
        p.e[i] = i;
    }
    gg__qs_set(&p.v[0].X, 0, 0);
    gg__qs_set(&p.v[0].Y, 0, 0);
    gg__qs_set(&p.v[1].X, w, 0);
    gg__qs_set(&p.v[1].Y, 0, 0);
    gg__qs_set(&p.v[2].X, w, 0);
    gg__qs_set(&p.v[2].Y, h, 0);
    gg__qs_set(&p.v[3].X, 0, 0);
    gg__qs_set(&p.v[3].Y, h, 0);
    for (int i = 0; i < g->nlines && p.n >= 3; ++i)
        clip(&p, lines, 4 + i, &rad);
    gg__qs sum;
    gg__qs_set(&sum, 0, 0);
    gg__big all;
    gg__big_set(&all, 1);
    if (p.n >= 3) {
        for (int i = 0; i < p.n; ++i) {
            int j = (i + 1) % p.n;
            gg__qs c1, c2, cross;
            gg__qs_mul(&c1, &p.v[i].X, &p.v[j].Y, &rad);
            gg__qs_mul(&c2, &p.v[j].X, &p.v[i].Y, &rad);
            gg__qs_sub(&cross, &c1, &c2);
            gg__big others;
            gg__big_set(&others, 1);
            for (int k = 0; k < p.n; ++k) {
                if (k == i || k == j)
                    continue;
                gg__big t;
                gg__big_mul(&t, &others, &p.v[k].W);
                others = t;
            }
            gg__qs term;
            gg__qs_scale(&term, &cross, &others);
            gg__qs_add(&sum, &sum, &term);
            gg__big t;
            gg__big_mul(&t, &all, &p.v[i].W);
            all = t;
        }
    }
    /* sum / prod(W) is twice the area; compare sum with twice_target * prod(W). */
    gg__big tt, rhs;
    gg__big_set(&tt, twice_target);
    gg__big_mul(&rhs, &tt, &all);
    gg__big_sub(&sum.a, &sum.a, &rhs);
    return gg__qs_sign(&sum, &rad);
}

/* The exact sign of i + b*sqrt(rad) (|i| < 2^52, |b| < 2^20): a double filter whose margin is
 * far above its rounding error (each term is within 2^-50 of its value, relatively), and the
 * exact Z[s] sign when the filter cannot tell. */
static int sign_is(int64_t i, int64_t b, int64_t rad, double s, bool exact_only)
{
    if (b == 0)
        return (i > 0) - (i < 0);
    if (exact_only) {
        gg__qs q;
        gg__big n;
        gg__qs_set(&q, i, b);
        gg__big_set(&n, rad);
        return gg__qs_sign(&q, &n);
    }
    double bs = (double)b * s, v = (double)i + bs;
    double tol = 1e-9 * (fabs((double)i) + fabs(bs)) + 1e-9;
    if (v > tol)
        return 1;
    if (v < -tol)
        return -1;
    gg__qs q;
    gg__big n;
    gg__qs_set(&q, i, b);
    gg__big_set(&n, rad);
    return gg__qs_sign(&q, &n);
}

/* Sign of the half-plane's value at the point (x2, y2) / 2. */
static int hp_sign2(const geo *g, const half_plane *hp, int64_t x2, int64_t y2)
{
    return sign_is(2 * hp->a - hp->nx * x2 - hp->ny * y2, 2 * hp->b, g->rad, g->s, g->exact_only);
}

static bool poly_contains2(const geo *g, int64_t px2, int64_t py2)
{
    for (int i = 0; i < g->nlines; ++i)
        if (hp_sign2(g, &g->line[i], px2, py2) < 0)
            return false;
    return true;
}

/* The square against the polygon from its corners alone: 1 when it lies inside (every corner in
 * every half-plane: the polygon is convex), -1 when its interior misses the polygon (every
 * corner outside one half-plane, or on its line), 0 when only the area can tell. */
static int poly_corners(const geo *g, int64_t x0, int64_t y0, int64_t x1, int64_t y1)
{
    bool all_in = true;
    for (int i = 0; i < g->nlines; ++i) {
        int out = 0, in = 0;
        for (int k = 0; k < 4; ++k) {
            int64_t x = (k & 1) ? x1 : x0, y = (k & 2) ? y1 : y0;
            int sg = hp_sign2(g, &g->line[i], 2 * x, 2 * y);
            out += sg <= 0;
            in += sg >= 0;
        }
        if (out == 4)
            return -1;
        if (in != 4)
            all_in = false;
    }
    return all_in ? 1 : 0;
}

/* ---- discs ----------------------------------------------------------------------------------- */

/* Squared distance from the point (px, py) to the closed box [x0,x1] x [y0,y1]. */
static int64_t dist2_box(int64_t px, int64_t py, int64_t x0, int64_t y0, int64_t x1, int64_t y1)
{
    int64_t dx = px < x0 ? x0 - px : (px > x1 ? px - x1 : 0);
    int64_t dy = py < y0 ? y0 - py : (py > y1 ? py - y1 : 0);
    return dx * dx + dy * dy;
}

/* Area of { 0 <= X <= a, 0 <= Y <= b, X^2 + Y^2 <= r^2 } for a, b >= 0. */
static long double quarter_area(long double a, long double b, long double r)
{
    if (a > r)
        a = r;
    if (b > r)
        b = r;
    if (a * a + b * b <= r * r)
        return a * b;
    long double xs = sqrtl(r * r - b * b);
    long double ga = (a * sqrtl(r * r - a * a) + r * r * asinl(a / r)) / 2.0L;
    long double gs = (xs * sqrtl(r * r - xs * xs) + r * r * asinl(xs / r)) / 2.0L;
    return b * xs + ga - gs;
}

static long double signed_area(long double a, long double b, long double r)
{
    long double v = quarter_area(fabsl(a), fabsl(b), r);
    return ((a < 0) != (b < 0)) ? -v : v;
}

/* Area of the disc (cx, cy, r) inside the box, in long double. */
static long double disc_box_area(int64_t cx, int64_t cy, int64_t r, int64_t x0, int64_t y0,
                                 int64_t x1, int64_t y1)
{
    long double a0 = (long double)(x0 - cx), a1 = (long double)(x1 - cx);
    long double b0 = (long double)(y0 - cy), b1 = (long double)(y1 - cy);
    long double R = (long double)r;
    return signed_area(a1, b1, R) - signed_area(a0, b1, R) - signed_area(a1, b0, R) +
           signed_area(a0, b0, R);
}

/* The disc's part of a box: 0 = none (zero area), 1 = the whole box, 2 = an arc crosses it. */
static int disc_box_case(int64_t cx, int64_t cy, int64_t r, int64_t x0, int64_t y0, int64_t x1,
                         int64_t y1)
{
    if (x1 <= x0 || y1 <= y0 || dist2_box(cx, cy, x0, y0, x1, y1) >= r * r)
        return 0;
    int64_t fx = abs64(x0 - cx) > abs64(x1 - cx) ? x0 : x1;
    int64_t fy = abs64(y0 - cy) > abs64(y1 - cy) ? y0 : y1;
    if ((fx - cx) * (fx - cx) + (fy - cy) * (fy - cy) <= r * r)
        return 1;
    return 2;
}

static int64_t box_overlap(int64_t ax0, int64_t ay0, int64_t ax1, int64_t ay1, int64_t bx0,
                           int64_t by0, int64_t bx1, int64_t by1, int64_t *ox0, int64_t *oy0,
                           int64_t *ox1, int64_t *oy1)
{
    *ox0 = ax0 > bx0 ? ax0 : bx0;
    *oy0 = ay0 > by0 ? ay0 : by0;
    *ox1 = ax1 < bx1 ? ax1 : bx1;
    *oy1 = ay1 < by1 ? ay1 : by1;
    if (*ox1 <= *ox0 || *oy1 <= *oy0)
        return 0;
    return (*ox1 - *ox0) * (*oy1 - *oy0);
}

static bool disc_half(const geo *g, int64_t x0, int64_t y0, int64_t x1, int64_t y1)
{
    int64_t full = (x1 - x0) * (y1 - y0);
    switch (disc_box_case(g->ox, g->oy, g->r, x0, y0, x1, y1)) {
    case 0:
        return false;
    case 1:
        return true;
    default:
        break;
    }
    /* An arc crosses the square: the area is transcendental, never exactly half. */
    return 2.0L * disc_box_area(g->ox, g->oy, g->r, x0, y0, x1, y1) >= (long double)full;
}

static bool round_half(const geo *g, int64_t x0, int64_t y0, int64_t x1, int64_t y1)
{
    int64_t full = (x1 - x0) * (y1 - y0);
    int64_t a, b, c, d;
    int64_t r = g->r;
    /* The rounded square minus the source = the horizontal band + the vertical band - twice the
     * source (both bands contain it) + the four corner quarter-discs. */
    int64_t exact = box_overlap(x0, y0, x1, y1, g->sx0 - r, g->sy0, g->sx1 + r, g->sy1, &a, &b, &c,
                                &d) +
                    box_overlap(x0, y0, x1, y1, g->sx0, g->sy0 - r, g->sx1, g->sy1 + r, &a, &b, &c,
                                &d) -
                    2 * box_overlap(x0, y0, x1, y1, g->sx0, g->sy0, g->sx1, g->sy1, &a, &b, &c, &d);
    bool arcs = false;
    long double curved = 0.0L;
    const int64_t big = INT64_MAX / 4;
    for (int k = 0; k < 4; ++k) {
        int64_t cx = (k & 1) ? g->sx1 : g->sx0, cy = (k & 2) ? g->sy1 : g->sy0;
        int64_t qx0 = (k & 1) ? cx : -big, qx1 = (k & 1) ? big : cx;
        int64_t qy0 = (k & 2) ? cy : -big, qy1 = (k & 2) ? big : cy;
        if (box_overlap(x0, y0, x1, y1, qx0, qy0, qx1, qy1, &a, &b, &c, &d) == 0)
            continue;
        switch (disc_box_case(cx, cy, r, a, b, c, d)) {
        case 0:
            break;
        case 1:
            exact += (c - a) * (d - b);
            break;
        default:
            arcs = true;
            curved += disc_box_area(cx, cy, r, a, b, c, d);
            break;
        }
    }
    if (!arcs)
        return 2 * exact >= full;
    return 2.0L * ((long double)exact + curved) >= (long double)full;
}

/* ---- one region ------------------------------------------------------------------------------ */

/* Whether the shape covers the box [x0,x1] x [y0,y1] (units, x0 < x1, y0 < y1) by `rule`. */
static bool covers_box(const geo *g, gg_coverage rule, int64_t x0, int64_t y0, int64_t x1,
                       int64_t y1)
{
    if (x1 < g->bx0 || x0 > g->bx1 || y1 < g->by0 || y0 > g->by1)
        return false;
    int64_t px2 = x0 + x1, py2 = y0 + y1; /* twice the centre */
    switch (g->kind) {
    case KIND_POLY:
        if (rule == GG_COVERAGE_CENTRE)
            return poly_contains2(g, px2, py2);
        switch (g->exact_only ? 0 : poly_corners(g, x0, y0, x1, y1)) {
        case 1:
            return true;
        case -1:
            return false;
        default:
            break;
        }
        if (!g->exact_only) {
            /* The estimate settles every square clear of the threshold; the exact area the
             * rest (ties among them). */
            double full = (double)((x1 - x0) * (y1 - y0));
            double est = poly_area_estimate(g, x0, y0, x1 - x0, y1 - y0);
            double target = rule == GG_COVERAGE_TOUCH ? 0.0 : full / 2;
            if (est > target + 1e-4 * full)
                return true;
            if (rule == GG_COVERAGE_HALF && est < target - 1e-4 * full)
                return false;
        }
        if (rule == GG_COVERAGE_TOUCH)
            return poly_area_cmp(g, x0, y0, x1 - x0, y1 - y0, 0) > 0;
        return poly_area_cmp(g, x0, y0, x1 - x0, y1 - y0, (x1 - x0) * (y1 - y0)) >= 0;
    case KIND_DISC:
        if (rule == GG_COVERAGE_CENTRE)
            return dist2_box(px2, py2, 2 * g->ox, 2 * g->oy, 2 * g->ox, 2 * g->oy) <=
                   4 * g->r * g->r;
        if (rule == GG_COVERAGE_TOUCH)
            return dist2_box(g->ox, g->oy, x0, y0, x1, y1) < g->r * g->r;
        return disc_half(g, x0, y0, x1, y1);
    default:
        break;
    }
    /* KIND_ROUND: the points within r of the source's space, minus the source. */
    bool inside_src = x0 >= g->sx0 && x1 <= g->sx1 && y0 >= g->sy0 && y1 <= g->sy1;
    if (rule == GG_COVERAGE_CENTRE) {
        if (px2 >= 2 * g->sx0 && px2 <= 2 * g->sx1 && py2 >= 2 * g->sy0 && py2 <= 2 * g->sy1)
            return false;
        return dist2_box(px2, py2, 2 * g->sx0, 2 * g->sy0, 2 * g->sx1, 2 * g->sy1) <=
               4 * g->r * g->r;
    }
    if (rule == GG_COVERAGE_TOUCH) {
        if (inside_src)
            return false;
        int64_t dx = x1 < g->sx0 ? g->sx0 - x1 : (x0 > g->sx1 ? x0 - g->sx1 : 0);
        int64_t dy = y1 < g->sy0 ? g->sy0 - y1 : (y0 > g->sy1 ? y0 - g->sy1 : 0);
        return dx * dx + dy * dy < g->r * g->r;
    }
    return round_half(g, x0, y0, x1, y1);
}

/* ---- entry points ---------------------------------------------------------------------------- */

bool gg__shape_covers_cell_exact(int32_t cell_size_ft, gg_cell c, const gg_shape_def *shape)
{
    geo g;
    if (prepare(cell_size_ft, shape, &g, NULL) != GG_OK)
        return false;
    g.exact_only = true;
    int64_t cs = (int64_t)cell_size_ft * GG_AREA_UNITS_PER_FT;
    int64_t x0 = (int64_t)c.col * cs, y0 = (int64_t)c.row * cs;
    return covers_box(&g, shape->coverage, x0, y0, x0 + cs, y0 + cs);
}

gg_status gg_shape_covers_cell(int32_t cell_size_ft, gg_cell c, const gg_shape_def *shape,
                               bool *out_covered, const char **out_reason)
{
    if (out_reason != NULL)
        *out_reason = NULL;
    if (out_covered == NULL)
        return fail(out_reason, "out_covered is NULL", GG_E_INVALID_ARG);
    *out_covered = false;
    geo g;
    gg_status st = prepare(cell_size_ft, shape, &g, out_reason);
    if (st != GG_OK)
        return st;
    int64_t cs = (int64_t)cell_size_ft * GG_AREA_UNITS_PER_FT;
    int64_t x0 = (int64_t)c.col * cs, y0 = (int64_t)c.row * cs;
    *out_covered = covers_box(&g, shape->coverage, x0, y0, x0 + cs, y0 + cs);
    return GG_OK;
}

gg_status gg_shape_covers_body(int32_t cell_size_ft, const gg_body *body, const gg_shape_def *shape,
                               gg_area_affect affect, bool *out_covered, const char **out_reason)
{
    if (out_reason != NULL)
        *out_reason = NULL;
    if (out_covered == NULL)
        return fail(out_reason, "out_covered is NULL", GG_E_INVALID_ARG);
    *out_covered = false;
    if (body == NULL)
        return fail(out_reason, "the body is NULL", GG_E_INVALID_ARG);
    int32_t side = gg_size_cells(body->size);
    if (side == 0)
        return fail(out_reason, "unknown body size", GG_E_INVALID_ARG);
    if (affect != GG_AFFECT_ANY_SQUARE && affect != GG_AFFECT_TOKEN)
        return fail(out_reason, "unknown affect rule", GG_E_INVALID_ARG);
    geo g;
    gg_status st = prepare(cell_size_ft, shape, &g, out_reason);
    if (st != GG_OK)
        return st;
    /* SRD 5.2 "Emanation": its point of origin, the creature, "isn't included in the area of
     * effect". */
    if (shape->shape == GG_SHAPE_EMANATION && gg_cell_eq(body->cell, shape->source.cell) &&
        side == gg_size_cells(shape->source.size))
        return GG_OK;
    int64_t cs = (int64_t)cell_size_ft * GG_AREA_UNITS_PER_FT;
    int64_t x0 = (int64_t)body->cell.col * cs, y0 = (int64_t)body->cell.row * cs;
    if (affect == GG_AFFECT_TOKEN) {
        *out_covered = covers_box(&g, shape->coverage, x0, y0, x0 + side * cs, y0 + side * cs);
        return GG_OK;
    }
    for (int32_t r = 0; r < side && !*out_covered; ++r)
        for (int32_t k = 0; k < side && !*out_covered; ++k)
            *out_covered = covers_box(&g, shape->coverage, x0 + k * cs, y0 + r * cs,
                                      x0 + (k + 1) * cs, y0 + (r + 1) * cs);
    return GG_OK;
}

static int64_t floor_div(int64_t a, int64_t b)
{
    int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0)))
        --q;
    return q;
}

gg_status gg__shape_visit(int32_t width, int32_t height, int32_t cell_size_ft,
                          const gg_shape_def *shape, gg__cell_visit_fn fn, void *ctx,
                          int64_t *out_total, const char **out_reason)
{
    if (out_reason != NULL)
        *out_reason = NULL;
    *out_total = 0;
    if (width < 0 || height < 0)
        return fail(out_reason, "width or height is negative", GG_E_INVALID_ARG);
    geo g;
    gg_status st = prepare(cell_size_ft, shape, &g, out_reason);
    if (st != GG_OK)
        return st;
    int64_t cs = (int64_t)cell_size_ft * GG_AREA_UNITS_PER_FT;
    /* Only the squares of the shape's box are examined. */
    int64_t c0 = floor_div(g.bx0, cs), c1 = floor_div(g.bx1, cs);
    int64_t r0 = floor_div(g.by0, cs), r1 = floor_div(g.by1, cs);
    if (c0 < 0)
        c0 = 0;
    if (r0 < 0)
        r0 = 0;
    if (c1 > (int64_t)width - 1)
        c1 = (int64_t)width - 1;
    if (r1 > (int64_t)height - 1)
        r1 = (int64_t)height - 1;
    int64_t n = 0;
    bool visiting = fn != NULL;
    for (int64_t r = r0; r <= r1; ++r) {
        for (int64_t c = c0; c <= c1; ++c) {
            if (!covers_box(&g, shape->coverage, c * cs, r * cs, (c + 1) * cs, (r + 1) * cs))
                continue;
            if (visiting)
                visiting = fn(ctx, gg_cell_make((int32_t)c, (int32_t)r));
            ++n;
        }
    }
    if (n > INT32_MAX)
        return fail(out_reason, "the shape covers more than INT32_MAX cells", GG_E_TOO_LARGE);
    *out_total = n;
    return GG_OK;
}

typedef struct cell_buffer {
    gg_cell *out;
    int64_t cap, written;
} cell_buffer;

static bool to_buffer(void *ctx, gg_cell c)
{
    cell_buffer *b = (cell_buffer *)ctx;
    if (b->written >= b->cap)
        return false;
    b->out[b->written++] = c;
    return true;
}

gg_status gg_shape_cells(int32_t width, int32_t height, int32_t cell_size_ft,
                         const gg_shape_def *shape, gg_cell *out, int32_t capacity,
                         int32_t *out_count, const char **out_reason)
{
    if (out_reason != NULL)
        *out_reason = NULL;
    if (out_count == NULL)
        return fail(out_reason, "out_count is NULL", GG_E_INVALID_ARG);
    *out_count = 0;
    if (capacity < 0)
        return fail(out_reason, "capacity is negative", GG_E_INVALID_ARG);
    if (out == NULL && capacity > 0)
        return fail(out_reason, "out is NULL but capacity is positive", GG_E_INVALID_ARG);
    cell_buffer b = {out, capacity, 0};
    int64_t total = 0;
    gg_status st = gg__shape_visit(width, height, cell_size_ft, shape, to_buffer, &b, &total,
                                   out_reason);
    if (st != GG_OK)
        return st;
    *out_count = (int32_t)total;
    return total > capacity ? GG_PARTIAL : GG_OK;
}
