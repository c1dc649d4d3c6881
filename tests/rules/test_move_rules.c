/* test_move_rules.c - move planning, the opportunity attack schedule, push and flee
 * (src/rules/move_rules.c). Scenes follow the Nat20 hand vectors (model §14). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "rules_fixture.h"

/* hand/move: 7x5, blocked 3,0, wall x=5 for y 0..3, difficult 2,2 and 2,3. */
static gg_scene *move_scene(void)
{
    static const char *const map[] = {
        "...#...", ".......", "..~....", "..~....", ".......",
    };
    gg_scene *s = fx_map(map, 5);
    fx_wall(s, 5, 0, 5, 3);
    return s;
}

typedef struct plan {
    gg_status st;
    gg_move_result res;
    int32_t n, cost;
    gg_cell path[64];
} plan;

static plan plan_of(const gg_scene *s, gg_scratch *x, const gg_creature *cr, int32_t n,
                    gg_cell dest, int32_t capacity)
{
    plan p;
    p.st = gg_rules_plan_move(s, x, cr, n, 0, dest, p.path, capacity, &p.n, &p.cost, &p.res);
    return p;
}

static void move_rules__plan_move_reasons_in_order(void **state)
{
    (void)state;
    gg_scene *s = move_scene();
    gg_scratch *x = NULL;
    assert_non_null(s);
    assert_int_equal(gg_scratch_create(s, NULL, &x), GG_OK);
    gg_creature cr[3] = {fx_at(0, 0, 0), fx_at(1, 1, 0), fx_at(6, 4, 1)};

    plan p = plan_of(s, x, cr, 1, gg_cell_make(4, 4), 64);
    assert_int_equal(p.st, GG_OK);
    assert_int_equal(p.res, GG_MOVE_OK);
    assert_int_equal(p.n, 5); /* 0,0 1,1 2,2 3,3 4,4 through difficult 2,2 */
    assert_int_equal(p.cost, 25);
    assert_true(gg_cell_eq(p.path[2], gg_cell_make(2, 2)));

    cr[0].speed_ft = 0;
    assert_int_equal(plan_of(s, x, cr, 1, gg_cell_make(1, 0), 64).res, GG_MOVE_SPEED_ZERO);
    cr[0].speed_ft = 30;
    assert_int_equal(plan_of(s, x, cr, 1, gg_cell_make(0, 0), 64).res, GG_MOVE_NOT_ADJACENT);
    cr[0].tracked = false;
    assert_int_equal(plan_of(s, x, cr, 1, gg_cell_make(1, 0), 64).res, GG_MOVE_NOT_ADJACENT);
    cr[0].tracked = true;
    assert_int_equal(plan_of(s, x, cr, 2, gg_cell_make(1, 1), 64).res, GG_MOVE_OCCUPIED);
    cr[1].alive = false; /* a dead creature's cell is free */
    assert_int_equal(plan_of(s, x, cr, 2, gg_cell_make(1, 1), 64).res, GG_MOVE_OK);
    cr[1].alive = true;

    cr[0] = fx_at(4, 1, 0);
    assert_int_equal(plan_of(s, x, cr, 1, gg_cell_make(5, 1), 64).res, GG_MOVE_BLOCKED_PATH);
    cr[0] = fx_at(4, 0, 0);
    assert_int_equal(plan_of(s, x, cr, 1, gg_cell_make(3, 1), 64).res, GG_MOVE_BLOCKED_PATH);
    cr[0] = fx_at(2, 0, 0); /* a blocked destination is not adjacent: unreachable */
    assert_int_equal(plan_of(s, x, cr, 1, gg_cell_make(3, 0), 64).res, GG_MOVE_UNREACHABLE);
    assert_int_equal(plan_of(s, x, cr, 1, gg_cell_make(7, 0), 64).res, GG_MOVE_UNREACHABLE);

    cr[0] = fx_at(0, 0, 0);
    cr[0].movement_left_ft = 10;
    assert_int_equal(plan_of(s, x, cr, 1, gg_cell_make(3, 3), 64).res,
                     GG_MOVE_INSUFFICIENT_MOVEMENT);
    cr[0] = fx_at(1, 2, 0);
    p = plan_of(s, x, cr, 1, gg_cell_make(3, 2), 64);
    assert_int_equal(p.res, GG_MOVE_OK);
    assert_int_equal(p.cost, 10); /* 1,2 2,1 3,2 */

    /* Frightened: the destination, then the route. */
    gg_creature f[2] = {fx_at(2, 4, 0), fx_at(6, 4, 1)};
    f[0].frightened_by = 1;
    assert_int_equal(plan_of(s, x, f, 2, gg_cell_make(3, 4), 64).res, GG_MOVE_FRIGHTENED);
    assert_int_equal(plan_of(s, x, f, 2, gg_cell_make(1, 4), 64).res, GG_MOVE_OK);
    f[1].alive = false; /* a dead source frightens nobody */
    assert_int_equal(plan_of(s, x, f, 2, gg_cell_make(3, 4), 64).res, GG_MOVE_OK);
    f[0] = fx_at(0, 4, 0);
    f[0].frightened_by = 1;
    f[1] = fx_at(0, 0, 1);
    assert_int_equal(plan_of(s, x, f, 2, gg_cell_make(4, 4), 64).res, GG_MOVE_FRIGHTENED);

    /* Enemies block the way, allies do not. */
    gg_creature w[6] = {fx_at(0, 2, 0), fx_at(1, 0, 1), fx_at(1, 1, 1),
                        fx_at(1, 2, 1), fx_at(1, 3, 1), fx_at(1, 4, 1)};
    assert_int_equal(plan_of(s, x, w, 6, gg_cell_make(3, 2), 64).res, GG_MOVE_UNREACHABLE);
    for (int i = 1; i < 6; i++)
        w[i].body.side = 0;
    assert_int_equal(plan_of(s, x, w, 6, gg_cell_make(3, 2), 64).res, GG_MOVE_OK);
    gg_scratch_destroy(x);
    gg_scene_destroy(s);
}

