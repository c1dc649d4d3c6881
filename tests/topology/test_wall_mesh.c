/* test_wall_mesh.c - the constrained triangulation of the walls (wall_mesh.h), checked by its
 * invariants, never by hard-coded meshes: every triangle strictly counter-clockwise, neighbours
 * symmetric, the areas summing to the map's, every live wall exactly covered by a chain of
 * constrained edges whose lists name it (and every listed wall lying along its edge), no
 * unconstrained edge failing the empty-circle rule, and locate() agreeing with a search of every
 * triangle. On thousands of random small scenes whose walls sit on a coarse lattice (so shared
 * ends, T's, collinear overlaps, walls on the map's edge, points and walls through many vertices
 * are common), with an independent oracle for when the mesh must give up (two walls crossing
 * where no vertex is), on hostile inputs, after edits, and on every shared map with the io
 * layer. */
#include <time.h>

#include "fixture.h"
#include "test_alloc.h"
#include "topology/scene/scene_internal.h"
#include "topology/scene/wall_index.h"
#include "topology/scene/wall_mesh.h"
#ifdef GG_TEST_HAVE_IO
#include "gridgeom/io.h"
#include "shared_maps.h"
#endif

#define U GG_WALL_UNITS_PER_CELL
#define NONE GG__MESH_NONE

__extension__ typedef __int128 i128;

/* ---- Exact predicates, written again here (the oracle shares no code with wall_mesh.c) ---- */

static int64_t cross3(gg_hpoint a, gg_hpoint b, gg_hpoint c)
{
    return ((int64_t)b.x - a.x) * ((int64_t)c.y - a.y) -
           ((int64_t)b.y - a.y) * ((int64_t)c.x - a.x);
}

static bool same_pt(gg_hpoint a, gg_hpoint b) { return a.x == b.x && a.y == b.y; }

/* p on the closed segment a-b. */
static bool on_closed(gg_hpoint p, gg_hpoint a, gg_hpoint b)
{
    if (cross3(a, b, p) != 0)
        return false;
    const int64_t lox = a.x < b.x ? a.x : b.x, hix = a.x < b.x ? b.x : a.x;
    const int64_t loy = a.y < b.y ? a.y : b.y, hiy = a.y < b.y ? b.y : a.y;
    return p.x >= lox && p.x <= hix && p.y >= loy && p.y <= hiy;
}

/* The determinant of the lifted points, in 128 bits without shifting the origin to d: > 0 when
 * d is inside the circle through the counter-clockwise a, b, c. */
static int in_circle(gg_hpoint a, gg_hpoint b, gg_hpoint c, gg_hpoint d)
{
    const gg_hpoint p[4] = {a, b, c, d};
    i128 m[4][4];
    for (int r = 0; r < 4; ++r) {
        m[r][0] = p[r].x;
        m[r][1] = p[r].y;
        m[r][2] = (i128)p[r].x * p[r].x + (i128)p[r].y * p[r].y;
        m[r][3] = 1;
    }
    /* Rows minus row 3, then the 3 x 3 determinant of the first three columns. */
    i128 q[3][3];
    for (int r = 0; r < 3; ++r)
        for (int k = 0; k < 3; ++k)
            q[r][k] = m[r][k] - m[3][k];
    /* The lift column's entries are below 2^50 here and the others below 2^26: products fit. */
    i128 det = q[0][0] * (q[1][1] * q[2][2] - q[1][2] * q[2][1]) -
               q[0][1] * (q[1][0] * q[2][2] - q[1][2] * q[2][0]) +
               q[0][2] * (q[1][0] * q[2][1] - q[1][1] * q[2][0]);
    return (det > 0) - (det < 0);
}

static bool counts(const gg__wall *w) { return gg__wall_live(w) && !same_pt(w->a, w->b); }

/* ---- The invariants ------------------------------------------------------------------------ */

typedef struct piece {
    uint32_t wall;
    int64_t t0, t1; /* the edge's ends along the wall: dot(p - a, b - a) */
} piece;

static int cmp_piece(const void *pa, const void *pb)
{
    const piece *a = (const piece *)pa, *b = (const piece *)pb;
    if (a->wall != b->wall)
        return a->wall < b->wall ? -1 : 1;
    return (a->t0 > b->t0) - (a->t0 < b->t0);
}

static int cmp_key(const void *pa, const void *pb)
{
    const uint64_t a = *(const uint64_t *)pa, b = *(const uint64_t *)pb;
    return (a > b) - (a < b);
}

/* Whether triangle t lists wall w as loose. */
static bool lists_loose(const gg__wall_mesh *m, uint32_t t, uint32_t w)
{
    for (uint32_t j = m->loose_start[t]; j < m->loose_start[t + 1]; ++j)
        if (m->loose_wall[j] == w)
            return true;
    return false;
}

static bool is_loose(const gg__wall_mesh *m, uint32_t w)
{
    if (!m->loose)
        return false;
    for (uint32_t j = 0; j < m->loose_start[m->nt]; ++j)
        if (m->loose_wall[j] == w)
            return true;
    return false;
}

/* The closed triangle t and the closed segment a-b meet: an end inside, or a side met. */
static bool tri_meets(const gg__wall_mesh *m, uint32_t t, gg_hpoint a, gg_hpoint b)
{
    const gg__mesh_tri *T = &m->tri[t];
    bool in_a = true, in_b = true;
    for (int i = 0; i < 3; ++i) {
        const gg_hpoint p = m->vert[T->v[i]], q = m->vert[T->v[(i + 1) % 3]];
        in_a = in_a && cross3(p, q, a) >= 0;
        in_b = in_b && cross3(p, q, b) >= 0;
        const int64_t o1 = cross3(p, q, a), o2 = cross3(p, q, b), o3 = cross3(a, b, p),
                      o4 = cross3(a, b, q);
        if (((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)) &&
            ((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0)))
            return true;
        if (on_closed(p, a, b) || on_closed(a, p, q) || on_closed(b, p, q))
            return true;
    }
    return in_a || in_b;
}

