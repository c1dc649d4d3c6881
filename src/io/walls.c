/* walls.c - the wall pipeline every reader ends with: round to the scene's wall lattice
 * (GG_WALL_UNITS_PER_CELL points per cell), snap endpoints that lie within a hair of a grid
 * corner onto it, clip to the scene, drop what is outside or has no length, merge collinear
 * touching walls, then add them in one bulk call. Every change is counted in the report, and the
 * counts add up: segments_read = walls + merged + walls_dropped. Layer: io. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/io_internal.h"

/* Beyond this (in cells) a coordinate is nonsense, not a wall slightly off the map. */
#define FAR_LIMIT ((double)GG_WALL_COORD_LIMIT)
/* Wall units per cell. */
#define WU GG_WALL_UNITS_PER_CELL
/* An endpoint within this many wall units (1/64 cell, Chebyshev) of a grid corner is moved onto
 * the corner: a wall meant to end on a corner but written with float noise or a pixel off then
 * closes the corner as the drawn map does (a diagonal step through the corner is blocked,
 * docs/io.md). Anything farther keeps its position. */
#define CORNER_SNAP (WU / 64)
/* Rounding by less than this (in cells) is the file's own decimal noise (Dungeondraft writes six
 * decimals of its 1/512-cell points) and is not reported; any larger move is. */
#define ROUND_NOISE 1e-6

typedef struct hseg {
    int64_t ax, ay, bx, by; /* wall units */
    int64_t ndx, ndy, k, ta, tb;
    uint32_t blocks;
    uint8_t door, one_way, cover, limited;
    double prox_sight, prox_light; /* feet */
    double bottom, top;            /* feet: gg_wall_def.bottom_ft, top_ft */
    bool secret;
    bool mergeable;
    int32_t first;    /* smallest raw index merged into this one */
    int32_t last_src; /* a second source, for the example */
} hseg;

