/* test_joints.c - two wall pieces meeting end to end, an L or a T, block exactly as one wall
 * would, under every option (blocks flags, door states, one-way sides, cover values), for every
 * query that walls affect: line of sight, visible cells, steps, cover and light. Exhaustive on a
 * 4x4 map over joints on corners, half-cell points and a cell centre, and every orientation;
 * then random shapes on the fine wall lattice (1/GG_WALL_UNITS_PER_CELL cell): joints, T's,
 * crossings split at the crossing point, and collinear overlaps.
 *
 * "As one wall": a straight wall split at the joint answers exactly as the unsplit wall; a T
 * whose bar is split answers as the T with a whole bar; and every configuration answers as a
 * brute-force reference written here from the documented rules (a segment is stopped by a piece
 * it touches, closed test, whose effective flags match, judged from the segment's start for
 * one-way pieces), so no query leaks through a joint point. */
#include "fixture.h"

#define SIDE 4
#define NC (SIDE * SIDE)

#define U GG_WALL_UNITS_PER_CELL

typedef struct piece {
    gg_hpoint a, b; /* wall units (U per cell) */
} piece;

/* The centre of a cell in wall units. */
static gg_hpoint centre(gg_cell c)
{
    gg_hpoint p = {U * c.col + U / 2, U * c.row + U / 2};
    return p;
}

typedef struct options {
    uint32_t blocks;
    gg_door door;
    gg_one_way one_way;
    gg_cover cover;
} options;

/* The wall rule of the scenes build() makes, and of the reference. */
static gg_wall_rule g_rule = GG_WALL_RULE_NAT20;

static gg_scene *build(const piece *p, int n, const options *o)
{
    gg_scene_def def = gg_scene_def_default();
    def.width = SIDE;
    def.height = SIDE;
    def.wall_rule = g_rule;
    gg_scene *s = NULL;
    assert_int_equal(gg_scene_create(&def, &s), GG_OK);
    for (int i = 0; i < n; ++i) {
        gg_wall_def d = gg_wall_def_default();
        d.x1 = (double)p[i].a.x / U, d.y1 = (double)p[i].a.y / U;
        d.x2 = (double)p[i].b.x / U, d.y2 = (double)p[i].b.y / U;
        d.blocks = o->blocks;
        d.door = o->door;
        d.one_way = o->one_way;
        d.cover = o->cover;
        assert_int_equal(gg_scene_add_wall(s, &d, NULL), GG_OK);
    }
    /* two lights that reach everything */
    gg_light_def l = gg_light_def_default();
    l.bright_ft = 100;
    l.dim_ft = 100;
    l.cell = gg_cell_make(0, 0);
    assert_int_equal(gg_scene_add_light(s, &l, NULL), GG_OK);
    l.cell = gg_cell_make(SIDE - 1, 1);
    assert_int_equal(gg_scene_add_light(s, &l, NULL), GG_OK);
    return s;
}

/* ---- The reference ---------------------------------------------------------------------------- */

static uint32_t effective(const options *o)
{
    if (o->door == GG_DOOR_OPEN)
        return 0;
    return o->cover != GG_COVER_NONE ? (o->blocks & ~(uint32_t)GG_BLOCKS_SIGHT) : o->blocks;
}

static bool faces(const piece *w, const options *o, gg_hpoint p)
{
    if (o->one_way == GG_ONE_WAY_NONE)
        return true;
    int64_t v = ((int64_t)w->a.y - p.y) * ((int64_t)w->b.x - p.x) -
                ((int64_t)w->a.x - p.x) * ((int64_t)w->b.y - p.y);
    int side = v < 0 ? GG_ONE_WAY_LEFT : v > 0 ? GG_ONE_WAY_RIGHT : 0;
    return side != (int)o->one_way;
}

/* ---- The point rule's reference: plain 128-bit arithmetic on a magnified lattice ---------
 * Instead of the library's symbolic infinitesimals, points are magnified by M = 2^40 and moved
 * by real (tiny) amounts: "a hair" is 2^20 (x) and 1 (y) magnified units, far below a lattice
 * step and far above each other, which is what e and e^2 stand for (docs/vision.md). */