/* A loose mesh: every loose wall is live and listed in exactly the triangles whose closure it
 * meets (a search of every triangle), and of every two walls that cross where no vertex is, at
 * least one is loose; a valid mesh has no lists. */
static void check_loose(const gg_scene *s)
{
    const gg__wall_mesh *m = &s->mesh;
    if (!m->loose) {
        assert_null(m->loose_start);
        assert_null(m->loose_wall);
        return;
    }
    assert_int_equal(m->loose_start[0], 0);
    uint32_t distinct = 0;
    for (uint32_t w = 0; w < s->wall_slots; ++w) {
        if (!is_loose(m, w))
            continue;
        ++distinct;
        const gg__wall *x = &s->walls[w];
        assert_true(counts(x));
        for (uint32_t t = 0; t < m->nt; ++t)
            if (lists_loose(m, t, w) != tri_meets(m, t, x->a, x->b))
                fail_msg("loose wall %u (%d,%d)-(%d,%d): triangle %u listed %d, meets %d",
                         (unsigned)w, (int)x->a.x, (int)x->a.y, (int)x->b.x, (int)x->b.y,
                         (unsigned)t, lists_loose(m, t, w), tri_meets(m, t, x->a, x->b));
    }
    assert_int_equal(distinct, m->nloose);
}

/* Every invariant of a valid (or loose) mesh. `fresh`: no wall was removed since the build, so every
 * listed wall is live and every vertex is a corner, a wall's end or a point of the grid
 * (gg__wall_mesh_grid()), every one of which is a vertex. */
