/* test_template_any.c - any-angle areas: the exact ties of each coverage rule built by hand
 * (edges through centres, areas of exactly one half, touching along an edge or a corner), the
 * emanation of every creature size, and dense random cases against an independent oracle: the
 * shape's corners from trigonometry, the square clipped by Sutherland-Hodgman in long double
 * (polygons), and the covered area integrated numerically column by column (discs, emanations).
 * The oracle decides a case only when it is clear of a tie by a wide margin; exact ties are the
 * hand-built cases. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_rng.h"

#include "core/template_walk.h"
#include "gridgeom/core.h"

enum { CAP = 4096, MAP = 24 };

/* Units of a point given in feet (any multiple of 1/16). */
static gg_area_point pt(double x_ft, double y_ft)
{
    gg_area_point p;
    p.x = (int32_t)lround(x_ft * GG_AREA_UNITS_PER_FT);
    p.y = (int32_t)lround(y_ft * GG_AREA_UNITS_PER_FT);
    return p;
}

static gg_shape_def shape_make(gg_shape shape, int32_t size_ft, gg_area_point origin, int32_t dx,
                               int32_t dy, gg_coverage rule)
{
    gg_shape_def d = gg_shape_def_default();
    d.shape = shape;
    d.size_ft = size_ft;
    d.origin = origin;
    d.dir_x = dx;
    d.dir_y = dy;
    d.coverage = rule;
    return d;
}

static bool covers(const gg_shape_def *d, int32_t col, int32_t row)
{
    bool v = false;
    const char *why = NULL;
    gg_status st = gg_shape_covers_cell(5, gg_cell_make(col, row), d, &v, &why);
    if (st != GG_OK)
        print_error("%s: %s\n", gg_status_name(st), why != NULL ? why : "");
    assert_int_equal(st, GG_OK);
    return v;
}

static int32_t count_cells(const gg_shape_def *d)
{
    int32_t n = -1;
    gg_status st = gg_shape_cells(MAP, MAP, 5, d, NULL, 0, &n, NULL);
    assert_int_equal(st, n > 0 ? GG_PARTIAL : GG_OK);
    return n;
}

/* ---- hand-built ties --------------------------------------------------------------------- */

/* A 10-ft-wide Line from a square's centre has its sides on the centres of the rows beside it:
 * those rows are exactly half covered (covered by HALF, centre on the boundary covered by
 * CENTRE); the 5-ft Line's sides run along grid lines, which only touch the next rows. */
static void template_any__line_ties_on_centres_and_grid_lines(void **state)
{
    (void)state;
    for (int rule = 0; rule < 3; ++rule) {
        gg_shape_def d = shape_make(GG_SHAPE_LINE, 10, pt(2.5, 12.5), 1, 0, (gg_coverage)rule);
        d.line_width_ft = 10;
        /* along x: 2.5 .. 12.5 covers half of column 0, all of 1, half of 2; across, half of
         * row 1, all of 2, half of 3: the corner squares get a quarter, which only HALF refuses
         * (their centres are corners of the rectangle) */
        for (int row = 1; row <= 3; ++row) {
            for (int col = 0; col <= 2; ++col) {
                bool quarter = row != 2 && col != 1;
                assert_int_equal(covers(&d, col, row), !(quarter && rule == GG_COVERAGE_HALF));
            }
            assert_false(covers(&d, 3, row));
        }
        assert_int_equal(covers(&d, 1, 0), false);
        assert_int_equal(covers(&d, 1, 4), false);
        d.line_width_ft = 5;
        assert_true(covers(&d, 1, 2));
        /* the rows beside share an edge with the line: no rule covers them */
        assert_false(covers(&d, 1, 1));
        assert_false(covers(&d, 1, 3));
        assert_int_equal(count_cells(&d), 3);
    }
    /* Any direction with an irrational length: a (3,4) direction has length 5, (1,2) does not.
     * A 5-ft line from an intersection along (1,2) never passes through a centre exactly. */
    gg_shape_def d = shape_make(GG_SHAPE_LINE, 30, pt(10, 10), 1, 2, GG_COVERAGE_CENTRE);
    assert_true(covers(&d, 2, 2));
    assert_true(covers(&d, 3, 5));
}

/* A Cone's side through a square's centre cuts it exactly in half when nothing else crosses it:
 * east from a centre the sides have slope 1/2; along (1,1) (length sqrt 2) slopes 3 and 1/3. */
