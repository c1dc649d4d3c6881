/* cover_corners3d.c - Ikosa-style corner cover in 3-D (docs/cover.md): point sets over cell
 * columns with floor and ceiling heights, face culling (4/6/7 points), the same-level melee
 * adjustment, the downward exclusion for supported attackers, the absolute
 * low-point boost with its omission rule, and reach/ranged lines from one aim point to the
 * whole target. Layer: topology.
 *
 * Stack: nothing here is sized by the point sets. Target points are generated one at a time
 * (with their duplicates found by looking at the few voxels that share a plan corner), each
 * line is scored as it is decided into small per-cell counters, and the winner's lines are
 * decided again straight into the caller's buffer. */
#include "topology/cover/cover_internal.h"

#include <string.h>

enum { F_XLO = 1, F_XHI = 2, F_YLO = 4, F_YHI = 8, F_ZLO = 16, F_ZHI = 32 };

/* Voxels of a body: one best_cell counter each, one bit each in a point's voxel mask. */
#define GG__MAX_VOXELS (GG__COVER_MAX_SIDE * GG__COVER_MAX_SIDE * GG__COVER_MAX_SIDE)
_Static_assert(GG__MAX_VOXELS <= 64, "a voxel mask is 64 bits");

typedef struct vox {
    int32_t i, j, k;
} vox;

typedef struct region {
    int32_t i0, j0, k0, n;
    int64_t body_u; /* body height, z units */
} region;

typedef struct column {
    int64_t zlo, zhi;
    bool ok;
} column;

static int64_t fdiv(int64_t n, int64_t d)
{
    int64_t q = n / d;
    if ((n % d != 0) && ((n < 0) != (d < 0)))
        --q;
    return q;
}

/* The passable part of voxel v: [max(k L, floor), min((k+1) L, ceiling)] (the sliver). */
static column column_of(const gg__cq *q, vox v)
{
    column c;
    c.ok = false;
    c.zlo = (int64_t)v.k * q->layer_u;
    c.zhi = c.zlo + q->layer_u;
    gg_cell cell = gg_cell_make(v.i, v.j);
    if (!gg__in(q->s, cell) || gg__blocked(q->s, cell))
        return c;
    size_t idx = gg__idx(q->s, cell);
    int64_t fl = gg__cq_floor_u(q, idx), ce;
    if (fl > c.zlo)
        c.zlo = fl;
    if (gg__cq_ceiling_u(q, idx, &ce) && ce < c.zhi)
        c.zhi = ce;
    c.ok = c.zlo < c.zhi;
    return c;
}

static region region_of(const gg__cq *q, const gg_body *b)
{
    region r;
    r.i0 = b->cell.col;
    r.j0 = b->cell.row;
    r.n = gg__side_of(b->size);
    r.k0 = (int32_t)fdiv((int64_t)b->base_in * GG__ZU, q->layer_u);
    r.body_u = b->height_in > 0 ? (int64_t)b->height_in * GG__ZU : (int64_t)r.n * q->layer_u;
    return r;
}

static bool region_has(const region *r, vox v)
{
    return v.i >= r->i0 && v.i < r->i0 + r->n && v.j >= r->j0 && v.j < r->j0 + r->n &&
           v.k >= r->k0 && v.k < r->k0 + r->n;
}

static vox region_vox(const region *r, int32_t idx) /* (k, y, x) order */
{
    vox v;
    v.i = r->i0 + idx % r->n;
    v.j = r->j0 + (idx / r->n) % r->n;
    v.k = r->k0 + idx / (r->n * r->n);
    return v;
}

/* The faces of v that face a voxel at o: o above on an axis -> v's high face. */
static unsigned facing(vox v, vox o)
{
    unsigned f = 0;
    f |= o.i > v.i ? F_XHI : (o.i < v.i ? F_XLO : 0);
    f |= o.j > v.j ? F_YHI : (o.j < v.j ? F_YLO : 0);
    f |= o.k > v.k ? F_ZHI : (o.k < v.k ? F_ZLO : 0);
    return (unsigned)f;
}