static void check_mesh(const gg_scene *s, bool fresh)
{
    const gg__wall_mesh *m = &s->mesh;
    assert_true(m->valid != m->loose);
    assert_true(m->loose == (m->nloose > 0));
    const int64_t W = (int64_t)s->width * U, H = (int64_t)s->height * U;
    assert_true(m->nv >= 4 && m->nt >= 2);
    check_loose(s);
    /* Vertices: distinct, in the map, the corners among them (and, fresh, the walls' ends). */
    uint64_t *ends = malloc(((size_t)s->wall_slots * 2 + 1) * sizeof *ends);
    assert_non_null(ends);
    size_t nends = 0;
    for (uint32_t k = 0; k < s->wall_slots; ++k)
        if (counts(&s->walls[k])) {
            ends[nends++] = (uint64_t)(uint32_t)s->walls[k].a.x << 32 | (uint32_t)s->walls[k].a.y;
            ends[nends++] = (uint64_t)(uint32_t)s->walls[k].b.x << 32 | (uint32_t)s->walls[k].b.y;
        }
    qsort(ends, nends, sizeof *ends, cmp_key);
    int corners = 0;
    const gg__mesh_grid g = gg__wall_mesh_grid(s);
    int64_t grid = 0;
    for (uint32_t v = 0; v < m->nv; ++v) {
        const gg_hpoint p = m->vert[v];
        assert_true(p.x >= 0 && p.y >= 0 && p.x <= W && p.y <= H);
        if ((p.x == 0 || p.x == W) && (p.y == 0 || p.y == H))
            ++corners;
        if (v > 0)
            assert_false(same_pt(p, m->vert[v - 1]) && "sorted, so a duplicate is adjacent");
        const bool on_grid = g.nx > 0 && p.x % g.step == 0 && p.y % g.step == 0 && p.x >= g.x0 &&
                             p.y >= g.y0 && p.x <= g.x0 + (g.nx - 1) * g.step &&
                             p.y <= g.y0 + (g.ny - 1) * g.step;
        grid += on_grid;
        if (fresh && !on_grid && !((p.x == 0 || p.x == W) && (p.y == 0 || p.y == H))) {
            const uint64_t key = (uint64_t)(uint32_t)p.x << 32 | (uint32_t)p.y;
            assert_non_null(bsearch(&key, ends, nends, sizeof *ends, cmp_key));
        }
    }
    free(ends);
    assert_int_equal(corners, 4);
    if (fresh) /* after removals the walls' box, and so its grid, may have changed */
        assert_int_equal(grid, (int64_t)g.nx * g.ny);
    assert_true(g.nx <= 34 && g.ny <= 34);
    /* Triangles, neighbours, area. */
    i128 area2 = 0;
    uint32_t *seen = calloc((size_t)m->nc + 1, sizeof *seen);
    assert_non_null(seen);
    for (uint32_t t = 0; t < m->nt; ++t) {
        const gg__mesh_tri *T = &m->tri[t];
        for (int i = 0; i < 3; ++i)
            assert_true(T->v[i] < m->nv);
        const int64_t a2 = cross3(m->vert[T->v[0]], m->vert[T->v[1]], m->vert[T->v[2]]);
        assert_true(a2 > 0);
        area2 += a2;
        for (int i = 0; i < 3; ++i) {
            const uint32_t p = T->v[i], q = T->v[(i + 1) % 3];
            const gg_hpoint pp = m->vert[p], pq = m->vert[q];
            if (T->c[i] != NONE) {
                assert_true(T->c[i] < m->nc);
                seen[T->c[i]]++;
            }
            if (T->n[i] == NONE) {
                /* on the map's edge: both ends on one side of the rectangle */
                assert_true((pp.x == 0 && pq.x == 0) || (pp.x == W && pq.x == W) ||
                            (pp.y == 0 && pq.y == 0) || (pp.y == H && pq.y == H));
                continue;
            }
            assert_true(T->n[i] < m->nt && T->n[i] != t);
            const gg__mesh_tri *N = &m->tri[T->n[i]];
            int back = -1;
            for (int k = 0; k < 3; ++k)
                if (N->v[k] == q && N->v[(k + 1) % 3] == p)
                    back = k;
            assert_true(back >= 0);
            assert_int_equal(N->n[back], t);
            assert_int_equal(N->c[back], T->c[i]);
            /* Delaunay where not constrained: the far vertex is not inside the circle. */
            if (T->c[i] == NONE)
                assert_true(in_circle(m->vert[T->v[0]], m->vert[T->v[1]], m->vert[T->v[2]],
                                      m->vert[N->v[(back + 2) % 3]]) <= 0);
        }
    }
    assert_true(area2 == (i128)2 * W * H);
    /* Constraints: each on exactly one edge (two triangle sides, or one on the map's edge), each
     * naming at least one wall, each named wall lying along it. */
    assert_int_equal(m->con_start[0], 0);
    size_t npieces = 0;
    for (uint32_t k = 0; k < m->nc; ++k) {
        assert_true(seen[k] == 1 || seen[k] == 2);
        assert_true(m->con_start[k + 1] > m->con_start[k]);
        npieces += m->con_start[k + 1] - m->con_start[k];
    }
    piece *pieces = malloc((npieces + 1) * sizeof *pieces);
    assert_non_null(pieces);
    size_t np = 0;
    for (uint32_t t = 0; t < m->nt; ++t)
        for (int i = 0; i < 3; ++i) {
            const gg__mesh_tri *T = &m->tri[t];
            const uint32_t k = T->c[i];
            /* visit each constrained edge once: from its lower-numbered side, or its only one */
            if (k == NONE || (T->n[i] != NONE && T->n[i] < t))
                continue;
            const gg_hpoint p = m->vert[T->v[i]], q = m->vert[T->v[(i + 1) % 3]];
            for (uint32_t j = m->con_start[k]; j < m->con_start[k + 1]; ++j) {
                const uint32_t wi = m->con_wall[j];
                assert_true(wi < s->wall_slots);
                const gg__wall *w = &s->walls[wi];
                if (!fresh && !counts(w))
                    continue; /* removed since the build: dead, its slot maybe reused */
                assert_true(counts(w));
                assert_true(on_closed(p, w->a, w->b) && on_closed(q, w->a, w->b));
                const int64_t dx = (int64_t)w->b.x - w->a.x, dy = (int64_t)w->b.y - w->a.y;
                int64_t t0 = ((int64_t)p.x - w->a.x) * dx + ((int64_t)p.y - w->a.y) * dy;
                int64_t t1 = ((int64_t)q.x - w->a.x) * dx + ((int64_t)q.y - w->a.y) * dy;
                if (t0 > t1) {
                    const int64_t x = t0;
                    t0 = t1;
                    t1 = x;
                }
                pieces[np++] = (piece){wi, t0, t1};
            }
        }
    /* Every live wall: its pieces tile it from end to end, without gap or overlap. */
    qsort(pieces, np, sizeof *pieces, cmp_piece);
    size_t at = 0;
    for (uint32_t wi = 0; wi < s->wall_slots; ++wi) {
        const gg__wall *w = &s->walls[wi];
        if (!counts(w)) {
            while (at < np && pieces[at].wall == wi)
                ++at;
            continue;
        }
        const int64_t dx = (int64_t)w->b.x - w->a.x, dy = (int64_t)w->b.y - w->a.y;
        int64_t reach = 0;
        if (is_loose(m, wi)) { /* its pieces (if any) lie along it, checked above */
            while (at < np && pieces[at].wall == wi)
                ++at;
            continue;
        }
        while (at < np && pieces[at].wall == wi) {
            assert_true(pieces[at].t0 == reach);
            reach = pieces[at].t1;
            ++at;
        }
        if (reach != dx * dx + dy * dy)
            fail_msg("wall %u (%d,%d)-(%d,%d) covered to %lld of %lld", (unsigned)wi, (int)w->a.x,
                     (int)w->a.y, (int)w->b.x, (int)w->b.y, (long long)reach,
                     (long long)(dx * dx + dy * dy));
    }
    free(pieces);
    free(seen);
    /* Seeds: a cell grid over the map, at most about four cells per vertex, each a triangle. */
    assert_true((int64_t)m->sbw * m->sbh <= 4 * (int64_t)m->nv + 64);
    assert_true(((W >> m->seed_shift) < m->sbw) && ((H >> m->seed_shift) < m->sbh));
    for (size_t b = 0; b < (size_t)m->sbw * (size_t)m->sbh; ++b)
        assert_true(m->seed[b] < m->nt);
    assert_true(gg__wall_mesh_bytes(s) > 0);
}

/* What where should be for p in the closure of triangle t. */
static int where_of(const gg__wall_mesh *m, uint32_t t, gg_hpoint p)
{
    const gg__mesh_tri *T = &m->tri[t];
    for (int i = 0; i < 3; ++i)
        if (same_pt(p, m->vert[T->v[i]]))
            return 4 + i;
    for (int i = 0; i < 3; ++i)
        if (cross3(m->vert[T->v[i]], m->vert[T->v[(i + 1) % 3]], p) == 0)
            return 1 + i;
    return 0;
}

static bool closure_holds(const gg__wall_mesh *m, uint32_t t, gg_hpoint p)
{
    const gg__mesh_tri *T = &m->tri[t];
    for (int i = 0; i < 3; ++i)
        if (cross3(m->vert[T->v[i]], m->vert[T->v[(i + 1) % 3]], p) < 0)
            return false;
    return true;
}

