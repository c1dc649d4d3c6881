/* test_writer_faults.c - fault injection over every scene writer: for each writer call the Nth
 * allocation fails, for every N until the call succeeds. Each failure must be GG_E_NO_MEMORY,
 * leave the scene's query answers exactly as before (a fingerprint of them), and leak nothing
 * (the counting allocator balances once the scene is destroyed; ASan watches the rest); the
 * call then succeeds when memory is back. Sequences of calls (40 walls one by one, 24 lights)
 * reach the growth of every array the writers keep. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gridgeom/topology.h"
#include "scene_fingerprint.h"
#include "test_alloc.h"

#define W 12
#define H 10

/* One writer call, with what it needs. */
typedef struct op {
    const char *name;
    gg_status (*run)(gg_scene *s, const struct op *o);
    gg_wall_def wall;
    gg_wall_def walls[48];
    int32_t n;
    gg_wall_id wall_id;
    gg_door door;
    gg_cell_tag tag;
    gg_cell cells[32];
    int32_t value;
    gg_light_def light;
    gg_light_id light_id;
} op;

static gg_status run_add_wall(gg_scene *s, const op *o)
{
    return gg_scene_add_wall(s, &o->wall, NULL);
}
static gg_status run_add_walls(gg_scene *s, const op *o)
{
    return gg_scene_add_walls(s, o->walls, o->n, NULL);
}
static gg_status run_remove_wall(gg_scene *s, const op *o)
{
    return gg_scene_remove_wall(s, o->wall_id);
}
static gg_status run_set_door(gg_scene *s, const op *o)
{
    return gg_scene_set_door(s, o->wall_id, o->door);
}
static gg_status run_set_cells(gg_scene *s, const op *o)
{
    return gg_scene_set_cells(s, o->tag, o->cells, o->n, o->value, NULL);
}
static gg_status run_set_one(gg_scene *s, const op *o)
{
    switch (o->tag) {
    case GG_TAG_BLOCKED:
        return gg_scene_set_blocked(s, o->cells[0], o->value != 0);
    case GG_TAG_DIFFICULT:
        return gg_scene_set_difficult(s, o->cells[0], o->value != 0);
    case GG_TAG_COVER:
        return gg_scene_set_cover(s, o->cells[0], (gg_cover)o->value);
    case GG_TAG_LIGHTING:
        return gg_scene_set_lighting(s, o->cells[0], (gg_light)o->value);
    case GG_TAG_OBSCUREMENT:
        return gg_scene_set_obscurement(s, o->cells[0], (gg_obscurement)o->value);
    }
    return GG_E_INVALID_ARG;
}
static gg_status run_add_light(gg_scene *s, const op *o)
{
    return gg_scene_add_light(s, &o->light, NULL);
}
static gg_status run_set_light(gg_scene *s, const op *o)
{
    return gg_scene_set_light(s, o->light_id, &o->light);
}
static gg_status run_remove_light(gg_scene *s, const op *o)
{
    return gg_scene_remove_light(s, o->light_id);
}

/* Runs `o` with allocation N failing, N = 0, 1, ...; returns how many allocations it made. */
static long sweep(gg_scene *s, gg_test_alloc *ta, const op *o)
{
    for (long n = 0;; ++n) {
        const uint64_t before = scene_fingerprint(s);
        const size_t live = ta->live_bytes;
        const long blocks = ta->live_blocks;
        ta->fail_at = ta->calls + n;
        ta->fail_after = false;
        gg_status st = o->run(s, o);
        ta->fail_at = -1;
        if (st == GG_OK)
            return n;
        if (st != GG_E_NO_MEMORY)
            fail_msg("%s: allocation %ld failing gave %s", o->name, n, gg_status_name(st));
        /* A writer may keep an array it grew before the failing allocation (capacity, as a
         * vector keeps its reserve); whatever it keeps is the scene's and is freed with it,
         * which the balance checked after gg_scene_destroy() proves. It never frees what the
         * scene owned. */
        assert_true(ta->live_bytes >= live);
        assert_true(ta->live_blocks >= blocks);
        if (scene_fingerprint(s) != before)
            fail_msg("%s: allocation %ld failing changed the scene", o->name, n);
        assert_true(n < 100000);
    }
}

static gg_wall_def wall(double x1, double y1, double x2, double y2)
{
    gg_wall_def w = gg_wall_def_default();
    w.x1 = x1;
    w.y1 = y1;
    w.x2 = x2;
    w.y2 = y2;
    return w;
}

