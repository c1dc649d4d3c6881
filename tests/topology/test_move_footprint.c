/* test_move_footprint.c - footprints (Large, Huge) and other creatures in cost-aware movement:
 * exhaustive small maps for gaps, walls, difficult terrain entered once, passing rules (Nat20 and
 * SRD 5.2), never ending on another creature. */
#include "move_fixture.h"

static int64_t path_feet(fixture *f, const gg_move_def *def, gg_cell a, gg_cell b, int32_t *count)
{
    gg_cell out[128];
    gg_metric_cost c;
    assert_int_equal(gg_scene_lowest_cost_path(f->scene, f->scratch, a, b, 0, def, out, 128, count,
                                               &c),
                     GG_OK);
    return *count == 0 ? -1 : c.feet;
}

/* Brute force: the box (x0,y0)-(x1,y1), inclusive, holds no blocked cell of `pat`. */
static bool open_box(uint32_t pat, int32_t w, int32_t x0, int32_t y0, int32_t x1, int32_t y1)
{
    for (int32_t y = y0; y <= y1; ++y)
        for (int32_t x = x0; x <= x1; ++x)
            if ((pat >> (y * w + x)) & 1u)
                return false;
    return true;
}

/* Every 4x4 and 5x3 blocked pattern: a Large creature reaches exactly the anchors that a
 * brute force reaches when a step needs the whole bounding box of its old and new footprint
 * open (so it never passes a one-cell gap nor cuts a blocked corner), at 5 ft per step. */
static void move_footprint__large_never_passes_one_cell_gap_exhaustive(void **state)
{
    (void)state;
    const int32_t dims[2][2] = {{4, 4}, {5, 3}};
    for (int k = 0; k < 2; ++k) {
        int32_t w = dims[k][0], h = dims[k][1], n = w * h;
        fixture f = fx_make(fx_open(w, h));
        gg_move_def def = gg_move_def_default();
        def.size = GG_SIZE_LARGE;
        int32_t aw = w - 1, ah = h - 1; /* anchors */
        for (uint32_t pat = 0; pat < (1u << n); ++pat) {
            for (int32_t i = 0; i < n; ++i)
                assert_int_equal(gg_scene_set_blocked(f.scene, fx_c(i % w, i / w), (pat >> i) & 1u),
                                 GG_OK);
            for (int32_t o = 0; o < aw * ah; ++o) {
                gg_cell origin = fx_c(o % aw, o / aw);
                /* A start is never checked (as in Nat20); only open starts are compared. */
                if (!open_box(pat, w, origin.col, origin.row, origin.col + 1, origin.row + 1))
                    continue;
                int32_t dist[16];
                for (int32_t i = 0; i < aw * ah; ++i)
                    dist[i] = -1;
                dist[o] = 0;
                for (int32_t round = 0; round < aw * ah; ++round)
                    for (int32_t i = 0; i < aw * ah; ++i) {
                        if (dist[i] != round)
                            continue;
                        int32_t c = i % aw, r = i / aw;
                        for (int dc = -1; dc <= 1; ++dc)
                            for (int dr = -1; dr <= 1; ++dr) {
                                int32_t nc = c + dc, nr = r + dr;
                                if ((dc == 0 && dr == 0) || nc < 0 || nr < 0 || nc >= aw ||
                                    nr >= ah || dist[nr * aw + nc] >= 0)
                                    continue;
                                int32_t x0 = c < nc ? c : nc, y0 = r < nr ? r : nr;
                                if (!open_box(pat, w, x0, y0, x0 + 1 + (dc != 0),
                                              y0 + 1 + (dr != 0)))
                                    continue;
                                dist[nr * aw + nc] = round + 1;
                            }
                    }
                gg_move_field *field = fx_field(&f, &def, origin, 0);
                for (int32_t i = 0; i < aw * ah; ++i) {
                    bool reached = false;
                    gg_metric_cost c;
                    assert_int_equal(gg_move_field_cost(field, fx_c(i % aw, i / aw), &reached, &c,
                                                        NULL),
                                     GG_OK);
                    if (reached != (dist[i] >= 0) || (reached && c.feet != 5 * dist[i]))
                        fail_msg("pattern %#x origin %d,%d anchor %d,%d: reached %d (%lld ft), "
                                 "brute force %d",
                                 (unsigned)pat, (int)origin.col, (int)origin.row, (int)(i % aw),
                                 (int)(i / aw), (int)reached, (long long)c.feet, (int)dist[i]);
                }
            }
        }
        fx_free(&f);
    }
}