static void move_rules__plan_move_buffer_and_errors(void **state)
{
    (void)state;
    gg_scene *s = move_scene();
    gg_scratch *x = NULL;
    assert_non_null(s);
    assert_int_equal(gg_scratch_create(s, NULL, &x), GG_OK);
    gg_creature cr[1] = {fx_at(0, 0, 0)};
    plan p = plan_of(s, x, cr, 1, gg_cell_make(4, 4), 2);
    assert_int_equal(p.st, GG_E_BUFFER_TOO_SMALL);
    assert_int_equal(p.n, 5);
    cr[0].movement_left_ft = 10; /* too long to afford: the verdict needs no buffer */
    p = plan_of(s, x, cr, 1, gg_cell_make(4, 4), 2);
    assert_int_equal(p.st, GG_OK);
    assert_int_equal(p.res, GG_MOVE_INSUFFICIENT_MOVEMENT);

    gg_cell path[8];
    int32_t n = 0, cost = 0;
    gg_move_result res = GG_MOVE_OK;
    gg_cell d = gg_cell_make(1, 0);
    assert_int_equal(gg_rules_plan_move(s, x, cr, 1, 0, d, path, 8, NULL, &cost, &res),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_plan_move(s, x, cr, 1, 0, d, path, 8, &n, NULL, &res),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_plan_move(s, x, cr, 1, 0, d, path, 8, &n, &cost, NULL),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_plan_move(s, NULL, cr, 1, 0, d, path, 8, &n, &cost, &res),
                     GG_E_INVALID_ARG);
    assert_int_equal(res, GG_MOVE_UNREACHABLE);
    assert_int_equal(gg_rules_plan_move(s, x, cr, 1, 1, d, path, 8, &n, &cost, &res),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_plan_move(s, x, cr, 1, 0, d, path, -1, &n, &cost, &res),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_plan_move(s, x, cr, 1, 0, d, NULL, 8, &n, &cost, &res),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_plan_move(NULL, x, cr, 1, 0, d, path, 8, &n, &cost, &res),
                     GG_E_INVALID_ARG);
    cr[0].struct_size = 1;
    assert_int_equal(gg_rules_plan_move(s, x, cr, 1, 0, d, path, 8, &n, &cost, &res), GG_E_BAD_DEF);

    assert_string_equal(gg_rules_move_result_name(GG_MOVE_OK), "ok");
    assert_string_equal(gg_rules_move_result_name(GG_MOVE_SPEED_ZERO), "speed_zero");
    assert_string_equal(gg_rules_move_result_name(GG_MOVE_NOT_ADJACENT), "not_adjacent");
    assert_string_equal(gg_rules_move_result_name(GG_MOVE_OCCUPIED), "occupied");
    assert_string_equal(gg_rules_move_result_name(GG_MOVE_FRIGHTENED), "frightened");
    assert_string_equal(gg_rules_move_result_name(GG_MOVE_BLOCKED_PATH), "blocked_path");
    assert_string_equal(gg_rules_move_result_name(GG_MOVE_UNREACHABLE), "unreachable");
    assert_string_equal(gg_rules_move_result_name(GG_MOVE_INSUFFICIENT_MOVEMENT),
                        "insufficient_movement");
    assert_string_equal(gg_rules_move_result_name((gg_move_result)99), "unknown");
    gg_scratch_destroy(x);
    gg_scene_destroy(s);
}

