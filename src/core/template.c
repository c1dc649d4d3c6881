/* template.c - SRD 5.2 "Areas of Effect" templates rasterised exactly as Nat20's
 * cells_in_template does (docs/nat20.md). Layer: core. */
#include "core/template_walk.h"

/* Nat20 sign-normalises the direction, so only the 8 compass directions exist, and nothing is
 * Bresenham-traced (Nat20's docs claim otherwise). Every shape is described here as a
 * column-major walk: columns outer, rows inner, in Nat20's order, clipped to the rectangle.
 *
 * Sizes are int32 feet and cell_size_ft may be 1, so n can reach 2^31 - 1 cells: all offsets and
 * counts are int64, the loops only visit in-bounds cells, and the full count comes from closed
 * forms instead of a walk, so a huge template with a small capacity costs O(capacity). */

/* Bounds of the in-rectangle offsets around the origin: dc in [lo_c, hi_c], dr in [lo_r, hi_r].
 * The origin is inside, so lo <= 0 <= hi on both axes. */
typedef struct gg__clip {
    int64_t lo_c, hi_c, lo_r, hi_r;
} gg__clip;

/* Hands cells to a visitor until it says stop or the capacity is used up (a capacity-0 sink
 * lets the walkers compute the count alone). */
typedef struct gg__sink {
    gg__cell_visit_fn fn;
    void *ctx;
    int64_t cap;
    int64_t written;
    gg_cell origin;
} gg__sink;

/* Returns false once the sink is full or the visitor stops, so the walks stop early. */
static bool gg__emit(gg__sink *s, int64_t dc, int64_t dr)
{
    if (s->written >= s->cap)
        return false;
    /* origin + offset lies in [0,width) x [0,height), so it fits int32. */
    if (!s->fn(s->ctx, gg_cell_make((int32_t)(s->origin.col + dc), (int32_t)(s->origin.row + dr))))
        return false;
    return ++s->written < s->cap;
}

static int64_t gg__min64(int64_t a, int64_t b) { return a < b ? a : b; }
static int64_t gg__max64(int64_t a, int64_t b) { return a > b ? a : b; }
static int32_t gg__sign32(int32_t v) { return (v > 0) - (v < 0); }

/* Python's size_ft // cell_size_ft: floor, not truncation, so -1 // 5 == -1 (docs/nat20.md). */
static int64_t gg__floor_div(int64_t a, int64_t b)
{
    int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0)))
        --q;
    return q;
}

/* sum_{f=0..F} min(f, h) for h >= 0; 0 when F < 0. At most about 2^61 for F, h < 2^31. */
static int64_t gg__sum_min(int64_t F, int64_t h)
{
    if (F < 0)
        return 0;
    if (F <= h)
        return F * (F + 1) / 2;
    return h * (h + 1) / 2 + (F - h) * h;
}

/* ---- sphere / cylinder: the (2n+1)^2 square, dc outer ascending, dr inner ascending ---------- */

static int64_t gg__square(const gg__clip *k, int64_t n, gg__sink *s)
{
    if (n < 0)
        return 0;
    int64_t c0 = gg__max64(-n, k->lo_c), c1 = gg__min64(n, k->hi_c);
    int64_t r0 = gg__max64(-n, k->lo_r), r1 = gg__min64(n, k->hi_r);
    for (int64_t dc = c0; dc <= c1; ++dc)
        for (int64_t dr = r0; dr <= r1; ++dr)
            if (!gg__emit(s, dc, dr))
                goto done;
done:
    return (c1 - c0 + 1) * (r1 - r0 + 1);
}

/* ---- line: origin + k*dir for k = 0..n ------------------------------------------------------- */

