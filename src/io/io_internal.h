/* io_internal.h - what the format readers share: the import context (options, error, report
 * notes, stats), the raw wall list every reader fills, and small JSON accessors that name the
 * JSON path of a problem. Layer: io (private). */
#ifndef GG_SRC_IO_IO_INTERNAL_H
#define GG_SRC_IO_IO_INTERNAL_H

#include <jansson.h>
#include <stdarg.h>

#include "gridgeom/io.h"

#if defined(__GNUC__)
#define GG__IO_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define GG__IO_PRINTF(f, a)
#endif

#define GG__IO_WHAT_MAX 96
#define GG__IO_EXAMPLE_MAX 128

/* One report line while importing; the persistent report holds an array of these. */
typedef struct gg__io_note {
    gg_import_action action;
    int32_t count;
    char what[GG__IO_WHAT_MAX];
    char example[GG__IO_EXAMPLE_MAX];
} gg__io_note;

/* A wall as a reader found it, already in scene-local grid-corner coordinates (cells), before
 * clipping, snapping and merging. */
typedef struct gg__io_seg {
    double x1, y1, x2, y2;
    uint32_t blocks;
    gg_door door;
    gg_one_way one_way;
    gg_cover cover;
    uint32_t limited;                              /* gg_wall_def.limited */
    double sight_proximity_ft, light_proximity_ft; /* gg_wall_def's */
    bool secret;                                   /* gg_wall_def.secret */
    double bottom_ft, top_ft; /* gg_wall_def's: on the 1/16 ft lattice or +-HUGE_VAL */
    int32_t source;           /* index of the segment in the file, for examples */
    const char *label;        /* "line_of_sight", "walls", ... (static) */
    bool keep_point;          /* a point wall in the file (Nat20): not "collapsed by snapping" */
} gg__io_seg;

/* The memory of one io call: the caller's allocator (resolved), and whether any allocation
 * through it failed. While a scope is open on a thread, jansson allocates there too (io_alloc.c
 * says how and why). */
typedef struct gg__io_mem {
    gg_allocator alloc;
    bool failed;
    struct gg__io_mem *outer; /* the scope this one interrupted (nested io calls) */
} gg__io_mem;

/* Copies *in, or malloc/free when in is NULL (as every def's NULL allocator means); false when
 * `in` has NULL functions. The io layer keeps its own copy so it needs only the public API. */
bool gg__io_allocator_resolve(const gg_allocator *in, gg_allocator *out);

/* Opens a scope on this thread with `resolved` (a complete allocator); every io entry point
 * opens one before touching jansson and closes it, after freeing every jansson value it made,
 * with gg__io_mem_end(). */
void gg__io_mem_begin(gg__io_mem *m, const gg_allocator *resolved);
void gg__io_mem_end(gg__io_mem *m);
/* Allocation through the scope's allocator (sets m->failed on failure); free takes the size. */
void *gg__io_alloc(gg__io_mem *m, size_t bytes);
/* A new block of new_bytes holding the old one's first bytes; the old block is freed on
 * success and kept on failure (NULL). */
void *gg__io_grow(gg__io_mem *m, void *ptr, size_t old_bytes, size_t new_bytes);
void gg__io_free(gg__io_mem *m, void *ptr, size_t bytes);

typedef struct gg__io_ctx {
    const gg_import_def *def;
    gg__io_mem *mem;
    gg_io_error *err;
    gg__io_note *notes;
    int32_t n_notes, cap_notes;
    gg_import_stats stats;
    gg__io_seg *segs;
    int32_t n_segs, cap_segs;
    bool oom;               /* a note or segment could not be stored */
    gg_wall_rule wall_rule; /* of a Nat20 JSON scene ("wall_rule"; NAT20 when absent) */
} gg__io_ctx;

/* Sets *ctx->err (status and printf message, no position) and returns `status`. */
gg_status gg__io_fail(gg__io_ctx *ctx, gg_status status, const char *fmt, ...) GG__IO_PRINTF(3, 4);

/* Adds `count` to the note (action, what), creating it with `example` (printf) when new. */
void gg__io_note_add(gg__io_ctx *ctx, gg_import_action action, int32_t count, const char *what,
                     const char *example_fmt, ...) GG__IO_PRINTF(5, 6);

