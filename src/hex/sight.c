/* sight.c - terrain line of sight on hex boards (traceGameboardSight model, plus supercover and
 * partial opacity). Layer: hex. */
#include <float.h>

#include "core/line_walk.h"
#include "hex/board_internal.h"

#if defined(__GNUC__)
#define HEX_INLINE static inline __attribute__((always_inline))
#define HEX_NOINLINE static __attribute__((noinline))
#else
#define HEX_INLINE static inline
#define HEX_NOINLINE static
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
 * sample is computed here with the reference line's arithmetic (one loop per case, so the loop
 * tests neither).
 *
 * No bounds test: both ends are on the board (the caller looked their tiles up), a sample's q
 * and r lie between the ends', and each coordinate of its cell is within one of the sample's
 * (rounding moves a coordinate by at most 1/2, the repaired one by less than the other two
 * errors together, plus the rounding of s = -q - r), so every cell lies on the board or in the
 * top plane's one-hex margin (+infinity, a stop). In practice the cells stay within the ends'
 * q and r ranges (the exhaustive test reads no margin); the margin covers the rounding.
 * Returns the index of the stopping cell with *at and *reason set, or 0 when the line is
 * clear. */
HEX_INLINE int32_t board_walk_loop(const gg_hex_board *b, gg_hex from, gg_hex to, int32_t d,
                                   const gg_hex *traced, double eye_z, double target_z, gg_hex *at,
                                   gg_sight_reason *reason)
{
    const double aq = (double)from.q, ar = (double)from.r;
    const double dq = (double)to.q - (double)from.q, dr = (double)to.r - (double)from.r;
    const double dd = (double)d;
    const double *top = b->top;
    const int64_t stride = b->top_stride, base = b->top_base;
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
        const int64_t k = base + cr * stride + cq;
        if (top[k] < line_z)
            continue;
        *at = gg_hex_make((int32_t)cq, (int32_t)cr);
        const int32_t t = gg__board_index(b, *at);
        if (t < 0 || !b->present[t]) {
            *reason = GG_SIGHT_MISSING_TILE;
            return i;
        }
        if (top[k] >= line_z) {
            *reason = GG_SIGHT_OCCLUDED;
            return i;
        }
    }
    return 0;
}

