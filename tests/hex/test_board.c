/* test_board.c - hex boards: creation, tiles present or missing, validation, allocation.
 * Layer: hex (tests). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <math.h>

#include <cmocka.h>

#include "gridgeom/hex.h"
#include "test_alloc.h"

static gg_hex_board_def small_def(void)
{
    gg_hex_board_def d = gg_hex_board_def_default();
    d.origin = gg_hex_make(-3, -3);
    d.q_count = 7;
    d.r_count = 7;
    return d;
}

static void board__create_rejects_bad_defs(void **state)
{
    (void)state;
    gg_hex_board *b = (gg_hex_board *)1;
    gg_hex_board_def d = small_def();
    assert_int_equal(gg_hex_board_create(NULL, &b), GG_E_INVALID_ARG);
    assert_null(b);
    assert_int_equal(gg_hex_board_create(&d, NULL), GG_E_INVALID_ARG);
    gg_hex_board_def z = {0};
    assert_int_equal(gg_hex_board_create(&z, &b), GG_E_BAD_DEF);
    d.q_count = 0;
    assert_int_equal(gg_hex_board_create(&d, &b), GG_E_INVALID_ARG);
    d = small_def();
    d.r_count = -2;
    assert_int_equal(gg_hex_board_create(&d, &b), GG_E_INVALID_ARG);
    d = small_def();
    d.origin = gg_hex_make(INT32_MAX - 2, 0);
    assert_int_equal(gg_hex_board_create(&d, &b), GG_E_INVALID_ARG);
    d = small_def();
    d.q_count = 5000;
    d.r_count = 5000;
    assert_int_equal(gg_hex_board_create(&d, &b), GG_E_TOO_LARGE);
    gg_allocator half = {NULL, NULL, NULL};
    d = small_def();
    d.allocator = &half;
    assert_int_equal(gg_hex_board_create(&d, &b), GG_E_INVALID_ARG);
    assert_null(b);
    gg_hex_board_destroy(NULL);
}

static void board__create_survives_each_failed_allocation(void **state)
{
    (void)state;
    for (long fail_at = 0;; ++fail_at) {
        gg_test_alloc fa;
        gg_test_alloc_init(&fa, fail_at);
        gg_hex_board_def d = small_def();
        d.allocator = &fa.iface;
        gg_hex_board *b = NULL;
        gg_status s = gg_hex_board_create(&d, &b);
        if (s == GG_OK) {
            gg_hex_scratch *sc = NULL;
            for (long k = 0;; ++k) {
                fa.fail_at = fa.calls + k;
                gg_status s2 = gg_hex_scratch_create(b, &sc);
                if (s2 == GG_OK)
                    break;
                assert_int_equal(s2, GG_E_NO_MEMORY);
                assert_null(sc);
            }
            gg_hex_scratch_destroy(sc);
            gg_hex_board_destroy(b);
            assert_int_equal(fa.live_bytes, 0);
            break;
        }
        assert_int_equal(s, GG_E_NO_MEMORY);
        assert_null(b);
        assert_int_equal(fa.live_bytes, 0);
    }
}

static void board__tiles_are_present_or_missing(void **state)
{
    (void)state;
    gg_hex_board_def d = small_def();
    gg_hex_board *b = NULL;
    assert_int_equal(gg_hex_board_create(&d, &b), GG_OK);
    gg_hex_tile t = gg_hex_tile_default(), got;
    assert_false(gg_hex_board_tile(b, gg_hex_make(0, 0), &got));
    t.ground = -2.5;
    t.obstruction = 3.0;
    t.density = 0.25;
    t.move_cost = 2.0;
    t.blocks_move = true;
    assert_int_equal(gg_hex_board_set_tile(b, gg_hex_make(3, -3), &t), GG_OK);
    assert_true(gg_hex_board_tile(b, gg_hex_make(3, -3), &got));
    assert_true(got.ground == -2.5 && got.obstruction == 3.0 && got.density == 0.25);
    assert_true(got.move_cost == 2.0 && got.blocks_move);
    assert_int_equal(gg_hex_board_remove_tile(b, gg_hex_make(3, -3)), GG_OK);
    assert_false(gg_hex_board_tile(b, gg_hex_make(3, -3), &got));
    assert_int_equal(gg_hex_board_set_tile(b, gg_hex_make(4, 0), &t), GG_E_OUT_OF_BOUNDS);
    assert_int_equal(gg_hex_board_set_tile(b, gg_hex_make(0, -4), &t), GG_E_OUT_OF_BOUNDS);
    assert_int_equal(gg_hex_board_remove_tile(b, gg_hex_make(INT32_MIN, 0)), GG_E_OUT_OF_BOUNDS);
    assert_false(gg_hex_board_tile(b, gg_hex_make(INT32_MAX, INT32_MAX), &got));
    assert_false(gg_hex_board_tile(NULL, gg_hex_make(0, 0), &got));
    assert_false(gg_hex_board_tile(b, gg_hex_make(0, 0), NULL));
    gg_hex_board_destroy(b);
}

static void board__set_tile_validates_values(void **state)
{
    (void)state;
    gg_hex_board_def d = small_def();
    gg_hex_board *b = NULL;
    assert_int_equal(gg_hex_board_create(&d, &b), GG_OK);
    gg_hex_tile bad[8];
    for (int i = 0; i < 8; ++i)
        bad[i] = gg_hex_tile_default();
    bad[0].ground = (double)NAN;
    bad[1].ground = -HUGE_VAL;
    bad[2].obstruction = -0.5;
    bad[3].obstruction = HUGE_VAL;
    bad[4].density = -1.0;
    bad[5].density = (double)NAN;
    bad[6].move_cost = -1.0;
    bad[7].move_cost = HUGE_VAL;
    for (int i = 0; i < 8; ++i)
        assert_int_equal(gg_hex_board_set_tile(b, gg_hex_make(0, 0), &bad[i]), GG_E_INVALID_ARG);
    gg_hex_tile ok = gg_hex_tile_default();
    assert_int_equal(gg_hex_board_set_tile(NULL, gg_hex_make(0, 0), &ok), GG_E_INVALID_ARG);
    assert_int_equal(gg_hex_board_set_tile(b, gg_hex_make(0, 0), NULL), GG_E_INVALID_ARG);
    assert_int_equal(gg_hex_board_remove_tile(NULL, gg_hex_make(0, 0)), GG_E_INVALID_ARG);
    gg_hex_tile got;
    assert_false(gg_hex_board_tile(b, gg_hex_make(0, 0), &got));
    gg_hex_board_destroy(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(board__create_rejects_bad_defs),
        cmocka_unit_test(board__create_survives_each_failed_allocation),
        cmocka_unit_test(board__tiles_are_present_or_missing),
        cmocka_unit_test(board__set_tile_validates_values),
    };
    return cmocka_run_group_tests_name("hex/board", tests, NULL, NULL);
}