/* A row of blocked cells with a gap: 1 wide stops Large, 2 wide lets it through; Huge needs 3. */
static void move_footprint__gap_widths(void **state)
{
    (void)state;
    static const char *const rows1[] = {"........", "........", "###.####", "........", "........"};
    static const char *const rows2[] = {"........", "........", "###..###", "........", "........"};
    static const char *const rows3[] = {".........", ".........", ".........", "###...###",
                                        ".........", ".........", "........."};
    gg_move_def def = gg_move_def_default();
    int32_t n = 0;
    fixture f = fx_make(fx_map(rows1, 5));
    assert_true(path_feet(&f, &def, fx_c(3, 0), fx_c(3, 4), &n) == 20);
    def.size = GG_SIZE_LARGE;
    assert_true(path_feet(&f, &def, fx_c(3, 0), fx_c(3, 3), &n) == -1);
    fx_free(&f);
    f = fx_make(fx_map(rows2, 5));
    assert_true(path_feet(&f, &def, fx_c(3, 0), fx_c(3, 3), &n) == 15);
    fx_free(&f);
    f = fx_make(fx_map(rows3, 7));
    def.size = GG_SIZE_HUGE;
    assert_true(path_feet(&f, &def, fx_c(3, 0), fx_c(3, 4), &n) == 20);
    /* The same scene with a narrower gap. */
    assert_int_equal(gg_scene_set_blocked(f.scene, fx_c(5, 3), true), GG_OK);
    assert_true(path_feet(&f, &def, fx_c(3, 0), fx_c(3, 4), &n) == -1);
    def.size = GG_SIZE_LARGE;
    assert_true(path_feet(&f, &def, fx_c(3, 0), fx_c(3, 4), &n) == 20);
    fx_free(&f);
}

/* Walls stop every covered cell: a wall with a one-cell opening stops Large, and a wall may
 * not cut through the footprint where it stands. */
static void move_footprint__walls(void **state)
{
    (void)state;
    fixture f = fx_make(fx_open(8, 6));
    fx_wall(f.scene, 0, 3, 3, 3);
    fx_wall(f.scene, 4, 3, 8, 3); /* a one-cell opening at column 3 */
    gg_move_def def = gg_move_def_default();
    int32_t n = 0;
    assert_true(path_feet(&f, &def, fx_c(3, 1), fx_c(3, 4), &n) == 15);
    def.size = GG_SIZE_LARGE;
    assert_true(path_feet(&f, &def, fx_c(3, 0), fx_c(3, 4), &n) == -1);
    fx_free(&f);
    f = fx_make(fx_open(8, 6));
    fx_wall(f.scene, 0, 3, 3, 3);
    fx_wall(f.scene, 5, 3, 8, 3); /* two cells open: columns 3 and 4 */
    assert_true(path_feet(&f, &def, fx_c(3, 0), fx_c(3, 4), &n) == 20);
    fx_free(&f);
    /* A short wall inside a 2x2 area: the footprint can never stand across it. */
    f = fx_make(fx_open(6, 6));
    fx_wall(f.scene, 3, 2, 3, 3);
    gg_move_def d2 = gg_move_def_default();
    d2.size = GG_SIZE_LARGE;
    gg_move_field *field = fx_field(&f, &d2, fx_c(0, 0), 0);
    bool reached = true;
    gg_metric_cost c;
    assert_int_equal(gg_move_field_cost(field, fx_c(2, 2), &reached, &c, NULL), GG_OK);
    assert_false(reached);
    assert_int_equal(gg_move_field_cost(field, fx_c(2, 1), &reached, &c, NULL), GG_OK);
    assert_false(reached);
    assert_int_equal(gg_move_field_cost(field, fx_c(3, 2), &reached, &c, NULL), GG_OK);
    assert_true(reached);
    fx_free(&f);
}

