/* test_sight_kernel.c - the one sight kernel (src/topology/sight/sight_kernel.h) and its planes
 * (src/topology/scene/sight_planes.c) answer exactly as the old two-pass path: Nat20's walk
 * through gg_line_next() testing each cell, then every wall tested exactly
 * (gg__segment_hits_wall_linear()). Exhaustive on tiny maps, random scenes with every wall kind
 * under both wall rules, and the plane upkeep after removals and door changes. The visibility
 * matrix (one walk for both directions) is checked against the reference both ways. */
#include "fixture.h"

#include "topology/scene/scene_internal.h"
#include "topology/scene/wall_index.h"

/* The reference: walk the cells with the public iterator, then every wall, exactly. */
static bool ref_walk_blocked(const gg_scene *s, gg_cell a, gg_cell b)
{
    gg_line_iter it = gg_line_begin(a, b);
    gg_cell c;
    while (gg_line_next(&it, &c))
        if (!gg_cell_eq(c, a) && !gg_cell_eq(c, b) && gg__blocked(s, c))
            return true;
    return false;
}

static bool ref_los(const gg_scene *s, gg_cell a, gg_cell b)
{
    return !ref_walk_blocked(s, a, b) &&
           !gg__segment_hits_wall_linear(s, gg__wall_centre(a), gg__wall_centre(b),
                                         (uint32_t)GG_BLOCKS_SIGHT);
}

static gg_scene *scene_with_rule(int32_t w, int32_t h, gg_wall_rule rule)
{
    gg_scene_def d = gg_scene_def_default();
    d.width = w;
    d.height = h;
    d.wall_rule = rule;
    gg_scene *s = NULL;
    assert_int_equal(gg_scene_create(&d, &s), GG_OK);
    return s;
}

/* Every answer the kernel gives on s against the reference, for the pair a -> b. */
static void check_pair(const gg_scene *s, gg_cell a, gg_cell b)
{
    const bool fast = gg__line_of_sight(s, a, b), slow = ref_los(s, a, b);
    if (fast != slow)
        fail_msg("line of sight %d,%d -> %d,%d: kernel %d, reference %d (rule %d)", (int)a.col,
                 (int)a.row, (int)b.col, (int)b.row, fast, slow, (int)gg_scene_wall_rule(s));
    if (gg__walk_blocked(s, a, b) != ref_walk_blocked(s, a, b))
        fail_msg("blocked walk %d,%d -> %d,%d differs", (int)a.col, (int)a.row, (int)b.col,
                 (int)b.row);
    /* The visibility matrix walks once for both directions (the kernel's two-way mode). */
    const gg_cell two[2] = {a, b};
    uint8_t m[4];
    assert_int_equal(gg_scene_visibility_matrix(s, two, 2, NULL, GG_VISIBILITY_LINE_OF_SIGHT, m),
                     GG_OK);
    if (m[0] != ref_los(s, a, a) || m[3] != ref_los(s, b, b))
        fail_msg("matrix diagonal at %d,%d or %d,%d differs", (int)a.col, (int)a.row, (int)b.col,
                 (int)b.row);
    if (m[1] != slow || m[2] != ref_los(s, b, a))
        fail_msg("matrix %d,%d <-> %d,%d: %d/%d, reference %d/%d", (int)a.col, (int)a.row,
                 (int)b.col, (int)b.row, m[1], m[2], slow, ref_los(s, b, a));
    const gg_hpoint pa = gg__wall_centre(a), pb = gg__wall_centre(b);
    static const uint32_t masks[] = {GG_BLOCKS_SIGHT, GG_BLOCKS_LIGHT,
                                     GG_BLOCKS_SIGHT | GG_BLOCKS_LIGHT};
    for (int k = 0; k < 3; ++k) {
        const bool f = gg__segment_hits_wall(s, pa, pb, masks[k]);
        const bool l = gg__segment_hits_wall_linear(s, pa, pb, masks[k]);
        if (gg__sight_line(s, a, b, masks[k]) != (!ref_walk_blocked(s, a, b) && !l))
            fail_msg("sight line %d,%d -> %d,%d mask %u differs", (int)a.col, (int)a.row,
                     (int)b.col, (int)b.row, (unsigned)masks[k]);
        if (f != l)
            fail_msg("walls %d,%d -> %d,%d mask %u: kernel %d, every wall %d", (int)a.col,
                     (int)a.row, (int)b.col, (int)b.row, (unsigned)masks[k], f, l);
    }
}