static int64_t gcd64(int64_t a, int64_t b)
{
    if (a < 0)
        a = -a;
    if (b < 0)
        b = -b;
    while (b != 0) {
        int64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* Nearest wall unit (ties towards +inf: floor(U v + 0.5); U v is exact, U a power of two). */
static int64_t to_wu(double v) { return (int64_t)floor((double)WU * v + 0.5); }

/* The coordinate moved onto a grid line when both of an endpoint's coordinates are within
 * CORNER_SNAP of one (the caller checks both). */
static int64_t nearest_line(int64_t u) { return (int64_t)floor(((double)u + WU / 2) / WU) * WU; }

static double cells_of(int64_t u) { return (double)u / WU; }

/* Liang-Barsky against [0,w] x [0,h]; false when nothing is left. t0, t1 are the kept params. */
static bool clip_params(double x1, double y1, double x2, double y2, double w, double h, double *t0,
                        double *t1)
{
    double dx = x2 - x1, dy = y2 - y1;
    double p[4] = {-dx, dx, -dy, dy};
    double q[4] = {x1, w - x1, y1, h - y1};
    double a = 0.0, b = 1.0;
    for (int i = 0; i < 4; i++) {
        if (p[i] == 0.0) {
            if (q[i] < 0.0)
                return false;
        } else {
            double r = q[i] / p[i];
            if (p[i] < 0.0) {
                if (r > b)
                    return false;
                if (r > a)
                    a = r;
            } else {
                if (r < a)
                    return false;
                if (r < b)
                    b = r;
            }
        }
    }
    *t0 = a;
    *t1 = b;
    return true;
}

static gg_one_way flip_one_way(uint8_t ow)
{
    return ow == GG_ONE_WAY_LEFT ? GG_ONE_WAY_RIGHT
                                 : (ow == GG_ONE_WAY_RIGHT ? GG_ONE_WAY_LEFT : GG_ONE_WAY_NONE);
}

static void canonicalise(hseg *s)
{
    int64_t dx = s->bx - s->ax, dy = s->by - s->ay;
    if (dx < 0 || (dx == 0 && dy < 0)) {
        int64_t tx = s->ax, ty = s->ay;
        s->ax = s->bx;
        s->ay = s->by;
        s->bx = tx;
        s->by = ty;
        dx = -dx;
        dy = -dy;
        /* Reversing A->B swaps Foundry's LEFT and RIGHT sides. */
        s->one_way = (uint8_t)flip_one_way(s->one_way);
    }
    int64_t g = gcd64(dx, dy);
    s->ndx = g ? dx / g : 0;
    s->ndy = g ? dy / g : 0;
    s->k = s->ndx * s->ay - s->ndy * s->ax;
    s->ta = s->ndx * s->ax + s->ndy * s->ay;
    s->tb = s->ndx * s->bx + s->ndy * s->by;
}

static int cmp_line(const void *pa, const void *pb)
{
    const hseg *a = pa, *b = pb;
#define CMP_(f)                                                                                    \
    if (a->f != b->f)                                                                              \
        return a->f < b->f ? -1 : 1;
    CMP_(ndx)
    CMP_(ndy)
    CMP_(k)
    CMP_(blocks)
    CMP_(one_way)
    CMP_(cover)
    CMP_(limited)
    CMP_(prox_sight)
    CMP_(prox_light)
    CMP_(bottom)
    CMP_(top)
    CMP_(ta)
    CMP_(tb)
    CMP_(first)
#undef CMP_
    return 0;
}

static int cmp_first(const void *pa, const void *pb)
{
    const hseg *a = pa, *b = pb;
    return a->first < b->first ? -1 : (a->first > b->first ? 1 : 0);
}

static bool same_line(const hseg *a, const hseg *b)
{
    return a->ndx == b->ndx && a->ndy == b->ndy && a->k == b->k && a->blocks == b->blocks &&
           a->one_way == b->one_way && a->cover == b->cover && a->limited == b->limited &&
           a->prox_sight == b->prox_sight && a->prox_light == b->prox_light &&
           a->bottom == b->bottom && a->top == b->top;
}

/* Merges sorted runs in place; returns the new count and adds to *merged. */
static int32_t merge_sorted(hseg *v, int32_t n, int32_t *merged, gg__io_ctx *ctx,
                            const gg__io_seg *raw)
{
    int32_t out = 0;
    for (int32_t i = 0; i < n; i++) {
        if (out > 0 && v[i].mergeable && v[out - 1].mergeable && same_line(&v[out - 1], &v[i]) &&
            v[i].ta <= v[out - 1].tb) {
            hseg *m = &v[out - 1];
            const gg__io_seg *r1 = &raw[m->first < v[i].first ? m->first : v[i].first];
            const gg__io_seg *r2 = &raw[m->first < v[i].first ? v[i].first : m->first];
            gg__io_note_add(ctx, GG_IMPORT_MERGED, 1,
                            "walls merged with a collinear touching or overlapping wall",
                            "%s[%d] joined %s[%d] on one line", r2->label, (int)r2->source,
                            r1->label, (int)r1->source);
            if (v[i].tb > m->tb) {
                m->tb = v[i].tb;
                m->bx = v[i].bx;
                m->by = v[i].by;
            }
            if (v[i].first < m->first)
                m->first = v[i].first;
            (*merged)++;
            continue;
        }
        v[out++] = v[i];
    }
    return out;
}

gg_status gg__io_add_walls(gg__io_ctx *ctx, gg_scene *scene)
{
    int32_t n = ctx->n_segs;
    if (n == 0)
        return GG_OK;
    const double w = (double)gg_scene_width(scene);
    const double h = (double)gg_scene_height(scene);
    hseg *v = gg__io_alloc(ctx->mem, (size_t)n * sizeof *v);
    if (v == NULL)
        return gg__io_fail(ctx, GG_E_NO_MEMORY, "out of memory merging walls");
    int32_t count = 0;
    double max_round = 0.0, max_corner = 0.0;
    int32_t rounded = 0, cornered = 0;
    char round_example[GG__IO_EXAMPLE_MAX] = "", corner_example[GG__IO_EXAMPLE_MAX] = "";
    for (int32_t i = 0; i < n; i++) {
        const gg__io_seg *r = &ctx->segs[i];
        double c[4] = {r->x1, r->y1, r->x2, r->y2};
        bool far = false;
        for (int k = 0; k < 4; k++)
            far = far || !isfinite(c[k]) || fabs(c[k]) > FAR_LIMIT;
        if (far) {
            ctx->stats.walls_dropped++;
            gg__io_note_add(ctx, GG_IMPORT_DROPPED, 1,
                            "walls with a coordinate beyond GG_WALL_COORD_LIMIT cells",
                            "%s[%d]: (%g,%g)-(%g,%g)", r->label, (int)r->source, c[0], c[1], c[2],
                            c[3]);
            continue;
        }
        if (c[0] == c[2] && c[1] == c[3] && !r->keep_point) {
            ctx->stats.walls_dropped++;
            gg__io_note_add(ctx, GG_IMPORT_DROPPED, 1,
                            r->door != GG_DOOR_NONE ? "doors of zero length"
                                                    : "walls of zero length",
                            "%s[%d]: (%.6g,%.6g)-(%.6g,%.6g)", r->label, (int)r->source, c[0], c[1],
                            c[2], c[3]);
            continue;
        }
        /* Round first, then snap near corners: a wall drawn a hair outside the map edge
         * belongs on the edge, and the clip below then keeps it. */
        int64_t hv[4];
        for (int e = 0; e < 2; e++) {
            int64_t x = to_wu(c[2 * e]), y = to_wu(c[2 * e + 1]);
            double dx = cells_of(x) - c[2 * e], dy = cells_of(y) - c[2 * e + 1];
            double d = sqrt(dx * dx + dy * dy);
            if (d > ROUND_NOISE) {
                rounded++;
                if (d > max_round)
                    max_round = d;
                if (round_example[0] == '\0')
                    snprintf(round_example, sizeof round_example,
                             "%s[%d]: (%.9g,%.9g) -> (%.9g,%.9g)", r->label, (int)r->source,
                             c[2 * e], c[2 * e + 1], cells_of(x), cells_of(y));
            }
            int64_t gx = nearest_line(x), gy = nearest_line(y);
            if ((gx != x || gy != y) && llabs(gx - x) <= CORNER_SNAP &&
                llabs(gy - y) <= CORNER_SNAP) {
                double sx = cells_of(gx) - c[2 * e], sy = cells_of(gy) - c[2 * e + 1];
                double sd = sqrt(sx * sx + sy * sy);
                cornered++;
                if (sd > max_corner)
                    max_corner = sd;
                if (corner_example[0] == '\0')
                    snprintf(corner_example, sizeof corner_example,
                             "%s[%d]: (%.9g,%.9g) -> (%g,%g)", r->label, (int)r->source, c[2 * e],
                             c[2 * e + 1], cells_of(gx), cells_of(gy));
                x = gx;
                y = gy;
            }
            hv[2 * e] = x;
            hv[2 * e + 1] = y;
        }
        if (ctx->def->clip_walls) {
            double x1 = cells_of(hv[0]), y1 = cells_of(hv[1]);
            double x2 = cells_of(hv[2]), y2 = cells_of(hv[3]);
            double t0 = 0.0, t1 = 1.0;
            if (!clip_params(x1, y1, x2, y2, w, h, &t0, &t1)) {
                ctx->stats.walls_dropped++;
                gg__io_note_add(ctx, GG_IMPORT_DROPPED, 1, "walls entirely outside the scene",
                                "%s[%d]: (%g,%g)-(%g,%g) on a %gx%g scene", r->label,
                                (int)r->source, x1, y1, x2, y2, w, h);
                continue;
            }
            if (t0 > 0.0 || t1 < 1.0) {
                double cx1 = x1 + t0 * (x2 - x1), cy1 = y1 + t0 * (y2 - y1);
                double cx2 = x1 + t1 * (x2 - x1), cy2 = y1 + t1 * (y2 - y1);
                int64_t nh[4] = {to_wu(cx1), to_wu(cy1), to_wu(cx2), to_wu(cy2)};
                /* Rounding must not push a clipped end back outside. */
                const int64_t lim[4] = {(int64_t)w * WU, (int64_t)h * WU, (int64_t)w * WU,
                                        (int64_t)h * WU};
                for (int k = 0; k < 4; k++)
                    nh[k] = nh[k] < 0 ? 0 : (nh[k] > lim[k] ? lim[k] : nh[k]);
                if (nh[0] == nh[2] && nh[1] == nh[3] && (hv[0] != hv[2] || hv[1] != hv[3])) {
                    ctx->stats.walls_dropped++;
                    gg__io_note_add(ctx, GG_IMPORT_DROPPED, 1, "walls entirely outside the scene",
                                    "%s[%d]: (%g,%g)-(%g,%g) on a %gx%g scene", r->label,
                                    (int)r->source, x1, y1, x2, y2, w, h);
                    continue;
                }
                /* A cut end near a corner snaps like any other end, so that importing the
                 * result again (export, then import) changes nothing. */
                for (int e = 0; e < 2; e++) {
                    int64_t gx = nearest_line(nh[2 * e]), gy = nearest_line(nh[2 * e + 1]);
                    if ((gx != nh[2 * e] || gy != nh[2 * e + 1]) &&
                        llabs(gx - nh[2 * e]) <= CORNER_SNAP &&
                        llabs(gy - nh[2 * e + 1]) <= CORNER_SNAP) {
                        double sx = cells_of(gx - nh[2 * e]), sy = cells_of(gy - nh[2 * e + 1]);
                        double sd = sqrt(sx * sx + sy * sy);
                        cornered++;
                        if (sd > max_corner)
                            max_corner = sd;
                        nh[2 * e] = gx;
                        nh[2 * e + 1] = gy;
                    }
                }
                ctx->stats.clipped++;
                gg__io_note_add(ctx, GG_IMPORT_CLIPPED, 1, "walls cut at the scene edge",
                                "%s[%d]: (%g,%g)-(%g,%g) -> (%g,%g)-(%g,%g)", r->label,
                                (int)r->source, x1, y1, x2, y2, cells_of(nh[0]), cells_of(nh[1]),
                                cells_of(nh[2]), cells_of(nh[3]));
                memcpy(hv, nh, sizeof hv);
            }
        }
        /* A wall shorter than the lattice step that rounds to one point stays, as the point
         * obstacle it is at this precision: no wall is dropped for being short. */
        if (hv[0] == hv[2] && hv[1] == hv[3] && !r->keep_point)
            gg__io_note_add(ctx, GG_IMPORT_APPROXIMATED, 1,
                            "walls shorter than the 1/1024-cell lattice, kept as a point",
                            "%s[%d]: (%.9g,%.9g)-(%.9g,%.9g)", r->label, (int)r->source, c[0], c[1],
                            c[2], c[3]);
        hseg *s = &v[count++];
        memset(s, 0, sizeof *s);
        s->ax = hv[0];
        s->ay = hv[1];
        s->bx = hv[2];
        s->by = hv[3];
        s->blocks = r->blocks;
        s->door = (uint8_t)r->door;
        s->one_way = (uint8_t)r->one_way;
        s->cover = (uint8_t)r->cover;
        s->limited = (uint8_t)r->limited;
        s->prox_sight = r->sight_proximity_ft;
        s->prox_light = r->light_proximity_ft;
        s->bottom = r->bottom_ft;
        s->top = r->top_ft;
        s->secret = r->secret;
        s->first = i;
        s->mergeable = ctx->def->merge_walls && r->door == GG_DOOR_NONE &&
                       (s->ax != s->bx || s->ay != s->by);
        if (s->mergeable)
            canonicalise(s);
    }
    ctx->stats.endpoints_snapped = rounded + cornered;
    ctx->stats.max_snap_cells = max_round > max_corner ? max_round : max_corner;
    if (rounded > 0) {
        char what[GG__IO_WHAT_MAX];
        snprintf(what, sizeof what,
                 "wall endpoints rounded to the 1/%d-cell lattice, by up to %.2g cells", WU,
                 max_round);
        gg__io_note_add(ctx, GG_IMPORT_SNAPPED, rounded, what, "%s", round_example);
    }
    if (cornered > 0) {
        char what[GG__IO_WHAT_MAX];
        snprintf(what, sizeof what,
                 "wall endpoints within 1/%d cell of a grid corner moved onto it, by up to %.3f "
                 "cells",
                 WU / CORNER_SNAP, max_corner);
        gg__io_note_add(ctx, GG_IMPORT_SNAPPED, cornered, what, "%s", corner_example);
    }

    int32_t merged = 0;
    if (ctx->def->merge_walls && count > 1) {
        qsort(v, (size_t)count, sizeof *v, cmp_line);
        count = merge_sorted(v, count, &merged, ctx, ctx->segs);
        qsort(v, (size_t)count, sizeof *v, cmp_first);
    }
    ctx->stats.merged = merged;

    gg_status st = GG_OK;
    gg_wall_def *defs = count > 0 ? gg__io_alloc(ctx->mem, (size_t)count * sizeof *defs) : NULL;
    if (count > 0 && defs == NULL)
        st = gg__io_fail(ctx, GG_E_NO_MEMORY, "out of memory adding walls");
    for (int32_t i = 0; st == GG_OK && i < count; i++) {
        gg_wall_def d = gg_wall_def_default();
        d.x1 = cells_of(v[i].ax);
        d.y1 = cells_of(v[i].ay);
        d.x2 = cells_of(v[i].bx);
        d.y2 = cells_of(v[i].by);
        d.blocks = v[i].blocks;
        d.door = (gg_door)v[i].door;
        d.one_way = (gg_one_way)v[i].one_way;
        d.cover = (gg_cover)v[i].cover;
        d.limited = v[i].limited;
        d.sight_proximity_ft = v[i].prox_sight;
        d.light_proximity_ft = v[i].prox_light;
        d.secret = v[i].secret && d.door != GG_DOOR_NONE;
        d.bottom_ft = v[i].bottom;
        d.top_ft = v[i].top;
        defs[i] = d;
        ctx->stats.walls++;
        if (d.door != GG_DOOR_NONE)
            ctx->stats.doors++;
        if (d.door == GG_DOOR_OPEN)
            ctx->stats.doors_open++;
        if (d.door == GG_DOOR_LOCKED)
            ctx->stats.doors_locked++;
        if (d.one_way != GG_ONE_WAY_NONE)
            ctx->stats.one_way++;
        if (d.cover != GG_COVER_NONE)
            ctx->stats.windows++;
    }
    if (st == GG_OK && count > 0) {
        st = gg_scene_add_walls(scene, defs, count, NULL);
        if (st != GG_OK)
            st = gg__io_fail(ctx, st, "adding %d walls failed: %s", (int)count,
                             gg_scene_message(scene));
    }
    gg__io_free(ctx->mem, defs, (size_t)count * sizeof *defs);
    gg__io_free(ctx->mem, v, (size_t)n * sizeof *v);
    return st;
}
