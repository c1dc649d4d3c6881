/* wall_mesh.c - the constrained Delaunay triangulation of the map rectangle whose edges include
 * every live wall (wall_mesh.h), rebuilt with the wall index. Layer: topology.
 *
 * How it is built, all in exact integer arithmetic on the wall lattice:
 *   1. the vertices: the map's four corners, every distinct end of a live wall of non-zero
 *      length and a grid of points over the walls' bounding box (gg__wall_mesh_grid()), sorted
 *      and deduplicated (a wall end outside the map gives up: the mesh covers the map rectangle
 *      and nothing else);
 *   2. a Delaunay triangulation of them: the rectangle as two triangles, then the points in
 *      rounds of a biased randomised order, each round along a Hilbert curve (each point is
 *      found by walking from the previous one, so a walk is a few steps), each followed by
 *      Lawson flips;
 *   3. every wall forced in as a chain of edges: from one end, the triangles around the current
 *      vertex give the edge or the edges the wall crosses up to the next vertex on it (a vertex
 *      on the wall's interior splits it: T junctions and collinear overlaps); crossed edges are
 *      flipped away (Sloan's queue), and crossing an edge that is already a wall means two walls
 *      cross where neither ends: the later one is left "loose" from there on (wall_mesh.h);
 *   4. Lawson flips, from the edges step 3 flipped, of every edge that is not a wall until none
 *      violates the empty-circle rule (a constrained Delaunay triangulation: thin triangles
 *      make the visibility walk slow);
 *   5. the wall lists of the constrained edges, a seed triangle per seed cell (the index's
 *      buckets coarsened to about four per vertex), and the triangles each loose wall meets.
 * Every walk, flip and turn around a vertex counts against a work bound (WORK_PER_ITEM per
 * vertex and wall, plus WORK_BASE) so that a hostile file gives up instead of taking
 * quadratic time. */
#include <stdlib.h>

#include "base/alloc.h"
#include "topology/scene/scene_internal.h"
#include "topology/scene/wall_index.h"
#include "topology/scene/wall_mesh.h"

__extension__ typedef __int128 i128;

#define NONE GG__MESH_NONE
#define WORK_PER_ITEM 64u
#define WORK_BASE 1000000u
/* Coordinates (relative differences) up to 2^30 keep the incircle determinant below 2^124 and
 * every orientation below 2^62; the largest map (GG_SCENE_MAX_SIDE cells) is 2^24 wide, and
 * every vertex lies in the map (a wall end outside it gives up), so the check never fires. */
#define COORD_LIMIT ((int64_t)1 << 30)
/* A locate walk longer than this falls back to testing every triangle: a visibility walk can
 * cycle in a triangulation that is not Delaunay (in theory; the mesh is Delaunay where not
 * constrained and the walk's first edge varies), so the bound only makes it certain to end. */
#define LOCATE_STEPS 4096u

static inline uint32_t nx3(uint32_t i) { return i == 2 ? 0 : i + 1; }
static inline uint32_t pv3(uint32_t i) { return i == 0 ? 2 : i - 1; }

/* cross(b - a, c - a): > 0 when c lies on the left of a -> b (the mesh's counter-clockwise). */
static inline int64_t orient(gg_hpoint a, gg_hpoint b, gg_hpoint c)
{
    return ((int64_t)b.x - a.x) * ((int64_t)c.y - a.y) -
           ((int64_t)b.y - a.y) * ((int64_t)c.x - a.x);
}

/* > 0 when d lies strictly inside the circle through a, b, c (orient(a, b, c) > 0). */
static int incircle(gg_hpoint a, gg_hpoint b, gg_hpoint c, gg_hpoint d)
{
    const int64_t ax = (int64_t)a.x - d.x, ay = (int64_t)a.y - d.y;
    const int64_t bx = (int64_t)b.x - d.x, by = (int64_t)b.y - d.y;
    const int64_t cx = (int64_t)c.x - d.x, cy = (int64_t)c.y - d.y;
    const i128 det = (i128)(ax * ax + ay * ay) * (bx * cy - cx * by) +
                     (i128)(bx * bx + by * by) * (cx * ay - ax * cy) +
                     (i128)(cx * cx + cy * cy) * (ax * by - bx * ay);
    return (det > 0) - (det < 0);
}

/* ---- The builder's state ------------------------------------------------------------------ */

typedef struct builder {
    gg_scene *s;
    gg__wall_mesh *m;
    uint32_t *vt; /* per vertex, a triangle that has it */
    size_t vt_cap;
    uint32_t *stack; /* edges to check, t * 3 + i */
    size_t stack_n, stack_cap;
    uint64_t *pairs; /* (constraint << 32 | wall) */
    size_t pairs_n, pairs_cap;
    uint32_t *loose; /* walls left out at a crossing (see wall_mesh.h, "loose") */
    size_t loose_n, loose_cap;
    uint64_t *queue; /* Sloan's queue of crossed edges, (p << 32 | q), a ring */
    size_t q_head, q_n, q_cap;
    const gg__wall_index *grid; /* the buckets the seeds follow */
    uint64_t work, work_limit;
    bool fail; /* given up (the mesh is not built) */
    bool oom;  /* ... for want of memory */
} builder;

/* An allocation through the scene's allocator; NULL gives up, for want of memory. */
static void *balloc(builder *b, size_t count, size_t size)
{
    void *p = gg__alloc_array(&b->s->alloc, count, size);
    if (p == NULL)
        b->fail = b->oom = true;
    return p;
}

static bool spend(builder *b, uint64_t units)
{
    b->work += units;
    if (b->work > b->work_limit)
        b->fail = true;
    return !b->fail;
}

/* Grows the array whose pointer is at `arrp` (any object pointer type; read and written with
 * memcpy, not through a void ** cast) of *cap elements of `size` bytes, `used` in use, to at
 * least `need`. */
static bool grow(builder *b, void *arrp, size_t *cap, size_t used, size_t need, size_t size)
{
    if (need <= *cap)
        return true;
    size_t ncap = *cap ? *cap * 2 : 64;
    while (ncap < need)
        ncap *= 2;
    void *n = balloc(b, ncap, size);
    if (n == NULL)
        return false;
    void *old;
    memcpy(&old, arrp, sizeof old);
    if (used > 0)
        memcpy(n, old, used * size);
    gg__free_array(&b->s->alloc, old, *cap, size);
    memcpy(arrp, &n, sizeof n);
    *cap = ncap;
    return true;
}

