/* bench_polygon.c - visibility polygons (issue 19): per polygon on every shared map, against a
 * plain C angular sweep written here (sort the endpoints by angle, sweep with an ordered set: an
 * indexed binary heap keyed by distance along the current ray) and against the npm
 * `visibility-polygon` package under Node (bench/bench_polygon.mjs) on the same walls and
 * viewers. Both C sides must give the same area for every viewer before anything is timed; the
 * Node script checks its own areas against ours. Then: the cost of a polygon does not grow with
 * walls far from the viewer.
 *
 * Usage: bench_polygon [MAPS_DIR] [--node DIR_WITH_node_modules] [--map SUBSTRING]
 *                      [--quick | --once | --gate]
 * The Node row is skipped, with a message, when node or the package is missing. `--map` keeps
 * the maps whose path contains SUBSTRING. `--once` runs each C side once over every viewer of
 * every map, untimed, for instruction counts (run_lib_polygon, run_base_polygon); `--gate` does
 * the same on three maps (the callgrind gate's case "polygon"). */
#define _POSIX_C_SOURCE 200809L /* popen */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"
#include "gridgeom/gridgeom.h"
#ifdef GG_HAVE_IO
#include "gridgeom/io.h"
#include "shared_maps.h"
#endif

#define MAX_VIEWERS 200
#define PI 3.14159265358979323846

/* ---- The plain sweep ---------------------------------------------------------------------------- */

typedef struct seg {
    double x1, y1, x2, y2;
} seg;

typedef struct pev {
    double angle;
    int32_t seg;
    int32_t start; /* 1 = the segment begins (counter-clockwise) here */
} pev;

typedef struct plain {
    const seg *s;
    int32_t n;
    pev *ev;
    double *ax, *ay, *ex, *ey; /* per segment, oriented counter-clockwise around the viewer */
    double *num;               /* cross(a, e): the distance along a ray d is num / cross(d, e) */
    double *ua, *ub;           /* unit vectors to both ends (x, y pairs) */
    int32_t *heap, *where;     /* indexed heap of active segments, nearest on top */
    int32_t hn;
    double dx, dy; /* the direction comparisons are made along */
    double *out;
    int32_t cap, count;
    bool check; /* GG_BENCH_CHECK: read once, not in the timed loop */
} plain;

static int cmp_ev(const void *a, const void *b)
{
    const double x = ((const pev *)a)->angle, y = ((const pev *)b)->angle;
    return (x > y) - (x < y);
}

static double dist_along(const plain *p, int32_t i)
{
    return (p->ax[i] * p->ey[i] - p->ay[i] * p->ex[i]) / (p->dx * p->ey[i] - p->dy * p->ex[i]);
}

/* Segment i is in front of segment j (both cross the current ray, and they do not cross each
 * other): their order is the same on every ray through both, so it is decided on the ray half way
 * through the angle they share, the farthest from either's ends. Deciding it on the current ray
 * instead breaks where two pieces of split walls meet at a rounded crossing point and overlap
 * by a rounding error: their order there flips, and the heap, built under the other order,
 * gives the wrong nearest segment from then on. */
static bool in_front(const plain *p, int32_t i, int32_t j)
{
    const double *ai = &p->ua[2 * i], *aj = &p->ua[2 * j], *bi = &p->ub[2 * i], *bj = &p->ub[2 * j];
    const double *s = ai[0] * aj[1] - ai[1] * aj[0] > 0 ? aj : ai; /* the later start */
    const double *t = bi[0] * bj[1] - bi[1] * bj[0] > 0 ? bi : bj; /* the earlier end */
    const double mx = s[0] + t[0], my = s[1] + t[1];
    const double ci = mx * p->ey[i] - my * p->ex[i], cj = mx * p->ey[j] - my * p->ex[j];
    const double l = p->num[i] * cj, r = p->num[j] * ci;
    return l != r ? l < r : i < j;
}

static void heap_swap(plain *p, int32_t a, int32_t b)
{
    const int32_t t = p->heap[a];
    p->heap[a] = p->heap[b];
    p->heap[b] = t;
    p->where[p->heap[a]] = a;
    p->where[p->heap[b]] = b;
}

