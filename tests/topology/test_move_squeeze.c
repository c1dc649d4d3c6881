/* test_move_squeeze.c - routes that may squeeze (gg_scene_squeeze_path, move_squeeze.c): with
 * squeezing off the slow search equals the fast engines (cost of gg_scene_lowest_cost_path,
 * route of gg_move_field_path) on random scenes of every size, metric and rule; with it on, a
 * brute-force Dijkstra over footprint positions written from the public step queries agrees on
 * every blocked pattern of a small map and on random scenes with walls, difficult terrain,
 * avoided cells and other creatures. */
#include "move_fixture.h"

#include "topology/move/move_squeeze.h"

#define CAP 256

/* ---- The oracle: positions and steps from the public queries ------------------------------- */

typedef struct oracle {
    const gg_scene *s;
    const gg_move_def *def;
    int32_t w, h, fp, small, cell_ft;
} oracle;

static oracle o_make(const gg_scene *s, const gg_move_def *def, bool squeeze)
{
    oracle o;
    o.s = s;
    o.def = def;
    o.w = gg_scene_width(s);
    o.h = gg_scene_height(s);
    o.fp = gg_size_cells(def->size);
    o.small = 0;
    if (squeeze && def->size > GG_SIZE_TINY && gg_size_cells((gg_size)(def->size - 1)) < o.fp)
        o.small = gg_size_cells((gg_size)(def->size - 1));
    o.cell_ft = gg_scene_cell_size_ft(s);
    return o;
}

static bool o_legal(const gg_scene *s, gg_cell a, gg_cell b)
{
    int32_t cost = 0;
    assert_int_equal(gg_scene_edge_distance(s, a, b, &cost), GG_OK);
    return cost != GG_STEP_ILLEGAL;
}

/* A k x k footprint stands at (col,row): on the map, open, no wall between two of its cells. */
static bool o_fits(const oracle *o, int32_t col, int32_t row, int32_t k)
{
    if (col < 0 || row < 0 || col + k > o->w || row + k > o->h)
        return false;
    for (int32_t j = 0; j < k; ++j)
        for (int32_t i = 0; i < k; ++i) {
            gg_cell c = fx_c(col + i, row + j);
            bool valid = false;
            assert_int_equal(gg_scene_is_valid_cell(o->s, c, &valid), GG_OK);
            if (!valid)
                return false;
            if (i + 1 < k && !o_legal(o->s, c, fx_c(c.col + 1, c.row)))
                return false;
            if (j + 1 < k && !o_legal(o->s, c, fx_c(c.col, c.row + 1)))
                return false;
            if (i + 1 < k && j + 1 < k && !o_legal(o->s, c, fx_c(c.col + 1, c.row + 1)))
                return false;
        }
    return true;
}

static int32_t o_side(const oracle *o, int32_t col, int32_t row)
{
    if (o_fits(o, col, row, o->fp))
        return o->fp;
    if (o->small > 0 && o_fits(o, col, row, o->small))
        return o->small;
    return 0;
}

static bool in_box(int32_t col, int32_t row, int32_t x, int32_t y, int32_t n)
{
    return col >= x && row >= y && col < x + n && row < y + n;
}

/* The price in feet of the step from (a, s1) to b = a + (dc,dr) taking side s2, or -1 when it
 * is illegal: the smaller footprint steps cell by cell; the cells of the new footprint outside
 * the old one meet difficult terrain, avoided cells and creatures; Chebyshev or Manhattan with
 * GG_DIFFICULT_DOUBLE; squeezing adds the plain price once more. */
