/* test_cover_model.c - gg_scene_cover(): every invalid input, the tagged mode against
 * gg_scene_cover_between(), the wall index against a scan of every wall, and the properties the
 * model promises (monotone in obstacles, symmetric lines, corners_2d = corners_3d on flat
 * ground with unbounded walls), and every mode on a 64 KiB thread stack. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* PTHREAD_STACK_MIN */
#endif
#include "cover_fixture.h"

#include "topology/cover/cover_internal.h"

#include <limits.h>
#include <pthread.h>

/* ---- Invalid inputs ----------------------------------------------------------------------------- */

static void model__rejects_each_invalid_input(void **state)
{
    (void)state;
    const char *m[] = {"A..T"};
    cfx c;
    cfx_build(&c, 4, 1, m);
    gg_cover_def d = cfx_def(GG_COVER_MODE_CORNERS_2D);
    gg_cover_result r;
    gg_cover_line lines[4];
    int32_t n = 7;
#define CALL(...) gg_scene_cover(__VA_ARGS__)
    assert_int_equal(CALL(c.s, &c.att, &c.tgt, NULL, 0, &d, NULL, NULL, 0, &n), GG_E_INVALID_ARG);
    assert_int_equal(n, 0);
    assert_int_equal(CALL(NULL, &c.att, &c.tgt, NULL, 0, &d, &r, NULL, 0, NULL), GG_E_INVALID_ARG);
    assert_int_equal(r.degree, GG_COVER_NONE);
    assert_int_equal(CALL(c.s, NULL, &c.tgt, NULL, 0, &d, &r, NULL, 0, NULL), GG_E_INVALID_ARG);
    assert_int_equal(CALL(c.s, &c.att, NULL, NULL, 0, &d, &r, NULL, 0, NULL), GG_E_INVALID_ARG);
    assert_int_equal(CALL(c.s, &c.att, &c.tgt, NULL, 0, NULL, &r, NULL, 0, NULL), GG_E_INVALID_ARG);
    gg_cover_def zero;
    memset(&zero, 0, sizeof zero);
    assert_int_equal(CALL(c.s, &c.att, &c.tgt, NULL, 0, &zero, &r, NULL, 0, NULL), GG_E_BAD_DEF);
    assert_int_equal(CALL(c.s, &c.att, &c.tgt, NULL, -1, &d, &r, NULL, 0, NULL), GG_E_INVALID_ARG);
    assert_int_equal(CALL(c.s, &c.att, &c.tgt, NULL, 1, &d, &r, NULL, 0, NULL), GG_E_INVALID_ARG);
    assert_int_equal(CALL(c.s, &c.att, &c.tgt, NULL, 0, &d, &r, NULL, 1, NULL), GG_E_INVALID_ARG);
    assert_int_equal(CALL(c.s, &c.att, &c.tgt, NULL, 0, &d, &r, lines, -1, NULL), GG_E_INVALID_ARG);
    /* enums and ranges */
    gg_cover_def b;
    b = d;
    b.mode = (gg_cover_mode)3;
    assert_int_equal(CALL(c.s, &c.att, &c.tgt, NULL, 0, &b, &r, NULL, 0, NULL), GG_E_INVALID_ARG);
    b = d;
    b.choice = (gg_cover_choice)2;
    assert_int_equal(CALL(c.s, &c.att, &c.tgt, NULL, 0, &b, &r, NULL, 0, NULL), GG_E_INVALID_ARG);
    b = d;
    b.kind = (gg_attack_kind)4;
    assert_int_equal(CALL(c.s, &c.att, &c.tgt, NULL, 0, &b, &r, NULL, 0, NULL), GG_E_INVALID_ARG);
    b = d;
    b.creature_cap = GG_COVER_TOTAL;
    assert_int_equal(CALL(c.s, &c.att, &c.tgt, NULL, 0, &b, &r, NULL, 0, NULL), GG_E_INVALID_ARG);
    b = d;
    b.boost_pct = 101;
    assert_int_equal(CALL(c.s, &c.att, &c.tgt, NULL, 0, &b, &r, NULL, 0, NULL), GG_E_INVALID_ARG);
    b = d;
    b.melee_top_pct = -1;
    assert_int_equal(CALL(c.s, &c.att, &c.tgt, NULL, 0, &b, &r, NULL, 0, NULL), GG_E_INVALID_ARG);
    b = d;
    b.melee_bottom_pct = 200;
    assert_int_equal(CALL(c.s, &c.att, &c.tgt, NULL, 0, &b, &r, NULL, 0, NULL), GG_E_INVALID_ARG);
    b = d;
    b.kind = GG_ATTACK_AREA; /* an area needs its point of origin */
    assert_int_equal(CALL(c.s, &c.att, &c.tgt, NULL, 0, &b, &r, NULL, 0, NULL), GG_E_INVALID_ARG);
    gg_cover_point far = {1 << 30, 0, 0};
    b = d;
    b.origin = &far;
    assert_int_equal(CALL(c.s, &c.att, &c.tgt, NULL, 0, &b, &r, NULL, 0, NULL), GG_E_INVALID_ARG);
    b = d;
    b.layer_in = -5;
    assert_int_equal(CALL(c.s, &c.att, &c.tgt, NULL, 0, &b, &r, NULL, 0, NULL), GG_E_INVALID_ARG);
    b = d;
    b.box_count = 1;
    assert_int_equal(CALL(c.s, &c.att, &c.tgt, NULL, 0, &b, &r, NULL, 0, NULL), GG_E_INVALID_ARG);
    b = d;
    b.box_count = -1;
    assert_int_equal(CALL(c.s, &c.att, &c.tgt, NULL, 0, &b, &r, NULL, 0, NULL), GG_E_INVALID_ARG);
    gg_cover_box empty = {{1, 0}, {1, 0}, 10, 10, GG_COVER_TOTAL};
    b = d;
    b.boxes = &empty;
    b.box_count = 1;
    assert_int_equal(CALL(c.s, &c.att, &c.tgt, NULL, 0, &b, &r, NULL, 0, NULL), GG_E_INVALID_ARG);
    gg_cover_box inverted = {{2, 0}, {1, 0}, 0, 10, GG_COVER_TOTAL};
    b.boxes = &inverted;
    assert_int_equal(CALL(c.s, &c.att, &c.tgt, NULL, 0, &b, &r, NULL, 0, NULL), GG_E_INVALID_ARG);
    gg_cover_box badcap = {{1, 0}, {1, 0}, 0, 10, (gg_cover)4};
    b.boxes = &badcap;
    assert_int_equal(CALL(c.s, &c.att, &c.tgt, NULL, 0, &b, &r, NULL, 0, NULL), GG_E_INVALID_ARG);
    /* bodies */
    gg_body big = c.att;
    big.size = (gg_size)(GG_SIZE_GARGANTUAN + 1);
    assert_int_equal(CALL(c.s, &big, &c.tgt, NULL, 0, &d, &r, NULL, 0, NULL), GG_E_INVALID_ARG);
    big.size = (gg_size)-1;
    assert_int_equal(CALL(c.s, &c.att, &big, NULL, 0, &d, &r, NULL, 0, NULL), GG_E_INVALID_ARG);
    gg_body high = c.att;
    high.base_in = GG_COVER_HEIGHT_LIMIT + 1;
    assert_int_equal(CALL(c.s, &high, &c.tgt, NULL, 0, &d, &r, NULL, 0, NULL), GG_E_INVALID_ARG);
    high = c.att;
    high.height_in = -1;
    assert_int_equal(CALL(c.s, &c.att, &c.tgt, &high, 1, &d, &r, NULL, 0, NULL), GG_E_INVALID_ARG);
    /* off the map: the attacker, the target, a footprint overhanging the edge */
    gg_body off = gg_body_make(gg_cell_make(4, 0));
    assert_int_equal(CALL(c.s, &off, &c.tgt, NULL, 0, &d, &r, NULL, 0, NULL), GG_E_OUT_OF_BOUNDS);
    assert_int_equal(r.degree, GG_COVER_NONE);
    off = gg_body_make(gg_cell_make(-1, 0));
    assert_int_equal(CALL(c.s, &c.att, &off, NULL, 0, &d, &r, NULL, 0, NULL), GG_E_OUT_OF_BOUNDS);
    off = gg_body_make(gg_cell_make(3, 0));
    off.size = GG_SIZE_LARGE;
    assert_int_equal(CALL(c.s, &c.att, &off, NULL, 0, &d, &r, NULL, 0, NULL), GG_E_OUT_OF_BOUNDS);
#undef CALL
    cfx_free(&c);
}