/* hand/oa: 8x3, wall x=6; hero walks 1,1 2,2 3,2 4,2 5,1 5,0. */
enum { HERO, GOB, PIKE, ALLY, BLIND, WALLED, N_OA };

static gg_scene *oa_scene(gg_creature cr[N_OA])
{
    gg_scene *s = fx_open(8, 3);
    fx_wall(s, 6, 0, 6, 3);
    cr[HERO] = fx_at(1, 1, 0);
    cr[GOB] = fx_at(2, 1, 1);
    cr[PIKE] = fx_at(3, 0, 1);
    cr[PIKE].reach_ft = 10;
    cr[ALLY] = fx_at(1, 2, 0);
    cr[BLIND] = fx_at(5, 2, 1);
    cr[BLIND].body.conditions = GG_CONDITION_BLINDED;
    cr[WALLED] = fx_at(6, 1, 1);
    return s;
}

static const gg_cell k_walk[6] = {{1, 1}, {2, 2}, {3, 2}, {4, 2}, {5, 1}, {5, 0}};

static int32_t schedule(const gg_scene *s, const gg_creature *cr, gg_oa_event *ev)
{
    int32_t n = -1;
    assert_int_equal(gg_rules_opportunity_schedule(s, cr, N_OA, HERO, k_walk, 6, ev, N_OA, &n),
                     GG_OK);
    return n;
}

static void move_rules__opportunity_schedule_matches_nat20(void **state)
{
    (void)state;
    gg_creature cr[N_OA];
    gg_scene *s = oa_scene(cr);
    assert_non_null(s);
    gg_oa_event ev[N_OA];
    assert_int_equal(schedule(s, cr, ev), 1);
    assert_int_equal(ev[0].step, 2); /* leaving 3,2 for 4,2 */
    assert_int_equal(ev[0].reactor, GOB);

    gg_creature c2[N_OA];
    memcpy(c2, cr, sizeof c2);
    c2[HERO].disengaging = true;
    assert_int_equal(schedule(s, c2, ev), 0);
    memcpy(c2, cr, sizeof c2);
    c2[HERO].body.conditions = GG_CONDITION_INVISIBLE;
    assert_int_equal(schedule(s, c2, ev), 0);
    memcpy(c2, cr, sizeof c2);
    c2[GOB].reaction_available = false;
    assert_int_equal(schedule(s, c2, ev), 0);
    memcpy(c2, cr, sizeof c2);
    c2[GOB].body.conditions = GG_CONDITION_INCAPACITATED;
    assert_int_equal(schedule(s, c2, ev), 0);
    memcpy(c2, cr, sizeof c2);
    c2[GOB].charmed_by = HERO;
    assert_int_equal(schedule(s, c2, ev), 0);
    memcpy(c2, cr, sizeof c2);
    c2[GOB].reach_ft = 0;
    assert_int_equal(schedule(s, c2, ev), 0);
    memcpy(c2, cr, sizeof c2);
    c2[GOB].body.side = 0;
    assert_int_equal(schedule(s, c2, ev), 0);
    /* The blinded reactor sees with blindsight; the walled one never has line of sight. */
    memcpy(c2, cr, sizeof c2);
    c2[BLIND].senses.blindsight_ft = 10;
    assert_int_equal(schedule(s, c2, ev), 2);
    assert_int_equal(ev[1].reactor, BLIND);
    assert_int_equal(ev[1].step, 4);

    /* Circling inside reach never provokes. */
    const gg_cell circle[7] = {{1, 1}, {1, 0}, {2, 0}, {3, 1}, {3, 2}, {2, 2}, {1, 1}};
    int32_t n = -1;
    assert_int_equal(gg_rules_opportunity_schedule(s, cr, N_OA, HERO, circle, 7, ev, N_OA, &n),
                     GG_OK);
    assert_int_equal(n, 0);
    gg_scene_destroy(s);
}

