/* test_route_rules.c - movement of creatures of every size among a creature array
 * (src/rules/route_rules.c): gg_rules_route with and without SRD 5.1 squeezing, and push and
 * flee for every size, against the calls they extend and against brute forces on small maps. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "sizes_fixture.h"

#define CAP 256

/* `n` creatures of random sizes (Tiny to Huge) whose footprints lie on a w x h map, random
 * sides, some dead, untracked or Incapacitated; creature 0 is tracked. */
static void random_sized_roster(fx_rng *r, int32_t w, int32_t h, gg_creature *out, int32_t n)
{
    for (int32_t i = 0; i < n; ++i) {
        gg_size z = (gg_size)fx_below(r, 5);
        int32_t k = gg_size_cells(z);
        if (k > w || k > h) {
            z = GG_SIZE_MEDIUM;
            k = 1;
        }
        out[i] = fx_sized(z, fx_below(r, w - k + 1), fx_below(r, h - k + 1), fx_below(r, 2));
        out[i].body.conditions = fx_below(r, 5) == 0 ? GG_CONDITION_INCAPACITATED : 0u;
        out[i].tracked = i == 0 || fx_below(r, 10) != 0;
        out[i].alive = fx_below(r, 10) != 0;
    }
}

/* The movement def of creature `mover` (asserting GG_OK). */
static gg_move_def move_def_of(const gg_scene *s, const gg_creature *cs, int32_t n, int32_t mover,
                               const gg_rules_def *def, gg_body *others)
{
    gg_move_def md;
    int32_t k = 0;
    assert_int_equal(gg_rules_move_def(s, cs, n, mover, def, others, 16, &md, &k), GG_OK);
    return md;
}

/* ---- gg_rules_route ------------------------------------------------------------------------- */

/* Squeezing off: gg_rules_route() is gg_scene_lowest_cost_path() under gg_rules_move_def() (the
 * same status, route and cost), no anchor squeezed; squeezing on: gg_scene_squeeze_path() under
 * the same def, and each anchor is squeezed exactly when gg_rules_space() says the creature
 * squeezes there. Random scenes, rosters of every size, both presets. */
static void route_rules__route_follows_the_movement_queries_and_space(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 0x7007e5u, "route_rules__route_follows_the_movement_queries_and_space");
    for (int it = 0; it < 150; ++it) {
        int32_t w = 5 + fx_below(&r, 6), h = 5 + fx_below(&r, 6);
        gg_scene *s = fx_random_scene(&r, w, h, 5, 20, 15, fx_below(&r, 6));
        gg_scratch *x = NULL;
        assert_int_equal(gg_scratch_create(s, NULL, &x), GG_OK);
        gg_creature cs[5];
        int32_t n = 1 + fx_below(&r, 5);
        random_sized_roster(&r, w, h, cs, n);
        for (int pass = 0; pass < 4; ++pass) {
            gg_rules_def def = pass & 1 ? gg_rules_def_srd() : gg_rules_def_default();
            def.squeeze = pass >= 2;
            gg_body others[16];
            gg_move_def md = move_def_of(s, cs, n, 0, &def, others);
            for (int q = 0; q < 6; ++q) {
                gg_cell b = fx_c(fx_below(&r, w), fx_below(&r, h));
                gg_cell got[CAP], want[CAP];
                bool sq[CAP];
                int32_t ng = 0, nw = 0;
                gg_metric_cost cg, cw;
                gg_status sg = gg_rules_route(s, x, cs, n, 0, b, &def, got, sq, CAP, &ng, &cg);
                gg_status sw;
                if (def.squeeze)
                    sw = gg_scene_squeeze_path(s, x, cs[0].body.cell, b, 0, &md, want, NULL, CAP,
                                               &nw, &cw);
                else
                    sw = gg_scene_lowest_cost_path(s, x, cs[0].body.cell, b, 0, &md, want, CAP, &nw,
                                                   &cw);
                assert_int_equal(sg, sw);
                if (sg != GG_OK)
                    continue;
                fx_assert_cells(got, ng, want, nw);
                assert_int_equal(cg.feet, cw.feet);
                assert_int_equal(cg.steps, cw.steps);
                for (int32_t k = 1; k < ng; ++k) {
                    gg_space sp;
                    assert_int_equal(gg_rules_space(s, cs, n, 0, got[k], &def, &sp), GG_OK);
                    assert_true(sp.fits || (def.squeeze && sp.squeezing));
                    assert_int_equal(sq[k], sp.squeezing);
                }
                if (!def.squeeze)
                    for (int32_t k = 0; k < ng; ++k)
                        assert_false(sq[k]);
            }
        }
        gg_scratch_destroy(x);
        gg_scene_destroy(s);
    }
}