static void template_any__cone_side_through_a_centre_is_exactly_half(void **state)
{
    (void)state;
    gg_shape_def d = shape_make(GG_SHAPE_CONE, 20, pt(2.5, 2.5), 1, 0, GG_COVERAGE_HALF);
    /* square (2,1) = [10,15] x [5,10], centre (12.5, 7.5): relative (10, 5), on the side */
    assert_true(covers(&d, 2, 1));
    d.coverage = GG_COVERAGE_CENTRE;
    assert_true(covers(&d, 2, 1));
    d.coverage = GG_COVERAGE_TOUCH;
    assert_true(covers(&d, 2, 1));
    /* square (1,1) = [5,10] x [5,10]: the side runs from (5, 3.75) to (10, 6.25), area 1.5625 */
    assert_true(covers(&d, 1, 1));
    d.coverage = GG_COVERAGE_HALF;
    assert_false(covers(&d, 1, 1));
    d.coverage = GG_COVERAGE_CENTRE;
    assert_false(covers(&d, 1, 1));

    /* Along (1,1) from the centre of (0,0): the side of slope 3 passes through (7.5, 17.5), the
     * centre of (1,3); the far edge (25 ft along) is beyond the square. */
    gg_shape_def e = shape_make(GG_SHAPE_CONE, 25, pt(2.5, 2.5), 1, 1, GG_COVERAGE_HALF);
    assert_true(covers(&e, 1, 3));
    assert_true(covers(&e, 3, 1));
    e.coverage = GG_COVERAGE_CENTRE;
    assert_true(covers(&e, 1, 3));
    /* the far edge of a (1,1) cone lies at an irrational offset: a 15-ft cone's far edge
     * x + y = 5 + 15 sqrt 2 = 26.21 misses the centre (12.5, 12.5) of (2,2) (sum 25) */
    e.size_ft = 15;
    assert_true(covers(&e, 2, 2));
    e.size_ft = 14; /* 5 + 14 sqrt 2 = 24.80 < 25 */
    assert_false(covers(&e, 2, 2));
}

/* A Line's far end on a square's centre: half of that square, exactly. */
static void template_any__line_end_through_a_centre(void **state)
{
    (void)state;
    gg_shape_def d = shape_make(GG_SHAPE_LINE, 10, pt(0, 2.5), 1, 0, GG_COVERAGE_HALF);
    assert_true(covers(&d, 0, 0));
    assert_true(covers(&d, 1, 0));
    assert_false(covers(&d, 2, 0));
    d.size_ft = 12; /* ends at x = 12, 2 ft into [10, 15]: 40 % of the square */
    assert_false(covers(&d, 2, 0));
    d.coverage = GG_COVERAGE_TOUCH;
    assert_true(covers(&d, 2, 0));
    d.size_ft = 10; /* ends on the grid line x = 10: touching only */
    assert_false(covers(&d, 2, 0));
    /* Along (3,4) (length 5), 10 ft wide: the centre (12.5, 17.5) is 19.5 ft along and 1 ft
     * off the axis. */
    gg_shape_def e = shape_make(GG_SHAPE_LINE, 25, pt(0, 2.5), 3, 4, GG_COVERAGE_CENTRE);
    e.line_width_ft = 10;
    assert_true(covers(&e, 2, 3));
}

/* A Sphere's boundary through a centre (a 3-4-5 triangle) counts for CENTRE; a circle through a
 * square's corner only touches it. */
static void template_any__sphere_boundary_ties(void **state)
{
    (void)state;
    gg_shape_def d = shape_make(GG_SHAPE_SPHERE, 25, pt(2.5, 2.5), 1, 0, GG_COVERAGE_CENTRE);
    assert_true(covers(&d, 3, 4)); /* centre (17.5, 22.5): (15, 20) away, distance 25 */
    assert_true(covers(&d, 5, 0)); /* (25, 0) away */
    assert_false(covers(&d, 5, 1));
    gg_shape_def e = shape_make(GG_SHAPE_SPHERE, 5, pt(10, 10), 1, 0, GG_COVERAGE_TOUCH);
    assert_true(covers(&e, 1, 1));
    assert_true(covers(&e, 2, 2));
    assert_false(covers(&e, 3, 2)); /* [15,20] x [10,15]: meets the circle at (15, 10) only */
    assert_false(covers(&e, 2, 3));
    assert_int_equal(count_cells(&e), 4);
    /* A 20-ft Fireball at an intersection: of the 8 x 8 block around it, the 4 corner squares
     * lie wholly outside and the 8 beside them hold under 4 square feet (and their centres are
     * outside) but are touched. */
    gg_shape_def f = shape_make(GG_SHAPE_SPHERE, 20, pt(50, 50), 1, 0, GG_COVERAGE_HALF);
    assert_int_equal(count_cells(&f), 52);
    f.coverage = GG_COVERAGE_CENTRE;
    assert_int_equal(count_cells(&f), 52);
    f.coverage = GG_COVERAGE_TOUCH;
    assert_int_equal(count_cells(&f), 60);
}

/* A Cube from a face and from a corner. */
static void template_any__cubes(void **state)
{
    (void)state;
    for (int rule = 0; rule < 3; ++rule) {
        /* from the intersection (10,10), eastwards: [10,25] x [2.5,17.5]; rows 0 and 3 are
         * exactly half covered, their centres on the edges */
        gg_shape_def d = shape_make(GG_SHAPE_CUBE, 15, pt(10, 10), 1, 0, (gg_coverage)rule);
        assert_true(covers(&d, 2, 2));
        assert_true(covers(&d, 4, 2));
        assert_false(covers(&d, 5, 2));
        assert_false(covers(&d, 1, 2));
        assert_true(covers(&d, 3, 0));
        assert_true(covers(&d, 3, 3));
        assert_false(covers(&d, 3, 4));
        assert_int_equal(count_cells(&d), 12);
        /* from a corner along (1,1): the axis-aligned square [10,20]^2 */
        gg_shape_def c = shape_make(GG_SHAPE_CUBE, 10, pt(10, 10), 1, 1, (gg_coverage)rule);
        c.cube_from_corner = true;
        assert_int_equal(count_cells(&c), 4);
        assert_true(covers(&c, 2, 2));
        assert_true(covers(&c, 3, 3));
        assert_false(covers(&c, 4, 3));
    }
    /* from a corner along (1,0): a diamond with corners (10,10), (17.07, 2.93), (24.14, 10),
     * (17.07, 17.07); the square (3,1) = [15,20] x [5,10] is inside but for two slivers */
    gg_shape_def c = shape_make(GG_SHAPE_CUBE, 10, pt(10, 10), 1, 0, GG_COVERAGE_HALF);
    c.cube_from_corner = true;
    assert_true(covers(&c, 3, 1));
    assert_true(covers(&c, 3, 2));
    assert_false(covers(&c, 1, 1));
}