static void push_edge(builder *b, uint32_t t, uint32_t i)
{
    if (b->stack_n == b->stack_cap &&
        !grow(b, &b->stack, &b->stack_cap, b->stack_n, b->stack_n + 1, sizeof *b->stack))
        return;
    b->stack[b->stack_n++] = t * 3u + i;
}

static void queue_push(builder *b, uint32_t p, uint32_t q)
{
    if (b->q_n == b->q_cap) {
        /* Unroll the ring into a larger array. */
        size_t ncap = b->q_cap ? b->q_cap * 2 : 64;
        uint64_t *n = (uint64_t *)balloc(b, ncap, sizeof *n);
        if (n == NULL)
            return;
        for (size_t k = 0; k < b->q_n; ++k)
            n[k] = b->queue[(b->q_head + k) % b->q_cap];
        gg__free_array(&b->s->alloc, b->queue, b->q_cap, sizeof *b->queue);
        b->queue = n;
        b->q_cap = ncap;
        b->q_head = 0;
    }
    b->queue[(b->q_head + b->q_n) % b->q_cap] = (uint64_t)p << 32 | q;
    b->q_n++;
}

static uint64_t queue_pop(builder *b)
{
    uint64_t e = b->queue[b->q_head];
    b->q_head = (b->q_head + 1) % b->q_cap;
    b->q_n--;
    return e;
}

/* ---- Triangles ---------------------------------------------------------------------------- */

static void set_tri(gg__mesh_tri *t, uint32_t v0, uint32_t v1, uint32_t v2, uint32_t n0,
                    uint32_t n1, uint32_t n2, uint32_t c0, uint32_t c1, uint32_t c2)
{
    t->v[0] = v0, t->v[1] = v1, t->v[2] = v2;
    t->n[0] = n0, t->n[1] = n1, t->n[2] = n2;
    t->c[0] = c0, t->c[1] = c1, t->c[2] = c2;
}

/* The neighbour x (if any) pointed at `from` across its edge starting at vertex `start`: point
 * it at `to` instead. */
static void relink(gg__wall_mesh *m, uint32_t x, uint32_t from, uint32_t to, uint32_t start)
{
    if (x == NONE)
        return;
    gg__mesh_tri *t = &m->tri[x];
    for (uint32_t k = 0; k < 3; ++k)
        if (t->n[k] == from && t->v[k] == start) {
            t->n[k] = to;
            return;
        }
}

/* Flips edge i of t (a -> b, with c = t's third vertex) with the triangle u beyond it (third
 * vertex d): t becomes (a, d, c) and u becomes (d, b, c); the new edge c-d is edge 1 of t and
 * edge 2 of u. The quadrilateral a, d, b, c must be strictly convex. */
static void flip(builder *bd, uint32_t t, uint32_t i)
{
    gg__wall_mesh *m = bd->m;
    gg__mesh_tri *T = &m->tri[t];
    const uint32_t u = T->n[i], j = gg__mesh_back_edge(m, t, i);
    gg__mesh_tri *U = &m->tri[u];
    const uint32_t a = T->v[i], b = T->v[nx3(i)], c = T->v[pv3(i)], d = U->v[pv3(j)];
    const uint32_t n1 = T->n[nx3(i)], c1 = T->c[nx3(i)], n2 = T->n[pv3(i)], c2 = T->c[pv3(i)];
    const uint32_t n3 = U->n[nx3(j)], c3 = U->c[nx3(j)], n4 = U->n[pv3(j)], c4 = U->c[pv3(j)];
    set_tri(T, a, d, c, n3, u, n2, c3, NONE, c2);
    set_tri(U, d, b, c, n4, n1, t, c4, c1, NONE);
    relink(m, n3, u, t, d);
    relink(m, n1, t, u, c);
    bd->vt[a] = t, bd->vt[c] = t, bd->vt[d] = t, bd->vt[b] = u;
}

/* Where a point lies in a triangle whose three edge orientations o[] are >= 0 (see
 * gg__wall_mesh_locate()): two zeros name the vertex between those edges, one an edge. */
static int where_in(const int64_t o[3])
{
    for (uint32_t i = 0; i < 3; ++i)
        if (o[i] == 0) {
            if (o[pv3(i)] == 0)
                return 4 + (int)i;
            return o[nx3(i)] == 0 ? 4 + (int)nx3(i) : 1 + (int)i;
        }
    return 0;
}

/* The triangle whose closure holds p, by a visibility walk from t (p within the map); *where as
 * in gg__wall_mesh_locate(). NONE when the walk fails (spend() decides for the builder; with
 * bd NULL, after max_steps steps). */
static uint32_t walk(const gg__wall_mesh *m, builder *bd, uint32_t t, gg_hpoint p, int *where,
                     uint32_t max_steps)
{
    for (uint32_t step = 0;; ++step) {
        if (bd != NULL ? !spend(bd, 1) : step >= max_steps)
            return NONE;
        const gg__mesh_tri *T = &m->tri[t];
        /* The first edge tested varies with the step, so that no walk can cycle for ever
         * where the mesh is not Delaunay (a deterministic order could). */
        const uint32_t k0 = (step + t) % 3u;
        uint32_t next = NONE;
        bool out = false;
        int64_t o[3];
        for (uint32_t jj = 0; jj < 3 && !out; ++jj) {
            const uint32_t i = (k0 + jj) % 3u;
            o[i] = orient(m->vert[T->v[i]], m->vert[T->v[nx3(i)]], p);
            if (o[i] < 0) {
                next = T->n[i];
                out = true;
            }
        }
        if (out && next == NONE)
            return NONE; /* p beyond the map's edge */
        if (!out) {
            *where = where_in(o);
            return t;
        }
        t = next;
    }
}

/* Checks the edges on the stack and flips each that is not a wall and fails the empty-circle
 * rule. `around`: the stack holds only edges opposite a just inserted point, which stays the
 * third vertex of both new triangles, so only their far edges need a check; else all four
 * outer edges of a flip do. */
static void legalize(builder *bd, bool around)
{
    gg__wall_mesh *m = bd->m;
    while (bd->stack_n > 0 && !bd->fail) {
        const uint32_t e = bd->stack[--bd->stack_n];
        const uint32_t t = e / 3u, i = e % 3u;
        const gg__mesh_tri *T = &m->tri[t];
        if (T->n[i] == NONE || T->c[i] != NONE || !spend(bd, 1))
            continue;
        const uint32_t u = T->n[i];
        const uint32_t d = m->tri[u].v[pv3(gg__mesh_back_edge(m, t, i))];
        if (incircle(m->vert[T->v[0]], m->vert[T->v[1]], m->vert[T->v[2]], m->vert[d]) <= 0)
            continue;
        flip(bd, t, i);
        push_edge(bd, t, 0);
        push_edge(bd, u, 0);
        if (!around) {
            push_edge(bd, t, 2);
            push_edge(bd, u, 1);
        }
    }
}