/* An ogre (Large) and a tunnel one square wide: SRD 5.2 (no squeezing) finds no way through;
 * with SRD 5.1 squeezing the ogre crawls through, every tunnel square reported (Disadvantage
 * for the host) and paid twice, and it may stop inside the tunnel. */
static void route_rules__ogre_squeezes_through_a_tunnel(void **state)
{
    (void)state;
    const char *rows[] = {
        "..#####..",
        "..#####..",
        ".........",
        "..#####..",
    };
    gg_scene *s = fx_map(rows, 4);
    gg_scratch *x = NULL;
    assert_int_equal(gg_scratch_create(s, NULL, &x), GG_OK);
    gg_creature cs[2] = {fx_sized(GG_SIZE_LARGE, 0, 1, 0), fx_at(8, 0, 1)};
    gg_rules_def def = gg_rules_def_srd();
    gg_cell out[CAP];
    bool sq[CAP];
    int32_t n = 0;
    gg_metric_cost cost;
    assert_int_equal(gg_rules_route(s, x, cs, 2, 0, fx_c(7, 1), &def, out, sq, CAP, &n, &cost),
                     GG_OK);
    assert_int_equal(n, 0);
    def.squeeze = true;
    assert_int_equal(gg_rules_route(s, x, cs, 2, 0, fx_c(7, 1), &def, out, sq, CAP, &n, &cost),
                     GG_OK);
    /* Down into the tunnel (row 2) and east: the anchors (1..6, 2) are squeezed (a 2x2 there
     * would take a blocked square of row 3), out at (7,2) and up to (7,1). Eight steps, six of
     * them arriving squeezed at 10 ft, two plain at 5 ft. */
    assert_int_equal(n, 9);
    for (int32_t k = 0; k < n; ++k) {
        bool inside = out[k].row == 2 && out[k].col >= 1 && out[k].col <= 6;
        assert_int_equal(sq[k], inside);
    }
    assert_true(gg_cell_eq(out[1], fx_c(1, 2)));
    assert_true(gg_cell_eq(out[6], fx_c(6, 2)));
    assert_int_equal(cost.feet, 6 * 10 + 2 * 5);
    /* It may end its move squeezed in the tunnel (nobody else is there). */
    assert_int_equal(gg_rules_route(s, x, cs, 2, 0, fx_c(4, 2), &def, out, sq, CAP, &n, &cost),
                     GG_OK);
    assert_true(n > 0);
    assert_true(sq[n - 1]);
    /* A Medium creature in the tunnel blocks it (an enemy), even squeezing. */
    cs[1].body.cell = fx_c(4, 2);
    assert_int_equal(gg_rules_route(s, x, cs, 2, 0, fx_c(7, 1), &def, out, sq, CAP, &n, &cost),
                     GG_OK);
    assert_int_equal(n, 0);
    /* Statuses. */
    assert_int_equal(gg_rules_route(s, x, cs, 2, 0, fx_c(7, 1), &def, out, sq, CAP, NULL, &cost),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_route(s, x, cs, 2, 0, fx_c(7, 1), &def, out, sq, -1, &n, &cost),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_route(s, x, cs, 2, 2, fx_c(7, 1), &def, out, sq, CAP, &n, &cost),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_route(s, x, cs, 2, 0, fx_c(9, 1), &def, out, sq, CAP, &n, &cost),
                     GG_E_OUT_OF_BOUNDS);
    assert_int_equal(gg_rules_route(s, NULL, cs, 2, 0, fx_c(7, 1), &def, out, sq, CAP, &n, &cost),
                     GG_E_INVALID_ARG);
    gg_rules_def bad = def;
    bad.struct_size = 4;
    assert_int_equal(gg_rules_route(s, x, cs, 2, 0, fx_c(7, 1), &bad, out, sq, CAP, &n, &cost),
                     GG_E_BAD_DEF);
    cs[0].tracked = false;
    assert_int_equal(gg_rules_route(s, x, cs, 2, 0, fx_c(7, 1), &def, out, sq, CAP, &n, &cost),
                     GG_E_OUT_OF_BOUNDS);
    gg_scratch_destroy(x);
    gg_scene_destroy(s);
}

