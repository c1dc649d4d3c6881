/* cover_line.c - the exact line predicate of the corner cover modes (docs/cover.md):
 * a line is blocked when it enters a solid, crosses a wall, or is pinched between obstacles that
 * touch it from both sides; touching (tangency) never blocks. Endpoints carry an infinitesimal
 * inset, so every test is the sign of a polynomial in eps. Layer: topology.
 *
 * Stack: the line state holds GG__MAX_CONTACTS packed contacts of 24 bytes (6 KiB), the largest
 * frame of a cover query: a contact keeps each end of its span as the coordinate bound that
 * defines it, and its obstacle in a few bits. */
#include "topology/cover/cover_internal.h"
#include "topology/scene/wall_index.h"

#include <string.h>

/* ---- eps arithmetic ------------------------------------------------------------------------ */

typedef struct q3 {
    int64_t c0, c1, c2;
} q3;

static int sgn64(int64_t v) { return (v > 0) - (v < 0); }
static int ev_sgn(gg__ev v) { return v.a != 0 ? sgn64(v.a) : sgn64(v.b); }
static bool ev_zero(gg__ev v) { return v.a == 0 && v.b == 0; }
static gg__ev ev_sub(gg__ev x, gg__ev y) { return gg__ev_make(x.a - y.a, x.b - y.b); }
static gg__ev ev_neg(gg__ev x) { return gg__ev_make(-x.a, -x.b); }
static gg__ev ev_k(int64_t k) { return gg__ev_make(k, 0); }

/* Walls live on the finer wall lattice (GG__WALL_UNIT per cell, scene_internal.h): the line is
 * scaled up to it in the wall tests rather than the walls down, so both stay exact, and a
 * contact stores its plan ends (x, y) in wall units too (end_tv(), end_of()). */
#define WK (GG__WALL_UNIT / GG__PU)
#if GG__WALL_UNIT % GG_COVER_SUBDIV != 0
#error "the cover plan unit must divide the wall unit"
#endif
static gg__ev ev_scale(gg__ev v, int64_t k) { return gg__ev_make(v.a * k, v.b * k); }
static q3 mul(gg__ev x, gg__ev y)
{
    q3 r = {x.a * y.a, x.a * y.b + x.b * y.a, x.b * y.b};
    return r;
}
static q3 q3_sub(q3 x, q3 y)
{
    q3 r = {x.c0 - y.c0, x.c1 - y.c1, x.c2 - y.c2};
    return r;
}
static q3 q3_add(q3 x, q3 y)
{
    q3 r = {x.c0 + y.c0, x.c1 + y.c1, x.c2 + y.c2};
    return r;
}
static int q3_sgn(q3 v)
{
    return v.c0 != 0 ? sgn64(v.c0) : (v.c1 != 0 ? sgn64(v.c1) : sgn64(v.c2));
}

/* A parameter value t = n/d along the segment, d > 0 for small eps. */
typedef struct tv {
    gg__ev n, d;
} tv;
static tv tv_make(gg__ev n, gg__ev d)
{
    tv t;
    if (ev_sgn(d) < 0) {
        n = ev_neg(n);
        d = ev_neg(d);
    }
    t.n = n;
    t.d = d;
    return t;
}
static int tv_cmp(tv x, tv y) { return q3_sgn(q3_sub(mul(x.n, y.d), mul(y.n, x.d))); }

/* A set of parameters: an interval with open or closed ends, possibly unbounded. */
typedef struct span {
    bool empty, has_lo, has_hi, lo_open, hi_open;
    tv lo, hi;
} span;

static span span_all(void)
{
    span s;
    memset(&s, 0, sizeof s);
    return s;
}
static void span_lower(span *s, tv t, bool open)
{
    int c = s->has_lo ? tv_cmp(t, s->lo) : 1;
    if (c > 0) {
        s->lo = t;
        s->has_lo = true;
        s->lo_open = open;
    } else if (c == 0 && open) {
        s->lo_open = true;
    }
}
static void span_upper(span *s, tv t, bool open)
{
    int c = s->has_hi ? tv_cmp(t, s->hi) : -1;
    if (c < 0) {
        s->hi = t;
        s->has_hi = true;
        s->hi_open = open;
    } else if (c == 0 && open) {
        s->hi_open = true;
    }
}
static bool span_nonempty(const span *s)
{
    if (s->empty)
        return false;
    if (!s->has_lo || !s->has_hi)
        return true;
    int c = tv_cmp(s->lo, s->hi);
    return c < 0 || (c == 0 && !s->lo_open && !s->hi_open);
}
static span span_meet(const span *x, const span *y)
{
    span s = *x;
    s.empty = x->empty || y->empty;
    if (y->has_lo)
        span_lower(&s, y->lo, y->lo_open);
    if (y->has_hi)
        span_upper(&s, y->hi, y->hi_open);
    return s;
}
/* Restricts to the open segment 0 < t < 1. */
static void span_open_unit(span *s)
{
    span_lower(s, tv_make(ev_k(0), ev_k(1)), true);
    span_upper(s, tv_make(ev_k(1), ev_k(1)), true);
}