static void model__partial_line_buffer_and_defaults(void **state)
{
    (void)state;
    const char *m[] = {"A.#.T"};
    cfx c;
    cfx_build(&c, 5, 1, m);
    gg_cover_def d = cfx_def(GG_COVER_MODE_CORNERS_2D);
    gg_cover_result r;
    gg_cover_line lines[2];
    int32_t n = 0;
    assert_int_equal(gg_scene_cover(c.s, &c.att, &c.tgt, NULL, 0, &d, &r, lines, 2, &n),
                     GG_PARTIAL);
    assert_int_equal(n, 4);
    assert_int_equal(r.degree, GG_COVER_TOTAL);
    assert_int_equal(lines[0].by, GG_COVER_BY_CELL);
    assert_int_equal(lines[0].cell.col, 2);
    assert_int_equal(gg_scene_cover(c.s, &c.att, &c.tgt, NULL, 0, &d, &r, NULL, 0, NULL), GG_OK);
    /* the default mode is tagged, Nat20's cover_between */
    gg_cover_def t = gg_cover_def_default();
    assert_int_equal(t.mode, GG_COVER_MODE_TAGGED);
    assert_int_equal(gg_scene_cover(c.s, &c.att, &c.tgt, NULL, 0, &t, &r, lines, 2, &n), GG_OK);
    assert_int_equal(n, 1);
    assert_int_equal(r.degree, GG_COVER_TOTAL);
    /* topology measures; features that ignore cover are scored by gg_rules_cover_score() */
    assert_int_equal(gg_scene_cover(c.s, &c.att, &c.tgt, NULL, 0, &d, &r, NULL, 0, NULL), GG_OK);
    assert_int_equal(r.degree, GG_COVER_TOTAL);
    assert_int_equal(r.obstruction, GG_OBSTRUCTION_TOTAL);
    assert_int_equal(gg_scene_set_blocked(c.s, gg_cell_make(2, 0), false), GG_OK);
    assert_int_equal(gg_scene_set_cover(c.s, gg_cell_make(2, 0), GG_COVER_THREE_QUARTERS), GG_OK);
    assert_int_equal(gg_scene_cover(c.s, &c.att, &c.tgt, NULL, 0, &d, &r, NULL, 0, NULL), GG_OK);
    assert_int_equal(r.degree, GG_COVER_THREE_QUARTERS);
    /* overlapping spaces: none */
    gg_cover_def d2 = cfx_def(GG_COVER_MODE_CORNERS_2D);
    assert_int_equal(gg_scene_cover(c.s, &c.att, &c.att, NULL, 0, &d2, &r, NULL, 0, &n), GG_OK);
    assert_int_equal(r.degree, GG_COVER_NONE);
    assert_int_equal(n, 0);
    cfx_free(&c);
}

