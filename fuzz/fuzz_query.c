/* fuzz_query.c - libFuzzer target: the input bytes build a small random scene (blocked cells,
 * difficult terrain, cover, lighting and obscurement tags, walls with doors, one-way sides,
 * partial blocking and cover values, light sources) and a sequence of queries on it, and every
 * answer is checked against what the headers and docs/ promise:
 *   - sight is symmetric where promised: with no blocked cell and no one-way wall
 *     (docs/vision.md: asymmetric only through Bresenham ties next to blocked cells and one-way
 *     walls); the visibility matrix equals the pairwise has_line_of_sight / can_see answers;
 *   - field of view equals per-cell sight (gg_scene_visible_cells: has_line_of_sight and range),
 *     and seen_cells equals per-cell can_see;
 *   - path cost equals field cost (gg_scene_lowest_cost_path vs gg_move_field_cost), and the
 *     field's own route prices to its cost; every step of every path is legal (route_cost,
 *     edge_distance);
 *   - reach equals the field within budget (Nat20 reachable and the movement overlay);
 *   - Nat20's breadth-first path is as long as the field's fewest steps where feet are steps;
 *   - cover modes are consistent: TAGGED equals cover_between with the creatures' cells as
 *     occupied (the header's byte-identical promise), and in every mode more creatures never
 *     lower the cover;
 *   - queries on a built scene allocate nothing (the scene's allocator counts).
 * A violated promise aborts (a crash for libFuzzer). Build and run: fuzz/run.sh; fuzz/README.md
 * has a longer run's numbers. */
#include <gridgeom/topology.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SIDE 14
#define MAX_CELLS (MAX_SIDE * MAX_SIDE)

typedef struct bytes {
    const uint8_t *p;
    size_t n;
    uint64_t rng; /* continues the input once it is used up */
} bytes;

/* The next input byte; once the input is used up, bytes of a generator seeded by the whole
 * input, so a short input still builds a rich scene and every input is a valid program (the
 * fuzzer steers through the bytes it controls, and any change of them reseeds the rest). */
static uint32_t next(bytes *b)
{
    if (b->n > 0) {
        b->n--;
        return *b->p++;
    }
    b->rng ^= b->rng << 13;
    b->rng ^= b->rng >> 7;
    b->rng ^= b->rng << 17;
    return (uint32_t)(b->rng >> 56);
}

static uint32_t below(bytes *b, uint32_t n) { return n == 0 ? 0 : next(b) % n; }

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "fuzz_query: broken promise: %s\n  ", #cond);                          \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fputc('\n', stderr);                                                                   \
            abort();                                                                               \
        }                                                                                          \
    } while (0)

/* Counts the scene's allocations: a query on a built scene allocates nothing (the headers). */
static long g_allocs;

static void *count_alloc(void *ctx, size_t size, size_t align)
{
    (void)ctx;
    (void)align;
    g_allocs++;
    return malloc(size == 0 ? 1 : size);
}

static void count_free(void *ctx, void *ptr, size_t size)
{
    (void)ctx;
    (void)size;
    free(ptr);
}

static const gg_allocator k_counting = {count_alloc, count_free, NULL};

typedef struct world {
    gg_scene *scene;
    gg_scratch *scratch;
    int32_t w, h, ft;
    bool symmetric; /* no blocked cell, no one-way wall */
} world;

static gg_cell any_cell(bytes *b, const world *wd)
{
    return gg_cell_make((int32_t)below(b, (uint32_t)wd->w), (int32_t)below(b, (uint32_t)wd->h));
}

static int32_t cheb(gg_cell a, gg_cell b)
{
    int32_t dc = abs(a.col - b.col), dr = abs(a.row - b.row);
    return dc > dr ? dc : dr;
}

/* ---- Building the scene ---------------------------------------------------------------------- */