/* lo < c(t) < hi (open) or lo <= c(t) <= hi on the coordinate c(t) = P + t D. */
static void span_axis(span *s, gg__ev P, gg__ev D, bool has_lo, int64_t lo, bool has_hi, int64_t hi,
                      bool open)
{
    int ds = ev_sgn(D);
    if (ds == 0) {
        if (has_lo) {
            int c = ev_sgn(ev_sub(P, ev_k(lo)));
            if (open ? c <= 0 : c < 0)
                s->empty = true;
        }
        if (has_hi) {
            int c = ev_sgn(ev_sub(ev_k(hi), P));
            if (open ? c <= 0 : c < 0)
                s->empty = true;
        }
        return;
    }
    if (has_lo) {
        tv t = tv_make(ev_sub(ev_k(lo), P), D);
        if (ds > 0)
            span_lower(s, t, open);
        else
            span_upper(s, t, open);
    }
    if (has_hi) {
        tv t = tv_make(ev_sub(ev_k(hi), P), D);
        if (ds > 0)
            span_upper(s, t, open);
        else
            span_lower(s, t, open);
    }
}

/* ---- The line state -------------------------------------------------------------------------- */

#define GG__MAX_CONTACTS 256

enum { SIDE_NONE = 0, SIDE_LEFT = 1, SIDE_RIGHT = 2, SIDE_BELOW = 3, SIDE_ABOVE = 4 };

/* A contact, packed into 24 bytes. Its span always has both ends (it lies within 0 < t < 1);
 * each end is stored as what defines it (contact_end()); its obstacle's creature and wall flags
 * follow from `by`. */
typedef struct contact {
    int64_t lo, hi; /* the span's ends: coordinate bounds, or 0 / 1 (CE_UNIT) */
    int32_t a;      /* gg__obs.a */
    uint16_t b;     /* gg__obs.b: a row (< GG_SCENE_MAX_SIDE) for cells and terrain, else 0 */
    uint16_t f;     /* CF_* fields */
} contact;

#define CF_LO_AX 0   /* 2 bits: CE_* */
#define CF_LO_OPEN 2 /* 1 bit */
#define CF_HI_AX 3   /* 2 bits: CE_* */
#define CF_HI_OPEN 5 /* 1 bit */
#define CF_SIDE 6    /* 3 bits */
#define CF_BY 9      /* 3 bits */
#define CF_CAP 12    /* 2 bits */
#define CF_SIGHT 14  /* 1 bit */

/* How a stored span end reads: t = (v - p[ax]) / d[ax] for the axes 0..2, or t = v. */
enum { CE_UNIT = 3 };

typedef struct lstate {
    const gg__cq *q;
    gg__ep p;
    gg__ev d[3];
    bool flat; /* the plan projection is a point (a vertical line) */
    gg__lres *r;
    int nc;
    bool overflow, done;
    int64_t zlo_a, zhi_a; /* the z range of the eps = 0 segment */
    contact c[GG__MAX_CONTACTS];
} lstate;

static gg__ev p_axis(const lstate *L, int ax)
{
    return ax == 0 ? L->p.x : (ax == 1 ? L->p.y : L->p.z);
}

/* The parameter a stored end (v, ax) stands for: v is in wall units on the plan axes (x, y),
 * in z units on z. */
static tv end_tv(const lstate *L, int64_t v, int ax)
{
    if (ax == CE_UNIT)
        return tv_make(ev_k(v), ev_k(1));
    if (ax == 2)
        return tv_make(ev_sub(ev_k(v), L->p.z), L->d[2]);
    return tv_make(ev_sub(ev_k(v), ev_scale(p_axis(L, ax), WK)), ev_scale(L->d[ax], WK));
}

/* Stores t as (v, ax) with end_tv() giving back t's value. Every t of a contact is one of
 * 0, 1 (the open unit segment), (bound - p[ax]) / d[ax] (span_axis(), in plan or z units) or
 * the same in wall units (a wall's end, test_wall()), so one of the readings fits; when several
 * do, they are the same value. */