/* ---- Random scenes ------------------------------------------------------------------------------ */

typedef struct rnd {
    cfx c;
    int w, h;
} rnd;

static gg_cell rcell(fx_rng *r, int w, int h)
{
    return gg_cell_make((int32_t)fx_below(r, (uint32_t)w), (int32_t)fx_below(r, (uint32_t)h));
}

/* A random scene: blocked and tagged cells, walls of every kind, creatures, and an attacker and
 * target on distinct free cells. `flat` = only solid cells and full, plain walls. */
static void random_scene(rnd *x, fx_rng *r, int nwalls, bool flat)
{
    memset(x, 0, sizeof *x);
    x->w = 4 + (int)fx_below(r, 12);
    x->h = 4 + (int)fx_below(r, 12);
    x->c.s = fx_open(x->w, x->h);
    for (int k = 0; k < x->w * x->h / 8; ++k) {
        gg_cell c = rcell(r, x->w, x->h);
        if (fx_below(r, 2) == 0 || flat)
            assert_int_equal(gg_scene_set_blocked(x->c.s, c, true), GG_OK);
        else
            assert_int_equal(gg_scene_set_cover(x->c.s, c, (gg_cover)(1 + fx_below(r, 3))), GG_OK);
    }
    for (int k = 0; k < nwalls; ++k) {
        gg_wall_def w = gg_wall_def_default();
        w.x1 = (double)fx_below(r, (uint32_t)(2 * x->w + 5)) * 0.5 - 1.0;
        w.y1 = (double)fx_below(r, (uint32_t)(2 * x->h + 5)) * 0.5 - 1.0;
        w.x2 = w.x1 + ((double)fx_below(r, 9) - 4.0) * (fx_below(r, 2) ? 1.0 : 0.5);
        w.y2 = w.y1 + ((double)fx_below(r, 9) - 4.0) * (fx_below(r, 2) ? 1.0 : 0.5);
        if (!flat) {
            uint32_t kind = fx_below(r, 6);
            if (kind == 1)
                w.cover = (gg_cover)(1 + fx_below(r, 3));
            else if (kind == 2)
                w.one_way = (gg_one_way)(1 + fx_below(r, 2));
            else if (kind == 3)
                w.door = (gg_door)(1 + fx_below(r, 3));
            else if (kind == 4)
                w.blocks = 1u + fx_below(r, 7);
        }
        assert_int_equal(gg_scene_add_wall(x->c.s, &w, NULL), GG_OK);
    }
    do {
        x->c.att = gg_body_make(rcell(r, x->w, x->h));
        x->c.tgt = gg_body_make(rcell(r, x->w, x->h));
    } while (gg_cell_eq(x->c.att.cell, x->c.tgt.cell));
    assert_int_equal(gg_scene_set_blocked(x->c.s, x->c.att.cell, false), GG_OK);
    assert_int_equal(gg_scene_set_blocked(x->c.s, x->c.tgt.cell, false), GG_OK);
    int ncr = flat ? 0 : (int)fx_below(r, 4);
    for (int k = 0; k < ncr; ++k)
        x->c.cr[x->c.ncr++] = gg_body_make(rcell(r, x->w, x->h));
}

