/* sight.c - terrain line of sight on hex boards (traceGameboardSight model, plus supercover and
 * partial opacity). Layer: hex. */
#include "core/line_walk.h"
#include "hex/board_internal.h"

#if defined(__GNUC__)
#define HEX_INLINE static inline __attribute__((always_inline))
#else
#define HEX_INLINE static inline
#endif

/* Where tiles come from: the board directly (no indirect call on the hot path) or a callback. */
typedef struct lookup {
    const gg_hex_board *board;
    gg_hex_tile_fn fn;
    void *user;
} lookup;

static inline bool sample(const lookup *lk, gg_hex h, gg_hex_tile *t)
{
    if (lk->board != NULL) {
        int32_t i = gg__board_index(lk->board, h);
        if (i < 0 || !lk->board->present[i])
            return false;
        *t = lk->board->tiles[i];
        return true;
    }
    return lk->fn(lk->user, h, t);
}

/* The ground height of an endpoint; false when its tile is missing. */
static inline bool ground_of(const lookup *lk, gg_hex h, double *ground)
{
    if (lk->board != NULL) {
        int32_t i = gg__board_index(lk->board, h);
        if (i < 0 || !lk->board->present[i])
            return false;
        *ground = lk->board->tiles[i].ground;
        return true;
    }
    gg_hex_tile t;
    if (!lk->fn(lk->user, h, &t))
        return false;
    *ground = t.ground;
    return true;
}

static void result_init(gg_hex_sight_result *out)
{
    out->visible = false;
    out->reason = GG_SIGHT_CLEAR;
    out->fault = GG_SIGHT_FAULT_NONE;
    out->distance = 0;
    out->has_blocker = false;
    out->blocker = gg_hex_make(0, 0);
    out->blocker_index = -1;
    out->opacity = 0.0;
}

static gg_status stop(gg_hex_sight_result *out, gg_sight_reason reason, gg_hex at, int32_t index,
                      gg_status ok)
{
    out->visible = false;
    out->reason = reason;
    out->has_blocker = true;
    out->blocker = at;
    out->blocker_index = index;
    return ok;
}

static gg_status fault(gg_hex_sight_result *out, gg_sight_fault f)
{
    out->fault = f;
    return GG_E_INVALID_ARG;
}

static bool cube_fits(gg_hex h)
{
    int64_t s = -(int64_t)h.q - h.r, lim = GG_HEX_SUPERCOVER_LIMIT;
    return h.q >= -lim && h.q <= lim && h.r >= -lim && h.r <= lim && s >= -lim && s <= lim;
}

/* Checks one intermediate cell; returns GG_OK to continue, 1 to stop as blocked (out filled), or
 * a failure status. */
static int walk_cell(const lookup *lk, gg_hex c, int32_t index, double line_z, gg__sight_acc *acc,
                     gg_hex_sight_result *out)
{
    gg_hex_tile t;
    if (!sample(lk, c, &t)) {
        (void)stop(out, GG_SIGHT_MISSING_TILE, c, index, GG_OK);
        return 1;
    }
    if (!gg__finite(t.ground))
        return fault(out, GG_SIGHT_FAULT_GROUND);
    if (!gg__finite(t.obstruction) || t.obstruction < 0.0)
        return fault(out, GG_SIGHT_FAULT_OBSTRUCTION);
    if (acc->threshold != 0.0 && (!gg__finite(t.density) || t.density < 0.0))
        return fault(out, GG_SIGHT_FAULT_DENSITY);
    if (gg__sight_blocks(acc, t.ground, t.obstruction, t.density, line_z)) {
        out->opacity = acc->sum;
        (void)stop(out, GG_SIGHT_OCCLUDED, c, index, GG_OK);
        return 1;
    }
    return GG_OK;
}

/* Plain centre sight over a board (threshold 0), the common query. Every tile on a board was
 * checked finite when it was set (gg_hex_board_set_tile), so no intermediate hex can fault, and
 * the board keeps each hex's top (ground + obstruction, +infinity where no tile is): a hex can
 * stop the walk only when !(top < line_z), one load and one compare per hex, as in a plain walk
 * over an array of tops. A stop is then decided exactly as walk_cell() decides it: a missing
 * tile, or top >= line_z (a NaN line height, which only overflowing heights give, blocks nothing
 * and the walk goes on). `traced` holds the line when the caller's buffer took it, else each
 * sample is computed here with the reference line's arithmetic. */
/* One loop per case (the line from the trace or computed, bounds tested or not), so the loop
 * tests neither. */
