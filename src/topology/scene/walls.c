/* walls.c - adding, removing and changing walls and doors, with the upkeep that keeps step
 * legality an O(1) read. Layer: topology. */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "base/alloc.h"
#include "topology/scene/def_sizes.h"
#include "topology/scene/scene_internal.h"
#include "topology/scene/wall_index.h"

#define GG__MAX_WALLS (1u << 24)

/* A wall coordinate must be a finite multiple of 1/GG__WALL_UNIT within the limit; returns wall
 * units. Off-lattice values are refused rather than rounded: the scene then holds exactly the
 * walls the host asked for, and gg_scene_get_wall() gives them back unchanged. (The importers
 * round, and say so in their report.) v * U is exact: U is a power of two. */
static bool to_wall_units(double v, int32_t *out)
{
    if (!isfinite(v) || fabs(v) > (double)GG_WALL_COORD_LIMIT)
        return false;
    double h = v * (double)GG__WALL_UNIT;
    if (h != floor(h))
        return false;
    *out = (int32_t)h;
    return true;
}

bool gg__height_units(double ft, int side, int32_t *out)
{
    if (side != 0 && isinf(ft) && (ft < 0) == (side < 0)) {
        *out = side < 0 ? INT32_MIN : INT32_MAX;
        return true;
    }
    if (!isfinite(ft) || fabs(ft) > (double)GG_WALL_HEIGHT_LIMIT_FT)
        return false;
    double h = ft * (double)GG__HEIGHT_UNIT; /* exact: a power of two */
    if (h != floor(h))
        return false;
    *out = (int32_t)h;
    return true;
}

