/* wall_index.c - buckets of walls, so that a sight line tests only the walls it passes near,
 * and the exact segment-versus-walls test built on them. Layer: topology. */
#include "topology/scene/wall_index.h"

#include "base/alloc.h"
#include "topology/scene/wall_mesh.h"

/* Walls added since the last CSR build are tested linearly; past this many, rebuild. */
#define GG__PENDING_REBUILD 64u
/* A scene of at most GG__PENDING_REBUILD walls whose mesh grid has at most this many points is
 * meshed at every add (gg__wall_index_add()). */
#define GG__MESH_SMALL_GRID 100
/* At most this many buckets: 2^20 offsets is 4 MiB, whatever the map size. */
#define GG__MAX_BUCKETS (1 << 20)
/* A rebuild coarsens the buckets while there are more than this many and more than
 * GG__BUCKETS_PER_CELL per cell of wall length: few walls on a large map then cost a rebuild
 * proportional to the walls, not to the map (a 256 x 256 map keeps one cell per bucket). */
#define GG__MIN_BUCKETS (1 << 16)
#define GG__BUCKETS_PER_CELL 16

void gg__wall_index_init(gg__wall_index *ix, int32_t width, int32_t height)
{
    int32_t shift = 0;
    while ((int64_t)((width + (1 << shift) - 1) >> shift) *
               (int64_t)((height + (1 << shift) - 1) >> shift) >
           GG__MAX_BUCKETS)
        ++shift;
    ix->bucket_shift = shift;
    ix->bw = (width + (1 << shift) - 1) >> shift;
    ix->bh = (height + (1 << shift) - 1) >> shift;
    ix->start = NULL;
    ix->items = NULL;
    ix->items_cap = 0;
    ix->pending = NULL;
    ix->pending_count = 0;
    ix->pending_cap = 0;
    ix->built = false;
}

void gg__wall_index_free(gg_scene *s)
{
    gg__wall_index *ix = &s->index;
    if (ix->start != NULL)
        gg__free_array(&s->alloc, ix->start, (size_t)ix->bw * (size_t)ix->bh + 1, sizeof(uint32_t));
    gg__free_array(&s->alloc, ix->items, ix->items_cap, sizeof(uint32_t));
    gg__free_array(&s->alloc, ix->pending, ix->pending_cap, sizeof(uint32_t));
    ix->start = ix->items = ix->pending = NULL;
    ix->items_cap = ix->pending_cap = ix->pending_count = 0;
    ix->built = false;
    gg__wall_mesh_free(s);
}

static int64_t floor_div(int64_t n, int64_t d)
{
    /* d > 0 */
    int64_t q = n / d;
    if ((n % d != 0) && (n < 0))
        --q;
    return q;
}

/* floor(y(x) / size) on the line through a and b (a.x != b.x), exactly. */
static int64_t bucket_of_y_at(gg_hpoint a, gg_hpoint b, int64_t x, int64_t size)
{
    int64_t dx = (int64_t)b.x - a.x;
    int64_t num = (int64_t)a.y * dx + (x - a.x) * ((int64_t)b.y - a.y);
    int64_t den = dx * size;
    if (den < 0) {
        num = -num;
        den = -den;
    }
    return floor_div(num, den);
}

