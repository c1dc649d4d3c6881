/* test_move_path.c - cost-aware movement for 1x1 movers: lowest_cost_path (A*), distance
 * fields, overlays and route pricing, against a brute-force Bellman-Ford over (cell, parity)
 * states under every metric and difficult-terrain rule; 5-10-5 legs; tie rules; invalid input. */
#include "move_fixture.h"

#include "topology/move/move_internal.h"

/* ---- Brute force ------------------------------------------------------------------------------ */

typedef struct bf_label {
    int64_t a, b, steps; /* cost a + b*sqrt(2) feet */
    bool reached;
} bf_label;

static int sign_r2(int64_t x, int64_t y)
{
    int sx = (x > 0) - (x < 0), sy = (y > 0) - (y < 0);
    if (sy == 0)
        return sx;
    if (sx == 0 || sx == sy)
        return sy;
    return x * x > 2 * y * y ? sx : sy;
}

static int bf_cmp(const bf_label *p, const bf_label *q)
{
    int c = sign_r2(p->a - q->a, p->b - q->b);
    if (c != 0)
        return c;
    return (p->steps > q->steps) - (p->steps < q->steps);
}

/* Price of one step in feet, independent of the library's tables. */
static void bf_price(const gg_move_def *def, int32_t cell, bool diag, int parity, bool diff,
                     int64_t *a, int64_t *b, int *np)
{
    *a = cell;
    *b = 0;
    *np = parity;
    if (diag) {
        switch (def->metric) {
        case GG_METRIC_CHEBYSHEV:
        case GG_METRIC_MANHATTAN:
            break;
        case GG_METRIC_ALTERNATING:
            *a = parity ? 2 * cell : cell;
            *np = 1 - parity;
            break;
        case GG_METRIC_EUCLIDEAN:
            *a = 0;
            *b = cell;
            break;
        }
    }
    if (!diff)
        return;
    switch (def->difficult) {
    case GG_DIFFICULT_DOUBLE:
        *a *= 2;
        *b *= 2;
        break;
    case GG_DIFFICULT_SURCHARGE:
        *a += def->surcharge_ft;
        break;
    case GG_DIFFICULT_IGNORE:
        break;
    }
}

static bool listed(const gg_cell *cells, int32_t n, gg_cell c)
{
    for (int32_t i = 0; i < n; ++i)
        if (gg_cell_eq(cells[i], c))
            return true;
    return false;
}

/* Bellman-Ford over (cell, parity) with Nat20 step legality from gg_scene_edge_distance().
 * lab has 2 * w * h entries, index parity * w*h + row * w + col. */
static void brute_force(const gg_scene *s, const gg_move_def *def, gg_cell origin, int parity,
                        bf_label *lab)
{
    int32_t w = gg_scene_width(s), h = gg_scene_height(s), n = w * h;
    int32_t cell = gg_scene_cell_size_ft(s);
    for (int32_t i = 0; i < 2 * n; ++i)
        lab[i].reached = false;
    bf_label *o = &lab[parity * n + origin.row * w + origin.col];
    o->reached = true;
    o->a = o->b = o->steps = 0;
    for (bool changed = true; changed;) {
        changed = false;
        for (int32_t st = 0; st < 2 * n; ++st) {
            if (!lab[st].reached)
                continue;
            int p = st / n;
            gg_cell c = fx_c((st % n) % w, (st % n) / w);
            for (int dc = -1; dc <= 1; ++dc)
                for (int dr = -1; dr <= 1; ++dr) {
                    bool diag = dc != 0 && dr != 0;
                    if ((dc == 0 && dr == 0) || (diag && def->metric == GG_METRIC_MANHATTAN))
                        continue;
                    gg_cell t = fx_c(c.col + dc, c.row + dr);
                    int32_t e = 0;
                    assert_int_equal(gg_scene_edge_distance(s, c, t, &e), GG_OK);
                    if (e == GG_STEP_ILLEGAL || listed(def->avoid, def->avoid_count, t))
                        continue;
                    int64_t a, b;
                    int np;
                    bf_price(def, cell, diag, p, e == 2 * cell, &a, &b, &np);
                    bf_label nl = {lab[st].a + a, lab[st].b + b, lab[st].steps + 1, true};
                    bf_label *tl = &lab[np * n + t.row * w + t.col];
                    if (!tl->reached || bf_cmp(&nl, tl) < 0) {
                        *tl = nl;
                        changed = true;
                    }
                }
        }
    }
}

/* The brute force's best label of a cell: lower cost, then fewer steps, then parity 0. */
static const bf_label *bf_best(const bf_label *lab, int32_t n, int32_t cell, int *parity)
{
    const bf_label *b0 = &lab[cell], *b1 = &lab[n + cell];
    *parity = 0;
    if (!b0->reached && !b1->reached)
        return NULL;
    if (!b0->reached || (b1->reached && bf_cmp(b1, b0) < 0)) {
        *parity = 1;
        return b1;
    }
    return b0;
}

/* ---- Helpers ---------------------------------------------------------------------------------- */

static void expect_cost(gg_metric_cost c, int64_t feet, int64_t root2, int64_t steps, int parity)
{
    if (c.feet != feet || c.root2_feet != root2 || c.steps != steps || c.parity != parity)
        fail_msg("cost %lld+%lld*r2 ft, %lld steps, parity %d; want %lld+%lld*r2, %lld, %d",
                 (long long)c.feet, (long long)c.root2_feet, (long long)c.steps, (int)c.parity,
                 (long long)feet, (long long)root2, (long long)steps, parity);
}

static const gg_metric all_metrics[4] = {GG_METRIC_CHEBYSHEV, GG_METRIC_ALTERNATING,
                                         GG_METRIC_EUCLIDEAN, GG_METRIC_MANHATTAN};

/* ---- Examples --------------------------------------------------------------------------------- */

/* User needs A.5: Nat20's BFS walks straight through difficult terrain; the cost-aware path
 * detours when the detour is cheaper, and stays when it is not. */