HEX_INLINE bool board_walk(const gg_hex_board *b, gg_hex from, gg_hex to, int64_t d,
                           const gg_hex *traced, double eye_z, double target_z,
                           gg_hex_sight_result *out)
{
    gg_sight_reason reason = GG_SIGHT_CLEAR;
    gg_hex at = from;
    const int32_t i = traced != NULL ? board_walk_loop(b, from, to, (int32_t)d, traced, eye_z,
                                                       target_z, &at, &reason)
                                     : board_walk_loop(b, from, to, (int32_t)d, NULL, eye_z,
                                                       target_z, &at, &reason);
    if (i == 0)
        return true;
    (void)stop(out, reason, at, i, GG_OK);
    return false;
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
    if (!ground_of(lk, from, &ground_from))
        return stop(out, GG_SIGHT_MISSING_TILE, from, 0, ok);
    if (!ground_of(lk, to, &ground_to))
        return stop(out, GG_SIGHT_MISSING_TILE, to, n - 1, ok);
    /* A board's tiles were checked finite when they were set (gg_hex_board_set_tile). */
    if (lk->board == NULL && (!gg__finite(ground_from) || !gg__finite(ground_to)))
        return fault(out, GG_SIGHT_FAULT_GROUND);
    double eye_z = ground_from + def->eye_height;
    double target_z = ground_to + def->target_height;

    gg__sight_acc acc;
    acc.threshold = def->opacity_threshold;
    acc.sum = 0.0;
    if (lk->board != NULL && acc.threshold == 0.0 && !cover) {
        if (!board_walk(lk->board, from, to, d, capacity >= n ? traced : NULL, eye_z, target_z,
                        out))
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

/* The whole result record, each field written once (the general path's result_init() then
 * stop() write some twice). */
static inline void answer(gg_hex_sight_result *out, bool visible, gg_sight_reason reason,
                          int64_t distance, bool has_blocker, gg_hex blocker, int32_t index)
{
    out->visible = visible;
    out->reason = reason;
    out->fault = GG_SIGHT_FAULT_NONE;
    out->distance = distance;
    out->has_blocker = has_blocker;
    out->blocker = blocker;
    out->blocker_index = index;
    out->opacity = 0.0;
}

/* A def the plain board walk answers: what gg__sight_validate() accepts, with the centre trace
 * and threshold 0 (-0.0 too: it is == 0.0, as the general path's test). Anything else, valid or
 * not, goes the general way, which reports faults in the reference's order. */
static inline bool plain_def(const gg_sight_def *def)
{
    return def != NULL && def->struct_size >= sizeof(gg_sight_def) &&
           def->trace == GG_SIGHT_TRACE_CENTRE && def->opacity_threshold == 0.0 &&
           def->max_range >= 0 && def->eye_height >= 0.0 && def->eye_height <= DBL_MAX &&
           def->target_height >= 0.0 && def->target_height <= DBL_MAX;
}

/* gg_hex_board_sight() without a trace buffer, plain sight, centre trace, every argument valid:
 * the query a game loop makes most. The same steps and answers as sight() (docs/hex.md), with
 * the per-query work cut to what this case needs: one validation pass, both endpoints looked up
 * by index, the record written once. */
HEX_INLINE gg_status board_plain(const gg_hex_board *b, gg_hex from, gg_hex to,
                                 const gg_sight_def *def, int32_t *out_count,
                                 gg_hex_sight_result *out)
{
    const int64_t d = gg__hex_distance(from, to);
    const gg_hex none = gg_hex_make(0, 0);
    if (d > def->max_range || d >= INT32_MAX - 1) { /* the range gate, then the size guard */
        *out_count = 0;
        const bool range = d > def->max_range;
        answer(out, false, range ? GG_SIGHT_RANGE : GG_SIGHT_CLEAR, d, false, none, -1);
        return range ? GG_OK : GG_E_TOO_LARGE;
    }
    const int32_t n = (int32_t)(d + 1);
    *out_count = n; /* the whole count; nothing fits in no buffer */
    const int32_t i0 = gg__board_index(b, from);
    if (i0 < 0 || !b->present[i0]) {
        answer(out, false, GG_SIGHT_MISSING_TILE, d, true, from, 0);
        return GG_PARTIAL;
    }
    const int32_t i1 = gg__board_index(b, to);
    if (i1 < 0 || !b->present[i1]) {
        answer(out, false, GG_SIGHT_MISSING_TILE, d, true, to, n - 1);
        return GG_PARTIAL;
    }
    const double eye_z = b->tiles[i0].ground + def->eye_height;
    const double target_z = b->tiles[i1].ground + def->target_height;
    gg_sight_reason reason = GG_SIGHT_CLEAR;
    gg_hex at = none;
    const int32_t i = board_walk_loop(b, from, to, n - 1, NULL, eye_z, target_z, &at, &reason);
    if (i == 0)
        answer(out, true, GG_SIGHT_CLEAR, d, false, none, -1);
    else
        answer(out, false, reason, d, true, at, i);
    return GG_PARTIAL;
}

/* Every other board query. Out of line, so the common query's wrapper below keeps none of its
 * stack frame or saved registers. */
HEX_NOINLINE gg_status board_sight_general(const gg_hex_board *board, gg_hex from, gg_hex to,
                                           const gg_sight_def *def, gg_hex *traced,
                                           int32_t capacity, int32_t *out_count,
                                           gg_hex_sight_result *out)
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

gg_status gg_hex_board_sight(const gg_hex_board *board, gg_hex from, gg_hex to,
                             const gg_sight_def *def, gg_hex *traced, int32_t capacity,
                             int32_t *out_count, gg_hex_sight_result *out)
{
    if (out != NULL && board != NULL && traced == NULL && capacity == 0 && out_count != NULL &&
        plain_def(def))
        return board_plain(board, from, to, def, out_count, out);
    return board_sight_general(board, from, to, def, traced, capacity, out_count, out);
}
