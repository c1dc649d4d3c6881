/* fixture.h - the one fixture family of the scene tests (topology and rules): scenes from ASCII
 * pictures, walls in grid-corner coordinates, short query wrappers that assert GG_OK, random
 * scenes and edits over the one test generator (test_rng.h), and a brute-force BFS to compare
 * searches with. Everything asserts through cmocka, so a broken fixture fails the test that
 * uses it. tests/topology/cover_fixture.h (cover cases), tests/topology/move_fixture.h (distance
 * fields) and tests/rules/rules_fixture.h (creatures) build on this file. Test code only. */
#ifndef GG_TEST_FIXTURE_H
#define GG_TEST_FIXTURE_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gridgeom/topology.h"
#include "test_rng.h"

/* ---- Scenes ---------------------------------------------------------------------------------- */

/* The one scene builder. Picture legend: '#' blocked, '~' difficult terrain, 'h' half cover,
 * 't' three-quarters cover, 'T' total cover, 'd' dark, 'H' heavily obscured; anything else is
 * open. `rows` (top to bottom) may be NULL (an open scene); a row shorter than `w` is open past
 * its end. `alloc` may be NULL. */
static inline gg_scene *fx_build(int32_t w, int32_t h, int32_t cell_size_ft,
                                 const gg_allocator *alloc, const char *const *rows)
{
    gg_scene_def d = gg_scene_def_default();
    d.width = w;
    d.height = h;
    d.cell_size_ft = cell_size_ft;
    d.allocator = alloc;
    gg_scene *s = NULL;
    assert_int_equal(gg_scene_create(&d, &s), GG_OK);
    for (int32_t r = 0; rows != NULL && r < h; ++r)
        for (int32_t c = 0; c < w && rows[r][c]; ++c) {
            gg_cell cell = gg_cell_make(c, r);
            switch (rows[r][c]) {
            case '#':
                assert_int_equal(gg_scene_set_blocked(s, cell, true), GG_OK);
                break;
            case '~':
                assert_int_equal(gg_scene_set_difficult(s, cell, true), GG_OK);
                break;
            case 'h':
                assert_int_equal(gg_scene_set_cover(s, cell, GG_COVER_HALF), GG_OK);
                break;
            case 't':
                assert_int_equal(gg_scene_set_cover(s, cell, GG_COVER_THREE_QUARTERS), GG_OK);
                break;
            case 'T':
                assert_int_equal(gg_scene_set_cover(s, cell, GG_COVER_TOTAL), GG_OK);
                break;
            case 'd':
                assert_int_equal(gg_scene_set_lighting(s, cell, GG_LIGHT_DARK), GG_OK);
                break;
            case 'H':
                assert_int_equal(gg_scene_set_obscurement(s, cell, GG_OBSCURE_HEAVY), GG_OK);
                break;
            default:
                break;
            }
        }
    return s;
}

/* A w x h picture scene with 5-ft cells. */
static inline gg_scene *fx_scene(int32_t w, int32_t h, const char *const *rows)
{
    return fx_build(w, h, 5, NULL, rows);
}

/* The width of a picture whose rows are all equally long (asserted). */
static inline int32_t fx_rows_width(const char *const *rows, int32_t height)
{
    int32_t w = (int32_t)strlen(rows[0]);
    for (int32_t r = 1; r < height; ++r)
        assert_int_equal((int32_t)strlen(rows[r]), w);
    return w;
}

/* A picture scene as wide as its rows, 5-ft cells. */
static inline gg_scene *fx_map(const char *const *rows, int32_t height)
{
    return fx_build(fx_rows_width(rows, height), height, 5, NULL, rows);
}

/* An empty w x h scene with 5-ft cells. */
static inline gg_scene *fx_open(int32_t w, int32_t h) { return fx_build(w, h, 5, NULL, NULL); }

/* Adds a plain wall (blocks everything) from (x1, y1) to (x2, y2), grid-corner units. */
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

/* ---- A scene with its working memory --------------------------------------------------------- */

/* A scene, a scratch for it, and a caller buffer (`mem`, `bytes`) that a test may grow for the
 * queries that take caller memory. fx_free() frees all three. */
typedef struct fixture {
    gg_scene *scene;
    gg_scratch *scratch;
    void *mem;
    size_t bytes;
} fixture;