/* Emanations around creatures of every size exclude the source and reach the same distance from
 * every side. */
static void template_any__emanation_every_size(void **state)
{
    (void)state;
    for (int sz = GG_SIZE_TINY; sz <= GG_SIZE_GARGANTUAN; ++sz) {
        int32_t side = gg_size_cells((gg_size)sz);
        gg_shape_def d = shape_make(GG_SHAPE_EMANATION, 5, pt(0, 0), 1, 0, GG_COVERAGE_HALF);
        d.source = gg_body_make(gg_cell_make(6, 6));
        d.source.size = (gg_size)sz;
        /* a 5-ft emanation: the ring of squares around the space (corners: a quarter disc of
         * radius 5 covers 78.5 % of the corner square) */
        int32_t ring = (side + 2) * (side + 2) - side * side;
        assert_int_equal(count_cells(&d), ring);
        d.coverage = GG_COVERAGE_TOUCH;
        assert_int_equal(count_cells(&d), ring);
        d.coverage = GG_COVERAGE_CENTRE;
        assert_int_equal(count_cells(&d), ring);
        for (int32_t r = 0; r < side; ++r)
            for (int32_t c = 0; c < side; ++c)
                assert_false(covers(&d, 6 + c, 6 + r));
        bool hit = true;
        assert_int_equal(gg_shape_covers_body(5, &d.source, &d, GG_AFFECT_ANY_SQUARE, &hit, NULL),
                         GG_OK);
        assert_false(hit);
        /* 10 ft: the diagonal squares two away get (the corner square [5,10]^2 from the
         * corner) a quarter annulus share: 25 - 25 * ... ; checked against the oracle below. */
        d.size_ft = 10;
        d.coverage = GG_COVERAGE_TOUCH;
        assert_int_equal(count_cells(&d), (side + 4) * (side + 4) - side * side);
    }
}

/* A creature is in the area when any of its squares is covered; the token variant applies the
 * rule to its whole space. */
static void template_any__bodies_any_square_and_token(void **state)
{
    (void)state;
    /* A Line 5 ft wide along row 2 from x = 0: a Large creature at (3,1) covers rows 1-2. */
    gg_shape_def d = shape_make(GG_SHAPE_LINE, 60, pt(0, 12.5), 1, 0, GG_COVERAGE_HALF);
    gg_body ogre = gg_body_make(gg_cell_make(3, 1));
    ogre.size = GG_SIZE_LARGE;
    bool hit = false;
    assert_int_equal(gg_shape_covers_body(5, &ogre, &d, GG_AFFECT_ANY_SQUARE, &hit, NULL), GG_OK);
    assert_true(hit);
    /* token: the 10x10 token holds a 10x5 strip, exactly half */
    assert_int_equal(gg_shape_covers_body(5, &ogre, &d, GG_AFFECT_TOKEN, &hit, NULL), GG_OK);
    assert_true(hit);
    /* token centre (20, 10) lies on the line's edge y = 10: covered */
    d.coverage = GG_COVERAGE_CENTRE;
    assert_int_equal(gg_shape_covers_body(5, &ogre, &d, GG_AFFECT_TOKEN, &hit, NULL), GG_OK);
    assert_true(hit);
    /* a Huge creature at (3,0): rows 0-2; its token centre (22.5, 7.5) is outside the line */
    gg_body giant = gg_body_make(gg_cell_make(3, 0));
    giant.size = GG_SIZE_HUGE;
    assert_int_equal(gg_shape_covers_body(5, &giant, &d, GG_AFFECT_TOKEN, &hit, NULL), GG_OK);
    assert_false(hit);
    assert_int_equal(gg_shape_covers_body(5, &giant, &d, GG_AFFECT_ANY_SQUARE, &hit, NULL), GG_OK);
    assert_true(hit);
    d.coverage = GG_COVERAGE_HALF; /* one third of the token */
    assert_int_equal(gg_shape_covers_body(5, &giant, &d, GG_AFFECT_TOKEN, &hit, NULL), GG_OK);
    assert_false(hit);
    d.coverage = GG_COVERAGE_TOUCH;
    assert_int_equal(gg_shape_covers_body(5, &giant, &d, GG_AFFECT_TOKEN, &hit, NULL), GG_OK);
    assert_true(hit);
}