/* Inserts vertex p (not yet in the mesh, within the map) found from triangle *hint. */
static void insert_point(builder *bd, uint32_t p, uint32_t *hint)
{
    gg__wall_mesh *m = bd->m;
    int where;
    const uint32_t t = walk(m, bd, *hint, m->vert[p], &where, 0);
    if (t == NONE || where >= 4) {
        bd->fail = true; /* a duplicate cannot happen: the vertices are distinct */
        return;
    }
    gg__mesh_tri *T = &m->tri[t];
    if (where == 0) {
        const uint32_t a = T->v[0], b = T->v[1], c = T->v[2];
        const uint32_t na = T->n[0], nb = T->n[1], nc = T->n[2];
        const uint32_t ca = T->c[0], cb = T->c[1], cc = T->c[2];
        const uint32_t t1 = m->nt, t2 = m->nt + 1;
        m->nt += 2;
        set_tri(&m->tri[t], a, b, p, na, t1, t2, ca, NONE, NONE);
        set_tri(&m->tri[t1], b, c, p, nb, t2, t, cb, NONE, NONE);
        set_tri(&m->tri[t2], c, a, p, nc, t, t1, cc, NONE, NONE);
        relink(m, nb, t, t1, c);
        relink(m, nc, t, t2, a);
        bd->vt[a] = t, bd->vt[b] = t, bd->vt[c] = t1, bd->vt[p] = t;
        push_edge(bd, t, 0);
        push_edge(bd, t1, 0);
        push_edge(bd, t2, 0);
    } else {
        /* p on edge i = a -> b of t (c opposite), and of u = (b, a, d) beyond it if any. */
        const uint32_t i = (uint32_t)where - 1u;
        const uint32_t a = T->v[i], b = T->v[nx3(i)], c = T->v[pv3(i)];
        const uint32_t nb = T->n[nx3(i)], cb = T->c[nx3(i)], nc = T->n[pv3(i)], cc = T->c[pv3(i)];
        const uint32_t u = T->n[i], ce = T->c[i];
        const uint32_t t1 = m->nt++;
        uint32_t u1 = NONE;
        if (u != NONE) {
            const uint32_t j = gg__mesh_back_edge(m, t, i);
            const gg__mesh_tri *U = &m->tri[u];
            const uint32_t d = U->v[pv3(j)];
            const uint32_t n3 = U->n[nx3(j)], c3 = U->c[nx3(j)], n4 = U->n[pv3(j)],
                           c4 = U->c[pv3(j)];
            u1 = m->nt++;
            set_tri(&m->tri[u], p, a, d, t, n3, u1, ce, c3, NONE);
            set_tri(&m->tri[u1], b, p, d, t1, u, n4, ce, NONE, c4);
            relink(m, n4, u, u1, b);
            bd->vt[d] = u;
            push_edge(bd, u, 1);
            push_edge(bd, u1, 2);
        }
        set_tri(&m->tri[t], a, p, c, u, t1, nc, ce, NONE, cc);
        set_tri(&m->tri[t1], p, b, c, u1, nb, t, ce, cb, NONE);
        relink(m, nb, t, t1, c);
        bd->vt[a] = t, bd->vt[p] = t, bd->vt[c] = t, bd->vt[b] = t1;
        push_edge(bd, t, 2);
        push_edge(bd, t1, 1);
    }
    legalize(bd, true);
    *hint = bd->vt[p];
}

/* ---- Walls as chains of edges ------------------------------------------------------------- */

typedef struct turn {
    uint32_t t, k;
} turn;

/* How the direction from vertex v[k] of T (= c) to `to` lies in T's corner: 1 along edge k
 * (c -> v[k+1]), 2 along edge k+2 (v[k+2] -> c), 3 strictly inside (it leaves T through the far
 * edge k+1), 0 outside the corner. */
static int corner_test(const gg__wall_mesh *m, const gg__mesh_tri *T, uint32_t k, gg_hpoint to)
{
    const gg_hpoint c = m->vert[T->v[k]];
    const gg_hpoint p1 = m->vert[T->v[nx3(k)]], p2 = m->vert[T->v[pv3(k)]];
    const int64_t o1 = orient(c, p1, to), o2 = orient(c, p2, to);
    const int64_t tx = (int64_t)to.x - c.x, ty = (int64_t)to.y - c.y;
    if (o1 == 0 && ((int64_t)p1.x - c.x) * tx + ((int64_t)p1.y - c.y) * ty > 0)
        return 1;
    if (o2 == 0 && ((int64_t)p2.x - c.x) * tx + ((int64_t)p2.y - c.y) * ty > 0)
        return 2;
    return o1 > 0 && o2 < 0 ? 3 : 0;
}

/* The triangle around `cur` whose closed corner holds the direction to `to`, and how
 * (corner_test()); 0 when none does (an inconsistent mesh, or the work bound). Turns
 * counter-clockwise from vt[cur] (across edge k+2), and when the map's edge stops the turn,
 * clockwise from there (across edge k). */
static int find_wedge(builder *bd, uint32_t cur, gg_hpoint to, turn *out)
{
    const gg__wall_mesh *m = bd->m;
    const uint32_t start = bd->vt[cur];
    /* pass 0 turns counter-clockwise from start; pass 1, only if the map's edge stopped it,
     * clockwise from the triangle before start */
    for (int pass = 0; pass < 2; ++pass) {
        uint32_t t = pass == 0 ? start : m->tri[start].n[gg__mesh_corner(&m->tri[start], cur)];
        while (t != NONE) {
            if (!spend(bd, 1))
                return 0;
            const uint32_t k = gg__mesh_corner(&m->tri[t], cur);
            const int how = corner_test(m, &m->tri[t], k, to);
            if (how != 0) {
                out->t = t, out->k = k;
                return how;
            }
            t = m->tri[t].n[pass == 0 ? pv3(k) : k];
            if (t == start)
                return 0; /* all the way round */
        }
    }
    return 0;
}

/* The edge between vertices p and q, either way round, as edge out->k of triangle out->t. */
static bool find_edge(builder *bd, uint32_t p, uint32_t q, turn *out)
{
    const int how = find_wedge(bd, p, bd->m->vert[q], out);
    if (how == 2)
        out->k = pv3(out->k);
    return (how == 1 || how == 2) && !bd->fail;
}

