/* test_wall_kinds.c - wall kinds (src/topology/scene/wall_kinds.c): secret doors (kept through
 * add/get/list/set_door, hidden from a player's view, physically doors), wall heights against
 * an eye and a target elevation (a balcony over a low wall, closed bounds, a crossing exactly at
 * the top, collinear contacts, elevation 0 for every query without a view, against an oracle
 * scene that holds only the walls standing at an elevation), movers that open doors (locked and
 * secret ones included, against the scene with those doors open) and defs from the 0.2 header.
 * Doorway jambs next to LIMITED and PROXIMITY walls are in test_doorway.c. */
#include "fixture.h"

#include <math.h>

static gg_scene *scene_of(int32_t w, int32_t h, gg_wall_rule rule)
{
    gg_scene_def d = gg_scene_def_default();
    d.width = w;
    d.height = h;
    d.wall_rule = rule;
    gg_scene *s = NULL;
    assert_int_equal(gg_scene_create(&d, &s), GG_OK);
    return s;
}

static gg_wall_id add(gg_scene *s, gg_wall_def w)
{
    gg_wall_id id;
    if (gg_scene_add_wall(s, &w, &id) != GG_OK)
        fail_msg("add_wall: %s", gg_scene_message(s));
    return id;
}

static gg_wall_def wall_at(double x1, double y1, double x2, double y2)
{
    gg_wall_def w = gg_wall_def_default();
    w.x1 = x1;
    w.y1 = y1;
    w.x2 = x2;
    w.y2 = y2;
    return w;
}

static gg_wall_def high_wall(double x1, double y1, double x2, double y2, double bottom, double top)
{
    gg_wall_def w = wall_at(x1, y1, x2, y2);
    w.bottom_ft = bottom;
    w.top_ft = top;
    return w;
}

static bool los_at(const gg_scene *s, int ac, int ar, int bc, int br, double e0, double e1)
{
    gg_view_def v = gg_view_def_default();
    v.eye_elevation_ft = e0;
    v.target_elevation_ft = e1;
    bool seen = false;
    assert_int_equal(gg_scene_has_line_of_sight_view(s, fx_c(ac, ar), fx_c(bc, br), &v, &seen),
                     GG_OK);
    return seen;
}

/* ---- Secret doors ---------------------------------------------------------------------------- */

static void secret__kept_through_add_get_list_and_set_door(void **state)
{
    (void)state;
    gg_scene *s = scene_of(7, 3, GG_WALL_RULE_NAT20);
    gg_wall_def d = wall_at(3, 0, 3, 3);
    d.door = GG_DOOR_CLOSED;
    d.secret = true;
    gg_wall_id id = add(s, d);
    gg_wall_def back;
    assert_int_equal(gg_scene_get_wall(s, id, &back), GG_OK);
    assert_true(back.secret);
    assert_int_equal(back.door, GG_DOOR_CLOSED);
    gg_wall_def listed;
    int32_t n = 0;
    assert_int_equal(gg_scene_list_walls(s, NULL, &listed, 1, &n), GG_OK);
    assert_true(listed.secret && n == 1);
    /* Physically a door: closed blocks sight, light and steps; open passes all three. */
    assert_false(fx_los(s, 1, 1, 5, 1));
    assert_int_equal(fx_step(s, 2, 1, 3, 1), GG_STEP_ILLEGAL);
    assert_int_equal(gg_scene_set_door(s, id, GG_DOOR_OPEN), GG_OK);
    assert_true(fx_los(s, 1, 1, 5, 1));
    assert_int_equal(fx_step(s, 2, 1, 3, 1), 5);
    assert_int_equal(gg_scene_get_wall(s, id, &back), GG_OK);
    assert_true(back.secret); /* opening it does not make it an ordinary door */
    /* A player sees an open secret door as an opening, a closed or locked one as a wall; a game
     * master (knows_secret_doors) sees what it is. */
    gg_wall_def player;
    assert_int_equal(gg_scene_get_wall_view(s, id, NULL, &player), GG_OK);
    assert_false(player.secret);
    assert_int_equal(player.door, GG_DOOR_OPEN);
    assert_int_equal(gg_scene_set_door(s, id, GG_DOOR_LOCKED), GG_OK);
    assert_int_equal(gg_scene_get_wall_view(s, id, NULL, &player), GG_OK);
    assert_int_equal(player.door, GG_DOOR_NONE);
    assert_false(player.secret);
    assert_true(player.x1 == 3.0 && player.y2 == 3.0);
    gg_view_def gm = gg_view_def_default();
    gm.knows_secret_doors = true;
    assert_int_equal(gg_scene_get_wall_view(s, id, &gm, &player), GG_OK);
    assert_true(player.secret);
    assert_int_equal(player.door, GG_DOOR_LOCKED);
    gm.struct_size = 4;
    assert_int_equal(gg_scene_get_wall_view(s, id, &gm, &player), GG_E_BAD_DEF);
    /* No longer a door: no longer secret. */
    assert_int_equal(gg_scene_set_door(s, id, GG_DOOR_NONE), GG_OK);
    assert_int_equal(gg_scene_get_wall(s, id, &back), GG_OK);
    assert_false(back.secret);
    /* Secret needs a door state. */
    gg_wall_def bad = wall_at(1, 0, 1, 1);
    bad.secret = true;
    assert_int_equal(gg_scene_add_wall(s, &bad, NULL), GG_E_INVALID_ARG);
    assert_non_null(strstr(gg_scene_message(s), "secret"));
    gg_scene_destroy(s);
}