static void move_path__detours_around_difficult_terrain(void **state)
{
    (void)state;
    static const char *const rows[] = {".....", ".~~~.", "....."};
    fixture f = fx_make(fx_map(rows, 3));
    gg_move_def def = gg_move_def_default();
    gg_cell out[16];
    int32_t n = 0;
    gg_metric_cost c;
    /* 0,1 -> 4,1: straight through costs 10+10+10+5 = 35; over row 0 it costs 4 x 5 = 20. */
    assert_int_equal(gg_scene_lowest_cost_path(f.scene, f.scratch, fx_c(0, 1), fx_c(4, 1), 0, &def,
                                               out, 16, &n, &c),
                     GG_OK);
    expect_cost(c, 20, 0, 4, 0);
    assert_int_equal(n, 5);
    for (int32_t i = 1; i < n - 1; ++i)
        assert_int_not_equal(out[i].row, 1);
    /* The Nat20 BFS still goes straight through (unchanged). */
    assert_int_equal(gg_scene_shortest_path(f.scene, f.scratch, fx_c(0, 1), fx_c(4, 1), NULL, 0,
                                            out, 16, &n),
                     GG_OK);
    assert_int_equal(n, 5);
    /* With difficult terrain ignored, every route of 4 steps costs 20 ft. */
    def.difficult = GG_DIFFICULT_IGNORE;
    assert_int_equal(gg_scene_lowest_cost_path(f.scene, f.scratch, fx_c(0, 1), fx_c(4, 1), 0, &def,
                                               out, 16, &n, &c),
                     GG_OK);
    expect_cost(c, 20, 0, 4, 0);
    fx_free(&f);
}

/* Equal feet: fewer steps win (one difficult step of 10 ft beats two plain steps of 5 ft). */
static void move_path__equal_feet_prefer_fewer_steps(void **state)
{
    (void)state;
    static const char *const rows[] = {"...", ".~.", "..."};
    fixture f = fx_make(fx_map(rows, 3));
    gg_move_def def = gg_move_def_default();
    gg_cell out[8];
    int32_t n = 0;
    gg_metric_cost c;
    /* 0,1 -> 2,1: through the centre 10 + 5 = 15 in 2 steps; around 0,1 1,0 2,1: 10 in 2. */
    assert_int_equal(gg_scene_lowest_cost_path(f.scene, f.scratch, fx_c(0, 1), fx_c(2, 1), 0, &def,
                                               out, 8, &n, &c),
                     GG_OK);
    expect_cost(c, 10, 0, 2, 0);
    /* 0,0 -> 1,1 directly costs 10 in one step; 0,0 1,0 ... can't reach 1,1 cheaper. */
    assert_int_equal(gg_scene_lowest_cost_path(f.scene, f.scratch, fx_c(0, 0), fx_c(1, 1), 0, &def,
                                               out, 8, &n, &c),
                     GG_OK);
    expect_cost(c, 10, 0, 1, 0);
    assert_int_equal(n, 2);
    fx_free(&f);
}

/* Under 5-10-5 the parity is an input and an output. */
static void move_path__alternating_parity_in_and_out(void **state)
{
    (void)state;
    fixture f = fx_make(fx_open(8, 8));
    gg_move_def def = gg_move_def_default();
    def.metric = GG_METRIC_ALTERNATING;
    gg_cell out[16];
    int32_t n = 0;
    gg_metric_cost c;
    assert_int_equal(gg_scene_lowest_cost_path(f.scene, f.scratch, fx_c(0, 0), fx_c(3, 3), 0, &def,
                                               out, 16, &n, &c),
                     GG_OK);
    expect_cost(c, 20, 0, 3, 1); /* 5 + 10 + 5 */
    assert_int_equal(gg_scene_lowest_cost_path(f.scene, f.scratch, fx_c(0, 0), fx_c(3, 3), 1, &def,
                                               out, 16, &n, &c),
                     GG_OK);
    expect_cost(c, 25, 0, 3, 0); /* 10 + 5 + 10 */
    /* One diagonal at a time: legs carry the parity, so 3 legs cost what one leg costs. */
    int32_t p = 0;
    int64_t total = 0;
    for (int i = 0; i < 3; ++i) {
        assert_int_equal(gg_scene_lowest_cost_path(f.scene, f.scratch, fx_c(i, i),
                                                   fx_c(i + 1, i + 1), p, &def, out, 16, &n, &c),
                         GG_OK);
        total += c.feet;
        p = c.parity;
    }
    assert_int_equal(total, 20);
    fx_free(&f);
}

static void move_path__euclidean_and_manhattan(void **state)
{
    (void)state;
    fixture f = fx_make(fx_open(8, 8));
    gg_move_def def = gg_move_def_default();
    gg_cell out[16];
    int32_t n = 0;
    gg_metric_cost c;
    def.metric = GG_METRIC_EUCLIDEAN;
    assert_int_equal(gg_scene_lowest_cost_path(f.scene, f.scratch, fx_c(0, 0), fx_c(5, 2), 0, &def,
                                               out, 16, &n, &c),
                     GG_OK);
    expect_cost(c, 15, 10, 5, 0);
    def.metric = GG_METRIC_MANHATTAN;
    assert_int_equal(gg_scene_lowest_cost_path(f.scene, f.scratch, fx_c(0, 0), fx_c(5, 2), 0, &def,
                                               out, 16, &n, &c),
                     GG_OK);
    expect_cost(c, 35, 0, 7, 0);
    for (int32_t i = 1; i < n; ++i)
        assert_int_equal(gg_chebyshev(out[i - 1], out[i]) +
                             (out[i - 1].col != out[i].col && out[i - 1].row != out[i].row),
                         1);
    fx_free(&f);
}

/* Walls and the corner rule are honoured exactly as by gg_scene_edge_distance(). */
static void move_path__walls_and_corner_rule(void **state)
{
    (void)state;
    static const char *const rows[] = {"....", ".#..", "....", "...."};
    fixture f = fx_make(fx_map(rows, 4));
    fx_wall(f.scene, 3, 0, 3, 3); /* x = 3 from the top down to y = 3 */
    gg_move_def def = gg_move_def_default();
    gg_cell out[32];
    int32_t n = 0;
    gg_metric_cost c;
    assert_int_equal(gg_scene_lowest_cost_path(f.scene, f.scratch, fx_c(2, 0), fx_c(3, 0), 0, &def,
                                               out, 32, &n, &c),
                     GG_OK);
    /* The route goes around the wall's lower end; every step is a legal Nat20 step. */
    for (int32_t i = 1; i < n; ++i) {
        int32_t e = 0;
        assert_int_equal(gg_scene_edge_distance(f.scene, out[i - 1], out[i], &e), GG_OK);
        assert_int_not_equal(e, GG_STEP_ILLEGAL);
    }
    assert_true(n > 2);
    fx_free(&f);
}