__extension__ typedef __int128 i128; /* gcc and clang: the oracle needs 107-bit products */
typedef struct bp {
    i128 x, y;
} bp;
#define MAG ((i128)1 << 40)

static bp big(gg_hpoint p)
{
    bp r = {(i128)p.x * MAG, (i128)p.y * MAG};
    return r;
}

static int sgn128(i128 v) { return (v > 0) - (v < 0); }

static int orient128(bp a, bp b, bp c)
{
    return sgn128((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x));
}

static bool between128(bp a, bp b, bp c) /* c on the line a-b: within the box */
{
    return c.x >= (a.x < b.x ? a.x : b.x) && c.x <= (a.x < b.x ? b.x : a.x) &&
           c.y >= (a.y < b.y ? a.y : b.y) && c.y <= (a.y < b.y ? b.y : a.y);
}

static bool meet128(bp p1, bp p2, bp p3, bp p4) /* closed segments */
{
    int o1 = orient128(p1, p2, p3), o2 = orient128(p1, p2, p4);
    int o3 = orient128(p3, p4, p1), o4 = orient128(p3, p4, p2);
    if (o1 * o2 < 0 && o3 * o4 < 0)
        return true;
    return (o1 == 0 && between128(p1, p2, p3)) || (o2 == 0 && between128(p1, p2, p4)) ||
           (o3 == 0 && between128(p3, p4, p1)) || (o4 == 0 && between128(p3, p4, p2));
}

static bool faces128(const options *o, bp a, bp b, bp v)
{
    if (o->one_way == GG_ONE_WAY_NONE)
        return true;
    /* Foundry's side as the library defines it: LEFT when (a - v) x (b - v) ... < 0 */
    i128 t = (a.y - v.y) * (b.x - v.x) - (a.x - v.x) * (b.y - v.y);
    int side = t < 0 ? GG_ONE_WAY_LEFT : t > 0 ? GG_ONE_WAY_RIGHT : 0;
    return side != (int)o->one_way;
}

static bool ref_point_rule(const piece *p, int n, const options *o, uint32_t mask, gg_cell a,
                           gg_cell b)
{
    bp A = big(centre(a)), B = big(centre(b));
    if (mask == GG_BLOCKS_MOVEMENT) {
        /* A centre on a piece: every piece is judged with the centres a hair right and below. */
        bool nudge = false;
        for (int i = 0; i < n; ++i)
            nudge = nudge || meet128(A, A, big(p[i].a), big(p[i].b)) ||
                    meet128(B, B, big(p[i].a), big(p[i].b));
        bp d = {nudge ? (i128)1 << 20 : 0, nudge ? 1 : 0};
        bp A2 = {A.x + d.x, A.y + d.y}, B2 = {B.x + d.x, B.y + d.y};
        for (int i = 0; i < n; ++i)
            if (faces128(o, big(p[i].a), big(p[i].b), A2) &&
                meet128(A2, B2, big(p[i].a), big(p[i].b)))
                return true;
        return false;
    }
    /* Sight and light: the half-open segment [A, B), pieces through A take no part. The end
     * pulled back towards A by one magnified unit stands for "every point before B". */
    bp B2 = B;
    if (A.x != B.x || A.y != B.y) {
        /* one primitive step back along the segment: under 2^-40 of its length */
        i128 dx = B.x - A.x, dy = B.y - A.y;
        i128 g = dx < 0 ? -dx : dx, h = dy < 0 ? -dy : dy;
        while (h != 0) {
            i128 t = g % h;
            g = h;
            h = t;
        }
        B2.x = B.x - dx / g;
        B2.y = B.y - dy / g;
    }
    for (int i = 0; i < n; ++i) {
        bp pa = big(p[i].a), pb = big(p[i].b);
        if (meet128(A, A, pa, pb))
            continue; /* contains the viewer */
        if (o->one_way != GG_ONE_WAY_NONE && orient128(pa, pb, A) == 0)
            continue; /* the viewer on a one-way wall's line */
        if (A.x == B.x && A.y == B.y)
            continue; /* P = V is visible */
        if (faces128(o, pa, pb, A) && meet128(A, B2, pa, pb))
            return true;
    }
    return false;
}

