/* fog.h - what a party sees, the fog-of-war memory a host keeps across turns (and its byte
 * format), and which cells a door, a wall or a light edit changed. Layer: topology. See
 * docs/vision.md ("Party view", "Fog of war", "What changed"). */
#ifndef GRIDGEOM_FOG_H
#define GRIDGEOM_FOG_H

#include "gridgeom/base.h"
#include "gridgeom/core.h"
#include "gridgeom/topology.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Party view ------------------------------------------------------------------------------ */

/// One member of a party: where it stands and what rule its view follows. A plain value (no
/// struct_size): hosts keep arrays of them. Make one with gg_viewer_make().
/// @since 0.3
typedef struct gg_viewer {
    gg_cell cell;     ///< the member's cell; must be on the scene
    int32_t range_ft; ///< >= 0, or GG_RANGE_UNLIMITED; Chebyshev distance * cell_size_ft
    /// false: line of sight (gg_scene_visible_cells()); true: gg_scene_can_see() with `senses`
    /// (light, obscurement, darkvision, blindsight, truesight), also cut at range_ft.
    bool use_senses;
    gg_senses senses; ///< read only when use_senses
} gg_viewer;

/// A viewer on `c` with line of sight, no range limit and no senses.
/// @thread pure
/// @since 0.3
static inline gg_viewer gg_viewer_make(gg_cell c)
{
    gg_viewer v;
    v.cell = c;
    v.range_ft = GG_RANGE_UNLIMITED;
    v.use_senses = false;
    v.senses = gg_senses_none();
    return v;
}

/// What a party sees: bit c is set when some viewer sees c under its own rule (a viewer sees c
/// when its Chebyshev distance * cell_size_ft <= range_ft and, without use_senses,
/// gg_scene_has_line_of_sight(viewer, c), with use_senses gg_scene_can_see(viewer, c, senses)).
/// One sweep per viewer, each ORed into `bits`, so the work grows with what the party sees; the
/// bitset is cleared once, as `mode` says (GG_BITSET_REPLACE_TRACKED: as GG_BITSET_REPLACE).
/// A viewer with use_senses and a finite range costs one line-of-sight test more per seen cell
/// than one without a range (gg_scene_seen_cells() has no range to cut).
/// @param out_count optional: cells set in `bits` after the call (a popcount of the bitset).
/// @return GG_OK; GG_E_INVALID_ARG for NULL scene or bits, NULL viewers with count > 0, count <
///         0, a negative range, scratch made for another scene or an unknown mode;
///         GG_E_BUFFER_TOO_SMALL when words < gg_scene_bitset_words(); GG_E_OUT_OF_BOUNDS when a
///         viewer is off the scene. On failure nothing is written and *out_count = 0.
/// @thread reader
/// @since 0.3
GG_API GG_NODISCARD gg_status gg_scene_party_view(const gg_scene *scene, gg_scratch *scratch,
                                                  const gg_viewer *viewers, int32_t count,
                                                  gg_bitset_mode mode, uint64_t *bits, size_t words,
                                                  int32_t *out_count);

/* ---- Fog of war: what a party has explored ---------------------------------------------------- */

/// The cells a party has explored, kept by the host across turns: a bitset of width * height
/// cells in its own memory, grown by each turn's view and saved/loaded in a versioned byte
/// format (docs/vision.md "Fog of war").
typedef struct gg_fog gg_fog;

/// What a fog memory is for. Make it with gg_fog_def_default(), then set fields.
/// @since 0.3
typedef struct gg_fog_def {
    uint32_t struct_size;          ///< set by gg_fog_def_default(); do not touch
    int32_t width, height;         ///< cells, >= 1 each (the scene's, gg_scene_width/height())
    const gg_allocator *allocator; ///< borrowed during create and copied; NULL = malloc/free
} gg_fog_def;

/// A 1 x 1 fog with malloc/free.
/// @thread pure
/// @since 0.3
static inline gg_fog_def gg_fog_def_default(void)
{
    gg_fog_def d;
    d.struct_size = (uint32_t)sizeof d;
    d.width = 1;
    d.height = 1;
    d.allocator = NULL;
    return d;
}

/// The largest fog: 2^28 cells (the byte format counts cells in 32 bits with room to spare).
#define GG_FOG_MAX_CELLS (1 << 28)

/// Creates an empty fog memory (nothing explored), in one block from def->allocator.
/// @return GG_OK; GG_E_BAD_DEF; GG_E_INVALID_ARG for NULL, a side < 1 or an allocator without
///         alloc/free; GG_E_TOO_LARGE past GG_FOG_MAX_CELLS; GG_E_NO_MEMORY. *out_fog = NULL on
///         failure.
/// @thread owner
/// @since 0.3
GG_API GG_NODISCARD gg_status gg_fog_create(const gg_fog_def *def, gg_fog **out_fog);