/* ---- Push for every size -------------------------------------------------------------------- */

static bool legal_step(const gg_scene *s, gg_cell a, gg_cell b)
{
    int32_t cost = 0;
    assert_int_equal(gg_scene_edge_distance(s, a, b, &cost), GG_OK);
    return cost != GG_STEP_ILLEGAL;
}

static bool box_has(gg_cell anchor, int32_t n, gg_cell c)
{
    return c.col >= anchor.col && c.row >= anchor.row && c.col < anchor.col + n &&
           c.row < anchor.row + n;
}

static int sgn(int64_t v) { return (v > 0) - (v < 0); }

/* Brute-force push: the direction between the doubled centres; each step is taken when every
 * square of the target's footprint steps legally (gg_scene_edge_distance()), the footprint it
 * arrives in is on the map with no wall between two of its squares, and no square newly
 * entered belongs to another living tracked creature. */
static int32_t brute_push(const gg_scene *s, const gg_creature *cs, int32_t n, int32_t p, int32_t t,
                          int32_t dist_ft, gg_cell *out)
{
    int32_t pn = gg_size_cells(cs[p].body.size), tn = gg_size_cells(cs[t].body.size);
    int dc = sgn((2 * cs[t].body.cell.col + tn) - (2 * cs[p].body.cell.col + pn));
    int dr = sgn((2 * cs[t].body.cell.row + tn) - (2 * cs[p].body.cell.row + pn));
    if (p == t || (dc == 0 && dr == 0))
        return 0;
    gg_cell cur = cs[t].body.cell;
    int32_t k = 0;
    for (int32_t step = 0; step < dist_ft / gg_scene_cell_size_ft(s); ++step) {
        gg_cell next = fx_c(cur.col + dc, cur.row + dr);
        if (next.col < 0 || next.row < 0 || next.col + tn > gg_scene_width(s) ||
            next.row + tn > gg_scene_height(s))
            break;
        bool ok = true;
        for (int32_t j = 0; j < tn && ok; ++j)
            for (int32_t i = 0; i < tn && ok; ++i) {
                gg_cell c = fx_c(cur.col + i, cur.row + j);
                gg_cell d = fx_c(c.col + dc, c.row + dr);
                ok = legal_step(s, c, d);
                gg_cell a = fx_c(next.col + i, next.row + j);
                if (ok && i + 1 < tn)
                    ok = legal_step(s, a, fx_c(a.col + 1, a.row));
                if (ok && j + 1 < tn)
                    ok = legal_step(s, a, fx_c(a.col, a.row + 1));
                if (ok && i + 1 < tn && j + 1 < tn)
                    ok = legal_step(s, a, fx_c(a.col + 1, a.row + 1));
                if (ok && !box_has(cur, tn, a))
                    for (int32_t o = 0; o < n && ok; ++o)
                        if (o != t && cs[o].alive && cs[o].tracked &&
                            box_has(cs[o].body.cell, gg_size_cells(cs[o].body.size), a))
                            ok = false;
            }
        if (!ok)
            break;
        out[k++] = next;
        cur = next;
    }
    return k;
}