static bool ref_stopped(const piece *p, int n, const options *o, uint32_t mask, gg_cell a,
                        gg_cell b)
{
    gg_hpoint pa = centre(a), pb = centre(b);
    if ((effective(o) & mask) == 0)
        return false;
    if (g_rule == GG_WALL_RULE_POINT)
        return ref_point_rule(p, n, o, mask, a, b);
    for (int i = 0; i < n; ++i)
        if (faces(&p[i], o, pa) && gg_segments_intersect(pa, pb, p[i].a, p[i].b))
            return true;
    return false;
}

static gg_cover ref_cover(const piece *p, int n, const options *o, gg_cell a, gg_cell b)
{
    if (o->cover == GG_COVER_NONE || o->door == GG_DOOR_OPEN)
        return GG_COVER_NONE;
    gg_hpoint pa = centre(a), pb = centre(b);
    for (int i = 0; i < n; ++i)
        if (faces(&p[i], o, pa) && gg_segments_intersect(pa, pb, p[i].a, p[i].b))
            return o->cover;
    return GG_COVER_NONE;
}

/* ---- One configuration ------------------------------------------------------------------------ */

typedef struct answers {
    uint8_t los[NC][NC];
    uint8_t vis[NC][NC];
    int32_t step[NC][8];
    uint8_t cover[NC][NC];
    uint8_t light[NC];
} answers;

static void ask(const gg_scene *s, gg_scratch *x, answers *an)
{
    for (int a = 0; a < NC; ++a) {
        gg_cell ca = gg_cell_make(a % SIDE, a / SIDE);
        uint64_t bits[1] = {0};
        assert_int_equal(gg_scene_visible_cells(s, x, ca, GG_RANGE_UNLIMITED, GG_BITSET_REPLACE,
                                                bits, 1, NULL),
                         GG_OK);
        for (int b = 0; b < NC; ++b) {
            gg_cell cb = gg_cell_make(b % SIDE, b / SIDE);
            bool v = false;
            assert_int_equal(gg_scene_has_line_of_sight(s, ca, cb, &v), GG_OK);
            an->los[a][b] = v;
            an->vis[a][b] = gg_bitset_has(bits, SIDE, cb);
            gg_cover c;
            assert_int_equal(gg_scene_cover_between(s, ca, cb, NULL, 0, &c), GG_OK);
            an->cover[a][b] = (uint8_t)c;
        }
        for (int d = 0; d < 8; ++d) {
            static const int dc[8] = {-1, -1, -1, 0, 0, 1, 1, 1},
                             dr[8] = {-1, 0, 1, -1, 1, -1, 0, 1};
            int32_t cost = 0;
            assert_int_equal(gg_scene_edge_distance(s, ca,
                                                    gg_cell_make(ca.col + dc[d], ca.row + dr[d]),
                                                    &cost),
                             GG_OK);
            an->step[a][d] = cost;
        }
        gg_light l;
        assert_int_equal(gg_scene_source_light_on_cell(s, ca, &l), GG_OK);
        an->light[a] = (uint8_t)l;
    }
}