bool gg__for_each_bucket_strip(gg_hpoint a, gg_hpoint b, int64_t size, int32_t dil, int32_t imax,
                               int32_t jmax, gg__strip_fn fn, void *ctx)
{
    int64_t xmin = a.x < b.x ? a.x : b.x, xmax = a.x < b.x ? b.x : a.x;
    int64_t i0 = floor_div(xmin, size) - dil, i1 = floor_div(xmax, size) + dil;
    if (i0 < 0)
        i0 = 0;
    if (i1 > imax - 1)
        i1 = imax - 1;
    for (int64_t i = i0; i <= i1; ++i) {
        /* The part of the segment whose points lie within `dil` strips of strip i. */
        int64_t lo = (i - dil) * size, hi = (i + 1 + dil) * size;
        if (lo < xmin)
            lo = xmin;
        if (hi > xmax)
            hi = xmax;
        if (lo > hi)
            continue;
        int64_t j0, j1;
        if (a.x == b.x) {
            int64_t ymin = a.y < b.y ? a.y : b.y, ymax = a.y < b.y ? b.y : a.y;
            j0 = floor_div(ymin, size);
            j1 = floor_div(ymax, size);
        } else {
            int64_t ja = bucket_of_y_at(a, b, lo, size), jb = bucket_of_y_at(a, b, hi, size);
            j0 = ja < jb ? ja : jb;
            j1 = ja < jb ? jb : ja;
        }
        j0 -= dil;
        j1 += dil;
        if (j0 < 0)
            j0 = 0;
        if (j1 > jmax - 1)
            j1 = jmax - 1;
        if (j0 <= j1 && fn(ctx, (int32_t)i, (int32_t)j0, (int32_t)j1))
            return true;
    }
    return false;
}

typedef struct cells_of_strip {
    gg__bucket_fn fn;
    void *ctx;
} cells_of_strip;

static bool strip_cells(void *vctx, int32_t i, int32_t j0, int32_t j1)
{
    const cells_of_strip *c = (const cells_of_strip *)vctx;
    for (int32_t j = j0; j <= j1; ++j)
        if (c->fn(c->ctx, i, j))
            return true;
    return false;
}

bool gg__for_each_bucket(gg_hpoint a, gg_hpoint b, int64_t size, int32_t dil, int32_t imax,
                         int32_t jmax, gg__bucket_fn fn, void *ctx)
{
    cells_of_strip c = {fn, ctx};
    return gg__for_each_bucket_strip(a, b, size, dil, imax, jmax, strip_cells, &c);
}

static int64_t bucket_size_w(const gg__wall_index *ix)
{
    return (int64_t)GG__WALL_UNIT << ix->bucket_shift;
}

/* Walls are registered with one bucket of margin. A query that visits the bucket holding each
 * of its points (the strips of gg__for_each_bucket_strip()) would need none: a shared point is
 * in one bucket for both. The sight kernel needs it: its walk enters the cells the segment
 * passes through, and where the segment passes through a grid corner diagonally, a wall that
 * ends on that corner from one of the two cells beside it is in neither cell the walk enters
 * (with no margin, the walls, sight kernel, wall index, fov and changes tests fail). The
 * margin makes a walk meet a wall in several cells; gg__hit_seen judges it once. */
#define GG__WALL_DILATION 1

typedef struct count_ctx {
    gg__wall_index *ix;
    uint32_t *counts; /* per bucket; NULL = only total */
    uint32_t *items;
    uint32_t wall;
    size_t total;
} count_ctx;

/* One column's run of buckets j0..j1 (a strip callback: no call per bucket). */
static bool count_bucket(void *vctx, int32_t i, int32_t j0, int32_t j1)
{
    count_ctx *c = (count_ctx *)vctx;
    const size_t bw = (size_t)c->ix->bw;
    for (int32_t j = j0; j <= j1; ++j) {
        const size_t b = (size_t)j * bw + (size_t)i;
        if (c->items != NULL)
            c->items[c->counts[b]++] = c->wall;
        else
            c->counts[b]++;
    }
    c->total += (size_t)(j1 - j0 + 1);
    return false;
}

/* The bucket grid for the live walls: the finest the map allows (gg__wall_index_init()), made
 * coarser while it has more buckets than the walls need (see GG__MIN_BUCKETS). */