static gg_status validate_def(gg_scene *s, const gg_wall_def *d, int32_t which, gg__wall *out)
{
    if (d->struct_size != (uint32_t)sizeof *d)
        return gg__scene_fail(s, GG_E_BAD_DEF, "wall %d was not made by gg_wall_def_default()",
                              (int)which);
    const double v[4] = {d->x1, d->y1, d->x2, d->y2};
    const char *names[4] = {"x1", "y1", "x2", "y2"};
    int32_t h[4];
    for (int k = 0; k < 4; ++k)
        if (!to_wall_units(v[k], &h[k]))
            return gg__scene_fail(s, GG_E_INVALID_ARG,
                                  "wall %d: %s = %.17g is not a finite multiple of 1/%d within "
                                  "+-%d (round it to the wall lattice first)",
                                  (int)which, names[k], v[k], GG__WALL_UNIT, GG_WALL_COORD_LIMIT);
    if ((d->blocks & ~(uint32_t)GG_BLOCKS_ALL) != 0)
        return gg__scene_fail(s, GG_E_INVALID_ARG, "wall %d: unknown blocks bits 0x%x", (int)which,
                              (unsigned)d->blocks);
    if ((int)d->door < GG_DOOR_NONE || (int)d->door > GG_DOOR_LOCKED)
        return gg__scene_fail(s, GG_E_INVALID_ARG, "wall %d: %d is not a gg_door", (int)which,
                              (int)d->door);
    if ((int)d->one_way < GG_ONE_WAY_NONE || (int)d->one_way > GG_ONE_WAY_RIGHT)
        return gg__scene_fail(s, GG_E_INVALID_ARG, "wall %d: %d is not a gg_one_way", (int)which,
                              (int)d->one_way);
    if ((int)d->cover < GG_COVER_NONE || (int)d->cover > GG_COVER_TOTAL)
        return gg__scene_fail(s, GG_E_INVALID_ARG, "wall %d: %d is not a gg_cover", (int)which,
                              (int)d->cover);
    if ((d->limited & ~(uint32_t)(GG_BLOCKS_SIGHT | GG_BLOCKS_LIGHT)) != 0)
        return gg__scene_fail(s, GG_E_INVALID_ARG,
                              "wall %d: limited 0x%x names more than sight and light", (int)which,
                              (unsigned)d->limited);
    out->one_way = (uint8_t)d->one_way;
    out->cover = (uint8_t)d->cover;
    out->limited = (uint8_t)d->limited;
    const double prox[2] = {d->sight_proximity_ft, d->light_proximity_ft};
    uint32_t units[2];
    for (int k = 0; k < 2; ++k) {
        /* At most 2^30 wall units (beyond every wall of the lattice): exact in uint32. */
        double u = prox[k] * GG__WALL_UNIT / s->cell_size_ft;
        if (!(prox[k] >= 0.0 && u <= 1073741824.0))
            return gg__scene_fail(s, GG_E_INVALID_ARG,
                                  "wall %d: %s_proximity_ft = %.17g is not a distance in 0..%d "
                                  "cells",
                                  (int)which, k == 0 ? "sight" : "light", prox[k],
                                  1073741824 / GG__WALL_UNIT);
        units[k] = (uint32_t)floor(u);
    }
    if ((units[0] > 0 && (d->limited & (uint32_t)GG_BLOCKS_SIGHT) != 0) ||
        (units[1] > 0 && (d->limited & (uint32_t)GG_BLOCKS_LIGHT) != 0))
        return gg__scene_fail(s, GG_E_INVALID_ARG, "wall %d: a sense is both limited and proximity",
                              (int)which);
    out->prox_sight = units[0];
    out->prox_light = units[1];
    if (d->secret && d->door == GG_DOOR_NONE)
        return gg__scene_fail(s, GG_E_INVALID_ARG,
                              "wall %d: secret is set on a wall that is not a door (give it a "
                              "door state)",
                              (int)which);
    out->secret = d->secret ? 1u : 0u;
    const double hv[2] = {d->bottom_ft, d->top_ft};
    int32_t hu[2];
    for (int k = 0; k < 2; ++k)
        if (!gg__height_units(hv[k], k == 0 ? -1 : 1, &hu[k]))
            return gg__scene_fail(s, GG_E_INVALID_ARG,
                                  "wall %d: %s_ft = %.17g is not a multiple of 1/%d ft within "
                                  "+-%d ft (nor %sHUGE_VAL for no bound)",
                                  (int)which, k == 0 ? "bottom" : "top", hv[k], GG__HEIGHT_UNIT,
                                  GG_WALL_HEIGHT_LIMIT_FT, k == 0 ? "-" : "+");
    if (hu[0] > hu[1])
        return gg__scene_fail(s, GG_E_INVALID_ARG, "wall %d: bottom_ft %.17g is above top_ft %.17g",
                              (int)which, d->bottom_ft, d->top_ft);
    out->bottom = hu[0];
    out->top = hu[1];
    out->heights = (hu[0] != INT32_MIN || hu[1] != INT32_MAX) ? 1u : 0u;
    out->a.x = h[0];
    out->a.y = h[1];
    out->b.x = h[2];
    out->b.y = h[3];
    out->blocks = d->blocks;
    out->door = (uint8_t)d->door;
    gg__wall_update_eff(out);
    return GG_OK;
}

static gg_status reserve_walls(gg_scene *s, uint32_t extra, bool use_free)
{
    uint32_t free_slots = 0;
    for (uint32_t f = s->free_head; use_free && f != UINT32_MAX && free_slots < extra;
         f = (uint32_t)s->walls[f].a.x)
        ++free_slots;
    if (free_slots >= extra)
        return GG_OK;
    uint64_t need = (uint64_t)s->wall_slots + (extra - free_slots);
    if (need > GG__MAX_WALLS)
        return gg__scene_fail(s, GG_E_TOO_LARGE, "a scene holds at most %u wall slots",
                              (unsigned)GG__MAX_WALLS);
    if (need <= s->wall_cap)
        return GG_OK;
    uint64_t cap = s->wall_cap ? (uint64_t)s->wall_cap * 2 : 64;
    while (cap < need)
        cap *= 2;
    if (cap > GG__MAX_WALLS)
        cap = GG__MAX_WALLS;
    gg__wall *n = (gg__wall *)gg__alloc_array(&s->alloc, (size_t)cap, sizeof *n);
    if (n == NULL)
        return GG_E_NO_MEMORY;
    for (uint32_t k = 0; k < s->wall_slots; ++k)
        n[k] = s->walls[k];
    gg__free_array(&s->alloc, s->walls, s->wall_cap, sizeof *s->walls);
    s->walls = n;
    s->wall_cap = (uint32_t)cap;
    return GG_OK;
}