static unsigned corner_faces(int c)
{
    return (unsigned)(((c & 1) ? F_XHI : F_XLO) | ((c & 2) ? F_YHI : F_YLO) |
                      ((c & 4) ? F_ZHI : F_ZLO));
}

static int popcount6(unsigned f)
{
    int n = 0;
    for (unsigned b = 1; b < 64; b <<= 1)
        n += (f & b) != 0;
    return n;
}

static unsigned exterior(const region *r, vox v)
{
    unsigned e = 0;
    vox n;
    n = v;
    n.i--;
    if (!region_has(r, n))
        e |= F_XLO;
    n = v;
    n.i++;
    if (!region_has(r, n))
        e |= F_XHI;
    n = v;
    n.j--;
    if (!region_has(r, n))
        e |= F_YLO;
    n = v;
    n.j++;
    if (!region_has(r, n))
        e |= F_YHI;
    n = v;
    n.k--;
    if (!region_has(r, n))
        e |= F_ZLO;
    n = v;
    n.k++;
    if (!region_has(r, n))
        e |= F_ZHI;
    return e;
}

/* An eps-point: c inset toward the box centre m (direction 2 (m - c)). */
static gg__ep inset(int64_t x, int64_t y, int64_t z, int64_t x0, int64_t x1, int64_t y0, int64_t y1,
                    int64_t z0, int64_t z1)
{
    gg__ep p;
    p.x = gg__ev_make(x, x0 + x1 - 2 * x);
    p.y = gg__ev_make(y, y0 + y1 - 2 * y);
    p.z = gg__ev_make(z, z0 + z1 - 2 * z);
    return p;
}

/* The target point set for source voxel a, generated point by point. Raw points
 * come in the order (voxel index, plan corner, slot); the set keeps the first raw point of each
 * position, and its voxel mask (for best_cell) collects the voxels of every raw point there.
 * This is the order and the masks of a list built by appending raw points and merging
 * duplicates into the earlier entry. */
typedef struct tgen {
    const gg__cq *q;
    const region *R;
    vox a;
    int64_t boost;   /* the low-point boost, z units */
    int64_t bbox[6]; /* x0, x1, y0, y1 (the footprint), z0, z1 (its passable columns) */
    /* Per target plan cell (row-major in the footprint): passable at all, ground, ceiling. */
    uint16_t open;
    int64_t floor_u[GG__COVER_MAX_SIDE * GG__COVER_MAX_SIDE];
    int64_t ceiling_u[GG__COVER_MAX_SIDE * GG__COVER_MAX_SIDE];
    /* Per target voxel, for the current source voxel a: the exterior faces facing a (0 when
     * the column is not passable), and VF_BOOST when the low-point boost applies. */
    uint8_t vf[GG__MAX_VOXELS];
} tgen;
enum { VF_BOOST = 64 };
_Static_assert(GG__COVER_MAX_SIDE *GG__COVER_MAX_SIDE <= 16, "tgen.open is 16 bits");

/* column_of() for a voxel of the target, from the cached plan cell. */
static column tgen_column(const tgen *g, vox v)
{
    column c;
    int32_t cell = (v.j - g->R->j0) * g->R->n + (v.i - g->R->i0);
    c.zlo = (int64_t)v.k * g->q->layer_u;
    c.zhi = c.zlo + g->q->layer_u;
    c.ok = false;
    if (((g->open >> cell) & 1u) == 0)
        return c;
    if (g->floor_u[cell] > c.zlo)
        c.zlo = g->floor_u[cell];
    if (g->ceiling_u[cell] < c.zhi)
        c.zhi = g->ceiling_u[cell];
    c.ok = c.zlo < c.zhi;
    return c;
}

