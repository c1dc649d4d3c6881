/* bench_paths.c - cost-aware movement (issue 3): distance fields, A* and overlays against a plain
 * byte-grid BFS written here and against libtcod (TCOD_dijkstra, TCOD_path) when it is linked.
 *
 * Maps are 1024 x 1024: random (20% blocked), "dungeon" (bench_map_crossings(): rooms joined
 * by corridors that cross the whole map, 97% open at this size), open. Every comparison first
 * asserts that both sides agree on the cost of every cell (fields) or of the route (A*), then
 * times them against each other, one call of each in turn (bench_time_pair(): the fastest call
 * of each side, so both ran under the same machine load), and prints the ratio with its target:
 *   BFS field (corner rule)   >= 1x a plain C BFS over a byte grid; >= 50x TCOD_dijkstra with
 *                             diagonal cost 1.0 (random, open)
 *   difficult field (x2)      within 1.3x of our BFS field; >= 10x TCOD_dijkstra with an
 *                             equivalent cost callback
 *   A* corner to corner       >= 5x TCOD_path (random), >= 3x (dungeon)
 *   overlay within 30 ft      the same time +-20% on 64^2 and 1024^2 maps
 *
 * libtcod's map-based Dijkstra and A* ignore the corner rule (a diagonal may cut a blocked
 * corner), so where that changes costs the libtcod side uses its callback form with the corner
 * rule (and says so); on the open map the map form agrees and is used.
 *
 * Usage: bench_paths [--quick] [--once] [--no-tcod] [--only=fields|astar|overlay]
 *   --quick    shorter timing, for smoke runs
 *   --once     time every comparison with one call per side and skip libtcod: for instruction
 *              counts, e.g. valgrind --tool=callgrind --toggle-collect=gg_scene_move_field
 *              ./bench_paths --once --only=fields (ratios printed are then meaningless)
 *   --no-tcod  skip the (slow) libtcod sides */
#include "bench_util.h"

#include <gridgeom/topology.h>

#include <stdlib.h>
#include <string.h>

#ifdef GG_HAVE_LIBTCOD
#include <libtcod.h>
#endif

#define SIDE 1024
#define CELL 5

static double g_min_time = 0.9; /* per side of a pair (the slower side reaches it) */
static int g_calls = 5;         /* at least this many calls per side */
static int g_fail = 0;
static bool g_no_tcod = false; /* --no-tcod: skip the (slow) libtcod sides */

static void die(const char *what, gg_status st)
{
    fprintf(stderr, "bench_paths: %s failed: %s\n", what, gg_status_name(st));
    exit(2);
}

static void check(bool ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "bench_paths: disagreement: %s\n", what);
        exit(3);
    }
}

static void report(const char *name, double ours, double base, double target)
{
    if (!bench_report_ratio(name, ours, base, target))
        g_fail = 1;
}

/* Our side and the baseline, timed alternately (bench_time_pair()). */
static void pair(void (*ours)(void *), void *co, void (*base)(void *), void *cb, double *t_ours,
                 double *t_base)
{
    bench_time_pair(ours, co, base, cb, g_min_time, g_calls, t_ours, t_base);
}

/* The same against TCOD_dijkstra, one to four seconds a call: three calls a side. */
static void pair_slow(void (*ours)(void *), void *co, void (*base)(void *), void *cb,
                      double *t_ours, double *t_base)
{
    bench_time_pair(ours, co, base, cb, 0.0, g_calls < 3 ? g_calls : 3, t_ours, t_base);
}

/* ---- Maps and scenes --------------------------------------------------------------------------- */

typedef struct map {
    const char *name;
    int w, h;
    uint8_t *blocked;   /* 1 = blocked */
    uint8_t *difficult; /* 1 = difficult (for the x2 field) */
    gg_scene *scene;    /* blocked only */
    gg_scene *dscene;   /* blocked + difficult */
    gg_scratch *scratch, *dscratch;
    gg_cell origin; /* an open cell near the centre */
} map;