static bool build(bytes *b, world *wd)
{
    gg_scene_def d = gg_scene_def_default();
    d.width = wd->w = 2 + (int32_t)below(b, MAX_SIDE - 1);
    d.height = wd->h = 2 + (int32_t)below(b, MAX_SIDE - 1);
    d.cell_size_ft = wd->ft = below(b, 4) == 0 ? 10 : 5;
    d.default_lighting = (gg_light)(1 + below(b, 3));
    d.allocator = &k_counting;
    if (gg_scene_create(&d, &wd->scene) != GG_OK)
        return false;
    wd->symmetric = below(b, 2) == 0;
    int32_t tags = (int32_t)below(b, 40);
    for (int32_t k = 0; k < tags; ++k) {
        uint32_t kind = below(b, 5);
        gg_cell c = any_cell(b, wd);
        uint32_t v = next(b);
        gg_status st = GG_OK;
        switch (kind) {
        case 0:
            if (!wd->symmetric)
                st = gg_scene_set_blocked(wd->scene, c, true);
            break;
        case 1:
            st = gg_scene_set_difficult(wd->scene, c, true);
            break;
        case 2:
            st = gg_scene_set_cover(wd->scene, c, (gg_cover)(v % 4));
            break;
        case 3:
            st = gg_scene_set_lighting(wd->scene, c, (gg_light)(v % 4));
            break;
        default:
            st = gg_scene_set_obscurement(wd->scene, c, (gg_obscurement)(v % 3));
            break;
        }
        CHECK(st == GG_OK, "tag writer %u on an on-map cell gave %s", kind, gg_status_name(st));
    }
    int32_t walls = (int32_t)below(b, 12);
    for (int32_t k = 0; k < walls; ++k) {
        gg_wall_def wl = gg_wall_def_default();
        /* Half-cell corners, slightly beyond the map at times. */
        wl.x1 = (double)((int32_t)below(b, (uint32_t)(2 * wd->w + 3)) - 1) * 0.5;
        wl.y1 = (double)((int32_t)below(b, (uint32_t)(2 * wd->h + 3)) - 1) * 0.5;
        wl.x2 = (double)((int32_t)below(b, (uint32_t)(2 * wd->w + 3)) - 1) * 0.5;
        wl.y2 = (double)((int32_t)below(b, (uint32_t)(2 * wd->h + 3)) - 1) * 0.5;
        uint32_t attr = next(b);
        if (attr & 1u)
            wl.door = (gg_door)(1 + (attr >> 1) % 3);
        if ((attr & 8u) && !wd->symmetric)
            wl.one_way = (gg_one_way)(1 + (attr >> 4) % 2);
        if (attr & 32u)
            wl.blocks = 1u + (attr >> 6) % 7u;
        if ((attr & 0xC0u) == 0xC0u)
            wl.cover = (gg_cover)(1 + (attr >> 2) % 3);
        gg_status st = gg_scene_add_wall(wd->scene, &wl, NULL);
        CHECK(st == GG_OK, "add_wall gave %s: %s", gg_status_name(st), gg_scene_message(wd->scene));
    }
    int32_t lights = (int32_t)below(b, 3);
    for (int32_t k = 0; k < lights; ++k) {
        gg_light_def l = gg_light_def_default();
        l.cell = any_cell(b, wd);
        l.bright_ft = 5 * (int32_t)below(b, 4);
        l.dim_ft = l.bright_ft + 5 * (int32_t)below(b, 4);
        CHECK(gg_scene_add_light(wd->scene, &l, NULL) == GG_OK, "add_light");
    }
    return gg_scratch_create(wd->scene, NULL, &wd->scratch) == GG_OK;
}

static gg_senses any_senses(bytes *b)
{
    gg_senses s = gg_senses_none();
    uint32_t v = next(b);
    if (v & 1u)
        s.darkvision_ft = 5 * (int32_t)below(b, 8);
    if (v & 2u)
        s.blindsight_ft = 5 * (int32_t)below(b, 4);
    if (v & 4u)
        s.truesight_ft = 5 * (int32_t)below(b, 4);
    return s;
}

/* ---- Sight ----------------------------------------------------------------------------------- */

static bool los(const world *wd, gg_cell a, gg_cell b)
{
    bool v = false;
    gg_status st = gg_scene_has_line_of_sight(wd->scene, a, b, &v);
    CHECK(st == GG_OK, "has_line_of_sight on-map gave %s", gg_status_name(st));
    return v;
}

