/* topology.h - a square-grid scene (blocked cells, walls on grid corners, cover tags, difficult
 * terrain, lighting, obscurement) and the queries hosts ask of it. Layer: topology. */
#ifndef GRIDGEOM_TOPOLOGY_H
#define GRIDGEOM_TOPOLOGY_H

#include "gridgeom/base.h"
#include "gridgeom/core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* =============================================================================================
 * Tags
 * ============================================================================================= */

/// Cover degrees, ranked: none < half < three-quarters < total (SRD 5.2 "Cover").
/// @since 0.1
typedef enum gg_cover {
    GG_COVER_NONE = 0,
    GG_COVER_HALF = 1,
    GG_COVER_THREE_QUARTERS = 2,
    GG_COVER_TOTAL = 3
} gg_cover;

/// Light on a cell (SRD 5.2 "Vision and Light"). GG_LIGHT_DEFAULT, only as an argument to
/// gg_scene_set_lighting(), clears a cell's tag so it falls back to the scene default.
/// @since 0.1
typedef enum gg_light {
    GG_LIGHT_DEFAULT = 0,
    GG_LIGHT_BRIGHT = 1,
    GG_LIGHT_DIM = 2,
    GG_LIGHT_DARK = 3
} gg_light;

/// Obscurement on a cell (SRD 5.2 "Vision and Light": lightly / heavily obscured).
/// @since 0.1
typedef enum gg_obscurement {
    GG_OBSCURE_NONE = 0,
    GG_OBSCURE_LIGHT = 1,
    GG_OBSCURE_HEAVY = 2
} gg_obscurement;

/* =============================================================================================
 * Scene definition and lifetime
 * ============================================================================================= */

/// Largest width or height a scene accepts, in cells.
#define GG_SCENE_MAX_SIDE 16384
/// Largest width * height a scene accepts (8192 x 8192).
#define GG_SCENE_MAX_CELLS (1 << 26)
/// Largest absolute wall coordinate accepted, in grid units (cells). Walls may lie off the map,
/// but not absurdly far: beyond this a wall is rejected with GG_E_INVALID_ARG.
#define GG_WALL_COORD_LIMIT (1 << 24)

/// Everything a scene needs at creation. Make it with gg_scene_def_default(), then set fields.
/// @since 0.1
typedef struct gg_scene_def {
    uint32_t struct_size;          ///< set by gg_scene_def_default(); do not touch
    int32_t width;                 ///< cells, 1..GG_SCENE_MAX_SIDE (no default: 0 is rejected)
    int32_t height;                ///< cells, 1..GG_SCENE_MAX_SIDE
    int32_t cell_size_ft;          ///< feet per cell, >= 1; default 5 (SRD 5.2 grid squares)
    gg_light default_lighting;     ///< light of untagged cells; default GG_LIGHT_BRIGHT
    const gg_allocator *allocator; ///< borrowed during create and copied; NULL = malloc/free
} gg_scene_def;

/// A def with every default filled in; width and height are 0 and must be set.
/// @thread pure
/// @since 0.1
static inline gg_scene_def gg_scene_def_default(void)
{
    gg_scene_def d;
    d.struct_size = (uint32_t)sizeof d;
    d.width = 0;
    d.height = 0;
    d.cell_size_ft = 5;
    d.default_lighting = GG_LIGHT_BRIGHT;
    d.allocator = NULL;
    return d;
}

/// An immutable-while-queried grid scene. Created by gg_scene_create(), changed only by the
/// `writer` functions below, queried concurrently by any number of `reader` calls.
typedef struct gg_scene gg_scene;

/// Creates an empty scene (no blocked cells, no walls, no tags).
/// @return GG_OK; GG_E_BAD_DEF if `def` was not made by gg_scene_def_default();
///         GG_E_INVALID_ARG for NULL pointers, width/height < 1, cell_size_ft < 1, an unknown
///         default_lighting or an allocator with NULL functions; GG_E_TOO_LARGE when a side
///         exceeds GG_SCENE_MAX_SIDE or the area GG_SCENE_MAX_CELLS; GG_E_NO_MEMORY.
///         On failure *out_scene is NULL and nothing is leaked.
/// @thread owner
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_create(const gg_scene_def *def, gg_scene **out_scene);