static void check_every_pair(const gg_scene *s)
{
    const int32_t w = gg_scene_width(s), h = gg_scene_height(s);
    for (int32_t ar = 0; ar < h; ++ar)
        for (int32_t ac = 0; ac < w; ++ac)
            for (int32_t br = 0; br < h; ++br)
                for (int32_t bc = 0; bc < w; ++bc)
                    check_pair(s, gg_cell_make(ac, ar), gg_cell_make(bc, br));
}

static void check_random_pairs(const gg_scene *s, fx_rng *r, int n)
{
    const int32_t w = gg_scene_width(s), h = gg_scene_height(s);
    for (int k = 0; k < n; ++k)
        check_pair(s, fx_c(fx_below(r, w), fx_below(r, h)), fx_c(fx_below(r, w), fx_below(r, h)));
}

/* The blocked-cell walk visits exactly Nat20's cells: one blocked cell at a time, every cell of
 * a 9 x 9 map, every pair (all directions, slopes and ties up to 8). */
static void sight_kernel__cell_walk_is_nat20_bresenham(void **state)
{
    (void)state;
    const int32_t n = 9;
    gg_scene *s = fx_open(n, n);
    for (int32_t k = 0; k < n * n; ++k) {
        const gg_cell c = fx_c(k % n, k / n);
        assert_int_equal(gg_scene_set_blocked(s, c, true), GG_OK);
        for (int32_t i = 0; i < n * n; ++i)
            for (int32_t j = 0; j < n * n; ++j) {
                const gg_cell a = fx_c(i % n, i / n), b = fx_c(j % n, j / n);
                assert_int_equal(gg__walk_blocked(s, a, b), ref_walk_blocked(s, a, b));
            }
        assert_int_equal(gg_scene_set_blocked(s, c, false), GG_OK);
    }
    gg_scene_destroy(s);
}

/* Long lines on a wide map: the same, for random pairs with random blocked cells. */
static void sight_kernel__long_walks_match_on_a_wide_map(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 15, "sight_kernel__long_walks_match_on_a_wide_map");
    gg_scene *s = fx_open(300, 200);
    for (int k = 0; k < 3000; ++k)
        assert_int_equal(gg_scene_set_blocked(s, fx_c(fx_below(&r, 300), fx_below(&r, 200)), true),
                         GG_OK);
    for (int k = 0; k < 4000; ++k) {
        const gg_cell a = fx_c(fx_below(&r, 300), fx_below(&r, 200));
        const gg_cell b = fx_c(fx_below(&r, 300), fx_below(&r, 200));
        assert_int_equal(gg__walk_blocked(s, a, b), ref_walk_blocked(s, a, b));
    }
    gg_scene_destroy(s);
}

static void add(gg_scene *s, double x1, double y1, double x2, double y2, gg_wall_id *id)
{
    gg_wall_def d = gg_wall_def_default();
    d.x1 = x1;
    d.y1 = y1;
    d.x2 = x2;
    d.y2 = y2;
    assert_int_equal(gg_scene_add_wall(s, &d, id), GG_OK);
}

/* Exhaustive on a 4 x 3 map: every unit edge alone and with each other edge (the kernel reads
 * edge and corner bits), every pair of cells, both wall rules. */
static void sight_kernel__every_edge_and_pair_of_edges_on_a_tiny_map(void **state)
{
    (void)state;
    const int32_t w = 4, h = 3;
    double e[64][4];
    int ne = 0;
    for (int y = 0; y <= h; ++y)
        for (int x = 0; x <= w; ++x) {
            if (x < w) {
                e[ne][0] = x, e[ne][1] = y, e[ne][2] = x + 1, e[ne][3] = y;
                ++ne;
            }
            if (y < h) {
                e[ne][0] = x, e[ne][1] = y, e[ne][2] = x, e[ne][3] = y + 1;
                ++ne;
            }
        }
    for (int rule = 0; rule < 2; ++rule)
        for (int i = 0; i < ne; ++i)
            for (int j = i; j < ne; ++j) {
                gg_scene *s = scene_with_rule(w, h, rule ? GG_WALL_RULE_POINT : GG_WALL_RULE_NAT20);
                add(s, e[i][0], e[i][1], e[i][2], e[i][3], NULL);
                if (j != i)
                    add(s, e[j][0], e[j][1], e[j][2], e[j][3], NULL);
                check_every_pair(s);
                gg_scene_destroy(s);
            }
}