static void tgen_init(tgen *g, const gg__cq *q, const region *R)
{
    g->q = q;
    g->R = R;
    g->boost = (int64_t)q->def->boost_pct * R->body_u / 100;
    g->open = 0;
    for (int32_t j = 0; j < R->n; ++j)
        for (int32_t i = 0; i < R->n; ++i) {
            int32_t cell = j * R->n + i;
            gg_cell c = gg_cell_make(R->i0 + i, R->j0 + j);
            g->floor_u[cell] = 0;
            g->ceiling_u[cell] = INT64_MAX;
            if (!gg__in(q->s, c) || gg__blocked(q->s, c))
                continue;
            g->open |= (uint16_t)(1u << cell);
            size_t idx = gg__idx(q->s, c);
            g->floor_u[cell] = gg__cq_floor_u(q, idx);
            int64_t ce;
            if (gg__cq_ceiling_u(q, idx, &ce))
                g->ceiling_u[cell] = ce;
        }
    g->bbox[0] = (int64_t)R->i0 * GG__PU;
    g->bbox[1] = ((int64_t)R->i0 + R->n) * GG__PU;
    g->bbox[2] = (int64_t)R->j0 * GG__PU;
    g->bbox[3] = ((int64_t)R->j0 + R->n) * GG__PU;
    g->bbox[4] = INT64_MAX;
    g->bbox[5] = INT64_MIN;
    int32_t nv = R->n * R->n * R->n;
    for (int32_t vi = 0; vi < nv; ++vi) {
        column c = tgen_column(g, region_vox(R, vi));
        if (!c.ok)
            continue;
        if (c.zlo < g->bbox[4])
            g->bbox[4] = c.zlo;
        if (c.zhi > g->bbox[5])
            g->bbox[5] = c.zhi;
    }
}

/* Aims the generator at source voxel a. */
static void tgen_aim(tgen *g, vox a)
{
    const region *R = g->R;
    int32_t nv = R->n * R->n * R->n;
    g->a = a;
    for (int32_t vi = 0; vi < nv; ++vi) {
        vox v = region_vox(R, vi);
        unsigned f = facing(v, a);
        unsigned e = tgen_column(g, v).ok ? f & exterior(R, v) : 0;
        bool upward = (f & F_ZLO) != 0;
        if (e != 0 && v.k == R->k0 && !upward)
            e |= VF_BOOST;
        g->vf[vi] = (uint8_t)e;
    }
}

/* The heights of the raw points at plan corner pc (0..3) of a target voxel with flags e
 * (tgen.vf, non-zero) and column c, in order; returns how many (0..2). Two raw points of one
 * voxel and corner never share a height. */
static int raw_heights_in(const tgen *g, unsigned e, column c, int pc, int64_t z[2])
{
    bool bot = (corner_faces(pc) & e) != 0, top = (corner_faces(pc | 4) & e) != 0;
    int n = 0;
    if ((e & VF_BOOST) != 0) {
        /* Low-point boost: the top, and the bottom lifted by an absolute b only
         * when the column is longer than b; otherwise the bottom is omitted. */
        if (top)
            z[n++] = c.zhi;
        if (top && bot && c.zhi - c.zlo > g->boost)
            z[n++] = c.zlo + g->boost;
        if (!top && bot)
            z[n++] = c.zlo;
    } else {
        if (bot)
            z[n++] = c.zlo;
        if (top)
            z[n++] = c.zhi;
    }
    return n;
}

/* The same for target voxel vi (= v). */
static int raw_heights(const tgen *g, int32_t vi, vox v, int pc, int64_t z[2])
{
    unsigned e = g->vf[vi];
    return e == 0 ? 0 : raw_heights_in(g, e, tgen_column(g, v), pc, z);
}

/* For the raw point of voxel vi (= v) at plan corner pc and height z: whether no earlier raw
 * point has its position (only voxels sharing the plan corner can), and when want_mask, in
 * *mask the voxels of all raw points at that position (else only vi's). */