static void move_rules__a_reactor_attacks_once(void **state)
{
    (void)state;
    gg_scene *s = fx_open(9, 3);
    assert_non_null(s);
    gg_creature cr[2] = {fx_at(0, 1, 0), fx_at(2, 1, 1)};
    /* Leaves the goblin's reach, comes back, leaves again. */
    const gg_cell route[4] = {{1, 1}, {0, 1}, {1, 1}, {0, 0}};
    gg_oa_event ev[2];
    int32_t n = -1;
    assert_int_equal(gg_rules_opportunity_schedule(s, cr, 2, 0, route, 4, ev, 2, &n), GG_OK);
    assert_int_equal(n, 1);
    assert_int_equal(ev[0].step, 0);
    gg_scene_destroy(s);
}

static void move_rules__opportunity_schedule_rejects_bad_arguments(void **state)
{
    (void)state;
    gg_creature cr[N_OA];
    gg_scene *s = oa_scene(cr);
    assert_non_null(s);
    gg_oa_event ev[N_OA];
    int32_t n = 5;
    assert_int_equal(gg_rules_opportunity_schedule(s, cr, N_OA, HERO, k_walk, 6, ev, 0, &n),
                     GG_E_BUFFER_TOO_SMALL);
    assert_int_equal(n, 1);
    assert_int_equal(gg_rules_opportunity_schedule(s, cr, N_OA, HERO, k_walk, 6, ev, N_OA, NULL),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_opportunity_schedule(s, cr, N_OA, -1, k_walk, 6, ev, N_OA, &n),
                     GG_E_INVALID_ARG);
    assert_int_equal(n, 0);
    assert_int_equal(gg_rules_opportunity_schedule(s, cr, N_OA, HERO, NULL, 6, ev, N_OA, &n),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_opportunity_schedule(s, cr, N_OA, HERO, k_walk, -1, ev, N_OA, &n),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_opportunity_schedule(s, cr, N_OA, HERO, k_walk, 6, NULL, 3, &n),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_opportunity_schedule(s, cr, N_OA, HERO, k_walk, 6, ev, -1, &n),
                     GG_E_INVALID_ARG);
    const gg_cell off[2] = {{1, 1}, {1, 3}};
    assert_int_equal(gg_rules_opportunity_schedule(s, cr, N_OA, HERO, off, 2, ev, N_OA, &n),
                     GG_E_OUT_OF_BOUNDS);
    assert_int_equal(gg_rules_opportunity_schedule(s, cr, N_OA, HERO, k_walk, 0, ev, N_OA, &n),
                     GG_OK);
    assert_int_equal(n, 0);
    gg_scene_destroy(s);
}

static void move_rules__push_stops_at_creatures_and_walls(void **state)
{
    (void)state;
    static const char *const map[] = {
        "......", "......", "....#.", "......", "......", "......",
    };
    gg_scene *s = fx_map(map, 6);
    assert_non_null(s);
    gg_creature cr[3] = {fx_at(1, 2, 0), fx_at(2, 2, 1), fx_at(5, 5, 1)};
    gg_cell out[8];
    int32_t n = -1;
    assert_int_equal(gg_rules_push(s, cr, 3, 0, 1, 15, out, 8, &n), GG_OK);
    assert_int_equal(n, 1); /* 3,2; then 4,2 is blocked */
    assert_true(gg_cell_eq(out[0], gg_cell_make(3, 2)));
    cr[0] = fx_at(0, 0, 0);
    cr[1] = fx_at(1, 1, 1);
    cr[2] = fx_at(3, 3, 1); /* a creature in the way */
    assert_int_equal(gg_rules_push(s, cr, 3, 0, 1, 10, out, 8, &n), GG_OK);
    assert_int_equal(n, 1);
    cr[2].alive = false;
    assert_int_equal(gg_rules_push(s, cr, 3, 0, 1, 10, out, 8, &n), GG_OK);
    assert_int_equal(n, 2);
    assert_int_equal(gg_rules_push(s, cr, 3, 0, 1, 10, out, 1, &n), GG_E_BUFFER_TOO_SMALL);
    assert_int_equal(n, 2);
    assert_int_equal(gg_rules_push(s, cr, 3, 1, 1, 10, out, 8, &n), GG_OK);
    assert_int_equal(n, 0);
    assert_int_equal(gg_rules_push(s, cr, 3, 0, 1, -5, out, 8, &n), GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_push(s, cr, 3, 0, 3, 5, out, 8, &n), GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_push(s, cr, 3, 0, 1, 5, NULL, 8, &n), GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_push(s, cr, 3, 0, 1, 5, out, 8, NULL), GG_E_INVALID_ARG);
    cr[1].tracked = false;
    assert_int_equal(gg_rules_push(s, cr, 3, 0, 1, 5, out, 8, &n), GG_E_OUT_OF_BOUNDS);
    gg_scene_destroy(s);
}