static void reference(const piece *p, int n, const options *o, answers *an)
{
    for (int a = 0; a < NC; ++a) {
        gg_cell ca = gg_cell_make(a % SIDE, a / SIDE);
        for (int b = 0; b < NC; ++b) {
            gg_cell cb = gg_cell_make(b % SIDE, b / SIDE);
            an->los[a][b] = !ref_stopped(p, n, o, GG_BLOCKS_SIGHT, ca, cb);
            an->vis[a][b] = an->los[a][b];
            an->cover[a][b] = (uint8_t)ref_cover(p, n, o, ca, cb);
        }
        for (int d = 0; d < 8; ++d) {
            static const int dc[8] = {-1, -1, -1, 0, 0, 1, 1, 1},
                             dr[8] = {-1, 0, 1, -1, 1, -1, 0, 1};
            gg_cell cb = gg_cell_make(ca.col + dc[d], ca.row + dr[d]);
            bool on = cb.col >= 0 && cb.row >= 0 && cb.col < SIDE && cb.row < SIDE;
            an->step[a][d] = (!on || ref_stopped(p, n, o, GG_BLOCKS_MOVEMENT, ca, cb))
                                 ? GG_STEP_ILLEGAL
                                 : 5;
        }
        bool lit = !ref_stopped(p, n, o, GG_BLOCKS_LIGHT, gg_cell_make(0, 0), ca) ||
                   !ref_stopped(p, n, o, GG_BLOCKS_LIGHT, gg_cell_make(SIDE - 1, 1), ca);
        an->light[a] = (uint8_t)(lit ? GG_LIGHT_BRIGHT : GG_LIGHT_DARK);
    }
}

static long configs;

static void check_same(const answers *x, const answers *y, const char *what)
{
    if (memcmp(x, y, sizeof *x) != 0) {
        fprintf(stderr, "joint configuration %ld differs from %s\n", configs, what);
        fail();
    }
}

/* pieces[0..n) is the configuration; whole[0..nw) the same shape with fewer joints. */
static void check(const piece *pieces, int n, const piece *whole, int nw, const options *o)
{
    static answers got, want, ref;
    gg_scene *s = build(pieces, n, o);
    gg_scratch *x = NULL;
    assert_int_equal(gg_scratch_create(s, NULL, &x), GG_OK);
    ask(s, x, &got);
    gg_scratch_destroy(x);
    gg_scene_destroy(s);
    reference(pieces, n, o, &ref);
    check_same(&got, &ref, "the reference");
    if (whole != NULL) {
        gg_scene *w = build(whole, nw, o);
        assert_int_equal(gg_scratch_create(w, NULL, &x), GG_OK);
        ask(w, x, &want);
        gg_scratch_destroy(x);
        gg_scene_destroy(w);
        if (g_rule == GG_WALL_RULE_POINT) {
            /* Steps are judged with every wall moved together, so a split wall steps as the
             * whole one. Sight is judged per wall (one containing the viewer takes no part), so
             * a viewer on one piece looking along it into the next is blocked by the next piece
             * and not by the whole wall (docs/vision.md); the reference above checks it. */
            if (memcmp(got.step, want.step, sizeof got.step) != 0) {
                fprintf(stderr, "joint configuration %ld: steps differ from the whole wall\n",
                        configs);
                fail();
            }
        } else {
            check_same(&got, &want, "the unsplit wall");
        }
    }
    ++configs;
}

static void every_option(const piece *pieces, int n, const piece *whole, int nw)
{
    static const uint32_t blocks[] = {GG_BLOCKS_SIGHT, GG_BLOCKS_MOVEMENT, GG_BLOCKS_LIGHT,
                                      GG_BLOCKS_ALL};
    static const gg_cover covers[] = {GG_COVER_NONE, GG_COVER_HALF, GG_COVER_TOTAL};
    for (size_t b = 0; b < sizeof blocks / sizeof *blocks; ++b)
        for (int door = 0; door < 4; ++door)
            for (int ow = 0; ow < 3; ++ow)
                for (size_t c = 0; c < sizeof covers / sizeof *covers; ++c) {
                    options o = {blocks[b], (gg_door)door, (gg_one_way)ow, covers[c]};
                    check(pieces, n, whole, nw, &o);
                }
}

static gg_hpoint add(gg_hpoint p, gg_hpoint d)
{
    gg_hpoint r = {p.x + d.x, p.y + d.y};
    return r;
}

/* Half units (the tables below) to wall units. */
#define H(x) ((x) * (U / 2))
/* Joints: corners, half-cell points on lines, points in a cell, a cell centre. */
static const gg_hpoint joints[] = {{H(2), H(2)}, {H(4), H(4)}, {H(3), H(4)},
                                   {H(4), H(3)}, {H(3), H(3)}, {H(6), H(2)}};