/// Frees a fog memory; NULL is a no-op.
/// @thread owner
/// @since 0.3
GG_API void gg_fog_destroy(gg_fog *fog);

/// The fog's width in cells (0 for NULL).
/// @thread reader
/// @since 0.3
GG_API int32_t gg_fog_width(const gg_fog *fog);

/// The fog's height in cells (0 for NULL).
/// @thread reader
/// @since 0.3
GG_API int32_t gg_fog_height(const gg_fog *fog);

/// Words of a cell bitset for the fog: ceil(width * height / 64), as gg_scene_bitset_words() for
/// a scene of the same size; 0 for NULL.
/// @thread reader
/// @since 0.3
GG_API size_t gg_fog_bitset_words(const gg_fog *fog);

/// Marks every cell set in `view` (a cell bitset of the fog's size, e.g. gg_scene_party_view())
/// as explored. `revealed` (optional, `words` words) receives the cells this call explored for
/// the first time (replaced, not ORed); *out_revealed (optional) counts them.
/// @return GG_OK; GG_E_INVALID_ARG for NULL fog or view; GG_E_BUFFER_TOO_SMALL when words <
///         gg_fog_bitset_words() (nothing changed).
/// @thread writer (of the fog)
/// @since 0.3
GG_API GG_NODISCARD gg_status gg_fog_reveal(gg_fog *fog, const uint64_t *view, size_t words,
                                            uint64_t *revealed, int32_t *out_revealed);

/// Whether cell `c` has been explored.
/// @return GG_OK; GG_E_OUT_OF_BOUNDS (false) for a cell outside the fog; GG_E_INVALID_ARG.
/// @thread reader
/// @since 0.3
GG_API GG_NODISCARD gg_status gg_fog_explored(const gg_fog *fog, gg_cell c, bool *out_explored);

/// Copies the explored set into `out` (a cell bitset, `words` words); *out_count (optional) is
/// the number of explored cells.
/// @return GG_OK; GG_E_INVALID_ARG for NULL fog or out; GG_E_BUFFER_TOO_SMALL (nothing written).
/// @thread reader
/// @since 0.3
GG_API GG_NODISCARD gg_status gg_fog_bits(const gg_fog *fog, uint64_t *out, size_t words,
                                          int32_t *out_count);

/// Forgets everything: no cell is explored.
/// @thread writer (of the fog)
/// @since 0.3
GG_API void gg_fog_clear(gg_fog *fog);

/// The fog format's magic (first four bytes) and version.
#define GG_FOG_MAGIC "GGFW"
/// The byte format written by gg_fog_save() (docs/vision.md "The fog format").
#define GG_FOG_FORMAT_VERSION 1

/// Saves the fog in the compact byte format of docs/vision.md: little-endian header (magic,
/// version, encoding, width, height, explored count, payload length), the cells as runs or raw
/// bits (whichever is shorter), and a CRC-32. The same fog always gives the same bytes, on any
/// machine. Call with out = NULL (or too small a capacity) to learn the size.
/// @return GG_OK (*out_bytes = bytes written); GG_E_BUFFER_TOO_SMALL (nothing written,
///         *out_bytes = bytes needed); GG_E_INVALID_ARG for NULL fog or out_bytes.
/// @thread reader
/// @since 0.3
GG_API GG_NODISCARD gg_status gg_fog_save(const gg_fog *fog, uint8_t *out, size_t capacity,
                                          size_t *out_bytes);

/// Checks saved bytes completely (header, payload, checksum) without a fog, and reads their
/// width and height, so a host can make a matching fog before gg_fog_load().
/// @return GG_OK; GG_E_PARSE for anything malformed (truncated, wrong magic, unknown version or
///         encoding, bad lengths, runs that do not add up, stray padding bits, wrong count, bad
///         checksum, trailing bytes; *out_reason says which); GG_E_INVALID_ARG for NULL
///         pointers. out_width, out_height and out_reason may be NULL.
/// @thread pure
/// @since 0.3
GG_API GG_NODISCARD gg_status gg_fog_check_bytes(const uint8_t *data, size_t size,
                                                 int32_t *out_width, int32_t *out_height,
                                                 const char **out_reason);

/// Replaces the fog's explored set with the saved one. All or nothing: on any failure the fog
/// is unchanged.
/// @return GG_OK; GG_E_PARSE as gg_fog_check_bytes(); GG_E_INVALID_ARG for NULL fog or data
///         with size > 0, and for bytes saved from a fog of another width or height ("size
///         differs from the fog's"). out_reason may be NULL.
/// @thread writer (of the fog)
/// @since 0.3
GG_API GG_NODISCARD gg_status gg_fog_load(gg_fog *fog, const uint8_t *data, size_t size,
                                          const char **out_reason);

/* ---- What changed after an edit ---------------------------------------------------------------- */

