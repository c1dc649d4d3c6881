/* test_cli_grow.c - grow and retry (grow.h), the op handlers' one loop for caller arrays, against
 * a stand-in query that needs a set number of elements: one call when the first guess is room
 * enough, a second with exactly the count asked for, asking first with no arrays, GG_PARTIAL
 * only when the handler says so, never a third call, two parallel arrays, and an allocation that
 * fails (message set, nothing leaked; the counting allocator must balance). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "grow.h"
#include "test_alloc.h"

typedef struct stand_in {
    int32_t need;    /* elements the answer has */
    int32_t grow_by; /* the answer grows by this much at each call (a moving target) */
    bool partial;    /* answers a prefix and GG_PARTIAL instead of GG_E_BUFFER_TOO_SMALL */
    int32_t calls;
    int32_t caps[4]; /* the capacity of each call */
    bool null[4];    /* whether its array was NULL */
} stand_in;

/* Writes 1, 2, 3 ... when there is room; otherwise says how many it needs. */
static gg_status query(stand_in *q, int32_t *out, int32_t cap, int32_t *count)
{
    q->caps[q->calls] = cap;
    q->null[q->calls] = out == NULL;
    q->calls++;
    const int32_t need = q->need;
    q->need += q->grow_by;
    *count = need;
    if (cap < need && !q->partial)
        return GG_E_BUFFER_TOO_SMALL;
    for (int32_t i = 0; i < need && i < cap; i++)
        out[i] = i + 1;
    return cap < need ? GG_PARTIAL : GG_OK;
}

typedef struct env {
    gg_test_alloc ta;
    gg_cli_ctx ctx;
    char msg[256];
    gg_cli_call c;
} env;

static void env_init(env *e, long fail_at)
{
    memset(e, 0, sizeof *e);
    gg_test_alloc_init(&e->ta, fail_at);
    e->ctx.mem = &e->ta.iface;
    e->c.ctx = &e->ctx;
    e->c.msg = e->msg;
    e->c.cap = sizeof e->msg;
}

/* Runs the loop as the handlers do; returns the last status. */
static gg_status run(env *e, gg_cli_grow *g, stand_in *q, int32_t first, bool partial)
{
    gg_cli_grow_init(g, &e->c, first, sizeof(int32_t), 0);
    g->partial = partial;
    gg_status st = GG_E_NO_MEMORY;
    int32_t count = 0;
    while (gg_cli_grow_next(g, st, count))
        st = query(q, g->buf[0], g->cap, &count);
    return st;
}

static void check_values(const gg_cli_grow *g, int32_t n)
{
    const int32_t *v = g->buf[0];
    assert_non_null(v);
    for (int32_t i = 0; i < n; i++)
        assert_int_equal(v[i], i + 1);
}

static void grow__first_guess_is_enough(void **state)
{
    (void)state;
    env e;
    env_init(&e, -1);
    stand_in q = {10, 0, false, 0, {0}, {false}};
    gg_cli_grow g;
    assert_int_equal(run(&e, &g, &q, 64, false), GG_OK);
    assert_int_equal(q.calls, 1);
    assert_int_equal(q.caps[0], 64);
    check_values(&g, 10);
    gg_cli_grow_free(&g);
    assert_int_equal(e.ta.live_blocks, 0);
}

static void grow__too_small_grows_to_the_count_asked(void **state)
{
    (void)state;
    env e;
    env_init(&e, -1);
    stand_in q = {300, 0, false, 0, {0}, {false}};
    gg_cli_grow g;
    assert_int_equal(run(&e, &g, &q, 64, false), GG_OK);
    assert_int_equal(q.calls, 2);
    assert_int_equal(q.caps[0], 64);
    assert_int_equal(q.caps[1], 300);
    assert_int_equal(g.cap, 300);
    check_values(&g, 300);
    gg_cli_grow_free(&g);
    assert_int_equal(e.ta.live_blocks, 0);
}

static void grow__asking_first_passes_no_array(void **state)
{
    (void)state;
    env e;
    env_init(&e, -1);
    stand_in q = {7, 0, false, 0, {0}, {false}};
    gg_cli_grow g;
    assert_int_equal(run(&e, &g, &q, 0, false), GG_OK);
    assert_int_equal(q.calls, 2);
    assert_true(q.null[0]);
    assert_int_equal(q.caps[0], 0);
    assert_false(q.null[1]);
    assert_int_equal(q.caps[1], 7);
    check_values(&g, 7);
    gg_cli_grow_free(&g);
    /* an empty answer: one call, no array at all */
    stand_in empty = {0, 0, false, 0, {0}, {false}};
    assert_int_equal(run(&e, &g, &empty, 0, false), GG_OK);
    assert_int_equal(empty.calls, 1);
    assert_null(g.buf[0]);
    gg_cli_grow_free(&g);
    assert_int_equal(e.ta.live_blocks, 0);
    assert_int_equal(e.ta.calls, 1);
}