/* Takes a slot (reserve_walls() made room) and makes it a live wall. */
static uint32_t insert_wall(gg_scene *s, const gg__wall *w, bool use_free)
{
    uint32_t slot;
    uint32_t gen;
    if (use_free && s->free_head != UINT32_MAX) {
        slot = s->free_head;
        s->free_head = (uint32_t)s->walls[slot].a.x;
        gen = s->walls[slot].generation + 1; /* even (free) -> odd (live) */
    } else {
        slot = s->wall_slots++;
        gen = 1;
    }
    s->walls[slot] = *w;
    s->walls[slot].generation = gen;
    s->live_walls++;
    if (w->cover != GG_COVER_NONE)
        s->cover_walls++;
    if (w->limited != 0)
        s->limited_walls++;
    if (w->prox_sight != 0 || w->prox_light != 0)
        s->prox_walls++;
    if (w->heights)
        s->height_walls++;
    if (gg__is_portal(w))
        s->portal_walls++;
    return slot;
}

static void release_slot(gg_scene *s, uint32_t slot)
{
    gg__wall *w = &s->walls[slot];
    w->generation++; /* odd -> even: ids naming it are now stale */
    if (w->cover != GG_COVER_NONE)
        s->cover_walls--;
    if (w->limited != 0)
        s->limited_walls--;
    if (w->prox_sight != 0 || w->prox_light != 0)
        s->prox_walls--;
    if (w->heights)
        s->height_walls--;
    if (gg__is_portal(w))
        s->portal_walls--;
    w->a.x = (int32_t)s->free_head;
    s->free_head = slot;
    s->live_walls--;
}

static bool refresh_cell(void *vctx, int32_t col, int32_t row)
{
    gg_scene *s = (gg_scene *)vctx;
    gg_cell c = gg_cell_make(col, row);
    gg_hpoint pc = gg__wall_centre(c);
    uint8_t bits = 0;
    for (int d = 0; d < 8; ++d) {
        gg_cell n = gg_cell_make(col + gg__dirs[d].dc, row + gg__dirs[d].dr);
        if (gg__in(s, n) &&
            gg__segment_hits_wall(s, pc, gg__wall_centre(n), (uint32_t)GG_BLOCKS_MOVEMENT))
            bits |= (uint8_t)(1u << d);
    }
    uint8_t *mw = &gg__move_walls_row_w(s, row)[col];
    *mw = bits;
    return false;
}

void gg__refresh_move_walls_near(gg_scene *s, gg_hpoint a, gg_hpoint b)
{
    /* A step segment from cell c stays within the centres of c's neighbours, so a wall point
     * can touch it only if the point's cell is within one cell of c. */
    gg__for_each_bucket(a, b, GG__WALL_UNIT, 1, s->width, s->height, refresh_cell, s);
}

typedef struct add_ctx {
    gg_scene *s;
    const gg__wall *w;
    int64_t ex, ey;   /* b - a, wall units */
    int64_t delta[8]; /* o(neighbour centre) - o(cell centre) in direction d (o: side of line) */
    int64_t lo[8], hi[8]; /* direction d's step crosses the line when o(cell centre) is in here */
    int64_t max_delta;    /* max |delta[d]| */
    unsigned not_up, not_down; /* directions that stay on the map from the top / bottom row */
} add_ctx;

static int64_t cheb_h(gg_hpoint p, gg_hpoint q)
{
    int64_t dx = (int64_t)p.x - q.x, dy = (int64_t)p.y - q.y;
    dx = dx < 0 ? -dx : dx;
    dy = dy < 0 ? -dy : dy;
    return dx > dy ? dx : dy;
}

/* A new wall can only block more steps, so each cell near it gains the steps this one wall
 * blocks: a test against one wall per step, instead of refresh_cell()'s eight index queries
 * against every wall nearby. The test is the one gg__segment_hits_wall() applies to each wall
 * (live, blocks movement now, faces the step's start, touches the segment), so the byte equals
 * a full recompute.
 *
 * A step C -> N can touch the wall only if C and N are not strictly on one side of the wall's
 * line (o, linear, so o(N) = o(C) + delta). When they are not, CN meets the line at a point X
 * within one cell (Chebyshev) of C; and a cell visited here holds, within one cell, a point P of
 * the wall, within 1.5 cells of C. If X were off the wall, an endpoint would lie between P and X
 * on the line, within 1.5 cells of C. So when both endpoints are farther than that (NEAR wall
 * units), the step touches the wall, and only cells near an endpoint need the full segment
 * test. */