static gg_status flee(const gg_scene *s, gg_scratch *x, const gg_flee_def *d, gg_cell *out,
                      int32_t cap, int32_t *n)
{
    static gg_reach work[256];
    return gg_rules_flee_route(s, x, d, work, 256, out, cap, n);
}

static void move_rules__flee_route_matches_nat20(void **state)
{
    (void)state;
    static const char *const map[] = {
        "........", "........", "........", "...#....",
        "........", "........", "........", "........",
    };
    gg_scene *s = fx_map(map, 8);
    gg_scratch *x = NULL;
    assert_non_null(s);
    assert_int_equal(gg_scratch_create(s, NULL, &x), GG_OK);
    gg_cell threat = gg_cell_make(1, 1);
    gg_flee_def d = gg_flee_def_default();
    d.start = gg_cell_make(2, 2);
    d.budget_ft = 15;
    d.threats = &threat;
    d.threat_count = 1;
    d.avoid = &threat;
    d.avoid_count = 1;
    d.occupied = &threat;
    d.occupied_count = 1;
    gg_cell out[8];
    int32_t n = -1;
    assert_int_equal(flee(s, x, &d, out, 8, &n), GG_OK);
    assert_int_equal(n, 4); /* 2,2 1,3 0,4 0,5 */
    assert_true(gg_cell_eq(out[1], gg_cell_make(1, 3)));
    assert_true(gg_cell_eq(out[3], gg_cell_make(0, 5)));
    assert_int_equal(flee(s, x, &d, out, 3, &n), GG_E_BUFFER_TOO_SMALL);
    assert_int_equal(n, 4);
    gg_reach small[2];
    assert_int_equal(gg_rules_flee_route(s, x, &d, small, 2, out, 8, &n), GG_E_BUFFER_TOO_SMALL);
    assert_int_equal(n, 0);
    int32_t wc = 0;
    assert_int_equal(gg_rules_flee_work_capacity(s, 15, &wc), GG_OK);
    assert_int_equal(wc, 49);
    assert_int_equal(gg_rules_flee_work_capacity(s, 1000, &wc), GG_OK);
    assert_int_equal(wc, 64);
    assert_int_equal(gg_rules_flee_work_capacity(s, -1, &wc), GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_flee_work_capacity(NULL, 5, &wc), GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_flee_work_capacity(s, 5, NULL), GG_E_INVALID_ARG);

    /* Ties: farther first, then cheaper, then smaller column, then row (integers). */
    gg_scene *wide = fx_open(12, 3);
    gg_scratch *wx = NULL;
    assert_non_null(wide);
    assert_int_equal(gg_scratch_create(wide, NULL, &wx), GG_OK);
    gg_cell threats[2] = {{5, 0}, {5, 2}};
    gg_flee_def w = gg_flee_def_default();
    w.start = gg_cell_make(5, 1);
    w.budget_ft = 25;
    w.threats = threats;
    w.threat_count = 2;
    assert_int_equal(flee(wide, wx, &w, out, 8, &n), GG_OK);
    assert_int_equal(n, 6);
    assert_true(gg_cell_eq(out[5], gg_cell_make(0, 0)));
    /* All threats off the map: nothing to flee from. */
    gg_cell far[1] = {{-3, 0}};
    w.threats = far;
    w.threat_count = 1;
    assert_int_equal(flee(wide, wx, &w, out, 8, &n), GG_OK);
    assert_int_equal(n, 0);
    gg_scratch_destroy(wx);
    gg_scene_destroy(wide);

    /* Cornered. */
    gg_scene *tiny = fx_open(2, 2);
    gg_scratch *tx = NULL;
    assert_non_null(tiny);
    assert_int_equal(gg_scratch_create(tiny, NULL, &tx), GG_OK);
    gg_cell t0 = gg_cell_make(0, 0);
    gg_flee_def c = gg_flee_def_default();
    c.start = gg_cell_make(1, 1);
    c.budget_ft = 30;
    c.threats = &t0;
    c.threat_count = 1;
    c.avoid = &t0;
    c.avoid_count = 1;
    c.occupied = &t0;
    c.occupied_count = 1;
    assert_int_equal(flee(tiny, tx, &c, out, 8, &n), GG_OK);
    assert_int_equal(n, 0);
    gg_scratch_destroy(tx);
    gg_scene_destroy(tiny);
    gg_scratch_destroy(x);
    gg_scene_destroy(s);
}

