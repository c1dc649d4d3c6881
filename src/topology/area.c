/* area.c - gg_scene_area_cells: a template's cells trimmed by line of effect from its point of
 * origin (model §9, §10). Layer: topology. */
#include "topology/scene_internal.h"

/* Nat20's has_line_of_effect for on-map cells: the origin reaches itself; any other cell needs
 * line of sight and less than total cover, creatures ignored (SRD 5.2 "Areas of Effect": an
 * effect extends in straight lines from its point of origin and total cover stops it). */
static bool line_of_effect(const gg_scene *s, gg_cell origin, gg_cell c)
{
    return gg_cell_eq(origin, c) ||
           (gg__line_of_sight(s, origin, c) && gg__cover_between(s, origin, c, NULL, 0) !=
                                                   GG_COVER_TOTAL);
}

/* The filter and the output: keeps cells in template order, writes while capacity lasts and
 * counts them all. */
typedef struct area_sink {
    const gg_scene *scene;
    gg_cell origin;
    bool includes_origin;
    gg_cell *out;
    int64_t capacity;
    int64_t count;
} area_sink;

static void keep_if_reached(area_sink *k, gg_cell c)
{
    /* Nat20 drops the origin after trimming unless the template includes it (Foundry's
     * emanations, cones and lines never contain their origin, model §10). */
    if (!k->includes_origin && gg_cell_eq(c, k->origin))
        return;
    if (!line_of_effect(k->scene, k->origin, c))
        return;
    if (k->count < k->capacity)
        k->out[k->count] = c;
    ++k->count;
}

static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }
static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }
static int32_t sign32(int32_t v) { return (v > 0) - (v < 0); }

/* Python floor division, as Nat20's size_ft // cell_size_ft (b > 0). */
static int64_t floor_div(int64_t a, int64_t b)
{
    int64_t q = a / b;
    return (a % b != 0 && a < 0) ? q - 1 : q;
}

/* One axis of a cube: offsets start, start+step, ... (count terms), already clipped. */
typedef struct area_run {
    int64_t start, step, count;
} area_run;

static area_run cube_axis(int32_t sign, int64_t side, int64_t lo, int64_t hi)
{
    area_run r;
    if (sign != 0) {
        r.start = sign;
        r.step = sign;
        r.count = min64(side, sign > 0 ? hi : -lo);
    } else {
        int64_t a = -(side / 2); /* even sides lean toward the smaller index (model §9.6) */
        r.start = max64(a, lo);
        r.step = 1;
        r.count = min64(a + side - 1, hi) - r.start + 1;
    }
    if (r.count < 0)
        r.count = 0;
    return r;
}

/* Visits every template cell on the map in gg_template_cells() order, one at a time, so the
 * trimmed count of a template larger than the caller's buffer needs no memory. The shapes are
 * those of model §9; test_area.c checks this walk against gg_template_cells() cell for cell.
 * Loops run over clipped ranges only, so a huge template on a small map stays cheap. */