/* ---- Heights: definitions ---------------------------------------------------------------------- */

static void heights__lattice_and_order_are_checked(void **state)
{
    (void)state;
    gg_scene *s = scene_of(4, 4, GG_WALL_RULE_NAT20);
    gg_wall_def w = high_wall(1, 0, 1, 4, 0.0625, 10.5);
    gg_wall_id id = add(s, w);
    gg_wall_def back;
    assert_int_equal(gg_scene_get_wall(s, id, &back), GG_OK);
    assert_true(back.bottom_ft == 0.0625 && back.top_ft == 10.5);
    /* Defaults read back unbounded. */
    id = add(s, wall_at(2, 0, 2, 4));
    assert_int_equal(gg_scene_get_wall(s, id, &back), GG_OK);
    assert_true(isinf(back.bottom_ft) && back.bottom_ft < 0 && isinf(back.top_ft) &&
                back.top_ft > 0);
    /* One bound only. */
    id = add(s, high_wall(3, 0, 3, 4, -HUGE_VAL, 7));
    assert_int_equal(gg_scene_get_wall(s, id, &back), GG_OK);
    assert_true(isinf(back.bottom_ft) && back.top_ft == 7.0);
    const double bad[][2] = {{0.03, 1},
                             {0, 1.1},
                             {5, 4},
                             {HUGE_VAL, HUGE_VAL},
                             {-HUGE_VAL, -HUGE_VAL},
                             {(double)NAN, 1},
                             {0, (double)GG_WALL_HEIGHT_LIMIT_FT * 2}};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; ++k) {
        w = high_wall(0, 1, 4, 1, bad[k][0], bad[k][1]);
        assert_int_equal(gg_scene_add_wall(s, &w, NULL), GG_E_INVALID_ARG);
        assert_true(strstr(gg_scene_message(s), "bottom_ft") != NULL ||
                    strstr(gg_scene_message(s), "top_ft") != NULL);
    }
    assert_int_equal(gg_scene_wall_count(s), 3);
    /* View defs: a bad size, an elevation off the lattice or beyond the limit. */
    gg_view_def v = gg_view_def_default();
    bool seen = false;
    v.struct_size = 8;
    assert_int_equal(gg_scene_has_line_of_sight_view(s, fx_c(0, 0), fx_c(3, 0), &v, &seen),
                     GG_E_BAD_DEF);
    v = gg_view_def_default();
    v.eye_elevation_ft = 0.1;
    assert_int_equal(gg_scene_has_line_of_sight_view(s, fx_c(0, 0), fx_c(3, 0), &v, &seen),
                     GG_E_INVALID_ARG);
    v.eye_elevation_ft = HUGE_VAL;
    assert_int_equal(gg_scene_has_line_of_sight_view(s, fx_c(0, 0), fx_c(3, 0), &v, &seen),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_has_line_of_sight_view(s, fx_c(0, 0), fx_c(9, 0), NULL, &seen),
                     GG_E_OUT_OF_BOUNDS);
    assert_int_equal(gg_scene_has_line_of_sight_view(s, fx_c(0, 0), fx_c(3, 0), NULL, NULL),
                     GG_E_INVALID_ARG);
    gg_scene_destroy(s);
}

/* ---- Heights: sight ---------------------------------------------------------------------------- */