/* A random wall of any kind: plain walls on the grid lines (some long, some off the map), walls
 * on half cells and on the fine lattice, diagonals, points, doors (secret too), one-way, LIMITED,
 * proximity, low walls, heights, any blocks. */
static gg_wall_def random_wall(fx_rng *r, int32_t w, int32_t h)
{
    gg_wall_def d = gg_wall_def_default();
    const uint32_t kind = fx_below(r, 10);
    const double unit = kind < 5 ? 1.0 : kind < 8 ? 0.5 : 1.0 / GG_WALL_UNITS_PER_CELL;
    const int32_t steps = (int32_t)(1.0 / unit);
    d.x1 = (double)((int32_t)fx_below(r, (uint32_t)((w + 2) * steps + 1)) - steps) * unit;
    d.y1 = (double)((int32_t)fx_below(r, (uint32_t)((h + 2) * steps + 1)) - steps) * unit;
    const double len = (double)(1 + fx_below(r, fx_below(r, 6) == 0 ? 30 : 4));
    const uint32_t dir = fx_below(r, 10);
    const double sgn = fx_below(r, 2) ? 1.0 : -1.0;
    d.x2 = d.x1 + (dir < 4 ? sgn * len : dir < 8 ? 0.0 : len * unit * fx_below(r, 5));
    d.y2 = d.y1 + (dir < 4 ? 0.0 : dir < 8 ? sgn * len : -len * unit * fx_below(r, 5));
    if (fx_below(r, 20) == 0)
        d.x2 = d.x1, d.y2 = d.y1;
    if (fx_below(r, 4) == 0) { /* something other than a plain wall */
        switch (fx_below(r, 9)) {
        case 0:
            d.door = (gg_door)(1 + fx_below(r, 3));
            break;
        case 7: /* a secret door */
            d.door = (gg_door)(1 + fx_below(r, 3));
            d.secret = true;
            break;
        case 8: /* heights: standing at elevation 0 (the plain queries' elevation) or not */
            d.bottom_ft = fx_below(r, 2) ? 0.0 : 5.0;
            d.top_ft = d.bottom_ft + 10.0;
            break;
        case 1:
            d.one_way = (gg_one_way)(1 + fx_below(r, 2));
            break;
        case 2:
            d.limited = fx_below(r, 2) ? (uint32_t)GG_BLOCKS_SIGHT : (uint32_t)GG_BLOCKS_LIGHT;
            break;
        case 3:
            d.sight_proximity_ft = 5.0 * (double)(1 + fx_below(r, 4));
            break;
        case 4:
            d.cover = (gg_cover)(1 + fx_below(r, 3));
            break;
        case 5:
            d.blocks = 1u + fx_below(r, 7);
            break;
        default:
            d.door = GG_DOOR_OPEN;
            d.cover = GG_COVER_HALF;
            break;
        }
    }
    return d;
}

static void random_scenes(gg_wall_rule rule, uint64_t seed, const char *name)
{
    fx_rng r;
    fx_rng_seed(&r, seed, name);
    for (int round = 0; round < 60; ++round) {
        const int32_t w = 1 + (int32_t)fx_below(&r, 24), h = 1 + (int32_t)fx_below(&r, 24);
        gg_scene *s = scene_with_rule(w, h, rule);
        const int nb = (int)fx_below(&r, (uint32_t)(w * h / 6 + 1));
        for (int k = 0; k < nb; ++k)
            assert_int_equal(gg_scene_set_blocked(s, fx_c(fx_below(&r, w), fx_below(&r, h)), true),
                             GG_OK);
        const int n = (int)fx_below(&r, 90);
        gg_wall_def defs[90];
        gg_wall_id ids[90];
        for (int k = 0; k < n; ++k)
            defs[k] = random_wall(&r, w, h);
        /* some through the bulk path, the rest one by one (the pending list) */
        assert_int_equal(gg_scene_add_walls(s, defs, n / 2, ids), GG_OK);
        for (int k = n / 2; k < n; ++k)
            assert_int_equal(gg_scene_add_wall(s, &defs[k], &ids[k]), GG_OK);
        if (w * h <= 64)
            check_every_pair(s);
        else
            check_random_pairs(s, &r, 600);
        /* Removals and door changes (a door back to a plain wall, a wall made a door). */
        for (int k = 0; k < n; k += 4)
            assert_int_equal(gg_scene_remove_wall(s, ids[k]), GG_OK);
        for (int k = 1; k < n; k += 4)
            assert_int_equal(gg_scene_set_door(s, ids[k], (gg_door)fx_below(&r, 4)), GG_OK);
        for (int k = 0; k < 5; ++k)
            assert_int_equal(gg_scene_set_blocked(s, fx_c(fx_below(&r, w), fx_below(&r, h)),
                                                  fx_below(&r, 2) != 0),
                             GG_OK);
        check_random_pairs(s, &r, 600);
        gg_scene_destroy(s);
    }
}