/// Frees the scene and everything it owns. NULL is a no-op. Scratch made for it must be
/// destroyed first or never used again.
/// @thread owner
/// @since 0.1
GG_API void gg_scene_destroy(gg_scene *scene);

/// The scene's width in cells.
/// @thread reader
/// @since 0.1
GG_API int32_t gg_scene_width(const gg_scene *scene);
/// The scene's height in cells.
/// @thread reader
/// @since 0.1
GG_API int32_t gg_scene_height(const gg_scene *scene);
/// Feet per cell.
/// @thread reader
/// @since 0.1
GG_API int32_t gg_scene_cell_size_ft(const gg_scene *scene);

/// True when `c` lies on the scene: 0 <= col < width and 0 <= row < height.
/// @thread reader
/// @since 0.1
GG_API bool gg_scene_contains(const gg_scene *scene, gg_cell c);

/// A sentence explaining the last writer call on this scene that failed with GG_E_INVALID_ARG or
/// GG_E_OUT_OF_BOUNDS (e.g. which wall coordinate was not a multiple of 0.5); "" when none.
/// The scene lends the string; it stays valid until the next writer call on the scene.
/// @thread reader
/// @since 0.1
GG_API const char *gg_scene_message(const gg_scene *scene);

/* =============================================================================================
 * Writers: cell tags. Each is O(1); off-map cells give GG_E_OUT_OF_BOUNDS and change nothing.
 * (Nat20 ignores off-map tags; no query can ever observe them, so rejecting them loses nothing.)
 * ============================================================================================= */

/// Marks `c` blocked (impassable and opaque) or clears it.
/// @return GG_OK; GG_E_INVALID_ARG for NULL; GG_E_OUT_OF_BOUNDS for an off-map cell.
/// @thread writer
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_set_blocked(gg_scene *scene, gg_cell c, bool blocked);

/// Marks `c` as difficult terrain (entering it costs double, SRD 5.2 "Difficult Terrain").
/// @return as gg_scene_set_blocked().
/// @thread writer
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_set_difficult(gg_scene *scene, gg_cell c, bool difficult);

/// Tags `c` with a cover degree (GG_COVER_NONE clears it).
/// @return as gg_scene_set_blocked(); GG_E_INVALID_ARG for a value outside gg_cover.
/// @thread writer
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_set_cover(gg_scene *scene, gg_cell c, gg_cover cover);

/// Tags `c` with a light level (GG_LIGHT_DEFAULT clears it).
/// @return as gg_scene_set_blocked(); GG_E_INVALID_ARG for a value outside gg_light.
/// @thread writer
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_set_lighting(gg_scene *scene, gg_cell c, gg_light light);

/// Tags `c` as lightly or heavily obscured (GG_OBSCURE_NONE clears it).
/// @return as gg_scene_set_blocked(); GG_E_INVALID_ARG for a value outside gg_obscurement.
/// @thread writer
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_set_obscurement(gg_scene *scene, gg_cell c,
                                                       gg_obscurement obscurement);

/// Applies one tag writer to many cells (the bulk path for map loading). Stops at the first
/// failing cell and returns its status; *out_done (optional) counts the cells applied before it.
/// `value` is interpreted as the corresponding writer's argument (bool 0/1 or the enum value).
/// @since 0.1
typedef enum gg_cell_tag {
    GG_TAG_BLOCKED = 1,
    GG_TAG_DIFFICULT = 2,
    GG_TAG_COVER = 3,
    GG_TAG_LIGHTING = 4,
    GG_TAG_OBSCUREMENT = 5
} gg_cell_tag;