static int64_t end_of(const lstate *L, tv t, unsigned *ax)
{
    if (t.d.a == 1 && t.d.b == 0 && t.n.b == 0 && (t.n.a == 0 || t.n.a == 1)) {
        *ax = CE_UNIT;
        return t.n.a;
    }
    for (unsigned k = 0; k < 3; ++k) {
        for (int pass = 0; pass < (k == 2 ? 1 : 2); ++pass) {
            const int64_t scale = pass == 0 ? 1 : WK;
            gg__ev D = ev_scale(L->d[k], scale), P = ev_scale(p_axis(L, (int)k), scale);
            int s = (t.d.a == D.a && t.d.b == D.b) ? 1
                                                   : ((t.d.a == -D.a && t.d.b == -D.b) ? -1 : 0);
            if (s == 0 || ev_sgn(D) == 0)
                continue;
            /* t.n = s (v - P), so v = s t.n + P must be a constant */
            if (s * t.n.b + P.b != 0)
                continue;
            *ax = k;
            /* plan axes are stored in wall units */
            return (s * t.n.a + P.a) * (k == 2 ? 1 : WK / scale);
        }
    }
    *ax = CE_UNIT; /* not reached: every stored end is one of the above */
    return t.n.a;
}

static unsigned cf_get(const contact *c, int at, unsigned width)
{
    return ((unsigned)c->f >> at) & ((1u << width) - 1u);
}

static span contact_span(const lstate *L, const contact *c)
{
    span s = span_all();
    s.has_lo = s.has_hi = true;
    s.lo = end_tv(L, c->lo, (int)cf_get(c, CF_LO_AX, 2));
    s.hi = end_tv(L, c->hi, (int)cf_get(c, CF_HI_AX, 2));
    s.lo_open = cf_get(c, CF_LO_OPEN, 1) != 0;
    s.hi_open = cf_get(c, CF_HI_OPEN, 1) != 0;
    return s;
}

static void contact_set_span(const lstate *L, contact *c, const span *s)
{
    unsigned lax, hax;
    c->lo = end_of(L, s->lo, &lax);
    c->hi = end_of(L, s->hi, &hax);
    unsigned f = (unsigned)c->f & ~((1u << CF_SIDE) - 1u);
    f |= lax << CF_LO_AX | (unsigned)s->lo_open << CF_LO_OPEN;
    f |= hax << CF_HI_AX | (unsigned)s->hi_open << CF_HI_OPEN;
    c->f = (uint16_t)f;
}

static gg__obs contact_obs(const contact *c)
{
    gg__obs o;
    memset(&o, 0, sizeof o);
    o.by = (uint8_t)cf_get(c, CF_BY, 3);
    o.cap = (uint8_t)cf_get(c, CF_CAP, 2);
    o.sight = (uint8_t)cf_get(c, CF_SIGHT, 1);
    o.creature = o.by == (uint8_t)GG_COVER_BY_CREATURE;
    o.wall = o.by == (uint8_t)GG_COVER_BY_WALL;
    o.a = c->a;
    o.b = c->b;
    return o;
}

static int contact_side(const contact *c) { return (int)cf_get(c, CF_SIDE, 3); }

static void hard_block(lstate *L, const gg__obs *o)
{
    gg__lres *r = L->r;
    if (o->cap > (uint8_t)r->cap) {
        r->cap = (gg_cover)o->cap;
        r->by = *o;
        r->pinch = false;
    }
    if (!o->creature && o->cap > (uint8_t)r->cap_nc)
        r->cap_nc = (gg_cover)o->cap;
    if (o->sight)
        r->sight = true;
    if (r->cap_nc == GG_COVER_TOTAL && r->sight)
        L->done = true;
}

static bool same_kind(const gg__obs *x, const gg__obs *y)
{
    return x->cap == y->cap && x->creature == y->creature && x->sight == y->sight &&
           x->wall == y->wall;
}

/* `sp` has both ends (it lies within the open unit segment). */
static void add_contact(lstate *L, const span *sp, int side, const gg__obs *o)
{
    /* Runs of equal obstacles along a seam merge into one contact, so long lines along solid
     * rows stay within the buffer. */
    for (int k = L->nc - 1; k >= 0 && k >= L->nc - 4; --k) {
        contact *c = &L->c[k];
        if (contact_side(c) != side)
            continue;
        gg__obs co = contact_obs(c);
        if (!same_kind(&co, o))
            continue;
        span cs = contact_span(L, c);
        span m = span_meet(&cs, sp);
        if (!span_nonempty(&m) && !(cs.has_hi && sp->has_lo && tv_cmp(cs.hi, sp->lo) == 0) &&
            !(sp->has_hi && cs.has_lo && tv_cmp(sp->hi, cs.lo) == 0))
            continue;
        /* union of two overlapping or abutting intervals */
        if (sp->has_lo && tv_cmp(sp->lo, cs.lo) < 0) {
            cs.lo = sp->lo;
            cs.lo_open = sp->lo_open;
        }
        if (sp->has_hi && tv_cmp(sp->hi, cs.hi) > 0) {
            cs.hi = sp->hi;
            cs.hi_open = sp->hi_open;
        }
        contact_set_span(L, c, &cs);
        return;
    }
    if (L->nc == GG__MAX_CONTACTS) {
        L->overflow = true;
        L->done = true;
        return;
    }
    contact *c = &L->c[L->nc++];
    c->a = o->a;
    c->b = (uint16_t)o->b;
    c->f = (uint16_t)((unsigned)side << CF_SIDE | (unsigned)o->by << CF_BY |
                      (unsigned)o->cap << CF_CAP | (unsigned)(o->sight != 0) << CF_SIGHT);
    contact_set_span(L, c, sp);
}

