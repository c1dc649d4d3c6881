/* io.h - scene import (Nat20 GridScene JSON, Universal VTT, Foundry VTT scenes) with a report of
 * everything the import changed, and export back to Nat20 GridScene JSON.
 * Layer: io (optional: built when meson finds jansson, option 'io'). */
#ifndef GRIDGEOM_IO_H
#define GRIDGEOM_IO_H

#include "gridgeom/base.h"
#include "gridgeom/topology.h"

#ifdef __cplusplus
extern "C" {
#endif

/* =============================================================================================
 * Formats and options
 * ============================================================================================= */

/// The scene formats the io layer reads. GG_IO_FORMAT_AUTO looks at the top-level keys:
/// "wall_segments", or "width" and "height" without "grid" and "walls" -> Nat20; "resolution" and
/// "line_of_sight" -> Universal VTT; a "walls" list with "grid" -> Foundry.
/// @since 0.1
typedef enum gg_io_format {
    GG_IO_FORMAT_AUTO = 0,
    GG_IO_FORMAT_NAT20 = 1,  ///< Nat20 GridScene JSON (docs/io.md lists our extension keys)
    GG_IO_FORMAT_UVTT = 2,   ///< Universal VTT: .dd2vtt, .uvtt, .df2vtt
    GG_IO_FORMAT_FOUNDRY = 3 ///< Foundry VTT Scene document (0.7/0.8, v9, v10 wall schemas)
} gg_io_format;

/// A short lowercase name: "auto", "nat20", "uvtt", "foundry"; "unknown" otherwise. Static.
/// @thread pure
/// @since 0.1
GG_API const char *gg_io_format_name(gg_io_format format);

/// Largest input gg_scene_import() accepts by default, in bytes (64 MiB).
#define GG_IMPORT_DEFAULT_MAX_BYTES ((size_t)64 << 20)
/// Largest map area (width x height cells) an import accepts by default: 4096 x 4096.
#define GG_IMPORT_DEFAULT_MAX_CELLS ((int64_t)4096 * 4096)
/// Most wall segments an import accepts by default.
#define GG_IMPORT_DEFAULT_MAX_WALLS (1 << 20)
/// Most points in one Universal VTT polyline an import accepts by default.
#define GG_IMPORT_DEFAULT_MAX_POLYLINE_POINTS (1 << 16)
/// Most light sources an import accepts by default.
#define GG_IMPORT_DEFAULT_MAX_LIGHTS (1 << 16)

/// How to import. Make it with gg_import_def_default(), then set fields.
/// @since 0.1
typedef struct gg_import_def {
    uint32_t struct_size; ///< set by gg_import_def_default(); do not touch
    gg_io_format format;  ///< default GG_IO_FORMAT_AUTO
    bool merge_walls;     ///< merge collinear touching walls with equal attributes
                          ///< (never doors); default true. Changes no query answer.
    bool clip_walls;      ///< clip walls to the scene rectangle and drop those fully
                          ///< outside; default true
    bool uvtt_objects;    ///< import UVTT objects_line_of_sight as walls; default true
    bool use_elevation;   ///< Foundry: keep only walls whose flags["wall-height"]
                          ///< {bottom, top} contains elevation_ft; default false (all
                          ///< levels are flattened into one scene, and reported)
    double elevation_ft;  ///< the level to keep when use_elevation; default 0
    /* Caps for files from strangers (docs/io.md lists them). Each is checked as soon as the
     * counts are known, before the scene is built, and a file over one is refused with
     * GG_E_TOO_LARGE and a message naming the field. Lower them for smaller budgets. */
    size_t max_bytes;              ///< larger input gives GG_E_TOO_LARGE; default 64 MiB
    int32_t max_walls;             ///< more wall segments in the file give GG_E_TOO_LARGE;
                                   ///< default GG_IMPORT_DEFAULT_MAX_WALLS (1 << 20)
    int64_t max_cells;             ///< a larger width x height gives GG_E_TOO_LARGE; >= 1;
                                   ///< default GG_IMPORT_DEFAULT_MAX_CELLS (4096 x 4096)
    int32_t max_polyline_points;   ///< a longer UVTT polyline gives GG_E_TOO_LARGE; >= 2;
                                   ///< default GG_IMPORT_DEFAULT_MAX_POLYLINE_POINTS (1 << 16)
    int32_t max_lights;            ///< more light sources give GG_E_TOO_LARGE; >= 0; default
                                   ///< GG_IMPORT_DEFAULT_MAX_LIGHTS (1 << 16)
    const gg_allocator *allocator; ///< for the scene and the report; NULL = malloc/free
    /// The wall rule (gg_scene_def.wall_rule) of Universal VTT and Foundry scenes; default
    /// GG_WALL_RULE_POINT: their walls pass through cell centres (furniture outlines, diagonal
    /// walls), which the Nat20 rule would make blind, pinned cells (docs/vision.md). A Nat20
    /// JSON scene uses GG_WALL_RULE_NAT20 unless it says "wall_rule": "point". (@since 0.3)
    gg_wall_rule vtt_wall_rule;
} gg_import_def;

/// A def with every default filled in.
/// @thread pure
/// @since 0.1
static inline gg_import_def gg_import_def_default(void)
{
    gg_import_def d;
    d.struct_size = (uint32_t)sizeof d;
    d.format = GG_IO_FORMAT_AUTO;
    d.merge_walls = true;
    d.clip_walls = true;
    d.uvtt_objects = true;
    d.use_elevation = false;
    d.elevation_ft = 0.0;
    d.max_bytes = GG_IMPORT_DEFAULT_MAX_BYTES;
    d.max_walls = GG_IMPORT_DEFAULT_MAX_WALLS;
    d.max_cells = GG_IMPORT_DEFAULT_MAX_CELLS;
    d.max_polyline_points = GG_IMPORT_DEFAULT_MAX_POLYLINE_POINTS;
    d.max_lights = GG_IMPORT_DEFAULT_MAX_LIGHTS;
    d.allocator = NULL;
    d.vtt_wall_rule = GG_WALL_RULE_POINT;
    return d;
}

/// Where and why an import or export failed. Caller-owned; every io function that takes one
/// fills it on failure (and clears it on success). For JSON syntax errors `line`, `column`
/// (1-based) and `position` (0-based byte offset) come from the parser; for well-formed JSON with
/// wrong content they are 0 and `message` names the JSON path, e.g. "walls[12].c[2]: expected a
/// number, found a string".
/// @since 0.1
typedef struct gg_io_error {
    gg_status status;
    int32_t line;
    int32_t column;
    int64_t position;
    char message[256];
} gg_io_error;

/* =============================================================================================
 * The import report
 * ============================================================================================= */

/// What the import did to a group of things in the file.
/// @since 0.1
typedef enum gg_import_action {
    GG_IMPORT_SNAPPED = 1,     ///< rounded to the wall lattice, or moved onto a nearby grid corner
    GG_IMPORT_MERGED = 2,      ///< joined with a collinear touching wall (or a duplicate)
    GG_IMPORT_CLIPPED = 3,     ///< shortened at the scene edge
    GG_IMPORT_DROPPED = 4,     ///< not in the scene at all
    GG_IMPORT_APPROXIMATED = 5 ///< kept, with a meaning the scene cannot hold exactly
} gg_import_action;

/// A short lowercase name: "snapped", "merged", "clipped", "dropped", "approximated". Static.
/// @thread pure
/// @since 0.1
GG_API const char *gg_import_action_name(gg_import_action action);

/// One line of the report: `count` things of kind `what`, and one example.
/// @since 0.1
typedef struct gg_import_note {
    gg_import_action action;
    int32_t count;
    const char *what;    ///< e.g. "wall endpoints moved by up to 0.21 cells"; lent by the report
    const char *example; ///< e.g. "walls[3]: (2.47,1) -> (2.5,1)"; lent; "" when none
} gg_import_note;

/// Key numbers of an import.
/// @since 0.1
typedef struct gg_import_stats {
    gg_io_format format;   ///< the format actually read
    int32_t width, height; ///< scene size in cells
    int32_t cell_size_ft;
    int32_t segments_read; ///< wall and door segments in the file (polyline edges for UVTT)
    int32_t walls;         ///< walls in the scene (after clipping, snapping and merging)
    int32_t doors;         ///< of those, doors (any state)
    int32_t doors_open;
    int32_t doors_locked;
    int32_t one_way;           ///< one-way walls in the scene
    int32_t windows;           ///< walls with a cover value (windows, low walls)
    int32_t endpoints_snapped; ///< wall endpoints moved by snapping
    double max_snap_cells;     ///< largest snapping displacement, in cells
    int32_t merged;            ///< wall segments absorbed by merging
    int32_t clipped;           ///< wall segments shortened at the scene edge
    int32_t walls_dropped;     ///< wall segments not in the scene (outside, collapsed, levels...)
    int32_t lights_read;       ///< light sources in the file
    int32_t lights_dropped;    ///< light sources not in the scene (all, until the scene has them)
    int32_t tags;              ///< cell tags set (blocked, difficult, cover, lighting, obscurement)
} gg_import_stats;

/// The report of one import: stats and notes. Owned by the caller; free it with
/// gg_import_report_destroy(). Allocated with the import def's allocator.
typedef struct gg_import_report gg_import_report;

/// Frees a report. NULL is a no-op.
/// @thread owner
/// @since 0.1
GG_API void gg_import_report_destroy(gg_import_report *report);

/// The report's stats.
/// @return GG_OK; GG_E_INVALID_ARG for NULL.
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_import_report_stats(const gg_import_report *report,
                                                     gg_import_stats *out_stats);

/// Number of notes (0 when nothing was changed).
/// @thread reader
/// @since 0.1
GG_API int32_t gg_import_report_note_count(const gg_import_report *report);

/// The note at `index` (0 .. count-1), in the order the import made them.
/// @return GG_OK; GG_E_INVALID_ARG for NULL; GG_E_OUT_OF_BOUNDS for a bad index.
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_import_report_note(const gg_import_report *report, int32_t index,
                                                    gg_import_note *out_note);

/// The summed count of all notes with `action` whose `what` contains `substring` (NULL or ""
/// matches every note). Handy in tests: count_of(r, GG_IMPORT_DROPPED, "light").
/// @thread reader
/// @since 0.1
GG_API int32_t gg_import_report_count_of(const gg_import_report *report, gg_import_action action,
                                         const char *substring);

/* =============================================================================================
 * Import and export
 * ============================================================================================= */

/// Parses `len` bytes of JSON (no NUL needed) in the def's format and builds a scene. Walls are
/// converted to scene-local grid-corner coordinates, clipped, rounded to the 1/1024-cell wall
/// lattice and merged as the def says; everything changed or left out is counted in the report.
/// Nothing is silent.
/// `out_report` may be NULL; `out_error` may be NULL.
/// @return GG_OK; GG_E_BAD_DEF; GG_E_INVALID_ARG for NULL pointers or content the format does
///         not allow (wrong types, unknown enum values, a hex grid); GG_E_PARSE for invalid JSON
///         (line and column in *out_error); GG_E_TOO_LARGE for input over max_bytes, more than
///         max_walls segments or max_lights lights, a polyline over max_polyline_points, a map
///         over max_cells or GG_SCENE_MAX_SIDE (the message names the cap); GG_E_NO_MEMORY.
///         Time and memory grow with the input's size plus the map's cells. On failure
///         *out_scene and *out_report are NULL and nothing is leaked.
/// @thread pure (allocates only through the def's allocator and, for temporaries, malloc)
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_import(const char *data, size_t len,
                                              const gg_import_def *def, gg_scene **out_scene,
                                              gg_import_report **out_report,
                                              gg_io_error *out_error);

/// gg_scene_import() on the contents of the file at `path` (read whole; its size is checked
/// against max_bytes before reading).
/// @return as gg_scene_import(); GG_E_INVALID_ARG when the file cannot be opened or read
///         (*out_error says why).
/// @thread pure
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_import_file(const char *path, const gg_import_def *def,
                                                   gg_scene **out_scene,
                                                   gg_import_report **out_report,
                                                   gg_io_error *out_error);

/// Writes the scene as Nat20 GridScene JSON into `buf` (NUL-terminated when it fits), like
/// snprintf: *out_len is the length without the NUL. Plain walls are written exactly as Nat20
/// reads them; a wall with non-default blocks, door, one_way or cover gets extra keys (see
/// docs/io.md), which Nat20 ignores and gg_scene_import() reads back. The output is canonical
/// (fixed key order, tags in row-major order, walls in id order), so load -> save -> load ->
/// save gives identical text.
/// @return GG_OK; GG_E_BUFFER_TOO_SMALL (*out_len = length needed; `buf` may be NULL with
///         cap 0); GG_E_INVALID_ARG for NULL scene or out_len; GG_E_NO_MEMORY.
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_export_nat20(const gg_scene *scene, char *buf, size_t cap,
                                                    size_t *out_len, gg_io_error *out_error);

/// gg_scene_export_nat20() into a file (created or truncated), followed by a newline.
/// @return as gg_scene_export_nat20(); GG_E_INVALID_ARG when the file cannot be written.
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_export_nat20_file(const gg_scene *scene, const char *path,
                                                         gg_io_error *out_error);

/// Lists the scene's live walls in id order (the order gg_scene_export_nat20() writes them), for
/// exporters and drawing tools. Either output array may be NULL (then only *out_count is useful).
/// The definitions are written in the 0.2 layout, 56 bytes apart, as the gg_scene_list_walls()
/// symbol writes them: this is the symbol 0.2-built hosts call; a build against this header
/// calls gg_io_list_walls_sized() through the gg_io_list_walls() macro below.
/// @return GG_OK; GG_PARTIAL when `capacity` cut the list (*out_count = the full count);
///         GG_E_INVALID_ARG for NULL scene or out_count, or capacity < 0.
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_io_list_walls(const gg_scene *scene, gg_wall_id *out_ids,
                                               gg_wall_def *out_defs, int32_t capacity,
                                               int32_t *out_count);

/// gg_io_list_walls() with definitions of `def_size` bytes each, `def_size` apart: as
/// gg_scene_list_walls_sized().
/// @return as gg_scene_list_walls_sized().
/// @thread reader
/// @since 0.3
GG_API GG_NODISCARD gg_status gg_io_list_walls_sized(const gg_scene *scene, gg_wall_id *out_ids,
                                                     gg_wall_def *out_defs, size_t def_size,
                                                     int32_t capacity, int32_t *out_count);

/// What a build against this header calls: gg_io_list_walls_sized() with this header's
/// sizeof(gg_wall_def) as the stride (each argument evaluated once; `out_defs` may be NULL).
/// @since 0.3
#define gg_io_list_walls(scene, out_ids, out_defs, capacity, out_count)                            \
    gg_io_list_walls_sized((scene), (out_ids), (out_defs), sizeof(gg_wall_def), (capacity),        \
                           (out_count))

/* =============================================================================================
 * The map's picture
 * ============================================================================================= */

/// Picture encodings gg_map_image_read() recognises by their first bytes.
/// @since 0.3
typedef enum gg_image_type {
    GG_IMAGE_NONE = 0, ///< no picture bytes
    GG_IMAGE_PNG = 1,  ///< image/png
    GG_IMAGE_JPEG = 2, ///< image/jpeg
    GG_IMAGE_WEBP = 3, ///< image/webp
    GG_IMAGE_OTHER = 4 ///< bytes in none of the above encodings
} gg_image_type;

/// Where a Universal VTT or Foundry map puts its own picture on the scene gg_scene_import()
/// builds from the same file, and the picture itself when the file embeds it (the base64
/// `image` of Universal VTT; a Foundry scene only names its picture's file). The rectangle is in
/// the scene's grid-corner coordinates (cells), as walls are, so a drawing tool scales the
/// picture onto the grid with it. Filled by gg_map_image_read(); release with
/// gg_map_image_clear().
/// @since 0.3
typedef struct gg_map_image {
    gg_io_format format;    ///< GG_IO_FORMAT_UVTT or GG_IO_FORMAT_FOUNDRY
    double x, y;            ///< the picture's top-left corner, in scene cells
    double width, height;   ///< its size, in cells (its pixel size over the file's pixels per cell)
    gg_image_type type;     ///< the encoding of `bytes`; GG_IMAGE_NONE when there are none
    int32_t pixel_width;    ///< from the picture's header; 0 when not known
    int32_t pixel_height;   ///< from the picture's header; 0 when not known
    unsigned char *bytes;   ///< the decoded picture (from the def's allocator), or NULL
    size_t size;            ///< bytes in `bytes`
    char source[256];       ///< Foundry: the picture's path as the scene stores it (`img` or
                            ///< `background.src`, cut to 255 bytes); "" otherwise
    gg_allocator allocator; ///< how `bytes` is freed; for gg_map_image_clear()
} gg_map_image;

/// Reads the picture of a Universal VTT or Foundry map from `len` bytes of the file (the bytes
/// gg_scene_import() takes; the def's format, max_bytes and allocator apply). Universal VTT:
/// the picture covers the exported rectangle, from the scene's corner (0, 0), one cell per
/// `resolution.pixels_per_grid` pixels of its header's size (map_size when the header is not
/// read). Foundry: the scene rectangle (`width` x `height` px, after padding and
/// shiftX/background.offsetX), divided by the grid size, less the scene's first canvas cell.
/// `out_error` may be NULL.
/// @return GG_OK (a Universal VTT file with an empty or missing `image` gives type
///         GG_IMAGE_NONE); GG_E_BAD_DEF; GG_E_INVALID_ARG for NULL pointers, a Nat20 scene (it
///         has no picture), fields of the wrong type or an `image` that is not base64;
///         GG_E_PARSE for invalid JSON; GG_E_TOO_LARGE for input over max_bytes;
///         GG_E_NO_MEMORY. On failure *out_image holds no bytes.
/// @thread pure (allocates only through the def's allocator)
/// @since 0.3
GG_API GG_NODISCARD gg_status gg_map_image_read(const char *data, size_t len,
                                                const gg_import_def *def, gg_map_image *out_image,
                                                gg_io_error *out_error);

/// Frees the picture's bytes and zeroes *image. NULL is a no-op.
/// @thread pure
/// @since 0.3
GG_API void gg_map_image_clear(gg_map_image *image);

#ifdef __cplusplus
}
#endif

#endif /* GRIDGEOM_IO_H */