static void heights__a_balcony_sees_over_a_low_wall(void **state)
{
    (void)state;
    for (int rule = GG_WALL_RULE_NAT20; rule <= GG_WALL_RULE_POINT; ++rule) {
        gg_scene *s = scene_of(10, 3, (gg_wall_rule)rule);
        (void)add(s, high_wall(5, 0, 5, 3, 0, 3)); /* a 3 ft parapet at x = 5 */
        /* On the ground the wall stands between (elevation 0 for queries without a view). */
        assert_false(fx_los(s, 1, 1, 8, 1));
        assert_false(los_at(s, 1, 1, 8, 1, 0, 0));
        /* From a balcony 15 ft up: the line is at 15 - 15 * (3.5 / 7) = 7.5 ft over the wall. */
        assert_true(los_at(s, 1, 1, 8, 1, 15, 0));
        assert_true(los_at(s, 8, 1, 1, 1, 0, 15)); /* and back up to the balcony */
        /* Close behind the wall the line comes down to 15 * 0.5 / 4 = 1.875 ft: blocked. */
        assert_false(los_at(s, 1, 1, 5, 1, 15, 0));
        /* Everyone above the wall sees across. */
        assert_true(los_at(s, 1, 1, 8, 1, 3.0625, 3.0625));
        /* The field of view from the balcony: every cell beyond x = 6 is seen, and x = 5 (behind
         * the wall, the line there at 1.875 ft) is not. */
        gg_view_def v = gg_view_def_default();
        v.eye_elevation_ft = 15;
        uint64_t bits[1];
        int32_t count = 0;
        assert_int_equal(gg_scene_visible_cells_view(s, NULL, fx_c(1, 1), GG_RANGE_UNLIMITED, &v,
                                                     GG_BITSET_REPLACE, bits, 1, &count),
                         GG_OK);
        for (int32_t r = 0; r < 3; ++r)
            for (int32_t c = 0; c < 10; ++c)
                assert_int_equal(gg_bitset_has(bits, 10, fx_c(c, r)), los_at(s, 1, 1, c, r, 15, 0));
        assert_true(gg_bitset_has(bits, 10, fx_c(8, 1)));
        assert_false(gg_bitset_has(bits, 10, fx_c(5, 1)));
        uint64_t flat[1];
        assert_int_equal(gg_scene_visible_cells(s, NULL, fx_c(1, 1), GG_RANGE_UNLIMITED,
                                                GG_BITSET_REPLACE, flat, 1, NULL),
                         GG_OK);
        assert_false(gg_bitset_has(flat, 10, fx_c(8, 1)));
        gg_scene_destroy(s);
    }
}

static void heights__bounds_are_closed_and_crossings_exact(void **state)
{
    (void)state;
    gg_scene *s = scene_of(10, 3, GG_WALL_RULE_NAT20);
    gg_wall_id id = add(s, high_wall(5, 0, 5, 3, 5, 10));
    /* e0 == e1 == e: the wall takes part iff 5 <= e <= 10. */
    assert_false(los_at(s, 1, 1, 8, 1, 5, 5));
    assert_false(los_at(s, 1, 1, 8, 1, 10, 10));
    assert_true(los_at(s, 1, 1, 8, 1, 4.9375, 4.9375));
    assert_true(los_at(s, 1, 1, 8, 1, 10.0625, 10.0625));
    assert_int_equal(gg_scene_remove_wall(s, id), GG_OK);
    /* e0 = 20 at x = 1.5, e1 = 0 at x = 9.5: at x = 5 the line is at 20 - 20 * 3.5 / 8 = 11.25
     * ft. A top of exactly 11.25 blocks; one sixteenth lower passes; the same for the bottom. */
    const struct {
        double bottom, top;
        bool seen;
    } k[] = {{0, 11.25, false},         {0, 11.1875, true},          {11.25, 30, false},
             {11.3125, 30, true},       {11.25, 11.25, false},       {-HUGE_VAL, 11.1875, true},
             {11.3125, HUGE_VAL, true}, {-HUGE_VAL, HUGE_VAL, false}};
    for (size_t i = 0; i < sizeof k / sizeof k[0]; ++i) {
        id = add(s, high_wall(5, 0, 5, 3, k[i].bottom, k[i].top));
        if (los_at(s, 1, 1, 9, 1, 20, 0) != k[i].seen)
            fail_msg("wall %g..%g: expected %s", k[i].bottom, k[i].top,
                     k[i].seen ? "seen" : "blocked");
        assert_int_equal(los_at(s, 9, 1, 1, 1, 0, 20), k[i].seen); /* the same line backwards */
        assert_int_equal(gg_scene_remove_wall(s, id), GG_OK);
    }
    /* A crossing off the 1/16 ft lattice: from x = 0.5 (0 ft) to x = 3.5 (1 ft), a wall at
     * x = 1.5 meets the line at 1/3 ft, between a top of 5/16 and one of 6/16. */
    id = add(s, high_wall(1.5, 0, 1.5, 3, 0.0625, 0.3125));
    assert_true(los_at(s, 0, 1, 3, 1, 0, 1));
    assert_int_equal(gg_scene_remove_wall(s, id), GG_OK);
    id = add(s, high_wall(1.5, 0, 1.5, 3, 0.0625, 0.375));
    assert_false(los_at(s, 0, 1, 3, 1, 0, 1));
    assert_int_equal(gg_scene_remove_wall(s, id), GG_OK);
    /* The viewer's own cell is a vertical line from e0 to e1: a wall through its centre (Nat20
     * blinds the cell) takes part where it overlaps it. */
    id = add(s, high_wall(6.5, 0, 6.5, 3, 20, 30));
    assert_true(los_at(s, 6, 1, 6, 1, 0, 19.9375));
    assert_false(los_at(s, 6, 1, 6, 1, 0, 20));
    gg_scene_destroy(s);
}