static gg_scene *make_scene(int w, int h, const uint8_t *blocked, const uint8_t *difficult)
{
    gg_scene_def d = gg_scene_def_default();
    d.width = w;
    d.height = h;
    d.cell_size_ft = CELL;
    gg_scene *s = NULL;
    gg_status st = gg_scene_create(&d, &s);
    if (st != GG_OK)
        die("gg_scene_create", st);
    gg_cell *cells = malloc((size_t)w * (size_t)h * sizeof *cells);
    int32_t nb = 0, nd = 0;
    for (int i = 0; i < w * h; ++i)
        if (blocked[i])
            cells[nb++] = gg_cell_make(i % w, i / w);
    st = gg_scene_set_cells(s, GG_TAG_BLOCKED, cells, nb, 1, NULL);
    if (st != GG_OK)
        die("set blocked", st);
    if (difficult != NULL) {
        for (int i = 0; i < w * h; ++i)
            if (difficult[i] && !blocked[i])
                cells[nd++] = gg_cell_make(i % w, i / w);
        st = gg_scene_set_cells(s, GG_TAG_DIFFICULT, cells, nd, 1, NULL);
        if (st != GG_OK)
            die("set difficult", st);
    }
    free(cells);
    return s;
}

static void map_init(map *m, const char *name, int kind, uint64_t seed)
{
    bench_rng r;
    bench_rng_seed(&r, seed);
    m->name = name;
    m->w = m->h = SIDE;
    size_t n = (size_t)SIDE * SIDE;
    m->blocked = malloc(n);
    m->difficult = malloc(n);
    if (kind == 0)
        bench_map_random(m->blocked, SIDE, SIDE, 20, &r);
    else if (kind == 1)
        bench_map_crossings(m->blocked, SIDE, SIDE, &r);
    else
        bench_map_open(m->blocked, SIDE, SIDE);
    for (size_t i = 0; i < n; ++i)
        m->difficult[i] = (uint8_t)(bench_rng_below(&r, 100) < 25);
    m->scene = make_scene(SIDE, SIDE, m->blocked, NULL);
    m->dscene = make_scene(SIDE, SIDE, m->blocked, m->difficult);
    if (gg_scratch_create(m->scene, NULL, &m->scratch) != GG_OK ||
        gg_scratch_create(m->dscene, NULL, &m->dscratch) != GG_OK)
        die("gg_scratch_create", GG_E_NO_MEMORY);
    m->origin = gg_cell_make(-1, -1);
    for (int rad = 0; rad < SIDE / 2 && m->origin.col < 0; ++rad)
        for (int dy = -rad; dy <= rad && m->origin.col < 0; ++dy)
            for (int dx = -rad; dx <= rad; ++dx) {
                int x = SIDE / 2 + dx, y = SIDE / 2 + dy;
                if (!m->blocked[y * SIDE + x]) {
                    m->origin = gg_cell_make(x, y);
                    break;
                }
            }
}

static void map_free(map *m)
{
    gg_scratch_destroy(m->scratch);
    gg_scratch_destroy(m->dscratch);
    gg_scene_destroy(m->scene);
    gg_scene_destroy(m->dscene);
    free(m->blocked);
    free(m->difficult);
}

/* ---- The plain C baseline: BFS over a byte grid with the corner rule -------------------------- */

typedef struct plain_bfs {
    const uint8_t *blocked;
    int w, h;
    int32_t *dist;
    int32_t *queue;
    gg_cell origin;
} plain_bfs;

static void plain_bfs_run(void *ctx)
{
    plain_bfs *b = ctx;
    const int w = b->w, h = b->h;
    const uint8_t *blk = b->blocked;
    int32_t *dist = b->dist, *q = b->queue;
    for (int i = 0; i < w * h; ++i)
        dist[i] = -1;
    int32_t head = 0, tail = 0, o = b->origin.row * w + b->origin.col;
    dist[o] = 0;
    q[tail++] = o;
    static const int dxs[8] = {-1, -1, -1, 0, 0, 1, 1, 1};
    static const int dys[8] = {-1, 0, 1, -1, 1, -1, 0, 1};
    while (head < tail) {
        int32_t i = q[head++];
        int x = i % w, y = i / w;
        int32_t nd = dist[i] + 1;
        for (int d = 0; d < 8; ++d) {
            int nx = x + dxs[d], ny = y + dys[d];
            if (nx < 0 || ny < 0 || nx >= w || ny >= h)
                continue;
            int32_t j = ny * w + nx;
            if (dist[j] >= 0 || blk[j])
                continue;
            if (dxs[d] != 0 && dys[d] != 0 && (blk[y * w + nx] || blk[ny * w + x]))
                continue; /* the corner rule */
            dist[j] = nd;
            q[tail++] = j;
        }
    }
}