static void grow__partial_grows_only_when_asked(void **state)
{
    (void)state;
    env e;
    env_init(&e, -1);
    gg_cli_grow g;
    stand_in q = {100, 0, true, 0, {0}, {false}};
    assert_int_equal(run(&e, &g, &q, 16, false), GG_PARTIAL); /* a prefix is an answer */
    assert_int_equal(q.calls, 1);
    check_values(&g, 16);
    gg_cli_grow_free(&g);
    stand_in p = {100, 0, true, 0, {0}, {false}};
    assert_int_equal(run(&e, &g, &p, 16, true), GG_OK);
    assert_int_equal(p.calls, 2);
    assert_int_equal(p.caps[1], 100);
    check_values(&g, 100);
    gg_cli_grow_free(&g);
    assert_int_equal(e.ta.live_blocks, 0);
}

static void grow__never_a_third_call(void **state)
{
    (void)state;
    env e;
    env_init(&e, -1);
    gg_cli_grow g;
    stand_in q = {50, 10, false, 0, {0}, {false}}; /* needs more at every call */
    assert_int_equal(run(&e, &g, &q, 8, false), GG_E_BUFFER_TOO_SMALL);
    assert_int_equal(q.calls, 2);
    assert_int_equal(q.caps[1], 50);
    gg_cli_grow_free(&g);
    assert_int_equal(e.ta.live_blocks, 0);
}

static void grow__two_arrays_grow_together(void **state)
{
    (void)state;
    env e;
    env_init(&e, -1);
    gg_cli_grow g;
    gg_cli_grow_init(&g, &e.c, 4, sizeof(int32_t), sizeof(bool));
    gg_status st = GG_E_NO_MEMORY;
    int32_t count = 0, calls = 0;
    while (gg_cli_grow_next(&g, st, count)) {
        calls++;
        assert_non_null(g.buf[0]);
        assert_non_null(g.buf[1]);
        count = 9;
        st = g.cap < count ? GG_E_BUFFER_TOO_SMALL : GG_OK;
        if (st == GG_OK) {
            bool *flags = g.buf[1];
            for (int32_t i = 0; i < count; i++)
                flags[i] = true; /* the whole second array is there (ASan checks) */
        }
    }
    assert_int_equal(st, GG_OK);
    assert_int_equal(calls, 2);
    assert_int_equal(e.ta.live_blocks, 2);
    gg_cli_grow_free(&g);
    assert_int_equal(e.ta.live_blocks, 0);
}

static void grow__failed_allocation_stops_with_a_message(void **state)
{
    (void)state;
    for (long fail = 0; fail < 3; fail++) { /* the first guess, the grown first, the second */
        env e;
        env_init(&e, fail);
        gg_cli_grow g;
        gg_cli_grow_init(&g, &e.c, 4, sizeof(int32_t), sizeof(bool));
        gg_status st = GG_E_NO_MEMORY;
        int32_t count = 0, calls = 0;
        while (gg_cli_grow_next(&g, st, count)) {
            calls++;
            count = 20;
            st = g.cap < count ? GG_E_BUFFER_TOO_SMALL : GG_OK;
        }
        assert_true(g.failed);
        assert_int_equal(calls, fail < 2 ? 0 : 1);
        assert_null(g.buf[0]);
        assert_null(g.buf[1]);
        assert_non_null(strstr(e.msg, "out of memory"));
        assert_int_equal(e.ta.live_blocks, 0);
        gg_cli_grow_free(&g); /* harmless after a failure */
        assert_int_equal(e.ta.live_blocks, 0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(grow__first_guess_is_enough),
        cmocka_unit_test(grow__too_small_grows_to_the_count_asked),
        cmocka_unit_test(grow__asking_first_passes_no_array),
        cmocka_unit_test(grow__partial_grows_only_when_asked),
        cmocka_unit_test(grow__never_a_third_call),
        cmocka_unit_test(grow__two_arrays_grow_together),
        cmocka_unit_test(grow__failed_allocation_stops_with_a_message),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