static int64_t gg__line(const gg__clip *k, int64_t n, int32_t sc, int32_t sr, gg__sink *s)
{
    if (n < 0)
        return 0;
    /* Nat20 skips off-rectangle cells rather than stopping, but the origin is inside and the walk
     * is monotone on each axis, so the kept cells are exactly the prefix k = 0..kmax. */
    int64_t kmax = n;
    if (sc > 0)
        kmax = gg__min64(kmax, k->hi_c);
    else if (sc < 0)
        kmax = gg__min64(kmax, -k->lo_c);
    if (sr > 0)
        kmax = gg__min64(kmax, k->hi_r);
    else if (sr < 0)
        kmax = gg__min64(kmax, -k->lo_r);
    for (int64_t i = 0; i <= kmax; ++i)
        if (!gg__emit(s, i * sc, i * sr))
            break;
    return kmax + 1;
}

/* ---- cube ------------------------------------------------------------------------------------ */

/* One axis of a cube as an arithmetic run of offsets: start, start+step, ... (count terms). */
typedef struct gg__run {
    int64_t start, step, count;
} gg__run;

/* Along a non-zero direction sign: sign*k for k = 1..side (the block starts next to the origin).
 * Across it (sign 0): -side//2 + k for k = 0..side-1, so an even side leans toward the smaller
 * index, as in Nat20 (a 10-ft cube east of 7,7 covers rows 6-7). Both are clipped to [lo, hi]. */
static gg__run gg__cube_axis(int32_t sign, int64_t side, int64_t lo, int64_t hi)
{
    gg__run r;
    if (sign > 0) {
        r.start = 1;
        r.step = 1;
        r.count = gg__min64(side, hi);
    } else if (sign < 0) {
        r.start = -1;
        r.step = -1;
        r.count = gg__min64(side, -lo);
    } else {
        int64_t a = -(side / 2); /* side > 0, so / is already floor division */
        int64_t b = a + side - 1;
        r.start = gg__max64(a, lo);
        r.step = 1;
        r.count = gg__min64(b, hi) - r.start + 1;
    }
    if (r.count < 0)
        r.count = 0;
    return r;
}

static int64_t gg__cube(const gg__clip *k, int64_t side, int32_t sc, int32_t sr, gg__sink *s)
{
    if (side <= 0)
        return 0; /* a cube smaller than one cell covers nothing (docs/nat20.md) */
    gg__run cols = gg__cube_axis(sc, side, k->lo_c, k->hi_c);
    gg__run rows = gg__cube_axis(sr, side, k->lo_r, k->hi_r);
    for (int64_t i = 0; i < cols.count; ++i)
        for (int64_t j = 0; j < rows.count; ++j)
            if (!gg__emit(s, cols.start + i * cols.step, rows.start + j * rows.step))
                goto done;
done:
    return cols.count * rows.count;
}

/* ---- cone ------------------------------------------------------------------------------------ */

/* Nat20 keeps (dc,dr) with max(|dc|,|dr|) <= n, forward = dc*sdc + dr*sdr in [0,n] and
 * |dc*sdr - dr*sdc| <= forward. Forward is not normalised, so a cardinal cone is the triangle
 * |lateral| <= forward <= n ((n+1)^2 cells) and a diagonal cone reduces to u = dc*sdc >= 0,
 * v = dr*sdr >= 0, u + v <= n ((n+1)(n+2)/2 cells): a 15-ft cone reaches 3 cells along each axis
 * but only one diagonal step. Each column is one interval of rows, computed below. */