/* ---- Our field ----------------------------------------------------------------------------------- */

typedef struct our_field {
    const gg_scene *scene;
    gg_scratch *scratch;
    gg_move_def def;
    gg_cell origin;
    void *mem;
    size_t bytes;
    gg_move_field *field;
} our_field;

static void our_field_run(void *ctx)
{
    our_field *f = ctx;
    gg_status st = gg_scene_move_field(f->scene, f->scratch, f->origin, 0, &f->def, f->mem,
                                       f->bytes, &f->field);
    if (st != GG_OK)
        die("gg_scene_move_field", st);
}

static void our_field_init(our_field *f, const gg_scene *s, gg_scratch *x, gg_cell origin, bool bfs)
{
    f->scene = s;
    f->scratch = x;
    f->def = gg_move_def_default();
    /* The BFS field: every step one square (no terrain rule), the D&D metric. */
    if (bfs)
        f->def.difficult = GG_DIFFICULT_IGNORE;
    f->origin = origin;
    if (gg_move_field_bytes(s, &f->def, &f->bytes) != GG_OK)
        die("gg_move_field_bytes", GG_E_INVALID_ARG);
    f->mem = aligned_alloc(8, (f->bytes + 7) & ~(size_t)7);
    f->field = NULL;
}

/* Cost of `c` in squares from our field, -1 when unreached. */
static int64_t our_squares(const our_field *f, gg_cell c)
{
    bool reached = false;
    gg_metric_cost cost;
    if (gg_move_field_cost(f->field, c, &reached, &cost, NULL) != GG_OK)
        die("gg_move_field_cost", GG_E_INVALID_ARG);
    return reached ? cost.feet / CELL : -1;
}

/* ---- libtcod --------------------------------------------------------------------------------- */

#ifdef GG_HAVE_LIBTCOD
typedef struct tcod_ctx {
    const uint8_t *blocked, *difficult; /* difficult NULL: cost 1 everywhere */
    int w, h;
    bool corner_rule;
    TCOD_map_t map;
    TCOD_dijkstra_t dij;
    TCOD_path_t path;
    gg_cell from, to;
    bool found;
} tcod_ctx;

/* libtcod cost callback: 0 = impassable; the corner rule; 2.0 for difficult terrain. */
static float tcod_cost(int xf, int yf, int xt, int yt, void *user)
{
    const tcod_ctx *t = user;
    const int w = t->w;
    if (t->blocked[yt * w + xt])
        return 0.0f;
    if (xf != xt && yf != yt && (t->blocked[yf * w + xt] || t->blocked[yt * w + xf]))
        return 0.0f;
    return (t->difficult != NULL && t->difficult[yt * w + xt]) ? 2.0f : 1.0f;
}

static void tcod_dijkstra_run(void *ctx)
{
    tcod_ctx *t = ctx;
    TCOD_dijkstra_compute(t->dij, t->from.col, t->from.row);
}

static void tcod_path_run(void *ctx)
{
    tcod_ctx *t = ctx;
    t->found = TCOD_path_compute(t->path, t->from.col, t->from.row, t->to.col, t->to.row);
}

static TCOD_map_t tcod_map(const uint8_t *blocked, int w, int h)
{
    TCOD_map_t m = TCOD_map_new(w, h);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            TCOD_map_set_properties(m, x, y, true, !blocked[y * w + x]);
    return m;
}

/* libtcod's Dijkstra distance in squares (it counts 100 per unit step), -1 when unreached. */
static int64_t tcod_squares(tcod_ctx *t, gg_cell c)
{
    float d = TCOD_dijkstra_get_distance(t->dij, c.col, c.row);
    return d < 0.0f ? -1 : (int64_t)(d + 0.5f);
}
#endif