/* Sign of the plan orientation of the doubled point (cx2, cy2) against the line: > 0 left. */
static int plan_side2(const lstate *L, int64_t cx2, int64_t cy2)
{
    gg__ev px2 = gg__ev_make(2 * L->p.x.a, 2 * L->p.x.b),
           py2 = gg__ev_make(2 * L->p.y.a, 2 * L->p.y.b);
    q3 o = q3_sub(mul(L->d[0], ev_sub(ev_k(cy2), py2)), mul(L->d[1], ev_sub(ev_k(cx2), px2)));
    return q3_sgn(o);
}

/* A prism: plan rectangle [x0,x1] x [y0,y1] (plan units) times a z range (z units). */
typedef struct prism {
    int64_t x0, y0, x1, y1;
    bool has_z0, has_z1;
    int64_t z0, z1;
} prism;

static void test_prism(lstate *L, const prism *m, const gg__obs *o)
{
    const gg__ep *P = &L->p;
    /* Enter: the open segment meets the open prism. */
    span e = span_all();
    span_open_unit(&e);
    span_axis(&e, P->x, L->d[0], true, m->x0, true, m->x1, true);
    span_axis(&e, P->y, L->d[1], true, m->y0, true, m->y1, true);
    span_axis(&e, P->z, L->d[2], m->has_z0, m->z0, m->has_z1, m->z1, true);
    if (span_nonempty(&e)) {
        hard_block(L, o);
        return;
    }
    /* Touch: the open segment meets the closed prism. */
    span c = span_all();
    span_open_unit(&c);
    span_axis(&c, P->x, L->d[0], true, m->x0, true, m->x1, false);
    span_axis(&c, P->y, L->d[1], true, m->y0, true, m->y1, false);
    span_axis(&c, P->z, L->d[2], m->has_z0, m->z0, m->has_z1, m->z1, false);
    if (!span_nonempty(&c))
        return;
    int side = SIDE_NONE;
    bool side_contact = !m->has_z0 && !m->has_z1;
    if (!side_contact) {
        span cz = c;
        span_axis(&cz, P->z, L->d[2], m->has_z0, m->z0, m->has_z1, m->z1, true);
        side_contact = span_nonempty(&cz);
        if (!side_contact) {
            span cf = c;
            span_axis(&cf, P->x, L->d[0], true, m->x0, true, m->x1, true);
            span_axis(&cf, P->y, L->d[1], true, m->y0, true, m->y1, true);
            if (span_nonempty(&cf)) {
                /* On the prism's top or bottom face: which one? */
                if (!m->has_z0)
                    side = SIDE_BELOW;
                else if (!m->has_z1)
                    side = SIDE_ABOVE;
                else {
                    tv t = cf.lo; /* cf includes 0 < t, so it has a lower end */
                    q3 v = q3_add(mul(ev_sub(P->z, ev_k(m->z1)), t.d), mul(t.n, L->d[2]));
                    side = q3_sgn(v) == 0 ? SIDE_BELOW : SIDE_ABOVE;
                }
            }
        }
    }
    if (side_contact && !L->flat) {
        int s = plan_side2(L, m->x0 + m->x1, m->y0 + m->y1);
        side = s > 0 ? SIDE_LEFT : (s < 0 ? SIDE_RIGHT : SIDE_NONE);
    }
    if (side != SIDE_NONE)
        add_contact(L, &c, side, o);
}

/* ---- Walls --------------------------------------------------------------------------------- */