static void heights__collinear_contacts_and_the_open_end(void **state)
{
    (void)state;
    /* Nat20 rule: a wall along the line from x = 2 to x = 4 (the line runs from 0.5 to 6.5 at
     * y = 1.5) touches it for t in [1.5/6, 3.5/6]: with e0 = 0, e1 = 12 the contact spans 3..7
     * ft, closed. */
    gg_scene *s = scene_of(8, 3, GG_WALL_RULE_NAT20);
    const struct {
        double bottom, top;
        bool seen;
    } k[] = {{7, 20, false}, {7.0625, 20, true}, {0, 3, false}, {0, 2.9375, true}, {4, 5, false}};
    for (size_t i = 0; i < sizeof k / sizeof k[0]; ++i) {
        gg_wall_id id = add(s, high_wall(2, 1.5, 4, 1.5, k[i].bottom, k[i].top));
        assert_int_equal(los_at(s, 0, 1, 6, 1, 0, 12), k[i].seen);
        assert_int_equal(gg_scene_remove_wall(s, id), GG_OK);
    }
    gg_scene_destroy(s);
    /* Point rule: the line is open at its target. A wall from x = 2.5 to 5 along y = 1.5 meets
     * the line from (0,1) to (3,1) (0.5 .. 3.5) for t in [2/3, 1): with e0 = 0, e1 = 3 its
     * elevations are [2, 3), which a wall from 3 ft up does not reach. */
    s = scene_of(8, 3, GG_WALL_RULE_POINT);
    gg_wall_id id = add(s, high_wall(2.5, 1.5, 5, 1.5, 3, 10));
    assert_true(los_at(s, 0, 1, 3, 1, 0, 3));
    assert_int_equal(gg_scene_remove_wall(s, id), GG_OK);
    id = add(s, high_wall(2.5, 1.5, 5, 1.5, 2.9375, 10));
    assert_false(los_at(s, 0, 1, 3, 1, 0, 3));
    assert_int_equal(gg_scene_remove_wall(s, id), GG_OK);
    /* Falling: e0 = 3, e1 = 0, elevations (0, 1]: a wall up to 0 ft is not reached, from 1 ft
     * down it is. */
    id = add(s, high_wall(2.5, 1.5, 5, 1.5, -5, 0));
    assert_true(los_at(s, 0, 1, 3, 1, 3, 0));
    assert_int_equal(gg_scene_remove_wall(s, id), GG_OK);
    id = add(s, high_wall(2.5, 1.5, 5, 1.5, 1, 2));
    assert_false(los_at(s, 0, 1, 3, 1, 3, 0));
    gg_scene_destroy(s);
}

/* Cover is measured at elevation 0: a low wall (a cover value) standing above it gives none. */
static void heights__cover_walls_above_the_ground_give_no_cover(void **state)
{
    (void)state;
    for (int k = 0; k < 2; ++k) {
        gg_scene *s = scene_of(8, 3, GG_WALL_RULE_NAT20);
        gg_wall_def low = k == 0 ? high_wall(4, 0, 4, 3, 0, 3) : high_wall(4, 0, 4, 3, 10, 13);
        low.cover = GG_COVER_HALF;
        (void)add(s, low);
        gg_cover c = GG_COVER_TOTAL;
        assert_int_equal(gg_scene_cover_between(s, fx_c(1, 1), fx_c(6, 1), NULL, 0, &c), GG_OK);
        assert_int_equal(c, k == 0 ? GG_COVER_HALF : GG_COVER_NONE);
        const gg_body at = gg_body_make(fx_c(1, 1)), to = gg_body_make(fx_c(6, 1));
        gg_cover_def cd = gg_cover_def_default();
        cd.mode = GG_COVER_MODE_CORNERS_2D;
        gg_cover_result res;
        assert_int_equal(gg_scene_cover(s, &at, &to, NULL, 0, &cd, &res, NULL, 0, NULL), GG_OK);
        assert_int_equal(res.degree == GG_COVER_NONE, k == 1);
        gg_scene_destroy(s);
    }
}

/* ---- Heights: elevation 0 and uniform elevations against an oracle --------------------------- */

typedef struct hwall {
    double x1, y1, x2, y2, bottom, top;
    gg_door door;
    uint32_t limited;
} hwall;

static double rand_bound(fx_rng *r, bool low)
{
    switch (fx_below(r, 4)) {
    case 0:
        return low ? -HUGE_VAL : HUGE_VAL;
    default:
        return (double)(fx_below(r, 4) * 5) + (low ? 0.0 : 4.9375);
    }
}

static int32_t random_walls(fx_rng *r, int32_t w, int32_t h, hwall *out, int32_t n)
{
    for (int32_t i = 0; i < n; ++i) {
        hwall *x = &out[i];
        x->x1 = fx_below(r, w + 1) + 0.5 * fx_below(r, 2);
        x->y1 = fx_below(r, h + 1) + 0.5 * fx_below(r, 2);
        x->x2 = x->x1 + (fx_below(r, 5) - 2) * 0.5;
        x->y2 = x->y1 + (fx_below(r, 5) - 2) * 0.5;
        x->bottom = rand_bound(r, true);
        x->top = rand_bound(r, false);
        if (x->bottom > x->top) {
            double t = x->bottom;
            x->bottom = isinf(x->top) ? -HUGE_VAL : x->top - 4.9375;
            x->top = isinf(t) ? HUGE_VAL : t;
        }
        int k = fx_below(r, 8);
        x->door = k == 0 ? GG_DOOR_CLOSED : (k == 1 ? GG_DOOR_OPEN : GG_DOOR_NONE);
        x->limited = k == 2 ? (uint32_t)GG_BLOCKS_SIGHT : 0u;
    }
    return n;
}