/* ---- Benchmarks ------------------------------------------------------------------------------ */

/* The BFS field comparisons on one map; `f` is our BFS field, built. */
static void bench_bfs_field(map *m, our_field *f, bool tcod_target)
{
    plain_bfs b = {m->blocked,
                   m->w,
                   m->h,
                   malloc((size_t)m->w * m->h * sizeof(int32_t)),
                   malloc((size_t)m->w * m->h * sizeof(int32_t)),
                   m->origin};
    plain_bfs_run(&b);
    for (int i = 0; i < m->w * m->h; ++i)
        check(our_squares(f, gg_cell_make(i % m->w, i / m->w)) == b.dist[i],
              "BFS field vs plain BFS");
    double ours = 0.0, base = 0.0;
    pair(our_field_run, f, plain_bfs_run, &b, &ours, &base);
    char name[128];
    snprintf(name, sizeof name, "%s: BFS field vs plain C byte-grid BFS", m->name);
    report(name, ours, base, 1.0);
#ifdef GG_HAVE_LIBTCOD
    if (tcod_target && !g_no_tcod) {
        tcod_ctx t;
        memset(&t, 0, sizeof t);
        t.blocked = m->blocked;
        t.w = m->w;
        t.h = m->h;
        t.from = m->origin;
        t.map = tcod_map(m->blocked, m->w, m->h);
        /* The map form first; if it disagrees (it cuts blocked corners), the callback form. */
        t.dij = TCOD_dijkstra_new(t.map, 1.0f);
        tcod_dijkstra_run(&t);
        bool agree = true;
        for (int i = 0; i < m->w * m->h && agree; ++i)
            agree = tcod_squares(&t, gg_cell_make(i % m->w, i / m->w)) == b.dist[i];
        const char *form = "map";
        if (!agree) {
            TCOD_dijkstra_delete(t.dij);
            t.dij = TCOD_dijkstra_new_using_function(m->w, m->h, tcod_cost, &t, 1.0f);
            tcod_dijkstra_run(&t);
            form = "corner-rule callback";
            for (int i = 0; i < m->w * m->h; ++i)
                check(tcod_squares(&t, gg_cell_make(i % m->w, i / m->w)) == b.dist[i],
                      "BFS field vs TCOD_dijkstra");
        }
        double tt = 0.0;
        pair_slow(our_field_run, f, tcod_dijkstra_run, &t, &ours, &tt);
        snprintf(name, sizeof name, "%s: BFS field vs TCOD_dijkstra diag 1.0 (%s)", m->name, form);
        report(name, ours, tt, 50.0);
        TCOD_dijkstra_delete(t.dij);
        TCOD_map_delete(t.map);
    }
#else
    (void)tcod_target;
#endif
    free(b.dist);
    free(b.queue);
}

/* The x2 field against our BFS field `bfs` (built) and against libtcod. */
static void bench_difficult_field(map *m, our_field *bfs)
{
    our_field f;
    our_field_init(&f, m->dscene, m->dscratch, m->origin, false);
    our_field_run(&f);
    double ours = 0.0, ours_bfs = 0.0;
    pair(our_field_run, &f, our_field_run, bfs, &ours, &ours_bfs);
    char name[128];
    snprintf(name, sizeof name, "%s: x2 difficult field vs our BFS field (ratio >= 1/1.3)",
             m->name);
    report(name, ours, ours_bfs, 1.0 / 1.3);
#ifdef GG_HAVE_LIBTCOD
    if (g_no_tcod) {
        free(f.mem);
        return;
    }
    tcod_ctx t;
    memset(&t, 0, sizeof t);
    t.blocked = m->blocked;
    t.difficult = m->difficult;
    t.w = m->w;
    t.h = m->h;
    t.from = m->origin;
    t.dij = TCOD_dijkstra_new_using_function(m->w, m->h, tcod_cost, &t, 1.0f);
    tcod_dijkstra_run(&t);
    for (int i = 0; i < m->w * m->h; ++i) {
        gg_cell c = gg_cell_make(i % m->w, i / m->w);
        check(our_squares(&f, c) == tcod_squares(&t, c), "x2 field vs TCOD_dijkstra callback");
    }
    double tt = 0.0;
    pair_slow(our_field_run, &f, tcod_dijkstra_run, &t, &ours, &tt);
    snprintf(name, sizeof name, "%s: x2 difficult field vs TCOD_dijkstra cost callback", m->name);
    report(name, ours, tt, 10.0);
    TCOD_dijkstra_delete(t.dij);
#endif
    free(f.mem);
}