static void template_any__bad_arguments(void **state)
{
    (void)state;
    gg_shape_def d = shape_make(GG_SHAPE_CONE, 15, pt(0, 0), 1, 0, GG_COVERAGE_HALF);
    bool v = true;
    const char *why = NULL;
    gg_cell c = gg_cell_make(0, 0);
    assert_int_equal(gg_shape_covers_cell(5, c, &d, NULL, &why), GG_E_INVALID_ARG);
    assert_non_null(why);
    assert_int_equal(gg_shape_covers_cell(5, c, NULL, &v, &why), GG_E_INVALID_ARG);
    assert_false(v);
    assert_int_equal(gg_shape_covers_cell(0, c, &d, &v, &why), GG_E_INVALID_ARG);
    assert_int_equal(gg_shape_covers_cell(GG_SHAPE_MAX_CELL_FT + 1, c, &d, &v, &why),
                     GG_E_TOO_LARGE);
    gg_shape_def bad = d;
    bad.struct_size = 4;
    assert_int_equal(gg_shape_covers_cell(5, c, &bad, &v, &why), GG_E_BAD_DEF);
    bad = d;
    bad.dir_x = bad.dir_y = 0;
    assert_int_equal(gg_shape_covers_cell(5, c, &bad, &v, &why), GG_E_INVALID_ARG);
    assert_string_equal(why, "the direction vector is (0,0)");
    bad = d;
    bad.size_ft = 0;
    assert_int_equal(gg_shape_covers_cell(5, c, &bad, &v, &why), GG_E_INVALID_ARG);
    bad.size_ft = GG_SHAPE_MAX_FT + 1;
    assert_int_equal(gg_shape_covers_cell(5, c, &bad, &v, &why), GG_E_TOO_LARGE);
    bad = d;
    bad.shape = (gg_shape)99;
    assert_int_equal(gg_shape_covers_cell(5, c, &bad, &v, &why), GG_E_INVALID_ARG);
    bad = d;
    bad.coverage = (gg_coverage)7;
    assert_int_equal(gg_shape_covers_cell(5, c, &bad, &v, &why), GG_E_INVALID_ARG);
    bad = d;
    bad.dir_x = GG_SHAPE_MAX_DIR + 1;
    bad.dir_y = 1;
    assert_int_equal(gg_shape_covers_cell(5, c, &bad, &v, &why), GG_E_TOO_LARGE);
    bad.dir_x = 2 * (GG_SHAPE_MAX_DIR + 1); /* reduced by the common divisor 2: fine */
    bad.dir_y = 2;
    assert_int_equal(gg_shape_covers_cell(5, c, &bad, &v, &why), GG_E_TOO_LARGE);
    bad.dir_x = 2 * GG_SHAPE_MAX_DIR;
    assert_int_equal(gg_shape_covers_cell(5, c, &bad, &v, &why), GG_OK);
    bad = d;
    bad.shape = GG_SHAPE_LINE;
    bad.line_width_ft = 0;
    assert_int_equal(gg_shape_covers_cell(5, c, &bad, &v, &why), GG_E_INVALID_ARG);
    bad = d;
    bad.shape = GG_SHAPE_EMANATION;
    bad.source.size = (gg_size)9;
    assert_int_equal(gg_shape_covers_cell(5, c, &bad, &v, &why), GG_E_INVALID_ARG);
    gg_body b = gg_body_make(c);
    assert_int_equal(gg_shape_covers_body(5, NULL, &d, GG_AFFECT_TOKEN, &v, &why),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_shape_covers_body(5, &b, &d, (gg_area_affect)5, &v, &why),
                     GG_E_INVALID_ARG);
    b.size = (gg_size)-1;
    assert_int_equal(gg_shape_covers_body(5, &b, &d, GG_AFFECT_TOKEN, &v, &why), GG_E_INVALID_ARG);
    int32_t n = 7;
    gg_cell out[4];
    assert_int_equal(gg_shape_cells(-1, 5, 5, &d, out, 4, &n, &why), GG_E_INVALID_ARG);
    assert_int_equal(n, 0);
    assert_int_equal(gg_shape_cells(5, 5, 5, &d, NULL, 4, &n, &why), GG_E_INVALID_ARG);
    assert_int_equal(gg_shape_cells(5, 5, 5, &d, out, -1, &n, &why), GG_E_INVALID_ARG);
    assert_int_equal(gg_shape_cells(5, 5, 5, &d, out, 4, NULL, &why), GG_E_INVALID_ARG);
    /* a size query then a partial write: the prefix of the full list */
    gg_shape_def f = shape_make(GG_SHAPE_SPHERE, 20, pt(50, 50), 1, 0, GG_COVERAGE_HALF);
    gg_cell all[CAP];
    int32_t total = 0;
    assert_int_equal(gg_shape_cells(MAP, MAP, 5, &f, all, CAP, &total, &why), GG_OK);
    assert_null(why);
    assert_int_equal(gg_shape_cells(MAP, MAP, 5, &f, out, 4, &n, &why), GG_PARTIAL);
    assert_int_equal(n, total);
    for (int i = 0; i < 4; ++i)
        assert_true(gg_cell_eq(out[i], all[i]));
    /* rows top to bottom, columns left to right */
    for (int32_t i = 1; i < total; ++i)
        assert_true(all[i - 1].row < all[i].row ||
                    (all[i - 1].row == all[i].row && all[i - 1].col < all[i].col));
}