static void check_sight(bytes *b, const world *wd)
{
    gg_cell viewer = any_cell(b, wd);
    int64_t range = below(b, 3) == 0 ? GG_RANGE_UNLIMITED : (int64_t)wd->ft * below(b, 8);
    uint64_t bits[(MAX_CELLS + 63) / 64];
    size_t words = gg_scene_bitset_words(wd->scene);
    int32_t count = -1;
    gg_status st = gg_scene_visible_cells(wd->scene, wd->scratch, viewer, range, GG_BITSET_REPLACE,
                                          bits, words, &count);
    CHECK(st == GG_OK, "visible_cells gave %s", gg_status_name(st));
    int32_t expect = 0;
    for (int32_t r = 0; r < wd->h; ++r)
        for (int32_t c = 0; c < wd->w; ++c) {
            gg_cell t = gg_cell_make(c, r);
            bool want = los(wd, viewer, t) && (int64_t)cheb(viewer, t) * wd->ft <= range;
            expect += want;
            CHECK(gg_bitset_has(bits, wd->w, t) == want,
                  "field of view from %d,%d disagrees with has_line_of_sight at %d,%d (range %lld)",
                  viewer.col, viewer.row, c, r, (long long)range);
            if (wd->symmetric)
                CHECK(los(wd, viewer, t) == los(wd, t, viewer),
                      "sight %d,%d <-> %d,%d is not symmetric on a scene without blocked cells "
                      "or one-way walls",
                      viewer.col, viewer.row, c, r);
        }
    CHECK(count == expect, "visible_cells counted %d, the cells say %d", count, expect);

    gg_senses senses = any_senses(b);
    st = gg_scene_seen_cells(wd->scene, wd->scratch, viewer, &senses, GG_BITSET_REPLACE, bits,
                             words, &count);
    CHECK(st == GG_OK, "seen_cells gave %s", gg_status_name(st));
    for (int32_t r = 0; r < wd->h; ++r)
        for (int32_t c = 0; c < wd->w; ++c) {
            bool seen = false;
            CHECK(gg_scene_can_see(wd->scene, viewer, gg_cell_make(c, r), &senses, &seen) == GG_OK,
                  "can_see");
            CHECK(gg_bitset_has(bits, wd->w, gg_cell_make(c, r)) == seen,
                  "seen_cells from %d,%d disagrees with can_see at %d,%d", viewer.col, viewer.row,
                  c, r);
        }
}

static void check_matrix(bytes *b, const world *wd)
{
    enum { N = 6 };
    gg_cell cells[N];
    gg_senses senses[N];
    int32_t n = 1 + (int32_t)below(b, N);
    for (int32_t i = 0; i < n; ++i) {
        cells[i] = any_cell(b, wd);
        senses[i] = any_senses(b);
    }
    uint8_t m[N * N];
    CHECK(gg_scene_visibility_matrix(wd->scene, cells, n, NULL, GG_VISIBILITY_LINE_OF_SIGHT, m) ==
              GG_OK,
          "visibility_matrix");
    for (int32_t i = 0; i < n; ++i)
        for (int32_t j = 0; j < n; ++j)
            CHECK(m[i * n + j] == los(wd, cells[i], cells[j]),
                  "visibility matrix [%d][%d] disagrees with has_line_of_sight", i, j);
    CHECK(gg_scene_visibility_matrix(wd->scene, cells, n, senses, GG_VISIBILITY_CAN_SEE, m) ==
              GG_OK,
          "visibility_matrix can_see");
    for (int32_t i = 0; i < n; ++i)
        for (int32_t j = 0; j < n; ++j) {
            bool seen = false;
            CHECK(gg_scene_can_see(wd->scene, cells[i], cells[j], &senses[i], &seen) == GG_OK,
                  "can_see");
            CHECK(m[i * n + j] == seen, "visibility matrix [%d][%d] disagrees with can_see", i, j);
        }
}

/* ---- Movement -------------------------------------------------------------------------------- */

static void check_route_legal(const world *wd, const gg_move_def *def, const gg_cell *path,
                              int32_t n, int32_t parity, gg_metric_cost want)
{
    gg_metric_cost cost;
    int32_t legal = -1;
    gg_status st = gg_scene_route_cost(wd->scene, path, n, parity, def, &cost, &legal);
    CHECK(st == GG_OK, "route_cost gave %s", gg_status_name(st));
    CHECK(legal == n - 1, "a path of %d cells has only %d legal steps", n, legal);
    CHECK(gg_metric_cost_compare(cost, want) == 0 && cost.steps == want.steps,
          "a path prices to %lld+%lld*r2 ft in %lld steps, its query said %lld+%lld*r2 in %lld",
          (long long)cost.feet, (long long)cost.root2_feet, (long long)cost.steps,
          (long long)want.feet, (long long)want.root2_feet, (long long)want.steps);
}

