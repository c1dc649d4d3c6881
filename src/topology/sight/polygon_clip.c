/* polygon_clip.c - the visibility polygon's output: vertices as they leave the sweep, clipped to
 * the disc of the radius with arcs drawn as chords (the chord rule of docs/vision.md), written
 * to the caller's array with repeats dropped. Layer: topology. */
#include <math.h>
#include <string.h>

#include "topology/sight/polygon_internal.h"

static void put(out_state *o, double x, double y)
{
    if (o->count > 0 && x == o->lx && y == o->ly)
        return;
    if (o->count < o->cap) {
        o->xy[2 * o->count] = x;
        o->xy[2 * o->count + 1] = y;
    }
    if (o->count == 0) {
        o->fx = x;
        o->fy = y;
    }
    o->lx = x;
    o->ly = y;
    o->count++;
}

static void emit_rel(clip_state *c, double x, double y)
{
    put(c->o, c->o->vx + x / GG__WALL_UNIT, c->o->vy + y / GG__WALL_UNIT);
}

static double turn(double ax, double ay, double bx, double by)
{
    double t = atan2(ax * by - ay * bx, ax * bx + ay * by);
    return t > 0 ? t : 0; /* the boundary never turns back around the viewer */
}

/* The chords of the arc from (ax, ay) counter-clockwise through `sweep` radians: the points
 * strictly between its ends. */
static void emit_arc(clip_state *c, double ax, double ay, double sweep)
{
    int32_t n = (int32_t)ceil(sweep / c->step - 1e-12);
    const double a0 = atan2(ay, ax);
    for (int32_t k = 1; k < n; ++k) {
        const double a = a0 + sweep * k / n;
        emit_rel(c, c->r * cos(a), c->r * sin(a));
    }
}

static void clip_edge(clip_state *c, double px, double py, double qx, double qy)
{
    const double dx = qx - px, dy = qy - py;
    const double a = dx * dx + dy * dy, b = px * dx + py * dy, cc = px * px + py * py - c->r2;
    const bool p_in = cc <= 0, q_in = qx * qx + qy * qy <= c->r2;
    double lo = 1, hi = 0;
    if (a > 0) {
        const double disc = b * b - a * cc;
        if (disc >= 0) {
            const double sq = sqrt(disc);
            lo = (-b - sq) / a;
            hi = (-b + sq) / a;
            /* Both ends outside and the line only grazes the circle (a tangent: the roots meet,
             * and their rounding grows to 1.5e-8 of the edge): no part of it is inside (the
             * chord left out is at most a quarter of arc_error long). An arc split there would
             * come out as two arcs whose ends miss each other by that much. */
            if (!p_in && !q_in && hi - lo <= 1e-7 && (hi - lo) * sqrt(a) <= c->snap)
                lo = 1, hi = 0;
        }
    }
    /* An end inside the disc (on the circle included) bounds the inside part, whatever the
     * rounding of the roots: an edge that only touches the circle at an end still reaches it. */
    if (p_in) {
        lo = 0;
        hi = hi < 0 ? 0 : hi;
    }
    if (q_in) {
        hi = 1;
        lo = lo > 1 ? 1 : lo;
    }
    lo = lo < 0 ? 0 : lo;
    hi = hi > 1 ? 1 : hi;
    /* A crossing within rounding of an end that is inside the disc is that end: an edge that
     * enters the disc exactly at its end q (or leaves it exactly at its start p) must not give a
     * second vertex a hair from the end (a repeated, collinear vertex). "Within rounding" is
     * relative, and wide: where the edge's line touches the circle at that end (a tangent), the
     * two roots meet and their rounding grows to the square root of the doubles' precision times
     * the edge's length (1.5e-8 of it); a crossing that close is the end, moved by at most a
     * quarter of the chord rule's bound (arc_error). */
    const double len = sqrt(a);
    if (q_in && lo < 1 && 1 - lo <= 1e-7 && (1 - lo) * len <= c->snap)
        lo = 1;
    if (p_in && hi > 0 && hi <= 1e-7 && hi * len <= c->snap)
        hi = 0;
    if (lo > hi) { /* wholly outside: the arc grows by the edge's turn */
        if (c->exit)
            c->gap += turn(px, py, qx, qy);
        else if (!c->any)
            c->pre_gap += turn(px, py, qx, qy);
        return;
    }
    if (lo > 0 || !c->any) {
        const double fx = lo >= 1 ? qx : px + lo * dx, fy = lo >= 1 ? qy : py + lo * dy;
        if (c->exit) {
            c->gap += turn(px, py, fx, fy);
            emit_arc(c, c->ex, c->ey, c->gap);
            c->exit = false;
        } else if (!c->any && lo > 0) {
            c->first_entry = true;
            c->pre_gap += turn(px, py, fx, fy);
        }
        emit_rel(c, fx, fy);
        c->any = true;
    }
    if (hi >= 1) {
        emit_rel(c, qx, qy);
    } else {
        c->ex = px + hi * dx;
        c->ey = py + hi * dy;
        emit_rel(c, c->ex, c->ey);
        c->exit = true;
        c->gap = turn(c->ex, c->ey, qx, qy);
    }
}