/* ---- the oracle ---------------------------------------------------------------------------- */

typedef struct opoly {
    int n;
    long double x[16], y[16];
} opoly;

/* The shape's corners in feet from its definition, by trigonometry. */
static opoly oracle_polygon(const gg_shape_def *d)
{
    opoly p;
    long double ox = (long double)d->origin.x / GG_AREA_UNITS_PER_FT;
    long double oy = (long double)d->origin.y / GG_AREA_UNITS_PER_FT;
    long double th = atan2l((long double)d->dir_y, (long double)d->dir_x);
    long double ux = cosl(th), uy = sinl(th), px = -uy, py = ux;
    long double L = (long double)d->size_ft;
    long double W = d->shape == GG_SHAPE_LINE ? (long double)d->line_width_ft : L;
    if (d->shape == GG_SHAPE_CONE) {
        p.n = 3;
        p.x[0] = ox;
        p.y[0] = oy;
        p.x[1] = ox + L * ux + L / 2 * px;
        p.y[1] = oy + L * uy + L / 2 * py;
        p.x[2] = ox + L * ux - L / 2 * px;
        p.y[2] = oy + L * uy - L / 2 * py;
    } else if (d->shape == GG_SHAPE_CUBE && d->cube_from_corner) {
        long double a = th + atanl(1.0L), b = th - atanl(1.0L);
        p.n = 4;
        p.x[0] = ox;
        p.y[0] = oy;
        p.x[1] = ox + L * cosl(a);
        p.y[1] = oy + L * sinl(a);
        p.x[2] = p.x[1] + L * cosl(b);
        p.y[2] = p.y[1] + L * sinl(b);
        p.x[3] = ox + L * cosl(b);
        p.y[3] = oy + L * sinl(b);
    } else {
        p.n = 4;
        p.x[0] = ox + W / 2 * px;
        p.y[0] = oy + W / 2 * py;
        p.x[1] = p.x[0] + L * ux;
        p.y[1] = p.y[0] + L * uy;
        p.x[3] = ox - W / 2 * px;
        p.y[3] = oy - W / 2 * py;
        p.x[2] = p.x[3] + L * ux;
        p.y[2] = p.y[3] + L * uy;
    }
    return p;
}

/* Clips the polygon by x >= v (sx = 1), x <= v (sx = -1), or the same on y. */
static opoly clip_axis(const opoly *in, int axis, int sign, long double v)
{
    opoly out;
    out.n = 0;
    for (int i = 0; i < in->n; ++i) {
        int j = (i + 1) % in->n;
        long double ci = axis == 0 ? in->x[i] : in->y[i];
        long double cj = axis == 0 ? in->x[j] : in->y[j];
        long double fi = sign * (ci - v), fj = sign * (cj - v);
        if (fi >= 0) {
            out.x[out.n] = in->x[i];
            out.y[out.n++] = in->y[i];
        }
        if ((fi >= 0) != (fj >= 0)) {
            long double t = fi / (fi - fj);
            out.x[out.n] = in->x[i] + t * (in->x[j] - in->x[i]);
            out.y[out.n++] = in->y[i] + t * (in->y[j] - in->y[i]);
        }
    }
    return out;
}

static long double poly_area(const opoly *p)
{
    long double s = 0;
    for (int i = 0; i < p->n; ++i) {
        int j = (i + 1) % p->n;
        s += p->x[i] * p->y[j] - p->x[j] * p->y[i];
    }
    return fabsl(s) / 2;
}

/* Signed distance of (x,y) inside the convex polygon (negative outside), either orientation. */
static long double poly_depth(const opoly *p, long double x, long double y)
{
    long double s = 0;
    for (int i = 0; i < p->n; ++i) {
        int j = (i + 1) % p->n;
        s += p->x[i] * p->y[j] - p->x[j] * p->y[i];
    }
    long double orient = s > 0 ? 1 : -1, depth = 1e30L;
    for (int i = 0; i < p->n; ++i) {
        int j = (i + 1) % p->n;
        long double ex = p->x[j] - p->x[i], ey = p->y[j] - p->y[i];
        long double len = sqrtl(ex * ex + ey * ey);
        long double dd = orient * (ex * (y - p->y[i]) - ey * (x - p->x[i])) / len;
        if (dd < depth)
            depth = dd;
    }
    return depth;
}

/* Vertical extent [lo, hi] of a disc or emanation at abscissa x; false when empty. */
static bool round_span(const gg_shape_def *d, long double x, long double *lo, long double *hi)
{
    long double R = (long double)d->size_ft;
    long double x0, x1, y0, y1;
    if (d->shape == GG_SHAPE_EMANATION) {
        int32_t side = gg_size_cells(d->source.size);
        x0 = 5.0L * d->source.cell.col;
        y0 = 5.0L * d->source.cell.row;
        x1 = x0 + 5.0L * side;
        y1 = y0 + 5.0L * side;
    } else {
        x0 = x1 = (long double)d->origin.x / GG_AREA_UNITS_PER_FT;
        y0 = y1 = (long double)d->origin.y / GG_AREA_UNITS_PER_FT;
    }
    long double gap = x < x0 ? x0 - x : (x > x1 ? x - x1 : 0);
    if (gap > R)
        return false;
    long double h = sqrtl(R * R - gap * gap);
    *lo = y0 - h;
    *hi = y1 + h;
    return true;
}