/// @return GG_OK; the failing writer's status; GG_E_INVALID_ARG for an unknown tag, count < 0
///         or NULL cells with count > 0.
/// @thread writer
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_set_cells(gg_scene *scene, gg_cell_tag tag,
                                                 const gg_cell *cells, int32_t count,
                                                 int32_t value, int32_t *out_done);

/* =============================================================================================
 * Writers: walls
 * ============================================================================================= */

/// What a wall blocks (bit set).
/// @since 0.1
typedef enum gg_wall_blocks {
    GG_BLOCKS_SIGHT = 1u << 0,
    GG_BLOCKS_MOVEMENT = 1u << 1,
    GG_BLOCKS_LIGHT = 1u << 2,
    GG_BLOCKS_ALL = (1u << 0) | (1u << 1) | (1u << 2)
} gg_wall_blocks;

/// Door state of a wall. An open door blocks nothing; closed and locked doors block like the
/// wall they are (locked matters to hosts and movement planners, not to geometry).
/// @since 0.1
typedef enum gg_door {
    GG_DOOR_NONE = 0,
    GG_DOOR_CLOSED = 1,
    GG_DOOR_OPEN = 2,
    GG_DOOR_LOCKED = 3
} gg_door;

/// One-way walls, with Foundry VTT's convention (`dir`: BOTH 0, LEFT 1, RIGHT 2). The side of a
/// point p is the sign of (A.y-p.y)(B.x-p.x) - (A.x-p.x)(B.y-p.y) for the wall A->B (x east,
/// y south): negative is LEFT, positive RIGHT, zero (collinear) neither. A one-way wall is
/// transparent to sight, light and movement that *start* on its named side, and blocks from
/// the other side and from collinear starts. With y pointing down, LEFT is the left-hand side
/// when walking from B to A:
///
///     A (0,0) ------------------> B (4,0)      wall A->B, one_way = GG_ONE_WAY_LEFT
///          p (2,1) below the wall: (0-1)(4-2) - (0-2)(0-1) = -4 < 0  -> LEFT
///     so a viewer below sees through it; a viewer above (y < 0) is blocked.
/// @since 0.1
typedef enum gg_one_way {
    GG_ONE_WAY_NONE = 0,
    GG_ONE_WAY_LEFT = 1,
    GG_ONE_WAY_RIGHT = 2
} gg_one_way;

/// A wall segment between two points in grid-corner coordinates: corner (x,y) is the top-left
/// corner of cell (x,y). Coordinates must be finite multiples of 0.5 (half cells, exactly) with
/// absolute value <= GG_WALL_COORD_LIMIT; identical endpoints make a point wall, which blocks
/// whatever passes through that point (Nat20).
///
/// A wall with a `cover` value is a low wall or a window: it never blocks sight, and a line from
/// an attacker to a target that touches it grants at least that cover in
/// gg_scene_cover_between() (GG_COVER_TOTAL = a window: seen, but not targetable through).
/// The default, GG_COVER_NONE, is the Nat20 wall, which blocks sight and gives no cover degree.
/// @since 0.1
typedef struct gg_wall_def {
    uint32_t struct_size; ///< set by gg_wall_def_default(); do not touch
    double x1, y1, x2, y2;
    uint32_t blocks;      ///< gg_wall_blocks bits; default GG_BLOCKS_ALL (a Nat20 wall)
    gg_door door;         ///< default GG_DOOR_NONE
    gg_one_way one_way;   ///< default GG_ONE_WAY_NONE (blocks from both sides)
    gg_cover cover;       ///< default GG_COVER_NONE (a full-height wall)
} gg_wall_def;

/// A Nat20 wall from (0,0) to (0,0) that blocks sight, movement and light from both sides.
/// @thread pure
/// @since 0.1
static inline gg_wall_def gg_wall_def_default(void)
{
    gg_wall_def d;
    d.struct_size = (uint32_t)sizeof d;
    d.x1 = d.y1 = d.x2 = d.y2 = 0.0;
    d.blocks = (uint32_t)GG_BLOCKS_ALL;
    d.door = GG_DOOR_NONE;
    d.one_way = GG_ONE_WAY_NONE;
    d.cover = GG_COVER_NONE;
    return d;
}