static int64_t gg__cone(const gg__clip *k, int64_t n, int32_t sc, int32_t sr, gg__sink *s)
{
    if (n < 0)
        return 0;
    int64_t c0, c1, count;
    if (sr == 0) {
        /* East/west: forward = |dc| <= fmax, lateral rows [-f, f]. */
        int64_t fmax = gg__min64(n, sc > 0 ? k->hi_c : -k->lo_c);
        count = fmax + 1 + gg__sum_min(fmax, k->hi_r) + gg__sum_min(fmax, -k->lo_r);
        c0 = sc > 0 ? 0 : -fmax;
        c1 = sc > 0 ? fmax : 0;
    } else if (sc == 0) {
        /* North/south: forward = |dr| <= fmax, and a column dc is non-empty iff |dc| <= fmax. */
        int64_t fmax = gg__min64(n, sr > 0 ? k->hi_r : -k->lo_r);
        count = fmax + 1 + gg__sum_min(fmax, k->hi_c) + gg__sum_min(fmax, -k->lo_c);
        c0 = gg__max64(-fmax, k->lo_c);
        c1 = gg__min64(fmax, k->hi_c);
    } else {
        /* Diagonal: u <= umax, and column u holds v = 0..min(n-u, vmax). */
        int64_t umax = gg__min64(n, sc > 0 ? k->hi_c : -k->lo_c);
        int64_t vmax = sr > 0 ? k->hi_r : -k->lo_r;
        count = umax + 1 + gg__sum_min(n, vmax) - gg__sum_min(n - umax - 1, vmax);
        c0 = sc > 0 ? 0 : -umax;
        c1 = sc > 0 ? umax : 0;
    }
    /* Every column in [c0, c1] holds at least one in-rectangle cell, so this walk costs
     * O(cells written) however large n is. */
    for (int64_t dc = c0; dc <= c1; ++dc) {
        int64_t adc = dc < 0 ? -dc : dc;
        int64_t r0, r1;
        if (sr == 0) {
            r0 = -adc;
            r1 = adc;
        } else if (sc == 0) {
            r0 = sr > 0 ? adc : -n;
            r1 = sr > 0 ? n : -adc;
        } else {
            r0 = sr > 0 ? 0 : -(n - adc);
            r1 = sr > 0 ? n - adc : 0;
        }
        r0 = gg__max64(r0, k->lo_r);
        r1 = gg__min64(r1, k->hi_r);
        for (int64_t dr = r0; dr <= r1; ++dr)
            if (!gg__emit(s, dc, dr))
                return count;
    }
    return count;
}

/* ---- entry points ---------------------------------------------------------------------------- */

static gg_status gg__fail(const char **reason, const char *why, gg_status s)
{
    *reason = why;
    return s;
}

static int64_t gg__walk(const gg_template *tpl, const gg__clip *k, int64_t n, int32_t sc,
                        int32_t sr, gg__sink *s)
{
    switch (tpl->shape) {
    case GG_SHAPE_SPHERE:
    case GG_SHAPE_CYLINDER:
    case GG_SHAPE_EMANATION:
        return gg__square(k, n, s);
    case GG_SHAPE_LINE:
        return gg__line(k, n, sc, sr, s);
    case GG_SHAPE_CUBE:
        return gg__cube(k, n, sc, sr, s);
    case GG_SHAPE_CONE:
        return gg__cone(k, n, sc, sr, s);
    }
    return -1; /* validated before: unreachable */
}

static bool gg__never_visit(void *ctx, gg_cell c)
{
    (void)ctx;
    (void)c;
    return false;
}