static void check_locate_at(const gg_scene *s, gg_hpoint p)
{
    const gg__wall_mesh *m = &s->mesh;
    const int64_t W = (int64_t)s->width * U, H = (int64_t)s->height * U;
    int where = -1;
    const uint32_t t = gg__wall_mesh_locate(s, p, &where);
    if (p.x < 0 || p.y < 0 || p.x > W || p.y > H) {
        assert_int_equal(t, NONE);
        return;
    }
    bool any = false;
    for (uint32_t u = 0; u < m->nt && !any; ++u)
        any = closure_holds(m, u, p);
    assert_true(any);
    if (t == NONE || t >= m->nt || !closure_holds(m, t, p))
        fail_msg("locate (%d,%d) gave %u of %u", (int)p.x, (int)p.y, (unsigned)t, (unsigned)m->nt);
    assert_int_equal(where, where_of(m, t, p));
}

/* Random points (some outside the map), every vertex, and points on edges. */
static void check_locate(const gg_scene *s, fx_rng *r, int samples)
{
    const gg__wall_mesh *m = &s->mesh;
    const int32_t W = s->width * U, H = s->height * U;
    for (int k = 0; k < samples; ++k) {
        gg_hpoint p;
        p.x = fx_range(r, -U / 4, W + U / 4);
        p.y = fx_range(r, -U / 4, H + U / 4);
        check_locate_at(s, p);
    }
    const uint32_t vstep = m->nv > 200 ? m->nv / 200 : 1;
    for (uint32_t v = 0; v < m->nv; v += vstep)
        check_locate_at(s, m->vert[v]);
    const uint32_t tstep = m->nt > 200 ? m->nt / 200 : 1;
    for (uint32_t t = 0; t < m->nt; t += tstep) {
        const gg__mesh_tri *T = &m->tri[t];
        for (int i = 0; i < 3; ++i) {
            const gg_hpoint a = m->vert[T->v[i]], b = m->vert[T->v[(i + 1) % 3]];
            if (((a.x + b.x) & 1) == 0 && ((a.y + b.y) & 1) == 0) {
                gg_hpoint mid = {(a.x + b.x) / 2, (a.y + b.y) / 2};
                check_locate_at(s, mid);
            }
        }
    }
}

/* ---- When the mesh must give up: the oracle ------------------------------------------------- */

/* Two walls whose interiors cross at one point that is the end of neither... */
static bool proper_cross(const gg__wall *u, const gg__wall *w)
{
    const int64_t o1 = cross3(u->a, u->b, w->a), o2 = cross3(u->a, u->b, w->b);
    const int64_t o3 = cross3(w->a, w->b, u->a), o4 = cross3(w->a, w->b, u->b);
    return ((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)) && ((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0));
}

/* ... and that is not a vertex of the mesh (the end of a third wall), where both are split. */
static bool crossing_without_vertex(const gg_scene *s)
{
    for (uint32_t i = 0; i < s->wall_slots; ++i)
        for (uint32_t j = i + 1; j < s->wall_slots; ++j) {
            const gg__wall *u = &s->walls[i], *w = &s->walls[j];
            if (!counts(u) || !counts(w) || !proper_cross(u, w))
                continue;
            bool vertex = false;
            for (uint32_t k = 0; k < s->wall_slots && !vertex; ++k) {
                const gg__wall *x = &s->walls[k];
                if (!counts(x))
                    continue;
                vertex = (on_closed(x->a, u->a, u->b) && on_closed(x->a, w->a, w->b)) ||
                         (on_closed(x->b, u->a, u->b) && on_closed(x->b, w->a, w->b));
            }
            if (!vertex)
                return true;
        }
    return false;
}

/* Of every two walls that cross where no vertex is, one is loose. */
static void check_crossings_loose(const gg_scene *s)
{
    for (uint32_t i = 0; i < s->wall_slots; ++i)
        for (uint32_t j = i + 1; j < s->wall_slots; ++j) {
            const gg__wall *u = &s->walls[i], *w = &s->walls[j];
            if (!counts(u) || !counts(w) || !proper_cross(u, w))
                continue;
            bool vertex = false;
            for (uint32_t k = 0; k < s->mesh.nv && !vertex; ++k)
                vertex = on_closed(s->mesh.vert[k], u->a, u->b) &&
                         on_closed(s->mesh.vert[k], w->a, w->b);
            if (!vertex)
                assert_true(is_loose(&s->mesh, i) || is_loose(&s->mesh, j));
        }
}

/* ---- Random scenes -------------------------------------------------------------------------- */

/* A lattice coordinate in 0..span cells on a grid of `div` points per cell. */
static double lat(fx_rng *r, int32_t span, int32_t div)
{
    return (double)fx_below(r, span * div + 1) / div;
}

/* A wall on a coarse lattice: along a row or column, a diagonal, or anywhere; some on the map's
 * edge, some points, some long. */
static gg_wall_def random_wall(fx_rng *r, int32_t w, int32_t h, int32_t div)
{
    gg_wall_def d = gg_wall_def_default();
    d.x1 = lat(r, w, div), d.y1 = lat(r, h, div);
    switch (fx_below(r, 6)) {
    case 0: /* horizontal */
        d.x2 = lat(r, w, div), d.y2 = d.y1;
        break;
    case 1: /* vertical */
        d.x2 = d.x1, d.y2 = lat(r, h, div);
        break;
    case 2: /* on the map's edge */
        d.y1 = fx_below(r, 2) ? 0 : h, d.y2 = d.y1, d.x2 = lat(r, w, div);
        break;
    case 3: /* a point */
        d.x2 = d.x1, d.y2 = d.y1;
        break;
    default:
        d.x2 = lat(r, w, div), d.y2 = lat(r, h, div);
        break;
    }
    d.blocks = 1u + (uint32_t)fx_below(r, 7);
    d.door = (gg_door)fx_below(r, 4);
    d.one_way = (gg_one_way)fx_below(r, 3);
    return d;
}