static bool wall_obstacle(const lstate *L, uint32_t wi, gg__obs *o)
{
    const gg__wall *w = &L->q->s->walls[wi];
    if (!gg__wall_live(w) || w->door == GG_DOOR_OPEN || !gg__wall_at_ground(w))
        return false; /* cover is measured at elevation 0 (docs/vision.md, wall heights) */
    memset(o, 0, sizeof *o);
    o->by = GG_COVER_BY_WALL;
    o->wall = 1;
    o->a = (int32_t)wi;
    if (w->cover != GG_COVER_NONE) {
        o->cap = w->cover;
        o->sight = 0;
    } else {
        uint32_t eb = gg__wall_effective_blocks(w);
        if ((eb & (uint32_t)(GG_BLOCKS_MOVEMENT | GG_BLOCKS_SIGHT)) == 0)
            return false;
        o->cap = GG_COVER_TOTAL;
        o->sight = (eb & (uint32_t)GG_BLOCKS_SIGHT) != 0;
    }
    if (w->one_way != GG_ONE_WAY_NONE) {
        /* Foundry's side of the line's start (an eps-point) against the wall A->B. */
        int64_t ax = w->a.x, ay = w->a.y, bx = w->b.x, by = w->b.y;
        const gg__ev Px = ev_scale(L->p.x, WK), Py = ev_scale(L->p.y, WK);
        q3 v = q3_sub(mul(ev_sub(ev_k(ay), Py), ev_sub(ev_k(bx), Px)),
                      mul(ev_sub(ev_k(ax), Px), ev_sub(ev_k(by), Py)));
        int s = q3_sgn(v);
        int side = s < 0 ? GG_ONE_WAY_LEFT : (s > 0 ? GG_ONE_WAY_RIGHT : 0);
        if (side == (int)w->one_way)
            return false;
    }
    return true;
}

static void test_wall(lstate *L, uint32_t wi)
{
    if (L->done || L->flat)
        return;
    gg__obs o;
    if (!wall_obstacle(L, wi, &o))
        return;
    const gg__wall *w = &L->q->s->walls[wi];
    int64_t w1x = w->a.x, w1y = w->a.y, w2x = w->b.x, w2y = w->b.y;
    if (w1x == w2x && w1y == w2y)
        return; /* a point has no side: passing it is tangency */
    /* The line in wall units: every value below is the plan one times WK, so each sign and each
     * parameter t (a ratio of two scaled values) is unchanged. */
    gg__ep Ps = L->p;
    Ps.x = ev_scale(L->p.x, WK);
    Ps.y = ev_scale(L->p.y, WK);
    const gg__ep *P = &Ps;
    const gg__ev d0 = ev_scale(L->d[0], WK), d1 = ev_scale(L->d[1], WK);
    int o1 = q3_sgn(q3_sub(mul(d0, ev_sub(ev_k(w1y), P->y)), mul(d1, ev_sub(ev_k(w1x), P->x))));
    int o2 = q3_sgn(q3_sub(mul(d0, ev_sub(ev_k(w2y), P->y)), mul(d1, ev_sub(ev_k(w2x), P->x))));
    if (o1 == 0 && o2 == 0)
        return; /* running along a wall is never a crossing */
    if (o1 * o2 < 0) {
        int64_t wx = w2x - w1x, wy = w2y - w1y;
        gg__ev qx = gg__ev_make(P->x.a + d0.a, P->x.b + d0.b);
        gg__ev qy = gg__ev_make(P->y.a + d1.a, P->y.b + d1.b);
        gg__ev a1 = ev_sub(gg__ev_make(wx * (P->y.a - w1y), wx * P->y.b),
                           gg__ev_make(wy * (P->x.a - w1x), wy * P->x.b));
        gg__ev a2 = ev_sub(gg__ev_make(wx * (qy.a - w1y), wx * qy.b),
                           gg__ev_make(wy * (qx.a - w1x), wy * qx.b));
        if (ev_sgn(a1) * ev_sgn(a2) < 0)
            hard_block(L, &o); /* a transversal crossing inside the wall */
        return;                /* else no meeting, or only at the segment's own end */
    }
    if (o1 != 0 && o2 != 0)
        return;
    /* One end lies on the line: a contact at that point, on the side of the other end. */
    int64_t ex = o1 == 0 ? w1x : w2x, ey = o1 == 0 ? w1y : w2y;
    int other = o1 == 0 ? o2 : o1;
    tv t = !ev_zero(d0) ? tv_make(ev_sub(ev_k(ex), P->x), d0) : tv_make(ev_sub(ev_k(ey), P->y), d1);
    span sp = span_all();
    sp.has_lo = sp.has_hi = true;
    sp.lo = sp.hi = t;
    span_open_unit(&sp);
    if (!span_nonempty(&sp))
        return;
    add_contact(L, &sp, other > 0 ? SIDE_LEFT : SIDE_RIGHT, &o);
}

static bool wall_bucket(void *ctx, int32_t i, int32_t j)
{
    lstate *L = (lstate *)ctx;
    const gg__wall_index *ix = &L->q->s->index;
    size_t b = (size_t)j * (size_t)ix->bw + (size_t)i;
    for (uint32_t k = ix->start[b]; k < ix->start[b + 1] && !L->done; ++k)
        test_wall(L, ix->items[k]);
    return L->done;
}

static int64_t fdiv(int64_t n, int64_t d)
{
    int64_t q = n / d;
    if ((n % d != 0) && ((n < 0) != (d < 0)))
        --q;
    return q;
}