static void model__tagged_is_cover_between(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 11, "model__tagged_is_cover_between");
    for (int round = 0; round < 400; ++round) {
        rnd x;
        random_scene(&x, &r, (int)fx_below(&r, 20), false);
        gg_cell occ[32];
        for (int k = 0; k < x.c.ncr; ++k)
            occ[k] = x.c.cr[k].cell;
        gg_cover want = GG_COVER_NONE;
        assert_int_equal(gg_scene_cover_between(x.c.s, x.c.att.cell, x.c.tgt.cell, occ, x.c.ncr,
                                                &want),
                         GG_OK);
        /* creatures standing on the attacker or target are left out by both */
        int keep = 0;
        for (int k = 0; k < x.c.ncr; ++k)
            if (!gg_cell_eq(x.c.cr[k].cell, x.c.att.cell) &&
                !gg_cell_eq(x.c.cr[k].cell, x.c.tgt.cell))
                x.c.cr[keep++] = x.c.cr[k];
        x.c.ncr = keep;
        assert_int_equal(cfx_degree(&x.c, GG_COVER_MODE_TAGGED), want);
        cfx_free(&x.c);
    }
}

static bool same_result(const gg_cover_result *a, const gg_cover_result *b)
{
    return a->degree == b->degree && a->obstruction == b->obstruction && a->flags == b->flags &&
           a->lines == b->lines && a->n_half == b->n_half &&
           a->n_three_quarters == b->n_three_quarters && a->n_total == b->n_total &&
           gg_cell_eq(a->source_cell, b->source_cell) && a->source_corner == b->source_corner &&
           gg_cell_eq(a->target_cell, b->target_cell);
}

static void model__wall_index_equals_a_scan_of_every_wall(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 23, "model__wall_index_equals_a_scan_of_every_wall");
    for (int round = 0; round < 150; ++round) {
        rnd x;
        /* past 64 walls the index builds its buckets; fewer stay pending */
        random_scene(&x, &r, (int)fx_below(&r, 200), false);
        for (int mode = 1; mode <= 2; ++mode)
            for (int choice = 0; choice <= 1; ++choice) {
                gg_cover_def d = cfx_def((gg_cover_mode)mode);
                d.choice = (gg_cover_choice)choice;
                d.kind = (gg_attack_kind)fx_below(&r, 3);
                gg_cover_result a, b;
                gg_cover_line la[64], lb[64];
                int32_t na = 0, nb = 0;
                gg_status sa = gg__scene_cover_impl(x.c.s, &x.c.att, &x.c.tgt, x.c.cr, x.c.ncr, &d,
                                                    &a, la, 64, &na, false);
                gg_status sb = gg__scene_cover_impl(x.c.s, &x.c.att, &x.c.tgt, x.c.cr, x.c.ncr, &d,
                                                    &b, lb, 64, &nb, true);
                assert_int_equal(sa, sb);
                assert_true(same_result(&a, &b));
                assert_int_equal(na, nb);
                for (int k = 0; k < na && k < 64; ++k) {
                    assert_int_equal(la[k].cap, lb[k].cap);
                    assert_int_equal(la[k].pinch, lb[k].pinch);
                }
            }
        cfx_free(&x.c);
    }
}