static void sight_kernel__equals_exact_path_on_random_scenes_nat20_rule(void **state)
{
    (void)state;
    random_scenes(GG_WALL_RULE_NAT20, 151, "sight_kernel__equals_exact_path_nat20");
}

static void sight_kernel__equals_exact_path_on_random_scenes_point_rule(void **state)
{
    (void)state;
    random_scenes(GG_WALL_RULE_POINT, 152, "sight_kernel__equals_exact_path_point");
}

/* A cave: hundreds of short walls off the cell edges (EXACT) on a small map, so a walk meets
 * each wall near it in several cells (every wall is indexed with a bucket of margin) and the
 * walk's table of walls already tested (gg__hit_seen, direct-mapped by wall number) fills and
 * collides: walls numbered k, k + 64, k + 128 ... share a slot. Every kind of wall is among
 * them (limited walls count two distinct walls, one-way walls depend on the side). The kernel
 * must answer as the reference for every pair, under both rules. */
static void sight_kernel__dense_exact_walls_equal_the_reference(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 153, "sight_kernel__dense_exact_walls");
    for (int rule = 0; rule < 2; ++rule) {
        for (int round = 0; round < 2; ++round) {
            const int32_t w = 12 + 8 * round, h = 10 + 6 * round;
            gg_scene *s = scene_with_rule(w, h, rule ? GG_WALL_RULE_POINT : GG_WALL_RULE_NAT20);
            enum { N = 400 };
            static gg_wall_def defs[N];
            for (int k = 0; k < N; ++k) {
                defs[k] = random_wall(&r, w, h);
                if (k % 3 != 0) { /* short and off the lattice of cell edges, as caves are */
                    const double x = defs[k].x1 + 0.25 * (double)fx_below(&r, 4);
                    const double y = defs[k].y1 + 0.125 * (double)fx_below(&r, 8);
                    defs[k].x1 = x, defs[k].y1 = y;
                    defs[k].x2 = x + 0.375 * ((double)fx_below(&r, 7) - 3.0);
                    defs[k].y2 = y + 0.625 * ((double)fx_below(&r, 5) - 2.0);
                }
            }
            assert_int_equal(gg_scene_add_walls(s, defs, N, NULL), GG_OK);
            if (round == 0)
                check_every_pair(s);
            else
                check_random_pairs(s, &r, 4000);
            gg_scene_destroy(s);
        }
    }
}

/* Two plain walls share an edge; removing one must keep the edge's bit (the planes are
 * repainted from the walls that remain), and removing the second clears it. */
static void sight_kernel__removing_one_of_two_overlapping_walls_keeps_the_edge(void **state)
{
    (void)state;
    gg_scene *s = fx_open(6, 3);
    gg_wall_id a, b;
    add(s, 3, 0, 3, 3, &a);
    add(s, 3, 1, 3, 2, &b);
    assert_false(gg__line_of_sight(s, fx_c(1, 1), fx_c(5, 1)));
    assert_int_equal(gg_scene_remove_wall(s, a), GG_OK);
    assert_false(gg__line_of_sight(s, fx_c(1, 1), fx_c(5, 1)));
    assert_true(gg__line_of_sight(s, fx_c(1, 0), fx_c(5, 0)));
    assert_int_equal(gg_scene_remove_wall(s, b), GG_OK);
    assert_true(gg__line_of_sight(s, fx_c(1, 1), fx_c(5, 1)));
    gg_scene_destroy(s);
}

/* A door turned back into a wall (GG_DOOR_NONE) becomes plain: it must block as an edge; an
 * open door made from a plain wall must stop blocking. */