static void writer_faults__every_writer_survives_every_failure(void **state)
{
    (void)state;
    gg_test_alloc ta;
    gg_test_alloc_init(&ta, -1);
    gg_scene_def d = gg_scene_def_default();
    d.width = W;
    d.height = H;
    d.allocator = &ta.iface;
    gg_scene *s = NULL;
    assert_int_equal(gg_scene_create(&d, &s), GG_OK);
    long total = 0, swept = 0;

    op o;
    memset(&o, 0, sizeof o);
    /* 40 walls one by one: the wall array, the free list and the index grow on the way. */
    o.name = "gg_scene_add_wall";
    o.run = run_add_wall;
    for (int k = 0; k < 40; ++k) {
        o.wall = wall(k % W, (k * 7) % H, (k * 5) % (W + 1), (k * 3) % (H + 1) + 0.5);
        o.wall.door = k % 9 == 0 ? GG_DOOR_CLOSED : GG_DOOR_NONE;
        o.wall.cover = k % 11 == 0 ? GG_COVER_HALF : GG_COVER_NONE;
        total += sweep(s, &ta, &o);
        ++swept;
    }
    /* A batch, all or nothing. */
    o.name = "gg_scene_add_walls";
    o.run = run_add_walls;
    o.n = 48;
    for (int k = 0; k < o.n; ++k)
        o.walls[k] = wall((k * 5) % W, k % H, (k * 5) % W + 1.5, k % H);
    total += sweep(s, &ta, &o);
    ++swept;

    gg_wall_id ids[128];
    int32_t nw = 0;
    assert_int_equal(gg_scene_list_walls(s, ids, NULL, 128, &nw), GG_OK);
    assert_true(nw > 40);
    o.name = "gg_scene_set_door";
    o.run = run_set_door;
    for (int k = 0; k < 6; ++k) {
        o.wall_id = ids[k * 3];
        o.door = (gg_door)(k % 4);
        total += sweep(s, &ta, &o);
        ++swept;
    }
    o.name = "gg_scene_remove_wall";
    o.run = run_remove_wall;
    for (int k = 0; k < 10; ++k) {
        o.wall_id = ids[k * 4 + 1];
        total += sweep(s, &ta, &o);
        ++swept;
    }
    /* Re-adding reuses the freed slots. */
    o.name = "gg_scene_add_wall (reused slot)";
    o.run = run_add_wall;
    for (int k = 0; k < 5; ++k) {
        o.wall = wall(k, 0, k, H);
        total += sweep(s, &ta, &o);
        ++swept;
    }

    /* Every tag, through the bulk writer and the single-cell ones. */
    for (int tag = GG_TAG_BLOCKED; tag <= GG_TAG_OBSCUREMENT; ++tag) {
        o.tag = (gg_cell_tag)tag;
        o.n = 32;
        for (int k = 0; k < o.n; ++k)
            o.cells[k] = gg_cell_make((k * 5 + tag) % W, (k * 3) % H);
        o.value = tag == GG_TAG_COVER ? GG_COVER_HALF : tag == GG_TAG_LIGHTING ? GG_LIGHT_DARK : 1;
        o.name = "gg_scene_set_cells";
        o.run = run_set_cells;
        total += sweep(s, &ta, &o);
        o.name = "gg_scene_set_<tag>";
        o.run = run_set_one;
        o.cells[0] = gg_cell_make(W - 1 - tag, H - 1);
        o.value = tag == GG_TAG_COVER ? GG_COVER_TOTAL : tag == GG_TAG_LIGHTING ? GG_LIGHT_DIM : 1;
        total += sweep(s, &ta, &o);
        swept += 2;
    }

    /* 24 lights: the light array grows on the way; then moved and removed. */
    o.name = "gg_scene_add_light";
    o.run = run_add_light;
    for (int k = 0; k < 24; ++k) {
        o.light = gg_light_def_default();
        o.light.cell = gg_cell_make((k * 7) % W, (k * 3) % H);
        o.light.bright_ft = 5 * (k % 3);
        o.light.dim_ft = 10 + 5 * (k % 4);
        total += sweep(s, &ta, &o);
        ++swept;
    }
    gg_light_id lids[32];
    int32_t nl = 0;
    assert_int_equal(gg_scene_list_lights(s, lids, NULL, 32, &nl), GG_OK);
    assert_int_equal(nl, 24);
    for (int k = 0; k < 6; ++k) {
        o.name = "gg_scene_set_light";
        o.run = run_set_light;
        o.light_id = lids[k];
        o.light.cell = gg_cell_make(k, k);
        total += sweep(s, &ta, &o);
        o.name = "gg_scene_remove_light";
        o.run = run_remove_light;
        o.light_id = lids[k + 10];
        total += sweep(s, &ta, &o);
        swept += 2;
    }
    printf("# %ld writer calls, %ld allocations among them, each failed once\n", swept, total);
    /* The walls and lights added above made the scene grow: the sweep did fail allocations. */
    assert_true(total >= 5);
    gg_scene_destroy(s);
    assert_int_equal(ta.live_bytes, 0);
    assert_int_equal(ta.live_blocks, 0);
}

/* Creation is all or nothing too. */
static void writer_faults__create_survives_every_failure(void **state)
{
    (void)state;
    for (long n = 0;; ++n) {
        gg_test_alloc ta;
        gg_test_alloc_init(&ta, n);
        gg_scene_def d = gg_scene_def_default();
        d.width = 300;
        d.height = 200;
        d.allocator = &ta.iface;
        gg_scene *s = NULL;
        gg_status st = gg_scene_create(&d, &s);
        if (st == GG_OK) {
            gg_scratch *x = NULL;
            for (long m = 0;; ++m) {
                ta.fail_at = ta.calls + m;
                st = gg_scratch_create(s, NULL, &x);
                if (st == GG_OK)
                    break;
                assert_int_equal(st, GG_E_NO_MEMORY);
                assert_null(x);
                assert_true(m < 1000);
            }
            gg_scratch_destroy(x);
            gg_scene_destroy(s);
            assert_int_equal(ta.live_bytes, 0);
            assert_true(n > 0);
            return;
        }
        assert_int_equal(st, GG_E_NO_MEMORY);
        assert_null(s);
        assert_int_equal(ta.live_bytes, 0);
        assert_true(n < 1000);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(writer_faults__every_writer_survives_every_failure),
        cmocka_unit_test(writer_faults__create_survives_every_failure),
    };
    return cmocka_run_group_tests_name("topology/writer_faults", tests, NULL, NULL);
}