static void choose_grid(const gg_scene *s, gg__wall_index *out)
{
    gg__wall_index_init(out, s->width, s->height);
    uint64_t length = 0; /* wall length in cells, roughly: the longer side, plus one */
    for (uint32_t w = 0; w < s->wall_slots; ++w) {
        const gg__wall *wall = &s->walls[w];
        if (!gg__wall_live(wall))
            continue;
        int64_t dx = (int64_t)wall->b.x - wall->a.x, dy = (int64_t)wall->b.y - wall->a.y;
        dx = dx < 0 ? -dx : dx;
        dy = dy < 0 ? -dy : dy;
        length += (uint64_t)((dx > dy ? dx : dy) / GG__WALL_UNIT + 1);
    }
    uint64_t want = length * GG__BUCKETS_PER_CELL;
    if (want < GG__MIN_BUCKETS)
        want = GG__MIN_BUCKETS;
    while ((uint64_t)out->bw * (uint64_t)out->bh > want && (out->bw > 1 || out->bh > 1)) {
        int32_t shift = out->bucket_shift + 1;
        out->bucket_shift = shift;
        out->bw = (s->width + (1 << shift) - 1) >> shift;
        out->bh = (s->height + (1 << shift) - 1) >> shift;
    }
}

gg_status gg__wall_index_rebuild(gg_scene *s)
{
    /* Failure-atomic: new arrays are filled completely before the old ones are released, so a
     * failed rebuild leaves the previous index (and the pending list) exactly as it was. */
    gg__wall_index *ix = &s->index;
    gg__wall_index grid;
    choose_grid(s, &grid);
    const size_t old_nb = (size_t)ix->bw * (size_t)ix->bh;
    const size_t nb = (size_t)grid.bw * (size_t)grid.bh;
    const int64_t size = bucket_size_w(&grid);
    uint32_t *start = (uint32_t *)gg__alloc_array(&s->alloc, nb + 1, sizeof(uint32_t));
    if (start == NULL)
        return GG_E_NO_MEMORY;
    /* Pass 1: count bucket b's items into start[b+1]. */
    count_ctx c = {&grid, start + 1, NULL, 0, 0};
    for (uint32_t w = 0; w < s->wall_slots; ++w) {
        const gg__wall *wall = &s->walls[w];
        if (!gg__wall_live(wall))
            continue;
        c.wall = w;
        gg__for_each_bucket_strip(wall->a, wall->b, size, GG__WALL_DILATION, grid.bw, grid.bh,
                                  count_bucket, &c);
    }
    if (c.total > UINT32_MAX) {
        gg__free_array(&s->alloc, start, nb + 1, sizeof(uint32_t));
        return GG_E_TOO_LARGE;
    }
    size_t cap = c.total + 1;
    uint32_t *items = (uint32_t *)gg__alloc_array(&s->alloc, cap, sizeof(uint32_t));
    if (items == NULL) {
        gg__free_array(&s->alloc, start, nb + 1, sizeof(uint32_t));
        return GG_E_NO_MEMORY;
    }
    /* Prefix sums: start[b] = first item of bucket b. The fill pass uses start[b] as bucket b's
     * cursor, which leaves start[b] = first item of bucket b+1; shifting by one restores it. */
    for (size_t b = 1; b <= nb; ++b)
        start[b] += start[b - 1];
    count_ctx f = {&grid, start, items, 0, 0};
    for (uint32_t w = 0; w < s->wall_slots; ++w) {
        const gg__wall *wall = &s->walls[w];
        if (!gg__wall_live(wall))
            continue;
        f.wall = w;
        gg__for_each_bucket_strip(wall->a, wall->b, size, GG__WALL_DILATION, grid.bw, grid.bh,
                                  count_bucket, &f);
    }
    for (size_t b = nb; b > 0; --b)
        start[b] = start[b - 1];
    start[0] = 0;
    /* The triangulation of the same walls, on the same buckets (wall_mesh.h), before anything is
     * replaced: a failed allocation there fails the rebuild like one here (any other reason the
     * mesh cannot be built only leaves it invalid, and queries take their other path). */
    gg__wall_mesh mesh;
    if (gg__wall_mesh_build_into(s, &grid, &mesh) != GG_OK) {
        gg__free_array(&s->alloc, items, cap, sizeof(uint32_t));
        gg__free_array(&s->alloc, start, nb + 1, sizeof(uint32_t));
        return GG_E_NO_MEMORY;
    }
    gg__wall_mesh_free(s);
    s->mesh = mesh;
    if (ix->start != NULL)
        gg__free_array(&s->alloc, ix->start, old_nb + 1, sizeof(uint32_t));
    gg__free_array(&s->alloc, ix->items, ix->items_cap, sizeof(uint32_t));
    ix->bucket_shift = grid.bucket_shift;
    ix->bw = grid.bw;
    ix->bh = grid.bh;
    ix->start = start;
    ix->items = items;
    ix->items_cap = cap;
    ix->pending_count = 0;
    ix->built = true;
    return GG_OK;
}