/* ---- Properties ------------------------------------------------------------------------------- */

static gg_move_def random_def(fx_rng *r, gg_metric metric)
{
    gg_move_def def = gg_move_def_default();
    def.metric = metric;
    def.difficult = (gg_difficult_rule)fx_below(r, 3);
    def.surcharge_ft = fx_below(r, 3) == 0 ? 3 : 5;
    return def;
}

/* Field costs equal the brute force everywhere; lowest_cost_path costs equal the field
 * everywhere (and its route prices to that cost); the route read back from the field is the
 * same as A*'s; under 5-10-5 split legs price to the whole. All metrics, all rules. */
static void move_path__random_maps_match_brute_force(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 7177, "move_path__random_maps_match_brute_force");
    gg_cell avoid[3];
    for (int iter = 0; iter < 160; ++iter) {
        int32_t w = 2 + fx_below(&r, 6), h = 2 + fx_below(&r, 6);
        int32_t cell = fx_below(&r, 4) == 0 ? 10 : 5;
        fixture f = fx_make(fx_random_scene(&r, w, h, cell, 20, 25, fx_below(&r, 4)));
        gg_move_def def = random_def(&r, all_metrics[iter % 4]);
        if (fx_below(&r, 3) == 0) {
            def.avoid_count = 1 + fx_below(&r, 3);
            for (int32_t k = 0; k < def.avoid_count; ++k)
                avoid[k] = fx_c(fx_below(&r, w), fx_below(&r, h));
            def.avoid = avoid;
        }
        gg_cell origin = fx_c(fx_below(&r, w), fx_below(&r, h));
        int parity = def.metric == GG_METRIC_ALTERNATING ? fx_below(&r, 2) : 0;
        int32_t n = w * h;
        bf_label *lab = malloc(2 * (size_t)n * sizeof *lab);
        assert_non_null(lab);
        brute_force(f.scene, &def, origin, parity, lab);
        gg_move_field *field = fx_field(&f, &def, origin, parity);
        for (int32_t i = 0; i < n; ++i) {
            gg_cell c = fx_c(i % w, i / w);
            int bp = 0;
            const bf_label *want = bf_best(lab, n, i, &bp);
            bool reached = false, can_end = false;
            gg_metric_cost fc;
            assert_int_equal(gg_move_field_cost(field, c, &reached, &fc, &can_end), GG_OK);
            assert_true(can_end);
            if (want == NULL) {
                assert_false(reached);
            } else {
                assert_true(reached);
                expect_cost(fc, want->a, want->b, want->steps,
                            def.metric == GG_METRIC_ALTERNATING ? bp : parity);
            }
            gg_cell path[64], fpath[64];
            int32_t pn = 0, fn = 0;
            gg_metric_cost pc;
            assert_int_equal(gg_scene_lowest_cost_path(f.scene, f.scratch, origin, c, parity, &def,
                                                       path, 64, &pn, &pc),
                             GG_OK);
            assert_int_equal(gg_move_field_path(field, c, fpath, 64, &fn), GG_OK);
            if (!reached) {
                assert_int_equal(pn, 0);
                assert_int_equal(fn, 0);
                continue;
            }
            expect_cost(pc, fc.feet, fc.root2_feet, fc.steps, fc.parity);
            fx_assert_cells(path, pn, fpath, fn);
            /* The route prices to its cost, whole and in two legs. */
            gg_metric_cost rc;
            int32_t legal = 0;
            assert_int_equal(gg_scene_route_cost(f.scene, path, pn, parity, &def, &rc, &legal),
                             GG_OK);
            assert_int_equal(legal, pn - 1);
            expect_cost(rc, pc.feet, pc.root2_feet, pc.steps, pc.parity);
            for (int32_t m = 0; m < pn; ++m) {
                gg_metric_cost c1, c2;
                assert_int_equal(gg_scene_route_cost(f.scene, path, m + 1, parity, &def, &c1,
                                                     &legal),
                                 GG_OK);
                assert_int_equal(gg_scene_route_cost(f.scene, path + m, pn - m, c1.parity, &def,
                                                     &c2, &legal),
                                 GG_OK);
                expect_cost(c2, pc.feet - c1.feet, pc.root2_feet - c1.root2_feet,
                            pc.steps - c1.steps, pc.parity);
            }
        }
        /* The overlay lists exactly the cells within a budget, cheapest first. */
        int32_t budget = fx_below(&r, 40);
        gg_move_reach ov[64];
        int32_t on = 0;
        gg_status st = gg_scene_move_overlay(f.scene, f.scratch, origin, parity, budget, &def, ov,
                                             64, &on);
        assert_int_equal(st, GG_OK);
        int32_t within = 0;
        for (int32_t i = 0; i < n; ++i) {
            int bp = 0;
            const bf_label *want = bf_best(lab, n, i, &bp);
            if (want != NULL && sign_r2(want->a - budget, want->b) <= 0)
                ++within;
        }
        assert_int_equal(on, within);
        for (int32_t k = 0; k < on; ++k) {
            bool reached = false;
            gg_metric_cost fc;
            assert_int_equal(gg_move_field_cost(field, ov[k].cell, &reached, &fc, NULL), GG_OK);
            assert_true(reached);
            expect_cost(ov[k].cost, fc.feet, fc.root2_feet, fc.steps, fc.parity);
            if (k > 0)
                assert_true(gg_metric_cost_compare(ov[k - 1].cost, ov[k].cost) <= 0);
            gg_cell fpath[64];
            int32_t fn = 0;
            assert_int_equal(gg_move_field_path(field, ov[k].cell, fpath, 64, &fn), GG_OK);
            assert_true(gg_cell_eq(ov[k].prev, fn >= 2 ? fpath[fn - 2] : origin));
        }
        free(lab);
        fx_free(&f);
    }
}

/* The searches' branch-free exact sign of dx + dy*sqrt(2) equals the reference above on a sweep
 * of small values and on the nearest ties there are (Pell pairs, |dx^2 - 2 dy^2| = 1), up to the
 * largest labels a model allows (below 2^29). */