/* Eight directions, one cell long: E, SE, S, SW, W, NW, N, NE. */
static const gg_hpoint dirs[8] = {{H(2), 0},  {H(2), H(2)},   {0, H(2)},  {H(-2), H(2)},
                                  {H(-2), 0}, {H(-2), H(-2)}, {0, H(-2)}, {H(2), H(-2)}};

static void joints__straight_split_equals_whole(void **state)
{
    (void)state;
    configs = 0;
    for (size_t j = 0; j < sizeof joints / sizeof *joints; ++j)
        for (int d = 0; d < 4; ++d) {
            gg_hpoint J = joints[j], a = add(J, dirs[d + 4]), b = add(J, dirs[d]);
            piece two[2] = {{a, J}, {J, b}}, one[1] = {{a, b}};
            every_option(two, 2, one, 1);
            /* and split off-centre, at half the arm */
            gg_hpoint m = {J.x + dirs[d].x / 2, J.y + dirs[d].y / 2};
            piece off[2] = {{a, m}, {m, b}};
            every_option(off, 2, one, 1);
        }
    printf("# straight joints: %ld configurations\n", configs);
}

static void joints__l_shapes_block_as_one_wall(void **state)
{
    (void)state;
    configs = 0;
    for (size_t j = 0; j < sizeof joints / sizeof *joints; ++j)
        for (int d = 0; d < 8; ++d) {
            /* perpendicular arms d and d+2, meeting at J (arm 1 runs into J, arm 2 out of it) */
            gg_hpoint J = joints[j];
            piece l[2] = {{add(J, dirs[d]), J}, {J, add(J, dirs[(d + 2) % 8])}};
            every_option(l, 2, NULL, 0);
        }
    printf("# L joints: %ld configurations\n", configs);
}

static void joints__t_shapes_block_as_one_wall(void **state)
{
    (void)state;
    configs = 0;
    for (size_t j = 0; j < sizeof joints / sizeof *joints; ++j)
        for (int d = 0; d < 8; ++d) {
            /* bar along d / d+4 through J, stem along d+2 */
            gg_hpoint J = joints[j], a = add(J, dirs[(d + 4) % 8]), b = add(J, dirs[d]);
            piece stem = {J, add(J, dirs[(d + 2) % 8])};
            piece split[3] = {{a, J}, {J, b}, stem};
            piece whole[2] = {{a, b}, stem};
            every_option(split, 3, whole, 2);
        }
    printf("# T joints: %ld configurations\n", configs);
}

/* ---- Random shapes on the fine lattice ----------------------------------------------------- */

static gg_hpoint times(gg_hpoint d, int k)
{
    gg_hpoint r = {d.x * k, d.y * k};
    return r;
}

/* A lattice point on the map or up to half a cell off it, and a short direction (a step of the
 * line the pieces lie on: every multiple of it from a lattice point is a lattice point). Points
 * near cell centres and corners are drawn often: that is where a touch decides. */
static gg_hpoint random_point(fx_rng *r)
{
    int32_t x = (int32_t)fx_below(r, (uint32_t)(SIDE * U + U)) - U / 2;
    int32_t y = (int32_t)fx_below(r, (uint32_t)(SIDE * U + U)) - U / 2;
    switch (fx_below(r, 4)) {
    case 0: /* a corner */
        x = x / U * U, y = y / U * U;
        break;
    case 1: /* a centre, or a hair beside it */
        x = x / U * U + U / 2 + (int32_t)fx_below(r, 3) - 1;
        y = y / U * U + U / 2 + (int32_t)fx_below(r, 3) - 1;
        break;
    default:
        break;
    }
    gg_hpoint p = {x, y};
    return p;
}

static gg_hpoint random_dir(fx_rng *r)
{
    gg_hpoint d;
    do {
        int32_t m = fx_below(r, 2) == 0 ? U / 4 : 7; /* long, or a few lattice steps */
        d.x = (int32_t)fx_below(r, (uint32_t)(2 * m + 1)) - m;
        d.y = (int32_t)fx_below(r, (uint32_t)(2 * m + 1)) - m;
    } while (d.x == 0 && d.y == 0);
    return d;
}