static void sift_up(plain *p, int32_t k)
{
    while (k > 0 && in_front(p, p->heap[k], p->heap[(k - 1) / 2])) {
        heap_swap(p, k, (k - 1) / 2);
        k = (k - 1) / 2;
    }
}

static void sift_down(plain *p, int32_t k)
{
    for (;;) {
        int32_t m = k, l = 2 * k + 1, r = 2 * k + 2;
        if (l < p->hn && in_front(p, p->heap[l], p->heap[m]))
            m = l;
        if (r < p->hn && in_front(p, p->heap[r], p->heap[m]))
            m = r;
        if (m == k)
            return;
        heap_swap(p, k, m);
        k = m;
    }
}

static void heap_push(plain *p, int32_t i)
{
    p->heap[p->hn] = i;
    p->where[i] = p->hn++;
    sift_up(p, p->hn - 1);
}

static void heap_remove(plain *p, int32_t i)
{
    const int32_t k = p->where[i];
    p->where[i] = -1;
    if (k != --p->hn) {
        const int32_t moved = p->heap[p->hn];
        p->heap[k] = moved;
        p->where[moved] = k;
        sift_up(p, k);
        sift_down(p, p->where[moved]);
    }
}

static void emit_hit(plain *p, int32_t i, double angle)
{
    const double dx = cos(angle), dy = sin(angle);
    const double s = (p->ax[i] * p->ey[i] - p->ay[i] * p->ex[i]) / (dx * p->ey[i] - dy * p->ex[i]);
    if (p->count < p->cap) {
        p->out[2 * p->count] = s * dx;
        p->out[2 * p->count + 1] = s * dy;
    }
    p->count++;
}

/* The polygon of the viewer (vx, vy) among the segments (which include the map's edges), in
 * coordinates relative to the viewer; returns the vertex count. */
static int32_t plain_polygon(plain *p, double vx, double vy)
{
    int32_t ne = 0;
    p->hn = 0;
    for (int32_t i = 0; i < p->n; ++i) {
        const seg *s = &p->s[i];
        double ax = s->x1 - vx, ay = s->y1 - vy, bx = s->x2 - vx, by = s->y2 - vy;
        const double c = ax * by - ay * bx;
        p->where[i] = -1;
        if (fabs(c) <= 1e-12 * (fabs(ax) + fabs(ay)) * (fabs(bx) + fabs(by)))
            continue; /* on a line through the viewer: no area */
        if (c < 0) {
            double t = ax;
            ax = bx, bx = t, t = ay, ay = by, by = t;
        }
        p->ax[i] = ax, p->ay[i] = ay, p->ex[i] = bx - ax, p->ey[i] = by - ay;
        p->num[i] = ax * p->ey[i] - ay * p->ex[i];
        const double la = sqrt(ax * ax + ay * ay), lb = sqrt(bx * bx + by * by);
        p->ua[2 * i] = ax / la, p->ua[2 * i + 1] = ay / la;
        p->ub[2 * i] = bx / lb, p->ub[2 * i + 1] = by / lb;
        const double a0 = atan2(ay, ax), a1 = atan2(by, bx);
        if (a0 == a1 || (a0 > a1 && !(a0 > 0 && a1 < 0)))
            continue; /* a span lost to rounding: it would stay in the set for ever */
        p->ev[ne++] = (pev){a0, i, 1};
        p->ev[ne++] = (pev){a1, i, 0};
        if (a0 > a1) /* its span wraps around the angle -pi: active at the start */
            heap_push(p, i);
    }
    qsort(p->ev, (size_t)ne, sizeof *p->ev, cmp_ev);
    p->count = 0;
    int32_t near = p->hn > 0 ? p->heap[0] : -1;
    for (int32_t k = 0; k < ne;) {
        const double a = p->ev[k].angle;
        int32_t j = k;
        while (j < ne && p->ev[j].angle == a)
            ++j;
        if (p->check) { /* the direction the check compares distances along */
            const double next = j < ne ? p->ev[j].angle : p->ev[0].angle + 2 * PI;
            const double mid = (a + next) / 2;
            p->dx = cos(mid), p->dy = sin(mid);
        }
        for (int32_t t = k; t < j; ++t)
            if (!p->ev[t].start && p->where[p->ev[t].seg] >= 0)
                heap_remove(p, p->ev[t].seg);
        for (int32_t t = k; t < j; ++t)
            if (p->ev[t].start)
                heap_push(p, p->ev[t].seg);
        const int32_t now = p->hn > 0 ? p->heap[0] : -1;
        if (p->check && now >= 0) {
            for (int32_t q = 0; q < p->hn; ++q)
                if (dist_along(p, p->heap[q]) < dist_along(p, now) * (1 - 1e-9))
                    printf("heap wrong at %.9f: top %d (%.6f) but %d (%.6f) seg %g %g %g %g / %g "
                           "%g %g %g\n",
                           a, now, dist_along(p, now), p->heap[q], dist_along(p, p->heap[q]),
                           p->s[now].x1, p->s[now].y1, p->s[now].x2, p->s[now].y2,
                           p->s[p->heap[q]].x1, p->s[p->heap[q]].y1, p->s[p->heap[q]].x2,
                           p->s[p->heap[q]].y2);
        }
        if (now != near) {
            if (near >= 0)
                emit_hit(p, near, a);
            if (now >= 0)
                emit_hit(p, now, a);
            near = now;
        }
        k = j;
    }
    return p->count;
}