static bool first_at(const tgen *g, int32_t vi, vox v, int pc, int64_t z, bool want_mask,
                     uint64_t *mask)
{
    const region *R = g->R;
    int32_t cx = v.i + (pc & 1), cy = v.j + (pc >> 1); /* the plan corner, in cells */
    /* Every raw height of layer k lies in [k L, (k+1) L]: at most two layers hold z. */
    int64_t kz = fdiv(z, g->q->layer_u) - R->k0;
    int32_t klo = (int32_t)(kz - 1 > 0 ? kz - 1 : 0);
    int32_t khi = (int32_t)(kz < R->n - 1 ? kz : R->n - 1);
    uint64_t m = (uint64_t)1 << vi;
    for (int32_t k = klo; k <= khi; ++k)
        for (int pc2 = 0; pc2 < 4; ++pc2) {
            vox w;
            w.i = cx - (pc2 & 1);
            w.j = cy - (pc2 >> 1);
            w.k = R->k0 + k;
            if (w.i < R->i0 || w.i >= R->i0 + R->n || w.j < R->j0 || w.j >= R->j0 + R->n)
                continue;
            int32_t wi = (k * R->n + (w.j - R->j0)) * R->n + (w.i - R->i0);
            if (wi == vi || (wi > vi && !want_mask))
                continue;
            int64_t zz[2];
            int nz = raw_heights(g, wi, w, pc2, zz);
            for (int s = 0; s < nz; ++s)
                if (zz[s] == z) {
                    if (wi < vi)
                        return false;
                    m |= (uint64_t)1 << wi;
                }
        }
    *mask = m;
    return true;
}

/* Counts of a line set. */
typedef struct cset {
    int32_t n, nh, nq, nt, bad, wmax;
    bool soft_only, any_hard, visible;
    gg_cover degree;
    gg_cover_obstruction obstruction;
} cset;

/* The same counts, compact, as lines are added (bad = nt; at most 512 lines). */
typedef struct cnt {
    uint16_t n, nh, nq, nt;
    uint8_t wmax;
    bool soft_only, any_hard, visible;
} cnt;

static void cnt_add(cnt *s, const gg__lres *r, bool allow_soft)
{
    s->n++;
    if (r->cap >= GG_COVER_HALF)
        s->nh++;
    if (r->cap >= GG_COVER_THREE_QUARTERS)
        s->nq++;
    if (r->cap == GG_COVER_TOTAL) {
        s->nt++;
    } else {
        uint8_t w = r->cap_nc == GG_COVER_THREE_QUARTERS      ? 9
                    : r->cap_nc == GG_COVER_HALF              ? 5
                    : (r->cap >= GG_COVER_HALF && allow_soft) ? 5
                                                              : 0;
        if (w > s->wmax)
            s->wmax = w;
    }
    if (r->cap >= GG_COVER_HALF && r->cap_nc == GG_COVER_NONE)
        s->soft_only = true;
    if (r->cap_nc >= GG_COVER_HALF)
        s->any_hard = true;
    if (!r->sight)
        s->visible = true;
}

static void cset_score(cset *s, const cnt *k)
{
    memset(s, 0, sizeof *s);
    s->n = k->n;
    s->nh = k->nh;
    s->nq = k->nq;
    s->nt = k->nt;
    s->bad = k->nt;
    s->wmax = k->wmax;
    s->soft_only = k->soft_only;
    s->any_hard = k->any_hard;
    s->visible = k->visible;
    s->degree = gg__degree_5e(s->n, s->nh, s->nq, s->nt);
    s->obstruction = gg__obstruction(s->n, s->bad, s->wmax);
}

/* The shared ranking, gg__cover_rank_cmp(). */
static int cset_cmp(const cset *a, const cset *b, bool by_obstruction)
{
    const int32_t ka[5] = {(int32_t)a->obstruction, (int32_t)a->degree, a->nh, a->nq, a->nt};
    const int32_t kb[5] = {(int32_t)b->obstruction, (int32_t)b->degree, b->nh, b->nq, b->nt};
    return gg__cover_rank_cmp(ka, kb, by_obstruction);
}