HEX_INLINE bool board_walk_loop(const gg_hex_board *b, gg_hex from, gg_hex to, int32_t d,
                                const gg_hex *traced, bool checked, double eye_z, double target_z,
                                gg_hex_sight_result *out)
{
    const double aq = (double)from.q, ar = (double)from.r;
    const double dq = (double)to.q - (double)from.q, dr = (double)to.r - (double)from.r;
    const double dd = (double)d;
    const double *top = b->top;
    const int64_t qc = b->q_count, base = b->index_base;
    for (int32_t i = 1; i < d; ++i) {
        int64_t cq, cr;
        if (traced != NULL) {
            cq = traced[i].q;
            cr = traced[i].r;
        } else {
            double rq, rr;
            gg__hex_line_sample_d(aq, ar, dq, dr, (double)i, dd, &rq, &rr);
            cq = (int64_t)rq;
            cr = (int64_t)rr;
        }
        const double line_z = gg__line_z(eye_z, target_z, (double)i / dd);
        const gg_hex c = gg_hex_make((int32_t)cq, (int32_t)cr);
        const int32_t k = checked ? gg__board_index(b, c) : (int32_t)(base + cr * qc + cq);
        if (k >= 0 && top[k] < line_z)
            continue;
        if (k < 0 || !b->present[k]) {
            (void)stop(out, GG_SIGHT_MISSING_TILE, c, i, GG_OK);
            return false;
        }
        if (top[k] >= line_z) {
            (void)stop(out, GG_SIGHT_OCCLUDED, c, i, GG_OK);
            return false;
        }
    }
    return true;
}

/* Both ends lie a step inside the board's edges. Each coordinate of a line cell is within one
 * (plus rounding) of the segment's (the cube rounding moves the coordinate it repairs by less
 * than the other two errors together), so then every cell of the line is on the board, ends
 * included: no bounds test. */
static inline bool ends_inside(const gg_hex_board *b, gg_hex from, gg_hex to)
{
    const uint64_t qi = (uint64_t)b->q_count - 2u, ri = (uint64_t)b->r_count - 2u;
    const int64_t oq = (int64_t)b->origin.q + 1, orr = (int64_t)b->origin.r + 1;
    return b->q_count >= 3 && b->r_count >= 3 && (uint64_t)(from.q - oq) < qi &&
           (uint64_t)(to.q - oq) < qi && (uint64_t)(from.r - orr) < ri &&
           (uint64_t)(to.r - orr) < ri;
}

HEX_INLINE bool board_walk(const gg_hex_board *b, gg_hex from, gg_hex to, int64_t d,
                           const gg_hex *traced, bool inside, double eye_z, double target_z,
                           gg_hex_sight_result *out)
{
    if (traced != NULL)
        return board_walk_loop(b, from, to, (int32_t)d, traced, true, eye_z, target_z, out);
    if (!inside)
        return board_walk_loop(b, from, to, (int32_t)d, NULL, true, eye_z, target_z, out);
    return board_walk_loop(b, from, to, (int32_t)d, NULL, false, eye_z, target_z, out);
}

/* The centre walk's visitor (core/line_walk.h): walk_cell at the sight line's height there. */
typedef struct hex_walk {
    const lookup *lk;
    double eye_z, target_z, d;
    gg__sight_acc *acc;
    gg_hex_sight_result *out;
} hex_walk;

static bool hex_step(void *iter, void *cell) { return gg_hex_line_next(iter, cell); }

static int hex_visit(const void *ctx, const void *cell, int32_t i)
{
    const hex_walk *w = ctx;
    double line_z = gg__line_z(w->eye_z, w->target_z, (double)i / w->d);
    return walk_cell(w->lk, *(const gg_hex *)cell, i, line_z, w->acc, w->out);
}

