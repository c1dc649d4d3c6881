/* query_fixtures.h - scene-from-ASCII-art, walls, a seeded RNG and a brute-force BFS shared by
 * the topology query tests (test_scratch/path_bfs/reach/vision/area/push). Test support only. */
#ifndef GG_TESTS_TOPOLOGY_QUERY_FIXTURES_H
#define GG_TESTS_TOPOLOGY_QUERY_FIXTURES_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gridgeom/topology.h"

/* ASCII rows, all of one width: '.' open, '#' blocked, '~' difficult. */
static inline gg_scene *qf_scene_alloc(const char *const *rows, int32_t height,
                                       int32_t cell_size_ft, const gg_allocator *alloc)
{
    gg_scene_def def = gg_scene_def_default();
    def.width = (int32_t)strlen(rows[0]);
    def.height = height;
    def.cell_size_ft = cell_size_ft;
    def.allocator = alloc;
    gg_scene *s = NULL;
    assert_int_equal(gg_scene_create(&def, &s), GG_OK);
    for (int32_t r = 0; r < height; ++r) {
        assert_int_equal((int32_t)strlen(rows[r]), def.width);
        for (int32_t c = 0; c < def.width; ++c) {
            if (rows[r][c] == '#')
                assert_int_equal(gg_scene_set_blocked(s, gg_cell_make(c, r), true), GG_OK);
            else if (rows[r][c] == '~')
                assert_int_equal(gg_scene_set_difficult(s, gg_cell_make(c, r), true), GG_OK);
        }
    }
    return s;
}

static inline gg_scene *qf_scene(const char *const *rows, int32_t height, int32_t cell_size_ft)
{
    return qf_scene_alloc(rows, height, cell_size_ft, NULL);
}

/* An empty width x height scene. */
static inline gg_scene *qf_open(int32_t width, int32_t height, int32_t cell_size_ft)
{
    gg_scene_def def = gg_scene_def_default();
    def.width = width;
    def.height = height;
    def.cell_size_ft = cell_size_ft;
    gg_scene *s = NULL;
    assert_int_equal(gg_scene_create(&def, &s), GG_OK);
    return s;
}

static inline void qf_wall(gg_scene *s, double x1, double y1, double x2, double y2)
{
    gg_wall_def w = gg_wall_def_default();
    w.x1 = x1;
    w.y1 = y1;
    w.x2 = x2;
    w.y2 = y2;
    assert_int_equal(gg_scene_add_wall(s, &w, NULL), GG_OK);
}

static inline gg_cell qf_c(int32_t col, int32_t row) { return gg_cell_make(col, row); }

static inline void qf_assert_cells(const gg_cell *got, int32_t got_n, const gg_cell *want,
                                   int32_t want_n)
{
    assert_int_equal(got_n, want_n);
    for (int32_t i = 0; i < want_n; ++i) {
        if (!gg_cell_eq(got[i], want[i]))
            fail_msg("cell %d: got %d,%d want %d,%d", (int)i, (int)got[i].col, (int)got[i].row,
                     (int)want[i].col, (int)want[i].row);
    }
}

/* xorshift64*: deterministic across platforms, seeded and printed by each property test. */
typedef struct qf_rng {
    uint64_t s;
} qf_rng;

static inline qf_rng qf_rng_seed(uint64_t seed, const char *test)
{
    qf_rng r;
    r.s = seed != 0 ? seed : 0x9E3779B97F4A7C15u;
    printf("# %s: seed %llu\n", test, (unsigned long long)seed);
    return r;
}

static inline uint32_t qf_next(qf_rng *r)
{
    r->s ^= r->s >> 12;
    r->s ^= r->s << 25;
    r->s ^= r->s >> 27;
    return (uint32_t)((r->s * 0x2545F4914F6CDD1Du) >> 32);
}

static inline int32_t qf_below(qf_rng *r, int32_t n) { return (int32_t)(qf_next(r) % (uint32_t)n); }

/* A random small scene: blocked and difficult cells at the given percentages, and a few integer
 * walls (axis, diagonal, zero-length) anywhere on or just off the map. */
static inline gg_scene *qf_random_scene(qf_rng *r, int32_t w, int32_t h, int32_t cell_size_ft,
                                        int block_pct, int diff_pct, int walls)
{
    gg_scene *s = qf_open(w, h, cell_size_ft);
    for (int32_t row = 0; row < h; ++row)
        for (int32_t col = 0; col < w; ++col) {
            int v = qf_below(r, 100);
            if (v < block_pct)
                assert_int_equal(gg_scene_set_blocked(s, qf_c(col, row), true), GG_OK);
            else if (v < block_pct + diff_pct)
                assert_int_equal(gg_scene_set_difficult(s, qf_c(col, row), true), GG_OK);
        }
    for (int i = 0; i < walls; ++i) {
        int32_t x = qf_below(r, w + 1), y = qf_below(r, h + 1);
        int32_t kind = qf_below(r, 4), len = 1 + qf_below(r, 3);
        int32_t x2 = x, y2 = y;
        if (kind == 0)
            x2 += len;
        else if (kind == 1)
            y2 += len;
        else if (kind == 2) {
            x2 += len;
            y2 += len;
        }
        qf_wall(s, x, y, x2, y2);
    }
    return s;
}