static void move_path__sign_r2_is_exact(void **state)
{
    (void)state;
    for (int64_t dx = -60; dx <= 60; ++dx)
        for (int64_t dy = -60; dy <= 60; ++dy)
            assert_int_equal(gg__mv_sign_r2(dx, dy), sign_r2(dx, dy));
    int64_t a = 1, b = 1; /* a^2 - 2 b^2 = -1, +1, -1, ... */
    while (a < ((int64_t)1 << 29)) {
        const int64_t pairs[4][2] = {{a, -b}, {-a, b}, {a + 1, -b}, {a, -b - 1}};
        for (int k = 0; k < 4; ++k)
            assert_int_equal(gg__mv_sign_r2(pairs[k][0], pairs[k][1]),
                             sign_r2(pairs[k][0], pairs[k][1]));
        const int64_t na = a + 2 * b, nb = a + b;
        a = na;
        b = nb;
    }
}

/* Every reached cell of `field` has the brute force's label, and every unreached cell none. */
static void expect_field_matches_brute_force(const gg_scene *s, const gg_move_field *field,
                                             const gg_move_def *def, gg_cell origin, int parity)
{
    int32_t w = gg_scene_width(s), h = gg_scene_height(s), n = w * h;
    bf_label *lab = malloc(2 * (size_t)n * sizeof *lab);
    assert_non_null(lab);
    brute_force(s, def, origin, parity, lab);
    for (int32_t i = 0; i < n; ++i) {
        int bp = 0;
        const bf_label *want = bf_best(lab, n, i, &bp);
        bool reached = false;
        gg_metric_cost fc;
        assert_int_equal(gg_move_field_cost(field, fx_c(i % w, i / w), &reached, &fc, NULL), GG_OK);
        assert_int_equal(reached, want != NULL);
        if (want != NULL)
            expect_cost(fc, want->a, want->b, want->steps,
                        def->metric == GG_METRIC_ALTERNATING ? bp : parity);
    }
    free(lab);
}

/* A whole-map field derives every cell's step masks sixteen cells at a time, the last block of a
 * row overlapping the one before it, and edge cells one by one (move_field_bfs.c): on every
 * width from 1 (only edge cells) through 17 (the first with a block) to 50, and heights from 1,
 * with walls near some rows only and difficult terrain, every field of the field engines
 * (Chebyshev and Manhattan, difficult doubled or ignored) has the brute force's labels. */
static void move_path__field_masks_on_every_block_width(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 7717, "move_path__field_masks_on_every_block_width");
    const gg_metric metrics[2] = {GG_METRIC_CHEBYSHEV, GG_METRIC_MANHATTAN};
    for (int32_t w = 1; w <= 50; ++w) {
        const int32_t h = 1 + fx_below(&r, 14);
        fixture f = fx_make(fx_random_scene(&r, w, h, 5, 15, 30, fx_below(&r, 3) * w / 8));
        for (int k = 0; k < 2; ++k) {
            gg_move_def def = gg_move_def_default();
            def.metric = metrics[k];
            if (fx_below(&r, 3) == 0)
                def.difficult = GG_DIFFICULT_IGNORE;
            const gg_cell origin = fx_c(fx_below(&r, w), fx_below(&r, h));
            expect_field_matches_brute_force(f.scene, fx_field(&f, &def, origin, 0), &def, origin,
                                             0);
        }
        fx_free(&f);
    }
}

/* Maps large enough for the engines' fast paths (the compact A*, the run-labelled two-price
 * field, the prefetching field searches, heaps thousands deep): field labels equal the brute
 * force, and A* gives the field's cost and route for every reached cell sampled. */
static void move_path__large_maps_astar_matches_field(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 9049, "move_path__large_maps_astar_matches_field");
    gg_cell *path = malloc(4096 * sizeof *path), *fpath = malloc(4096 * sizeof *fpath);
    assert_non_null(path);
    assert_non_null(fpath);
    for (int iter = 0; iter < 16; ++iter) {
        int32_t w = 24 + fx_below(&r, 40), h = 24 + fx_below(&r, 40);
        fixture f = fx_make(fx_random_scene(&r, w, h, 5, 20, 25, w * h / 40));
        gg_move_def def = random_def(&r, all_metrics[iter % 4]);
        gg_cell origin = fx_c(fx_below(&r, w), fx_below(&r, h));
        int parity = def.metric == GG_METRIC_ALTERNATING ? fx_below(&r, 2) : 0;
        gg_move_field *field = fx_field(&f, &def, origin, parity);
        if (iter < 8)
            expect_field_matches_brute_force(f.scene, field, &def, origin, parity);
        for (int k = 0; k < 60; ++k) {
            gg_cell c = fx_c(fx_below(&r, w), fx_below(&r, h));
            bool reached = false;
            gg_metric_cost fc, pc;
            assert_int_equal(gg_move_field_cost(field, c, &reached, &fc, NULL), GG_OK);
            int32_t pn = 0, fn = 0;
            assert_int_equal(gg_scene_lowest_cost_path(f.scene, f.scratch, origin, c, parity, &def,
                                                       path, 4096, &pn, &pc),
                             GG_OK);
            assert_int_equal(gg_move_field_path(field, c, fpath, 4096, &fn), GG_OK);
            if (!reached) {
                assert_int_equal(pn, 0);
                continue;
            }
            expect_cost(pc, fc.feet, fc.root2_feet, fc.steps, fc.parity);
            fx_assert_cells(path, pn, fpath, fn);
        }
        fx_free(&f);
    }
    free(path);
    free(fpath);
}

/* A* (gg_scene_lowest_cost_path()) against the field from `origin` at `probes` random cells:
 * same reachability, cost and route. */