/// Names a wall. The generation changes when the slot is reused, so an id kept after
/// gg_scene_remove_wall() is detected as stale instead of naming another wall.
/// @since 0.1
typedef struct gg_wall_id {
    uint32_t index;
    uint32_t generation;
} gg_wall_id;

/// Adds a wall. Amortised O(length of the wall in cells); no rebuild of the scene.
/// @return GG_OK; GG_E_BAD_DEF if `def` was not made by gg_wall_def_default();
///         GG_E_INVALID_ARG for NULL, NaN/infinite or non-half-integer coordinates, coordinates
///         beyond GG_WALL_COORD_LIMIT, unknown blocks bits or door value (gg_scene_message()
///         says which); GG_E_TOO_LARGE past 2^24 walls; GG_E_NO_MEMORY (scene unchanged).
///         `out_id` may be NULL.
/// @thread writer
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_add_wall(gg_scene *scene, const gg_wall_def *def,
                                                gg_wall_id *out_id);

/// Adds `count` walls at once, indexing them in one pass: the bulk path for map loading. All or
/// nothing: on any failure no wall is added, and gg_scene_message() names the failing index.
/// `out_ids` may be NULL or must hold `count` ids.
/// @return as gg_scene_add_wall(); GG_E_INVALID_ARG for count < 0 or NULL defs with count > 0.
/// @thread writer
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_add_walls(gg_scene *scene, const gg_wall_def *defs,
                                                 int32_t count, gg_wall_id *out_ids);

/// Removes a wall. O(1) plus the cells it touched.
/// @return GG_OK; GG_E_STALE_ID for an id not naming a live wall; GG_E_INVALID_ARG for NULL.
/// @thread writer
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_remove_wall(gg_scene *scene, gg_wall_id id);

/// Opens, closes or locks a door (or turns a wall into a door, or back with GG_DOOR_NONE).
/// O(length of the wall in cells): no work proportional to the map.
/// @return GG_OK; GG_E_STALE_ID; GG_E_INVALID_ARG for NULL or an unknown state.
/// @thread writer
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_set_door(gg_scene *scene, gg_wall_id id, gg_door door);

/// Reads back a live wall's definition (coordinates exactly as given).
/// @return GG_OK; GG_E_STALE_ID; GG_E_INVALID_ARG for NULL.
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_get_wall(const gg_scene *scene, gg_wall_id id,
                                                gg_wall_def *out_def);

/// Number of live walls.
/// @thread reader
/// @since 0.1
GG_API int32_t gg_scene_wall_count(const gg_scene *scene);

/* =============================================================================================
 * Reader queries. None allocates. Off-map or malformed endpoints give GG_E_OUT_OF_BOUNDS, which
 * stands for Nat20's empty answer (False / None / [] / "none") unless a function says otherwise.
 * ============================================================================================= */

/// Nat20 `is_valid_cell`: `c` is on the map and not blocked. Never fails for off-map cells.
/// @return GG_OK; GG_E_INVALID_ARG for NULL.
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_is_valid_cell(const gg_scene *scene, gg_cell c,
                                                     bool *out_valid);

/// Nat20 `distance_ft`: Chebyshev distance times cell_size_ft (SRD 5.2: every square, diagonal
/// or not, counts one cell).
/// @return GG_OK; GG_E_OUT_OF_BOUNDS; GG_E_INVALID_ARG for NULL.
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_distance_ft(const gg_scene *scene, gg_cell a, gg_cell b,
                                                   int64_t *out_feet);

/// Nat20 `within_range`: both cells on the map and distance_ft(a,b) <= range_ft (a negative
/// range is never met). Off-map cells answer false with GG_OK.
/// @return GG_OK; GG_E_INVALID_ARG for NULL.
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_within_range(const gg_scene *scene, gg_cell a, gg_cell b,
                                                    int64_t range_ft, bool *out_within);