/* Walls a random edit sequence may remove or turn into doors again (qf_random_edit()). */
typedef struct qf_walls {
    gg_wall_id ids[32];
    int count;
} qf_walls;

/* One random edit of every kind that changes where a mover may step: a cell blocked or freed,
 * made difficult or not, a short wall added or removed, a door set to any state, or a batch
 * through gg_scene_set_cells() (few cells or many; now and then with a cell off the map, before
 * which the batch stays applied). */
static inline void qf_random_edit(qf_rng *r, gg_scene *s, qf_walls *walls)
{
    const int32_t w = gg_scene_width(s), h = gg_scene_height(s);
    const gg_cell c = qf_c(qf_below(r, w), qf_below(r, h));
    switch (qf_below(r, 6)) {
    case 0:
        assert_int_equal(gg_scene_set_blocked(s, c, qf_below(r, 2) == 0), GG_OK);
        break;
    case 1:
        assert_int_equal(gg_scene_set_difficult(s, c, qf_below(r, 2) == 0), GG_OK);
        break;
    case 2:
        if (walls->count < 32) {
            gg_wall_def wd = gg_wall_def_default();
            wd.x1 = c.col;
            wd.y1 = c.row;
            wd.x2 = c.col + qf_below(r, 3) - 1;
            wd.y2 = c.row + qf_below(r, 3) - 1;
            assert_int_equal(gg_scene_add_wall(s, &wd, &walls->ids[walls->count]), GG_OK);
            ++walls->count;
        }
        break;
    case 3:
        if (walls->count > 0) {
            const int k = qf_below(r, walls->count);
            assert_int_equal(gg_scene_remove_wall(s, walls->ids[k]), GG_OK);
            walls->ids[k] = walls->ids[--walls->count];
        }
        break;
    case 4:
        if (walls->count > 0)
            assert_int_equal(gg_scene_set_door(s, walls->ids[qf_below(r, walls->count)],
                                               (gg_door)qf_below(r, 4)),
                             GG_OK);
        break;
    default: {
        gg_cell batch[64];
        const int32_t count = 1 + qf_below(r, 64);
        for (int32_t k = 0; k < count; ++k)
            batch[k] = qf_c(qf_below(r, w), qf_below(r, h));
        const int32_t bad = qf_below(r, 4) == 0 ? qf_below(r, count) : -1;
        if (bad >= 0)
            batch[bad] = qf_c(w, 0);
        int32_t done = 0;
        const gg_cell_tag tag = qf_below(r, 2) ? GG_TAG_BLOCKED : GG_TAG_DIFFICULT;
        assert_int_equal(gg_scene_set_cells(s, tag, batch, count, qf_below(r, 2), &done),
                         bad < 0 ? GG_OK : GG_E_OUT_OF_BOUNDS);
        assert_int_equal(done, bad < 0 ? count : bad);
        break;
    }
    }
}

/* Brute-force BFS distance in steps over gg_scene_edge_distance(), skipping `avoid` cells
 * (never entered); -1 when unreachable. O(cells^2): for tiny maps only. */
static inline int32_t qf_bfs_distance(const gg_scene *s, gg_cell a, gg_cell b,
                                      const gg_cell *avoid, int32_t avoid_count)
{
    int32_t w = gg_scene_width(s), h = gg_scene_height(s);
    int32_t n = w * h;
    int32_t *dist = malloc((size_t)n * sizeof *dist);
    assert_non_null(dist);
    for (int32_t i = 0; i < n; ++i)
        dist[i] = -1;
    dist[a.row * w + a.col] = 0;
    for (int32_t round = 0; round < n; ++round) {
        bool changed = false;
        for (int32_t i = 0; i < n; ++i) {
            if (dist[i] != round)
                continue;
            gg_cell c = qf_c(i % w, i / w);
            for (int dc = -1; dc <= 1; ++dc)
                for (int dr = -1; dr <= 1; ++dr) {
                    gg_cell m = qf_c(c.col + dc, c.row + dr);
                    if (!gg_scene_contains(s, m) || dist[m.row * w + m.col] >= 0)
                        continue;
                    bool avoided = false;
                    for (int32_t k = 0; k < avoid_count; ++k)
                        avoided = avoided || gg_cell_eq(avoid[k], m);
                    int32_t cost = 0;
                    assert_int_equal(gg_scene_edge_distance(s, c, m, &cost), GG_OK);
                    if (avoided || cost == GG_STEP_ILLEGAL)
                        continue;
                    dist[m.row * w + m.col] = round + 1;
                    changed = true;
                }
        }
        if (!changed)
            break;
    }
    int32_t d = dist[b.row * w + b.col];
    free(dist);
    return d;
}

#endif