/* 1x1 creatures: gg_rules_push_def() gives gg_rules_push()'s cells, whatever the preset; every
 * size: the brute force above. Random scenes with walls and blocked squares, every pair. */
static void route_rules__push_every_size_matches_nat20_and_brute_force(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 0x9005u, "route_rules__push_every_size_matches_nat20_and_brute_force");
    for (int it = 0; it < 120; ++it) {
        int32_t w = 6 + fx_below(&r, 5), h = 6 + fx_below(&r, 5);
        gg_scene *s = fx_random_scene(&r, w, h, 5, 12, 10, fx_below(&r, 6));
        gg_creature cs[5];
        int32_t n = 2 + fx_below(&r, 4);
        bool sized = it % 2 == 1;
        if (sized)
            random_sized_roster(&r, w, h, cs, n);
        else
            fx_random_roster(&r, w, h, cs, n);
        gg_rules_def def = fx_below(&r, 2) ? gg_rules_def_srd() : gg_rules_def_default();
        for (int32_t p = 0; p < n; ++p)
            for (int32_t t = 0; t < n; ++t) {
                int32_t dist = 5 * fx_below(&r, 5) + fx_below(&r, 5);
                gg_cell got[CAP], want[CAP];
                int32_t ng = 0, nw = 0;
                gg_status sg = gg_rules_push_def(s, cs, n, p, t, dist, &def, got, CAP, &ng);
                if (!sized) {
                    gg_status sw = gg_rules_push(s, cs, n, p, t, dist, want, CAP, &nw);
                    assert_int_equal(sg, sw);
                    if (sg == GG_OK)
                        fx_assert_cells(got, ng, want, nw);
                }
                if (!cs[p].tracked || !cs[t].tracked) {
                    assert_int_equal(sg, GG_E_OUT_OF_BOUNDS);
                    continue;
                }
                assert_int_equal(sg, GG_OK);
                nw = brute_push(s, cs, n, p, t, dist, want);
                fx_assert_cells(got, ng, want, nw);
            }
        gg_scene_destroy(s);
    }
}

/* A Huge giant shoves a Large ogre: the whole 2x2 moves away along the line between their
 * centres and stops at a wall of blocked squares; statuses. */
static void route_rules__push_a_large_creature(void **state)
{
    (void)state;
    const char *rows[] = {
        "........", "........", ".......#", "........", "........",
    };
    gg_scene *s = fx_map(rows, 5);
    gg_creature cs[2] = {fx_sized(GG_SIZE_HUGE, 0, 1, 0), fx_sized(GG_SIZE_LARGE, 3, 2, 1)};
    gg_rules_def def = gg_rules_def_srd();
    gg_cell out[8];
    int32_t n = 0;
    /* Centres (1.5, 2.5) and (4, 3): east and south; (4,3) is free, (5,4) would leave the
     * map. */
    assert_int_equal(gg_rules_push_def(s, cs, 2, 0, 1, 15, &def, out, 8, &n), GG_OK);
    assert_int_equal(n, 1);
    assert_true(gg_cell_eq(out[0], fx_c(4, 3)));
    /* A Large pusher level with it: straight east, (4,1) then (5,1); (6,1) would take the
     * blocked (7,2). */
    cs[0] = fx_sized(GG_SIZE_LARGE, 1, 1, 0);
    cs[1].body.cell = fx_c(3, 1);
    assert_int_equal(gg_rules_push_def(s, cs, 2, 0, 1, 30, &def, out, 8, &n), GG_OK);
    assert_int_equal(n, 2);
    assert_true(gg_cell_eq(out[1], fx_c(5, 1)));
    assert_int_equal(gg_rules_push_def(s, cs, 2, 0, 1, 30, &def, out, 1, &n),
                     GG_E_BUFFER_TOO_SMALL);
    assert_int_equal(n, 2);
    assert_int_equal(gg_rules_push_def(s, cs, 2, 0, 1, -5, &def, out, 8, &n), GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_push_def(s, cs, 2, 0, 2, 5, &def, out, 8, &n), GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_push_def(s, cs, 2, 0, 1, 5, &def, NULL, 8, &n), GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_push_def(s, cs, 2, 0, 1, 5, &def, out, 8, NULL), GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_push_def(s, cs, 2, 0, 1, 5, NULL, out, 8, &n), GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_push_def(s, cs, 2, 1, 1, 5, &def, out, 8, &n), GG_OK);
    assert_int_equal(n, 0);
    cs[0].tracked = false;
    assert_int_equal(gg_rules_push_def(s, cs, 2, 0, 1, 5, &def, out, 8, &n), GG_E_OUT_OF_BOUNDS);
    gg_scene_destroy(s);
}