gg_status gg__wall_index_add(gg_scene *s, uint32_t wall)
{
    gg__wall_index *ix = &s->index;
    if (ix->pending_count >= GG__PENDING_REBUILD) {
        if (gg__wall_index_rebuild(s) == GG_OK)
            return GG_OK; /* the rebuild indexed every live wall, this one included */
    }
    if (ix->pending_count == ix->pending_cap) {
        uint32_t cap = ix->pending_cap ? ix->pending_cap * 2 : 16;
        uint32_t *n = (uint32_t *)gg__alloc_array(&s->alloc, cap, sizeof(uint32_t));
        if (n == NULL)
            return GG_E_NO_MEMORY;
        for (uint32_t k = 0; k < ix->pending_count; ++k)
            n[k] = ix->pending[k];
        gg__free_array(&s->alloc, ix->pending, ix->pending_cap, sizeof(uint32_t));
        ix->pending = n;
        ix->pending_cap = cap;
    }
    ix->pending[ix->pending_count++] = wall;
    /* A scene of few walls (a room, a small map loaded in small batches) would otherwise never
     * have a mesh: the index waits for GG__PENDING_REBUILD of them. Meshing them costs a few
     * hundred points (at most 64 walls' ends and GG__MESH_SMALL_GRID grid points: walls within
     * about 150 cells), once per wall added while the scene stays that small. As in a rebuild, a
     * failed allocation fails the add (the wall unregistered, the old mesh kept); any other
     * reason only leaves the mesh unbuilt. */
    if (s->live_walls > GG__PENDING_REBUILD) {
        s->mesh.valid = s->mesh.loose = false; /* it lacks this wall until the next rebuild */
        return GG_OK;
    }
    const gg__mesh_grid g = gg__wall_mesh_grid(s);
    if ((int64_t)g.nx * g.ny > GG__MESH_SMALL_GRID) {
        s->mesh.valid = s->mesh.loose = false;
        return GG_OK;
    }
    gg__wall_mesh mesh;
    if (gg__wall_mesh_build_into(s, ix, &mesh) != GG_OK) {
        ix->pending_count--;
        return GG_E_NO_MEMORY;
    }
    gg__wall_mesh_free(s);
    s->mesh = mesh;
    return GG_OK;
}

/* GG__RULE_* values, plus: any live wall with `mask` in its effective blocks that touches the
 * segment (the "does a centre lie on a wall" question of gg__segment_rule()). */
#define RULE_TOUCH 3

/* The point rule's refinements, out of line: the Nat20 rule (every default scene, and the sight
 * benchmarks) keeps the closed test inlined in the bucket scan. */
#if defined(__GNUC__)
#define NOINLINE __attribute__((noinline))
#else
#define NOINLINE
#endif
static NOINLINE bool wall_blocks_refined(int rule, const gg__wall *w, gg_hpoint a, gg_hpoint b,
                                         uint32_t mask)
{
    if (rule == RULE_TOUCH)
        return gg__wall_live(w) && (gg__wall_effective_blocks(w) & mask) != 0 &&
               gg_segments_intersect(a, b, w->a, w->b);
    return gg__wall_stops(rule, w, a, b, mask);
}

static inline bool wall_blocks(int rule, const gg__wall *w, gg_hpoint a, gg_hpoint b, uint32_t mask)
{
    if (rule == GG__RULE_CLOSED)
        return gg__wall_live(w) && (gg__wall_effective_blocks(w) & mask) != 0 &&
               gg__wall_faces(w, a) && gg_segments_intersect(a, b, w->a, w->b);
    return wall_blocks_refined(rule, w, a, b, mask);
}