/* Records that wall `w` lies along edge i of t (and of its neighbour). */
static void mark(builder *bd, uint32_t t, uint32_t i, uint32_t w)
{
    gg__wall_mesh *m = bd->m;
    uint32_t k = m->tri[t].c[i];
    if (k == NONE) {
        k = m->nc++;
        m->tri[t].c[i] = k;
        if (m->tri[t].n[i] != NONE)
            m->tri[m->tri[t].n[i]].c[gg__mesh_back_edge(m, t, i)] = k;
    }
    if (!grow(bd, &bd->pairs, &bd->pairs_cap, bd->pairs_n, bd->pairs_n + 1, sizeof *bd->pairs))
        return;
    bd->pairs[bd->pairs_n++] = (uint64_t)k << 32 | w;
}

/* Makes cur -> e (no vertex strictly between them on the segment, every edge it crosses
 * queued) an edge by Sloan's flips: a crossed edge whose quadrilateral is strictly convex is
 * flipped; its new diagonal goes back in the queue while it still crosses. */
static void flip_away(builder *bd, uint32_t cur, uint32_t e)
{
    gg__wall_mesh *m = bd->m;
    const gg_hpoint pc = m->vert[cur], pe = m->vert[e];
    while (bd->q_n > 0 && spend(bd, 1)) {
        const uint64_t pq = queue_pop(bd);
        const uint32_t p = (uint32_t)(pq >> 32), q = (uint32_t)pq;
        turn f;
        if (!find_edge(bd, p, q, &f)) {
            bd->fail = true;
            return;
        }
        const gg__mesh_tri *T = &m->tri[f.t];
        const uint32_t c = T->v[pv3(f.k)];
        const uint32_t d = m->tri[T->n[f.k]].v[pv3(gg__mesh_back_edge(m, f.t, f.k))];
        const int64_t op = orient(m->vert[c], m->vert[d], m->vert[p]);
        const int64_t oq = orient(m->vert[c], m->vert[d], m->vert[q]);
        if (!((op > 0 && oq < 0) || (op < 0 && oq > 0))) {
            queue_push(bd, p, q); /* not convex yet: another flip will make it so */
            continue;
        }
        const uint32_t u = T->n[f.k];
        flip(bd, f.t, f.k);
        /* Every edge of the two new triangles, for the Lawson pass after the last wall (the rest
         * of the mesh is still Delaunay; a later flip of these triangles pushes them again). */
        for (uint32_t i = 0; i < 3; ++i)
            push_edge(bd, f.t, i);
        push_edge(bd, u, 0);
        push_edge(bd, u, 1);
        if (c != cur && c != e && d != cur && d != e) {
            const int64_t oc = orient(pc, pe, m->vert[c]), od = orient(pc, pe, m->vert[d]);
            if ((oc > 0 && od < 0) || (oc < 0 && od > 0))
                queue_push(bd, c, d);
        }
    }
}

/* Forces the wall w from vertex va to vertex vb in as a chain of edges. */
static void insert_wall(builder *bd, uint32_t va, uint32_t vb, uint32_t w)
{
    gg__wall_mesh *m = bd->m;
    const gg_hpoint pb = m->vert[vb];
    uint32_t cur = va;
    while (cur != vb && !bd->fail) {
        turn f;
        const int how = find_wedge(bd, cur, pb, &f);
        if (how == 0) {
            bd->fail = true;
            return;
        }
        const gg__mesh_tri *T = &m->tri[f.t];
        if (how == 1 || how == 2) {
            const uint32_t i = how == 1 ? f.k : pv3(f.k);
            const uint32_t next = how == 1 ? T->v[nx3(f.k)] : T->v[pv3(f.k)];
            mark(bd, f.t, i, w);
            cur = next;
            continue;
        }
        /* The wall crosses edges from here to the next vertex on it: queue them. */
        const gg_hpoint pc = m->vert[cur];
        uint32_t t = f.t, i = nx3(f.k), end = NONE;
        while (end == NONE && spend(bd, 1)) {
            const gg__mesh_tri *X = &m->tri[t];
            if (X->n[i] == NONE) {
                bd->fail = true; /* beyond the map: an inconsistent mesh */
                return;
            }
            if (X->c[i] != NONE) {
                /* Two walls cross where neither ends: the crossing is no lattice point, so it
                 * cannot be a vertex. The rest of this wall stays out of the constraints (the
                 * edges it was forced along so far are exact pieces of it) and the whole wall
                 * is listed in the triangles it meets (build_loose()). Nothing was flipped for
                 * this stretch yet: the crossed edges were only queued. */
                bd->q_n = 0;
                bd->q_head = 0;
                if (grow(bd, &bd->loose, &bd->loose_cap, bd->loose_n, bd->loose_n + 1,
                         sizeof *bd->loose))
                    bd->loose[bd->loose_n++] = w;
                return;
            }
            queue_push(bd, X->v[i], X->v[nx3(i)]);
            const uint32_t u = X->n[i], j = gg__mesh_back_edge(m, t, i);
            const gg__mesh_tri *U = &m->tri[u];
            const uint32_t wv = U->v[pv3(j)];
            const int64_t ow = orient(pc, pb, m->vert[wv]);
            if (ow == 0) {
                end = wv;
                break;
            }
            const int64_t ox = orient(pc, pb, m->vert[U->v[j]]);
            /* U = (x, y, wv) with x = U->v[j]: the wall leaves through the edge whose ends lie
             * on its two sides. */
            i = ((ow > 0) == (ox > 0)) ? nx3(j) : pv3(j);
            t = u;
        }
        if (bd->fail)
            return;
        flip_away(bd, cur, end);
        turn g;
        if (bd->fail || !find_edge(bd, cur, end, &g)) {
            bd->fail = true;
            return;
        }
        mark(bd, g.t, g.k, w);
        cur = end;
    }
}

/* ---- Vertices ----------------------------------------------------------------------------- */

static int cmp_u64(const void *pa, const void *pb)
{
    const uint64_t a = *(const uint64_t *)pa, b = *(const uint64_t *)pb;
    return (a > b) - (a < b);
}

static uint64_t point_key(gg_hpoint p) { return (uint64_t)(uint32_t)p.x << 32 | (uint32_t)p.y; }