static void check_movement(bytes *b, const world *wd)
{
    gg_move_def def = gg_move_def_default();
    def.metric = (gg_metric)below(b, 4);
    def.difficult = (gg_difficult_rule)below(b, 3);
    def.surcharge_ft = 5 * (int32_t)below(b, 3);
    def.size = below(b, 3) == 0 ? GG_SIZE_LARGE : GG_SIZE_MEDIUM;
    int32_t side = def.size == GG_SIZE_LARGE ? 2 : 1;
    gg_cell avoid[3];
    def.avoid_count = (int32_t)below(b, 4);
    for (int32_t i = 0; i < def.avoid_count; ++i)
        avoid[i] = any_cell(b, wd);
    def.avoid = avoid;
    gg_body others[2];
    def.other_count = (int32_t)below(b, 3);
    for (int32_t i = 0; i < def.other_count; ++i) {
        others[i] = gg_body_make(any_cell(b, wd));
        others[i].side = below(b, 2) != 0 ? def.side : def.side + 1; /* an ally or not */
    }
    def.others = others;
    if (wd->w < side || wd->h < side)
        return;
    gg_cell origin = gg_cell_make((int32_t)below(b, (uint32_t)(wd->w - side + 1)),
                                  (int32_t)below(b, (uint32_t)(wd->h - side + 1)));
    int32_t parity = def.metric == GG_METRIC_ALTERNATING ? (int32_t)below(b, 2) : 0;

    static uint64_t memory[(MAX_CELLS * 64) / 8];
    size_t bytes_needed = 0;
    CHECK(gg_move_field_bytes(wd->scene, &def, &bytes_needed) == GG_OK, "field_bytes");
    CHECK(bytes_needed <= sizeof memory, "a %dx%d field needs %zu bytes", wd->w, wd->h,
          bytes_needed);
    gg_move_field *field = NULL;
    gg_status st = gg_scene_move_field(wd->scene, wd->scratch, origin, parity, &def, memory,
                                       sizeof memory, &field);
    CHECK(st == GG_OK, "move_field gave %s", gg_status_name(st));

    /* A* to a few targets (each is a search of its own; the field and the overlay below are
     * checked on every anchor), the origin always among them. */
    gg_cell path[MAX_CELLS + 1];
    for (int32_t k = 0; k < 6; ++k) {
        int32_t c = k == 0 ? origin.col : (int32_t)below(b, (uint32_t)(wd->w - side + 1));
        int32_t r = k == 0 ? origin.row : (int32_t)below(b, (uint32_t)(wd->h - side + 1));
        gg_cell t = gg_cell_make(c, r);
        bool reached = false, can_end = false;
        gg_metric_cost fc;
        CHECK(gg_move_field_cost(field, t, &reached, &fc, &can_end) == GG_OK, "field_cost");
        int32_t n = -1;
        gg_metric_cost pc;
        st = gg_scene_lowest_cost_path(wd->scene, wd->scratch, origin, t, parity, &def, path,
                                       MAX_CELLS + 1, &n, &pc);
        CHECK(st == GG_OK, "lowest_cost_path gave %s", gg_status_name(st));
        bool route = n > 0;
        /* "a == b gives [a] at cost 0" comes first, even where the mover may not end (it
         * stands on another creature's space: the field says can_end false there). */
        bool at_origin = c == origin.col && r == origin.row;
        CHECK(route == (at_origin || (reached && can_end)),
              "A* %s a route %d,%d -> %d,%d (size %d, %d others); the field says reached %d, "
              "can end %d",
              route ? "found" : "found no", origin.col, origin.row, c, r, (int)def.size,
              def.other_count, reached, can_end);
        if (!route)
            continue;
        CHECK(gg_metric_cost_compare(pc, fc) == 0,
              "A* to %d,%d costs %lld+%lld*r2 ft, the field %lld+%lld*r2", c, r, (long long)pc.feet,
              (long long)pc.root2_feet, (long long)fc.feet, (long long)fc.root2_feet);
        CHECK(path[0].col == origin.col && path[0].row == origin.row && path[n - 1].col == c &&
                  path[n - 1].row == r,
              "A* path ends");
        check_route_legal(wd, &def, path, n, parity, pc);
        if (at_origin && !can_end)
            continue;
        int32_t m = -1;
        CHECK(gg_move_field_path(field, t, path, MAX_CELLS + 1, &m) == GG_OK, "field_path");
        CHECK(m > 0, "the field reached %d,%d but gives no route", c, r);
        check_route_legal(wd, &def, path, m, parity, fc);
    }

    /* The overlay within a budget is the field within it. */
    int32_t budget = wd->ft * (int32_t)below(b, 10);
    gg_move_reach reach[MAX_CELLS];
    int32_t nr = -1;
    st = gg_scene_move_overlay(wd->scene, wd->scratch, origin, parity, budget, &def, reach,
                               MAX_CELLS, &nr);
    CHECK(st == GG_OK, "move_overlay gave %s", gg_status_name(st));
    int32_t within = 0;
    gg_metric_cost limit = {budget, 0, 0, 0};
    for (int32_t r = 0; r + side <= wd->h; ++r)
        for (int32_t c = 0; c + side <= wd->w; ++c) {
            bool reached = false;
            gg_metric_cost fc;
            CHECK(gg_move_field_cost(field, gg_cell_make(c, r), &reached, &fc, NULL) == GG_OK,
                  "field_cost");
            within += reached && gg_metric_cost_compare(fc, limit) <= 0;
        }
    CHECK(nr == within, "the overlay within %d ft has %d anchors, the field %d", budget, nr,
          within);
    for (int32_t i = 0; i < nr; ++i) {
        bool reached = false;
        gg_metric_cost fc;
        CHECK(gg_move_field_cost(field, reach[i].cell, &reached, &fc, NULL) == GG_OK, "cost");
        CHECK(reached && gg_metric_cost_compare(fc, reach[i].cost) == 0,
              "overlay cost at %d,%d differs from the field's", reach[i].cell.col,
              reach[i].cell.row);
    }
}