static void expect_astar_matches_field(fx_rng *r, fixture *f, const gg_move_def *def,
                                       gg_cell origin, int probes)
{
    enum { CAP = 4096 };
    static gg_cell path[CAP], fpath[CAP];
    int32_t w = gg_scene_width(f->scene), h = gg_scene_height(f->scene);
    gg_move_field *field = fx_field(f, def, origin, 0);
    for (int k = 0; k < probes; ++k) {
        gg_cell c = fx_c(fx_below(r, w), fx_below(r, h));
        bool reached = false;
        gg_metric_cost fc, pc;
        assert_int_equal(gg_move_field_cost(field, c, &reached, &fc, NULL), GG_OK);
        int32_t pn = 0, fn = 0;
        assert_int_equal(gg_scene_lowest_cost_path(f->scene, f->scratch, origin, c, 0, def, path,
                                                   CAP, &pn, &pc),
                         GG_OK);
        if (!reached) {
            assert_int_equal(pn, 0);
            continue;
        }
        assert_int_equal(gg_move_field_path(field, c, fpath, CAP, &fn), GG_OK);
        expect_cost(pc, fc.feet, fc.root2_feet, fc.steps, fc.parity);
        fx_assert_cells(path, pn, fpath, fn);
    }
}

/* On an open map nearly every key ties the one before (f takes few values), so the 1x1 A*
 * settles almost everything from its stack, newest first: the order among equal keys must not
 * change a route, which the field fixes by its tie rule. Open and lightly cluttered maps, every
 * metric the 1x1 A* serves, difficult patches. */
static void move_path__astar_ties_on_open_maps(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 6271, "move_path__astar_ties_on_open_maps");
    const gg_metric metrics[3] = {GG_METRIC_CHEBYSHEV, GG_METRIC_EUCLIDEAN, GG_METRIC_MANHATTAN};
    for (int iter = 0; iter < 12; ++iter) {
        int32_t w = 16 + fx_below(&r, 48), h = 16 + fx_below(&r, 48);
        fixture f = fx_make(
            fx_random_scene(&r, w, h, 5, iter % 3 == 0 ? 0 : 3, iter % 2 ? 0 : 10, iter % 4));
        gg_move_def def = random_def(&r, metrics[iter % 3]);
        expect_astar_matches_field(&r, &f, &def, fx_c(fx_below(&r, w), fx_below(&r, h)), 40);
        expect_astar_matches_field(&r, &f, &def, fx_c(0, 0), 10);
        fx_free(&f);
    }
}

/* The 1x1 A* and the fields derive each cell's legal steps from the cell bytes and move_walls
 * (the scene stores no step words): while cells, walls and doors change, the field keeps
 * matching the brute force (which asks gg_scene_edge_distance(), not the derived steps) and A*
 * keeps matching the field. */
static void move_path__astar_follows_scene_edits(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 4421, "move_path__astar_follows_scene_edits");
    const gg_metric metrics[3] = {GG_METRIC_CHEBYSHEV, GG_METRIC_EUCLIDEAN, GG_METRIC_MANHATTAN};
    for (int iter = 0; iter < 10; ++iter) {
        int32_t w = 6 + fx_below(&r, 30), h = 6 + fx_below(&r, 30);
        fixture f = fx_make(fx_random_scene(&r, w, h, 5, 15, 20, w * h / 40));
        fx_walls walls = {.count = 0};
        for (int round = 0; round < 12; ++round) {
            for (int e = 1 + fx_below(&r, 8); e > 0; --e)
                fx_random_edit(&r, f.scene, &walls);
            gg_move_def def = random_def(&r, metrics[round % 3]);
            if (fx_below(&r, 4) == 0)
                def.difficult = GG_DIFFICULT_IGNORE;
            gg_cell origin = fx_c(fx_below(&r, w), fx_below(&r, h));
            expect_field_matches_brute_force(f.scene, fx_field(&f, &def, origin, 0), &def, origin,
                                             0);
            expect_astar_matches_field(&r, &f, &def, origin, 20);
        }
        fx_free(&f);
    }
}

/* The 1x1 A*'s bucket pool and heap drop their stale entries when full, which the scratch's own
 * capacities never need: with them lowered, the answers are the same (after a compaction, or
 * from the general search when even that leaves no room). */
static void move_path__astar_queue_compaction(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 5107, "move_path__astar_queue_compaction");
    const size_t caps[][2] = {{48, 1u << 20}, {160, 1u << 20}, {1u << 20, 12},
                              {1u << 20, 16}, {1u << 20, 20},  {1u << 20, 24},
                              {1u << 20, 32}, {40, 128},       {1, 1}};
    for (size_t c = 0; c < sizeof caps / sizeof caps[0]; ++c) {
        for (int iter = 0; iter < 6; ++iter) {
            int32_t w = 20 + fx_below(&r, 40), h = 20 + fx_below(&r, 40);
            fixture f = fx_make(fx_random_scene(&r, w, h, 5, 15, 25, w * h / 40));
            size_t n = (size_t)w * (size_t)h;
            f.scratch->m_astar_pool_cap = caps[c][0] < n ? caps[c][0] : n;
            f.scratch->m_astar_heap_cap = caps[c][1] < 2 * n ? caps[c][1] : 2 * n;
            gg_move_def def = random_def(&r, iter % 2 ? GG_METRIC_EUCLIDEAN : GG_METRIC_CHEBYSHEV);
            expect_astar_matches_field(&r, &f, &def, fx_c(fx_below(&r, w), fx_below(&r, h)), 30);
            fx_free(&f);
        }
    }
}

/* A two-price field keeps its labels as run numbers plus a run table in the room of the planes
 * it does not use, when the table fits. On a one-row corridor every cell is a run of its own
 * (costs rise strictly), more runs than that room holds, so the labels are written out
 * instead: both forms answer the same. */
