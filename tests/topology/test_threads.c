/* test_threads.c - many threads read one scene at once, each with its own scratch, and get the
 * answers a single thread gets (run it under TSan: meson setup -Db_sanitize=thread). */
#include "topo_fixture.h"

#include <pthread.h>

#define N_THREADS 4
#define W 48
#define H 40

typedef struct job {
    const gg_scene *scene;
    uint64_t seed;
    uint64_t digest; /* a hash of every answer, compared across runs */
} job;

static uint64_t mix(uint64_t h, uint64_t v) { return (h ^ v) * 0x100000001B3ull; }

static void *worker(void *arg)
{
    job *j = (job *)arg;
    gg_scratch *x = NULL;
    if (gg_scratch_create(j->scene, &x) != GG_OK)
        return NULL;
    fx_rng r = {j->seed};
    uint64_t h = 1469598103934665603ull;
    gg_cell path[W * H];
    gg_reach reach[W * H];
    for (int q = 0; q < 400; ++q) {
        gg_cell a = gg_cell_make((int32_t)fx_below(&r, W), (int32_t)fx_below(&r, H));
        gg_cell b = gg_cell_make((int32_t)fx_below(&r, W), (int32_t)fx_below(&r, H));
        bool v = false;
        gg_cover c = GG_COVER_NONE;
        int32_t n = 0;
        if (gg_scene_has_line_of_sight(j->scene, a, b, &v) == GG_OK)
            h = mix(h, v);
        if (gg_scene_cover_between(j->scene, a, b, NULL, 0, &c) == GG_OK)
            h = mix(h, (uint64_t)c);
        if (gg_scene_shortest_path(j->scene, x, a, b, NULL, 0, path, W * H, &n) == GG_OK)
            for (int32_t k = 0; k < n; ++k)
                h = mix(h, (uint64_t)(path[k].col * 1000 + path[k].row));
        if (gg_scene_reachable(j->scene, x, a, 25, NULL, 0, reach, W * H, &n) == GG_OK)
            for (int32_t k = 0; k < n; ++k)
                h = mix(h, (uint64_t)reach[k].cost_ft);
    }
    gg_scratch_destroy(x);
    j->digest = h;
    return NULL;
}

static void threads__concurrent_readers_agree_with_one_reader(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 31337, "threads__concurrent_readers_agree_with_one_reader");
    gg_scene *s = fx_scene(W, H, NULL);
    for (int k = 0; k < 300; ++k)
        assert_int_equal(gg_scene_set_blocked(s, gg_cell_make((int32_t)fx_below(&r, W),
                                                              (int32_t)fx_below(&r, H)), true),
                         GG_OK);
    for (int k = 0; k < 200; ++k) {
        double x = fx_below(&r, W + 1), y = fx_below(&r, H + 1);
        fx_wall(s, x, y, x + (double)fx_below(&r, 5) - 2, y + (double)fx_below(&r, 5) - 2);
    }
    job solo[N_THREADS], many[N_THREADS];
    for (int t = 0; t < N_THREADS; ++t) {
        solo[t].scene = many[t].scene = s;
        solo[t].seed = many[t].seed = 1000 + (uint64_t)t;
        solo[t].digest = many[t].digest = 0;
        worker(&solo[t]);
    }
    pthread_t th[N_THREADS];
    for (int t = 0; t < N_THREADS; ++t)
        assert_int_equal(pthread_create(&th[t], NULL, worker, &many[t]), 0);
    for (int t = 0; t < N_THREADS; ++t)
        assert_int_equal(pthread_join(th[t], NULL), 0);
    for (int t = 0; t < N_THREADS; ++t) {
        assert_true(solo[t].digest != 0);
        assert_true(solo[t].digest == many[t].digest);
    }
    gg_scene_destroy(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(threads__concurrent_readers_agree_with_one_reader),
    };
    return cmocka_run_group_tests_name("topology/threads", tests, NULL, NULL);
}