static int64_t o_step(const oracle *o, gg_cell a, int32_t s1, int dc, int dr, int32_t s2)
{
    gg_cell b = fx_c(a.col + dc, a.row + dr);
    int32_t k = s1 < s2 ? s1 : s2;
    for (int32_t j = 0; j < k; ++j)
        for (int32_t i = 0; i < k; ++i)
            if (!o_legal(o->s, fx_c(a.col + i, a.row + j), fx_c(a.col + i + dc, a.row + j + dr)))
                return -1;
    bool diff = false;
    for (int32_t j = 0; j < s2; ++j)
        for (int32_t i = 0; i < s2; ++i) {
            gg_cell c = fx_c(b.col + i, b.row + j);
            if (in_box(c.col, c.row, a.col, a.row, s1))
                continue;
            int32_t tag = 0;
            assert_int_equal(gg_scene_cell_tags(o->s, GG_TAG_DIFFICULT, c, 1, &tag), GG_OK);
            diff = diff || tag != 0;
            for (int32_t q = 0; q < o->def->avoid_count; ++q)
                if (gg_cell_eq(o->def->avoid[q], c))
                    return -1;
            for (int32_t q = 0; q < o->def->other_count; ++q) {
                const gg_body *ob = &o->def->others[q];
                if (!in_box(c.col, c.row, ob->cell.col, ob->cell.row, gg_size_cells(ob->size)))
                    continue;
                bool ally = o->def->side != GG_SIDE_NONE && ob->side == o->def->side;
                int apart = (int)ob->size - (int)o->def->size;
                bool pass = ally || (o->def->pass_size_apart &&
                                     ((ob->conditions & GG_CONDITION_INCAPACITATED) != 0u ||
                                      ob->size == GG_SIZE_TINY || apart >= 2 || apart <= -2));
                if (!pass)
                    return -1;
                if (o->def->occupied_difficult && !ally && ob->size != GG_SIZE_TINY)
                    diff = true;
            }
        }
    int64_t base = o->cell_ft;
    return base * (1 + (diff ? 1 : 0) + (s2 != o->fp ? 1 : 0));
}

static bool o_can_end(const oracle *o, gg_cell b, int32_t k)
{
    for (int32_t q = 0; q < o->def->other_count; ++q) {
        const gg_body *ob = &o->def->others[q];
        int32_t on = gg_size_cells(ob->size);
        for (int32_t j = 0; j < k; ++j)
            for (int32_t i = 0; i < k; ++i)
                if (in_box(b.col + i, b.row + j, ob->cell.col, ob->cell.row, on))
                    return false;
    }
    return true;
}

/* Dijkstra by (feet, steps) over every anchor from `a` (O(anchors^2)); feet[i] = -1 when
 * unreached. */
static void o_dijkstra(const oracle *o, gg_cell a, int32_t start_side, int64_t *feet,
                       int64_t *steps)
{
    int32_t n = o->w * o->h;
    bool *done = calloc((size_t)n, sizeof *done);
    assert_non_null(done);
    for (int32_t i = 0; i < n; ++i)
        feet[i] = steps[i] = -1;
    int32_t s0 = a.row * o->w + a.col;
    feet[s0] = steps[s0] = 0;
    bool manhattan = o->def->metric == GG_METRIC_MANHATTAN;
    for (;;) {
        int32_t u = -1;
        for (int32_t i = 0; i < n; ++i)
            if (!done[i] && feet[i] >= 0 &&
                (u < 0 || feet[i] < feet[u] || (feet[i] == feet[u] && steps[i] < steps[u])))
                u = i;
        if (u < 0)
            break;
        done[u] = true;
        gg_cell c = fx_c(u % o->w, u / o->w);
        int32_t s1 = u == s0 ? start_side : o_side(o, c.col, c.row);
        for (int dc = -1; dc <= 1; ++dc)
            for (int dr = -1; dr <= 1; ++dr) {
                if ((dc == 0 && dr == 0) || (manhattan && dc != 0 && dr != 0))
                    continue;
                gg_cell b = fx_c(c.col + dc, c.row + dr);
                if (b.col < 0 || b.row < 0 || b.col >= o->w || b.row >= o->h)
                    continue;
                int32_t s2 = o_side(o, b.col, b.row);
                if (s2 == 0)
                    continue;
                int64_t p = o_step(o, c, s1, dc, dr, s2);
                if (p < 0)
                    continue;
                int32_t v = b.row * o->w + b.col;
                int64_t nf = feet[u] + p, ns = steps[u] + 1;
                if (feet[v] < 0 || nf < feet[v] || (nf == feet[v] && ns < steps[v])) {
                    feet[v] = nf;
                    steps[v] = ns;
                }
            }
    }
    free(done);
}

