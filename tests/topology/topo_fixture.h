/* topo_fixture.h - small helpers shared by the topology tests: build a scene from a compact
 * ASCII picture and walls given as integer corner coordinates. Test code only. */
#ifndef GG_TOPO_FIXTURE_H
#define GG_TOPO_FIXTURE_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gridgeom/topology.h"

/* '#' blocked, '~' difficult, 'h' half cover, 't' three-quarters, 'T' total, anything else open.
 * Rows are separate strings. */
static inline gg_scene *fx_scene(int w, int h, const char *const *rows)
{
    gg_scene_def d = gg_scene_def_default();
    d.width = w;
    d.height = h;
    gg_scene *s = NULL;
    assert_int_equal(gg_scene_create(&d, &s), GG_OK);
    for (int r = 0; rows != NULL && r < h; ++r)
        for (int c = 0; c < w && rows[r][c]; ++c) {
            gg_cell cell = gg_cell_make(c, r);
            switch (rows[r][c]) {
            case '#': assert_int_equal(gg_scene_set_blocked(s, cell, true), GG_OK); break;
            case '~': assert_int_equal(gg_scene_set_difficult(s, cell, true), GG_OK); break;
            case 'h': assert_int_equal(gg_scene_set_cover(s, cell, GG_COVER_HALF), GG_OK); break;
            case 't':
                assert_int_equal(gg_scene_set_cover(s, cell, GG_COVER_THREE_QUARTERS), GG_OK);
                break;
            case 'T': assert_int_equal(gg_scene_set_cover(s, cell, GG_COVER_TOTAL), GG_OK); break;
            default: break;
            }
        }
    return s;
}

static inline gg_wall_id fx_wall(gg_scene *s, double x1, double y1, double x2, double y2)
{
    gg_wall_def w = gg_wall_def_default();
    w.x1 = x1;
    w.y1 = y1;
    w.x2 = x2;
    w.y2 = y2;
    gg_wall_id id;
    assert_int_equal(gg_scene_add_wall(s, &w, &id), GG_OK);
    return id;
}

static inline bool fx_los(const gg_scene *s, int ac, int ar, int bc, int br)
{
    bool v = false;
    assert_int_equal(gg_scene_has_line_of_sight(s, gg_cell_make(ac, ar), gg_cell_make(bc, br), &v),
                     GG_OK);
    return v;
}

static inline int32_t fx_step(const gg_scene *s, int ac, int ar, int bc, int br)
{
    int32_t cost = 0;
    assert_int_equal(gg_scene_edge_distance(s, gg_cell_make(ac, ar), gg_cell_make(bc, br), &cost),
                     GG_OK);
    return cost;
}

/* A seeded xorshift for property tests; the seed is printed so a failure can be replayed. */
typedef struct fx_rng {
    uint64_t s;
} fx_rng;
static inline void fx_rng_seed(fx_rng *r, uint64_t seed, const char *test)
{
    r->s = seed ? seed : 1;
    printf("# %s: seed %llu\n", test, (unsigned long long)seed);
}
static inline uint32_t fx_below(fx_rng *r, uint32_t n)
{
    uint64_t x = r->s;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    r->s = x;
    return (uint32_t)(((x * 0x2545F4914F6CDD1Dull) >> 32) % n);
}

#endif