static void move_path__two_price_field_without_room_for_runs(void **state)
{
    (void)state;
    const int32_t w = 40;
    fixture f = fx_make(fx_open(w, 1));
    for (int32_t col = 1; col < w; col += 2)
        assert_int_equal(gg_scene_set_difficult(f.scene, fx_c(col, 0), true), GG_OK);
    for (int rule = 0; rule < 2; ++rule) {
        gg_move_def def = gg_move_def_default();
        def.difficult = rule == 0 ? GG_DIFFICULT_DOUBLE : GG_DIFFICULT_SURCHARGE;
        gg_move_field *field = fx_field(&f, &def, fx_c(3, 0), 0);
        expect_field_matches_brute_force(f.scene, field, &def, fx_c(3, 0), 0);
        gg_cell fpath[64];
        int32_t fn = 0;
        assert_int_equal(gg_move_field_path(field, fx_c(w - 1, 0), fpath, 64, &fn), GG_OK);
        assert_int_equal(fn, w - 3);
        assert_true(gg_cell_eq(fpath[fn - 1], fx_c(w - 1, 0)));
    }
    /* An open room with scattered difficult cells: runs hold many cells, the table fits, and
     * the answers are the same as the brute force's. */
    fixture g = fx_make(fx_open(30, 30));
    for (int32_t row = 0; row < 30; ++row)
        for (int32_t col = 0; col < 30; ++col)
            if ((col * 7 + row * 3) % 5 == 0)
                assert_int_equal(gg_scene_set_difficult(g.scene, fx_c(col, row), true), GG_OK);
    gg_move_def def = gg_move_def_default();
    gg_move_field *field = fx_field(&g, &def, fx_c(0, 0), 0);
    expect_field_matches_brute_force(g.scene, field, &def, fx_c(0, 0), 0);
    fx_free(&f);
    fx_free(&g);
}

/* 5-10-5: legs planned one after another, each starting with the previous leg's parity, cost
 * the same as the whole route priced at once, for every split point. */
static void move_path__alternating_split_legs_equal_whole(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 99, "move_path__alternating_split_legs_equal_whole");
    for (int iter = 0; iter < 60; ++iter) {
        fixture f = fx_make(fx_random_scene(&r, 9, 9, 5, 15, 20, 2));
        gg_move_def def = random_def(&r, GG_METRIC_ALTERNATING);
        gg_cell a = fx_c(fx_below(&r, 9), fx_below(&r, 9)),
                b = fx_c(fx_below(&r, 9), fx_below(&r, 9));
        int parity = fx_below(&r, 2);
        gg_cell path[96];
        int32_t pn = 0;
        gg_metric_cost whole;
        assert_int_equal(gg_scene_lowest_cost_path(f.scene, f.scratch, a, b, parity, &def, path, 96,
                                                   &pn, &whole),
                         GG_OK);
        for (int32_t m = 1; m + 1 < pn; ++m) {
            /* Leg 1 along the whole route's prefix, leg 2 planned afresh from its parity. */
            gg_metric_cost c1, c2;
            int32_t legal = 0, n2 = 0;
            gg_cell rest[96];
            assert_int_equal(gg_scene_route_cost(f.scene, path, m + 1, parity, &def, &c1, &legal),
                             GG_OK);
            assert_int_equal(gg_scene_lowest_cost_path(f.scene, f.scratch, path[m], b, c1.parity,
                                                       &def, rest, 96, &n2, &c2),
                             GG_OK);
            assert_int_equal(c1.feet + c2.feet, whole.feet);
        }
        fx_free(&f);
    }
}

/* The overlay touches only what it reaches: its result does not depend on the map around it. */
static void move_path__overlay_budget_partial_and_negative(void **state)
{
    (void)state;
    fixture f = fx_make(fx_open(200, 200));
    gg_move_def def = gg_move_def_default();
    gg_move_reach out[200];
    int32_t n = 0;
    assert_int_equal(gg_scene_move_overlay(f.scene, f.scratch, fx_c(100, 100), 0, 10, &def, out,
                                           200, &n),
                     GG_OK);
    assert_int_equal(n, 25);
    assert_true(gg_cell_eq(out[0].cell, fx_c(100, 100)));
    assert_true(gg_cell_eq(out[0].prev, fx_c(100, 100)));
    assert_true(out[0].can_end);
    assert_int_equal(gg_scene_move_overlay(f.scene, f.scratch, fx_c(100, 100), 0, 10, &def, out, 5,
                                           &n),
                     GG_PARTIAL);
    assert_int_equal(n, 25);
    assert_int_equal(gg_scene_move_overlay(f.scene, f.scratch, fx_c(0, 0), 0, -1, &def, out, 200,
                                           &n),
                     GG_OK);
    assert_int_equal(n, 1);
    expect_cost(out[0].cost, 0, 0, 0, 0);
    assert_int_equal(gg_scene_move_overlay(f.scene, f.scratch, fx_c(0, 0), 0, 30, &def, NULL, 0,
                                           &n),
                     GG_PARTIAL);
    assert_int_equal(n, 49);
    fx_free(&f);
}

/* Euclidean overlays compare against the budget exactly: 5*sqrt(2) = 7.07 > 7, < 8. */
static void move_path__euclidean_budget_is_exact(void **state)
{
    (void)state;
    fixture f = fx_make(fx_open(5, 5));
    gg_move_def def = gg_move_def_default();
    def.metric = GG_METRIC_EUCLIDEAN;
    gg_move_reach out[32];
    int32_t n = 0;
    assert_int_equal(gg_scene_move_overlay(f.scene, f.scratch, fx_c(2, 2), 0, 7, &def, out, 32, &n),
                     GG_OK);
    assert_int_equal(n, 5);
    assert_int_equal(gg_scene_move_overlay(f.scene, f.scratch, fx_c(2, 2), 0, 8, &def, out, 32, &n),
                     GG_OK);
    assert_int_equal(n, 9);
    fx_free(&f);
}

/* ---- Invalid input and buffers ------------------------------------------------------------------ */