/* The area of the disc or emanation in [x0,x0+5] x [y0,y0+5] by the midpoint rule on columns
 * (the chord length is exact per column; the error is below 1e-4 square feet). */
static long double round_area(const gg_shape_def *d, long double x0, long double y0)
{
    /* Squares wholly outside (nearest point farther than R from the centre or the space) or
     * wholly inside (farthest corner within R) need no integration. */
    long double R = (long double)d->size_ft, sx0, sy0, sx1, sy1;
    if (d->shape == GG_SHAPE_EMANATION) {
        int32_t side = gg_size_cells(d->source.size);
        sx0 = 5.0L * d->source.cell.col;
        sy0 = 5.0L * d->source.cell.row;
        sx1 = sx0 + 5.0L * side;
        sy1 = sy0 + 5.0L * side;
    } else {
        sx0 = sx1 = (long double)d->origin.x / GG_AREA_UNITS_PER_FT;
        sy0 = sy1 = (long double)d->origin.y / GG_AREA_UNITS_PER_FT;
    }
    long double gx = fmaxl(0, fmaxl(sx0 - (x0 + 5), x0 - sx1));
    long double gy = fmaxl(0, fmaxl(sy0 - (y0 + 5), y0 - sy1));
    if (gx * gx + gy * gy > R * R + 1e-9L)
        return 0;
    const int N = 4000;
    long double sum = 0;
    for (int i = 0; i < N; ++i) {
        long double x = x0 + 5.0L * (i + 0.5L) / N, lo, hi;
        if (!round_span(d, x, &lo, &hi))
            continue;
        if (lo < y0)
            lo = y0;
        if (hi > y0 + 5)
            hi = y0 + 5;
        if (hi > lo)
            sum += hi - lo;
    }
    return sum * 5.0L / N;
}

/* The oracle's verdict for square (c, r): 1 covered, 0 not, -1 too close to a tie to say. */
static int oracle(const gg_shape_def *d, int32_t c, int32_t r)
{
    long double x0 = 5.0L * c, y0 = 5.0L * r, cx = x0 + 2.5L, cy = y0 + 2.5L;
    bool round = d->shape == GG_SHAPE_SPHERE || d->shape == GG_SHAPE_CYLINDER ||
                 d->shape == GG_SHAPE_EMANATION;
    if (d->shape == GG_SHAPE_EMANATION) {
        int32_t side = gg_size_cells(d->source.size);
        if (c >= d->source.cell.col && c < d->source.cell.col + side && r >= d->source.cell.row &&
            r < d->source.cell.row + side)
            return 0;
    }
    long double area, depth;
    if (round) {
        long double lo, hi;
        depth = -1;
        if (round_span(d, cx, &lo, &hi))
            depth = fminl(cy - lo, hi - cy);
        /* a column-based depth is not a distance; it only matters near zero */
        area = round_area(d, x0, y0);
    } else {
        opoly p = oracle_polygon(d);
        depth = poly_depth(&p, cx, cy);
        opoly q = clip_axis(&p, 0, 1, x0);
        q = clip_axis(&q, 0, -1, x0 + 5);
        q = clip_axis(&q, 1, 1, y0);
        q = clip_axis(&q, 1, -1, y0 + 5);
        area = q.n >= 3 ? poly_area(&q) : 0;
    }
    const long double tol = round ? 2e-3L : 1e-7L;
    switch (d->coverage) {
    case GG_COVERAGE_CENTRE:
        if (fabsl(depth) < 1e-6L)
            return -1;
        return depth > 0;
    case GG_COVERAGE_HALF:
        if (fabsl(area - 12.5L) < tol)
            return -1;
        return area > 12.5L;
    case GG_COVERAGE_TOUCH:
    default:
        if (area < 1e-9L && !round)
            return 0;
        if (area < tol)
            return round && area == 0 ? 0 : -1;
        return 1;
    }
}

static int32_t rand_in(fx_rng *g, int32_t lo, int32_t hi)
{
    return lo + (int32_t)(fx_next(g) % (uint32_t)(hi - lo + 1));
}