static double area_of(const double *xy, int32_t n)
{
    double a = 0;
    for (int32_t i = 0, j = n - 1; i < n; j = i++)
        a += xy[2 * j] * xy[2 * i + 1] - xy[2 * i] * xy[2 * j + 1];
    return a / 2;
}

/* ---- Walls: the map's sight walls, split where they cross (the plain sweep and the npm
 * package need segments that do not cross; done once per map, not timed) ---------------------------- */

typedef struct walls {
    seg *s;
    int32_t n, cap;
} walls;

static void push_seg(walls *w, double x1, double y1, double x2, double y2)
{
    if (x1 == x2 && y1 == y2)
        return;
    if (w->n == w->cap) {
        w->cap = w->cap ? 2 * w->cap : 256;
        w->s = realloc(w->s, sizeof *w->s * (size_t)w->cap);
        if (w->s == NULL)
            abort();
    }
    w->s[w->n++] = (seg){x1, y1, x2, y2};
}

static int cmp_d(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static walls split_crossings(const seg *in, int32_t n)
{
    walls out = {NULL, 0, 0};
    double *t = malloc(sizeof *t * (size_t)(2 * n + 2));
    for (int32_t i = 0; i < n; ++i) {
        const seg *a = &in[i];
        const double ex = a->x2 - a->x1, ey = a->y2 - a->y1, ee = ex * ex + ey * ey;
        int32_t nt = 0;
        t[nt++] = 0;
        t[nt++] = 1;
        for (int32_t j = 0; j < n; ++j) {
            if (j == i)
                continue;
            const seg *b = &in[j];
            if (fmax(b->x1, b->x2) < fmin(a->x1, a->x2) ||
                fmin(b->x1, b->x2) > fmax(a->x1, a->x2) ||
                fmax(b->y1, b->y2) < fmin(a->y1, a->y2) || fmin(b->y1, b->y2) > fmax(a->y1, a->y2))
                continue;
            const double fx = b->x2 - b->x1, fy = b->y2 - b->y1;
            const double den = ex * fy - ey * fx;
            const double qx = b->x1 - a->x1, qy = b->y1 - a->y1;
            if (den == 0) { /* parallel: split at the other's ends on this one */
                if (qx * ey - qy * ex != 0)
                    continue;
                const double ends[2][2] = {{b->x1, b->y1}, {b->x2, b->y2}};
                for (int k = 0; k < 2; ++k) {
                    const double u = ((ends[k][0] - a->x1) * ex + (ends[k][1] - a->y1) * ey) / ee;
                    if (u > 0 && u < 1)
                        t[nt++] = u;
                }
                continue;
            }
            const double u = (qx * fy - qy * fx) / den, v = (qx * ey - qy * ex) / den;
            if (u > 0 && u < 1 && v >= 0 && v <= 1)
                t[nt++] = u;
        }
        qsort(t, (size_t)nt, sizeof *t, cmp_d);
        for (int32_t k = 1; k < nt; ++k)
            if (t[k] > t[k - 1])
                push_seg(&out, a->x1 + t[k - 1] * ex, a->y1 + t[k - 1] * ey, a->x1 + t[k] * ex,
                         a->y1 + t[k] * ey);
    }
    free(t);
    return out;
}

/* ---- One map ----------------------------------------------------------------------------------------- */

typedef struct job {
    const gg_scene *s;
    void *work;
    size_t work_bytes;
    plain *p;
    const double *vx, *vy;
    int32_t nv;
    double *buf;
    int32_t cap;
    long vertices;
} job;

/* The two timed sides, out of line and named run_<side>_<case> for the callgrind gate
 * (bench/callgrind_gate.py): neither calls the other. */
__attribute__((noinline)) void run_lib_polygon(void *ctx);
__attribute__((noinline)) void run_base_polygon(void *ctx);

void run_lib_polygon(void *ctx)
{
    job *j = (job *)ctx;
    for (int32_t k = 0; k < j->nv; ++k) {
        gg_polygon_def d = gg_polygon_def_default();
        d.x = j->vx[k], d.y = j->vy[k];
        int32_t n = 0;
        if (gg_scene_visibility_polygon(j->s, j->work, j->work_bytes, &d, j->buf, j->cap, &n) !=
            GG_OK)
            abort();
        j->vertices += n;
    }
}

void run_base_polygon(void *ctx)
{
    job *j = (job *)ctx;
    for (int32_t k = 0; k < j->nv; ++k)
        j->vertices += plain_polygon(j->p, j->vx[k], j->vy[k]);
}

static plain *plain_make(const walls *w, int32_t cap)
{
    plain *p = calloc(1, sizeof *p);
    const size_t n = (size_t)w->n;
    p->check = getenv("GG_BENCH_CHECK") != NULL;
    p->s = w->s;
    p->n = w->n;
    p->ev = malloc(sizeof *p->ev * 2 * n);
    p->ax = malloc(sizeof(double) * n);
    p->ay = malloc(sizeof(double) * n);
    p->ex = malloc(sizeof(double) * n);
    p->ey = malloc(sizeof(double) * n);
    p->num = malloc(sizeof(double) * n);
    p->ua = malloc(sizeof(double) * 2 * n);
    p->ub = malloc(sizeof(double) * 2 * n);
    p->heap = malloc(sizeof(int32_t) * n);
    p->where = malloc(sizeof(int32_t) * n);
    p->out = malloc(sizeof(double) * 2 * (size_t)cap);
    p->cap = cap;
    return p;
}

static void plain_free(plain *p)
{
    free(p->ev), free(p->ax), free(p->ay), free(p->ex), free(p->ey), free(p->num), free(p->ua),
        free(p->ub), free(p->heap), free(p->where), free(p->out), free(p);
}

/* A scene of the map's walls that block sight, as plain walls (the kinds that depend on the
 * viewer are the same for both sides that way), and those walls split at their crossings. */
static gg_scene *plain_scene(const gg_scene *src, walls *out)
{
    int32_t n = 0;
    if (gg_failed(gg_scene_list_walls(src, NULL, NULL, 0, &n)))
        abort();
    gg_wall_def *defs = malloc(sizeof *defs * (size_t)(n + 1));
    if (gg_failed(gg_scene_list_walls(src, NULL, defs, n, &n)))
        abort();
    gg_scene_def sd = gg_scene_def_default();
    sd.width = gg_scene_width(src);
    sd.height = gg_scene_height(src);
    sd.wall_rule = GG_WALL_RULE_POINT;
    gg_scene *s = NULL;
    if (gg_scene_create(&sd, &s) != GG_OK)
        abort();
    seg *raw = malloc(sizeof *raw * (size_t)(n + 4));
    gg_wall_def *keep = malloc(sizeof *keep * (size_t)(n + 1));
    int32_t m = 0;
    for (int32_t i = 0; i < n; ++i) {
        gg_wall_def d = defs[i];
        if (d.door == GG_DOOR_OPEN || d.cover != GG_COVER_NONE ||
            (d.blocks & (uint32_t)GG_BLOCKS_SIGHT) == 0)
            continue;
        gg_wall_def w = gg_wall_def_default();
        w.x1 = d.x1, w.y1 = d.y1, w.x2 = d.x2, w.y2 = d.y2;
        keep[m] = w;
        raw[m++] = (seg){d.x1, d.y1, d.x2, d.y2};
    }
    /* All at once, as a host loads a map (and as the importer does): the scene indexes them,
     * and meshes them, in one pass. */
    if (gg_scene_add_walls(s, keep, m, NULL) != GG_OK)
        abort();
    free(keep);
    const double W = sd.width, H = sd.height;
    raw[m++] = (seg){0, 0, W, 0};
    raw[m++] = (seg){W, 0, W, H};
    raw[m++] = (seg){W, H, 0, H};
    raw[m++] = (seg){0, H, 0, 0};
    *out = split_crossings(raw, m);
    free(raw);
    free(defs);
    return s;
}

/* Cell centres on no wall, a uniform sample of at most MAX_VIEWERS. */
static int32_t pick_viewers(const gg_scene *s, const walls *w, double *vx, double *vy)
{
    const int32_t W = gg_scene_width(s), H = gg_scene_height(s);
    const int64_t cells = (int64_t)W * H;
    const int64_t stride = cells / MAX_VIEWERS + 1;
    int32_t n = 0;
    for (int64_t i = stride / 2; i < cells && n < MAX_VIEWERS; i += stride) {
        const double x = (double)(i % W) + 0.5, y = (double)(i / W) + 0.5;
        bool on = false;
        for (int32_t k = 0; k < w->n && !on; ++k) {
            const seg *g = &w->s[k];
            const double c = (g->x1 - x) * (g->y2 - y) - (g->y1 - y) * (g->x2 - x);
            on = fabs(c) < 1e-9 && x >= fmin(g->x1, g->x2) - 1e-9 &&
                 x <= fmax(g->x1, g->x2) + 1e-9 && y >= fmin(g->y1, g->y2) - 1e-9 &&
                 y <= fmax(g->y1, g->y2) + 1e-9;
        }
        if (!on) {
            vx[n] = x, vy[n] = y;
            ++n;
        }
    }
    return n;
}

typedef struct totals {
    double ours, plain;
    int32_t polygons, disagree;
    bool pass; /* every map's ratio to the plain sweep */
} totals;

static void write_json(FILE *f, const char *name, const walls *w, const double *vx,
                       const double *vy, const double *areas, int32_t nv, double ours_us,
                       bool first)
{
    fprintf(f, "%s{\"name\":\"%s\",\"ours_us\":%.9g,\"segments\":[", first ? "" : ",", name,
            ours_us);
    for (int32_t k = 0; k < w->n; ++k)
        fprintf(f, "%s[[%.17g,%.17g],[%.17g,%.17g]]", k ? "," : "", w->s[k].x1, w->s[k].y1,
                w->s[k].x2, w->s[k].y2);
    fprintf(f, "],\"viewers\":[");
    for (int32_t k = 0; k < nv; ++k)
        fprintf(f, "%s[%.17g,%.17g,%.17g]", k ? "," : "", vx[k], vy[k], areas[k]);
    fprintf(f, "]}\n");
}

/* mode: 0 timed, 1 quick timing, 2 the gate (each side once over the viewers, not timed). */
static void bench_map(const char *path, const char *name, totals *t, FILE *json, bool first,
                      int mode)
{
#ifdef GG_HAVE_IO
    gg_import_def idef = gg_import_def_default();
    gg_scene *src = NULL;
    gg_io_error err;
    if (gg_scene_import_file(path, &idef, &src, NULL, &err) != GG_OK) {
        printf("%s: import failed (%s)\n", name, err.message);
        t->disagree++;
        return;
    }
    walls w;
    gg_scene *s = plain_scene(src, &w);
    gg_scene_destroy(src);
    double vx[MAX_VIEWERS], vy[MAX_VIEWERS], areas[MAX_VIEWERS];
    const int32_t nv = pick_viewers(s, &w, vx, vy);
    job j;
    memset(&j, 0, sizeof j);
    j.s = s;
    if (gg_scene_polygon_work_bytes(s, &j.work_bytes) != GG_OK)
        abort();
    j.work = aligned_alloc(16, (j.work_bytes + 15) & ~(size_t)15);
    j.cap = 4 * w.n + 64;
    j.buf = malloc(sizeof(double) * 2 * (size_t)j.cap);
    j.p = plain_make(&w, j.cap);
    j.vx = vx, j.vy = vy, j.nv = nv;
    /* Agreement first: the same area for every viewer. */
    double worst = 0;
    for (int32_t k = 0; k < nv; ++k) {
        gg_polygon_def d = gg_polygon_def_default();
        d.x = vx[k], d.y = vy[k];
        int32_t n = 0;
        if (gg_scene_visibility_polygon(s, j.work, j.work_bytes, &d, j.buf, j.cap, &n) != GG_OK)
            abort();
        const double a = area_of(j.buf, n);
        const int32_t pn = plain_polygon(j.p, vx[k], vy[k]);
        const double b = pn <= j.cap ? area_of(j.p->out, pn) : -1;
        const double rel = fabs(a - b) / fmax(1, a);
        worst = fmax(worst, rel);
        areas[k] = a;
        if (rel > 1e-6) {
            printf("%s: viewer (%g, %g): area %.9f, plain sweep %.9f: the two sides disagree\n",
                   name, vx[k], vy[k], a, b);
            t->disagree++;
            if (getenv("GG_BENCH_DUMP") != NULL) {
                for (int32_t q = 0; q < n; ++q)
                    printf("  ours %.6f %.6f\n", j.buf[2 * q], j.buf[2 * q + 1]);
                for (int32_t q = 0; q < pn; ++q)
                    printf("  plain %.6f %.6f\n", vx[k] + j.p->out[2 * q],
                           vy[k] + j.p->out[2 * q + 1]);
            }
        }
    }
    /* Every viewer is timed. */
    double ours = 0, base = 0;
    if (mode == 2) {
        run_lib_polygon(&j);
        run_base_polygon(&j);
        printf("%-58s %5d walls %4d viewers: each side ran once (run_lib_polygon, "
               "run_base_polygon); areas agree within %.1e\n",
               name, (int)w.n, (int)nv, worst);
    } else {
        bench_time_pair(run_lib_polygon, &j, run_base_polygon, &j, mode == 1 ? 0.05 : 0.3, 3, &ours,
                        &base);
        const bool ok = ours <= base;
        printf("%-58s %5d walls %4d viewers: ours %7.2f us, plain sweep %7.2f us per polygon: "
               "%.2fx its time (target <= 1.0x) %s; areas agree within %.1e\n",
               name, (int)w.n, (int)nv, 1e6 * ours / nv, 1e6 * base / nv, ours / base,
               ok ? "PASS" : "FAIL", worst);
        t->pass = t->pass && ok;
    }
    t->ours += ours;
    t->plain += base;
    t->polygons += nv;
    if (json != NULL)
        write_json(json, name, &w, vx, vy, areas, nv, 1e6 * ours / nv, first);
    plain_free(j.p);
    free(j.buf);
    free(j.work);
    free(w.s);
    gg_scene_destroy(s);
#else
    (void)path, (void)name, (void)t, (void)json, (void)first, (void)mode;
#endif
}

/* ---- Far walls cost nothing --------------------------------------------------------------------- */

typedef struct far_job {
    const gg_scene *s;
    void *work;
    size_t bytes;
    gg_polygon_def d;
    double buf[2 * 4096];
} far_job;

static void run_far(void *ctx)
{
    far_job *f = (far_job *)ctx;
    int32_t n = 0;
    for (int k = 0; k < 100; ++k)
        if (gg_scene_visibility_polygon(f->s, f->work, f->bytes, &f->d, f->buf, 4096, &n) != GG_OK)
            abort();
}

static gg_scene *room_scene(int32_t far_walls)
{
    gg_scene_def sd = gg_scene_def_default();
    sd.width = 256;
    sd.height = 256;
    sd.wall_rule = GG_WALL_RULE_POINT;
    gg_scene *s = NULL;
    if (gg_scene_create(&sd, &s) != GG_OK)
        abort();
    /* A closed 12 x 10 room with a pillar, at (4, 4). */
    const double r[][4] = {{4, 4, 16, 4}, {16, 4, 16, 14}, {16, 14, 4, 14}, {4, 14, 4, 4},
                           {9, 8, 10, 8}, {10, 8, 10, 9},  {10, 9, 9, 9},   {9, 9, 9, 8}};
    /* One batch, so that both scenes have their index built (few walls would wait in the
     * pending list, which is tested linearly and costs differently). */
    const int32_t nr = (int32_t)(sizeof r / sizeof *r);
    gg_wall_def *many = malloc(sizeof *many * (size_t)(far_walls + nr + 1));
    for (int32_t k = 0; k < nr; ++k) {
        many[k] = gg_wall_def_default();
        many[k].x1 = r[k][0], many[k].y1 = r[k][1], many[k].x2 = r[k][2], many[k].y2 = r[k][3];
    }
    bench_rng g;
    bench_rng_seed(&g, 3);
    int32_t n = nr;
    many[n] = gg_wall_def_default(); /* one far wall in both scenes */
    many[n].x1 = 250, many[n].y1 = 250, many[n].x2 = 251, many[n++].y2 = 251;
    for (int32_t k = 0; k < far_walls; ++k, ++n) {
        many[n] = gg_wall_def_default();
        const double x = 64 + bench_rng_below(&g, 180), y = 64 + bench_rng_below(&g, 180);
        many[n].x1 = x, many[n].y1 = y;
        many[n].x2 = x + bench_rng_below(&g, 3), many[n].y2 = y + 1;
    }
    if (gg_scene_add_walls(s, many, n, NULL) != GG_OK)
        abort();
    free(many);
    return s;
}

static bool bench_far(bool quick)
{
    gg_scene *a = room_scene(0), *b = room_scene(20000);
    far_job fa, fb;
    fa.s = a, fb.s = b;
    if (gg_scene_polygon_work_bytes(b, &fb.bytes) != GG_OK)
        abort();
    fa.bytes = fb.bytes;
    fa.work = aligned_alloc(16, fb.bytes);
    fb.work = aligned_alloc(16, fb.bytes);
    bool pass = true;
    for (int c = 0; c < 2; ++c) {
        fa.d = gg_polygon_def_default();
        fa.d.x = 6.5, fa.d.y = 6.5; /* in the room */
        if (c == 1) {
            fa.d.x = 40.5, fa.d.y = 40.5, fa.d.range_ft = 60; /* open ground, a 12-cell radius */
        }
        fb.d = fa.d;
        double ta = 0, tb = 0;
        bench_time_pair(run_far, &fa, run_far, &fb, quick ? 0.05 : 0.3, 3, &ta, &tb);
        char name[128];
        snprintf(name, sizeof name, "far walls: %s, 20000 walls added far away vs none",
                 c == 0 ? "viewer in a room, unlimited" : "open ground, radius 60 ft");
        pass = bench_report_ratio(name, tb / 100, ta / 100, 0.8) && pass;
    }
    free(fa.work);
    free(fb.work);
    gg_scene_destroy(a);
    gg_scene_destroy(b);
    return pass;
}

/* The callgrind gate's small workload (bench/callgrind_gate.py): an open map where most walls
 * are seen (Cities Street), a dungeon where most are hidden (The Litch and his Tomb) and a room
 * (Gold Room); --once takes every map. */
static bool gate_map(const char *name)
{
    return strstr(name, "cities-street") != NULL || strstr(name, "the-litch") != NULL ||
           strstr(name, "gold-room") != NULL;
}

int main(int argc, char **argv)
{
    const char *maps = GG_BENCH_MAPS_DIR, *node_dir = NULL, *only = NULL;
    int mode = 0;
    bool gate = false;
    for (int k = 1; k < argc; ++k) {
        if (strcmp(argv[k], "--node") == 0 && k + 1 < argc)
            node_dir = argv[++k];
        else if (strcmp(argv[k], "--map") == 0 && k + 1 < argc)
            only = argv[++k];
        else if (strcmp(argv[k], "--quick") == 0)
            mode = mode > 1 ? mode : 1; /* run_all.sh passes it to every bench */
        else if (strcmp(argv[k], "--once") == 0 || strcmp(argv[k], "--gate") == 0) {
            mode = 2;
            gate = gate || strcmp(argv[k], "--gate") == 0;
        } else
            maps = argv[k];
    }
    if (mode == 2)
        node_dir = NULL; /* instruction counts: the C sides only */
    bool pass = true;
#ifdef GG_HAVE_IO
    char json_path[512] = "";
    FILE *json = NULL;
    if (node_dir != NULL) {
        snprintf(json_path, sizeof json_path, "%s/bench_polygon_input.json", node_dir);
        json = fopen(json_path, "w");
        if (json != NULL)
            fprintf(json, "[");
    }
    totals t = {0, 0, 0, 0, true};
    bool first = true;
    for (size_t k = 0; k < GG_SHARED_MAP_COUNT; ++k) {
        if (only != NULL && strstr(gg_shared_maps[k], only) == NULL)
            continue;
        if (only == NULL && gate && !gate_map(gg_shared_maps[k]))
            continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", maps, gg_shared_maps[k]);
        bench_map(path, gg_shared_maps[k], &t, json, first, mode);
        first = false;
    }
    printf("all maps: %d viewers, every one run; ours and the plain sweep disagree on %d %s\n",
           (int)t.polygons, (int)t.disagree, t.disagree == 0 ? "PASS" : "FAIL");
    pass = t.disagree == 0 && pass;
    if (mode != 2) {
        printf("every map at <= 1.0x the plain sweep's time: %s\n", t.pass ? "PASS" : "FAIL");
        pass = bench_report_ratio("polygon per viewer, all shared maps, vs the plain C sweep",
                                  t.ours / t.polygons, t.plain / t.polygons, 1.0) &&
               t.pass && pass;
    }
    if (json != NULL) {
        fprintf(json, "]\n");
        fclose(json);
        char cmd[2048];
        snprintf(cmd, sizeof cmd, "cd '%s' && node '%s/bench/bench_polygon.mjs' '%s' %.9g",
                 node_dir, GG_BENCH_SOURCE_DIR, json_path, 1e6 * t.ours / t.polygons);
        FILE *f = popen(cmd, "r");
        char line[512];
        bool node_pass = false, ran = false;
        while (f != NULL && fgets(line, sizeof line, f) != NULL) {
            fputs(line, stdout);
            ran = true;
            node_pass = strstr(line, "PASS") != NULL; /* its last line: every map and the total */
        }
        const int rc = f != NULL ? pclose(f) : -1;
        if (!ran || rc != 0)
            printf("npm visibility-polygon: skipped (node or the package is missing under %s: "
                   "npm install --prefix %s visibility-polygon)\n",
                   node_dir, node_dir);
        else
            pass = node_pass && pass;
    } else {
        printf("npm visibility-polygon: skipped (pass --node DIR with visibility-polygon "
               "installed under DIR/node_modules)\n");
    }
#else
    (void)maps, (void)node_dir, (void)only;
    printf("shared maps: skipped (built without the io layer)\n");
#endif
    if (mode != 2)
        pass = bench_far(mode == 1) && pass;
    printf("%s\n", pass ? "PASS" : "FAIL");
    return pass ? 0 : 1;
}