#define NEAR (3 * GG__WALL_UNIT / 2)
static bool add_cell_bits(void *vctx, int32_t col, int32_t row)
{
    const add_ctx *a = (const add_ctx *)vctx;
    gg_scene *s = a->s;
    const gg_hpoint pc = gg__wall_centre(gg_cell_make(col, row));
    const bool point = s->point_rule;
    if (!point && !gg__wall_faces(a->w, pc))
        return false;
    uint8_t *mw = &gg__move_walls_row_w(s, row)[col];
    uint8_t bits = *mw;
    const gg_hpoint wa = a->w->a, wb = a->w->b;
    const int64_t oc = a->ex * ((int64_t)pc.y - wa.y) - a->ey * ((int64_t)pc.x - wa.x);
    const bool inner = col > 0 && row > 0 && col < s->width - 1 && row < s->height - 1;
    const bool far = cheb_h(pc, wa) > NEAR && cheb_h(pc, wb) > NEAR;
    for (int d = 0; d < 8; ++d) {
        if ((bits >> d & 1u) != 0)
            continue;
        const int64_t on = oc + a->delta[d];
        if ((oc > 0 && on > 0) || (oc < 0 && on < 0))
            continue;
        gg_cell n = gg_cell_make(col + gg__dirs[d].dc, row + gg__dirs[d].dr);
        if (!inner && !gg__in(s, n))
            continue;
        /* Under the point rule the step is judged exactly, by its own rule (a centre on some
         * wall moves every wall a hair, gg__segment_rule()). */
        if (point) {
            const gg_hpoint pn = gg__wall_centre(n);
            const uint32_t mv = (uint32_t)GG_BLOCKS_MOVEMENT;
            const int rule = gg__segment_rule(s, pc, pn, mv);
            if (gg__wall_stops(rule, a->w, pc, pn, mv) &&
                !gg__doorway_excuses(s, rule, a->w, pc, pn, mv, false))
                bits |= (uint8_t)(1u << d);
        } else if (far || gg_segments_intersect(pc, gg__wall_centre(n), wa, wb)) {
            bits |= (uint8_t)(1u << d);
        }
    }
    *mw = bits;
    return false;
}

static int64_t floor_div64(int64_t n, int64_t d) /* d > 0 */
{
    int64_t q = n / d;
    return (n % d != 0 && n < 0) ? q - 1 : q;
}

static int64_t ceil_div64(int64_t n, int64_t d) { return -floor_div64(-n, d); } /* d > 0 */

/* add_cell_bits() for a run of cells, one column at a time, for a two-way wall. Along column
 * `col`, o(cell centre) = oc0 + k * row is linear, and direction d's step crosses the wall's line
 * exactly when o(C) lies in [lo[d], hi[d]] (o(C) and o(C) + delta[d] not strictly on one side),
 * so only the rows with |o(C)| <= max |delta| (found by one division) can gain a step. Those away
 * from both endpoints gain each crossing step (add_cell_bits() says why); the cells near an
 * endpoint are left to add_cell_bits(), called on them separately. A long wall thus costs about
 * the cells beside it, not eight tests for every cell near it. */