/* Appends a raw segment (checks max_walls: GG_E_TOO_LARGE). */
gg_status gg__io_seg_push(gg__io_ctx *ctx, const gg__io_seg *seg);

/* A raw segment with the Nat20 defaults (blocks everything, no door, two-way, no cover). */
gg__io_seg gg__io_seg_default(void);

/* Clips, snaps, merges the raw segments and adds them to the scene (stats and notes). */
gg_status gg__io_add_walls(gg__io_ctx *ctx, gg_scene *scene);

/* Refuses, before anything is built, a file over the def's caps: a width x height map over
 * max_cells, more than max_walls wall segments, more than max_lights lights (GG_E_TOO_LARGE with
 * a message naming the cap). `walls` and `lights` are what the file holds, counted from its
 * lists; each reader calls this once it knows them. */
gg_status gg__io_check_caps(gg__io_ctx *ctx, int64_t width, int64_t height, int64_t walls,
                            int64_t lights);

/* Creates the scene (size checks with a message). */
gg_status gg__io_scene_create(gg__io_ctx *ctx, int32_t width, int32_t height, int32_t cell_ft,
                              gg_light default_light, gg_scene **out);

/* Width/height from a real number of cells: ceil, checked against the scene limits. */
gg_status gg__io_cells_from_real(gg__io_ctx *ctx, double v, const char *path, int32_t *out);

/* ---- JSON accessors. Each names `path` in its message and returns GG_E_INVALID_ARG. ---- */
const char *gg__io_json_type(const json_t *v);
gg_status gg__io_want_object(gg__io_ctx *ctx, const json_t *v, const char *path);
gg_status gg__io_want_array(gg__io_ctx *ctx, const json_t *v, const char *path);
/* A finite number (integer or real). */
gg_status gg__io_number(gg__io_ctx *ctx, const json_t *v, const char *path, double *out);
/* Optional member: *out = dflt when absent or null. */
gg_status gg__io_opt_number(gg__io_ctx *ctx, const json_t *obj, const char *key, const char *path,
                            double dflt, double *out);
/* An integer in [lo, hi]; a real with an integral value is accepted. */
gg_status gg__io_int(gg__io_ctx *ctx, const json_t *v, const char *path, int64_t lo, int64_t hi,
                     int64_t *out);
gg_status gg__io_opt_int(gg__io_ctx *ctx, const json_t *obj, const char *key, const char *path,
                         int64_t lo, int64_t hi, int64_t dflt, int64_t *out);
/* A point {x, y}. */
gg_status gg__io_point(gg__io_ctx *ctx, const json_t *v, const char *path, double *x, double *y);

/* The three readers. */
gg_status gg__io_read_nat20(gg__io_ctx *ctx, json_t *root, gg_scene **out);
gg_status gg__io_read_uvtt(gg__io_ctx *ctx, json_t *root, gg_scene **out);
gg_status gg__io_read_foundry(gg__io_ctx *ctx, json_t *root, gg_scene **out);

/* Adds one light source found in a file: (x, y) in scene cells (moved to the centre of its
 * cell, reported), radii in feet (rounded; negative -> 0). Off-map lights are dropped and
 * reported. `path` names it in the report. */
gg_status gg__io_add_light(gg__io_ctx *ctx, gg_scene *scene, double x, double y, double bright_ft,
                           double dim_ft, const char *path);
/* The same with the cone and colour of `shape` (a validated gg_light_def; its cell and radii are
 * ignored); NULL = the defaults. */
gg_status gg__io_add_light_shaped(gg__io_ctx *ctx, gg_scene *scene, double x, double y,
                                  double bright_ft, double dim_ft, const gg_light_def *shape,
                                  const char *path);

/* Reads an optional colour member `key` of `obj` as data for gg_light_def: "#RRGGBB" or
 * "RRGGBB" (alpha 0xFF), or with `argb` "AARRGGBB" (UVTT). Absent, null or "" -> no colour.
 * Anything else is reported as dropped (not an error: a colour never changes what is lit). */
void gg__io_light_color(gg__io_ctx *ctx, const json_t *obj, const char *key, const char *path,
                        bool argb, gg_light_def *light);

#endif