/* The vertex of p (one of the m->nv sorted distinct points). */
static uint32_t vertex_of(const uint64_t *keys, uint32_t n, gg_hpoint p)
{
    const uint64_t k = point_key(p);
    uint32_t lo = 0, hi = n;
    while (lo < hi) {
        const uint32_t mid = lo + (hi - lo) / 2;
        if (keys[mid] < k)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* Position of (x, y) along a Hilbert curve over a 2^16 x 2^16 grid. */
static uint32_t hilbert(uint32_t x, uint32_t y)
{
    uint32_t d = 0;
    for (uint32_t s = 1u << 15; s > 0; s >>= 1) {
        const uint32_t rx = (x & s) ? 1u : 0u, ry = (y & s) ? 1u : 0u;
        d += s * s * ((3u * rx) ^ ry);
        if (ry == 0) {
            if (rx == 1) {
                x = s - 1 - (x & (s - 1));
                y = s - 1 - (y & (s - 1));
            }
            const uint32_t tmp = x;
            x = y;
            y = tmp;
        }
        x &= s - 1;
        y &= s - 1;
    }
    return d;
}

/* The round of vertex v in a biased randomised insertion order (Amenta, Choi and Rote's BRIO):
 * the last round takes about half of the points, the one before a quarter, and so on, each
 * round in Hilbert order. Sorted order alone (a Hilbert curve along a line of collinear points,
 * a common wall pattern) makes every insertion flip the fans of the map's corners: quadratic.
 * A hash of v, not a generator: the build stays deterministic and holds no state. */
static uint32_t brio_round(uint32_t v)
{
    uint64_t z = (uint64_t)v + 0x9E3779B97F4A7C15ull; /* splitmix64 */
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    uint32_t r = 0;
    while (r < 40 && (z & 1u) == 0) {
        z >>= 1;
        ++r;
    }
    return r;
}

/* ---- Building ----------------------------------------------------------------------------- */

static bool wall_counts(const gg__wall *w)
{
    return gg__wall_live(w) && (w->a.x != w->b.x || w->a.y != w->b.y);
}

/* Whether the closed segments a-b and c-d meet (exact). */
static bool segments_meet(gg_hpoint a, gg_hpoint b, gg_hpoint c, gg_hpoint d)
{
    const int64_t o1 = orient(a, b, c), o2 = orient(a, b, d);
    const int64_t o3 = orient(c, d, a), o4 = orient(c, d, b);
    if (((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)) && ((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0)))
        return true;
    /* touching or collinear: some end lies on the other segment */
    const gg_hpoint e[4] = {c, d, a, b}, s0[4] = {a, a, c, c}, s1[4] = {b, b, d, d};
    const int64_t o[4] = {o1, o2, o3, o4};
    for (int k = 0; k < 4; ++k)
        if (o[k] == 0 && (e[k].x >= (s0[k].x < s1[k].x ? s0[k].x : s1[k].x)) &&
            (e[k].x <= (s0[k].x < s1[k].x ? s1[k].x : s0[k].x)) &&
            (e[k].y >= (s0[k].y < s1[k].y ? s0[k].y : s1[k].y)) &&
            (e[k].y <= (s0[k].y < s1[k].y ? s1[k].y : s0[k].y)))
            return true;
    return false;
}

/* The loose walls' lists: every triangle whose closure meets a loose wall lists it. Those
 * triangles are connected through edges that meet the wall (along it, and around every vertex
 * it passes through), so a search from a triangle at one of its ends finds them all. */
static bool build_loose(builder *bd, const uint64_t *keys)
{
    gg_scene *s = bd->s;
    gg__wall_mesh *m = bd->m;
    uint32_t *stamp = (uint32_t *)balloc(bd, m->nt, sizeof *stamp); /* loose index + 1 */
    uint64_t *pairs = NULL;                                         /* (triangle << 32 | wall) */
    size_t np = 0, pcap = 0;
    uint32_t *todo = NULL;
    size_t nt = 0, tcap = 0;
    for (size_t k = 0; stamp != NULL && k < bd->loose_n && !bd->fail; ++k) {
        const gg__wall *w = &s->walls[bd->loose[k]];
        uint32_t t0 = bd->vt[vertex_of(keys, m->nv, w->a)];
        stamp[t0] = (uint32_t)k + 1u;
        nt = 0;
        if (!grow(bd, &todo, &tcap, nt, nt + 1, sizeof *todo))
            break;
        todo[nt++] = t0;
        while (nt > 0 && spend(bd, 1)) {
            const uint32_t t = todo[--nt];
            if (!grow(bd, &pairs, &pcap, np, np + 1, sizeof *pairs))
                break;
            pairs[np++] = (uint64_t)t << 32 | bd->loose[k];
            const gg__mesh_tri *T = &m->tri[t];
            for (uint32_t i = 0; i < 3; ++i) {
                const uint32_t u = T->n[i];
                if (u == NONE || stamp[u] == (uint32_t)k + 1u ||
                    !segments_meet(m->vert[T->v[i]], m->vert[T->v[nx3(i)]], w->a, w->b))
                    continue;
                stamp[u] = (uint32_t)k + 1u;
                if (!grow(bd, &todo, &tcap, nt, nt + 1, sizeof *todo))
                    break;
                todo[nt++] = u;
            }
        }
    }
    if (!bd->fail) {
        m->loose_cap = (size_t)m->nt + 1u;
        m->loosew_cap = np > 0 ? np : 1;
        m->loose_start = (uint32_t *)balloc(bd, m->loose_cap, sizeof *m->loose_start);
        m->loose_wall = m->loose_start != NULL
                            ? (uint32_t *)balloc(bd, m->loosew_cap, sizeof *m->loose_wall)
                            : NULL;
    }
    if (!bd->fail) {
        /* counting sort by triangle, as build_lists() */
        for (size_t i = 0; i < np; ++i)
            m->loose_start[(pairs[i] >> 32) + 1]++;
        for (uint32_t t = 0; t < m->nt; ++t)
            m->loose_start[t + 1] += m->loose_start[t];
        for (size_t i = 0; i < np; ++i)
            m->loose_wall[m->loose_start[pairs[i] >> 32]++] = (uint32_t)pairs[i];
        for (uint32_t t = m->nt; t > 0; --t)
            m->loose_start[t] = m->loose_start[t - 1];
        m->loose_start[0] = 0;
        m->nloose = (uint32_t)bd->loose_n;
    }
    gg__free_array(&s->alloc, stamp, stamp != NULL ? m->nt : 0, sizeof *stamp);
    gg__free_array(&s->alloc, pairs, pcap, sizeof *pairs);
    gg__free_array(&s->alloc, todo, tcap, sizeof *todo);
    return !bd->fail;
}

void gg__wall_mesh_release(gg_scene *s, gg__wall_mesh *m)
{
    gg__free_array(&s->alloc, m->loose_start, m->loose_cap, sizeof *m->loose_start);
    gg__free_array(&s->alloc, m->loose_wall, m->loosew_cap, sizeof *m->loose_wall);
    gg__free_array(&s->alloc, m->vert, m->vert_cap, sizeof *m->vert);
    gg__free_array(&s->alloc, m->tri, m->tri_cap, sizeof *m->tri);
    gg__free_array(&s->alloc, m->con_start, m->con_cap, sizeof *m->con_start);
    gg__free_array(&s->alloc, m->con_wall, m->conw_cap, sizeof *m->con_wall);
    gg__free_array(&s->alloc, m->seed, m->seed_cap, sizeof *m->seed);
    memset(m, 0, sizeof *m);
}

void gg__wall_mesh_free(gg_scene *s) { gg__wall_mesh_release(s, &s->mesh); }

/* Steiner vertices on a square grid over the walls' bounding box. Without them, open ground
 * between few walls is spanned by long thin triangles from one group of walls to another far
 * away: a viewer there crosses many of them within a small radius, and walls far away would
 * cost it time. With them every triangle of open ground among the walls is at most a few grid
 * steps across, so the expansion's cost follows what lies near the viewer, and a bucket's seed
 * is never far from it. GRID_CELLS apart, more on a large box: at most GRID_SIDE + 1 points a
 * side, so the grid costs a rebuild at most about a thousand points, whatever the map. */
#define GRID_CELLS 16
#define GRID_SIDE 32
gg__mesh_grid gg__wall_mesh_grid(const gg_scene *s)
{
    gg__mesh_grid g = {0, 0, 0, 0, 0};
    int64_t x0 = INT64_MAX, y0 = INT64_MAX, x1 = INT64_MIN, y1 = INT64_MIN;
    for (uint32_t k = 0; k < s->wall_slots; ++k) {
        const gg__wall *w = &s->walls[k];
        if (!wall_counts(w))
            continue;
        x0 = w->a.x < x0 ? w->a.x : x0, x0 = w->b.x < x0 ? w->b.x : x0;
        y0 = w->a.y < y0 ? w->a.y : y0, y0 = w->b.y < y0 ? w->b.y : y0;
        x1 = w->a.x > x1 ? w->a.x : x1, x1 = w->b.x > x1 ? w->b.x : x1;
        y1 = w->a.y > y1 ? w->a.y : y1, y1 = w->b.y > y1 ? w->b.y : y1;
    }
    const int64_t W = (int64_t)s->width * GG__WALL_UNIT, H = (int64_t)s->height * GG__WALL_UNIT;
    if (x0 > x1 || x0 < 0 || y0 < 0 || x1 > W || y1 > H)
        return g; /* no wall, or one off the map (then no mesh) */
    const int64_t side = (x1 - x0 > y1 - y0 ? x1 - x0 : y1 - y0) / GG__WALL_UNIT + 1;
    const int64_t cells = (side + GRID_SIDE - 1) / GRID_SIDE;
    g.step = (cells > GRID_CELLS ? cells : GRID_CELLS) * GG__WALL_UNIT;
    /* The box snapped outwards to the grid's lines (multiples of the step), within the map. */
    g.x0 = x0 / g.step * g.step;
    g.y0 = y0 / g.step * g.step;
    g.nx = (int32_t)((x1 + g.step - 1) / g.step - g.x0 / g.step + 1);
    g.ny = (int32_t)((y1 + g.step - 1) / g.step - g.y0 / g.step + 1);
    while (g.x0 + (g.nx - 1) * g.step > W)
        g.nx--;
    while (g.y0 + (g.ny - 1) * g.step > H)
        g.ny--;
    return g;
}

/* The vertices, sorted and distinct, into m->vert (keys: their point_key()s, kept for
 * vertex_of()). False when a wall leaves the map or memory runs out. */
static bool collect_vertices(builder *bd, uint64_t **keys_out, size_t *keys_cap)
{
    gg_scene *s = bd->s;
    gg__wall_mesh *m = bd->m;
    const int32_t W = s->width * GG__WALL_UNIT, H = s->height * GG__WALL_UNIT;
    size_t n = 4;
    for (uint32_t k = 0; k < s->wall_slots; ++k) {
        const gg__wall *w = &s->walls[k];
        if (!wall_counts(w))
            continue;
        if (w->a.x < 0 || w->a.y < 0 || w->b.x < 0 || w->b.y < 0 || w->a.x > W || w->b.x > W ||
            w->a.y > H || w->b.y > H)
            return false; /* the mesh covers the map: a wall beyond it has no place in it */
        n += 2;
    }
    const gg__mesh_grid grid = gg__wall_mesh_grid(s);
    n += (size_t)grid.nx * (size_t)grid.ny;
    uint64_t *keys = (uint64_t *)balloc(bd, n, sizeof *keys);
    if (keys == NULL)
        return false;
    *keys_out = keys;
    *keys_cap = n;
    size_t k = 0;
    const gg_hpoint corners[4] = {{0, 0}, {W, 0}, {W, H}, {0, H}};
    for (int c = 0; c < 4; ++c)
        keys[k++] = point_key(corners[c]);
    for (int32_t j = 0; j < grid.ny; ++j)
        for (int32_t i = 0; i < grid.nx; ++i) {
            const gg_hpoint g = {(int32_t)(grid.x0 + i * grid.step),
                                 (int32_t)(grid.y0 + j * grid.step)};
            keys[k++] = point_key(g);
        }
    for (uint32_t i = 0; i < s->wall_slots; ++i) {
        const gg__wall *w = &s->walls[i];
        if (!wall_counts(w))
            continue;
        keys[k++] = point_key(w->a);
        keys[k++] = point_key(w->b);
    }
    qsort(keys, n, sizeof *keys, cmp_u64);
    size_t u = 0;
    for (size_t i = 0; i < n; ++i)
        if (u == 0 || keys[i] != keys[u - 1])
            keys[u++] = keys[i];
    m->vert = (gg_hpoint *)balloc(bd, u, sizeof *m->vert);
    if (m->vert == NULL)
        return false;
    m->vert_cap = u;
    m->nv = (uint32_t)u;
    for (size_t i = 0; i < u; ++i) {
        m->vert[i].x = (int32_t)(keys[i] >> 32);
        m->vert[i].y = (int32_t)(uint32_t)keys[i];
    }
    return true;
}

/* The Delaunay triangulation of the vertices: the rectangle's two triangles, then every other
 * vertex in Hilbert order. */
static bool triangulate(builder *bd, const uint64_t *keys)
{
    gg_scene *s = bd->s;
    gg__wall_mesh *m = bd->m;
    const int64_t W = (int64_t)s->width * GG__WALL_UNIT, H = (int64_t)s->height * GG__WALL_UNIT;
    m->tri_cap = 2u * (size_t)m->nv;
    m->tri = (gg__mesh_tri *)balloc(bd, m->tri_cap, sizeof *m->tri);
    bd->vt_cap = m->nv;
    bd->vt = (uint32_t *)balloc(bd, bd->vt_cap, sizeof *bd->vt);
    if (m->tri == NULL || bd->vt == NULL)
        return false;
    const gg_hpoint corner[4] = {{0, 0},
                                 {(int32_t)W, 0},
                                 {(int32_t)W, (int32_t)H},
                                 {0, (int32_t)H}};
    uint32_t cv[4];
    for (int c = 0; c < 4; ++c)
        cv[c] = vertex_of(keys, m->nv, corner[c]);
    /* (0,0) (W,0) (W,H) is counter-clockwise in the mesh's sense: cross((W,0), (W,H)) > 0. */
    set_tri(&m->tri[0], cv[0], cv[1], cv[2], NONE, NONE, 1, NONE, NONE, NONE);
    set_tri(&m->tri[1], cv[0], cv[2], cv[3], 0, NONE, NONE, NONE, NONE, NONE);
    m->nt = 2;
    for (int c = 0; c < 4; ++c)
        bd->vt[cv[c]] = c == 1 ? 0 : (c == 3 ? 1 : 0);
    if (m->nv == 4)
        return true;
    if (m->nv >= (1u << 26))
        return false; /* the insertion order packs a vertex in 26 bits (walls: at most 2^24) */
    size_t order_n = m->nv - 4u;
    uint64_t *order = (uint64_t *)balloc(bd, order_n, sizeof *order);
    if (order == NULL)
        return false;
    size_t k = 0;
    for (uint32_t v = 0; v < m->nv; ++v) {
        if (v == cv[0] || v == cv[1] || v == cv[2] || v == cv[3])
            continue;
        const uint32_t hx = (uint32_t)((int64_t)m->vert[v].x * 65535 / W);
        const uint32_t hy = (uint32_t)((int64_t)m->vert[v].y * 65535 / H);
        order[k++] = (uint64_t)(63 - brio_round(v)) << 58 | (uint64_t)hilbert(hx, hy) << 26 | v;
    }
    qsort(order, order_n, sizeof *order, cmp_u64);
    uint32_t hint = 0;
    for (size_t i = 0; i < order_n && !bd->fail; ++i)
        insert_point(bd, (uint32_t)(order[i] & ((1u << 26) - 1u)), &hint);
    gg__free_array(&s->alloc, order, order_n, sizeof *order);
    return !bd->fail;
}

/* The wall lists of the constraints (counting sort of the (constraint, wall) pairs). */
static bool build_lists(builder *bd)
{
    gg__wall_mesh *m = bd->m;
    m->con_cap = (size_t)m->nc + 1u;
    m->con_start = (uint32_t *)balloc(bd, m->con_cap, sizeof *m->con_start);
    m->conw_cap = bd->pairs_n > 0 ? bd->pairs_n : 1;
    m->con_wall = (uint32_t *)balloc(bd, m->conw_cap, sizeof *m->con_wall);
    if (m->con_start == NULL || m->con_wall == NULL)
        return false;
    for (size_t i = 0; i < bd->pairs_n; ++i)
        m->con_start[(bd->pairs[i] >> 32) + 1]++;
    for (uint32_t k = 0; k < m->nc; ++k)
        m->con_start[k + 1] += m->con_start[k];
    /* Filling uses con_start[k] as constraint k's cursor, then shifts back (as wall_index.c). */
    for (size_t i = 0; i < bd->pairs_n; ++i)
        m->con_wall[m->con_start[bd->pairs[i] >> 32]++] = (uint32_t)bd->pairs[i];
    for (uint32_t k = m->nc; k > 0; --k)
        m->con_start[k] = m->con_start[k - 1];
    m->con_start[0] = 0;
    return true;
}

/* A triangle near each seed cell: one that has a vertex in the cell, else the one holding the
 * cell's centre (clamped to the map), found by walking from the cell before in serpentine order.
 * A walk is cut after SEED_STEPS (slivers, such as the fans a long row of collinear wall ends
 * makes with the map's corners, can make it long) and then the cell keeps the triangle it
 * started from: any triangle is a correct seed, a far one only a slower locate. So seeds cost
 * O(cells + vertices) and never fail the build. */
#define SEED_STEPS 16u
static bool build_seeds(builder *bd)
{
    gg_scene *s = bd->s;
    gg__wall_mesh *m = bd->m;
    /* The index's buckets, coarsened (by halving their count along each side) until there are
     * at most about four per vertex: a map of few walls needs few seeds (a 1024 x 1024 map has a
     * million buckets), and the triangles of open ground are the grid's size anyway. */
    int32_t shift = bd->grid->bucket_shift + 10; /* GG__WALL_UNIT = 2^10 */
    const int64_t W = (int64_t)s->width * GG__WALL_UNIT, H = (int64_t)s->height * GG__WALL_UNIT;
    int64_t bw = (W >> shift) + 1, bh = (H >> shift) + 1;
    while (bw * bh > 4 * (int64_t)m->nv + 64) {
        ++shift;
        bw = (W >> shift) + 1, bh = (H >> shift) + 1;
    }
    const int64_t size = (int64_t)1 << shift;
    m->seed_shift = shift;
    m->sbw = (int32_t)bw;
    m->sbh = (int32_t)bh;
    m->seed_cap = (size_t)bw * (size_t)bh;
    m->seed = (uint32_t *)balloc(bd, m->seed_cap, sizeof *m->seed);
    if (m->seed == NULL)
        return false;
    for (size_t b = 0; b < m->seed_cap; ++b)
        m->seed[b] = NONE;
    for (uint32_t v = 0; v < m->nv; ++v) {
        const int64_t bi = m->vert[v].x >> shift, bj = m->vert[v].y >> shift;
        uint32_t *seed = &m->seed[(size_t)bj * (size_t)bw + (size_t)bi];
        if (*seed == NONE)
            *seed = bd->vt[v];
    }
    uint32_t t = 0;
    for (int64_t j = 0; j < bh; ++j)
        for (int64_t ii = 0; ii < bw; ++ii) {
            const int64_t i = (j & 1) ? bw - 1 - ii : ii;
            uint32_t *seed = &m->seed[(size_t)j * (size_t)bw + (size_t)i];
            if (*seed != NONE) {
                t = *seed;
                continue;
            }
            const int64_t x = (int64_t)i * size + size / 2, y = (int64_t)j * size + size / 2;
            gg_hpoint p;
            p.x = (int32_t)(x < W ? x : W);
            p.y = (int32_t)(y < H ? y : H);
            int where;
            const uint32_t found = walk(m, NULL, t, p, &where, SEED_STEPS);
            if (found != NONE)
                t = found;
            *seed = t;
        }
    return true;
}

gg_status gg__wall_mesh_build_into(gg_scene *s, const gg__wall_index *grid, gg__wall_mesh *m)
{
    memset(m, 0, sizeof *m);
    if ((int64_t)s->width * GG__WALL_UNIT > COORD_LIMIT ||
        (int64_t)s->height * GG__WALL_UNIT > COORD_LIMIT)
        return GG_OK;
    builder bd;
    memset(&bd, 0, sizeof bd);
    bd.s = s;
    bd.m = m;
    bd.grid = grid;
    uint64_t *keys = NULL;
    size_t keys_cap = 0;
    uint64_t items = 0;
    for (uint32_t k = 0; k < s->wall_slots; ++k)
        items += wall_counts(&s->walls[k]) ? 3u : 0u; /* two ends and the wall */
    const gg__mesh_grid steiner = gg__wall_mesh_grid(s);
    items += (uint64_t)steiner.nx * (uint64_t)steiner.ny; /* the grid's points */
    bd.work_limit = WORK_PER_ITEM * items + WORK_BASE;
    bool ok = collect_vertices(&bd, &keys, &keys_cap) && triangulate(&bd, keys);
    /* Each wall starts from its end with fewer walls (ends[v]: the walls ending at v): turning
     * around a vertex costs its degree, so a fan of walls through one point is entered from its
     * far ends. */
    uint32_t *ends = NULL;
    const size_t ends_cap = ok ? m->nv : 0;
    if (ok) {
        ends = (uint32_t *)balloc(&bd, ends_cap, sizeof *ends);
        ok = ends != NULL;
    }
    for (uint32_t k = 0; ok && k < s->wall_slots; ++k)
        if (wall_counts(&s->walls[k])) {
            ends[vertex_of(keys, m->nv, s->walls[k].a)]++;
            ends[vertex_of(keys, m->nv, s->walls[k].b)]++;
        }
    for (uint32_t k = 0; ok && k < s->wall_slots && !bd.fail; ++k) {
        const gg__wall *w = &s->walls[k];
        if (!wall_counts(w))
            continue;
        const uint32_t va = vertex_of(keys, m->nv, w->a), vb = vertex_of(keys, m->nv, w->b);
        if (ends[va] <= ends[vb])
            insert_wall(&bd, va, vb, k);
        else
            insert_wall(&bd, vb, va, k);
    }
    gg__free_array(&s->alloc, ends, ends_cap, sizeof *ends);
    ok = ok && !bd.fail;
    if (ok) {
        /* The edges Sloan's flips made (pushed by flip_away()), then whatever their flips
         * disturb: a triangle no flip touched is as the Delaunay triangulation left it. */
        legalize(&bd, false);
        ok = !bd.fail && build_lists(&bd) && build_seeds(&bd) &&
             (bd.loose_n == 0 || build_loose(&bd, keys)) && !bd.fail;
    }
    gg__free_array(&s->alloc, keys, keys_cap, sizeof *keys);
    gg__free_array(&s->alloc, bd.vt, bd.vt_cap, sizeof *bd.vt);
    gg__free_array(&s->alloc, bd.stack, bd.stack_cap, sizeof *bd.stack);
    gg__free_array(&s->alloc, bd.pairs, bd.pairs_cap, sizeof *bd.pairs);
    gg__free_array(&s->alloc, bd.queue, bd.q_cap, sizeof *bd.queue);
    gg__free_array(&s->alloc, bd.loose, bd.loose_cap, sizeof *bd.loose);
    if (!ok) {
        gg__wall_mesh_release(s, m);
        return bd.oom ? GG_E_NO_MEMORY : GG_OK;
    }
    m->valid = bd.loose_n == 0;
    m->loose = bd.loose_n > 0;
    return GG_OK;
}

void gg__wall_mesh_build(gg_scene *s)
{
    gg__wall_mesh m;
    (void)gg__wall_mesh_build_into(s, &s->index, &m);
    gg__wall_mesh_free(s);
    s->mesh = m;
}

bool gg__wall_mesh_usable(const gg_scene *s) { return s->mesh.valid; }

bool gg__wall_mesh_usable_loose(const gg_scene *s) { return s->mesh.valid || s->mesh.loose; }

uint32_t gg__wall_mesh_locate(const gg_scene *s, gg_hpoint p, int *where)
{
    const gg__wall_mesh *m = &s->mesh;
    const int64_t W = (int64_t)s->width * GG__WALL_UNIT, H = (int64_t)s->height * GG__WALL_UNIT;
    if (!gg__wall_mesh_usable_loose(s) || p.x < 0 || p.y < 0 || p.x > W || p.y > H)
        return NONE;
    const int32_t bi = p.x >> m->seed_shift, bj = p.y >> m->seed_shift; /* within sbw, sbh */
    uint32_t t = walk(m, NULL, m->seed[(size_t)bj * (size_t)m->sbw + (size_t)bi], p, where,
                      LOCATE_STEPS);
    if (t != NONE)
        return t;
    /* The walk was cut short (see LOCATE_STEPS): every triangle. */
    for (t = 0; t < m->nt; ++t) {
        const gg__mesh_tri *T = &m->tri[t];
        int64_t o[3];
        for (uint32_t i = 0; i < 3; ++i)
            o[i] = orient(m->vert[T->v[i]], m->vert[T->v[nx3(i)]], p);
        if (o[0] < 0 || o[1] < 0 || o[2] < 0)
            continue;
        *where = where_in(o);
        return t;
    }
    return NONE;
}

size_t gg__wall_mesh_bytes(const gg_scene *s)
{
    const gg__wall_mesh *m = &s->mesh;
    return m->vert_cap * sizeof *m->vert + m->tri_cap * sizeof *m->tri +
           m->con_cap * sizeof *m->con_start + m->conw_cap * sizeof *m->con_wall +
           m->seed_cap * sizeof *m->seed + (m->loose_cap + m->loosew_cap) * sizeof(uint32_t);
}