static bool add_strip_bits(void *vctx, int32_t col, int32_t j0, int32_t j1)
{
    const add_ctx *a = (const add_ctx *)vctx;
    gg_scene *s = a->s;
    const gg_hpoint wa = a->w->a, wb = a->w->b;
    const int64_t cx = GG__WALL_UNIT * (int64_t)col + GG__WALL_UNIT / 2;
    const int64_t oc0 = a->ex * (GG__WALL_UNIT / 2 - (int64_t)wa.y) - a->ey * (cx - wa.x);
    const int64_t k = GG__WALL_UNIT * a->ex, m = a->max_delta;
    int64_t r0 = j0, r1 = j1;
    if (k == 0) {
        if (oc0 < -m || oc0 > m)
            return false;
    } else {
        /* |oc0 + k r| <= m, with k made positive (the interval is symmetric). */
        const int64_t base = k > 0 ? oc0 : -oc0, kk = k > 0 ? k : -k;
        const int64_t from = ceil_div64(-m - base, kk), to = floor_div64(m - base, kk);
        r0 = from > r0 ? from : r0;
        r1 = to < r1 ? to : r1;
    }
    /* Neighbours on the map: the column's part, then the row's. */
    unsigned colmask = 0xFFu;
    for (int d = 0; (col == 0 || col == s->width - 1) && d < 8; ++d)
        if (col + gg__dirs[d].dc < 0 || col + gg__dirs[d].dc >= s->width)
            colmask &= ~(1u << d);
    const bool near = (cx - wa.x <= NEAR && wa.x - cx <= NEAR) ||
                      (cx - wb.x <= NEAR && wb.x - cx <= NEAR);
    int64_t oc = oc0 + k * r0;
    for (int64_t row = r0; row <= r1; ++row, oc += k) {
        if (s->point_rule) {
            /* A centre on the wall, or a neighbour's: the exact test decides (add_cell_bits()). */
            bool on_line = oc == 0;
            for (int d = 0; d < 8 && !on_line; ++d)
                on_line = oc + a->delta[d] == 0;
            if (on_line) {
                (void)add_cell_bits(vctx, col, (int32_t)row);
                continue;
            }
        }
        if (near) {
            const gg_hpoint pc = {(int32_t)cx, (int32_t)(GG__WALL_UNIT * row + GG__WALL_UNIT / 2)};
            if (cheb_h(pc, wa) <= NEAR || cheb_h(pc, wb) <= NEAR)
                continue; /* near an endpoint: add_cell_bits() decides */
        }
        unsigned add = 0;
        for (int d = 0; d < 8; ++d)
            add |= (unsigned)(oc >= a->lo[d] && oc <= a->hi[d]) << d;
        add &= colmask;
        if (row == 0)
            add &= a->not_up;
        if (row == s->height - 1)
            add &= a->not_down;
        uint8_t *mw = &gg__move_walls_row_w(s, (int64_t)row)[col];
        *mw = (uint8_t)(*mw | add);
    }
    return false;
}

/* add_cell_bits() on the cells whose centres lie within NEAR wall units of endpoint e. */
static void add_endpoint_bits(add_ctx *a, gg_hpoint e)
{
    /* centre Uc + U/2 in [e - 3U/2, e + 3U/2]  <=>  c in [ceil((e - 2U) / U), floor((e + U) / U)] */
    const int64_t U = GG__WALL_UNIT;
    int64_t c0 = ceil_div64((int64_t)e.x - 2 * U, U), c1 = floor_div64((int64_t)e.x + U, U);
    int64_t r0 = ceil_div64((int64_t)e.y - 2 * U, U), r1 = floor_div64((int64_t)e.y + U, U);
    for (int64_t row = r0 < 0 ? 0 : r0; row <= r1 && row < a->s->height; ++row)
        for (int64_t col = c0 < 0 ? 0 : c0; col <= c1 && col < a->s->width; ++col)
            (void)add_cell_bits(a, (int32_t)col, (int32_t)row);
}

/* Under the point rule a wall through a centre changes how every step from or to that cell is
 * judged (gg__segment_rule()), against every wall: those steps are recomputed in full. */
static bool centre_on_wall(void *vctx, int32_t col, int32_t row)
{
    const add_ctx *a = (const add_ctx *)vctx;
    if (!gg__on_segment(gg__wall_centre(gg_cell_make(col, row)), a->w->a, a->w->b))
        return false;
    for (int32_t r = row - 1; r <= row + 1; ++r)
        for (int32_t c = col - 1; c <= col + 1; ++c)
            if (gg__in(a->s, gg_cell_make(c, r)))
                (void)refresh_cell(a->s, c, r);
    return false;
}

/* The movement upkeep for a wall just added: the cells within one cell of it gain the steps it
 * blocks. Costs the cells the wall touches, whatever the map size or the walls around it, so a
 * batch of N walls costs the sum over the batch. */