static void visit_walls(lstate *L)
{
    const gg_scene *s = L->q->s;
    if (s->live_walls == 0)
        return;
    if (L->q->linear_walls) {
        for (uint32_t w = 0; w < s->wall_slots && !L->done; ++w)
            test_wall(L, w);
        return;
    }
    const gg__wall_index *ix = &s->index;
    for (uint32_t k = 0; k < ix->pending_count && !L->done; ++k)
        test_wall(L, ix->pending[k]);
    if (!ix->built || L->done)
        return;
    /* The eps = 0 segment in wall units (exact: a plan unit is WK wall units); with one bucket
     * of dilation this visits every bucket the eps-segment can touch (walls are registered in
     * every bucket holding one of their points). */
    gg_hpoint a, b;
    a.x = (int32_t)(L->p.x.a * WK);
    a.y = (int32_t)(L->p.y.a * WK);
    b.x = (int32_t)((L->p.x.a + L->d[0].a) * WK);
    b.y = (int32_t)((L->p.y.a + L->d[1].a) * WK);
    (void)gg__for_each_bucket(a, b, (int64_t)GG__WALL_UNIT << ix->bucket_shift, 1, ix->bw, ix->bh,
                              wall_bucket, L);
}

/* ---- Cells, terrain, creatures, boxes -------------------------------------------------------- */

static bool in_rect(gg_cell c, gg_cell lo, gg_cell hi)
{
    return c.col >= lo.col && c.row >= lo.row && c.col <= hi.col && c.row <= hi.row;
}

static int32_t cheb_to_body(gg_cell c, gg_cell lo, gg_cell hi)
{
    int32_t dx = c.col < lo.col ? lo.col - c.col : (c.col > hi.col ? c.col - hi.col : 0);
    int32_t dy = c.row < lo.row ? lo.row - c.row : (c.row > hi.row ? c.row - hi.row : 0);
    return dx > dy ? dx : dy;
}

static void test_cell(lstate *L, gg_cell c)
{
    const gg__cq *q = L->q;
    const gg_scene *s = q->s;
    prism m;
    m.x0 = c.col * GG__PU;
    m.x1 = m.x0 + GG__PU;
    m.y0 = c.row * GG__PU;
    m.y1 = m.y0 + GG__PU;
    m.has_z0 = m.has_z1 = false;
    m.z0 = m.z1 = 0;
    gg__obs o;
    memset(&o, 0, sizeof o);
    o.a = c.col;
    o.b = c.row;
    bool own = in_rect(c, q->ex_min[0], q->ex_max[0]) || in_rect(c, q->ex_min[1], q->ex_max[1]);
    uint8_t bits = s->cells[gg__idx(s, c)];
    if (!own && (bits & GG__CELL_BLOCKED) != 0) {
        o.by = GG_COVER_BY_CELL;
        o.cap = GG_COVER_TOTAL;
        o.sight = 1;
        test_prism(L, &m, &o);
        return;
    }
    gg_cover tag = (gg_cover)((bits & GG__COVER_MASK) >> GG__COVER_SHIFT);
    if (!own && tag != GG_COVER_NONE) {
        bool skip = false;
        if (q->low_rule && tag == GG_COVER_HALF) {
            /* 3.5: a low obstacle is ignored by an attacker closer to it than the target, or
             * when the target is more than 6 squares (30 ft) from it; ties keep it. */
            int32_t da = cheb_to_body(c, q->ex_min[0], q->ex_max[0]);
            int32_t dt = cheb_to_body(c, q->ex_min[1], q->ex_max[1]);
            skip = da < dt || dt > 6;
        }
        if (!skip) {
            o.by = GG_COVER_BY_CELL;
            o.cap = (uint8_t)tag;
            o.sight = 0;
            test_prism(L, &m, &o);
            if (L->done)
                return;
        }
    }
    if (!q->three_d)
        return;
    size_t i = gg__idx(s, c);
    int64_t fl = gg__cq_floor_u(q, i), ce;
    o.by = GG_COVER_BY_TERRAIN;
    o.cap = GG_COVER_TOTAL;
    o.sight = 1;
    if (L->zlo_a <= fl + GG__ZU) { /* cheap skip: the line stays well above this ground */
        m.has_z0 = false;
        m.has_z1 = true;
        m.z1 = fl;
        test_prism(L, &m, &o);
    }
    if (!L->done && gg__cq_ceiling_u(q, i, &ce)) {
        if (L->zhi_a >= ce - GG__ZU) {
            m.has_z0 = true;
            m.z0 = ce;
            m.has_z1 = false;
            test_prism(L, &m, &o);
        }
    }
}