/* The walls as given (heights kept), or only those standing at `e` with no heights. */
static gg_scene *build(const hwall *v, int32_t n, int32_t w, int32_t h, gg_wall_rule rule, bool at,
                       double e, const gg_cell *blocked, int32_t nb)
{
    gg_scene *s = scene_of(w, h, rule);
    for (int32_t i = 0; i < nb; ++i)
        assert_int_equal(gg_scene_set_blocked(s, blocked[i], true), GG_OK);
    for (int32_t i = 0; i < n; ++i) {
        gg_wall_def d = high_wall(v[i].x1, v[i].y1, v[i].x2, v[i].y2, v[i].bottom, v[i].top);
        d.door = v[i].door;
        d.limited = v[i].limited;
        if (at) {
            if (!(v[i].bottom <= e && e <= v[i].top))
                continue;
            d.bottom_ft = -HUGE_VAL;
            d.top_ft = HUGE_VAL;
        }
        (void)add(s, d);
    }
    gg_light_def l = gg_light_def_default();
    l.cell = fx_c(w / 2, h / 2);
    l.bright_ft = 10;
    l.dim_ft = 25;
    assert_int_equal(gg_scene_add_light(s, &l, NULL), GG_OK);
    return s;
}

static void heights__uniform_elevations_equal_the_walls_standing_there(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 0x4e16u, "heights__uniform_elevations_equal_the_walls_standing_there");
    const int32_t W = 9, H = 7;
    for (int round = 0; round < 40; ++round) {
        hwall v[14];
        int32_t n = random_walls(&r, W, H, v, 1 + fx_below(&r, 14));
        gg_cell blocked[4];
        int32_t nb = fx_below(&r, 4);
        for (int32_t i = 0; i < nb; ++i)
            blocked[i] = fx_c(fx_below(&r, W), fx_below(&r, H));
        const gg_wall_rule rule = round % 2 ? GG_WALL_RULE_POINT : GG_WALL_RULE_NAT20;
        gg_scene *s = build(v, n, W, H, rule, false, 0, blocked, nb);
        for (int ei = 0; ei < 4; ++ei) {
            const double e = ei * 5.0;
            gg_scene *o = build(v, n, W, H, rule, true, e, blocked, nb);
            gg_view_def view = gg_view_def_default();
            view.eye_elevation_ft = view.target_elevation_ft = e;
            for (int32_t a = 0; a < W * H; ++a) {
                const gg_cell ca = fx_c(a % W, a / W);
                uint64_t got[1], want[1];
                int32_t cg = 0, cw = 0;
                assert_int_equal(gg_scene_visible_cells_view(s, NULL, ca, 15, &view,
                                                             GG_BITSET_REPLACE, got, 1, &cg),
                                 GG_OK);
                assert_int_equal(gg_scene_visible_cells(o, NULL, ca, 15, GG_BITSET_REPLACE, want, 1,
                                                        &cw),
                                 GG_OK);
                if (got[0] != want[0] || cg != cw)
                    fail_msg("round %d, e %g, viewer %d,%d: the view's field differs", round, e,
                             (int)ca.col, (int)ca.row);
                for (int32_t b = 0; b < W * H; ++b) {
                    const gg_cell cb = fx_c(b % W, b / W);
                    bool x = false, y = false;
                    assert_int_equal(gg_scene_has_line_of_sight_view(s, ca, cb, &view, &x), GG_OK);
                    assert_int_equal(gg_scene_has_line_of_sight(o, ca, cb, &y), GG_OK);
                    if (x != y)
                        fail_msg("round %d, e %g: %d,%d -> %d,%d view %d oracle %d", round, e,
                                 (int)ca.col, (int)ca.row, (int)cb.col, (int)cb.row, x, y);
                    if (ei != 0)
                        continue;
                    /* Elevation 0 is every query without a view: sight, steps and light. */
                    assert_int_equal(gg_scene_has_line_of_sight(s, ca, cb, &x), GG_OK);
                    assert_int_equal(x, y);
                    int32_t c1 = 0, c2 = 0;
                    assert_int_equal(gg_scene_edge_distance(s, ca, cb, &c1), GG_OK);
                    assert_int_equal(gg_scene_edge_distance(o, ca, cb, &c2), GG_OK);
                    assert_int_equal(c1, c2);
                }
                if (ei == 0) {
                    gg_light l1, l2;
                    assert_int_equal(gg_scene_light_on_cell(s, ca, &l1), GG_OK);
                    assert_int_equal(gg_scene_light_on_cell(o, ca, &l2), GG_OK);
                    assert_int_equal(l1, l2);
                }
            }
            gg_scene_destroy(o);
        }
        gg_scene_destroy(s);
    }
}

/* Under the Nat20 rule (closed, symmetric) and with no blocked cells (Bresenham's direction),
 * a line from a at e0 to b at e1 is the line from b at e1 to a at e0. */