static void walk_template(const gg_template *tpl, int64_t n, gg_cell o, int32_t width,
                          int32_t height, area_sink *k)
{
    const int64_t lo_c = -(int64_t)o.col, hi_c = (int64_t)width - 1 - o.col;
    const int64_t lo_r = -(int64_t)o.row, hi_r = (int64_t)height - 1 - o.row;
    const int32_t sc = sign32(tpl->direction.col), sr = sign32(tpl->direction.row);
#define AREA_EMIT_(dc, dr)                                                                         \
    keep_if_reached(k, gg_cell_make((int32_t)(o.col + (dc)), (int32_t)(o.row + (dr))))

    switch (tpl->shape) {
    case GG_SHAPE_SPHERE:
    case GG_SHAPE_CYLINDER:
        /* Every (dc,dr) with max(|dc|,|dr|) <= n, dc outer ascending, dr inner ascending. */
        for (int64_t dc = max64(-n, lo_c); dc <= min64(n, hi_c); ++dc)
            for (int64_t dr = max64(-n, lo_r); dr <= min64(n, hi_r); ++dr)
                AREA_EMIT_(dc, dr);
        break;
    case GG_SHAPE_LINE:
        /* origin + i*dir, i = 0..n; the walk is monotone, so the first off-map cell ends it. */
        for (int64_t i = 0; i <= n; ++i) {
            int64_t dc = i * sc, dr = i * sr;
            if (dc < lo_c || dc > hi_c || dr < lo_r || dr > hi_r)
                break;
            AREA_EMIT_(dc, dr);
        }
        break;
    case GG_SHAPE_CUBE: {
        if (n <= 0)
            break;
        area_run cols = cube_axis(sc, n, lo_c, hi_c), rows = cube_axis(sr, n, lo_r, hi_r);
        for (int64_t i = 0; i < cols.count; ++i)
            for (int64_t j = 0; j < rows.count; ++j)
                AREA_EMIT_(cols.start + i * cols.step, rows.start + j * rows.step);
        break;
    }
    case GG_SHAPE_CONE:
        /* Column-major over max(|dc|,|dr|) <= n with forward in [0,n] and |lateral| <= forward:
         * each column is one run of rows. A diagonal cone is u = dc*sc >= 0, v = dr*sr >= 0,
         * u + v <= n, because forward is not normalised (model §9.7). */
        for (int64_t dc = max64(-n, lo_c); dc <= min64(n, hi_c); ++dc) {
            int64_t adc = dc < 0 ? -dc : dc, r0, r1;
            if (sr == 0) {
                if (dc * sc < 0)
                    continue;
                r0 = -adc;
                r1 = adc;
            } else if (sc == 0) {
                r0 = sr > 0 ? adc : -n;
                r1 = sr > 0 ? n : -adc;
            } else {
                if (dc * sc < 0)
                    continue;
                r0 = sr > 0 ? 0 : -(n - adc);
                r1 = sr > 0 ? n - adc : 0;
            }
            for (int64_t dr = max64(r0, lo_r); dr <= min64(r1, hi_r); ++dr)
                AREA_EMIT_(dc, dr);
        }
        break;
    }
#undef AREA_EMIT_
}

gg_status gg_scene_area_cells(const gg_scene *scene, const gg_template *tpl, gg_cell origin,
                              bool includes_origin, gg_cell *out, int32_t capacity,
                              int32_t *out_count, const char **out_reason)
{
    const char *reason_sink = NULL;
    const char **reason = out_reason != NULL ? out_reason : &reason_sink;
    *reason = NULL;
    if (out_count == NULL) {
        *reason = "out_count is NULL";
        return GG_E_INVALID_ARG;
    }
    *out_count = 0;
    if (scene == NULL || tpl == NULL) {
        *reason = scene == NULL ? "the scene pointer is NULL" : "the template pointer is NULL";
        return GG_E_INVALID_ARG;
    }
    if (capacity < 0 || (out == NULL && capacity > 0)) {
        *reason = capacity < 0 ? "capacity is negative" : "out is NULL but capacity is positive";
        return GG_E_INVALID_ARG;
    }
    /* Nat20 answers [] for an off-map origin before it looks at the template (model §9.1). */
    if (!gg__in(scene, origin))
        return GG_OK;

    /* The template's own validation and errors come from core. When the whole template fits in
     * `out`, core's cells are trimmed in place: nothing else is needed. */
    int32_t total = 0;
    gg_status st = gg_template_cells(tpl, origin, scene->cell_size_ft, scene->width,
                                     scene->height, out, capacity, &total, reason);
    if (gg_failed(st))
        return st;
    if (total <= capacity) {
        int32_t kept = 0;
        for (int32_t i = 0; i < total; ++i) {
            gg_cell c = out[i];
            if ((includes_origin || !gg_cell_eq(c, origin)) && line_of_effect(scene, origin, c))
                out[kept++] = c;
        }
        *out_count = kept;
        return GG_OK;
    }

    /* The template is larger than `out`. gg_template_cells() only yields prefixes, so the cells
     * past the buffer are walked one at a time instead: no allocation, and the trimmed count is
     * exact (STYLE §3.5: GG_PARTIAL carries the full count). */
    area_sink k;
    k.scene = scene;
    k.origin = origin;
    k.includes_origin = includes_origin;
    k.out = out;
    k.capacity = capacity;
    k.count = 0;
    walk_template(tpl, floor_div(tpl->size_ft, scene->cell_size_ft), origin, scene->width,
                  scene->height, &k);
    /* The trimmed count never exceeds core's total, which fit int32. */
    *out_count = (int32_t)k.count;
    return k.count > capacity ? GG_PARTIAL : GG_OK;
}