/* Nat20's searches against the field with Nat20's rules (1x1, Chebyshev, difficult doubles). */
static void check_nat20_movement(bytes *b, const world *wd)
{
    gg_cell start = any_cell(b, wd);
    gg_move_def def = gg_move_def_default();
    static uint64_t memory[(MAX_CELLS * 64) / 8];
    gg_move_field *field = NULL;
    CHECK(gg_scene_move_field(wd->scene, wd->scratch, start, 0, &def, memory, sizeof memory,
                              &field) == GG_OK,
          "move_field");
    int32_t budget = wd->ft * (int32_t)below(b, 12);
    gg_reach reach[MAX_CELLS];
    int32_t nr = -1;
    CHECK(gg_scene_reachable(wd->scene, wd->scratch, start, budget, NULL, 0, reach, MAX_CELLS,
                             &nr) == GG_OK,
          "reachable");
    int32_t within = 0;
    for (int32_t r = 0; r < wd->h; ++r)
        for (int32_t c = 0; c < wd->w; ++c) {
            bool reached = false;
            gg_metric_cost fc;
            CHECK(gg_move_field_cost(field, gg_cell_make(c, r), &reached, &fc, NULL) == GG_OK,
                  "field_cost");
            within += reached && fc.feet <= budget;
        }
    CHECK(nr == within, "reachable within %d ft: %d cells, the field %d", budget, nr, within);
    for (int32_t i = 0; i < nr; ++i) {
        bool reached = false;
        gg_metric_cost fc;
        CHECK(gg_move_field_cost(field, reach[i].cell, &reached, &fc, NULL) == GG_OK, "cost");
        CHECK(reached && fc.feet == reach[i].cost_ft, "reachable cost %d at %d,%d, the field %lld",
              reach[i].cost_ft, reach[i].cell.col, reach[i].cell.row, (long long)fc.feet);
        if (i > 0) {
            int32_t step = -2;
            CHECK(gg_scene_edge_distance(wd->scene, reach[i].prev, reach[i].cell, &step) == GG_OK,
                  "edge_distance");
            CHECK(step != GG_STEP_ILLEGAL, "reachable's step %d,%d -> %d,%d is illegal",
                  reach[i].prev.col, reach[i].prev.row, reach[i].cell.col, reach[i].cell.row);
        }
    }

    /* Breadth-first shortest_path: fewest cells, every step legal; with difficult terrain
     * ignored the field's feet are steps, so the lengths agree. */
    def.difficult = GG_DIFFICULT_IGNORE;
    CHECK(gg_scene_move_field(wd->scene, wd->scratch, start, 0, &def, memory, sizeof memory,
                              &field) == GG_OK,
          "move_field");
    gg_cell goal = any_cell(b, wd);
    gg_cell path[MAX_CELLS + 1];
    int32_t n = -1;
    CHECK(gg_scene_shortest_path(wd->scene, wd->scratch, start, goal, NULL, 0, path, MAX_CELLS + 1,
                                 &n) == GG_OK,
          "shortest_path");
    bool reached = false;
    gg_metric_cost fc;
    CHECK(gg_move_field_cost(field, goal, &reached, &fc, NULL) == GG_OK, "field_cost");
    CHECK((n > 0) == reached, "shortest_path %s a route, the field %s",
          n > 0 ? "found" : "found no", reached ? "reached it" : "did not");
    if (n > 0)
        CHECK(n - 1 == fc.steps, "shortest_path takes %d steps, the field %lld", n - 1,
              (long long)fc.steps);
    for (int32_t i = 1; i < n; ++i) {
        int32_t step = -2;
        CHECK(gg_scene_edge_distance(wd->scene, path[i - 1], path[i], &step) == GG_OK, "edge");
        CHECK(step != GG_STEP_ILLEGAL, "shortest_path step %d is illegal", i);
    }
}