static gg_shape_def random_shape(fx_rng *g)
{
    static const gg_shape shapes[] = {GG_SHAPE_SPHERE, GG_SHAPE_CYLINDER, GG_SHAPE_CONE,
                                      GG_SHAPE_LINE,   GG_SHAPE_CUBE,     GG_SHAPE_EMANATION};
    gg_shape_def d = gg_shape_def_default();
    d.shape = shapes[fx_next(g) % 6];
    d.coverage = (gg_coverage)(fx_next(g) % 3);
    /* origins: square centres, intersections, edge middles, and any sixteenth of a foot */
    int kind = (int)(fx_next(g) % 4);
    int32_t cx = rand_in(g, 6, 17), cy = rand_in(g, 6, 17);
    if (kind == 0)
        d.origin = gg_area_point_centre(gg_cell_make(cx, cy), 5);
    else if (kind == 1)
        d.origin = gg_area_point_corner(gg_cell_make(cx, cy), 5);
    else if (kind == 2)
        d.origin = pt(5.0 * cx + 2.5, 5.0 * cy);
    else
        d.origin = pt(rand_in(g, 30 * 16, 90 * 16) / 16.0, rand_in(g, 30 * 16, 90 * 16) / 16.0);
    d.size_ft = (fx_next(g) % 2) ? 5 * rand_in(g, 1, 8) : rand_in(g, 1, 40);
    d.line_width_ft = (fx_next(g) % 2) ? 5 * rand_in(g, 1, 2) : rand_in(g, 1, 12);
    int dk = (int)(fx_next(g) % 3);
    do {
        if (dk == 0) {
            d.dir_x = rand_in(g, -1, 1);
            d.dir_y = rand_in(g, -1, 1);
        } else if (dk == 1) {
            d.dir_x = rand_in(g, -7, 7);
            d.dir_y = rand_in(g, -7, 7);
        } else {
            d.dir_x = rand_in(g, -3000, 3000);
            d.dir_y = rand_in(g, -3000, 3000);
        }
    } while (d.dir_x == 0 && d.dir_y == 0);
    if (fx_next(g) % 8 == 0) {
        /* the largest sizes and directions the library takes: its exact numbers must not
         * overflow (template_num.h bounds them) */
        d.size_ft = GG_SHAPE_MAX_FT - rand_in(g, 0, 100);
        d.line_width_ft = rand_in(g, 1, GG_SHAPE_MAX_FT);
        d.dir_x = GG_SHAPE_MAX_DIR - rand_in(g, 0, 1);
        d.dir_y = rand_in(g, -GG_SHAPE_MAX_DIR, GG_SHAPE_MAX_DIR);
        if (fx_next(g) % 2)
            d.dir_x = -d.dir_x;
    }
    d.cube_from_corner = (fx_next(g) % 3) == 0;
    d.source = gg_body_make(gg_cell_make(rand_in(g, 8, 12), rand_in(g, 8, 12)));
    d.source.size = (gg_size)rand_in(g, GG_SIZE_TINY, GG_SIZE_GARGANTUAN);
    return d;
}

static void template_any__random_cases_match_the_oracle(void **state)
{
    (void)state;
    fx_rng g;
    fx_rng_seed(&g, 0x5eedA4EAull, "template_any__random_cases_match_the_oracle");
    int64_t decided = 0, undecided = 0;
    for (int t = 0; t < 240; ++t) {
        gg_shape_def d = random_shape(&g);
        static gg_cell cells[MAP * MAP];
        int32_t n = 0;
        assert_int_equal(gg_shape_cells(MAP, MAP, 5, &d, cells, MAP * MAP, &n, NULL), GG_OK);
        bool in[MAP][MAP];
        memset(in, 0, sizeof in);
        for (int32_t i = 0; i < n; ++i)
            in[cells[i].row][cells[i].col] = true;
        for (int32_t r = 0; r < MAP; ++r) {
            for (int32_t c = 0; c < MAP; ++c) {
                int want = oracle(&d, c, r);
                if (want < 0) {
                    undecided++;
                    continue;
                }
                decided++;
                if ((int)in[r][c] != want)
                    print_error("case %d shape %d rule %d size %d width %d origin %d,%d dir %d,%d "
                                "corner %d src %d,%d/%d: square %d,%d library %d oracle %d\n",
                                t, (int)d.shape, (int)d.coverage, d.size_ft, d.line_width_ft,
                                d.origin.x, d.origin.y, d.dir_x, d.dir_y, (int)d.cube_from_corner,
                                d.source.cell.col, d.source.cell.row, (int)d.source.size, c, r,
                                (int)in[r][c], want);
                assert_int_equal((int)in[r][c], want);
            }
        }
    }
    printf("# %lld squares decided by the oracle, %lld too close to a tie for it\n",
           (long long)decided, (long long)undecided);
    assert_true(undecided * 200 < decided);
}

/* The three entry points agree: the listed squares are those gg_shape_covers_cell() accepts, a
 * body is reached (ANY_SQUARE) when one of its squares is, and a 1x1 token is its square. */
static void template_any__entry_points_agree(void **state)
{
    (void)state;
    fx_rng g;
    fx_rng_seed(&g, 0xB0D1E5ull, "template_any__entry_points_agree");
    for (int t = 0; t < 60; ++t) {
        gg_shape_def d = random_shape(&g);
        static gg_cell cells[MAP * MAP];
        int32_t n = 0;
        assert_int_equal(gg_shape_cells(MAP, MAP, 5, &d, cells, MAP * MAP, &n, NULL), GG_OK);
        bool in[MAP][MAP];
        memset(in, 0, sizeof in);
        for (int32_t i = 0; i < n; ++i)
            in[cells[i].row][cells[i].col] = true;
        for (int32_t r = 0; r < MAP; ++r)
            for (int32_t c = 0; c < MAP; ++c)
                assert_int_equal(covers(&d, c, r), in[r][c]);
        for (int k = 0; k < 20; ++k) {
            gg_body b = gg_body_make(
                gg_cell_make(rand_in(&g, 0, MAP - 4), rand_in(&g, 0, MAP - 4)));
            b.size = (gg_size)rand_in(&g, GG_SIZE_TINY, GG_SIZE_GARGANTUAN);
            int32_t side = gg_size_cells(b.size);
            bool any = false, hit = false;
            for (int32_t r = 0; r < side; ++r)
                for (int32_t c = 0; c < side; ++c)
                    any = any || in[b.cell.row + r][b.cell.col + c];
            assert_int_equal(gg_shape_covers_body(5, &b, &d, GG_AFFECT_ANY_SQUARE, &hit, NULL),
                             GG_OK);
            assert_int_equal(hit, any);
            if (side == 1) {
                assert_int_equal(gg_shape_covers_body(5, &b, &d, GG_AFFECT_TOKEN, &hit, NULL),
                                 GG_OK);
                assert_int_equal(hit, any);
            }
        }
    }
}