/// Nat20 `is_adjacent`: a != b, b not blocked, Chebyshev distance 1 (a may be blocked).
/// Off-map cells answer false with GG_OK.
/// @return GG_OK; GG_E_INVALID_ARG for NULL.
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_is_adjacent(const gg_scene *scene, gg_cell a, gg_cell b,
                                                   bool *out_adjacent);

/// Cost of an illegal step in gg_scene_edge_distance().
#define GG_STEP_ILLEGAL (-1)

/// Nat20 `edge_distance`: the feet it costs to step from `a` to the adjacent `b`, or
/// GG_STEP_ILLEGAL when the step is not legal: not adjacent (see gg_scene_is_adjacent()), a
/// diagonal that cuts a blocked orthogonal neighbour (the corner rule), or a centre-to-centre
/// segment that touches a wall blocking movement (a wall endpoint on the shared corner blocks
/// the diagonal). Cost is cell_size_ft, doubled when `b` is difficult terrain (SRD 5.2
/// "Difficult Terrain": every foot costs one extra foot).
/// @return GG_OK (also for illegal steps); GG_E_INVALID_ARG for NULL. Off-map cells give
///         GG_OK and GG_STEP_ILLEGAL.
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_edge_distance(const gg_scene *scene, gg_cell a, gg_cell b,
                                                     int32_t *out_cost_ft);

/// Nat20 `has_line_of_sight`, centre to centre: false if a blocked cell other than the two
/// endpoints lies on the Bresenham walk from `a` to `b` (direction-dependent), or if the
/// segment between the centres touches a wall that blocks sight (closed test: touching and
/// collinear count). Only walls near the segment are tested (the scene indexes walls by the
/// cells they cross).
/// @return GG_OK; GG_E_OUT_OF_BOUNDS (= false); GG_E_INVALID_ARG for NULL.
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_has_line_of_sight(const gg_scene *scene, gg_cell a,
                                                         gg_cell b, bool *out_visible);

/// Nat20 `cover_between`: walks the Bresenham cells from `a` to `b` (skipping `a`); a blocked
/// cell other than `b` gives total cover; each cell's cover tag counts (the target's own tag
/// included); a cell other than `b` listed in `occupied` gives at least half (a creature never
/// raises cover above half, SRD 5.2 "Cover"). Full-height walls give no cover degree here (they
/// block sight instead); a wall with a cover value (low wall, window) touched by the
/// centre-to-centre segment grants that value, unless it is an open door or a one-way wall
/// seen from its open side. `occupied` may hold off-map cells and duplicates; they are ignored.
/// @return GG_OK; GG_E_OUT_OF_BOUNDS (= none); GG_E_INVALID_ARG for NULL pointers or
///         occupied_count < 0.
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_cover_between(const gg_scene *scene, gg_cell a, gg_cell b,
                                                     const gg_cell *occupied,
                                                     int32_t occupied_count, gg_cover *out_cover);

/// Nat20 `cover_on_cell`: total for a blocked cell, else its tag. Off-map cells answer
/// GG_COVER_NONE with GG_OK.
/// @return GG_OK; GG_E_INVALID_ARG for NULL.
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_cover_on_cell(const gg_scene *scene, gg_cell c,
                                                     gg_cover *out_cover);

/// Nat20 `light_on_cell`: the cell's light tag or the scene default; off-map cells answer the
/// default with GG_OK.
/// @return GG_OK; GG_E_INVALID_ARG for NULL.
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_light_on_cell(const gg_scene *scene, gg_cell c,
                                                     gg_light *out_light);

/// Nat20 `obscurement_on_cell`: the cell's tag; off-map cells answer GG_OBSCURE_NONE with GG_OK.
/// @return GG_OK; GG_E_INVALID_ARG for NULL.
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_obscurement_on_cell(const gg_scene *scene, gg_cell c,
                                                           gg_obscurement *out_obscurement);