static void add_move_walls(gg_scene *s, const gg__wall *w)
{
    if (!gg__wall_live(w) || (gg__wall_effective_blocks(w) & (uint32_t)GG_BLOCKS_MOVEMENT) == 0)
        return;
    add_ctx a;
    a.s = s;
    a.w = w;
    a.ex = (int64_t)w->b.x - w->a.x;
    a.ey = (int64_t)w->b.y - w->a.y;
    a.max_delta = 0;
    a.not_up = a.not_down = 0xFFu;
    for (int d = 0; d < 8; ++d) {
        a.delta[d] = a.ex * GG__WALL_UNIT * gg__dirs[d].dr - a.ey * GG__WALL_UNIT * gg__dirs[d].dc;
        a.lo[d] = a.delta[d] < 0 ? 0 : -a.delta[d];
        a.hi[d] = a.delta[d] < 0 ? -a.delta[d] : 0;
        if (a.hi[d] - a.lo[d] > a.max_delta)
            a.max_delta = a.hi[d] - a.lo[d];
        if (gg__dirs[d].dr < 0)
            a.not_up &= ~(1u << d);
        if (gg__dirs[d].dr > 0)
            a.not_down &= ~(1u << d);
    }
    if (w->one_way != GG_ONE_WAY_NONE) { /* blocks from one side only: cell by cell */
        gg__for_each_bucket(w->a, w->b, GG__WALL_UNIT, 1, s->width, s->height, add_cell_bits, &a);
    } else {
        gg__for_each_bucket_strip(w->a, w->b, GG__WALL_UNIT, 1, s->width, s->height, add_strip_bits,
                                  &a);
        add_endpoint_bits(&a, w->a);
        add_endpoint_bits(&a, w->b);
    }
    if (s->point_rule)
        gg__for_each_bucket(w->a, w->b, GG__WALL_UNIT, 0, s->width, s->height, centre_on_wall, &a);
}

/* Under the point rule a new open portal can excuse other walls' touches at its ends (doorway.c):
 * the steps through a point lie within one cell of it, so the cells there are recomputed. */
static void add_portal_ends(gg_scene *s, const gg__wall *w)
{
    if (!s->point_rule || !gg__wall_live(w) || !gg__is_portal(w))
        return;
    gg__refresh_move_walls_near(s, w->a, w->a);
    gg__refresh_move_walls_near(s, w->b, w->b);
}

static gg_wall_id id_of(const gg_scene *s, uint32_t slot)
{
    gg_wall_id id;
    id.index = slot;
    id.generation = s->walls[slot].generation;
    return id;
}

gg_status gg_scene_add_wall(gg_scene *s, const gg_wall_def *def, gg_wall_id *out_id)
{
    return gg_scene_add_walls(s, def, 1, out_id);
}

/* Forgets a wall that was just inserted: out of the pending list, slot released. */
static void forget_wall(gg_scene *s, uint32_t slot)
{
    gg__wall_index *ix = &s->index;
    for (uint32_t k = 0; k < ix->pending_count; ++k)
        if (ix->pending[k] == slot) {
            ix->pending[k] = ix->pending[--ix->pending_count];
            break;
        }
    release_slot(s, slot);
}

/* Walls built against the 0.2 header end before `limited` (GG__WALL_DEF_SIZE_0_2): an array of
 * them is read with that stride, each missing field as its default (docs/api.md, "Growing
 * without breaking"). */

/* The k-th def of an array whose elements are `stride` bytes, as a whole current def. */
static const gg_wall_def *def_at(const gg_wall_def *defs, uint32_t stride, int32_t k,
                                 gg_wall_def *upgraded)
{
    const gg_wall_def *d = (const gg_wall_def *)(const void *)((const char *)defs +
                                                               (size_t)k * stride);
    if (stride == (uint32_t)sizeof *defs || d->struct_size != GG__WALL_DEF_SIZE_0_2)
        return d;
    *upgraded = gg_wall_def_default();
    memcpy(upgraded, d, GG__WALL_DEF_SIZE_0_2);
    upgraded->struct_size = (uint32_t)sizeof *upgraded;
    return upgraded;
}

/* Few walls: each joins the pending list (free slots reused). */
#define GG__SMALL_BATCH 8