void gg__poly_clip_vertex(clip_state *c, double x, double y)
{
    if (!c->on) {
        emit_rel(c, x, y);
        return;
    }
    if (c->raw++ == 0) {
        c->x0 = x;
        c->y0 = y;
    } else {
        clip_edge(c, c->px, c->py, x, y);
    }
    c->px = x;
    c->py = y;
}

void gg__poly_clip_finish(clip_state *c)
{
    if (!c->on || c->raw == 0)
        return;
    clip_edge(c, c->px, c->py, c->x0, c->y0);
    if (!c->any) { /* the disc sees no wall: the whole circle */
        const int32_t n = (int32_t)ceil(2 * 3.14159265358979323846 / c->step - 1e-12);
        for (int32_t k = 0; k < (n < 3 ? 3 : n); ++k) {
            const double a = 2 * 3.14159265358979323846 * k / (n < 3 ? 3 : n);
            emit_rel(c, c->r * cos(a), c->r * sin(a));
        }
        return;
    }
    if (c->exit && c->first_entry)
        emit_arc(c, c->ex, c->ey, c->gap + c->pre_gap);
}

/* ---- The canonical start (docs/vision.md, "Output") ---------------------------------------------
 * Where the sweep starts depends on which wall it meets first; the output is rotated to start
 * at a vertex chosen from the output vertices alone (the leftmost, then the topmost: two
 * comparisons of doubles per vertex, no arithmetic), so that the same cycle of vertices is the
 * same array wherever the sweep started. (It does not make the vertices themselves independent
 * of the walls the sweep met: each is rounded from values that follow its path.) */

static void reverse_pairs(double *xy, int32_t i, int32_t j) /* vertices [i, j) */
{
    for (--j; i < j; ++i, --j) {
        const double x = xy[2 * i], y = xy[2 * i + 1];
        xy[2 * i] = xy[2 * j];
        xy[2 * i + 1] = xy[2 * j + 1];
        xy[2 * j] = x;
        xy[2 * j + 1] = y;
    }
}

/* Vertex i comes before vertex j: smaller x, then smaller y; the same point twice (rare): the
 * cycle that continues with the smaller vertices. */
static bool vertex_before(const double *xy, int32_t n, int32_t i, int32_t j)
{
    for (int32_t k = 0; k < n; ++k) {
        const double *a = &xy[2 * ((i + k) % n)], *b = &xy[2 * ((j + k) % n)];
        if (a[0] != b[0])
            return a[0] < b[0];
        if (a[1] != b[1])
            return a[1] < b[1];
    }
    return false; /* the same cycle from both: either start gives the same array */
}

void gg__poly_canonical_start(double *xy, int32_t n)
{
    int32_t best = 0;
    double bx = n > 0 ? xy[0] : 0, by = n > 0 ? xy[1] : 0;
    for (int32_t i = 1; i < n; ++i) {
        const double x = xy[2 * i], y = xy[2 * i + 1];
        if (x > bx || (x == bx && y > by))
            continue;
        if (x == bx && y == by && !vertex_before(xy, n, i, best))
            continue;
        best = i;
        bx = x;
        by = y;
    }
    gg__poly_rotate(xy, n, best);
}

void gg__poly_rotate(double *xy, int32_t n, int32_t first)
{
    if (first <= 0 || first >= n)
        return;
    /* The shorter part through a small buffer (three block moves), else three reversals. */
    double tmp[2 * 64];
    const size_t head = (size_t)first * 2 * sizeof *xy, tail = (size_t)(n - first) * 2 * sizeof *xy;
    if (first <= 64) {
        memcpy(tmp, xy, head);
        memmove(xy, xy + 2 * first, tail);
        memcpy(xy + 2 * (n - first), tmp, head);
    } else if (n - first <= 64) {
        memcpy(tmp, xy + 2 * first, tail);
        memmove(xy + 2 * (n - first), xy, head);
        memcpy(xy, tmp, tail);
    } else {
        reverse_pairs(xy, 0, first);
        reverse_pairs(xy, first, n);
        reverse_pairs(xy, 0, n);
    }
}