/* Source choices, in iteration order: kind 0 = fixed point, 1 = a corner of an
 * attacker voxel column, 2 = a melee pair (3.5). */
typedef struct choice {
    int kind;
    vox s, t;
    int corner;
} choice;

typedef struct best {
    bool have;
    cset c;
    choice ch;
    int32_t subset; /* best_cell: the target voxel index, else -1 */
} best;

static gg__ep origin_point(const gg__cq *q, const region *A, vox *out_vox)
{
    const gg_cover_point *o = q->def->origin;
    int64_t x = o->x, y = o->y, z = (int64_t)o->z_in * GG__ZU;
    int64_t i1 = fdiv(x, GG__PU), j1 = fdiv(y, GG__PU), k1 = fdiv(z, q->layer_u);
    int64_t i0 = x % GG__PU == 0 ? i1 - 1 : i1, j0 = y % GG__PU == 0 ? j1 - 1 : j1;
    int64_t k0 = z % q->layer_u == 0 ? k1 - 1 : k1;
    vox pick = {(int32_t)i1, (int32_t)j1, (int32_t)k1};
    bool found = false;
    for (int64_t k = k0; k <= k1 && !found; ++k)
        for (int64_t j = j0; j <= j1 && !found; ++j)
            for (int64_t i = i0; i <= i1 && !found; ++i) {
                vox v = {(int32_t)i, (int32_t)j, (int32_t)k};
                if (region_has(A, v)) {
                    pick = v;
                    found = true;
                }
            }
    *out_vox = pick;
    column c = column_of(q, pick);
    int64_t zlo = c.ok ? c.zlo : (int64_t)pick.k * q->layer_u;
    int64_t zhi = c.ok ? c.zhi : zlo + q->layer_u;
    return inset(x, y, z, (int64_t)pick.i * GG__PU, ((int64_t)pick.i + 1) * GG__PU,
                 (int64_t)pick.j * GG__PU, ((int64_t)pick.j + 1) * GG__PU, zlo, zhi);
}

static gg__ep column_corner(vox v, column c, int corner)
{
    int64_t x0 = (int64_t)v.i * GG__PU, y0 = (int64_t)v.j * GG__PU;
    int64_t x = x0 + ((corner & 1) ? GG__PU : 0), y = y0 + ((corner & 2) ? GG__PU : 0);
    int64_t z = (corner & 4) ? c.zhi : c.zlo;
    return inset(x, y, z, x0, x0 + GG__PU, y0, y0 + GG__PU, c.zlo, c.zhi);
}