static void dump(const hwall *v, int32_t n)
{
    for (int32_t i = 0; i < n; ++i)
        print_message("wall %g,%g-%g,%g h %g..%g door %d lim %u\n", v[i].x1, v[i].y1, v[i].x2,
                      v[i].y2, v[i].bottom, v[i].top, (int)v[i].door, (unsigned)v[i].limited);
}

static void heights__a_line_is_the_same_line_backwards(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 0xbac4u, "heights__a_line_is_the_same_line_backwards");
    const int32_t W = 10, H = 8;
    for (int round = 0; round < 30; ++round) {
        hwall v[16];
        int32_t n = random_walls(&r, W, H, v, 1 + fx_below(&r, 16));
        gg_scene *s = build(v, n, W, H, GG_WALL_RULE_NAT20, false, 0, NULL, 0);
        for (int q = 0; q < 300; ++q) {
            const int ac = fx_below(&r, W), ar = fx_below(&r, H);
            const int bc = fx_below(&r, W), br = fx_below(&r, H);
            const double e0 = fx_below(&r, 400) / 16.0, e1 = fx_below(&r, 400) / 16.0;
            if (los_at(s, ac, ar, bc, br, e0, e1) != los_at(s, bc, br, ac, ar, e1, e0)) {
                dump(v, n);
                fail_msg("round %d: %d,%d at %g -> %d,%d at %g", round, ac, ar, e0, bc, br, e1);
            }
        }
        gg_scene_destroy(s);
    }
}

#if defined(__SIZEOF_INT128__)
/* Against an independent computation of the crossing: one wall with heights, a line with two
 * elevations. The 2-D answer comes from the same scene with the wall unbounded; where it blocks
 * and the line is not parallel to the wall, the crossing is found on the wall (u = cross(a - A,
 * d) / cross(w, d)), its point X = A + u w, the line's parameter t = (X - a).d / d.d, and
 * e0 + t (e1 - e0) is compared with the bounds, all in 128-bit rationals. */
static void heights__crossings_equal_an_independent_oracle(void **state)
{
    (void)state;
    __extension__ typedef __int128 i128;
    fx_rng r;
    fx_rng_seed(&r, 0x0ac1eu, "heights__crossings_equal_an_independent_oracle");
    const int32_t W = 12, H = 9;
    const int64_t U = GG_WALL_UNITS_PER_CELL;
    int decided = 0;
    for (int round = 0; round < 4000; ++round) {
        /* A wall on the 1/8-cell grid, heights on the 1/16 ft lattice. */
        const double x1 = fx_below(&r, 8 * W + 1) / 8.0, y1 = fx_below(&r, 8 * H + 1) / 8.0;
        const double x2 = fx_below(&r, 8 * W + 1) / 8.0, y2 = fx_below(&r, 8 * H + 1) / 8.0;
        const int32_t hb = fx_below(&r, 640), ht = hb + fx_below(&r, 640);
        gg_scene *s = scene_of(W, H, GG_WALL_RULE_NAT20);
        gg_wall_id id = add(s, high_wall(x1, y1, x2, y2, hb / 16.0, ht / 16.0));
        gg_scene *flat = scene_of(W, H, GG_WALL_RULE_NAT20);
        (void)add(flat, wall_at(x1, y1, x2, y2));
        (void)id;
        for (int q = 0; q < 8; ++q) {
            const int ac = fx_below(&r, W), ar = fx_below(&r, H);
            const int bc = fx_below(&r, W), br = fx_below(&r, H);
            const int32_t e0 = fx_below(&r, 1280), e1 = fx_below(&r, 1280); /* sixteenths */
            const bool got = los_at(s, ac, ar, bc, br, e0 / 16.0, e1 / 16.0);
            if (fx_los(flat, ac, ar, bc, br)) {
                assert_true(got); /* heights never block more than the wall itself */
                continue;
            }
            const i128 ax = U * ac + U / 2, ay = U * ar + U / 2;
            const i128 dx = U * (bc - ac), dy = U * (br - ar);
            const i128 wax = (i128)(x1 * U), way = (i128)(y1 * U);
            const i128 wx = (i128)(x2 * U) - wax, wy = (i128)(y2 * U) - way;
            i128 du = wx * dy - wy * dx; /* cross(w, d) */
            if (du == 0 || (dx == 0 && dy == 0))
                continue; /* parallel or a point line: the hand-made cases cover them */
            i128 nu = (ax - wax) * dy - (ay - way) * dx; /* cross(a - A, d) */
            if (du < 0)
                du = -du, nu = -nu;
            /* X - a = (A du + nu w - a du) / du; t = (X - a).d / (d.d du) */
            const i128 xx = wax * du + nu * wx - ax * du, xy = way * du + nu * wy - ay * du;
            const i128 tn = xx * dx + xy * dy, td = (dx * dx + dy * dy) * du;
            /* e(t) * td = e0 td + tn (e1 - e0), compared with bound * td (td > 0) */
            const i128 et = (i128)e0 * td + tn * (e1 - e0);
            const bool want = !(et >= (i128)hb * td && et <= (i128)ht * td);
            if (got != want)
                fail_msg("wall %g,%g-%g,%g %d..%d/16 ft: %d,%d at %d/16 -> %d,%d at %d/16: got %d",
                         x1, y1, x2, y2, (int)hb, (int)ht, ac, ar, (int)e0, bc, br, (int)e1, got);
            ++decided;
        }
        gg_scene_destroy(s);
        gg_scene_destroy(flat);
    }
    assert_true(decided > 1000);
}
#endif