/* The library's route from `a` to every anchor against the oracle: reached exactly when the
 * oracle reaches it and the mover may stand and end there; the same feet and steps; every step
 * legal for the oracle at the price it sums to; squeezing reported where the oracle's position
 * is the squeezed one. */
static void check_against_oracle(fixture *f, const gg_move_def *def, gg_cell a)
{
    oracle o = o_make(f->scene, def, true);
    int32_t least = o.small > 0 ? o.small : o.fp;
    if (a.col + least > o.w || a.row + least > o.h)
        return;
    int32_t start_side = o_side(&o, a.col, a.row);
    if (start_side == 0)
        start_side = a.col + o.fp <= o.w && a.row + o.fp <= o.h ? o.fp : o.small;
    int32_t n = o.w * o.h;
    int64_t *feet = malloc((size_t)n * sizeof *feet), *steps = malloc((size_t)n * sizeof *steps);
    assert_non_null(feet);
    assert_non_null(steps);
    o_dijkstra(&o, a, start_side, feet, steps);
    for (int32_t i = 0; i < n; ++i) {
        gg_cell b = fx_c(i % o.w, i / o.w);
        if (b.col + least > o.w || b.row + least > o.h)
            continue;
        gg_cell out[CAP];
        bool sq[CAP];
        int32_t count = 0;
        gg_metric_cost cost;
        assert_int_equal(gg_scene_squeeze_path(f->scene, f->scratch, a, b, 0, def, out, sq, CAP,
                                               &count, &cost),
                         GG_OK);
        int32_t side_b = o_side(&o, b.col, b.row);
        bool reach = gg_cell_eq(a, b) || (feet[i] >= 0 && side_b > 0 && o_can_end(&o, b, side_b));
        if (!reach) {
            if (count != 0)
                fail_msg("%d,%d -> %d,%d: library found a route the oracle has not", a.col, a.row,
                         b.col, b.row);
            continue;
        }
        if (count == 0)
            fail_msg("%d,%d -> %d,%d: oracle reaches at %lld ft, library not", a.col, a.row, b.col,
                     b.row, (long long)feet[i]);
        assert_int_equal(cost.feet, feet[i]);
        assert_int_equal(cost.steps, steps[i]);
        assert_int_equal(count, steps[i] + 1);
        assert_true(gg_cell_eq(out[0], a));
        assert_true(gg_cell_eq(out[count - 1], b));
        int64_t sum = 0;
        int32_t s1 = start_side;
        assert_int_equal(sq[0], start_side != o.fp);
        for (int32_t k = 1; k < count; ++k) {
            int32_t s2 = o_side(&o, out[k].col, out[k].row);
            assert_true(s2 > 0);
            int64_t p = o_step(&o, out[k - 1], s1, out[k].col - out[k - 1].col,
                               out[k].row - out[k - 1].row, s2);
            assert_true(p > 0);
            sum += p;
            assert_int_equal(sq[k], s2 != o.fp);
            s1 = s2;
        }
        assert_int_equal(sum, cost.feet);
    }
    free(feet);
    free(steps);
}

/* ---- Tests ------------------------------------------------------------------------------------ */

/* A Large creature and a corridor one square wide: no route without squeezing (the movement
 * model of topology.h), a squeezing route with it, the corridor's anchors reported squeezed and
 * each of their steps paid twice. */