/* ---- Flee for every size -------------------------------------------------------------------- */

static gg_status flee_def(const gg_scene *s, gg_scratch *x, const gg_creature *cs, int32_t n,
                          int32_t budget, const gg_rules_def *def, gg_cell *out, int32_t *count)
{
    gg_move_reach work[CAP];
    return gg_rules_flee_route_def(s, x, cs, n, 0, budget, def, work, CAP, out, CAP, count);
}

static int64_t plain_cost(const gg_scene *s, const gg_cell *route, int32_t n)
{
    gg_move_def md = gg_move_def_default();
    gg_metric_cost c;
    int32_t legal = 0;
    assert_int_equal(gg_scene_route_cost(s, route, n, 0, &md, &c, &legal), GG_OK);
    assert_int_equal(legal, n > 0 ? n - 1 : 0);
    return c.feet;
}

/* 1x1 creatures with the Nat20 def: the destination and cost of gg_rules_flee_route() with
 * the non-allies' cells as threats and avoided cells and every other creature's cell occupied. */
static void route_rules__flee_one_square_equals_nat20(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 0xf1ee1u, "route_rules__flee_one_square_equals_nat20");
    for (int it = 0; it < 200; ++it) {
        int32_t w = 5 + fx_below(&r, 6), h = 5 + fx_below(&r, 6);
        gg_scene *s = fx_random_scene(&r, w, h, 5, 15, 15, fx_below(&r, 5));
        gg_scratch *x = NULL;
        assert_int_equal(gg_scratch_create(s, NULL, &x), GG_OK);
        gg_creature cs[6];
        int32_t n = 2 + fx_below(&r, 5);
        fx_random_roster(&r, w, h, cs, n);
        cs[0].tracked = true;
        gg_cell threats[6], occupied[6];
        int32_t nt = 0, no = 0;
        for (int32_t i = 1; i < n; ++i) {
            if (!cs[i].tracked || !cs[i].alive)
                continue;
            occupied[no++] = cs[i].body.cell;
            if (cs[i].body.side != cs[0].body.side)
                threats[nt++] = cs[i].body.cell;
        }
        int32_t budget = 5 * fx_below(&r, 7);
        gg_rules_def def = gg_rules_def_default();
        gg_cell got[CAP], want[CAP];
        int32_t ng = 0, nw = 0;
        assert_int_equal(flee_def(s, x, cs, n, budget, &def, got, &ng), GG_OK);
        if (nt == 0) {
            assert_int_equal(ng, 0);
        } else {
            gg_flee_def fd = gg_flee_def_default();
            fd.start = cs[0].body.cell;
            fd.budget_ft = budget;
            fd.threats = threats;
            fd.threat_count = nt;
            fd.avoid = threats;
            fd.avoid_count = nt;
            fd.occupied = occupied;
            fd.occupied_count = no;
            gg_reach work[CAP];
            assert_int_equal(gg_rules_flee_route(s, x, &fd, work, CAP, want, CAP, &nw), GG_OK);
            assert_int_equal(ng, nw);
            if (ng > 0) {
                assert_true(gg_cell_eq(got[ng - 1], want[nw - 1]));
                assert_int_equal(plain_cost(s, got, ng), plain_cost(s, want, nw));
            }
        }
        gg_scratch_destroy(x);
        gg_scene_destroy(s);
    }
}