/// Nat20's orchestrator gate `_in_range_with_los`: within_range(a,b,range_ft) and
/// has_line_of_sight(a,b) and cover_between(a,b) without creatures is not total. Used for attack
/// and spell range checks (SRD 5.2 "Cover": total cover blocks direct targeting).
/// Off-map cells answer false with GG_OK.
/// @return GG_OK; GG_E_INVALID_ARG for NULL.
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_in_range_with_los(const gg_scene *scene, gg_cell a,
                                                         gg_cell b, int64_t range_ft,
                                                         bool *out_ok);

/// Nat20 `has_line_of_effect`: origin == cell, or line of sight and cover_between (without
/// creatures) is not total. A blocked cell in plain view is reached; a cell tagged total is not.
/// @return GG_OK; GG_E_OUT_OF_BOUNDS (= false); GG_E_INVALID_ARG for NULL.
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_has_line_of_effect(const gg_scene *scene, gg_cell origin,
                                                          gg_cell cell, bool *out_reached);

/// Nat20 `area_cells`: the template's cells on this scene (gg_template_cells() order), keeping
/// those with line of effect from `origin`, and dropping `origin` itself unless
/// `includes_origin`. An off-map origin gives 0 cells and GG_OK before the template is checked.
/// @return GG_OK; GG_PARTIAL (capacity cut the list; *out_count = full count); the template's
///         GG_E_INVALID_ARG / GG_E_TOO_LARGE (with *out_reason); GG_E_INVALID_ARG for NULL.
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_area_cells(const gg_scene *scene, const gg_template *tpl,
                                                  gg_cell origin, bool includes_origin,
                                                  gg_cell *out, int32_t capacity,
                                                  int32_t *out_count, const char **out_reason);

/// Special senses, in feet; GG_SENSE_NONE (-1) = the creature lacks the sense. 0 is a real
/// range (reaches distance 0 only) in gg_scene_can_see().
/// @since 0.1
typedef struct gg_senses {
    int32_t darkvision_ft;
    int32_t blindsight_ft;
    int32_t tremorsense_ft;
    int32_t truesight_ft;
} gg_senses;

/// The value of a sense a creature lacks.
#define GG_SENSE_NONE (-1)

/// Senses with every field GG_SENSE_NONE.
/// @thread pure
/// @since 0.1
static inline gg_senses gg_senses_none(void)
{
    gg_senses s;
    s.darkvision_ft = s.blindsight_ft = s.tremorsense_ft = s.truesight_ft = GG_SENSE_NONE;
    return s;
}

/// Nat20 `can_see`, five steps that short-circuit: no line of sight -> false; blindsight or
/// truesight reaching the Chebyshev distance -> true; target cell heavily obscured -> false;
/// target cell not dark -> true; dark -> darkvision reaches. Only the target cell's light and
/// obscurement matter (SRD 5.2 "Vision and Light"). `senses` may be NULL (no senses).
/// Tremorsense is never consulted.
/// @return GG_OK; GG_E_OUT_OF_BOUNDS (= false); GG_E_INVALID_ARG for NULL out.
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_can_see(const gg_scene *scene, gg_cell a, gg_cell b,
                                               const gg_senses *senses, bool *out_seen);

/// Nat20 `push_path` (forced movement, SRD 5.2 "Forced Movement"): from `target`, step away
/// from `origin` in the 8-way direction sign(target - origin), up to floor(distance_ft /
/// cell_size_ft) steps, stopping before a cell that is off the map, listed in `occupied`, or not
/// a legal step (gg_scene_edge_distance()). Difficult terrain neither stops nor costs. Writes
/// the cells entered (not `target`); zero cells when origin == target.
/// @return GG_OK; GG_E_BUFFER_TOO_SMALL (nothing written, *out_count = cells needed);
///         GG_E_OUT_OF_BOUNDS (= []); GG_E_INVALID_ARG for NULL or negative counts.
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_push_path(const gg_scene *scene, gg_cell origin,
                                                 gg_cell target, int32_t distance_ft,
                                                 const gg_cell *occupied, int32_t occupied_count,
                                                 gg_cell *out, int32_t capacity,
                                                 int32_t *out_count);