static void move_squeeze__large_through_a_one_square_corridor(void **state)
{
    (void)state;
    const char *rows[] = {
        "..####..",
        "..####..",
        "........",
        "..####..",
    };
    fixture f = fx_make(fx_map(rows, 4));
    gg_move_def def = gg_move_def_default();
    def.size = GG_SIZE_LARGE;
    gg_cell out[CAP];
    bool sq[CAP];
    int32_t count = 0;
    gg_metric_cost cost;
    assert_int_equal(gg_scene_lowest_cost_path(f.scene, f.scratch, fx_c(0, 0), fx_c(6, 0), 0, &def,
                                               out, CAP, &count, &cost),
                     GG_OK);
    assert_int_equal(count, 0);
    assert_int_equal(gg__mv_squeeze_path(f.scene, f.scratch, fx_c(0, 0), fx_c(6, 0), 0, &def, false,
                                         out, sq, CAP, &count, &cost),
                     GG_OK);
    assert_int_equal(count, 0);
    assert_int_equal(gg_scene_squeeze_path(f.scene, f.scratch, fx_c(0, 0), fx_c(6, 0), 0, &def, out,
                                           sq, CAP, &count, &cost),
                     GG_OK);
    assert_true(count > 0);
    /* Anchors (2..5, 2) lie in the corridor: only the 1x1 footprint fits there. */
    int squeezed = 0;
    for (int32_t k = 0; k < count; ++k) {
        if (out[k].row == 2 && out[k].col >= 2 && out[k].col <= 5)
            assert_true(sq[k]);
        squeezed += sq[k];
    }
    assert_true(squeezed >= 4);
    /* 7 squares east and back up: at least 7 steps, the squeezed ones paid twice. */
    assert_true(cost.feet >= 5 * (cost.steps + squeezed));
    check_against_oracle(&f, &def, fx_c(0, 0));
    check_against_oracle(&f, &def, fx_c(6, 1));
    /* A Medium creature never squeezes: the same answer as the fast path. */
    def.size = GG_SIZE_MEDIUM;
    assert_int_equal(gg_scene_squeeze_path(f.scene, f.scratch, fx_c(0, 0), fx_c(6, 0), 0, &def, out,
                                           sq, CAP, &count, &cost),
                     GG_OK);
    for (int32_t k = 0; k < count; ++k)
        assert_false(sq[k]);
    gg_metric_cost fast;
    gg_cell fout[CAP];
    int32_t fcount = 0;
    assert_int_equal(gg_scene_lowest_cost_path(f.scene, f.scratch, fx_c(0, 0), fx_c(6, 0), 0, &def,
                                               fout, CAP, &fcount, &fast),
                     GG_OK);
    assert_int_equal(fcount, count);
    assert_int_equal(fast.feet, cost.feet);
    fx_free(&f);
}

/* Every blocked pattern of a 4x3 map, a Large mover from every anchor: the oracle agrees. */
static void move_squeeze__large_matches_the_oracle_exhaustive(void **state)
{
    (void)state;
    const int32_t w = 4, h = 3, n = w * h;
    fixture f = fx_make(fx_open(w, h));
    gg_move_def def = gg_move_def_default();
    def.size = GG_SIZE_LARGE;
    for (uint32_t pat = 0; pat < (1u << n); ++pat) {
        for (int32_t i = 0; i < n; ++i)
            assert_int_equal(gg_scene_set_blocked(f.scene, fx_c(i % w, i / w), (pat >> i) & 1u),
                             GG_OK);
        for (int32_t i = 0; i < n; ++i)
            check_against_oracle(&f, &def, fx_c(i % w, i / w));
    }
    fx_free(&f);
}

/* Random 6x6 and 7x5 scenes with walls, difficult terrain, avoided cells and other creatures;
 * Large and Huge movers under Chebyshev and Manhattan, both passing rules. */