/* Chebyshev gap in feet between two footprints (brute force over their squares). */
static int64_t brute_gap(gg_cell a, int32_t an, gg_cell b, int32_t bn)
{
    int64_t best = -1;
    for (int32_t i = 0; i < an * an; ++i)
        for (int32_t j = 0; j < bn * bn; ++j) {
            int64_t d = gg_chebyshev(fx_c(a.col + i % an, a.row + i / an),
                                     fx_c(b.col + j % bn, b.row + j / bn));
            if (best < 0 || d < best)
                best = d;
        }
    return best * 5;
}

/* Every size: the brute force tries every anchor with gg_rules_route() (its cost within the
 * budget, an anchor it may end on), measures the gap to every non-ally square by square, and
 * takes the farthest, then the cheapest, then by column and row. */
static void route_rules__flee_every_size_matches_brute_force(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 0xf1ee2u, "route_rules__flee_every_size_matches_brute_force");
    for (int it = 0; it < 150; ++it) {
        int32_t w = 5 + fx_below(&r, 4), h = 5 + fx_below(&r, 4);
        gg_scene *s = fx_random_scene(&r, w, h, 5, 10, 15, fx_below(&r, 4));
        gg_scratch *x = NULL;
        assert_int_equal(gg_scratch_create(s, NULL, &x), GG_OK);
        gg_creature cs[5];
        int32_t n = 2 + fx_below(&r, 4);
        random_sized_roster(&r, w, h, cs, n);
        gg_rules_def def = fx_below(&r, 2) ? gg_rules_def_srd() : gg_rules_def_default();
        int32_t budget = 5 * fx_below(&r, 6);
        gg_cell got[CAP];
        int32_t ng = 0;
        assert_int_equal(flee_def(s, x, cs, n, budget, &def, got, &ng), GG_OK);
        int32_t mn = gg_size_cells(cs[0].body.size);
        /* The oracle. */
        gg_cell start = cs[0].body.cell, best = start;
        int64_t best_d = -1, best_cost = 0, start_d = -1;
        for (int32_t i = 1; i < n; ++i) {
            bool ally = cs[0].body.side != GG_SIDE_NONE && cs[i].body.side == cs[0].body.side;
            if (!cs[i].alive || !cs[i].tracked || ally)
                continue;
            int64_t d = brute_gap(start, mn, cs[i].body.cell, gg_size_cells(cs[i].body.size));
            start_d = start_d < 0 || d < start_d ? d : start_d;
        }
        if (start_d >= 0) {
            best_d = start_d;
            for (int32_t row = 0; row + mn <= h; ++row)
                for (int32_t col = 0; col + mn <= w; ++col) {
                    gg_cell b = fx_c(col, row);
                    if (gg_cell_eq(b, start))
                        continue;
                    gg_cell route[CAP];
                    int32_t nr = 0;
                    gg_metric_cost c;
                    assert_int_equal(gg_rules_route(s, x, cs, n, 0, b, &def, route, NULL, CAP, &nr,
                                                    &c),
                                     GG_OK);
                    if (nr == 0 || c.feet > budget)
                        continue;
                    int64_t d = -1;
                    for (int32_t i = 1; i < n; ++i) {
                        bool ally = cs[0].body.side != GG_SIDE_NONE &&
                                    cs[i].body.side == cs[0].body.side;
                        if (!cs[i].alive || !cs[i].tracked || ally)
                            continue;
                        int64_t g = brute_gap(b, mn, cs[i].body.cell,
                                              gg_size_cells(cs[i].body.size));
                        d = d < 0 || g < d ? g : d;
                    }
                    bool better = d > best_d ||
                                  (d == best_d && !gg_cell_eq(best, start) &&
                                   (c.feet < best_cost ||
                                    (c.feet == best_cost &&
                                     (col < best.col || (col == best.col && row < best.row)))));
                    if (d > start_d && better) {
                        best = b;
                        best_d = d;
                        best_cost = c.feet;
                    }
                }
        }
        if (gg_cell_eq(best, start)) {
            assert_int_equal(ng, 0);
        } else {
            assert_true(ng > 0);
            assert_true(gg_cell_eq(got[0], start));
            assert_true(gg_cell_eq(got[ng - 1], best));
            /* The overlay's route costs what the cheapest route costs. */
            gg_body others[16];
            gg_move_def md = move_def_of(s, cs, n, 0, &def, others);
            gg_metric_cost c;
            int32_t legal = 0;
            assert_int_equal(gg_scene_route_cost(s, got, ng, 0, &md, &c, &legal), GG_OK);
            assert_int_equal(legal, ng - 1);
            assert_int_equal(c.feet, best_cost);
        }
        gg_scratch_destroy(x);
        gg_scene_destroy(s);
    }
}

