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

/* One stand-in query through the loop, and what the loop must have done. */
typedef struct grow_case {
    const char *what;
    int32_t need, grow_by; /* the stand-in's answer */
    bool answers_partial;  /* ... as a prefix and GG_PARTIAL */
    int32_t first;         /* the handler's first guess (0: ask) */
    bool partial;          /* the handler grows on GG_PARTIAL */
    gg_status want;
    int32_t calls;   /* calls made */
    int32_t caps[2]; /* their capacities */
    int32_t written; /* elements 1, 2, 3 ... in the array at the end */
} grow_case;

static const grow_case k_cases[] = {
    {"the first guess is enough", 10, 0, false, 64, false, GG_OK, 1, {64, 0}, 10},
    {"too small: grown to the count asked", 300, 0, false, 64, false, GG_OK, 2, {64, 300}, 300},
    {"asking first: no array, then the count", 7, 0, false, 0, false, GG_OK, 2, {0, 7}, 7},
    {"asking first, an empty answer: one call", 0, 0, false, 0, false, GG_OK, 1, {0, 0}, 0},
    {"a prefix is an answer unless asked", 100, 0, true, 16, false, GG_PARTIAL, 1, {16, 0}, 16},
    {"GG_PARTIAL grows when asked", 100, 0, true, 16, true, GG_OK, 2, {16, 100}, 100},
    {"never a third call", 50, 10, false, 8, false, GG_E_BUFFER_TOO_SMALL, 2, {8, 50}, 0},
};

static void grow__each_case_calls_as_it_should(void **state)
{
    (void)state;
    for (size_t k = 0; k < sizeof k_cases / sizeof *k_cases; k++) {
        const grow_case *t = &k_cases[k];
        env e;
        env_init(&e, -1);
        stand_in q = {t->need, t->grow_by, t->answers_partial, 0, {0}, {false}};
        gg_cli_grow g;
        if (run(&e, &g, &q, t->first, t->partial) != t->want || q.calls != t->calls)
            fail_msg("%s: %d calls", t->what, q.calls);
        for (int32_t i = 0; i < t->calls; i++) {
            assert_int_equal(q.caps[i], t->caps[i]);
            assert_int_equal(q.null[i], t->caps[i] == 0); /* capacity 0 comes with NULL */
        }
        const int32_t *v = g.buf[0];
        for (int32_t i = 0; i < t->written; i++)
            assert_int_equal(v[i], i + 1);
        gg_cli_grow_free(&g);
        assert_int_equal(e.ta.live_blocks, 0);
    }
}

/* A path and its flags (two arrays) through the loop, for a query that needs `need` of each and
 * fills both when it has room; counts the calls. */
static gg_status pair_loop(env *e, gg_cli_grow *g, int32_t need, int32_t *calls)
{
    gg_cli_grow_init(g, &e->c, 4, sizeof(int32_t), sizeof(bool));
    gg_status st = GG_E_NO_MEMORY;
    int32_t count = 0;
    *calls = 0;
    while (gg_cli_grow_next(g, st, count)) {
        ++*calls;
        assert_non_null(g->buf[0]);
        assert_non_null(g->buf[1]);
        count = need;
        st = g->cap < count ? GG_E_BUFFER_TOO_SMALL : GG_OK;
        if (st == GG_OK) /* the whole of both arrays is there (ASan checks) */
            for (int32_t i = 0; i < count; i++) {
                ((int32_t *)g->buf[0])[i] = i;
                ((bool *)g->buf[1])[i] = true;
            }
    }
    return st;
}

static void grow__two_arrays_grow_together(void **state)
{
    (void)state;
    env e;
    env_init(&e, -1);
    gg_cli_grow g;
    int32_t calls = 0;
    assert_int_equal(pair_loop(&e, &g, 9, &calls), GG_OK);
    assert_int_equal(calls, 2);
    assert_int_equal(g.cap, 9);
    assert_int_equal(e.ta.live_blocks, 2);
    gg_cli_grow_free(&g);
    assert_int_equal(e.ta.live_blocks, 0);
}

static void grow__failed_allocation_stops_with_a_message(void **state)
{
    (void)state;
    /* allocation 0 and 1: the first guess's two arrays; 2: the first grown one */
    for (long fail = 0; fail < 3; fail++) {
        env e;
        env_init(&e, fail);
        gg_cli_grow g;
        int32_t calls = 0;
        (void)pair_loop(&e, &g, 20, &calls);
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
        cmocka_unit_test(grow__each_case_calls_as_it_should),
        cmocka_unit_test(grow__two_arrays_grow_together),
        cmocka_unit_test(grow__failed_allocation_stops_with_a_message),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