/* ---- Cover ----------------------------------------------------------------------------------- */

static void check_cover(bytes *b, const world *wd)
{
    gg_body att = gg_body_make(any_cell(b, wd));
    gg_body tgt = gg_body_make(any_cell(b, wd));
    gg_body creatures[3];
    int32_t nc = (int32_t)below(b, 4);
    gg_cell occupied[3];
    for (int32_t i = 0; i < nc; ++i) {
        creatures[i] = gg_body_make(any_cell(b, wd));
        occupied[i] = creatures[i].cell;
    }
    gg_cover tagged = GG_COVER_NONE;
    CHECK(gg_scene_cover_between(wd->scene, att.cell, tgt.cell, occupied, nc, &tagged) == GG_OK,
          "cover_between");
    gg_cover_def def = gg_cover_def_default();
    gg_cover_result res;
    gg_status st = gg_scene_cover(wd->scene, &att, &tgt, creatures, nc, &def, &res, NULL, 0, NULL);
    CHECK(st == GG_OK, "cover tagged gave %s", gg_status_name(st));
    CHECK(res.degree == tagged, "TAGGED cover %d, cover_between %d (%d,%d -> %d,%d)", res.degree,
          tagged, att.cell.col, att.cell.row, tgt.cell.col, tgt.cell.row);
    for (int mode = GG_COVER_MODE_TAGGED; mode <= GG_COVER_MODE_CORNERS_3D; ++mode) {
        def.mode = (gg_cover_mode)mode;
        gg_cover_result with, without;
        st = gg_scene_cover(wd->scene, &att, &tgt, creatures, nc, &def, &with, NULL, 0, NULL);
        CHECK(st == GG_OK, "cover mode %d gave %s", mode, gg_status_name(st));
        st = gg_scene_cover(wd->scene, &att, &tgt, NULL, 0, &def, &without, NULL, 0, NULL);
        CHECK(st == GG_OK, "cover mode %d without creatures gave %s", mode, gg_status_name(st));
        CHECK(with.degree >= without.degree,
              "mode %d: creatures lowered cover from %d to %d (%d,%d -> %d,%d)", mode,
              without.degree, with.degree, att.cell.col, att.cell.row, tgt.cell.col, tgt.cell.row);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    bytes b = {data, size, 0x9E3779B97F4A7C15ull ^ size};
    for (size_t i = 0; i < size; ++i)
        b.rng = (b.rng ^ data[i]) * 0x100000001B3ull;
    if (b.rng == 0)
        b.rng = 1;
    world wd;
    memset(&wd, 0, sizeof wd);
    if (build(&b, &wd)) {
        const long allocs = g_allocs;
        /* Eight queries, each family chosen by the input. */
        for (int q = 0; q < 8; ++q) {
            switch (below(&b, 5)) {
            case 0:
                check_sight(&b, &wd);
                break;
            case 1:
                check_matrix(&b, &wd);
                break;
            case 2:
                check_movement(&b, &wd);
                break;
            case 3:
                check_nat20_movement(&b, &wd);
                break;
            default:
                check_cover(&b, &wd);
                break;
            }
        }
        CHECK(g_allocs == allocs, "queries allocated %ld times", g_allocs - allocs);
    }
    gg_scratch_destroy(wd.scratch);
    gg_scene_destroy(wd.scene);
    return 0;
}