static gg_cover wall_cover(const gg__wall *w, gg_hpoint a, gg_hpoint b)
{
    if (!gg__wall_live(w) || w->cover == GG_COVER_NONE || w->door == GG_DOOR_OPEN ||
        !gg__wall_at_ground(w) || !gg__wall_faces(w, a) || !gg_segments_intersect(a, b, w->a, w->b))
        return GG_COVER_NONE;
    return (gg_cover)w->cover;
}

/* One visitor serves both questions: "does any wall block?" (stop at the first) and "what is
 * the best low-wall cover?" (stop at total). */
typedef gg__hit_ctx hit_ctx;

static bool visit_wall(hit_ctx *h, const gg__wall *w)
{
    if (h->mask != 0) {
        if (!wall_blocks(h->rule, w, h->a, h->b, h->mask))
            return false;
        if (h->doorways && gg__doorway_excuses(h->s, h->rule, w, h->a, h->b, h->mask, false))
            return false;
        if (h->rule != RULE_TOUCH && h->s->prox_walls > 0 &&
            gg__wall_proximity_clear(w, h->a, h->mask))
            return false;
        if (h->rule != RULE_TOUCH && gg__wall_limited_for(w, h->mask))
            return gg__wall_limited_second(h->s, w, h->a, h->b, &h->have_lim, &h->lim);
        return true;
    }
    gg_cover c = wall_cover(w, h->a, h->b);
    if (c > h->cover)
        h->cover = c;
    return h->cover == GG_COVER_TOTAL;
}

/* A column of buckets at a time (rows j0..j1 of column i), scanned in place: the sight query
 * calls no function per bucket, which keeps a short sight line as cheap as before the index
 * learnt to walk strips. */
static bool hit_strip(void *vctx, int32_t i, int32_t j0, int32_t j1)
{
    hit_ctx *h = (hit_ctx *)vctx;
    const gg__wall_index *ix = &h->s->index;
    for (int32_t j = j0; j <= j1; ++j) {
        const size_t bkt = (size_t)j * (size_t)ix->bw + (size_t)i;
        for (uint32_t k = ix->start[bkt]; k < ix->start[bkt + 1]; ++k)
            if (visit_wall(h, &h->s->walls[ix->items[k]]))
                return true;
    }
    return false;
}

static bool visit_near(hit_ctx *h)
{
    const gg__wall_index *ix = &h->s->index;
    for (uint32_t k = 0; k < ix->pending_count; ++k)
        if (visit_wall(h, &h->s->walls[ix->pending[k]]))
            return true;
    if (!ix->built)
        return false;
    return gg__for_each_bucket_strip(h->a, h->b, bucket_size_w(ix), 0, ix->bw, ix->bh, hit_strip,
                                     h);
}

static bool touches_any(const gg_scene *s, gg_hpoint p, uint32_t mask)
{
    hit_ctx h = {s, p, p, mask, GG_COVER_NONE, RULE_TOUCH, false, false, {0, 0}, SIZE_MAX, false};
    return visit_near(&h);
}

int gg__segment_rule(const gg_scene *s, gg_hpoint a, gg_hpoint b, uint32_t mask)
{
    if (!s->point_rule)
        return GG__RULE_CLOSED;
    if (mask != (uint32_t)GG_BLOCKS_MOVEMENT)
        return GG__RULE_SIGHT;
    return touches_any(s, a, mask) || touches_any(s, b, mask) ? GG__RULE_NUDGED : GG__RULE_CLOSED;
}

bool gg__segment_hits_wall_ex(const gg_scene *s, gg_hpoint a, gg_hpoint b, uint32_t mask,
                              bool doorways)
{
    if (s->live_walls == 0)
        return false;
    hit_ctx h = {s,     a,     b,      mask,     GG_COVER_NONE, GG__RULE_CLOSED,
                 false, false, {0, 0}, SIZE_MAX, false};
    if (s->point_rule) {
        h.rule = gg__segment_rule(s, a, b, mask);
        h.doorways = doorways && s->portal_walls > 0;
    }
    return visit_near(&h);
}