/* The floating-point filters (corner classification, area estimate) never change an answer:
 * every square of random shapes against the exact area alone. */
static void template_any__filters_equal_the_exact_decision(void **state)
{
    (void)state;
    fx_rng g;
    fx_rng_seed(&g, 0xF17E5ull, "template_any__filters_equal_the_exact_decision");
    for (int t = 0; t < 40; ++t) {
        gg_shape_def d = random_shape(&g);
        if (d.shape == GG_SHAPE_SPHERE || d.shape == GG_SHAPE_CYLINDER ||
            d.shape == GG_SHAPE_EMANATION)
            d.shape = GG_SHAPE_CONE + (int)(fx_next(&g) % 3);
        for (int32_t r = 0; r < MAP; ++r)
            for (int32_t c = 0; c < MAP; ++c)
                assert_int_equal(covers(&d, c, r),
                                 gg__shape_covers_cell_exact(5, gg_cell_make(c, r), &d));
    }
    /* the hand-built ties go through both */
    gg_shape_def e = shape_make(GG_SHAPE_CONE, 25, pt(2.5, 2.5), 1, 1, GG_COVERAGE_HALF);
    assert_true(gg__shape_covers_cell_exact(5, gg_cell_make(1, 3), &e));
    assert_true(covers(&e, 1, 3));
}

/* Every decision is invariant under scaling the grid: 1000-ft squares with the shape scaled 200
 * times give the same squares as 5-ft ones (exercising the largest magnitudes the exact numbers
 * meet: cell size near GG_SHAPE_MAX_CELL_FT, sizes up to GG_SHAPE_MAX_FT). */
static void template_any__decisions_scale_with_the_grid(void **state)
{
    (void)state;
    fx_rng g;
    fx_rng_seed(&g, 0x5CA1Eull, "template_any__decisions_scale_with_the_grid");
    const int32_t k = 200;
    for (int t = 0; t < 60; ++t) {
        gg_shape_def d = random_shape(&g);
        if ((int64_t)d.size_ft * k > GG_SHAPE_MAX_FT ||
            (int64_t)d.line_width_ft * k > GG_SHAPE_MAX_FT)
            continue;
        gg_shape_def big = d;
        big.size_ft *= k;
        big.line_width_ft *= k;
        big.origin.x *= k;
        big.origin.y *= k;
        static gg_cell a[MAP * MAP], b[MAP * MAP];
        int32_t na = 0, nb = 0;
        assert_int_equal(gg_shape_cells(MAP, MAP, 5, &d, a, MAP * MAP, &na, NULL), GG_OK);
        assert_int_equal(gg_shape_cells(MAP, MAP, 5 * k, &big, b, MAP * MAP, &nb, NULL), GG_OK);
        assert_int_equal(na, nb);
        for (int32_t i = 0; i < na; ++i)
            assert_true(gg_cell_eq(a[i], b[i]));
        for (int sz = GG_SIZE_LARGE; sz <= GG_SIZE_GARGANTUAN; ++sz) {
            gg_body body = gg_body_make(gg_cell_make(rand_in(&g, 4, 16), rand_in(&g, 4, 16)));
            body.size = (gg_size)sz;
            bool ha = false, hb = false;
            assert_int_equal(gg_shape_covers_body(5, &body, &d, GG_AFFECT_TOKEN, &ha, NULL), GG_OK);
            assert_int_equal(gg_shape_covers_body(5 * k, &body, &big, GG_AFFECT_TOKEN, &hb, NULL),
                             GG_OK);
            assert_int_equal(ha, hb);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(template_any__line_ties_on_centres_and_grid_lines),
        cmocka_unit_test(template_any__cone_side_through_a_centre_is_exactly_half),
        cmocka_unit_test(template_any__line_end_through_a_centre),
        cmocka_unit_test(template_any__sphere_boundary_ties),
        cmocka_unit_test(template_any__cubes),
        cmocka_unit_test(template_any__emanation_every_size),
        cmocka_unit_test(template_any__bodies_any_square_and_token),
        cmocka_unit_test(template_any__bad_arguments),
        cmocka_unit_test(template_any__random_cases_match_the_oracle),
        cmocka_unit_test(template_any__entry_points_agree),
        cmocka_unit_test(template_any__filters_equal_the_exact_decision),
        cmocka_unit_test(template_any__decisions_scale_with_the_grid),
    };
    return cmocka_run_group_tests_name("core/template_any", tests, NULL, NULL);
}