typedef struct our_path {
    const gg_scene *scene;
    gg_scratch *scratch;
    gg_move_def def;
    gg_cell from, to;
    gg_cell *out;
    int32_t n;
    gg_metric_cost cost;
} our_path;

static void our_path_run(void *ctx)
{
    our_path *p = ctx;
    gg_status st = gg_scene_lowest_cost_path(p->scene, p->scratch, p->from, p->to, 0, &p->def,
                                             p->out, SIDE * SIDE, &p->n, &p->cost);
    if (st != GG_OK)
        die("gg_scene_lowest_cost_path", st);
}

/* The open cell nearest to (x, y) that the field from m->origin reaches. */
static gg_cell reached_near(const our_field *f, const map *m, int x0, int y0)
{
    for (int rad = 0; rad < SIDE; ++rad)
        for (int dy = -rad; dy <= rad; ++dy)
            for (int dx = -rad; dx <= rad; ++dx) {
                int x = x0 + dx, y = y0 + dy;
                if (x < 0 || y < 0 || x >= m->w || y >= m->h)
                    continue;
                if (our_squares(f, gg_cell_make(x, y)) >= 0)
                    return gg_cell_make(x, y);
            }
    return m->origin;
}

#ifdef GG_HAVE_LIBTCOD
static void bench_astar_tcod(map *m, our_path *pp, double target);
#endif

static void bench_astar(map *m, double target)
{
    our_field f;
    our_field_init(&f, m->scene, m->scratch, m->origin, true);
    our_field_run(&f);
    our_path p;
    p.scene = m->scene;
    p.scratch = m->scratch;
    p.def = gg_move_def_default();
    p.def.metric = GG_METRIC_EUCLIDEAN;
    p.from = reached_near(&f, m, 0, 0);
    p.to = reached_near(&f, m, m->w - 1, m->h - 1);
    p.out = malloc((size_t)SIDE * SIDE * sizeof *p.out);
    our_path_run(&p);
    check(p.n > 0, "A* found no route");
    printf("%s: A* (%d,%d)->(%d,%d): %.3f ft, %d cells\n", m->name, (int)p.from.col,
           (int)p.from.row, (int)p.to.col, (int)p.to.row, gg_metric_cost_ft(p.cost), (int)p.n);
#ifdef GG_HAVE_LIBTCOD
    if (!g_no_tcod) {
        bench_astar_tcod(m, &p, target);
        free(p.out);
        free(f.mem);
        return;
    }
#endif
    /* No baseline (libtcod not linked, or --no-tcod/--once): our time, for the record. */
    double ours = bench_time(our_path_run, &p, g_min_time, 1);
    printf("%s: A* corner to corner: %.3f us (no libtcod baseline run)\n", m->name, ours * 1e6);
    (void)target;
    free(p.out);
    free(f.mem);
}