static gg__wall as_wall(const gg_wall_def *d)
{
    gg__wall w;
    memset(&w, 0, sizeof w);
    w.a.x = (int32_t)(d->x1 * U), w.a.y = (int32_t)(d->y1 * U);
    w.b.x = (int32_t)(d->x2 * U), w.b.y = (int32_t)(d->y2 * U);
    w.generation = 1;
    return w;
}

/* Random scenes whose walls never cross where no vertex is (candidates that would are
 * dropped, so most meshes are built): every invariant, and locate. */
static void wall_mesh__invariants_on_random_scenes(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 19, "wall_mesh__invariants_on_random_scenes");
    int built = 0;
    for (int round = 0; round < 3000; ++round) {
        const int32_t w = 1 + fx_below(&r, 10), h = 1 + fx_below(&r, 10);
        const int32_t div = 1 << fx_below(&r, 3); /* 1, 2 or 4 points a cell */
        gg_scene *s = fx_scene(w, h, NULL);
        const int want = 9 + fx_below(&r, 40); /* over GG__SMALL_BATCH: the bulk path */
        gg_wall_def defs[64];
        gg__wall ws[64];
        int n = 0;
        for (int tries = 0; tries < 4 * want && n < want; ++tries) {
            gg_wall_def d = random_wall(&r, w, h, div);
            gg__wall x = as_wall(&d);
            bool ok = true;
            for (int k = 0; k < n && ok; ++k)
                ok = same_pt(x.a, x.b) || same_pt(ws[k].a, ws[k].b) || !proper_cross(&x, &ws[k]);
            if (ok) {
                defs[n] = d;
                ws[n++] = x;
            }
        }
        assert_int_equal(gg_scene_add_walls(s, defs, n, NULL), GG_OK);
        assert_true(gg__wall_mesh_usable(s));
        check_mesh(s, true);
        check_locate(s, &r, 60);
        built++;
        gg_scene_destroy(s);
    }
    assert_int_equal(built, 3000);
}

/* Random scenes with crossings allowed: the mesh is valid exactly when no two walls cross where
 * no vertex is (the oracle above), else loose; it holds every invariant either way. */
static void wall_mesh__loose_exactly_on_crossings(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 23, "wall_mesh__loose_exactly_on_crossings");
    int valid = 0, invalid = 0;
    for (int round = 0; round < 2000; ++round) {
        const int32_t w = 1 + fx_below(&r, 8), h = 1 + fx_below(&r, 8);
        gg_scene *s = fx_scene(w, h, NULL);
        const int n = 9 + fx_below(&r, 12);
        gg_wall_def defs[32];
        for (int k = 0; k < n; ++k)
            defs[k] = random_wall(&r, w, h, 1 + fx_below(&r, 2));
        assert_int_equal(gg_scene_add_walls(s, defs, n, NULL), GG_OK);
        const bool expect = !crossing_without_vertex(s);
        assert_int_equal(s->mesh.valid, expect);
        assert_int_equal(s->mesh.loose, !expect); /* crossings alone: built, loose */
        assert_int_equal(gg__wall_mesh_usable(s), expect);
        assert_true(gg__wall_mesh_usable_loose(s));
        check_mesh(s, true);
        check_crossings_loose(s);
        check_locate(s, &r, 20);
        if (expect)
            ++valid;
        else
            ++invalid;
        gg_scene_destroy(s);
    }
    /* both outcomes were exercised */
    assert_true(valid > 100 && invalid > 100);
}

/* Two walls crossing: the mesh is loose (one of them listed per triangle), not valid, and the
 * polygon (which does not need the mesh) is still computed. */
static void wall_mesh__crossing_walls_make_a_loose_mesh_and_the_polygon_works(void **state)
{
    (void)state;
    gg_scene *s = fx_open(10, 10);
    gg_wall_def d[9];
    for (int k = 0; k < 9; ++k) {
        d[k] = gg_wall_def_default();
        d[k].x1 = 1 + k * 0.5, d[k].y1 = 9, d[k].x2 = 1 + k * 0.5, d[k].y2 = 9.5;
    }
    d[0].x1 = 2, d[0].y1 = 2, d[0].x2 = 6, d[0].y2 = 6; /* an X crossing at (4, 4) */
    d[1].x1 = 2, d[1].y1 = 6, d[1].x2 = 6, d[1].y2 = 2;
    assert_int_equal(gg_scene_add_walls(s, d, 9, NULL), GG_OK);
    assert_false(s->mesh.valid);
    assert_false(gg__wall_mesh_usable(s));
    assert_true(s->mesh.loose && s->mesh.nloose == 1);
    check_mesh(s, true);
    check_crossings_loose(s);
    size_t bytes = 0;
    assert_int_equal(gg_scene_polygon_work_bytes(s, &bytes), GG_OK);
    void *work = malloc(bytes);
    assert_non_null(work);
    gg_polygon_def pd = gg_polygon_def_default();
    pd.x = 4.5, pd.y = 3.5;
    int32_t need = -1;
    gg_status st = gg_scene_visibility_polygon(s, work, bytes, &pd, NULL, 0, &need);
    assert_true(st == GG_OK || st == GG_E_BUFFER_TOO_SMALL);
    assert_true(need >= 3);
    free(work);
    /* A wall ending at the crossing point makes it a vertex: then the mesh is built. */
    gg_wall_def e = gg_wall_def_default();
    e.x1 = 4, e.y1 = 4, e.x2 = 4, e.y2 = 8;
    for (int k = 0; k < 8; ++k) /* bulk, to rebuild at once */
        d[k] = e;
    assert_int_equal(gg_scene_add_walls(s, d, 9, NULL), GG_OK);
    assert_true(gg__wall_mesh_usable(s));
    check_mesh(s, true);
    gg_scene_destroy(s);
}