static void move_squeeze__random_scenes_match_the_oracle(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 0x5eb2e2e1u, "move_squeeze__random_scenes_match_the_oracle");
    for (int it = 0; it < 120; ++it) {
        int32_t w = 5 + fx_below(&r, 3), h = 5 + fx_below(&r, 2);
        fixture f = fx_make(fx_random_scene(&r, w, h, 5, 20, 15, fx_below(&r, 5)));
        gg_move_def def = gg_move_def_default();
        def.size = fx_below(&r, 3) == 0 ? GG_SIZE_HUGE : GG_SIZE_LARGE;
        def.metric = fx_below(&r, 4) == 0 ? GG_METRIC_MANHATTAN : GG_METRIC_CHEBYSHEV;
        def.side = fx_below(&r, 2);
        def.pass_size_apart = fx_below(&r, 2) == 0;
        def.occupied_difficult = fx_below(&r, 2) == 0;
        gg_body others[3];
        int32_t no = fx_below(&r, 4);
        for (int32_t k = 0; k < no; ++k) {
            others[k] = gg_body_make(fx_c(fx_below(&r, w), fx_below(&r, h)));
            others[k].size = (gg_size)fx_below(&r, 4);
            others[k].side = fx_below(&r, 2);
            others[k].conditions = fx_below(&r, 4) == 0 ? GG_CONDITION_INCAPACITATED : 0u;
            if (others[k].cell.col + gg_size_cells(others[k].size) > w)
                others[k].cell.col = w - gg_size_cells(others[k].size);
            if (others[k].cell.row + gg_size_cells(others[k].size) > h)
                others[k].cell.row = h - gg_size_cells(others[k].size);
        }
        def.others = no > 0 ? others : NULL;
        def.other_count = no;
        gg_cell avoid[2] = {fx_c(fx_below(&r, w), fx_below(&r, h)),
                            fx_c(fx_below(&r, w), fx_below(&r, h))};
        def.avoid = avoid;
        def.avoid_count = fx_below(&r, 3);
        for (int k = 0; k < 3; ++k)
            check_against_oracle(&f, &def, fx_c(fx_below(&r, w), fx_below(&r, h)));
        fx_free(&f);
    }
}

/* Squeezing off: the slow search is the movement model itself, on random scenes with every
 * size, metric, difficult-terrain rule, parity, avoid list and creatures: the cost of
 * gg_scene_lowest_cost_path() and the route of gg_move_field_path(). */
static void move_squeeze__off_equals_the_fast_engines(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 0xfa57u, "move_squeeze__off_equals_the_fast_engines");
    for (int it = 0; it < 200; ++it) {
        int32_t w = 4 + fx_below(&r, 9), h = 4 + fx_below(&r, 9);
        fixture f = fx_make(fx_random_scene(&r, w, h, 5, 15, 20, fx_below(&r, 8)));
        gg_move_def def = gg_move_def_default();
        def.size = (gg_size)fx_below(&r, 5);
        if (gg_size_cells(def.size) > w || gg_size_cells(def.size) > h)
            def.size = GG_SIZE_MEDIUM;
        def.metric = (gg_metric)fx_below(&r, 4);
        def.difficult = (gg_difficult_rule)fx_below(&r, 3);
        def.surcharge_ft = 5 * fx_below(&r, 3);
        def.side = fx_below(&r, 2);
        def.pass_size_apart = fx_below(&r, 2) == 0;
        def.occupied_difficult = fx_below(&r, 2) == 0;
        int32_t fp = gg_size_cells(def.size);
        gg_body others[3];
        int32_t no = fx_below(&r, 4);
        for (int32_t k = 0; k < no; ++k) {
            others[k] = gg_body_make(fx_c(fx_below(&r, w), fx_below(&r, h)));
            others[k].size = (gg_size)fx_below(&r, 3);
            others[k].side = fx_below(&r, 2);
        }
        def.others = no > 0 ? others : NULL;
        def.other_count = no;
        gg_cell avoid[2] = {fx_c(fx_below(&r, w), fx_below(&r, h)),
                            fx_c(fx_below(&r, w), fx_below(&r, h))};
        def.avoid = avoid;
        def.avoid_count = fx_below(&r, 3);
        int32_t parity = def.metric == GG_METRIC_ALTERNATING ? fx_below(&r, 2) : 0;
        gg_cell a = fx_c(fx_below(&r, w - fp + 1), fx_below(&r, h - fp + 1));
        gg_move_field *field = fx_field(&f, &def, a, parity);
        for (int q = 0; q < 12; ++q) {
            gg_cell b = fx_c(fx_below(&r, w - fp + 1), fx_below(&r, h - fp + 1));
            gg_cell fast[CAP], slow[CAP], viaf[CAP];
            bool sq[CAP];
            int32_t nf = 0, ns = 0, nv = 0;
            gg_metric_cost cf, cs;
            assert_int_equal(gg_scene_lowest_cost_path(f.scene, f.scratch, a, b, parity, &def, fast,
                                                       CAP, &nf, &cf),
                             GG_OK);
            assert_int_equal(gg__mv_squeeze_path(f.scene, f.scratch, a, b, parity, &def, false,
                                                 slow, sq, CAP, &ns, &cs),
                             GG_OK);
            assert_int_equal(ns, nf);
            assert_int_equal(cs.feet, cf.feet);
            assert_int_equal(cs.root2_feet, cf.root2_feet);
            assert_int_equal(cs.steps, cf.steps);
            assert_int_equal(cs.parity, cf.parity);
            for (int32_t k = 0; k < ns; ++k)
                assert_false(sq[k]);
            assert_int_equal(gg_move_field_path(field, b, viaf, CAP, &nv), GG_OK);
            if (!gg_cell_eq(a, b))
                fx_assert_cells(slow, ns, viaf, nv);
        }
        fx_free(&f);
    }
}

