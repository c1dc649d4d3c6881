/* sight_planes.c - the compact planes the sight kernel walks (src/topology/sight/sight_kernel.h):
 * a blocked bit per cell, and a byte per grid corner with the plain walls on the grid's edges and
 * corners and a mark on the cells that EXACT walls may touch (gg__wall_sight_kind()). Kept
 * current as cells and walls change. Layer: topology. */
#include "base/alloc.h"
#include "topology/scene/scene_internal.h"
#include "topology/scene/wall_index.h"

static size_t blocked_words(const gg_scene *s) { return (s->ncells + 63u) / 64u; }
/* A row: a corner row of the wall plane, then a cell row of move_walls. */
static size_t row_bytes(const gg_scene *s) { return 2u * (size_t)s->width + 1u; }
static size_t row_count(const gg_scene *s) { return (size_t)s->height + 1u; }

/* Before any wall, slot 0 (the row of zeros every row without walls reads) is for maps up to
 * ZERO_SIDE cells wide a constant of the library, so on small maps, where 2 * width + 1 bytes
 * weigh most per cell, it costs the scene nothing; wider maps allocate one. Once walls came, slot
 * 0 is the pool's first row, never written. */
#define ZERO_SIDE 4096
static const uint8_t zero_row[2 * ZERO_SIDE + 1];
static bool shared_zero(const gg_scene *s) { return s->width <= ZERO_SIDE; }
static size_t zero_bytes(const gg_scene *s) { return shared_zero(s) ? 0u : row_bytes(s); }

/* Row offsets are 32-bit: the largest pool, (height + 2) rows of 2 * width + 1 bytes, fits. */
_Static_assert(2ull * GG_SCENE_MAX_CELLS + 5ull * GG_SCENE_MAX_SIDE + 2ull <= UINT32_MAX,
               "wall row offsets must fit 32 bits");

/* Dense: the blocked bits (both ways), the offset of each row and a wide map's zero row. */
size_t gg__sight_planes_bytes(const gg_scene *s)
{
    return blocked_words(s) * sizeof(uint64_t) + gg__blocked_t_bytes(s) +
           row_count(s) * sizeof(uint32_t) + zero_bytes(s);
}

/* Following the walls: the pool of wall rows (its zero row and spare capacity included). */
size_t gg__sight_planes_wall_bytes(const gg_scene *s)
{
    return (size_t)s->wall_pool_cap * row_bytes(s);
}

bool gg__sight_planes_alloc(gg_scene *s)
{
    s->wall_stride = row_bytes(s);
    s->blocked_bits = (uint64_t *)gg__alloc_array(&s->alloc, blocked_words(s), sizeof(uint64_t));
    s->wall_off = (uint32_t *)gg__alloc_array(&s->alloc, row_count(s), sizeof(uint32_t));
    if (!shared_zero(s))
        s->wall_zero_own = (uint8_t *)gg__alloc_array(&s->alloc, row_bytes(s), 1);
    s->wall_base = shared_zero(s) ? zero_row : s->wall_zero_own;
    return s->blocked_bits != NULL && s->wall_off != NULL && s->wall_base != NULL &&
           gg__blocked_t_alloc(s);
}

void gg__sight_planes_free(gg_scene *s)
{
    gg__free_array(&s->alloc, s->blocked_bits, blocked_words(s), sizeof(uint64_t));
    gg__free_array(&s->alloc, s->wall_off, row_count(s), sizeof(uint32_t));
    gg__free_array(&s->alloc, s->wall_pool, s->wall_pool_cap, row_bytes(s));
    gg__free_array(&s->alloc, s->wall_zero_own, row_bytes(s), 1);
    gg__blocked_t_free(s);
    s->blocked_bits = NULL;
    s->wall_off = NULL;
    s->wall_pool = NULL;
    s->wall_zero_own = NULL;
    s->wall_base = NULL;
    s->wall_pool_cap = s->wall_pool_used = 0;
}

/* Makes room in the pool for `more` rows besides its zero row and the rows in use: one larger
 * block, the rows copied over (rows are found by offsets, which stay valid). Nothing changes
 * when that allocation fails. */