gg_status gg__template_visit(const gg_template *tpl, gg_cell origin, int32_t cell_size_ft,
                             int32_t width, int32_t height, gg__cell_visit_fn fn, void *ctx,
                             int64_t *out_total, const char **out_reason)
{
    const char *reason_sink = NULL;
    const char **reason = out_reason != NULL ? out_reason : &reason_sink;
    *reason = NULL;
    *out_total = 0;
    /* Caller-contract checks come first: they describe the call, not the template, and Nat20's
     * scene guarantees width, height and cell_size_ft >= 1 before any template is placed. */
    if (tpl == NULL)
        return gg__fail(reason, "the template pointer is NULL", GG_E_INVALID_ARG);
    if (width < 0 || height < 0)
        return gg__fail(reason, "width or height is negative", GG_E_INVALID_ARG);
    if (cell_size_ft < 1)
        return gg__fail(reason, "cell_size_ft is less than 1", GG_E_INVALID_ARG);

    /* Nat20 returns [] for an off-map origin before it looks at shape or direction (docs/nat20.md),
     * so an invalid template at an off-map origin is not an error. */
    if (origin.col < 0 || origin.col >= width || origin.row < 0 || origin.row >= height)
        return GG_OK;

    bool directed;
    switch (tpl->shape) {
    case GG_SHAPE_SPHERE:
    case GG_SHAPE_CYLINDER:
    case GG_SHAPE_EMANATION: /* a sphere around its creator (SRD 5.2 "Emanation") */
        directed = false;
        break;
    case GG_SHAPE_CONE:
    case GG_SHAPE_LINE:
    case GG_SHAPE_CUBE:
        directed = true;
        break;
    default:
        /* Nat20 asks for a direction before it rejects an unknown shape; the status is the same
         * either way, and naming the shape is the more useful reason. */
        return gg__fail(reason, "unknown template shape", GG_E_INVALID_ARG);
    }
    int32_t sc = 0, sr = 0;
    if (directed) {
        if (!tpl->has_direction)
            return gg__fail(reason, "this shape requires a direction vector", GG_E_INVALID_ARG);
        sc = gg__sign32(tpl->direction.col);
        sr = gg__sign32(tpl->direction.row);
        if (sc == 0 && sr == 0)
            return gg__fail(reason, "the direction vector is (0,0)", GG_E_INVALID_ARG);
    }

    int64_t n = gg__floor_div(tpl->size_ft, cell_size_ft);
    gg__clip k;
    k.lo_c = -(int64_t)origin.col;
    k.hi_c = (int64_t)width - 1 - origin.col;
    k.lo_r = -(int64_t)origin.row;
    k.hi_r = (int64_t)height - 1 - origin.row;

    /* Count first (closed forms, no cells visited), so an oversized template visits nothing. */
    gg__sink probe = {gg__never_visit, NULL, 0, 0, origin};
    int64_t count = gg__walk(tpl, &k, n, sc, sr, &probe);
    if (count > INT32_MAX)
        return gg__fail(reason, "the template covers more than INT32_MAX cells", GG_E_TOO_LARGE);
    *out_total = count;
    gg__sink sink = {fn, ctx, INT64_MAX, 0, origin};
    (void)gg__walk(tpl, &k, n, sc, sr, &sink);
    return GG_OK;
}

/* The buffer writer behind gg_template_cells(). */
typedef struct gg__buffer {
    gg_cell *out;
    int64_t cap, written;
} gg__buffer;

static bool gg__to_buffer(void *ctx, gg_cell c)
{
    gg__buffer *b = (gg__buffer *)ctx;
    if (b->written >= b->cap)
        return false;
    b->out[b->written++] = c;
    return true;
}

gg_status gg_template_cells(int32_t width, int32_t height, int32_t cell_size_ft, gg_cell origin,
                            const gg_template *tpl, gg_cell *out, int32_t capacity,
                            int32_t *out_count, const char **out_reason)
{
    const char *reason_sink = NULL;
    const char **reason = out_reason != NULL ? out_reason : &reason_sink;
    *reason = NULL;
    if (out_count == NULL)
        return gg__fail(reason, "out_count is NULL", GG_E_INVALID_ARG);
    *out_count = 0;
    if (tpl == NULL)
        return gg__fail(reason, "the template pointer is NULL", GG_E_INVALID_ARG);
    if (capacity < 0)
        return gg__fail(reason, "capacity is negative", GG_E_INVALID_ARG);
    if (out == NULL && capacity > 0)
        return gg__fail(reason, "out is NULL but capacity is positive", GG_E_INVALID_ARG);
    gg__buffer buf = {out, capacity, 0};
    int64_t total = 0;
    gg_status st = gg__template_visit(tpl, origin, cell_size_ft, width, height, gg__to_buffer, &buf,
                                      &total, reason);
    if (gg_failed(st))
        return st;
    *out_count = (int32_t)total;
    return total > capacity ? GG_PARTIAL : GG_OK;
}