#ifdef GG_HAVE_LIBTCOD
/* A* against TCOD_path on the same pair, once both agree on the route's cost. */
static void bench_astar_tcod(map *m, our_path *pp, double target)
{
    our_path p = *pp;
    double ours = 0.0;
    tcod_ctx t;
    memset(&t, 0, sizeof t);
    t.blocked = m->blocked;
    t.w = m->w;
    t.h = m->h;
    t.from = p.from;
    t.to = p.to;
    /* libtcod's A* uses a Euclidean heuristic, which is not admissible with diagonal cost 1.0
     * (its routes are then longer than the optimum), so the comparison is made under exact
     * diagonals: GG_METRIC_EUCLIDEAN against diagonal cost sqrt(2), where its heuristic is
     * admissible. Its route is priced exactly with gg_scene_route_cost(). */
    t.path = TCOD_path_new_using_function(m->w, m->h, tcod_cost, &t, 1.41421356f);
    tcod_path_run(&t);
    check(t.found, "TCOD_path found no route");
    int tn = TCOD_path_size(t.path);
    gg_cell *route = malloc(((size_t)tn + 1) * sizeof *route);
    route[0] = p.from;
    for (int i = 0; i < tn; ++i) {
        int x = 0, y = 0;
        TCOD_path_get(t.path, i, &x, &y);
        route[i + 1] = gg_cell_make(x, y);
    }
    gg_metric_cost tc;
    int32_t legal = 0;
    if (gg_scene_route_cost(m->scene, route, tn + 1, 0, &p.def, &tc, &legal) != GG_OK)
        die("gg_scene_route_cost", GG_E_INVALID_ARG);
    free(route);
    if (legal != tn || gg_metric_cost_compare(tc, p.cost) != 0) {
        printf("%s: TCOD_path route costs %.3f ft (legal steps %d of %d), ours %.3f ft: not "
               "comparable\n",
               m->name, gg_metric_cost_ft(tc), (int)legal, tn, gg_metric_cost_ft(p.cost));
        g_fail = 1;
    } else {
        double tt = 0.0;
        pair(our_path_run, &p, tcod_path_run, &t, &ours, &tt);
        char name[128];
        snprintf(name, sizeof name, "%s: A* corner to corner vs TCOD_path (exact diagonals)",
                 m->name);
        report(name, ours, tt, target);
    }
    TCOD_path_delete(t.path);
}
#endif

/* Overlay within 30 ft: a 64x64 random tile, and the same tile repeated 16 x 16 times; the same
 * starts (shifted to random tiles on the big map) give identical overlays. */
#define OV_TILE 64
#define OV_STARTS 2048
#define OV_CAP 256

typedef struct ov_side {
    gg_scene *scene;
    gg_scratch *scratch;
    gg_cell starts[OV_STARTS];
    gg_move_reach out[OV_CAP];
    long sink;
} ov_side;

static int32_t ov_query(ov_side *s, gg_cell start)
{
    gg_move_def def = gg_move_def_default();
    int32_t n = 0;
    gg_status st = gg_scene_move_overlay(s->scene, s->scratch, start, 0, 30, &def, s->out, OV_CAP,
                                         &n);
    if (st != GG_OK)
        die("gg_scene_move_overlay", st);
    return n;
}

static void ov_run(void *ctx)
{
    ov_side *s = ctx;
    for (int i = 0; i < OV_STARTS; ++i)
        s->sink += ov_query(s, s->starts[i]);
}