static bool pool_grow(gg_scene *s, uint32_t more)
{
    const uint32_t used = s->wall_pool == NULL ? 1u : s->wall_pool_used;
    if (s->wall_pool != NULL && used + more <= s->wall_pool_cap)
        return true;
    /* Growing by half keeps the copies linear over many walls and the spare rows under a third
     * of the pool. */
    uint32_t cap = s->wall_pool_cap < 8u ? 8u : s->wall_pool_cap + s->wall_pool_cap / 2u;
    if (cap < used + more)
        cap = used + more;
    if (cap > (uint32_t)row_count(s) + 1u) /* never more than every row and the zero row */
        cap = (uint32_t)row_count(s) + 1u;
    uint8_t *pool = (uint8_t *)gg__alloc_array(&s->alloc, cap, row_bytes(s)); /* zeroed */
    if (pool == NULL)
        return false;
    if (s->wall_pool != NULL)
        memcpy(pool, s->wall_pool, (size_t)s->wall_pool_used * row_bytes(s));
    gg__free_array(&s->alloc, s->wall_pool, s->wall_pool_cap, row_bytes(s));
    s->wall_pool = pool;
    s->wall_base = pool;
    s->wall_pool_cap = cap;
    s->wall_pool_used = used;
    return true;
}

static int64_t floor_cells(int64_t v)
{
    return v >= 0 ? v / GG__WALL_UNIT : -((-v + GG__WALL_UNIT - 1) / GG__WALL_UNIT);
}

/* Every row a wall paints lies within two of the rows its points fall in: a plain wall's corner
 * rows, the cells within one cell of an EXACT wall (paint_exact()), and the cells whose steps
 * (one cell long, centre to centre) can touch it (move_walls, walls.c). Whatever the wall's kind
 * now, a door change may make it EXACT later, so every wall reserves. */
gg_status gg__sight_planes_reserve(gg_scene *s, const gg__wall *w)
{
    int64_t y0 = floor_cells(w->a.y < w->b.y ? w->a.y : w->b.y) - 2;
    int64_t y1 = floor_cells(w->a.y < w->b.y ? w->b.y : w->a.y) + 2;
    const int64_t last = (int64_t)s->height;
    if (y0 < 0)
        y0 = 0;
    if (y1 > last)
        y1 = last;
    uint32_t more = 0;
    for (int64_t y = y0; y <= y1; ++y)
        more += s->wall_off[y] == 0u;
    if (more == 0u)
        return GG_OK;
    if (!pool_grow(s, more))
        return GG_E_NO_MEMORY; /* nothing changed */
    for (int64_t y = y0; y <= y1; ++y)
        if (s->wall_off[y] == 0u) /* zeros, as if never painted */
            s->wall_off[y] = (uint32_t)((size_t)s->wall_pool_used++ * s->wall_stride);
    return GG_OK;
}

/* Corner row y for writing: reserved before the wall that paints it was added. */
static uint8_t *own_row(gg_scene *s, int64_t y)
{
    const uint32_t off = s->wall_off[y];
    return off == 0u ? NULL : s->wall_pool + off;
}

/* The grid lines a plain wall lies on, in cells: x0 == x1 (vertical) or y0 == y1, x0 <= x1 and
 * y0 <= y1, not clipped. */
typedef struct plain_span {
    int64_t x0, y0, x1, y1;
} plain_span;

static plain_span span_of(const gg__wall *w)
{
    plain_span p;
    const int64_t ax = w->a.x / GG__WALL_UNIT, ay = w->a.y / GG__WALL_UNIT;
    const int64_t bx = w->b.x / GG__WALL_UNIT, by = w->b.y / GG__WALL_UNIT;
    p.x0 = ax < bx ? ax : bx;
    p.x1 = ax < bx ? bx : ax;
    p.y0 = ay < by ? ay : by;
    p.y1 = ay < by ? by : ay;
    return p;
}

/* Sets (`set`) or clears the edge and corner bits of a plain wall, clipped to the grid. */
static void paint_plain(gg_scene *s, const gg__wall *w, bool set)
{
    const plain_span p = span_of(w);
    const int64_t W = s->width, H = s->height;
    const bool vertical = p.x0 == p.x1;
    const int64_t fixed = vertical ? p.x0 : p.y0, limit = vertical ? W : H;
    if (fixed < 0 || fixed > limit)
        return;
    int64_t lo = vertical ? p.y0 : p.x0, hi = vertical ? p.y1 : p.x1;
    const int64_t run_limit = vertical ? H : W;
    if (lo < 0)
        lo = 0;
    if (hi > run_limit)
        hi = run_limit;
    const unsigned edge = vertical ? GG__SP_WEST : GG__SP_NORTH;
    for (int64_t t = lo; t <= hi; ++t) {
        const int64_t x = vertical ? fixed : t, y = vertical ? t : fixed;
        unsigned bits = GG__SP_CORNER;
        /* The edge from this corner on, when the wall goes on past it (it reaches hi's corner
         * only when hi was not clipped; the unit edge then is [t, t + 1]). */
        if (t < hi && t < (vertical ? p.y1 : p.x1))
            bits |= edge;
        uint8_t *row = own_row(s, y);
        if (row == NULL) /* clearing a row no wall reached; setting is reserved (never NULL) */
            continue;
        uint8_t *b = &row[x];
        *b = set ? (uint8_t)(*b | bits) : (uint8_t)(*b & ~bits);
    }
}

