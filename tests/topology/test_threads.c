/* test_threads.c - many threads read one scene at once, each with its own scratch, and get the
 * answers a single thread gets (run it under TSan: meson setup -Db_sanitize=thread). The second
 * test does it on a real map (tests/data/maps, through the io importer) with every const query
 * family: sight, cover, field of view and what a creature sees, light, the visibility matrix,
 * Nat20 paths and reach, cost fields, A*, overlays, route pricing, the three cover modes, areas,
 * push, and the rules layer. docs/threading.md lists what it covers. */
#include "fixture.h"

#include <pthread.h>

#include "gridgeom/rules.h"
#ifdef GG_TEST_HAVE_IO
#include "gridgeom/io.h"
#endif

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
    if (gg_scratch_create(j->scene, NULL, &x) != GG_OK)
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
        assert_int_equal(gg_scene_set_blocked(s,
                                              gg_cell_make((int32_t)fx_below(&r, W),
                                                           (int32_t)fx_below(&r, H)),
                                              true),
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

/* ---- Every const query family on a real map -------------------------------------------------- */

#define FAM_QUERIES 24
#define FAM_CREATURES 5

typedef struct fam_job {
    const gg_scene *scene;
    uint64_t seed;
    uint64_t digest;
    int32_t failed; /* a query that should have answered did not (checked by the main thread) */
} fam_job;

static uint64_t mix_cost(uint64_t h, gg_metric_cost c)
{
    return mix(mix(mix(h, (uint64_t)c.feet), (uint64_t)c.root2_feet), (uint64_t)c.steps);
}

static uint64_t mix_bits(uint64_t h, const uint64_t *bits, size_t words)
{
    for (size_t k = 0; k < words; ++k)
        h = mix(h, bits[k]);
    return h;
}

#define OK(call)                                                                                   \
    do {                                                                                           \
        gg_status st_ = (call);                                                                    \
        h = mix(h, (uint64_t)st_);                                                                 \
        if (st_ != GG_OK && st_ != GG_PARTIAL)                                                     \
            j->failed++;                                                                           \
    } while (0)

static gg_cell any_cell(fx_rng *r, int32_t w, int32_t h)
{
    return gg_cell_make((int32_t)fx_below(r, (uint32_t)w), (int32_t)fx_below(r, (uint32_t)h));
}

static void *family_worker(void *arg)
{
    fam_job *j = (fam_job *)arg;
    const gg_scene *s = j->scene;
    const int32_t w = gg_scene_width(s), ht = gg_scene_height(s);
    gg_scratch *x = NULL;
    if (gg_scratch_create(s, NULL, &x) != GG_OK) {
        j->failed++;
        return NULL;
    }
    const size_t words = gg_scene_bitset_words(s);
    const size_t cells = (size_t)w * (size_t)ht;
    uint64_t *bits = calloc(words, sizeof *bits);
    gg_cell *path = calloc(cells + 1, sizeof *path);
    gg_reach *reach = calloc(cells, sizeof *reach);
    gg_move_reach *overlay = calloc(cells, sizeof *overlay);
    gg_move_def mdef = gg_move_def_default();
    size_t field_bytes = 0;
    if (gg_move_field_bytes(s, &mdef, &field_bytes) != GG_OK)
        j->failed++;
    gg_move_def alt = mdef;
    alt.metric = GG_METRIC_ALTERNATING;
    size_t alt_bytes = 0;
    if (gg_move_field_bytes(s, &alt, &alt_bytes) != GG_OK)
        j->failed++;
    if (alt_bytes > field_bytes)
        field_bytes = alt_bytes;
    void *field_mem = aligned_alloc(8, (field_bytes + 7) / 8 * 8);
    if (bits == NULL || path == NULL || reach == NULL || overlay == NULL || field_mem == NULL) {
        j->failed++;
        goto done;
    }
    fx_rng r = {j->seed};
    uint64_t h = 1469598103934665603ull;
    for (int q = 0; q < FAM_QUERIES; ++q) {
        gg_cell a = any_cell(&r, w, ht);
        gg_cell b = any_cell(&r, w, ht);
        bool v = false;
        int32_t n = 0;
        /* Sight, can_see, light. */
        OK(gg_scene_has_line_of_sight(s, a, b, &v));
        h = mix(h, v);
        gg_senses sn = gg_senses_none();
        sn.darkvision_ft = 60;
        OK(gg_scene_can_see(s, a, b, &sn, &v));
        h = mix(h, v);
        gg_light light = GG_LIGHT_DEFAULT;
        OK(gg_scene_light_on_cell(s, b, &light));
        h = mix(h, (uint64_t)light);
        OK(gg_scene_source_light_on_cell(s, b, &light));
        h = mix(h, (uint64_t)light);
        /* Field of view and what a creature sees. */
        OK(gg_scene_visible_cells(s, x, a, (int32_t)(30 + 5 * q), GG_BITSET_REPLACE, bits, words,
                                  &n));
        h = mix_bits(mix(h, (uint64_t)n), bits, words);
        OK(gg_scene_seen_cells(s, x, a, &sn, GG_BITSET_REPLACE, bits, words, &n));
        h = mix_bits(mix(h, (uint64_t)n), bits, words);
        /* The visibility matrix, both rules. */
        gg_cell group[FAM_CREATURES];
        gg_senses senses[FAM_CREATURES];
        for (int k = 0; k < FAM_CREATURES; ++k) {
            group[k] = any_cell(&r, w, ht);
            senses[k] = gg_senses_none();
            senses[k].darkvision_ft = k % 2 == 0 ? 60 : GG_SENSE_NONE;
        }
        uint8_t m[FAM_CREATURES * FAM_CREATURES];
        OK(gg_scene_visibility_matrix(s, group, FAM_CREATURES, NULL, GG_VISIBILITY_LINE_OF_SIGHT,
                                      m));
        for (int k = 0; k < FAM_CREATURES * FAM_CREATURES; ++k)
            h = mix(h, m[k]);
        OK(gg_scene_visibility_matrix(s, group, FAM_CREATURES, senses, GG_VISIBILITY_CAN_SEE, m));
        for (int k = 0; k < FAM_CREATURES * FAM_CREATURES; ++k)
            h = mix(h, m[k]);
        /* Nat20 cover, path, reach, push, areas. */
        gg_cover c = GG_COVER_NONE;
        OK(gg_scene_cover_between(s, a, b, group, FAM_CREATURES, &c));
        h = mix(h, (uint64_t)c);
        OK(gg_scene_shortest_path(s, x, a, b, NULL, 0, path, (int32_t)cells + 1, &n));
        for (int32_t k = 0; k < n; ++k)
            h = mix(h, (uint64_t)(path[k].col * 65536 + path[k].row));
        OK(gg_scene_reachable(s, x, a, 30, NULL, 0, reach, (int32_t)cells, &n));
        for (int32_t k = 0; k < n; ++k)
            h = mix(h, (uint64_t)reach[k].cost_ft * 65536u + (uint64_t)reach[k].cell.col);
        OK(gg_scene_push_path(s, a, b, 15, NULL, 0, path, (int32_t)cells + 1, &n));
        h = mix(h, (uint64_t)n);
        gg_template tpl;
        memset(&tpl, 0, sizeof tpl);
        tpl.shape = GG_SHAPE_SPHERE;
        tpl.size_ft = 10 + 5 * (q % 3);
        const char *reason = NULL;
        OK(gg_scene_area_cells(s, a, &tpl, true, path, (int32_t)cells + 1, &n, &reason));
        h = mix(h, (uint64_t)n);
        /* Cost-aware movement: a field, A* (1x1 and Large), an overlay, route pricing. */
        const gg_move_def *def = q % 2 == 0 ? &mdef : &alt;
        gg_move_field *field = NULL;
        OK(gg_scene_move_field(s, x, a, 0, def, field_mem, field_bytes, &field));
        if (field != NULL) {
            bool reached = false;
            gg_metric_cost cost;
            OK(gg_move_field_cost(field, b, &reached, &cost, NULL));
            h = mix_cost(mix(h, reached), cost);
            OK(gg_move_field_path(field, b, path, (int32_t)cells + 1, &n));
            h = mix(h, (uint64_t)n);
        }
        gg_metric_cost cost;
        OK(gg_scene_lowest_cost_path(s, x, a, b, 0, def, path, (int32_t)cells + 1, &n, &cost));
        h = mix_cost(mix(h, (uint64_t)n), cost);
        if (n > 1) {
            int32_t legal = 0;
            OK(gg_scene_route_cost(s, path, n, 0, def, &cost, &legal));
            h = mix_cost(mix(h, (uint64_t)legal), cost);
        }
        gg_move_def large = mdef;
        large.size = GG_SIZE_LARGE;
        gg_cell la = gg_cell_make(a.col < w - 1 ? a.col : w - 2, a.row < ht - 1 ? a.row : ht - 2);
        gg_cell lb = gg_cell_make(b.col < w - 1 ? b.col : w - 2, b.row < ht - 1 ? b.row : ht - 2);
        OK(gg_scene_lowest_cost_path(s, x, la, lb, 0, &large, path, (int32_t)cells + 1, &n, &cost));
        h = mix_cost(mix(h, (uint64_t)n), cost);
        OK(gg_scene_move_overlay(s, x, a, 0, 40, def, overlay, (int32_t)cells, &n));
        for (int32_t k = 0; k < n; ++k)
            h = mix_cost(mix(h, (uint64_t)(overlay[k].cell.col * 65536 + overlay[k].cell.row)),
                         overlay[k].cost);
        /* The three cover modes. */
        for (int mode = GG_COVER_MODE_TAGGED; mode <= GG_COVER_MODE_CORNERS_3D; ++mode) {
            gg_cover_def cdef = gg_cover_def_default();
            cdef.mode = (gg_cover_mode)mode;
            gg_body att = gg_body_make(a), tgt = gg_body_make(b);
            gg_body others[2] = {gg_body_make(group[0]), gg_body_make(group[1])};
            gg_cover_result res;
            gg_cover_line lines[4];
            int32_t nl = 0;
            gg_status st = gg_scene_cover(s, &att, &tgt, others, 2, &cdef, &res, lines, 4, &nl);
            h = mix(h, (uint64_t)st);
            if (st == GG_OK || st == GG_PARTIAL)
                h = mix(mix(mix(h, (uint64_t)res.degree), (uint64_t)res.lines), (uint64_t)nl);
            else if (st != GG_E_OUT_OF_BOUNDS)
                j->failed++;
        }
        /* The rules layer. */
        gg_creature cr[FAM_CREATURES];
        for (int k = 0; k < FAM_CREATURES; ++k) {
            cr[k] = gg_creature_default();
            cr[k].body.cell = group[k];
            cr[k].body.side = k % 2;
            cr[k].senses = senses[k];
        }
        cr[0].body.cell = a;
        OK(gg_rules_can_see(s, &cr[0], &cr[1], &v));
        h = mix(h, v);
        gg_attack_sight as;
        OK(gg_rules_attack_sight(s, &cr[0], &cr[1], &as));
        h = mix(mix(mix(h, as.advantage), as.disadvantage), (uint64_t)as.mode);
        gg_target_check tc;
        OK(gg_rules_check_target(s, a, b, 60, &tc));
        h = mix(h, (uint64_t)tc);
        OK(gg_rules_target_cover(s, cr, FAM_CREATURES, 0, 1, NULL, &c));
        h = mix(h, (uint64_t)c);
        int32_t cost_ft = 0;
        gg_move_result mr;
        gg_status st = gg_rules_plan_move(s, x, cr, FAM_CREATURES, 0, b, path, (int32_t)cells + 1,
                                          &n, &cost_ft, &mr);
        h = mix(mix(mix(h, (uint64_t)st), (uint64_t)mr), (uint64_t)cost_ft);
        gg_area_def area = gg_area_def_default();
        area.tpl.size_ft = 15;
        area.origin = b;
        gg_area_target targets[FAM_CREATURES];
        OK(gg_rules_area_targets(s, cr, FAM_CREATURES, &area, targets, FAM_CREATURES, &n));
        for (int32_t k = 0; k < n && k < FAM_CREATURES; ++k)
            h = mix(mix(h, (uint64_t)targets[k].creature), (uint64_t)targets[k].cover);
        /* The every-size rules (SRD reading) with a Large target; its footprint may leave the
         * map (GG_E_OUT_OF_BOUNDS, hashed like any answer). */
        cr[1].body.size = GG_SIZE_LARGE;
        const gg_rules_def rd = gg_rules_def_srd();
        gg_attack_check ac;
        st = gg_rules_check_attack(s, cr, FAM_CREATURES, 0, 1, 30, &rd, &ac);
        h = mix(mix(mix(h, (uint64_t)st), (uint64_t)ac.check), (uint64_t)ac.cover);
        st = gg_rules_sees(s, cr, FAM_CREATURES, 0, 1, &rd, &v);
        h = mix(mix(h, (uint64_t)st), v);
        gg_flank fl;
        st = gg_rules_flanking(s, cr, FAM_CREATURES, 0, 1, &rd, &fl);
        h = mix(mix(mix(h, (uint64_t)st), fl.flanked), (uint64_t)fl.ally);
        /* The Large creature moves: a route that may squeeze (the separate search shares the
         * scratch with the others), a push and a retreat (docs/rules.md). */
        gg_rules_def sq = rd;
        sq.squeeze = true;
        cr[1].body.cell = b;
        gg_metric_cost mc;
        st = gg_rules_route(s, x, cr, FAM_CREATURES, 1, a, &sq, path, NULL, (int32_t)cells + 1, &n,
                            &mc);
        h = mix_cost(mix(mix(h, (uint64_t)st), (uint64_t)n), mc);
        st = gg_rules_push_def(s, cr, FAM_CREATURES, 0, 1, 15, &rd, path, (int32_t)cells + 1, &n);
        h = mix(mix(h, (uint64_t)st), (uint64_t)n);
        st = gg_rules_flee_route_def(s, x, cr, FAM_CREATURES, 1, 20, &rd, overlay, (int32_t)cells,
                                     path, (int32_t)cells + 1, &n);
        h = mix(mix(h, (uint64_t)st), (uint64_t)n);
    }
    j->digest = h;
done:
    free(field_mem);
    free(overlay);
    free(reach);
    free(path);
    free(bits);
    gg_scratch_destroy(x);
    return NULL;
}

/* The map every family reads: a real one through the io importer when the layer is built,
 * with light sources, difficult terrain and obscurement added (writers, before any reader). */
static gg_scene *family_scene(void)
{
    gg_scene *s = NULL;
#ifdef GG_TEST_HAVE_IO
    gg_import_def def = gg_import_def_default();
    gg_io_error err;
    const char *map = GG_TEST_MAPS_DIR "/uvtt/vttmaps__the-litch-and-his-tomb.dd2vtt";
    assert_int_equal(gg_scene_import_file(map, &def, &s, NULL, &err), GG_OK);
#else
    s = fx_scene(W, H, NULL);
    fx_rng g = {7};
    for (int k = 0; k < 200; ++k) {
        double x0 = fx_below(&g, W + 1), y0 = fx_below(&g, H + 1);
        fx_wall(s, x0, y0, x0 + (double)fx_below(&g, 5) - 2, y0 + (double)fx_below(&g, 5) - 2);
    }
#endif
    fx_rng r = {99};
    const int32_t w = gg_scene_width(s), ht = gg_scene_height(s);
    for (int k = 0; k < 40; ++k) {
        gg_cell c = any_cell(&r, w, ht);
        assert_int_equal(gg_scene_set_difficult(s, c, true), GG_OK);
        c = any_cell(&r, w, ht);
        assert_int_equal(gg_scene_set_obscurement(s, c, (gg_obscurement)(1 + k % 2)), GG_OK);
        c = any_cell(&r, w, ht);
        assert_int_equal(gg_scene_set_lighting(s, c, (gg_light)(1 + k % 3)), GG_OK);
    }
    for (int k = 0; k < 4; ++k) {
        gg_light_def l = gg_light_def_default();
        l.cell = any_cell(&r, w, ht);
        assert_int_equal(gg_scene_add_light(s, &l, NULL), GG_OK);
    }
    return s;
}

static void threads__every_query_family_on_a_real_map(void **state)
{
    (void)state;
    gg_scene *s = family_scene();
    fam_job solo[N_THREADS], many[N_THREADS];
    for (int t = 0; t < N_THREADS; ++t) {
        solo[t].scene = many[t].scene = s;
        solo[t].seed = many[t].seed = 500 + (uint64_t)t;
        solo[t].digest = many[t].digest = 0;
        solo[t].failed = many[t].failed = 0;
        family_worker(&solo[t]);
    }
    pthread_t th[N_THREADS];
    for (int t = 0; t < N_THREADS; ++t)
        assert_int_equal(pthread_create(&th[t], NULL, family_worker, &many[t]), 0);
    for (int t = 0; t < N_THREADS; ++t)
        assert_int_equal(pthread_join(th[t], NULL), 0);
    for (int t = 0; t < N_THREADS; ++t) {
        assert_int_equal(solo[t].failed, 0);
        assert_int_equal(many[t].failed, 0);
        assert_true(solo[t].digest != 0);
        assert_true(solo[t].digest == many[t].digest);
    }
    gg_scene_destroy(s);
}

#ifdef GG_TEST_HAVE_IO
#include "test_alloc.h"

/* ---- Concurrent imports, each with its own allocator ---------------------------------------- */

typedef struct import_job {
    const char *path;
    size_t live_after; /* the job's allocator after the scene is destroyed: 0 */
    long calls;        /* allocations the import made through the job's allocator */
    uint64_t digest;   /* the scene's export text, hashed */
    gg_status status;
} import_job;

static void *import_worker(void *arg)
{
    import_job *j = (import_job *)arg;
    gg_test_alloc ta;
    gg_test_alloc_init(&ta, -1);
    gg_import_def def = gg_import_def_default();
    def.allocator = &ta.iface;
    gg_scene *s = NULL;
    gg_io_error err;
    j->status = gg_scene_import_file(j->path, &def, &s, NULL, &err);
    j->calls = ta.calls;
    uint64_t h = 1469598103934665603ull;
    if (j->status == GG_OK) {
        size_t need = 0;
        char *text = NULL;
        if (gg_scene_export_nat20(s, NULL, 0, &need, &err) == GG_E_BUFFER_TOO_SMALL &&
            (text = malloc(need + 1)) != NULL &&
            gg_scene_export_nat20(s, text, need + 1, &need, &err) == GG_OK)
            for (size_t k = 0; k < need; ++k)
                h = mix(h, (uint8_t)text[k]);
        free(text);
    }
    gg_scene_destroy(s);
    j->digest = h;
    j->live_after = ta.live_bytes;
    return NULL;
}

/* The io layer routes jansson's allocations through a thread-local scope: imports on several
 * threads at once each allocate only through their own allocator (every parser allocation
 * included: the counts equal a lone import's), leak nothing, and load what a lone import loads. */
static void threads__concurrent_imports_use_their_own_allocators(void **state)
{
    (void)state;
    static const char *const maps[N_THREADS] = {
        GG_TEST_MAPS_DIR "/uvtt/vttmaps__the-litch-and-his-tomb.dd2vtt",
        GG_TEST_MAPS_DIR "/foundry/zahi__cities-street.json",
        GG_TEST_MAPS_DIR "/uvtt/vttmaps__headmasters-quarters.dd2vtt",
        GG_TEST_MAPS_DIR "/foundry/majorvictory__underbark-tavern-top-floor.json",
    };
    import_job solo[N_THREADS], many[N_THREADS];
    for (int t = 0; t < N_THREADS; ++t) {
        memset(&solo[t], 0, sizeof solo[t]);
        memset(&many[t], 0, sizeof many[t]);
        solo[t].path = many[t].path = maps[t];
        import_worker(&solo[t]);
    }
    pthread_t th[N_THREADS];
    for (int t = 0; t < N_THREADS; ++t)
        assert_int_equal(pthread_create(&th[t], NULL, import_worker, &many[t]), 0);
    for (int t = 0; t < N_THREADS; ++t)
        assert_int_equal(pthread_join(th[t], NULL), 0);
    for (int t = 0; t < N_THREADS; ++t) {
        assert_int_equal(solo[t].status, GG_OK);
        assert_int_equal(many[t].status, GG_OK);
        assert_int_equal(many[t].live_after, 0);
        assert_int_equal(many[t].calls, solo[t].calls);
        assert_true(many[t].digest == solo[t].digest);
    }
}
#endif

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(threads__concurrent_readers_agree_with_one_reader),
        cmocka_unit_test(threads__every_query_family_on_a_real_map),
#ifdef GG_TEST_HAVE_IO
        cmocka_unit_test(threads__concurrent_imports_use_their_own_allocators),
#endif
    };
    return cmocka_run_group_tests_name("topology/threads", tests, NULL, NULL);
}