void gg__hit_begin(gg__hit_ctx *h, const gg_scene *s, gg_hpoint a, gg_hpoint b, uint32_t mask)
{
    const hit_ctx init = {s,     a,     b,      mask,     GG_COVER_NONE, GG__RULE_CLOSED,
                          false, false, {0, 0}, SIZE_MAX, false};
    *h = init;
    if (s->point_rule) {
        h->rule = gg__segment_rule(s, a, b, mask);
        h->doorways = s->portal_walls > 0;
    }
}

/* The old two-pass path: every wall in the buckets along the segment. */
static bool hits_wall_indexed(const gg_scene *s, gg_hpoint a, gg_hpoint b, uint32_t mask)
{
    hit_ctx h;
    gg__hit_begin(&h, s, a, b, mask);
    return visit_near(&h);
}

/* The closed test is necessary under every rule (gg__wall_stops_geom()), in both directions: a
 * wall with both ends strictly on one side of the segment's line cannot stop it, whatever its
 * kind. Most walls a walk meets are such, and this decides them with two cross products before
 * the rule's full test (gg_orientation()'s own arithmetic, so the same signs). */
static inline bool off_the_line(const gg__hit_ctx *ab, const gg__wall *w)
{
    const uint64_t dx = (uint64_t)((int64_t)ab->b.x - ab->a.x);
    const uint64_t dy = (uint64_t)((int64_t)ab->b.y - ab->a.y);
    const uint64_t s1 = dy * (uint64_t)((int64_t)w->a.x - ab->b.x) -
                        dx * (uint64_t)((int64_t)w->a.y - ab->b.y);
    const uint64_t s2 = dy * (uint64_t)((int64_t)w->b.x - ab->b.x) -
                        dx * (uint64_t)((int64_t)w->b.y - ab->b.y);
    return s1 != 0 && s2 != 0 && (s1 >> 63) == (s2 >> 63);
}

/* One EXACT wall for a -> b (ab) and, when ba is not NULL, for b -> a: st's bits 1 and 2 are
 * the directions already stopped. Under the Nat20 rule a two-way wall that is neither limited
 * nor proximity for the sense is judged the same from both ends (the closed test is
 * symmetric), so one test answers both. */
static unsigned exact_wall_test(gg__hit_ctx *ab, gg__hit_ctx *ba, unsigned st, const gg__wall *w)
{
    if (ba != NULL && ab->rule == GG__RULE_CLOSED && w->one_way == GG_ONE_WAY_NONE &&
        w->limited == 0 && w->prox_sight == 0 && w->prox_light == 0)
        return visit_wall(ab, w) ? 3u : st;
    if (!(st & 1u) && visit_wall(ab, w))
        st |= 1u;
    if (ba != NULL && !(st & 2u)) {
        if (ba->s == NULL) /* set up on first use: most walls answer both ways at once */
            gg__hit_begin(ba, ab->s, ab->b, ab->a, ab->mask);
        if (visit_wall(ba, w))
            st |= 2u;
    }
    return st;
}

unsigned gg__hit_exact_cell(gg__hit_ctx *ab, gg__hit_ctx *ba, gg__hit_seen *seen, unsigned st,
                            int32_t col, int32_t row)
{
    const gg_scene *s = ab->s;
    const gg__wall_index *ix = &s->index;
    const unsigned done = ba != NULL ? 3u : 1u;
    if (!ab->pending_done) {
        /* each pending wall is in this list once: no need to note it in `seen` */
        ab->pending_done = true;
        for (uint32_t k = 0; k < ix->pending_count && st != done; ++k) {
            const gg__wall *w = &s->walls[ix->pending[k]];
            if (!off_the_line(ab, w) && gg__wall_sight_kind(w) == GG__SIGHT_EXACT)
                st = exact_wall_test(ab, ba, st, w);
        }
    }
    if (!ix->built || st == done)
        return st;
    const size_t bkt = (size_t)(row >> ix->bucket_shift) * (size_t)ix->bw +
                       (size_t)(col >> ix->bucket_shift);
    if (bkt == ab->last_bucket)
        return st;
    ab->last_bucket = bkt;
    for (uint32_t k = ix->start[bkt]; k < ix->start[bkt + 1] && st != done; ++k) {
        const uint32_t id = ix->items[k];
        uint32_t *slot = &seen->id[id % GG__HIT_SEEN];
        if (*slot == id)
            continue; /* met in an earlier cell of this walk */
        *slot = id;
        const gg__wall *w = &s->walls[id];
        if (!off_the_line(ab, w) && gg__wall_sight_kind(w) == GG__SIGHT_EXACT)
            st = exact_wall_test(ab, ba, st, w);
    }
    return st;
}