/* MELEE_ALL_PAIRS points. */
static int32_t melee_points(const gg__cq *q, const gg_body *att, vox s, vox t, gg__ep *sp,
                            int32_t *ns, gg__ep *tp, int32_t *nt, bool *higher)
{
    const gg_cover_def *def = q->def;
    column cs = column_of(q, s), ct = column_of(q, t);
    *ns = *nt = 0;
    *higher = false;
    if (!cs.ok || !ct.ok)
        return 0;
    unsigned fs = facing(s, t), ft = facing(t, s);
    bool level = s.k == t.k;
    bool down = t.k < s.k && popcount6(fs) > 1 && att->supported;
    if (down)
        fs &= ~(unsigned)F_ZLO;
    bool adjust = level || (down && def->adjust_on_downward);
    int64_t len = cs.zhi - cs.zlo;
    int64_t x0 = (int64_t)s.i * GG__PU, y0 = (int64_t)s.j * GG__PU;
    for (int pc = 0; pc < 4; ++pc) {
        int64_t x = x0 + ((pc & 1) ? GG__PU : 0), y = y0 + ((pc & 2) ? GG__PU : 0);
        bool bot = (corner_faces(pc) & fs) != 0, top = (corner_faces(pc | 4) & fs) != 0;
        if (adjust) {
            if (bot && top) {
                int64_t zt = cs.zlo + (int64_t)def->melee_top_pct * len / 100;
                int64_t zb = cs.zlo + (int64_t)def->melee_bottom_pct * len / 100;
                sp[(*ns)++] = inset(x, y, zt, x0, x0 + GG__PU, y0, y0 + GG__PU, cs.zlo, cs.zhi);
                sp[(*ns)++] = inset(x, y, zb, x0, x0 + GG__PU, y0, y0 + GG__PU, cs.zlo, cs.zhi);
            }
        } else {
            if (bot)
                sp[(*ns)++] = column_corner(s, cs, pc);
            if (top)
                sp[(*ns)++] = column_corner(s, cs, pc | 4);
        }
    }
    *higher = (ft & F_ZHI) != 0;
    for (int c = 0; c < 8; ++c) {
        unsigned on = corner_faces(c) & ft;
        if (on == 0)
            continue;
        if (down && (ft & F_ZHI) != 0) {
            int nf = popcount6(ft);
            if (nf == 2 && (on & F_ZHI) == 0)
                continue; /* edge-adjacent and down: the top face only */
            if (nf == 3 && popcount6(on) == 2 && (on & F_ZHI) == 0)
                continue; /* corner-adjacent and down: drop the near edge's bottom corner */
        }
        tp[(*nt)++] = column_corner(t, ct, c);
    }
    return *ns * *nt;
}

/* Where the lines of one choice go: into per-cell counters (scoring), or decided again into
 * the witness report (the caller's line buffer). */
typedef struct sink {
    int32_t n; /* lines of the choice (report: lines of the witness subset) */
    /* scoring */
    bool allow_soft;
    int32_t nsub; /* best_cell: one counter per target voxel; else 1 (every line) */
    cnt *sub;
    /* report */
    bool report;
    uint64_t mask; /* best_cell: the winning voxel's bit; 0 = every line */
    bool origin;   /* the source is a fixed point: its cell is the point's */
    gg_cover_result *out;
    gg_cover_line *lines;
    int32_t cap;
} sink;

static gg_status emit(const gg__cq *q, sink *k, const gg__ep *src, const gg__ep *dst,
                      uint64_t vmask)
{
    gg__lres r;
    gg_status st;
    if (k->report) {
        if (k->mask != 0 && (vmask & k->mask) == 0)
            return GG_OK;
        if (k->n == 0) {
            k->out->source.x = (int32_t)src->x.a;
            k->out->source.y = (int32_t)src->y.a;
            k->out->source.z_in = (int32_t)(src->z.a / GG__ZU);
            if (k->origin)
                k->out->source_cell = gg_cell_make((int32_t)fdiv(src->x.a, GG__PU),
                                                   (int32_t)fdiv(src->y.a, GG__PU));
        }
        if (k->n < k->cap) {
            /* The scoring pass decided this very line without error. */
            if ((st = gg__cover_line(q, src, dst, &r)) != GG_OK)
                return st;
            gg__cover_fill_line(q, &k->lines[k->n], src, dst, &r);
        }
        k->n++;
        return GG_OK;
    }
    if ((st = gg__cover_line(q, src, dst, &r)) != GG_OK)
        return st;
    k->n++;
    if (k->nsub == 1) {
        cnt_add(&k->sub[0], &r, k->allow_soft);
    } else {
        for (int32_t sb = 0; sb < k->nsub; ++sb)
            if ((vmask >> sb) & 1u)
                cnt_add(&k->sub[sb], &r, k->allow_soft);
    }
    return GG_OK;
}