static void model__adding_an_obstacle_never_lowers_cover(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 37, "model__adding_an_obstacle_never_lowers_cover");
    for (int round = 0; round < 300; ++round) {
        rnd x;
        random_scene(&x, &r, (int)fx_below(&r, 12), false);
        gg_cover_mode mode = fx_below(&r, 2) ? GG_COVER_MODE_CORNERS_2D : GG_COVER_MODE_CORNERS_3D;
        gg_cover before = cfx_degree(&x.c, mode);
        uint32_t what = fx_below(&r, 4);
        gg_cell c = rcell(&r, x.w, x.h);
        if (what == 0) {
            assert_int_equal(gg_scene_set_blocked(x.c.s, c, true), GG_OK);
        } else if (what == 1) {
            gg_cover cur;
            assert_int_equal(gg_scene_cover_on_cell(x.c.s, c, &cur), GG_OK);
            if (cur == GG_COVER_NONE)
                assert_int_equal(gg_scene_set_cover(x.c.s, c, (gg_cover)(1 + fx_below(&r, 3))),
                                 GG_OK);
        } else if (what == 2) {
            double x1 = (double)fx_below(&r, (uint32_t)(2 * x.w + 1)) * 0.5;
            double y1 = (double)fx_below(&r, (uint32_t)(2 * x.h + 1)) * 0.5;
            cfx_wall(&x.c, x1, y1, x1 + (double)fx_below(&r, 5) - 2.0,
                     y1 + (double)fx_below(&r, 5) - 2.0,
                     fx_below(&r, 2) ? GG_COVER_NONE : (gg_cover)(1 + fx_below(&r, 3)));
        } else {
            x.c.cr[x.c.ncr++] = gg_body_make(c);
        }
        gg_cover after = cfx_degree(&x.c, mode);
        if (after < before)
            fail_msg("round %d: cover fell from %d to %d after adding obstacle kind %u", round,
                     (int)before, (int)after, (unsigned)what);
        cfx_free(&x.c);
    }
}

static void model__lines_and_adjacent_melee_are_symmetric(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 41, "model__lines_and_adjacent_melee_are_symmetric");
    for (int round = 0; round < 200; ++round) {
        rnd x;
        random_scene(&x, &r, (int)fx_below(&r, 30), true); /* no one-way walls */
        gg__cq q;
        memset(&q, 0, sizeof q);
        q.s = x.c.s;
        gg_cover_def d = cfx_def(GG_COVER_MODE_CORNERS_2D);
        q.def = &d;
        q.creature_cap = GG_COVER_HALF;
        q.ex_min[0] = q.ex_max[0] = q.ex_min[1] = q.ex_max[1] = gg_cell_make(-9, -9);
        q.layer_u = 6000;
        for (int k = 0; k < 20; ++k) {
            gg__ep p, e;
            /* a lattice corner inset into one of its four cells, or an exact point */
            int64_t px = 16 * (int64_t)fx_below(&r, (uint32_t)x.w + 1),
                    py = 16 * (int64_t)fx_below(&r, (uint32_t)x.h + 1);
            int64_t ex = 16 * (int64_t)fx_below(&r, (uint32_t)x.w + 1),
                    ey = 16 * (int64_t)fx_below(&r, (uint32_t)x.h + 1);
            p.x = gg__ev_make(px, fx_below(&r, 2) ? 16 : -16);
            p.y = gg__ev_make(py, fx_below(&r, 2) ? 16 : -16);
            e.x = gg__ev_make(ex, fx_below(&r, 3) == 0 ? 0 : (fx_below(&r, 2) ? 16 : -16));
            e.y = gg__ev_make(ey, e.x.b == 0 ? 0 : (fx_below(&r, 2) ? 16 : -16));
            p.z = e.z = gg__ev_make(0, 0);
            gg__lres a, b;
            assert_int_equal(gg__cover_line(&q, &p, &e, &a), GG_OK);
            assert_int_equal(gg__cover_line(&q, &e, &p, &b), GG_OK);
            assert_int_equal(a.cap, b.cap);
            assert_int_equal(a.sight, b.sight);
        }
        /* 3.5 adjacent melee scores the same 16 lines both ways */
        gg_body a = gg_body_make(rcell(&r, x.w - 1, x.h - 1));
        gg_body t = gg_body_make(
            gg_cell_make(a.cell.col + (int32_t)fx_below(&r, 2), a.cell.row + 1));
        assert_int_equal(gg_scene_set_blocked(x.c.s, a.cell, false), GG_OK);
        assert_int_equal(gg_scene_set_blocked(x.c.s, t.cell, false), GG_OK);
        d.choice = GG_COVER_CHOICE_OBSTRUCTION;
        d.kind = GG_ATTACK_MELEE;
        gg_cover_result ra, rb;
        assert_int_equal(gg_scene_cover(x.c.s, &a, &t, NULL, 0, &d, &ra, NULL, 0, NULL), GG_OK);
        assert_int_equal(gg_scene_cover(x.c.s, &t, &a, NULL, 0, &d, &rb, NULL, 0, NULL), GG_OK);
        assert_int_equal(ra.obstruction, rb.obstruction);
        assert_int_equal(ra.n_total, rb.n_total);
        cfx_free(&x.c);
    }
}

/* On flat ground with unbounded walls every obstacle is a vertical prism, so a 3-D line has
 * exactly the cap of its plan line (the predicates agree line by line), and since the 3-D point
 * set of a target is a plan-subset of its four corners, a corner with four clear 2-D lines is
 * clear in 3-D and all-total in 2-D is all-total in 3-D. The degrees themselves may differ by
 * design: 3-D culls back faces (4/6/7 points) and needs > N/2 for three-quarters. */