/* A wall beyond the map has no place in the mesh: not built. */
static void wall_mesh__a_wall_off_the_map_leaves_no_mesh(void **state)
{
    (void)state;
    gg_scene *s = fx_open(6, 6);
    gg_wall_def d[9];
    for (int k = 0; k < 9; ++k) {
        d[k] = gg_wall_def_default();
        d[k].x1 = k * 0.5, d[k].y1 = 1, d[k].x2 = k * 0.5, d[k].y2 = 2;
    }
    d[4].x1 = 2, d[4].y1 = 3, d[4].x2 = 6.5, d[4].y2 = 3; /* ends past the right edge */
    assert_int_equal(gg_scene_add_walls(s, d, 9, NULL), GG_OK);
    assert_false(s->mesh.valid);
    d[4].x2 = 6; /* ends on the edge: fine */
    gg_scene *t = fx_open(6, 6);
    assert_int_equal(gg_scene_add_walls(t, d, 9, NULL), GG_OK);
    check_mesh(t, true);
    gg_scene_destroy(s);
    gg_scene_destroy(t);
}

/* Adding one wall (the pending list) makes the mesh unusable until the next rebuild; removing
 * walls keeps it usable, with the removed walls dead in its lists; a rebuild (bulk add, or the
 * pending list growing past its threshold) brings it back. */
static void wall_mesh__edits_and_usability(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 31, "wall_mesh__edits_and_usability");
    for (int round = 0; round < 50; ++round) {
        gg_scene *s = fx_open(24, 12);
        int where;
        const gg_hpoint mid = {6 * U, 6 * U};
        assert_false(gg__wall_mesh_usable(s)); /* nothing built yet */
        assert_int_equal(gg__wall_mesh_locate(s, mid, &where), NONE);
        gg_wall_def defs[80];
        gg_wall_id ids[80];
        for (int k = 0; k < 20; ++k) { /* a comb: no crossings */
            defs[k] = gg_wall_def_default();
            defs[k].x1 = 0.5 * k, defs[k].y1 = lat(&r, 5, 2);
            defs[k].x2 = 0.5 * k, defs[k].y2 = 6 + lat(&r, 5, 2);
        }
        assert_int_equal(gg_scene_add_walls(s, defs, 20, ids), GG_OK);
        assert_true(gg__wall_mesh_usable(s));
        check_mesh(s, true);
        /* removing keeps it usable */
        for (int k = 0; k < 20; k += 3)
            assert_int_equal(gg_scene_remove_wall(s, ids[k]), GG_OK);
        assert_true(gg__wall_mesh_usable(s));
        check_mesh(s, false);
        check_locate(s, &r, 30);
        /* one wall added to a small scene (it may reuse a removed wall's slot): meshed at once,
         * though the index keeps it pending */
        gg_wall_def one = gg_wall_def_default();
        one.x1 = 11, one.y1 = 11, one.x2 = 11.5, one.y2 = 11.5;
        gg_wall_id oid;
        assert_int_equal(gg_scene_add_wall(s, &one, &oid), GG_OK);
        assert_true(s->index.pending_count > 0);
        assert_true(gg__wall_mesh_usable(s));
        check_mesh(s, false);
        check_locate(s, &r, 30);
        assert_int_equal(gg_scene_remove_wall(s, oid), GG_OK);
        assert_true(gg__wall_mesh_usable(s));
        /* past 64 walls a single wall waits with the index: the mesh is unusable until the
         * pending list overflows or a bulk add rebuilds both */
        for (int k = 0; k < 80; ++k) {
            defs[k] = gg_wall_def_default();
            defs[k].x1 = 12 + 0.125 * k, defs[k].y1 = lat(&r, 5, 2);
            defs[k].x2 = 12 + 0.125 * k, defs[k].y2 = 6 + lat(&r, 5, 2);
        }
        assert_int_equal(gg_scene_add_walls(s, defs, 80, NULL), GG_OK);
        assert_true(gg__wall_mesh_usable(s));
        assert_int_equal(gg_scene_add_wall(s, &one, &oid), GG_OK);
        assert_false(gg__wall_mesh_usable(s));
        assert_int_equal(gg__wall_mesh_locate(s, mid, &where), NONE);
        assert_int_equal(gg_scene_remove_wall(s, oid), GG_OK);
        assert_false(gg__wall_mesh_usable(s)); /* still: only a build makes it usable again */
        for (int k = 0; k < 70; ++k) { /* the pending list overflows: index and mesh rebuilt */
            one.x1 = one.x2 = 0.25 + (k % 23) * 0.5;
            one.y1 = 11.25, one.y2 = 11.75;
            assert_int_equal(gg_scene_add_wall(s, &one, NULL), GG_OK);
        }
        assert_false(gg__wall_mesh_usable(s)); /* the walls after that rebuild wait again */
        assert_int_equal(gg_scene_add_walls(s, defs, 9, NULL), GG_OK); /* bulk: rebuilt */
        assert_true(gg__wall_mesh_usable(s));
        check_mesh(s, true);
        check_locate(s, &r, 30);
        gg_scene_destroy(s);
    }
}