/* Takes the scene. */
static inline fixture fx_make(gg_scene *s)
{
    fixture f;
    f.scene = s;
    f.scratch = NULL;
    f.mem = NULL;
    f.bytes = 0;
    assert_int_equal(gg_scratch_create(s, NULL, &f.scratch), GG_OK);
    return f;
}

static inline void fx_free(fixture *f)
{
    free(f->mem);
    gg_scratch_destroy(f->scratch);
    gg_scene_destroy(f->scene);
}

/* ---- Queries and checks ---------------------------------------------------------------------- */

static inline gg_cell fx_c(int32_t col, int32_t row) { return gg_cell_make(col, row); }

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

static inline void fx_assert_cells(const gg_cell *got, int32_t got_n, const gg_cell *want,
                                   int32_t want_n)
{
    assert_int_equal(got_n, want_n);
    for (int32_t i = 0; i < want_n; ++i) {
        if (!gg_cell_eq(got[i], want[i]))
            fail_msg("cell %d: got %d,%d want %d,%d", (int)i, (int)got[i].col, (int)got[i].row,
                     (int)want[i].col, (int)want[i].row);
    }
}

/* ---- Random scenes and edits ----------------------------------------------------------------- */

/* A random wall on the half lattice (so that walls meet, cross, overlap and line up): axis-
 * aligned, diagonal (clamped to the map when `on_map`, else free to leave it) or any two lattice
 * points; of any kind when `kinds` (door, one-way, LIMITED, proximity, cover, movement-and-light,
 * heights, secret door, or plain). The polygon tests' generator. */
static inline gg_wall_def fx_random_half_wall(fx_rng *r, int32_t w, int32_t h, bool kinds,
                                              bool on_map)
{
    gg_wall_def d = gg_wall_def_default();
    d.x1 = fx_below(r, 2 * w + 1) / 2.0;
    d.y1 = fx_below(r, 2 * h + 1) / 2.0;
    const int shape = fx_below(r, 4);
    if (shape == 0) { /* axis-aligned */
        d.x2 = d.x1, d.y2 = fx_below(r, 2 * h + 1) / 2.0;
        if (fx_below(r, 2))
            d.x2 = fx_below(r, 2 * w + 1) / 2.0, d.y2 = d.y1;
    } else if (shape == 1) { /* diagonal */
        const double t = fx_range(r, -6, 6) / 2.0;
        d.x2 = d.x1 + t, d.y2 = d.y1 + (fx_below(r, 2) ? t : -t);
        if (on_map) {
            d.x2 = d.x2 < 0 ? 0 : (d.x2 > w ? w : d.x2);
            d.y2 = d.y2 < 0 ? 0 : (d.y2 > h ? h : d.y2);
        }
    } else {
        d.x2 = fx_below(r, 2 * w + 1) / 2.0, d.y2 = fx_below(r, 2 * h + 1) / 2.0;
    }
    if (kinds) {
        const int kind = fx_below(r, 11);
        if (kind == 0)
            d.door = fx_below(r, 2) ? GG_DOOR_OPEN : GG_DOOR_CLOSED;
        else if (kind == 1)
            d.one_way = fx_below(r, 2) ? GG_ONE_WAY_LEFT : GG_ONE_WAY_RIGHT;
        else if (kind == 2 || kind == 3)
            d.limited = (uint32_t)GG_BLOCKS_SIGHT | (uint32_t)GG_BLOCKS_LIGHT;
        else if (kind == 4)
            d.sight_proximity_ft = 5.0 * fx_below(r, 4);
        else if (kind == 5)
            d.cover = GG_COVER_HALF;
        else if (kind == 6)
            d.blocks = (uint32_t)GG_BLOCKS_MOVEMENT | (uint32_t)GG_BLOCKS_LIGHT;
        else if (kind == 7) { /* a wall from 0, 5 or 10 ft up to 5 .. 20 ft */
            d.bottom_ft = 5.0 * fx_below(r, 3);
            d.top_ft = d.bottom_ft + 5.0 * (1 + fx_below(r, 2));
        } else if (kind == 8) {
            d.door = GG_DOOR_CLOSED;
            d.secret = true;
        }
    }
    return d;
}

/* A random small scene: blocked and difficult cells at the given percentages, and a few integer
 * walls (axis, diagonal, zero-length) anywhere on or just off the map. */