/* A Large creature crossing a one-wide difficult column pays once: when it enters. */
static void move_footprint__difficult_paid_when_entered(void **state)
{
    (void)state;
    static const char *const rows[] = {".....", ".....", "..~..", "..~..", "....."};
    fixture f = fx_make(fx_map(rows, 5));
    gg_move_def def = gg_move_def_default();
    def.size = GG_SIZE_LARGE;
    const gg_cell route[4] = {{0, 2}, {1, 2}, {2, 2}, {3, 2}};
    gg_metric_cost c;
    int32_t legal = 0;
    assert_int_equal(gg_scene_route_cost(f.scene, route, 4, 0, &def, &c, &legal), GG_OK);
    assert_int_equal(legal, 3);
    assert_int_equal(c.feet, 10 + 5 + 5);
    assert_int_equal(c.steps, 3);
    fx_free(&f);
}

/* The mover's side (set in each def) and another side. */
#define MOVER_SIDE 1
#define ENEMY_SIDE 2

static gg_body other(int32_t col, int32_t row, gg_size size, bool ally)
{
    gg_body o = gg_body_make(fx_c(col, row));
    o.size = size;
    o.side = ally ? MOVER_SIDE : ENEMY_SIDE;
    return o;
}

/* Nat20: allies passable, enemies not, never end on anyone. */
static void move_footprint__allies_pass_enemies_block(void **state)
{
    (void)state;
    static const char *const rows[] = {"#######", ".......", "#######"};
    fixture f = fx_make(fx_map(rows, 3));
    gg_body o = other(3, 1, GG_SIZE_MEDIUM, true);
    gg_move_def def = gg_move_def_default();
    def.others = &o;
    def.side = MOVER_SIDE;
    def.other_count = 1;
    int32_t n = 0;
    assert_true(path_feet(&f, &def, fx_c(0, 1), fx_c(6, 1), &n) == 30);
    assert_true(path_feet(&f, &def, fx_c(0, 1), fx_c(3, 1), &n) == -1); /* can't end on it */
    assert_int_equal(n, 0);
    gg_move_field *field = fx_field(&f, &def, fx_c(0, 1), 0);
    bool reached = false, can_end = true;
    gg_metric_cost c;
    assert_int_equal(gg_move_field_cost(field, fx_c(3, 1), &reached, &c, &can_end), GG_OK);
    assert_true(reached);
    assert_false(can_end);
    gg_cell out[8];
    assert_int_equal(gg_move_field_path(field, fx_c(3, 1), out, 8, &n), GG_OK);
    assert_int_equal(n, 0);
    gg_move_reach ov[16];
    assert_int_equal(gg_scene_move_overlay(f.scene, f.scratch, fx_c(0, 1), 0, 20, &def, ov, 16, &n),
                     GG_OK);
    assert_int_equal(n, 5);
    assert_false(ov[3].can_end);
    assert_true(ov[4].can_end);
    o.side = ENEMY_SIDE;
    assert_true(path_feet(&f, &def, fx_c(0, 1), fx_c(6, 1), &n) == -1);
    /* GG_SIDE_NONE (the default mover side) is nobody's ally, not even another GG_SIDE_NONE. */
    o.side = GG_SIDE_NONE;
    def.side = GG_SIDE_NONE;
    assert_true(path_feet(&f, &def, fx_c(0, 1), fx_c(6, 1), &n) == -1);
    def.side = MOVER_SIDE;
    /* Occupied-difficult (SRD 5.2): an ally's space is not difficult. */
    o.side = MOVER_SIDE;
    def.occupied_difficult = true;
    assert_true(path_feet(&f, &def, fx_c(0, 1), fx_c(6, 1), &n) == 30);
    fx_free(&f);
}