static void move_path__invalid_arguments(void **state)
{
    (void)state;
    fixture f = fx_make(fx_open(4, 4));
    fixture g = fx_make(fx_open(4, 4));
    gg_move_def def = gg_move_def_default();
    gg_cell out[16];
    int32_t n = 0;
    gg_metric_cost c;
    gg_cell a = fx_c(0, 0), b = fx_c(3, 3);
    assert_int_equal(gg_scene_lowest_cost_path(f.scene, f.scratch, a, b, 0, &def, out, 16, NULL,
                                               &c),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_lowest_cost_path(NULL, f.scratch, a, b, 0, &def, out, 16, &n, &c),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_lowest_cost_path(f.scene, f.scratch, a, b, 0, NULL, out, 16, &n, &c),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_lowest_cost_path(f.scene, NULL, a, b, 0, &def, out, 16, &n, &c),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_lowest_cost_path(f.scene, g.scratch, a, b, 0, &def, out, 16, &n, &c),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_lowest_cost_path(f.scene, f.scratch, a, b, 0, &def, NULL, 16, &n, &c),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_lowest_cost_path(f.scene, f.scratch, a, b, 0, &def, out, -1, &n, &c),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_lowest_cost_path(f.scene, f.scratch, a, b, 2, &def, out, 16, &n, &c),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_lowest_cost_path(f.scene, f.scratch, a, b, -1, &def, out, 16, &n, &c),
                     GG_E_INVALID_ARG);
    gg_move_def bad = def;
    bad.struct_size = 0;
    assert_int_equal(gg_scene_lowest_cost_path(f.scene, f.scratch, a, b, 0, &bad, out, 16, &n, &c),
                     GG_E_BAD_DEF);
    bad = def;
    bad.metric = (gg_metric)9;
    assert_int_equal(gg_scene_lowest_cost_path(f.scene, f.scratch, a, b, 0, &bad, out, 16, &n, &c),
                     GG_E_INVALID_ARG);
    bad = def;
    bad.difficult = (gg_difficult_rule)7;
    assert_int_equal(gg_scene_lowest_cost_path(f.scene, f.scratch, a, b, 0, &bad, out, 16, &n, &c),
                     GG_E_INVALID_ARG);
    bad = def;
    bad.surcharge_ft = -5;
    assert_int_equal(gg_scene_lowest_cost_path(f.scene, f.scratch, a, b, 0, &bad, out, 16, &n, &c),
                     GG_E_INVALID_ARG);
    bad = def;
    bad.size = (gg_size)6;
    assert_int_equal(gg_scene_lowest_cost_path(f.scene, f.scratch, a, b, 0, &bad, out, 16, &n, &c),
                     GG_E_INVALID_ARG);
    bad = def;
    bad.avoid_count = -1;
    assert_int_equal(gg_scene_lowest_cost_path(f.scene, f.scratch, a, b, 0, &bad, out, 16, &n, &c),
                     GG_E_INVALID_ARG);
    bad = def;
    bad.avoid_count = 2;
    assert_int_equal(gg_scene_lowest_cost_path(f.scene, f.scratch, a, b, 0, &bad, out, 16, &n, &c),
                     GG_E_INVALID_ARG);
    bad = def;
    bad.other_count = -1;
    assert_int_equal(gg_scene_lowest_cost_path(f.scene, f.scratch, a, b, 0, &bad, out, 16, &n, &c),
                     GG_E_INVALID_ARG);
    bad = def;
    bad.other_count = 1;
    assert_int_equal(gg_scene_lowest_cost_path(f.scene, f.scratch, a, b, 0, &bad, out, 16, &n, &c),
                     GG_E_INVALID_ARG);
    gg_body o = gg_body_make(fx_c(1, 1));
    o.size = (gg_size)8;
    bad = def;
    bad.others = &o;
    bad.other_count = 1;
    assert_int_equal(gg_scene_lowest_cost_path(f.scene, f.scratch, a, b, 0, &bad, out, 16, &n, &c),
                     GG_E_INVALID_ARG);
    o = gg_body_make(fx_c(1, 1));
    o.conditions = 1u << 12; /* a condition bit this version does not know */
    assert_int_equal(gg_scene_lowest_cost_path(f.scene, f.scratch, a, b, 0, &bad, out, 16, &n, &c),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_lowest_cost_path(f.scene, f.scratch, fx_c(-1, 0), b, 0, &def, out, 16,
                                               &n, &c),
                     GG_E_OUT_OF_BOUNDS);
    assert_int_equal(gg_scene_lowest_cost_path(f.scene, f.scratch, a, fx_c(4, 0), 0, &def, out, 16,
                                               &n, &c),
                     GG_E_OUT_OF_BOUNDS);
    gg_move_def large = def;
    large.size = GG_SIZE_LARGE;
    assert_int_equal(gg_scene_lowest_cost_path(f.scene, f.scratch, a, fx_c(3, 0), 0, &large, out,
                                               16, &n, &c),
                     GG_E_OUT_OF_BOUNDS);
    /* Buffer too small: nothing written, the count and cost still reported. */
    gg_cell one[1] = {{-7, -7}};
    assert_int_equal(gg_scene_lowest_cost_path(f.scene, f.scratch, a, b, 0, &def, one, 1, &n, &c),
                     GG_E_BUFFER_TOO_SMALL);
    assert_int_equal(n, 4);
    assert_int_equal(one[0].col, -7);
    expect_cost(c, 15, 0, 3, 0);
    assert_int_equal(gg_scene_lowest_cost_path(f.scene, f.scratch, a, a, 0, &def, NULL, 0, &n, &c),
                     GG_E_BUFFER_TOO_SMALL);
    assert_int_equal(n, 1);
    /* NULL cost is allowed. */
    assert_int_equal(gg_scene_lowest_cost_path(f.scene, f.scratch, a, b, 0, &def, out, 16, &n,
                                               NULL),
                     GG_OK);

    /* Fields. */
    size_t bytes = 0;
    assert_int_equal(gg_move_field_bytes(f.scene, &def, NULL), GG_E_INVALID_ARG);
    assert_int_equal(gg_move_field_bytes(NULL, &def, &bytes), GG_E_INVALID_ARG);
    bad = def;
    bad.struct_size = 1;
    assert_int_equal(gg_move_field_bytes(f.scene, &bad, &bytes), GG_E_BAD_DEF);
    assert_int_equal(gg_move_field_bytes(f.scene, &def, &bytes), GG_OK);
    uint64_t *mem = calloc(bytes / 8 + 2, 8);
    assert_non_null(mem);
    gg_move_field *field = NULL;
    assert_int_equal(gg_scene_move_field(f.scene, f.scratch, a, 0, &def, mem, bytes, NULL),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_move_field(f.scene, f.scratch, a, 0, &def, NULL, bytes, &field),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_move_field(f.scene, f.scratch, a, 0, &bad, mem, bytes, &field),
                     GG_E_BAD_DEF);
    assert_int_equal(gg_scene_move_field(f.scene, g.scratch, a, 0, &def, mem, bytes, &field),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_move_field(f.scene, f.scratch, a, 0, &def, mem, bytes - 1, &field),
                     GG_E_BUFFER_TOO_SMALL);
    assert_int_equal(gg_scene_move_field(f.scene, f.scratch, a, 0, &def, (char *)mem + 4, bytes,
                                         &field),
                     GG_E_BUFFER_TOO_SMALL);
    assert_int_equal(gg_scene_move_field(f.scene, f.scratch, fx_c(9, 9), 0, &def, mem, bytes,
                                         &field),
                     GG_E_OUT_OF_BOUNDS);
    assert_null(field);
    assert_int_equal(gg_scene_move_field(f.scene, f.scratch, a, 0, &def, mem, bytes, &field),
                     GG_OK);
    bool reached = false;
    assert_int_equal(gg_move_field_cost(field, b, NULL, &c, NULL), GG_E_INVALID_ARG);
    assert_int_equal(gg_move_field_cost(field, b, &reached, NULL, NULL), GG_E_INVALID_ARG);
    assert_int_equal(gg_move_field_cost(NULL, b, &reached, &c, NULL), GG_E_INVALID_ARG);
    assert_int_equal(gg_move_field_cost(field, fx_c(4, 4), &reached, &c, NULL), GG_E_OUT_OF_BOUNDS);
    assert_int_equal(gg_move_field_cost(field, b, &reached, &c, NULL), GG_OK);
    assert_true(reached);
    assert_int_equal(gg_move_field_path(field, b, out, 16, NULL), GG_E_INVALID_ARG);
    assert_int_equal(gg_move_field_path(NULL, b, out, 16, &n), GG_E_INVALID_ARG);
    assert_int_equal(gg_move_field_path(field, b, out, -1, &n), GG_E_INVALID_ARG);
    assert_int_equal(gg_move_field_path(field, b, NULL, 3, &n), GG_E_INVALID_ARG);
    assert_int_equal(gg_move_field_path(field, fx_c(0, 4), out, 16, &n), GG_E_OUT_OF_BOUNDS);
    assert_int_equal(gg_move_field_path(field, b, out, 3, &n), GG_E_BUFFER_TOO_SMALL);
    assert_int_equal(n, 4);
    free(mem);

    /* Overlays. */
    gg_move_reach ov[4];
    assert_int_equal(gg_scene_move_overlay(f.scene, f.scratch, a, 0, 5, &def, ov, 4, NULL),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_move_overlay(f.scene, f.scratch, a, 0, 5, &def, NULL, 4, &n),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_move_overlay(f.scene, f.scratch, a, 0, 5, &def, ov, -4, &n),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_move_overlay(f.scene, f.scratch, a, 0, 5, &bad, ov, 4, &n),
                     GG_E_BAD_DEF);
    assert_int_equal(gg_scene_move_overlay(f.scene, g.scratch, a, 0, 5, &def, ov, 4, &n),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_move_overlay(f.scene, f.scratch, fx_c(0, -1), 0, 5, &def, ov, 4, &n),
                     GG_E_OUT_OF_BOUNDS);

    /* Route pricing. */
    const gg_cell route[3] = {{0, 0}, {1, 1}, {3, 3}};
    int32_t legal = 0;
    assert_int_equal(gg_scene_route_cost(f.scene, route, 3, 0, &def, NULL, &legal),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_route_cost(f.scene, route, 3, 0, &def, &c, NULL), GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_route_cost(f.scene, NULL, 3, 0, &def, &c, &legal), GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_route_cost(f.scene, route, -1, 0, &def, &c, &legal),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_route_cost(f.scene, route, 3, 0, &bad, &c, &legal), GG_E_BAD_DEF);
    const gg_cell off[2] = {{0, 0}, {0, -1}};
    assert_int_equal(gg_scene_route_cost(f.scene, off, 2, 0, &def, &c, &legal), GG_E_OUT_OF_BOUNDS);
    /* A jump is not a step: the legal prefix is priced. */
    assert_int_equal(gg_scene_route_cost(f.scene, route, 3, 0, &def, &c, &legal), GG_OK);
    assert_int_equal(legal, 1);
    expect_cost(c, 5, 0, 1, 0);
    /* A diagonal is not a Manhattan step. */
    gg_move_def man = def;
    man.metric = GG_METRIC_MANHATTAN;
    assert_int_equal(gg_scene_route_cost(f.scene, route, 2, 0, &man, &c, &legal), GG_OK);
    assert_int_equal(legal, 0);
    fx_free(&g);
    fx_free(&f);
}