/// What an edit changed (gg_change_def.kind).
/// @since 0.3
typedef enum gg_change_kind {
    /// A wall was added, removed, or changed (door opened, closed or locked, kind changed,
    /// moved): wall_before and/or wall_after.
    GG_CHANGE_WALL = 1,
    /// A light source was added, removed, moved or changed: light_before and/or light_after.
    GG_CHANGE_LIGHT = 2
} gg_change_kind;

/// One edit, as its before and after states (read them with gg_scene_get_wall() or
/// gg_scene_get_light() around the edit). Make it with gg_change_def_default(), then set fields.
/// @since 0.3
typedef struct gg_change_def {
    uint32_t struct_size;                ///< set by gg_change_def_default(); do not touch
    gg_change_kind kind;                 ///< default GG_CHANGE_WALL
    bool had_before;                     ///< the wall or light existed before (false: it was added)
    bool has_after;                      ///< it exists after (false: it was removed)
    gg_wall_def wall_before, wall_after; ///< GG_CHANGE_WALL: only the coordinates are read
    gg_light_def light_before, light_after; ///< GG_CHANGE_LIGHT: cell and radii are read
} gg_change_def;

/// A wall edit that existed before and after (a door opened, say), default walls and lights.
/// @thread pure
/// @since 0.3
static inline gg_change_def gg_change_def_default(void)
{
    gg_change_def d;
    d.struct_size = (uint32_t)sizeof d;
    d.kind = GG_CHANGE_WALL;
    d.had_before = true;
    d.has_after = true;
    d.wall_before = gg_wall_def_default();
    d.wall_after = gg_wall_def_default();
    d.light_before = gg_light_def_default();
    d.light_after = gg_light_def_default();
    return d;
}

/// A party's views kept by the host between edits: one cell bitset per viewer, and optionally
/// their union and the light of every cell. Caller memory; the library reads and writes it in
/// gg_scene_party_views_init() and gg_scene_party_views_update().
/// @since 0.3
typedef struct gg_party_views {
    const gg_viewer *viewers; ///< `count` viewers, each on the scene
    int32_t count;            ///< >= 0
    uint64_t *views;          ///< count * words words: viewer i's view at views + i * words
    size_t words;             ///< words per bitset, >= gg_scene_bitset_words()
    uint64_t *party;          ///< optional (NULL): the union of the views, `words` words
    uint8_t *light;           ///< optional (NULL): width * height gg_light values, row-major
} gg_party_views;

/// Computes every view (as gg_scene_party_view() would for each viewer alone), the party's
/// union and the light of every cell (gg_scene_light_on_cell()), from scratch.
/// @return GG_OK; GG_E_INVALID_ARG for NULL scene or pv, NULL viewers or views with count > 0,
///         count < 0, a negative range, or scratch made for another scene;
///         GG_E_BUFFER_TOO_SMALL when words is too small; GG_E_OUT_OF_BOUNDS for a viewer off
///         the scene.
/// @thread reader
/// @since 0.3
GG_API GG_NODISCARD gg_status gg_scene_party_views_init(const gg_scene *scene, gg_scratch *scratch,
                                                        const gg_party_views *pv);

/// After one edit of `scene` (already applied), brings `pv` up to date and ORs into `changed`
/// (`pv->words` words; clear it first for one edit's set) the cells whose view changed for some
/// viewer, whose party bit changed, or (with pv->light) whose light changed; *out_changed
/// (optional) counts the cells this call set in `changed` that were clear.
///
/// The answer is exactly that of gg_scene_party_views_init() on the edited scene, diffed, but
/// the work is local: a wall edit can only change sight and light along lines that touch the
/// wall's old or new segment, so for each viewer (and light source) whose range reaches the
/// segment only the cells in its shadow wedge (the cells whose centre line from the viewer
/// touches the segment) are re-judged; a light edit re-judges the light's old and new squares
/// (for pv->light and viewers with use_senses). Walls of every kind (doors, one-way, limited,
/// proximity) are handled alike, through the scene's own line-of-sight test.
/// @param change the edit (only its geometry is read: segments, light cells and radii).
/// @return GG_OK; as gg_scene_party_views_init(); GG_E_BAD_DEF for a change def (or a wall or
///         light def in it) not made by its _default(); GG_E_INVALID_ARG for an unknown kind or
///         a wall coordinate off the wall lattice. On failure pv and changed are unchanged.
/// @thread reader
/// @since 0.3
GG_API GG_NODISCARD gg_status gg_scene_party_views_update(const gg_scene *scene,
                                                          gg_scratch *scratch,
                                                          const gg_change_def *change,
                                                          const gg_party_views *pv,
                                                          uint64_t *changed, int32_t *out_changed);

#ifdef __cplusplus
}
#endif

#endif /* GRIDGEOM_FOG_H */