/* SRD 5.2 "Moving Around Other Creatures": Tiny, Incapacitated and two-sizes-apart creatures
 * are passable with pass_size_apart; their spaces are difficult with occupied_difficult unless
 * Tiny. */
static void move_footprint__srd52_passing_rules(void **state)
{
    (void)state;
    static const char *const rows[] = {"#######", ".......", "#######"};
    fixture f = fx_make(fx_map(rows, 3));
    gg_body o = other(3, 1, GG_SIZE_TINY, false);
    gg_move_def def = gg_move_def_default();
    def.others = &o;
    def.side = MOVER_SIDE;
    def.other_count = 1;
    int32_t n = 0;
    assert_true(path_feet(&f, &def, fx_c(0, 1), fx_c(6, 1), &n) == -1); /* Nat20: enemy blocks */
    def.pass_size_apart = true;
    assert_true(path_feet(&f, &def, fx_c(0, 1), fx_c(6, 1), &n) == 30); /* Tiny */
    o.size = GG_SIZE_SMALL;                                             /* one size apart */
    assert_true(path_feet(&f, &def, fx_c(0, 1), fx_c(6, 1), &n) == -1);
    o.conditions = GG_CONDITION_INCAPACITATED;
    assert_true(path_feet(&f, &def, fx_c(0, 1), fx_c(6, 1), &n) == 30);
    def.occupied_difficult = true; /* a Small enemy's space is difficult: +5 */
    assert_true(path_feet(&f, &def, fx_c(0, 1), fx_c(6, 1), &n) == 35);
    o.size = GG_SIZE_TINY; /* a Tiny creature's space is never difficult */
    assert_true(path_feet(&f, &def, fx_c(0, 1), fx_c(6, 1), &n) == 30);
    fx_free(&f);

    /* Two sizes apart: a Tiny mover and a Medium enemy; a Medium mover under a Huge enemy. */
    static const char *const rows5[] = {"#########", ".........", ".........", ".........",
                                        "#########"};
    f = fx_make(fx_map(rows5, 5));
    gg_body huge = other(3, 1, GG_SIZE_HUGE, false);
    gg_move_def d2 = gg_move_def_default();
    d2.others = &huge;
    d2.side = MOVER_SIDE;
    d2.other_count = 1;
    d2.pass_size_apart = true;
    assert_true(path_feet(&f, &d2, fx_c(0, 2), fx_c(8, 2), &n) == 40);
    d2.size = GG_SIZE_LARGE; /* one size apart: blocked (the corridor is 3 tall, all covered) */
    assert_true(path_feet(&f, &d2, fx_c(0, 1), fx_c(7, 1), &n) == -1);
    fx_free(&f);
}

/* A Large mover may not end where any of its cells overlaps another creature. */
static void move_footprint__large_never_ends_overlapping(void **state)
{
    (void)state;
    fixture f = fx_make(fx_open(6, 6));
    gg_body o = other(3, 3, GG_SIZE_MEDIUM, true);
    gg_move_def def = gg_move_def_default();
    def.size = GG_SIZE_LARGE;
    def.others = &o;
    def.side = MOVER_SIDE;
    def.other_count = 1;
    int32_t n = 0;
    assert_true(path_feet(&f, &def, fx_c(0, 0), fx_c(2, 2), &n) == -1);
    assert_true(path_feet(&f, &def, fx_c(0, 0), fx_c(3, 2), &n) == -1);
    assert_true(path_feet(&f, &def, fx_c(0, 0), fx_c(4, 4), &n) == 20);
    fx_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(move_footprint__large_never_passes_one_cell_gap_exhaustive),
        cmocka_unit_test(move_footprint__gap_widths),
        cmocka_unit_test(move_footprint__walls),
        cmocka_unit_test(move_footprint__difficult_paid_when_entered),
        cmocka_unit_test(move_footprint__allies_pass_enemies_block),
        cmocka_unit_test(move_footprint__srd52_passing_rules),
        cmocka_unit_test(move_footprint__large_never_ends_overlapping),
    };
    return cmocka_run_group_tests_name("topology/move_footprint", tests, NULL, NULL);
}