static options random_options(fx_rng *r)
{
    static const uint32_t blocks[] = {GG_BLOCKS_SIGHT, GG_BLOCKS_MOVEMENT, GG_BLOCKS_LIGHT,
                                      GG_BLOCKS_ALL};
    options o;
    o.blocks = fx_below(r, 2) == 0 ? (uint32_t)GG_BLOCKS_ALL : blocks[fx_below(r, 4)];
    o.door = fx_below(r, 4) == 0 ? (gg_door)fx_below(r, 4) : GG_DOOR_NONE;
    o.one_way = fx_below(r, 3) == 0 ? (gg_one_way)(1 + fx_below(r, 2)) : GG_ONE_WAY_NONE;
    o.cover = fx_below(r, 4) == 0 ? GG_COVER_HALF : GG_COVER_NONE;
    return o;
}

#define FINE_ROUNDS 150

static void fine_shapes(void)
{
    fx_rng r;
    fx_rng_seed(&r, 1414, "joints__fine_lattice_shapes_block_as_one_wall");
    configs = 0;
    for (int round = 0; round < FINE_ROUNDS; ++round) {
        const gg_hpoint X = random_point(&r), d = random_dir(&r);
        const int k1 = 1 + (int)fx_below(&r, 6), k2 = 1 + (int)fx_below(&r, 6);
        const gg_hpoint a = add(X, times(d, -k1)), b = add(X, times(d, k2));
        const options o = random_options(&r);
        /* a straight wall split at a lattice point of it */
        piece two[2] = {{a, X}, {X, b}}, one[1] = {{a, b}};
        check(two, 2, one, 1, &o);
        /* collinear pieces that overlap (X - d .. X + d is covered twice) */
        piece lap[2] = {{a, add(X, d)}, {add(X, times(d, -1)), b}};
        check(lap, 2, one, 1, &o);
        /* a T: the bar split at the stem's foot, against the whole bar */
        gg_hpoint e = random_dir(&r);
        piece stem = {X, add(X, times(e, 1 + (int)fx_below(&r, 6)))};
        piece t_split[3] = {{a, X}, {X, b}, stem}, t_whole[2] = {{a, b}, stem};
        check(t_split, 3, t_whole, 2, &o);
        /* a crossing: two walls through X, each split there, against the two whole walls */
        if ((int64_t)d.x * e.y != (int64_t)d.y * e.x) {
            gg_hpoint c = add(X, times(e, -1 - (int)fx_below(&r, 6)));
            piece x_split[4] = {{a, X}, {X, b}, {c, X}, stem};
            piece x_whole[2] = {{a, b}, {c, stem.b}};
            check(x_split, 4, x_whole, 2, &o);
        }
        /* an L at X */
        piece l[2] = {{a, X}, stem};
        check(l, 2, NULL, 0, &o);
    }
    printf("# fine-lattice shapes: %ld configurations\n", configs);
}

static void joints__fine_lattice_shapes_block_as_one_wall(void **state)
{
    (void)state;
    fine_shapes();
}

/* The point rule against its reference on the same shapes (and on the exhaustive joints). */
static void joints__point_rule_matches_its_reference(void **state)
{
    g_rule = GG_WALL_RULE_POINT;
    joints__straight_split_equals_whole(state);
    joints__t_shapes_block_as_one_wall(state);
    fine_shapes();
    g_rule = GG_WALL_RULE_NAT20;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(joints__straight_split_equals_whole),
        cmocka_unit_test(joints__l_shapes_block_as_one_wall),
        cmocka_unit_test(joints__t_shapes_block_as_one_wall),
        cmocka_unit_test(joints__fine_lattice_shapes_block_as_one_wall),
        cmocka_unit_test(joints__point_rule_matches_its_reference),
    };
    return cmocka_run_group_tests_name("topology/joints", tests, NULL, NULL);
}