/* ---- Movers that open doors ------------------------------------------------------------------ */

/* A 7 x 3 room split by x = 3 with a door at y 1..2. */
static gg_scene *split(gg_door door, bool secret, gg_wall_id *out_door)
{
    gg_scene *s = scene_of(7, 3, GG_WALL_RULE_NAT20);
    (void)add(s, wall_at(3, 0, 3, 1));
    (void)add(s, wall_at(3, 2, 3, 3));
    gg_wall_def d = wall_at(3, 1, 3, 2);
    d.door = door;
    d.secret = secret;
    *out_door = add(s, d);
    return s;
}

static int32_t path_len(const gg_scene *s, gg_scratch *x, const gg_move_def *def)
{
    gg_cell out[32];
    int32_t n = -1;
    assert_int_equal(gg_scene_lowest_cost_path(s, x, fx_c(1, 1), fx_c(5, 1), 0, def, out, 32, &n,
                                               NULL),
                     GG_OK);
    return n;
}

static void doors__movers_open_closed_doors_when_asked(void **state)
{
    (void)state;
    const struct {
        gg_door door;
        bool secret, opens, knows;
        bool passes;
    } k[] = {
        {GG_DOOR_CLOSED, false, false, false, false}, /* Nat20: closed doors block */
        {GG_DOOR_CLOSED, false, true, false, true},   /* the mover opens it */
        {GG_DOOR_LOCKED, false, true, true, false},   /* locked stays shut */
        {GG_DOOR_CLOSED, true, true, false, false},   /* a secret door it does not know: a wall */
        {GG_DOOR_CLOSED, true, true, true, true},     /* one it knows: a door */
        {GG_DOOR_LOCKED, true, true, true, false},
        {GG_DOOR_OPEN, true, false, false, true}, /* an open secret door passes for everyone */
        {GG_DOOR_OPEN, false, false, false, true},
    };
    for (size_t i = 0; i < sizeof k / sizeof k[0]; ++i) {
        gg_wall_id id;
        gg_scene *s = split(k[i].door, k[i].secret, &id);
        gg_scratch *x = NULL;
        assert_int_equal(gg_scratch_create(s, NULL, &x), GG_OK);
        gg_move_def def = gg_move_def_default();
        def.open_doors = k[i].opens;
        def.knows_secret_doors = k[i].knows;
        for (int sz = GG_SIZE_MEDIUM; sz <= GG_SIZE_LARGE; ++sz) {
            def.size = (gg_size)sz;
            const int32_t n = path_len(s, x, &def);
            if ((n > 0) != (k[i].passes && sz == GG_SIZE_MEDIUM))
                fail_msg("case %zu size %d: path of %d cells", i, sz, (int)n);
        }
        def.size = GG_SIZE_MEDIUM;
        if (k[i].passes)
            assert_int_equal(path_len(s, x, &def), 5);
        /* The door itself is unchanged: a query does not open it. */
        gg_wall_def back;
        assert_int_equal(gg_scene_get_wall(s, id, &back), GG_OK);
        assert_int_equal(back.door, k[i].door);
        assert_int_equal(fx_step(s, 2, 1, 3, 1), k[i].door == GG_DOOR_OPEN ? 5 : GG_STEP_ILLEGAL);
        gg_scratch_destroy(x);
        gg_scene_destroy(s);
    }
}