/* Every allocation of a rebuild failing in turn (the index's and the mesh's): the bulk add fails
 * with GG_E_NO_MEMORY and leaves the scene as it was, the old mesh included (it changes with the
 * index or not at all), and nothing leaks. */
static void wall_mesh__a_failed_allocation_fails_the_rebuild_and_keeps_the_old_mesh(void **state)
{
    (void)state;
    gg_wall_def first[12], more[12];
    for (int k = 0; k < 12; ++k) {
        first[k] = gg_wall_def_default();
        first[k].x1 = 1 + k * 0.5, first[k].y1 = 1, first[k].x2 = 1 + k * 0.5, first[k].y2 = 4;
        more[k] = first[k];
        more[k].y1 = 5, more[k].y2 = 8 + (k % 3) * 0.25;
    }
    long calls = -1;
    for (long fail_at = 0; calls < 0 || fail_at < calls; ++fail_at) {
        gg_test_alloc ta;
        gg_test_alloc_init(&ta, -1);
        gg_scene *s = fx_build(10, 10, 5, &ta.iface, NULL);
        assert_int_equal(gg_scene_add_walls(s, first, 12, NULL), GG_OK);
        check_mesh(s, true);
        const uint32_t nt = s->mesh.nt;
        gg__mesh_tri *copy = malloc(nt * sizeof *copy);
        assert_non_null(copy);
        memcpy(copy, s->mesh.tri, nt * sizeof *copy);
        const long before = ta.calls;
        if (calls >= 0)
            ta.fail_at = before + fail_at;
        const gg_status st = gg_scene_add_walls(s, more, 12, NULL);
        if (calls < 0) {
            assert_int_equal(st, GG_OK);
            calls = ta.calls - before; /* the allocations of a clean add: fail each in turn */
            check_mesh(s, true);
        } else {
            assert_int_equal(st, GG_E_NO_MEMORY);
            assert_int_equal(s->live_walls, 12);
            assert_true(gg__wall_mesh_usable(s));
            assert_int_equal(s->mesh.nt, nt);
            assert_memory_equal(s->mesh.tri, copy, nt * sizeof *copy);
            check_mesh(s, true);
        }
        free(copy);
        gg_scene_destroy(s);
        assert_int_equal(ta.live_bytes, 0);
        assert_int_equal(ta.live_blocks, 0);
    }
    assert_true(calls > 8); /* the index's arrays and the mesh's, and its working memory */
}

/* ---- Hostile inputs ------------------------------------------------------------------------- */

static double cpu_seconds(void) { return (double)clock() / CLOCKS_PER_SEC; }

static bool build_and_judge(int32_t w, int32_t h, const gg_wall_def *defs, int32_t n,
                            const char *what)
{
    gg_scene *s = fx_open(w, h);
    const double t0 = cpu_seconds();
    assert_int_equal(gg_scene_add_walls(s, defs, n, NULL), GG_OK);
    const double dt = cpu_seconds() - t0;
    /* Builds (and is right) or gives up; either way within a few seconds of CPU even under the
     * sanitizers (the work bound keeps it near linear). */
    if (s->mesh.valid)
        check_mesh(s, true);
    print_message("%s: %d walls, mesh %s, %.3f s CPU (index and mesh), %zu bytes\n", what, (int)n,
                  s->mesh.valid ? "built" : "given up", dt, gg__wall_mesh_bytes(s));
    assert_true(dt < 20.0);
    const bool valid = s->mesh.valid;
    gg_scene_destroy(s);
    return valid;
}

/* 20,000 walls through one point (the Delaunay edges cross the fan's walls Theta(n^2) times: the
 * flips would be quadratic, so it gives up), 20,000 collinear walls that overlap (every long wall
 * is listed on hundreds of edges: gives up), and 20,000 collinear walls end to end (built). */
static void wall_mesh__hostile_inputs_build_or_give_up_quickly(void **state)
{
    (void)state;
    enum { N = 20000 };
    gg_wall_def *d = malloc(N * sizeof *d);
    assert_non_null(d);
    fx_rng r;
    fx_rng_seed(&r, 41, "wall_mesh__hostile_inputs_build_or_give_up_quickly");
    /* a fan: every wall from the centre of a 200 x 200 map to a distinct point on its edge */
    for (int k = 0; k < N; ++k) {
        d[k] = gg_wall_def_default();
        d[k].x1 = 100, d[k].y1 = 100;
        const int side = k % 4, at = k / 4; /* 0..4999, in 1/25 cells along a 200-cell side */
        const double u = at / 32.0;         /* 0 .. 156.2 */
        d[k].x2 = side == 0 ? u : (side == 1 ? 200 : (side == 2 ? 200 - u : 0));
        d[k].y2 = side == 0 ? 0 : (side == 1 ? u : (side == 2 ? 200 : 200 - u));
    }
    /* in a random order (the worst for turning around the centre) */
    for (int k = N - 1; k > 0; --k) {
        const int j = fx_below(&r, k + 1);
        gg_wall_def t = d[k];
        d[k] = d[j];
        d[j] = t;
    }
    (void)build_and_judge(200, 200, d, N, "fan through one point");
    /* all collinear: short and overlapping long walls along one row */
    for (int k = 0; k < N; ++k) {
        d[k] = gg_wall_def_default();
        d[k].y1 = d[k].y2 = 50.5;
        d[k].x1 = fx_below(&r, 3200) / 32.0;
        d[k].x2 = fx_below(&r, 8) == 0 ? fx_below(&r, 3200) / 32.0 : d[k].x1 + 0.5;
        if (d[k].x2 > 100)
            d[k].x2 = 100;
    }
    (void)build_and_judge(100, 100, d, N, "collinear, overlapping");
    /* a chain of 20,000 collinear walls end to end: sorted insertion would be quadratic here
     * (every point flips the corners' fans); the randomised rounds keep it near linear, and the
     * seeds' walks through the slivers are cut short: built */
    for (int k = 0; k < N; ++k) {
        d[k] = gg_wall_def_default();
        d[k].y1 = d[k].y2 = 50.5;
        d[k].x1 = k / 256.0, d[k].x2 = (k + 1) / 256.0;
    }
    assert_true(build_and_judge(100, 100, d, N, "collinear chain"));
    free(d);
}