/* Statuses of gg_rules_flee_route_def(). */
static void route_rules__flee_rejects_bad_arguments(void **state)
{
    (void)state;
    gg_scene *s = fx_open(6, 6);
    gg_scratch *x = NULL;
    assert_int_equal(gg_scratch_create(s, NULL, &x), GG_OK);
    gg_creature cs[2] = {fx_sized(GG_SIZE_LARGE, 1, 1, 0), fx_at(0, 0, 1)};
    gg_rules_def def = gg_rules_def_srd();
    gg_move_reach work[4];
    gg_cell out[CAP];
    int32_t n = 0;
    assert_int_equal(flee_def(s, x, cs, 2, 15, &def, out, &n), GG_OK);
    assert_true(n > 1);
    assert_int_equal(gg_rules_flee_route_def(s, x, cs, 2, 0, 15, &def, work, 4, out, CAP, &n),
                     GG_E_BUFFER_TOO_SMALL);
    assert_int_equal(n, 0);
    assert_int_equal(gg_rules_flee_route_def(s, x, cs, 2, 0, -5, &def, work, 4, out, CAP, &n),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_flee_route_def(s, x, cs, 2, 0, 15, &def, work, 4, out, CAP, NULL),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_flee_route_def(s, x, cs, 2, 2, 15, &def, work, 4, out, CAP, &n),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_flee_route_def(s, x, cs, 2, 0, 15, NULL, work, 4, out, CAP, &n),
                     GG_E_INVALID_ARG);
    assert_int_equal(flee_def(s, NULL, cs, 2, 15, &def, out, &n), GG_E_INVALID_ARG);
    cs[0].tracked = false;
    assert_int_equal(flee_def(s, x, cs, 2, 15, &def, out, &n), GG_E_OUT_OF_BOUNDS);
    gg_scratch_destroy(x);
    gg_scene_destroy(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(route_rules__route_follows_the_movement_queries_and_space),
        cmocka_unit_test(route_rules__ogre_squeezes_through_a_tunnel),
        cmocka_unit_test(route_rules__push_every_size_matches_nat20_and_brute_force),
        cmocka_unit_test(route_rules__push_a_large_creature),
        cmocka_unit_test(route_rules__flee_one_square_equals_nat20),
        cmocka_unit_test(route_rules__flee_every_size_matches_brute_force),
        cmocka_unit_test(route_rules__flee_rejects_bad_arguments),
    };
    return cmocka_run_group_tests_name("rules/route_rules", tests, NULL, NULL);
}