gg_status gg_scene_add_walls(gg_scene *s, const gg_wall_def *defs, int32_t count,
                             gg_wall_id *out_ids)
{
    if (s == NULL)
        return GG_E_INVALID_ARG;
    s->message[0] = '\0';
    if (count < 0 || (defs == NULL && count > 0))
        return gg__scene_fail(s, GG_E_INVALID_ARG, "count is negative or defs is NULL");
    if (count == 0)
        return GG_OK;
    if ((uint64_t)count + s->live_walls > GG__MAX_WALLS)
        return gg__scene_fail(s, GG_E_TOO_LARGE, "a scene holds at most %u walls",
                              (unsigned)GG__MAX_WALLS);
    /* The first element's struct_size is the array's stride; validate_def() refuses any
     * element whose own struct_size differs from the current one after upgrading. */
    uint32_t stride = defs[0].struct_size == GG__WALL_DEF_SIZE_0_2 ? GG__WALL_DEF_SIZE_0_2
                                                                   : (uint32_t)sizeof *defs;
    gg_wall_def upgraded;
    for (int32_t k = 0; k < count; ++k) {
        gg__wall tmp;
        gg_status st = validate_def(s, def_at(defs, stride, k, &upgraded), k, &tmp);
        if (gg_failed(st))
            return st;
    }
    /* The wall-plane rows the walls will paint, before anything changes (sight_planes.c): a
     * failure leaves the scene as it was, but for rows of zeros. */
    for (int32_t k = 0; k < count; ++k) {
        gg__wall tmp;
        (void)validate_def(s, def_at(defs, stride, k, &upgraded), k, &tmp);
        gg_status st = gg__sight_planes_reserve(s, &tmp);
        if (gg_failed(st))
            return gg__scene_fail(s, st, "no memory for the wall plane");
    }
    if (count <= GG__SMALL_BATCH) {
        gg_status st = reserve_walls(s, (uint32_t)count, true);
        if (gg_failed(st))
            return st;
        uint32_t slots[GG__SMALL_BATCH];
        for (int32_t k = 0; k < count; ++k) {
            gg__wall w;
            (void)validate_def(s, def_at(defs, stride, k, &upgraded), k, &w);
            slots[k] = insert_wall(s, &w, true);
            st = gg__wall_index_add(s, slots[k]);
            if (gg_failed(st)) {
                for (int32_t u = k; u >= 0; --u) /* reverse order restores the free list */
                    forget_wall(s, slots[u]);
                return st;
            }
        }
        for (int32_t k = 0; k < count; ++k) {
            if (out_ids != NULL)
                out_ids[k] = id_of(s, slots[k]);
            add_move_walls(s, &s->walls[slots[k]]);
            add_portal_ends(s, &s->walls[slots[k]]);
            gg__sight_planes_wall_added(s, &s->walls[slots[k]]);
        }
        return GG_OK;
    }
    /* Bulk: append to fresh slots and index everything in one pass. */
    gg_status st = reserve_walls(s, (uint32_t)count, false);
    if (gg_failed(st))
        return st;
    uint32_t first = s->wall_slots;
    for (int32_t k = 0; k < count; ++k) {
        gg__wall w;
        (void)validate_def(s, def_at(defs, stride, k, &upgraded), k, &w);
        (void)insert_wall(s, &w, false);
    }
    st = gg__wall_index_rebuild(s);
    if (gg_failed(st)) {
        for (uint32_t slot = first; slot < s->wall_slots; ++slot) {
            if (s->walls[slot].cover != GG_COVER_NONE)
                s->cover_walls--;
            if (s->walls[slot].limited != 0)
                s->limited_walls--;
            if (s->walls[slot].prox_sight != 0 || s->walls[slot].prox_light != 0)
                s->prox_walls--;
            if (s->walls[slot].heights)
                s->height_walls--;
            if (gg__is_portal(&s->walls[slot]))
                s->portal_walls--;
            s->walls[slot].generation = 0;
        }
        s->wall_slots = first;
        s->live_walls -= (uint32_t)count;
        return st;
    }
    for (int32_t k = 0; k < count; ++k) {
        uint32_t slot = first + (uint32_t)k;
        if (out_ids != NULL)
            out_ids[k] = id_of(s, slot);
        add_move_walls(s, &s->walls[slot]);
        add_portal_ends(s, &s->walls[slot]);
        gg__sight_planes_wall_added(s, &s->walls[slot]);
    }
    return GG_OK;
}

static gg_status lookup(const gg_scene *s, gg_wall_id id)
{
    if (id.index >= s->wall_slots || s->walls[id.index].generation != id.generation ||
        !gg__wall_live(&s->walls[id.index]))
        return GG_E_STALE_ID;
    return GG_OK;
}