static inline gg_scene *fx_random_scene(fx_rng *r, int32_t w, int32_t h, int32_t cell_size_ft,
                                        int block_pct, int diff_pct, int walls)
{
    gg_scene *s = fx_build(w, h, cell_size_ft, NULL, NULL);
    for (int32_t row = 0; row < h; ++row)
        for (int32_t col = 0; col < w; ++col) {
            int v = fx_below(r, 100);
            if (v < block_pct)
                assert_int_equal(gg_scene_set_blocked(s, fx_c(col, row), true), GG_OK);
            else if (v < block_pct + diff_pct)
                assert_int_equal(gg_scene_set_difficult(s, fx_c(col, row), true), GG_OK);
        }
    for (int i = 0; i < walls; ++i) {
        int32_t x = fx_below(r, w + 1), y = fx_below(r, h + 1);
        int32_t kind = fx_below(r, 4), len = 1 + fx_below(r, 3);
        int32_t x2 = x, y2 = y;
        if (kind == 0)
            x2 += len;
        else if (kind == 1)
            y2 += len;
        else if (kind == 2) {
            x2 += len;
            y2 += len;
        }
        fx_wall(s, x, y, x2, y2);
    }
    return s;
}

/* Walls a random edit sequence may remove or turn into doors again (fx_random_edit()). */
typedef struct fx_walls {
    gg_wall_id ids[32];
    int count;
} fx_walls;

/* One random edit of every kind that changes where a mover may step: a cell blocked or freed,
 * made difficult or not, a short wall added or removed, a door set to any state, or a batch
 * through gg_scene_set_cells() (few cells or many; now and then with a cell off the map, before
 * which the batch stays applied). */
static inline void fx_random_edit(fx_rng *r, gg_scene *s, fx_walls *walls)
{
    const int32_t w = gg_scene_width(s), h = gg_scene_height(s);
    const gg_cell c = fx_c(fx_below(r, w), fx_below(r, h));
    switch (fx_below(r, 6)) {
    case 0:
        assert_int_equal(gg_scene_set_blocked(s, c, fx_below(r, 2) == 0), GG_OK);
        break;
    case 1:
        assert_int_equal(gg_scene_set_difficult(s, c, fx_below(r, 2) == 0), GG_OK);
        break;
    case 2:
        if (walls->count < 32) {
            gg_wall_def wd = gg_wall_def_default();
            wd.x1 = c.col;
            wd.y1 = c.row;
            wd.x2 = c.col + fx_below(r, 3) - 1;
            wd.y2 = c.row + fx_below(r, 3) - 1;
            assert_int_equal(gg_scene_add_wall(s, &wd, &walls->ids[walls->count]), GG_OK);
            ++walls->count;
        }
        break;
    case 3:
        if (walls->count > 0) {
            const int k = fx_below(r, walls->count);
            assert_int_equal(gg_scene_remove_wall(s, walls->ids[k]), GG_OK);
            walls->ids[k] = walls->ids[--walls->count];
        }
        break;
    case 4:
        if (walls->count > 0)
            assert_int_equal(gg_scene_set_door(s, walls->ids[fx_below(r, walls->count)],
                                               (gg_door)fx_below(r, 4)),
                             GG_OK);
        break;
    default: {
        gg_cell batch[64];
        const int32_t count = 1 + fx_below(r, 64);
        for (int32_t k = 0; k < count; ++k)
            batch[k] = fx_c(fx_below(r, w), fx_below(r, h));
        const int32_t bad = fx_below(r, 4) == 0 ? fx_below(r, count) : -1;
        if (bad >= 0)
            batch[bad] = fx_c(w, 0);
        int32_t done = 0;
        const gg_cell_tag tag = fx_below(r, 2) ? GG_TAG_BLOCKED : GG_TAG_DIFFICULT;
        assert_int_equal(gg_scene_set_cells(s, tag, batch, count, fx_below(r, 2), &done),
                         bad < 0 ? GG_OK : GG_E_OUT_OF_BOUNDS);
        assert_int_equal(done, bad < 0 ? count : bad);
        break;
    }
    }
}

/* Brute-force BFS distance in steps over gg_scene_edge_distance(), skipping `avoid` cells
 * (never entered); -1 when unreachable. O(cells^2): for tiny maps only. */
static inline int32_t fx_bfs_distance(const gg_scene *s, gg_cell a, gg_cell b, const gg_cell *avoid,
                                      int32_t avoid_count)
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
            gg_cell c = fx_c(i % w, i / w);
            for (int dc = -1; dc <= 1; ++dc)
                for (int dr = -1; dr <= 1; ++dr) {
                    gg_cell m = fx_c(c.col + dc, c.row + dr);
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