static void move_rules__flee_route_rejects_bad_arguments(void **state)
{
    (void)state;
    gg_scene *s = fx_open(4, 4);
    gg_scratch *x = NULL;
    assert_non_null(s);
    assert_int_equal(gg_scratch_create(s, NULL, &x), GG_OK);
    gg_cell t = gg_cell_make(0, 0), out[4];
    gg_flee_def d = gg_flee_def_default();
    d.start = gg_cell_make(1, 1);
    d.budget_ft = 5;
    d.threats = &t;
    d.threat_count = 1;
    int32_t n = -1;
    assert_int_equal(flee(s, x, &d, out, 4, NULL), GG_E_INVALID_ARG);
    assert_int_equal(flee(NULL, x, &d, out, 4, &n), GG_E_INVALID_ARG);
    assert_int_equal(flee(s, NULL, &d, out, 4, &n), GG_E_INVALID_ARG);
    assert_int_equal(flee(s, x, NULL, out, 4, &n), GG_E_INVALID_ARG);
    assert_int_equal(flee(s, x, &d, NULL, 4, &n), GG_E_INVALID_ARG);
    assert_int_equal(flee(s, x, &d, out, -1, &n), GG_E_INVALID_ARG);
    gg_flee_def b = d;
    b.struct_size = 0;
    assert_int_equal(flee(s, x, &b, out, 4, &n), GG_E_BAD_DEF);
    b = d;
    b.threat_count = 0;
    assert_int_equal(flee(s, x, &b, out, 4, &n), GG_E_INVALID_ARG);
    b = d;
    b.budget_ft = -5;
    assert_int_equal(flee(s, x, &b, out, 4, &n), GG_E_INVALID_ARG);
    b = d;
    b.avoid_count = 2;
    assert_int_equal(flee(s, x, &b, out, 4, &n), GG_E_INVALID_ARG);
    b = d;
    b.occupied_count = -1;
    assert_int_equal(flee(s, x, &b, out, 4, &n), GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_flee_route(s, x, &d, NULL, 4, out, 4, &n), GG_E_INVALID_ARG);
    b = d;
    b.start = gg_cell_make(4, 0);
    assert_int_equal(flee(s, x, &b, out, 4, &n), GG_E_OUT_OF_BOUNDS);
    gg_scratch_destroy(x);
    gg_scene_destroy(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(move_rules__plan_move_reasons_in_order),
        cmocka_unit_test(move_rules__plan_move_buffer_and_errors),
        cmocka_unit_test(move_rules__opportunity_schedule_matches_nat20),
        cmocka_unit_test(move_rules__a_reactor_attacks_once),
        cmocka_unit_test(move_rules__opportunity_schedule_rejects_bad_arguments),
        cmocka_unit_test(move_rules__push_stops_at_creatures_and_walls),
        cmocka_unit_test(move_rules__flee_route_matches_nat20),
        cmocka_unit_test(move_rules__flee_route_rejects_bad_arguments),
    };
    return cmocka_run_group_tests_name("rules/move_rules", tests, NULL, NULL);
}