static void model__corners_2d_and_3d_agree_on_flat_ground(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 53, "model__corners_2d_and_3d_agree_on_flat_ground");
    int same = 0, rounds = 400;
    for (int round = 0; round < rounds; ++round) {
        rnd x;
        random_scene(&x, &r, (int)fx_below(&r, 16), true);
        gg_cover c2 = cfx_degree(&x.c, GG_COVER_MODE_CORNERS_2D);
        gg_cover c3 = cfx_degree(&x.c, GG_COVER_MODE_CORNERS_3D);
        same += c2 == c3;
        if ((c2 == GG_COVER_NONE && c3 != GG_COVER_NONE) ||
            (c2 == GG_COVER_TOTAL && c3 != GG_COVER_TOTAL))
            fail_msg("round %d: corners_2d %d, corners_3d %d", round, (int)c2, (int)c3);
        /* line by line: lift inset corner-to-corner lines to heights inside the columns */
        gg_cover_def d = cfx_def(GG_COVER_MODE_CORNERS_3D);
        gg__cq q2, q3;
        memset(&q2, 0, sizeof q2);
        q2.s = x.c.s;
        q2.def = &d;
        q2.creature_cap = GG_COVER_HALF;
        q2.ex_min[0] = q2.ex_max[0] = x.c.att.cell;
        q2.ex_min[1] = q2.ex_max[1] = x.c.tgt.cell;
        q2.layer_u = 6000;
        q3 = q2;
        q3.three_d = true;
        for (int k = 0; k < 16; ++k) {
            gg__ep p, e;
            int ca = (int)fx_below(&r, 4), ct = (int)fx_below(&r, 4);
            p.x = gg__ev_make(16 * ((int64_t)x.c.att.cell.col + (ca & 1)), (ca & 1) ? -16 : 16);
            p.y = gg__ev_make(16 * ((int64_t)x.c.att.cell.row + (ca >> 1)), (ca >> 1) ? -16 : 16);
            e.x = gg__ev_make(16 * ((int64_t)x.c.tgt.cell.col + (ct & 1)), (ct & 1) ? -16 : 16);
            e.y = gg__ev_make(16 * ((int64_t)x.c.tgt.cell.row + (ct >> 1)), (ct >> 1) ? -16 : 16);
            p.z = e.z = gg__ev_make(0, 0);
            gg__lres a, b;
            assert_int_equal(gg__cover_line(&q2, &p, &e, &a), GG_OK);
            p.z = gg__ev_make(100 * (int64_t)(1 + fx_below(&r, 59)), 0);
            e.z = gg__ev_make(100 * (int64_t)(1 + fx_below(&r, 59)), 0);
            assert_int_equal(gg__cover_line(&q3, &p, &e, &b), GG_OK);
            assert_int_equal(a.cap, b.cap);
            assert_int_equal(a.sight, b.sight);
        }
        cfx_free(&x.c);
    }
    printf("# corners_2d == corners_3d degree in %d of %d flat scenes\n", same, rounds);
}

/* ---- Small stacks ------------------------------------------------------------------------------- */

/* One query and its answer. */
typedef struct sq {
    const gg_scene *s;
    gg_body att, tgt;
    const gg_body *cr;
    int32_t ncr;
    gg_cover_def def;
    gg_status st;
    gg_cover_result r;
    gg_cover_line lines[64];
    int32_t n;
} sq;

typedef struct sq_job {
    sq *q;
    int nq;
} sq_job;

static void sq_run(sq *q, int nq)
{
    for (int k = 0; k < nq; ++k) {
        memset(&q[k].r, 0x5a, sizeof q[k].r);
        memset(q[k].lines, 0x5a, sizeof q[k].lines);
        q[k].n = -1;
        q[k].st = gg_scene_cover(q[k].s, &q[k].att, &q[k].tgt, q[k].cr, q[k].ncr, &q[k].def,
                                 &q[k].r, q[k].lines, 64, &q[k].n);
    }
}

static void *sq_worker(void *arg)
{
    sq_job *j = (sq_job *)arg;
    sq_run(j->q, j->nq);
    return NULL;
}