/* The opener's field equals the plain field on the same scene with the doors it opens open. */
static void doors__an_opener_moves_as_if_its_doors_were_open(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 0xd00u, "doors__an_opener_moves_as_if_its_doors_were_open");
    const int32_t W = 11, H = 9;
    for (int round = 0; round < 40; ++round) {
        const gg_wall_rule rule = round % 2 ? GG_WALL_RULE_POINT : GG_WALL_RULE_NAT20;
        const bool knows = fx_below(&r, 2) != 0;
        gg_scene *s = scene_of(W, H, rule), *o = scene_of(W, H, rule);
        for (int i = 0; i < 18; ++i) {
            gg_wall_def d = wall_at(fx_below(&r, W + 1), fx_below(&r, H + 1), 0, 0);
            d.x1 += 0.5 * fx_below(&r, 2);
            d.y1 += 0.5 * fx_below(&r, 2);
            d.x2 = d.x1 + (fx_below(&r, 2) ? 0 : 1 + fx_below(&r, 3));
            d.y2 = d.y1 + (d.x2 != d.x1 ? 0 : 1 + fx_below(&r, 3));
            const int k = fx_below(&r, 5);
            d.door = k == 0 ? GG_DOOR_CLOSED
                            : (k == 1 ? GG_DOOR_LOCKED : (k == 2 ? GG_DOOR_OPEN : GG_DOOR_NONE));
            d.secret = d.door != GG_DOOR_NONE && fx_below(&r, 2) != 0;
            (void)add(s, d);
            if (d.door == GG_DOOR_CLOSED && (!d.secret || knows))
                d.door = GG_DOOR_OPEN;
            (void)add(o, d);
        }
        gg_scratch *xs = NULL, *xo = NULL;
        assert_int_equal(gg_scratch_create(s, NULL, &xs), GG_OK);
        assert_int_equal(gg_scratch_create(o, NULL, &xo), GG_OK);
        gg_move_def opener = gg_move_def_default(), plain = gg_move_def_default();
        opener.open_doors = true;
        opener.knows_secret_doors = knows;
        opener.size = plain.size = fx_below(&r, 3) == 0 ? GG_SIZE_LARGE : GG_SIZE_MEDIUM;
        size_t bytes = 0;
        assert_int_equal(gg_move_field_bytes(s, &opener, &bytes), GG_OK);
        void *ms = aligned_alloc(8, (bytes + 7) / 8 * 8),
             *mo = aligned_alloc(8, (bytes + 7) / 8 * 8);
        assert_true(ms != NULL && mo != NULL);
        const gg_cell origin = fx_c(fx_below(&r, W - 1), fx_below(&r, H - 1));
        gg_move_field *fs = NULL, *fo = NULL;
        assert_int_equal(gg_scene_move_field(s, xs, origin, 0, &opener, ms, bytes, &fs), GG_OK);
        assert_int_equal(gg_scene_move_field(o, xo, origin, 0, &plain, mo, bytes, &fo), GG_OK);
        for (int32_t c = 0; c < W * H; ++c) {
            bool r1 = false, r2 = false;
            gg_metric_cost k1, k2;
            const gg_cell cell = fx_c(c % W, c / W);
            if (gg_move_field_cost(fs, cell, &r1, &k1, NULL) == GG_E_OUT_OF_BOUNDS)
                continue;
            assert_int_equal(gg_move_field_cost(fo, cell, &r2, &k2, NULL), GG_OK);
            if (r1 != r2 || k1.feet != k2.feet)
                fail_msg("round %d: cell %d,%d opener %d/%lld, open doors %d/%lld", round,
                         (int)cell.col, (int)cell.row, r1, (long long)k1.feet, r2,
                         (long long)k2.feet);
        }
        free(ms);
        free(mo);
        gg_scratch_destroy(xs);
        gg_scratch_destroy(xo);
        gg_scene_destroy(s);
        gg_scene_destroy(o);
    }
}

/* A def from the 0.2 header ends before open_doors: what lies beyond is not read. */
static void doors__move_def_from_the_0_2_header_reads_new_fields_as_defaults(void **state)
{
    (void)state;
    gg_wall_id id;
    gg_scene *s = split(GG_DOOR_CLOSED, false, &id);
    gg_scratch *x = NULL;
    assert_int_equal(gg_scratch_create(s, NULL, &x), GG_OK);
    gg_move_def def = gg_move_def_default();
    def.struct_size = (uint32_t)offsetof(gg_move_def, open_doors);
    def.open_doors = true; /* bytes past the old struct */
    def.knows_secret_doors = true;
    assert_int_equal(path_len(s, x, &def), 0); /* read as false: the door blocks */
    def.struct_size = (uint32_t)offsetof(gg_move_def, open_doors) + 1;
    gg_cell out[8];
    int32_t n = 0;
    assert_int_equal(gg_scene_lowest_cost_path(s, x, fx_c(1, 1), fx_c(5, 1), 0, &def, out, 8, &n,
                                               NULL),
                     GG_E_BAD_DEF);
    gg_scratch_destroy(x);
    gg_scene_destroy(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(secret__kept_through_add_get_list_and_set_door),
        cmocka_unit_test(heights__lattice_and_order_are_checked),
        cmocka_unit_test(heights__a_balcony_sees_over_a_low_wall),
        cmocka_unit_test(heights__bounds_are_closed_and_crossings_exact),
        cmocka_unit_test(heights__collinear_contacts_and_the_open_end),
        cmocka_unit_test(heights__cover_walls_above_the_ground_give_no_cover),
        cmocka_unit_test(heights__uniform_elevations_equal_the_walls_standing_there),
        cmocka_unit_test(heights__a_line_is_the_same_line_backwards),
#if defined(__SIZEOF_INT128__)
        cmocka_unit_test(heights__crossings_equal_an_independent_oracle),
#endif
        cmocka_unit_test(doors__movers_open_closed_doors_when_asked),
        cmocka_unit_test(doors__an_opener_moves_as_if_its_doors_were_open),
        cmocka_unit_test(doors__move_def_from_the_0_2_header_reads_new_fields_as_defaults),
    };
    return cmocka_run_group_tests_name("topology/wall_kinds", tests, NULL, NULL);
}