/* Statuses: the arguments are checked as gg_scene_lowest_cost_path() checks them; a squeezed
 * footprint may stand where the whole one would leave the map. */
static void move_squeeze__statuses(void **state)
{
    (void)state;
    fixture f = fx_make(fx_open(4, 4));
    gg_move_def def = gg_move_def_default();
    def.size = GG_SIZE_LARGE;
    gg_cell out[CAP];
    bool sq[CAP];
    int32_t count = 7;
    gg_metric_cost cost;
    assert_int_equal(gg_scene_squeeze_path(f.scene, f.scratch, fx_c(0, 0), fx_c(1, 1), 0, &def, out,
                                           sq, CAP, NULL, &cost),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_squeeze_path(f.scene, NULL, fx_c(0, 0), fx_c(1, 1), 0, &def, out, sq,
                                           CAP, &count, &cost),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_squeeze_path(f.scene, f.scratch, fx_c(0, 0), fx_c(1, 1), 2, &def, out,
                                           sq, CAP, &count, &cost),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_squeeze_path(f.scene, f.scratch, fx_c(0, 0), fx_c(4, 0), 0, &def, out,
                                           sq, CAP, &count, &cost),
                     GG_E_OUT_OF_BOUNDS);
    gg_move_def bad = def;
    bad.struct_size = 0;
    assert_int_equal(gg_scene_squeeze_path(f.scene, f.scratch, fx_c(0, 0), fx_c(1, 1), 0, &bad, out,
                                           sq, CAP, &count, &cost),
                     GG_E_BAD_DEF);
    /* Anchor (3,3): the 2x2 leaves the map, the squeezed 1x1 stands (the edge bounds a space
     * like a wall, as gg_rules_space() reads it). */
    assert_int_equal(gg_scene_squeeze_path(f.scene, f.scratch, fx_c(0, 0), fx_c(3, 3), 0, &def, out,
                                           sq, CAP, &count, &cost),
                     GG_OK);
    assert_int_equal(count, 4);
    assert_true(sq[3]);
    assert_false(sq[2]);
    assert_int_equal(cost.feet, 20);
    assert_int_equal(gg_scene_squeeze_path(f.scene, f.scratch, fx_c(0, 0), fx_c(3, 3), 0, &def, out,
                                           NULL, 2, &count, &cost),
                     GG_E_BUFFER_TOO_SMALL);
    assert_int_equal(count, 4);
    assert_int_equal(gg_scene_squeeze_path(f.scene, f.scratch, fx_c(2, 2), fx_c(2, 2), 0, &def, out,
                                           sq, CAP, &count, &cost),
                     GG_OK);
    assert_int_equal(count, 1);
    assert_int_equal(cost.feet, 0);
    fx_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(move_squeeze__large_through_a_one_square_corridor),
        cmocka_unit_test(move_squeeze__large_matches_the_oracle_exhaustive),
        cmocka_unit_test(move_squeeze__random_scenes_match_the_oracle),
        cmocka_unit_test(move_squeeze__off_equals_the_fast_engines),
        cmocka_unit_test(move_squeeze__statuses),
    };
    return cmocka_run_group_tests_name("topology/move_squeeze", tests, NULL, NULL);
}