static void sq_expect_same(const sq *a, const sq *b, int k)
{
    if (a->st != b->st || a->n != b->n || !same_result(&a->r, &b->r) ||
        a->r.source.x != b->r.source.x || a->r.source.y != b->r.source.y ||
        a->r.source.z_in != b->r.source.z_in)
        fail_msg("query %d: the small-stack thread answered differently", k);
    for (int32_t i = 0; i < a->n && i < 64; ++i) {
        const gg_cover_line *x = &a->lines[i], *y = &b->lines[i];
        if (!(x->x0 == y->x0 && x->y0 == y->y0 && x->z0 == y->z0 && x->x1 == y->x1 &&
              x->y1 == y->y1 && x->z1 == y->z1 && x->cap == y->cap && x->by == y->by &&
              x->pinch == y->pinch && gg_cell_eq(x->cell, y->cell) &&
              x->wall.index == y->wall.index && x->wall.generation == y->wall.generation &&
              x->index == y->index))
            fail_msg("query %d: line %d differs on the small-stack thread", k, (int)i);
    }
}

/* Game engines run queries on job threads with small stacks: every mode, at the largest body
 * size, with every kind of obstacle (and a line that fills the contact buffer), must run on a
 * 64 KiB stack and answer exactly as on the main thread. */
static void cover_model__runs_on_a_64_kib_thread_stack(void **state)
{
    (void)state;
    enum { W = 40, H = 24, LONG = 300 };
    gg_scene_def sd = gg_scene_def_default();
    sd.width = W;
    sd.height = H;
    gg_scene *s = NULL;
    assert_int_equal(gg_scene_create(&sd, &s), GG_OK);
    /* a seam of alternating tags above the bodies (many contacts), diagonal pillars (pinches),
     * low walls, a window, a one-way wall, an open door */
    for (int x = 7; x <= 29; ++x)
        assert_int_equal(gg_scene_set_cover(s, gg_cell_make(x, 7), (gg_cover)(1 + x % 2)), GG_OK);
    const int pillars[][2] = {{16, 12}, {17, 13}, {21, 9}, {22, 10}, {8, 14}, {26, 12}};
    for (size_t k = 0; k < sizeof pillars / sizeof pillars[0]; ++k)
        assert_int_equal(gg_scene_set_blocked(s, gg_cell_make(pillars[k][0], pillars[k][1]), true),
                         GG_OK);
    assert_int_equal(gg_scene_set_cover(s, gg_cell_make(19, 11), GG_COVER_HALF), GG_OK);
    assert_int_equal(gg_scene_set_cover(s, gg_cell_make(24, 13), GG_COVER_THREE_QUARTERS), GG_OK);
    cfx tmp;
    memset(&tmp, 0, sizeof tmp);
    tmp.s = s;
    (void)cfx_wall(&tmp, 24, 9, 24, 11, GG_COVER_HALF);
    (void)cfx_wall(&tmp, 27, 8, 27, 10, GG_COVER_TOTAL);
    gg_wall_def w = gg_wall_def_default();
    w.x1 = 12;
    w.y1 = 11;
    w.x2 = 14;
    w.y2 = 13;
    w.one_way = GG_ONE_WAY_LEFT;
    assert_int_equal(gg_scene_add_wall(s, &w, NULL), GG_OK);
    w = gg_wall_def_default();
    w.x1 = 20;
    w.y1 = 14;
    w.x2 = 20;
    w.y2 = 16;
    w.door = GG_DOOR_OPEN;
    assert_int_equal(gg_scene_add_wall(s, &w, NULL), GG_OK);
    gg_body cr[3] = {gg_body_make(gg_cell_make(12, 9)), gg_body_make(gg_cell_make(18, 14)),
                     gg_body_make(gg_cell_make(24, 2))};
    cr[1].size = GG_SIZE_LARGE;
    cr[2].size = GG_SIZE_HUGE;
    static int32_t floor_in[W * H], ceiling_in[W * H];
    for (int k = 0; k < W * H; ++k) {
        floor_in[k] = (k * 7) % 5 == 0 ? (k * 13) % 40 : 0;
        ceiling_in[k] = k % 11 == 0 ? 200 + k % 50 : GG_COVER_NO_CEILING;
    }
    const gg_cover_box boxes[2] = {{{14, 8}, {15, 10}, 0, 30, GG_COVER_HALF},
                                   {{10, 15}, {12, 15}, 20, 90, GG_COVER_TOTAL}};
    const gg_cover_point aim = {4 * 16 + 5, 10 * 16, 30};
    /* a line along a seam of 300 alternating tags: more contacts than the buffer holds */
    gg_scene_def ld = gg_scene_def_default();
    ld.width = LONG + 2;
    ld.height = 4;
    gg_scene *ls = NULL;
    assert_int_equal(gg_scene_create(&ld, &ls), GG_OK);
    for (int x = 1; x <= LONG; ++x)
        assert_int_equal(gg_scene_set_cover(ls, gg_cell_make(x, 0), (gg_cover)(1 + x % 2)), GG_OK);

    enum { NQ = 12 };
    sq *main_q = calloc(NQ, sizeof *main_q), *thread_q = calloc(NQ, sizeof *thread_q);
    assert_non_null(main_q);
    assert_non_null(thread_q);
    gg_body big_a = gg_body_make(gg_cell_make(2, 8)), big_t = gg_body_make(gg_cell_make(30, 8)),
            near_a = gg_body_make(gg_cell_make(9, 16)), near_t = gg_body_make(gg_cell_make(13, 17));
    big_a.size = big_t.size = near_a.size = near_t.size = GG_SIZE_GARGANTUAN;
    for (int k = 0; k < NQ; ++k) {
        sq *q = &main_q[k];
        q->s = s;
        q->att = big_a;
        q->tgt = big_t;
        q->cr = cr;
        q->ncr = 3;
        q->def = gg_cover_def_default();
        gg_cover_def *d = &q->def;
        d->mode = k == 0   ? GG_COVER_MODE_TAGGED
                  : k <= 3 ? GG_COVER_MODE_CORNERS_2D
                           : GG_COVER_MODE_CORNERS_3D;
        if (d->mode == GG_COVER_MODE_CORNERS_3D) {
            d->floor_in = floor_in;
            d->ceiling_in = ceiling_in;
            d->boxes = boxes;
            d->box_count = 2;
        }
        switch (k) {
        case 2: /* 3.5 adjacent melee: 16 lines per pair of squares */
        case 6:
            q->att = near_a;
            q->tgt = near_t;
            d->choice = GG_COVER_CHOICE_OBSTRUCTION;
            d->kind = GG_ATTACK_MELEE;
            break;
        case 3: /* an area's point of origin */
            d->kind = GG_ATTACK_AREA;
            d->origin = &aim;
            break;
        case 5:
            d->best_cell = true;
            d->creature_cap = GG_COVER_THREE_QUARTERS;
            break;
        case 7: /* a fixed aim point */
            d->kind = GG_ATTACK_REACH;
            d->origin = &aim;
            break;
        case 8:
            d->choice = GG_COVER_CHOICE_OBSTRUCTION;
            d->pinch_pass = true;
            d->low_obstacle_rule = true;
            d->best_cell = true;
            break;
        case 9: /* flying attacker above a tall target */
            q->att.base_in = 70;
            q->att.supported = false;
            q->tgt.height_in = 150;
            break;
        case 10: /* the contact buffer overflows */
        case 11:
            q->s = ls;
            q->att = gg_body_make(gg_cell_make(0, 1));
            q->tgt = gg_body_make(gg_cell_make(LONG + 1, 1));
            q->cr = NULL;
            q->ncr = 0;
            d->mode = GG_COVER_MODE_CORNERS_2D;
            d->exact_corners = k == 10;
            break;
        default:
            break;
        }
        thread_q[k] = *q;
    }
    sq_run(main_q, NQ);
    for (int k = 0; k < NQ; ++k)
        if (k == 10)
            assert_int_equal(main_q[k].st, GG_E_TOO_LARGE);
        else if (main_q[k].st != GG_OK && main_q[k].st != GG_PARTIAL)
            fail_msg("query %d: %s", k, gg_status_name(main_q[k].st));

    size_t stack = 65536;
#ifdef PTHREAD_STACK_MIN
    long min = (long)PTHREAD_STACK_MIN; /* a function call on some systems */
    if (min > 0 && (size_t)min > stack)
        stack = (size_t)min;
#endif
    pthread_attr_t at;
    assert_int_equal(pthread_attr_init(&at), 0);
    assert_int_equal(pthread_attr_setstacksize(&at, stack), 0);
    sq_job job = {thread_q, NQ};
    pthread_t th;
    assert_int_equal(pthread_create(&th, &at, sq_worker, &job), 0);
    assert_int_equal(pthread_join(th, NULL), 0);
    assert_int_equal(pthread_attr_destroy(&at), 0);
    for (int k = 0; k < NQ; ++k)
        sq_expect_same(&main_q[k], &thread_q[k], k);
    free(main_q);
    free(thread_q);
    gg_scene_destroy(ls);
    gg_scene_destroy(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(model__rejects_each_invalid_input),
        cmocka_unit_test(model__partial_line_buffer_and_defaults),
        cmocka_unit_test(model__tagged_is_cover_between),
        cmocka_unit_test(model__wall_index_equals_a_scan_of_every_wall),
        cmocka_unit_test(model__adding_an_obstacle_never_lowers_cover),
        cmocka_unit_test(model__lines_and_adjacent_melee_are_symmetric),
        cmocka_unit_test(model__corners_2d_and_3d_agree_on_flat_ground),
        cmocka_unit_test(cover_model__runs_on_a_64_kib_thread_stack),
    };
    return cmocka_run_group_tests_name("topology/cover_model", tests, NULL, NULL);
}