/* Decides the lines of one choice, in order, into k; *higher = the higher-ground flag. */
static gg_status run_choice(const gg__cq *q, const gg_body *att, const region *A, tgen *g,
                            const choice *ch, sink *k, bool *higher)
{
    k->n = 0;
    *higher = false;
    gg_status st;
    if (ch->kind == 2) {
        gg__ep sp[8], tp[8];
        int32_t ns, nt;
        (void)melee_points(q, att, ch->s, ch->t, sp, &ns, tp, &nt, higher);
        for (int32_t i = 0; i < ns; ++i)
            for (int32_t j = 0; j < nt; ++j)
                if ((st = emit(q, k, &sp[i], &tp[j], 0)) != GG_OK)
                    return st;
        return GG_OK;
    }
    gg__ep src;
    vox a;
    if (ch->kind == 0) {
        src = origin_point(q, A, &a);
    } else {
        a = ch->s;
        src = column_corner(a, column_of(q, a), ch->corner);
    }
    const region *T = g->R;
    tgen_aim(g, a);
    /* Higher ground: the source voxel is above the whole target. */
    *higher = a.k > T->k0 + T->n - 1;
    bool want_mask = k->nsub > 1 || k->mask != 0;
    int32_t nv = T->n * T->n * T->n;
    for (int32_t vi = 0; vi < nv; ++vi) {
        unsigned e = g->vf[vi];
        if (e == 0)
            continue;
        vox v = region_vox(T, vi);
        column c = tgen_column(g, v);
        for (int pc = 0; pc < 4; ++pc) {
            int64_t z[2];
            int nz = raw_heights_in(g, e, c, pc, z);
            int64_t x = ((int64_t)v.i + (pc & 1)) * GG__PU, y = ((int64_t)v.j + (pc >> 1)) * GG__PU;
            for (int s = 0; s < nz; ++s) {
                uint64_t vmask;
                if (!first_at(g, vi, v, pc, z[s], want_mask, &vmask))
                    continue;
                const int64_t *bb = g->bbox;
                gg__ep dst = inset(x, y, z[s], bb[0], bb[1], bb[2], bb[3], bb[4], bb[5]);
                if ((st = emit(q, k, &src, &dst, vmask)) != GG_OK)
                    return st;
            }
        }
    }
    return GG_OK;
}

static bool regions_overlap(const region *a, const region *b)
{
    return !(a->i0 + a->n <= b->i0 || b->i0 + b->n <= a->i0 || a->j0 + a->n <= b->j0 ||
             b->j0 + b->n <= a->j0 || a->k0 + a->n <= b->k0 || b->k0 + b->n <= a->k0);
}

static bool touching(vox a, vox b)
{
    int32_t di = a.i - b.i, dj = a.j - b.j, dk = a.k - b.k;
    return di >= -1 && di <= 1 && dj >= -1 && dj <= 1 && dk >= -1 && dk <= 1 && (di | dj | dk) != 0;
}