/* =============================================================================================
 * Scratch: the per-thread working memory of path and reach queries.
 * ============================================================================================= */

/// Per-thread working memory sized for one scene. A query that takes scratch uses it for
/// visited marks, costs and its frontier, so it allocates nothing and does work proportional to
/// what it visits, not to the map. One scratch must not be used by two threads at once.
typedef struct gg_scratch gg_scratch;

/// Creates scratch for `scene` with the scene's allocator. Size: about 17 bytes per cell.
/// @return GG_OK; GG_E_INVALID_ARG for NULL; GG_E_NO_MEMORY (*out_scratch = NULL).
/// @thread reader (creating scratch does not modify the scene)
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scratch_create(const gg_scene *scene, gg_scratch **out_scratch);

/// Frees scratch. NULL is a no-op.
/// @thread owner (of the scratch)
/// @since 0.1
GG_API void gg_scratch_destroy(gg_scratch *scratch);

/* =============================================================================================
 * Paths and reach (Nat20 baseline)
 * ============================================================================================= */

/// Nat20 `shortest_path`: breadth-first search by fewest cells (difficult terrain ignored),
/// neighbours tried in the fixed order NW, W, SW, N, S, NE, E, SE, steps legal per
/// gg_scene_edge_distance(), cells in `avoid` never entered, goal tested when dequeued. Writes
/// the path from `a` to `b` inclusive; a == b gives [a] even if a is blocked or avoided; b in
/// `avoid` or no path gives zero cells with GG_OK.
/// @return GG_OK; GG_E_BUFFER_TOO_SMALL (nothing written, *out_count = cells needed);
///         GG_E_OUT_OF_BOUNDS (= []); GG_E_INVALID_ARG for NULL, negative counts, or scratch
///         made for another scene.
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_shortest_path(const gg_scene *scene, gg_scratch *scratch,
                                                     gg_cell a, gg_cell b, const gg_cell *avoid,
                                                     int32_t avoid_count, gg_cell *out,
                                                     int32_t capacity, int32_t *out_count);

/// One cell reached by gg_scene_reachable(): its cheapest cost and the cell it was reached from
/// (`prev` equals `cell` for the start).
/// @since 0.1
typedef struct gg_reach {
    gg_cell cell;
    int32_t cost_ft;
    gg_cell prev;
} gg_reach;

/// Nat20 `reachable_cells`: Dijkstra from `start` over legal steps (difficult terrain doubles
/// the entered cell's cost) with cost <= budget_ft; equal costs settle by column then row; a
/// route is replaced only by a strictly cheaper one; cells in `avoid` are never entered.
/// Writes cells in settle order (cost, col, row), start first. A negative budget gives [start].
/// Work is proportional to the cells reached, not to the map.
/// @return GG_OK; GG_PARTIAL (capacity cut the list; *out_count = full count);
///         GG_E_OUT_OF_BOUNDS (= {}); GG_E_INVALID_ARG for NULL, negative counts, or scratch
///         made for another scene.
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_reachable(const gg_scene *scene, gg_scratch *scratch,
                                                 gg_cell start, int32_t budget_ft,
                                                 const gg_cell *avoid, int32_t avoid_count,
                                                 gg_reach *out, int32_t capacity,
                                                 int32_t *out_count);

/* ==== section: movement (cost-aware paths, fields, metrics, footprints) ==== */
/* ==== end section: movement ==== */

/* ==== section: vision (field of view, visibility, light sources) ==== */
/* ==== end section: vision ==== */

/* ==== section: cover models (corners_2d, corners_3d) ==== */
/* ==== end section: cover models ==== */

#ifdef __cplusplus
}
#endif

#endif /* GRIDGEOM_TOPOLOGY_H */