/* Large maps: the grid of extra vertices stays at most 34 a side (its step grows with the walls'
 * box) and the seeds at about four cells a vertex, whatever the map; every invariant and locate
 * hold. A scene of few walls spread over more than about 150 cells is not meshed at every single
 * add (its grid would be large), only at the index's rebuild. */
static void wall_mesh__large_maps(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 53, "wall_mesh__large_maps");
    const int32_t sizes[][2] = {{1024, 1024}, {1000, 37}, {2000, 300}, {513, 700}};
    for (size_t k = 0; k < sizeof sizes / sizeof *sizes; ++k) {
        const int32_t w = sizes[k][0], h = sizes[k][1];
        gg_scene *s = fx_open(w, h);
        gg_wall_def defs[300];
        for (int i = 0; i < 300; ++i) { /* short walls all over: no crossings */
            defs[i] = gg_wall_def_default();
            defs[i].x1 = (double)fx_below(&r, w), defs[i].y1 = (double)fx_below(&r, h);
            defs[i].x2 = defs[i].x1 + 0.5, defs[i].y2 = defs[i].y1;
        }
        assert_int_equal(gg_scene_add_walls(s, defs, 300, NULL), GG_OK);
        assert_true(s->mesh.valid || s->mesh.loose);
        const gg__mesh_grid g = gg__wall_mesh_grid(s);
        assert_true(g.nx >= 2 && g.nx <= 34 && g.ny >= 2 && g.ny <= 34);
        check_mesh(s, true);
        check_locate(s, &r, 200);
        gg_scene_destroy(s);
        /* Few walls, added one by one, spread over the map: no mesh until the rebuild. */
        s = fx_open(w, h);
        for (int i = 0; i < 10; ++i)
            assert_int_equal(gg_scene_add_wall(s, &defs[i], NULL), GG_OK);
        const gg__mesh_grid g10 = gg__wall_mesh_grid(s);
        assert_int_equal(gg__wall_mesh_usable(s), (int64_t)g10.nx * g10.ny <= 100);
        assert_int_equal(gg__wall_index_rebuild(s), GG_OK);
        assert_true(gg__wall_mesh_usable(s));
        check_mesh(s, true);
        gg_scene_destroy(s);
    }
}

/* ---- Every shared map ----------------------------------------------------------------------- */

#ifdef GG_TEST_HAVE_IO
static void wall_mesh__every_shared_map(void **state)
{
    (void)state;
    char path[512];
    for (size_t k = 0; k < GG_SHARED_MAP_COUNT; ++k) {
        snprintf(path, sizeof path, "%s/%s", GG_TEST_MAPS_DIR, gg_shared_maps[k]);
        gg_import_def def = gg_import_def_default();
        gg_scene *s = NULL;
        gg_io_error err;
        assert_int_equal(gg_scene_import_file(path, &def, &s, NULL, &err), GG_OK);
        print_message("%s: %u live walls, mesh %s, %u loose (%u vertices, %u triangles, %u "
                      "constraints, %zu bytes)\n",
                      gg_shared_maps[k], (unsigned)s->live_walls,
                      s->mesh.valid ? "valid" : (s->mesh.loose ? "loose" : "NOT built"),
                      (unsigned)s->mesh.nloose, (unsigned)s->mesh.nv, (unsigned)s->mesh.nt,
                      (unsigned)s->mesh.nc, gg__wall_mesh_bytes(s));
        /* Real maps' walls often overshoot a joint and cross (Foundry's especially): loose
         * meshes. A map of a few walls may never rebuild its index (GG__SMALL_BATCH walls or
         * fewer join the pending list), but a scene of at most 64 walls is meshed as they are
         * added: every shared map has a mesh. */
        assert_true(s->mesh.valid || s->mesh.loose);
        assert_int_equal(s->mesh.loose, crossing_without_vertex(s));
        if (s->mesh.valid || s->mesh.loose) {
            fx_rng r;
            fx_rng_seed(&r, 7, path);
            check_mesh(s, true);
            check_crossings_loose(s);
            check_locate(s, &r, 300);
        }
        gg_scene_destroy(s);
    }
}
#endif

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(wall_mesh__invariants_on_random_scenes),
        cmocka_unit_test(wall_mesh__loose_exactly_on_crossings),
        cmocka_unit_test(wall_mesh__crossing_walls_make_a_loose_mesh_and_the_polygon_works),
        cmocka_unit_test(wall_mesh__a_wall_off_the_map_leaves_no_mesh),
        cmocka_unit_test(wall_mesh__edits_and_usability),
        cmocka_unit_test(wall_mesh__a_failed_allocation_fails_the_rebuild_and_keeps_the_old_mesh),
        cmocka_unit_test(wall_mesh__hostile_inputs_build_or_give_up_quickly),
#ifdef GG_TEST_HAVE_IO
        cmocka_unit_test(wall_mesh__large_maps),
        cmocka_unit_test(wall_mesh__every_shared_map),
#endif
    };
    return cmocka_run_group_tests_name("topology/wall_mesh", tests, NULL, NULL);
}