gg_status gg__cover_corners3d(const gg__cq *q, const gg_body *att, const gg_body *tgt,
                              gg_cover_result *out, gg_cover_line *lines, int32_t cap,
                              int32_t *nlines)
{
    const gg_cover_def *def = q->def;
    region A = region_of(q, att), T = region_of(q, tgt);
    *nlines = 0;
    if (regions_overlap(&A, &T))
        return GG_OK; /* the source is inside the target: none */
    bool by_obs = def->choice == GG_COVER_CHOICE_OBSTRUCTION;
    int32_t nva = A.n * A.n * A.n, nvt = T.n * T.n * T.n;
    bool melee_squares = false;
    if (by_obs && def->kind == GG_ATTACK_MELEE && def->origin == NULL)
        for (int32_t x = 0; x < nva && !melee_squares; ++x)
            for (int32_t y = 0; y < nvt && !melee_squares; ++y)
                melee_squares = touching(region_vox(&A, x), region_vox(&T, y));
    bool allow_soft = !melee_squares;
    tgen g;
    tgen_init(&g, q, &T);
    cnt sub[GG__MAX_VOXELS];
    best bst;
    memset(&bst, 0, sizeof bst);
    bst.subset = -1;
    int32_t nchoices = def->origin != NULL ? 1 : (melee_squares ? nva * nvt : nva * 8);
    for (int32_t ci = 0; ci < nchoices; ++ci) {
        choice ch;
        memset(&ch, 0, sizeof ch);
        if (def->origin != NULL) {
            ch.kind = 0;
        } else if (melee_squares) {
            ch.kind = 2;
            ch.s = region_vox(&A, ci / nvt);
            ch.t = region_vox(&T, ci % nvt);
            if (!touching(ch.s, ch.t))
                continue;
        } else {
            ch.kind = 1;
            ch.s = region_vox(&A, ci / 8);
            ch.corner = ci % 8;
            if (!column_of(q, ch.s).ok)
                continue;
        }
        int32_t nsub = (def->best_cell && ch.kind != 2) ? nvt : 1;
        memset(sub, 0, sizeof sub[0] * (size_t)nsub);
        sink k;
        memset(&k, 0, sizeof k);
        k.allow_soft = allow_soft;
        k.nsub = nsub;
        k.sub = sub;
        bool higher;
        gg_status st = run_choice(q, att, &A, &g, &ch, &k, &higher);
        if (st != GG_OK)
            return st;
        if (k.n == 0)
            continue;
        for (int32_t sb = 0; sb < nsub; ++sb) {
            cset c;
            cset_score(&c, &sub[sb]);
            if (c.n == 0)
                continue;
            c.soft_only = c.soft_only && !c.any_hard;
            if (!bst.have || cset_cmp(&c, &bst.c, by_obs) < 0) {
                bst.have = true;
                bst.c = c;
                bst.ch = ch;
                bst.subset = nsub > 1 ? sb : -1;
            }
        }
        if (bst.have && bst.c.nh == 0 && (!by_obs || bst.c.obstruction == GG_OBSTRUCTION_NONE))
            break;
    }
    if (!bst.have) {
        out->degree = GG_COVER_TOTAL;
        out->obstruction = GG_OBSTRUCTION_TOTAL;
        out->flags = (uint32_t)GG_COVER_FLAG_NO_LINES;
        return GG_OK;
    }
    const cset *c = &bst.c;
    out->degree = c->degree;
    out->obstruction = c->obstruction;
    out->flags = 0;
    if (!melee_squares && c->soft_only && c->obstruction != GG_OBSTRUCTION_NONE &&
        c->obstruction != GG_OBSTRUCTION_TOTAL)
        out->flags |= (uint32_t)GG_COVER_FLAG_SOFT;
    if (c->visible)
        out->flags |= (uint32_t)GG_COVER_FLAG_VISIBLE;
    out->lines = c->n;
    out->n_half = c->nh;
    out->n_three_quarters = c->nq;
    out->n_total = c->nt;
    out->source_cell = gg_cell_make(bst.ch.s.i, bst.ch.s.j);
    out->source_corner = bst.ch.kind == 1 ? bst.ch.corner : -1;
    out->target_cell = bst.subset >= 0 ? gg_cell_make(region_vox(&T, bst.subset).i,
                                                      region_vox(&T, bst.subset).j)
                                       : tgt->cell;
    /* Re-run the winner to report its lines (and the source point). */
    sink k;
    memset(&k, 0, sizeof k);
    k.report = true;
    k.mask = bst.subset >= 0 ? (uint64_t)1 << bst.subset : 0;
    k.origin = bst.ch.kind == 0;
    k.out = out;
    k.lines = lines;
    k.cap = cap;
    bool higher;
    gg_status st = run_choice(q, att, &A, &g, &bst.ch, &k, &higher);
    if (st != GG_OK)
        return st;
    if (higher)
        out->flags |= (uint32_t)GG_COVER_FLAG_HIGHER_GROUND;
    *nlines = k.n;
    return GG_OK;
}