static void visit_cells(lstate *L)
{
    const gg_scene *s = L->q->s;
    int64_t ax = L->p.x.a, ay = L->p.y.a, bx = ax + L->d[0].a, by = ay + L->d[1].a;
    int64_t xmin = ax < bx ? ax : bx, xmax = ax < bx ? bx : ax;
    int64_t c0 = fdiv(xmin, GG__PU) - 1, c1 = fdiv(xmax, GG__PU);
    if (c0 < 0)
        c0 = 0;
    if (c1 > s->width - 1)
        c1 = s->width - 1;
    for (int64_t cx = c0; cx <= c1 && !L->done; ++cx) {
        int64_t lo = cx * GG__PU > xmin ? cx * GG__PU : xmin;
        int64_t hi = cx * GG__PU + GG__PU < xmax ? cx * GG__PU + GG__PU : xmax;
        if (lo > hi)
            continue;
        int64_t r0, r1;
        if (ax == bx) {
            int64_t ymin = ay < by ? ay : by, ymax = ay < by ? by : ay;
            r0 = fdiv(ymin, GG__PU) - 1;
            r1 = fdiv(ymax, GG__PU);
        } else {
            /* y(x) = ay + (x - ax)(by - ay)/(bx - ax), floors taken exactly */
            int64_t dx = bx - ax, dy = by - ay;
            int64_t n1 = ay * dx + (lo - ax) * dy, n2 = ay * dx + (hi - ax) * dy;
            if (dx < 0) {
                n1 = -n1;
                n2 = -n2;
                dx = -dx;
            }
            int64_t f1 = fdiv(n1, dx * GG__PU), f2 = fdiv(n2, dx * GG__PU);
            r0 = (f1 < f2 ? f1 : f2) - 1;
            r1 = f1 < f2 ? f2 : f1;
        }
        if (r0 < 0)
            r0 = 0;
        if (r1 > s->height - 1)
            r1 = s->height - 1;
        for (int64_t ry = r0; ry <= r1 && !L->done; ++ry)
            test_cell(L, gg_cell_make((int32_t)cx, (int32_t)ry));
    }
}

static bool bbox_misses(const lstate *L, int64_t x0, int64_t y0, int64_t x1, int64_t y1)
{
    /* Conservative: the eps-segment stays within one plan unit of the eps = 0 segment. */
    int64_t ax = L->p.x.a, ay = L->p.y.a, bx = ax + L->d[0].a, by = ay + L->d[1].a;
    int64_t xmin = (ax < bx ? ax : bx) - 1, xmax = (ax < bx ? bx : ax) + 1;
    int64_t ymin = (ay < by ? ay : by) - 1, ymax = (ay < by ? by : ay) + 1;
    return x1 < xmin || x0 > xmax || y1 < ymin || y0 > ymax;
}

static void visit_creatures(lstate *L)
{
    const gg__cq *q = L->q;
    if (q->creature_cap == GG_COVER_NONE)
        return;
    for (int32_t k = 0; k < q->ncreatures && !L->done; ++k) {
        const gg_body *b = &q->creatures[k];
        int32_t n = gg__side_of(b->size);
        gg_cell lo = b->cell, hi = gg_cell_make(b->cell.col + n - 1, b->cell.row + n - 1);
        bool overlap = false;
        for (int e = 0; e < 2; ++e)
            if (!(hi.col < q->ex_min[e].col || lo.col > q->ex_max[e].col ||
                  hi.row < q->ex_min[e].row || lo.row > q->ex_max[e].row))
                overlap = true;
        if (overlap)
            continue;
        prism m;
        m.x0 = lo.col * GG__PU;
        m.y0 = lo.row * GG__PU;
        m.x1 = (hi.col + 1) * GG__PU;
        m.y1 = (hi.row + 1) * GG__PU;
        if (bbox_misses(L, m.x0, m.y0, m.x1, m.y1))
            continue;
        m.has_z0 = m.has_z1 = q->three_d;
        m.z0 = (int64_t)b->base_in * GG__ZU;
        m.z1 = m.z0 + (b->height_in > 0 ? (int64_t)b->height_in * GG__ZU : n * q->layer_u);
        gg__obs o;
        memset(&o, 0, sizeof o);
        o.by = GG_COVER_BY_CREATURE;
        o.cap = (uint8_t)q->creature_cap;
        o.creature = 1;
        o.a = k;
        test_prism(L, &m, &o);
    }
}

static void visit_boxes(lstate *L)
{
    const gg__cq *q = L->q;
    for (int32_t k = 0; k < q->nboxes && !L->done; ++k) {
        const gg_cover_box *b = &q->boxes[k];
        prism m;
        m.x0 = b->min.col * GG__PU;
        m.y0 = b->min.row * GG__PU;
        m.x1 = ((int64_t)b->max.col + 1) * GG__PU;
        m.y1 = ((int64_t)b->max.row + 1) * GG__PU;
        if (bbox_misses(L, m.x0, m.y0, m.x1, m.y1))
            continue;
        m.has_z0 = m.has_z1 = true;
        m.z0 = (int64_t)b->z0_in * GG__ZU;
        m.z1 = (int64_t)b->z1_in * GG__ZU;
        gg__obs o;
        memset(&o, 0, sizeof o);
        o.by = GG_COVER_BY_BOX;
        o.cap = (uint8_t)b->cap;
        o.sight = b->cap == GG_COVER_TOTAL;
        o.a = k;
        test_prism(L, &m, &o);
    }
}