static bool mark_exact(void *vctx, int32_t col, int32_t row)
{
    gg_scene *s = (gg_scene *)vctx;
    uint8_t *r = own_row(s, row);
    if (r != NULL) /* reserved (never NULL) */
        r[col] |= GG__SP_EXACT;
    return false;
}

/* The cells within one cell of a point of the wall: every cell whose closed square the wall can
 * touch. */
static void paint_exact(gg_scene *s, const gg__wall *w)
{
    gg__for_each_bucket(w->a, w->b, GG__WALL_UNIT, 1, s->width, s->height, mark_exact, s);
}

void gg__sight_planes_wall_added(gg_scene *s, const gg__wall *w)
{
    switch (gg__wall_sight_kind(w)) {
    case GG__SIGHT_PLAIN:
        s->sight_plain++;
        paint_plain(s, w, true);
        break;
    case GG__SIGHT_EXACT:
        s->sight_exact++;
        paint_exact(s, w);
        break;
    default:
        break;
    }
}

/* Repainting after a plain wall went: the plain walls sharing a corner or an edge with it are in
 * the index buckets along it (each wall is registered in every bucket within one of its points),
 * and the walls not yet in the buckets are in the pending list. */
typedef struct repaint_ctx {
    gg_scene *s;
} repaint_ctx;

static void repaint_one(gg_scene *s, const gg__wall *w)
{
    if (gg__wall_sight_kind(w) == GG__SIGHT_PLAIN)
        paint_plain(s, w, true);
}

static bool repaint_bucket(void *vctx, int32_t i, int32_t j)
{
    gg_scene *s = ((repaint_ctx *)vctx)->s;
    const gg__wall_index *ix = &s->index;
    const size_t b = (size_t)j * (size_t)ix->bw + (size_t)i;
    for (uint32_t k = ix->start[b]; k < ix->start[b + 1]; ++k)
        repaint_one(s, &s->walls[ix->items[k]]);
    return false;
}

static bool unmark_exact(void *vctx, int32_t col, int32_t row)
{
    gg_scene *s = (gg_scene *)vctx;
    uint8_t *r = own_row(s, row);
    if (r != NULL)
        r[col] &= (uint8_t)~GG__SP_EXACT;
    return false;
}

static void remark_one(gg_scene *s, const gg__wall *w)
{
    if (gg__wall_sight_kind(w) == GG__SIGHT_EXACT)
        paint_exact(s, w);
}

static bool remark_bucket(void *vctx, int32_t i, int32_t j)
{
    gg_scene *s = ((repaint_ctx *)vctx)->s;
    const gg__wall_index *ix = &s->index;
    const size_t b = (size_t)j * (size_t)ix->bw + (size_t)i;
    for (uint32_t k = ix->start[b]; k < ix->start[b + 1]; ++k)
        remark_one(s, &s->walls[ix->items[k]]);
    return false;
}

void gg__sight_planes_wall_removed(gg_scene *s, const gg__wall *old)
{
    switch (gg__wall_sight_kind(old)) {
    case GG__SIGHT_PLAIN: {
        s->sight_plain--;
        paint_plain(s, old, false);
        const gg__wall_index *ix = &s->index;
        for (uint32_t k = 0; k < ix->pending_count; ++k)
            repaint_one(s, &s->walls[ix->pending[k]]);
        repaint_ctx c = {s};
        if (ix->built)
            (void)gg__for_each_bucket(old->a, old->b, (int64_t)GG__WALL_UNIT << ix->bucket_shift, 0,
                                      ix->bw, ix->bh, repaint_bucket, &c);
        break;
    }
    case GG__SIGHT_EXACT: {
        /* Clear the marks it made, then mark again for the EXACT walls that share those cells:
         * each has a point within two cells of the removed wall, so it is in the buckets within
         * two of it (or pending). A stale mark would only cost time; this keeps editing from
         * piling them up. */
        s->sight_exact--;
        gg__for_each_bucket(old->a, old->b, GG__WALL_UNIT, 1, s->width, s->height, unmark_exact, s);
        const gg__wall_index *ix = &s->index;
        for (uint32_t k = 0; k < ix->pending_count; ++k)
            remark_one(s, &s->walls[ix->pending[k]]);
        repaint_ctx c = {s};
        if (ix->built)
            (void)gg__for_each_bucket(old->a, old->b, (int64_t)GG__WALL_UNIT << ix->bucket_shift, 2,
                                      ix->bw, ix->bh, remark_bucket, &c);
        break;
    }
    default:
        break;
    }
}