bool gg__segment_hits_wall(const gg_scene *s, gg_hpoint a, gg_hpoint b, uint32_t mask)
{
    if (s->live_walls == 0)
        return false;
    /* Between two cell centres, for sight or light: the kernel's walk over the wall plane. */
    const int32_t half = GG__WALL_UNIT / 2;
    if ((mask & ~((uint32_t)GG_BLOCKS_SIGHT | (uint32_t)GG_BLOCKS_LIGHT)) == 0 && mask != 0 &&
        (a.x & (GG__WALL_UNIT - 1)) == half && (a.y & (GG__WALL_UNIT - 1)) == half &&
        (b.x & (GG__WALL_UNIT - 1)) == half && (b.y & (GG__WALL_UNIT - 1)) == half) {
        const gg_cell ca = gg_cell_make((a.x - half) / GG__WALL_UNIT, (a.y - half) / GG__WALL_UNIT);
        const gg_cell cb = gg_cell_make((b.x - half) / GG__WALL_UNIT, (b.y - half) / GG__WALL_UNIT);
        if (gg__in(s, ca) && gg__in(s, cb))
            return gg__sight_walls_hit(s, ca, cb, mask);
    }
    return hits_wall_indexed(s, a, b, mask);
}

bool gg__segment_hits_wall_indexed(const gg_scene *s, gg_hpoint a, gg_hpoint b, uint32_t mask)
{
    return s->live_walls != 0 && hits_wall_indexed(s, a, b, mask);
}

gg_cover gg__segment_wall_cover(const gg_scene *s, gg_hpoint a, gg_hpoint b)
{
    if (s->cover_walls == 0)
        return GG_COVER_NONE;
    hit_ctx h = {s, a, b, 0, GG_COVER_NONE, GG__RULE_CLOSED, false, false, {0, 0}, SIZE_MAX, false};
    (void)visit_near(&h);
    return h.cover;
}

bool gg__segment_hits_wall_linear(const gg_scene *s, gg_hpoint a, gg_hpoint b, uint32_t mask)
{
    int rule = GG__RULE_CLOSED;
    if (s->point_rule && mask != (uint32_t)GG_BLOCKS_MOVEMENT)
        rule = GG__RULE_SIGHT;
    for (uint32_t w = 0; s->point_rule && mask == (uint32_t)GG_BLOCKS_MOVEMENT &&
                         rule == GG__RULE_CLOSED && w < s->wall_slots;
         ++w)
        if (wall_blocks(RULE_TOUCH, &s->walls[w], a, a, mask) ||
            wall_blocks(RULE_TOUCH, &s->walls[w], b, b, mask))
            rule = GG__RULE_NUDGED;
    bool have_lim = false;
    gg__lim_key lim = {0, 0};
    for (uint32_t w = 0; w < s->wall_slots; ++w)
        if (wall_blocks(rule, &s->walls[w], a, b, mask) &&
            !gg__doorway_excuses(s, rule, &s->walls[w], a, b, mask, true) &&
            !gg__wall_proximity_clear(&s->walls[w], a, mask) &&
            (!gg__wall_limited_for(&s->walls[w], mask) ||
             gg__wall_limited_second(s, &s->walls[w], a, b, &have_lim, &lim)))
            return true;
    return false;
}