static void bench_overlay(void)
{
    bench_rng r;
    bench_rng_seed(&r, 31);
    const int big = OV_TILE * 16;
    uint8_t *tile = malloc(OV_TILE * OV_TILE), *bigm = malloc((size_t)big * big);
    uint8_t *tdiff = malloc(OV_TILE * OV_TILE), *bdiff = malloc((size_t)big * big);
    bench_map_random(tile, OV_TILE, OV_TILE, 20, &r);
    for (int i = 0; i < OV_TILE * OV_TILE; ++i)
        tdiff[i] = (uint8_t)(bench_rng_below(&r, 100) < 10);
    for (int y = 0; y < big; ++y)
        for (int x = 0; x < big; ++x) {
            bigm[y * big + x] = tile[(y % OV_TILE) * OV_TILE + x % OV_TILE];
            bdiff[y * big + x] = tdiff[(y % OV_TILE) * OV_TILE + x % OV_TILE];
        }
    ov_side *small = calloc(1, sizeof *small), *large = calloc(1, sizeof *large);
    small->scene = make_scene(OV_TILE, OV_TILE, tile, tdiff);
    large->scene = make_scene(big, big, bigm, bdiff);
    if (gg_scratch_create(small->scene, NULL, &small->scratch) != GG_OK ||
        gg_scratch_create(large->scene, NULL, &large->scratch) != GG_OK)
        die("gg_scratch_create", GG_E_NO_MEMORY);
    static gg_move_reach a[OV_CAP];
    for (int i = 0; i < OV_STARTS; ++i) {
        gg_cell s;
        do
            s = gg_cell_make(8 + (int)bench_rng_below(&r, OV_TILE - 16),
                             8 + (int)bench_rng_below(&r, OV_TILE - 16));
        while (tile[s.row * OV_TILE + s.col]);
        int tx = (int)bench_rng_below(&r, 16), ty = (int)bench_rng_below(&r, 16);
        small->starts[i] = s;
        large->starts[i] = gg_cell_make(s.col + tx * OV_TILE, s.row + ty * OV_TILE);
        int32_t n1 = ov_query(small, s);
        memcpy(a, small->out, (size_t)n1 * sizeof *a);
        int32_t n2 = ov_query(large, large->starts[i]);
        check(n1 == n2, "overlay sizes differ between 64^2 and 1024^2");
        for (int32_t k = 0; k < n1; ++k)
            check(a[k].cell.col + tx * OV_TILE == large->out[k].cell.col &&
                      a[k].cell.row + ty * OV_TILE == large->out[k].cell.row &&
                      a[k].cost.feet == large->out[k].cost.feet,
                  "overlays differ between 64^2 and 1024^2");
    }
    double ts = 0.0, tb = 0.0;
    pair(ov_run, small, ov_run, large, &ts, &tb);
    double ratio = tb / ts;
    bool pass = ratio >= 0.8 && ratio <= 1.2;
    printf("%-58s 64^2 %10.3f us  1024^2 %10.3f us  ratio %7.2fx (target 0.80..1.20) %s\n",
           "overlay within 30 ft, per query", ts * 1e6 / OV_STARTS, tb * 1e6 / OV_STARTS, ratio,
           pass ? "PASS" : "FAIL");
    if (!pass)
        g_fail = 1;
    gg_scratch_destroy(small->scratch);
    gg_scratch_destroy(large->scratch);
    gg_scene_destroy(small->scene);
    gg_scene_destroy(large->scene);
    free(small);
    free(large);
    free(tile);
    free(bigm);
    free(tdiff);
    free(bdiff);
}

int main(int argc, char **argv)
{
    const char *only = "";
    for (int i = 1; i < argc; ++i) {
        if (strcmp(argv[i], "--quick") == 0) {
            g_min_time = 0.05;
            g_calls = 1;
        } else if (strcmp(argv[i], "--once") == 0) {
            g_min_time = 0.0;
            g_calls = 1;
            g_no_tcod = true;
        } else if (strncmp(argv[i], "--only=", 7) == 0) {
            only = argv[i] + 7;
        } else if (strcmp(argv[i], "--no-tcod") == 0) {
            g_no_tcod = true;
        }
    }
    bool all = only[0] == '\0';
#ifndef GG_HAVE_LIBTCOD
    printf("libtcod not linked: only the in-program baselines run\n");
#endif
    map maps[3];
    map_init(&maps[0], "random 1024^2 20%", 0, 12345);
    map_init(&maps[1], "dungeon 1024^2", 1, 777);
    map_init(&maps[2], "open 1024^2", 2, 1);
    for (int k = 0; k < 3 && (all || strcmp(only, "fields") == 0); ++k) {
        our_field bfs;
        our_field_init(&bfs, maps[k].scene, maps[k].scratch, maps[k].origin, true);
        our_field_run(&bfs);
        bench_bfs_field(&maps[k], &bfs, k != 1);
        bench_difficult_field(&maps[k], &bfs);
        free(bfs.mem);
    }
    if (all || strcmp(only, "astar") == 0) {
        bench_astar(&maps[0], 5.0);
        bench_astar(&maps[1], 3.0);
    }
    if (all || strcmp(only, "overlay") == 0)
        bench_overlay();
    for (int k = 0; k < 3; ++k)
        map_free(&maps[k]);
    printf("%s\n", g_fail ? "SOME TARGETS MISSED" : "ALL TARGETS MET");
    return g_fail;
}