HEX_INLINE gg_status sight(const lookup *lk, gg_hex from, gg_hex to, const gg_sight_def *def,
                           gg_hex *traced, int32_t capacity, int32_t *out_count,
                           gg_hex_sight_result *out)
{
    if (out_count != NULL)
        *out_count = 0;
    gg_status st = gg__sight_validate(def, traced, capacity, out_count, &out->fault);
    if (st != GG_OK)
        return st;

    /* The range gate comes before any trace or tile lookup (docs/hex.md, "Terrain sight"). */
    int64_t d = gg__hex_distance(from, to);
    out->distance = d;
    if (d > def->max_range) {
        out->reason = GG_SIGHT_RANGE;
        return GG_OK;
    }
    if (d >= INT32_MAX - 1)
        return GG_E_TOO_LARGE;

    /* The whole trace is written out, whatever the answer. */
    bool cover = def->trace == GG_SIGHT_TRACE_SUPERCOVER;
    int32_t n;
    gg_status ok = GG_OK;
    if (cover) {
        if (!cube_fits(from) || !cube_fits(to))
            return GG_E_TOO_LARGE;
        /* One pass: the walk writes what fits and counts the rest. */
        int64_t need = gg__hex_supercover_fill(from, to, traced, capacity);
        if (need > INT32_MAX)
            return GG_E_TOO_LARGE;
        *out_count = (int32_t)need;
        if (need > capacity)
            return GG_E_BUFFER_TOO_SMALL;
        n = (int32_t)need;
    } else {
        n = (int32_t)(d + 1);
        if (capacity > 0) {
            gg_hex_line_iter it = gg_hex_line_begin(from, to);
            gg__line_walk_fill(&it, hex_step, traced, sizeof *traced, capacity);
        }
        *out_count = n;
        if (n > capacity)
            ok = GG_PARTIAL;
    }

    /* The viewer's tile, then the target's: a missing endpoint fails closed, and endpoints give
     * their ground height only (their obstruction never blocks). */
    double ground_from, ground_to;
    const bool inside = lk->board != NULL && ends_inside(lk->board, from, to);
    if (inside) { /* both ends on the board: their indices without a bounds test */
        const gg_hex_board *b = lk->board;
        const int64_t i0 = b->index_base + (int64_t)from.r * b->q_count + from.q;
        const int64_t i1 = b->index_base + (int64_t)to.r * b->q_count + to.q;
        if (!b->present[i0])
            return stop(out, GG_SIGHT_MISSING_TILE, from, 0, ok);
        if (!b->present[i1])
            return stop(out, GG_SIGHT_MISSING_TILE, to, n - 1, ok);
        ground_from = b->tiles[i0].ground;
        ground_to = b->tiles[i1].ground;
    } else {
        if (!ground_of(lk, from, &ground_from))
            return stop(out, GG_SIGHT_MISSING_TILE, from, 0, ok);
        if (!ground_of(lk, to, &ground_to))
            return stop(out, GG_SIGHT_MISSING_TILE, to, n - 1, ok);
    }
    /* A board's tiles were checked finite when they were set (gg_hex_board_set_tile). */
    if (lk->board == NULL && (!gg__finite(ground_from) || !gg__finite(ground_to)))
        return fault(out, GG_SIGHT_FAULT_GROUND);
    double eye_z = ground_from + def->eye_height;
    double target_z = ground_to + def->target_height;

    gg__sight_acc acc;
    acc.threshold = def->opacity_threshold;
    acc.sum = 0.0;
    if (lk->board != NULL && acc.threshold == 0.0 && !cover) {
        if (!board_walk(lk->board, from, to, d, capacity >= n ? traced : NULL, inside, eye_z,
                        target_z, out))
            return ok;
    } else if (cover) {
        /* The supercover starts with `from` and ends with `to`; a cell blocks when its top
         * reaches the line's lower height over the cell (where the segment enters or leaves). */
        for (int32_t k = 1; k < n - 1; ++k) {
            gg__frac lo, hi;
            (void)gg__hex_touch(from, to, traced[k], &lo, &hi);
            double z0 = gg__line_z(eye_z, target_z, gg__frac_value(lo));
            double z1 = gg__line_z(eye_z, target_z, gg__frac_value(hi));
            int r = walk_cell(lk, traced[k], k, z0 < z1 ? z0 : z1, &acc, out);
            if (r < 0)
                return (gg_status)r;
            if (r > 0)
                return ok;
        }
    } else if (capacity >= n) {
        double dd = (double)d;
        for (int32_t i = 1; i < n - 1; ++i) {
            double line_z = gg__line_z(eye_z, target_z, (double)i / dd);
            int r = walk_cell(lk, traced[i], i, line_z, &acc, out);
            if (r < 0)
                return (gg_status)r;
            if (r > 0)
                return ok;
        }
    } else {
        hex_walk w = {lk, eye_z, target_z, (double)d, &acc, out};
        gg_hex_line_iter it = gg_hex_line_begin(from, to);
        gg_hex c;
        int r = gg__line_walk_between(&it, hex_step, &c, n, hex_visit, &w);
        if (r < 0)
            return (gg_status)r;
        if (r > 0)
            return ok;
    }
    out->visible = true;
    out->reason = GG_SIGHT_CLEAR;
    out->opacity = acc.sum;
    return ok;
}

gg_status gg_hex_sight(gg_hex_tile_fn tile, void *user, gg_hex from, gg_hex to,
                       const gg_sight_def *def, gg_hex *traced, int32_t capacity,
                       int32_t *out_count, gg_hex_sight_result *out)
{
    if (out == NULL) {
        if (out_count != NULL)
            *out_count = 0;
        return GG_E_INVALID_ARG;
    }
    result_init(out);
    if (tile == NULL) {
        if (out_count != NULL)
            *out_count = 0;
        return fault(out, GG_SIGHT_FAULT_ARGUMENT);
    }
    lookup lk;
    lk.board = NULL;
    lk.fn = tile;
    lk.user = user;
    return sight(&lk, from, to, def, traced, capacity, out_count, out);
}

gg_status gg_hex_board_sight(const gg_hex_board *board, gg_hex from, gg_hex to,
                             const gg_sight_def *def, gg_hex *traced, int32_t capacity,
                             int32_t *out_count, gg_hex_sight_result *out)
{
    if (out == NULL) {
        if (out_count != NULL)
            *out_count = 0;
        return GG_E_INVALID_ARG;
    }
    result_init(out);
    if (board == NULL) {
        if (out_count != NULL)
            *out_count = 0;
        return fault(out, GG_SIGHT_FAULT_ARGUMENT);
    }
    lookup lk;
    lk.board = board;
    lk.fn = NULL;
    lk.user = NULL;
    return sight(&lk, from, to, def, traced, capacity, out_count, out);
}