static void sight_kernel__door_changes_move_walls_between_kinds(void **state)
{
    (void)state;
    gg_scene *s = fx_open(6, 3);
    gg_wall_id id;
    add(s, 3, 0, 3, 3, &id);
    assert_false(gg__line_of_sight(s, fx_c(1, 1), fx_c(5, 1)));
    assert_int_equal(gg_scene_set_door(s, id, GG_DOOR_OPEN), GG_OK);
    assert_true(gg__line_of_sight(s, fx_c(1, 1), fx_c(5, 1)));
    assert_int_equal(gg_scene_set_door(s, id, GG_DOOR_NONE), GG_OK);
    assert_false(gg__line_of_sight(s, fx_c(1, 1), fx_c(5, 1)));
    assert_int_equal(s->sight_plain, 1u);
    assert_int_equal(s->sight_exact, 0u);
    gg_scene_destroy(s);
}

/* The EXACT marks of a removed wall go, and those of a wall sharing its cells stay. */
static int exact_marks(const gg_scene *s)
{
    int n = 0;
    for (int32_t y = 0; y <= s->height; ++y)
        for (int32_t x = 0; x <= s->width; ++x)
            n += (gg__wall_plane_row(s, y)[x] & GG__SP_EXACT) != 0;
    return n;
}

static void sight_kernel__removing_exact_walls_clears_their_marks(void **state)
{
    (void)state;
    gg_scene *s = fx_open(12, 12);
    gg_wall_id d1, d2;
    add(s, 2, 2, 7, 7, &d1); /* diagonals: EXACT */
    add(s, 3, 7, 8, 2, &d2);
    const int both = exact_marks(s);
    assert_int_equal(gg_scene_remove_wall(s, d1), GG_OK);
    const int one = exact_marks(s);
    assert_true(one > 0 && one < both);
    assert_false(gg__line_of_sight(s, fx_c(3, 4), fx_c(7, 4))); /* d2 still blocks */
    assert_int_equal(gg_scene_remove_wall(s, d2), GG_OK);
    assert_int_equal(exact_marks(s), 0);
    assert_true(gg__line_of_sight(s, fx_c(3, 4), fx_c(7, 4)));
    gg_scene_destroy(s);
}

/* Under the point rule an open door ending on a corner excuses a plain wall that the line only
 * touches at that corner (doorway.c); Nat20's rule blocks. The kernel falls back to the exact
 * path for corner hits under the point rule. */
static void sight_kernel__point_rule_doorway_at_a_corner(void **state)
{
    (void)state;
    for (int rule = 0; rule < 2; ++rule) {
        gg_scene *s = scene_with_rule(6, 6, rule ? GG_WALL_RULE_POINT : GG_WALL_RULE_NAT20);
        add(s, 3, 0, 3, 3, NULL); /* a plain wall ending at the corner (3, 3) */
        gg_wall_def d = gg_wall_def_default();
        d.x1 = 3, d.y1 = 3, d.x2 = 3, d.y2 = 4;
        d.door = GG_DOOR_OPEN;
        assert_int_equal(gg_scene_add_wall(s, &d, NULL), GG_OK);
        /* (1,1) -> (5,5) passes through (3, 3) exactly */
        assert_int_equal(gg__line_of_sight(s, fx_c(1, 1), fx_c(5, 5)),
                         ref_los(s, fx_c(1, 1), fx_c(5, 5)));
        assert_int_equal(gg__line_of_sight(s, fx_c(1, 1), fx_c(5, 5)), rule == 1);
        check_every_pair(s);
        gg_scene_destroy(s);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sight_kernel__cell_walk_is_nat20_bresenham),
        cmocka_unit_test(sight_kernel__long_walks_match_on_a_wide_map),
        cmocka_unit_test(sight_kernel__every_edge_and_pair_of_edges_on_a_tiny_map),
        cmocka_unit_test(sight_kernel__equals_exact_path_on_random_scenes_nat20_rule),
        cmocka_unit_test(sight_kernel__equals_exact_path_on_random_scenes_point_rule),
        cmocka_unit_test(sight_kernel__dense_exact_walls_equal_the_reference),
        cmocka_unit_test(sight_kernel__removing_one_of_two_overlapping_walls_keeps_the_edge),
        cmocka_unit_test(sight_kernel__door_changes_move_walls_between_kinds),
        cmocka_unit_test(sight_kernel__removing_exact_walls_clears_their_marks),
        cmocka_unit_test(sight_kernel__point_rule_doorway_at_a_corner),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