/* ---- Pinches and the verdict ------------------------------------------------------------------ */

static bool opposite(int a, int b)
{
    return (a == SIDE_LEFT && b == SIDE_RIGHT) || (a == SIDE_RIGHT && b == SIDE_LEFT) ||
           (a == SIDE_BELOW && b == SIDE_ABOVE) || (a == SIDE_ABOVE && b == SIDE_BELOW);
}

static void resolve_pinches(lstate *L)
{
    gg__lres *r = L->r;
    for (int i = 0; i < L->nc; ++i) {
        const contact *ci = &L->c[i];
        int si = contact_side(ci);
        gg__obs a = contact_obs(ci);
        span as = contact_span(L, ci);
        for (int j = i + 1; j < L->nc; ++j) {
            const contact *cj = &L->c[j];
            if (!opposite(si, contact_side(cj)))
                continue;
            gg__obs b = contact_obs(cj);
            if (L->q->pinch_pass && !a.wall && !b.wall)
                continue;
            span bs = contact_span(L, cj);
            span m = span_meet(&as, &bs);
            if (!span_nonempty(&m))
                continue;
            /* A pinch counts at the lower of the two caps (C2D-13). */
            const gg__obs *low = a.cap <= b.cap ? &a : &b;
            if (low->cap > (uint8_t)r->cap) {
                r->cap = (gg_cover)low->cap;
                r->by = *low;
                r->pinch = true;
            }
            if (!a.creature && !b.creature && low->cap > (uint8_t)r->cap_nc)
                r->cap_nc = (gg_cover)low->cap;
            if (a.sight && b.sight)
                r->sight = true;
        }
    }
}

gg_status gg__cover_line(const gg__cq *q, const gg__ep *p, const gg__ep *pq, gg__lres *out)
{
    lstate L;
    L.q = q;
    L.p = *p;
    L.d[0] = ev_sub(pq->x, p->x);
    L.d[1] = ev_sub(pq->y, p->y);
    L.d[2] = ev_sub(pq->z, p->z);
    L.flat = ev_zero(L.d[0]) && ev_zero(L.d[1]);
    L.r = out;
    L.nc = 0;
    L.overflow = L.done = false;
    L.zlo_a = p->z.a < pq->z.a ? p->z.a : pq->z.a;
    L.zhi_a = p->z.a < pq->z.a ? pq->z.a : p->z.a;
    memset(out, 0, sizeof *out);
    out->cap = out->cap_nc = GG_COVER_NONE;
    out->by.by = GG_COVER_BY_NOTHING;
    visit_cells(&L);
    if (!L.done)
        visit_creatures(&L);
    if (!L.done)
        visit_boxes(&L);
    if (!L.done)
        visit_walls(&L);
    if (L.overflow)
        return GG_E_TOO_LARGE;
    if (!(out->cap_nc == GG_COVER_TOTAL && out->sight))
        resolve_pinches(&L);
    return GG_OK;
}

void gg__cover_fill_line(const gg__cq *q, gg_cover_line *l, const gg__ep *p, const gg__ep *pq,
                         const gg__lres *r)
{
    const double pu = (double)GG__PU, zu = (double)(GG__ZU * 12);
    l->x0 = (double)p->x.a / pu;
    l->y0 = (double)p->y.a / pu;
    l->z0 = (double)p->z.a / zu;
    l->x1 = (double)pq->x.a / pu;
    l->y1 = (double)pq->y.a / pu;
    l->z1 = (double)pq->z.a / zu;
    l->cap = r->cap;
    l->by = (gg_cover_by)r->by.by;
    l->pinch = r->pinch;
    l->cell = gg_cell_make(0, 0);
    l->wall.index = 0;
    l->wall.generation = 0;
    l->index = -1;
    switch ((gg_cover_by)r->by.by) {
    case GG_COVER_BY_CELL:
    case GG_COVER_BY_TERRAIN:
        l->cell = gg_cell_make(r->by.a, r->by.b);
        break;
    case GG_COVER_BY_WALL:
        l->wall.index = (uint32_t)r->by.a;
        l->wall.generation = q->s->walls[r->by.a].generation;
        break;
    case GG_COVER_BY_CREATURE:
    case GG_COVER_BY_BOX:
        l->index = r->by.a;
        break;
    case GG_COVER_BY_NOTHING:
        break;
    }
}