gg_status gg_scene_remove_wall(gg_scene *s, gg_wall_id id)
{
    if (s == NULL)
        return GG_E_INVALID_ARG;
    s->message[0] = '\0';
    if (lookup(s, id) != GG_OK)
        return gg__scene_fail(s, GG_E_STALE_ID, "wall id %u/%u names no live wall",
                              (unsigned)id.index, (unsigned)id.generation);
    gg__wall old = s->walls[id.index];
    /* Drop it from the pending list if it is there; CSR entries are skipped once dead. */
    gg__wall_index *ix = &s->index;
    for (uint32_t k = 0; k < ix->pending_count; ++k)
        if (ix->pending[k] == id.index) {
            ix->pending[k] = ix->pending[--ix->pending_count];
            break;
        }
    release_slot(s, id.index);
    gg__refresh_move_walls_near(s, old.a, old.b);
    gg__sight_planes_wall_removed(s, &old);
    return GG_OK;
}

gg_status gg_scene_set_door(gg_scene *s, gg_wall_id id, gg_door door)
{
    if (s == NULL)
        return GG_E_INVALID_ARG;
    s->message[0] = '\0';
    if ((int)door < GG_DOOR_NONE || (int)door > GG_DOOR_LOCKED)
        return gg__scene_fail(s, GG_E_INVALID_ARG, "%d is not a gg_door", (int)door);
    if (lookup(s, id) != GG_OK)
        return gg__scene_fail(s, GG_E_STALE_ID, "wall id %u/%u names no live wall",
                              (unsigned)id.index, (unsigned)id.generation);
    gg__wall *w = &s->walls[id.index];
    const gg__wall old = *w;
    s->portal_walls -= gg__is_portal(w) ? 1u : 0u;
    w->door = (uint8_t)door;
    if (door == GG_DOOR_NONE)
        w->secret = 0u; /* no longer a door, so no longer a secret one */
    gg__wall_update_eff(w);
    s->portal_walls += gg__is_portal(w) ? 1u : 0u;
    gg__refresh_move_walls_near(s, w->a, w->b);
    gg__sight_planes_wall_removed(s, &old);
    gg__sight_planes_wall_added(s, w);
    return GG_OK;
}

void gg__wall_def_of(const gg_scene *s, const gg__wall *w, bool knows_secrets, gg_wall_def *out)
{
    *out = gg_wall_def_default();
    out->x1 = (double)w->a.x / GG__WALL_UNIT;
    out->y1 = (double)w->a.y / GG__WALL_UNIT;
    out->x2 = (double)w->b.x / GG__WALL_UNIT;
    out->y2 = (double)w->b.y / GG__WALL_UNIT;
    out->blocks = w->blocks;
    out->door = (gg_door)w->door;
    out->one_way = (gg_one_way)w->one_way;
    out->cover = (gg_cover)w->cover;
    out->limited = w->limited;
    out->sight_proximity_ft = (double)w->prox_sight * s->cell_size_ft / GG__WALL_UNIT;
    out->light_proximity_ft = (double)w->prox_light * s->cell_size_ft / GG__WALL_UNIT;
    out->secret = w->secret != 0;
    if (w->bottom != INT32_MIN)
        out->bottom_ft = (double)w->bottom / GG__HEIGHT_UNIT;
    if (w->top != INT32_MAX)
        out->top_ft = (double)w->top / GG__HEIGHT_UNIT;
    if (w->secret && !knows_secrets) {
        /* What a player sees: a closed or locked secret door is a wall; an open one an opening. */
        out->secret = false;
        if (w->door != GG_DOOR_OPEN)
            out->door = GG_DOOR_NONE;
    }
}

/* A gg_view_def from the caller, or the defaults; NULL when its struct_size is unknown. */
const gg_view_def *gg__view_def_or_default(const gg_view_def *view, gg_view_def *dflt)
{
    *dflt = gg_view_def_default();
    if (view == NULL)
        return dflt;
    return view->struct_size == (uint32_t)sizeof *view ? view : NULL;
}

int32_t gg_scene_wall_count(const gg_scene *s) { return s ? (int32_t)s->live_walls : 0; }