/* Costs that could overflow int32 labels are refused instead of wrapping. */
static void move_path__too_large_costs_refused(void **state)
{
    (void)state;
    gg_scene_def sd = gg_scene_def_default();
    sd.width = 4096;
    sd.height = 4096;
    sd.cell_size_ft = 1000;
    gg_scene *s = NULL;
    assert_int_equal(gg_scene_create(&sd, &s), GG_OK);
    gg_move_def def = gg_move_def_default();
    def.difficult = GG_DIFFICULT_SURCHARGE;
    def.surcharge_ft = 1;
    size_t bytes = 0;
    assert_int_equal(gg_move_field_bytes(s, &def, &bytes), GG_E_TOO_LARGE);
    gg_scene_destroy(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(move_path__detours_around_difficult_terrain),
        cmocka_unit_test(move_path__equal_feet_prefer_fewer_steps),
        cmocka_unit_test(move_path__alternating_parity_in_and_out),
        cmocka_unit_test(move_path__euclidean_and_manhattan),
        cmocka_unit_test(move_path__walls_and_corner_rule),
        cmocka_unit_test(move_path__random_maps_match_brute_force),
        cmocka_unit_test(move_path__field_masks_on_every_block_width),
        cmocka_unit_test(move_path__large_maps_astar_matches_field),
        cmocka_unit_test(move_path__astar_ties_on_open_maps),
        cmocka_unit_test(move_path__astar_follows_scene_edits),
        cmocka_unit_test(move_path__astar_queue_compaction),
        cmocka_unit_test(move_path__sign_r2_is_exact),
        cmocka_unit_test(move_path__two_price_field_without_room_for_runs),
        cmocka_unit_test(move_path__alternating_split_legs_equal_whole),
        cmocka_unit_test(move_path__overlay_budget_partial_and_negative),
        cmocka_unit_test(move_path__euclidean_budget_is_exact),
        cmocka_unit_test(move_path__invalid_arguments),
        cmocka_unit_test(move_path__too_large_costs_refused),
    };
    return cmocka_run_group_tests_name("topology/move_path", tests, NULL, NULL);
}
