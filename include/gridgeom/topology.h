/* topology.h - a square-grid scene (blocked cells, walls on grid corners, cover tags, difficult
 * terrain, lighting, obscurement) and the queries hosts ask of it. Layer: topology. */
#ifndef GRIDGEOM_TOPOLOGY_H
#define GRIDGEOM_TOPOLOGY_H

#include "gridgeom/base.h"
#include "gridgeom/core.h"

#include <math.h> /* HUGE_VAL: gg_wall_def_default()'s unbounded heights */

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
    GG_OBSCURE_HEAVY = 2,
    /// Magical Darkness (SRD 5.2 "Darkness" spell: "Darkvision can't see through it, and
    /// nonmagical light can't illuminate it"): a heavily obscured kind that every topology sight
    /// query treats as GG_OBSCURE_HEAVY (Blindsight and Truesight that reach see into it; light
    /// and darkvision never help). gg_rules_sees() tells it apart from fog: there Truesight
    /// pierces magical Darkness but not GG_OBSCURE_HEAVY. A Nat20 scene has none.
    /// @since 0.2
    GG_OBSCURE_MAGICAL_DARKNESS = 3
} gg_obscurement;

/* =============================================================================================
 * Scene definition and lifetime
 * ============================================================================================= */

/// Largest width or height a scene accepts, in cells.
#define GG_SCENE_MAX_SIDE 16384
/// Largest width * height a scene accepts (8192 x 8192).
#define GG_SCENE_MAX_CELLS (1 << 26)
/// Largest cell_size_ft a scene accepts (about 12 miles). With it every distance between two
/// cells of a scene, (GG_SCENE_MAX_SIDE - 1) * GG_SCENE_MAX_CELL_FT, fits int32_t feet, the
/// one integer type of feet (docs/api.md).
#define GG_SCENE_MAX_CELL_FT (1 << 16)
/// Largest absolute wall coordinate accepted, in grid units (cells). Walls may lie off the map,
/// but not absurdly far: beyond this a wall is rejected with GG_E_INVALID_ARG. 2^19 (it was 2^24
/// before 0.3): wall coordinates are exact multiples of 1/GG_WALL_UNITS_PER_CELL, and 2^19 cells
/// in those units (2^29) is the range the exact 64-bit segment predicates take.
#define GG_WALL_COORD_LIMIT (1 << 19)
/// The wall lattice: wall coordinates are multiples of 1/1024 cell (docs/vision.md).
#define GG_WALL_UNITS_PER_CELL 1024

/// How walls meet the centres that sight lines and steps start and end at (docs/vision.md).
/// @since 0.3
typedef enum gg_wall_rule {
    /// Nat20's closed test everywhere: a wall touching a centre blocks every line and step from
    /// or to it, so a wall through a cell's centre blinds and pins that cell (the default).
    GG_WALL_RULE_NAT20 = 0,
    /// The point rule: a wall containing the viewer takes no part, a wall through the target
    /// alone does not block, touching still blocks elsewhere; a step onto or off a wall through
    /// a centre treats the centre as a hair right of (and below) the wall, so the cell belongs to
    /// one side: never pinned, never a way across. The importers' default for Universal VTT and
    /// Foundry maps, whose walls pass through centres.
    GG_WALL_RULE_POINT = 1
} gg_wall_rule;

/// Everything a scene needs at creation. Make it with gg_scene_def_default(), then set fields.
/// @since 0.1
typedef struct gg_scene_def {
    uint32_t struct_size;          ///< set by gg_scene_def_default(); do not touch
    int32_t width;                 ///< cells, 1..GG_SCENE_MAX_SIDE (no default: 0 is rejected)
    int32_t height;                ///< cells, 1..GG_SCENE_MAX_SIDE
    int32_t cell_size_ft;          ///< feet per cell, 1..GG_SCENE_MAX_CELL_FT; default 5 (SRD 5.2
                                   ///< grid squares)
    gg_light default_lighting;     ///< light of untagged cells; default GG_LIGHT_BRIGHT
    const gg_allocator *allocator; ///< borrowed during create and copied; NULL = malloc/free
    gg_wall_rule wall_rule;        ///< default GG_WALL_RULE_NAT20 (@since 0.3)
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
    d.wall_rule = GG_WALL_RULE_NAT20;
    return d;
}

/// An immutable-while-queried grid scene. Created by gg_scene_create(), changed only by the
/// `writer` functions below, queried concurrently by any number of `reader` calls.
typedef struct gg_scene gg_scene;

/// Creates an empty scene (no blocked cells, no walls, no tags). Size: 4 bytes per cell, plus
/// the wall index and the walls and lights added later.
/// @return GG_OK; GG_E_BAD_DEF if `def` was not made by gg_scene_def_default();
///         GG_E_INVALID_ARG for NULL pointers, width/height < 1, cell_size_ft < 1, an unknown
///         default_lighting or an allocator with NULL functions; GG_E_TOO_LARGE when a side
///         exceeds GG_SCENE_MAX_SIDE, the area GG_SCENE_MAX_CELLS or cell_size_ft
///         GG_SCENE_MAX_CELL_FT; GG_E_NO_MEMORY.
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

/// The scene's wall rule (gg_scene_def.wall_rule); GG_WALL_RULE_NAT20 for NULL.
/// @thread reader
/// @since 0.3
GG_API gg_wall_rule gg_scene_wall_rule(const gg_scene *scene);

/// True when `c` lies on the scene: 0 <= col < width and 0 <= row < height.
/// @thread reader
/// @since 0.1
GG_API bool gg_scene_contains(const gg_scene *scene, gg_cell c);

/// A sentence explaining the last writer call on this scene that failed with GG_E_INVALID_ARG or
/// GG_E_OUT_OF_BOUNDS (e.g. which wall coordinate was not a multiple of 1/1024); "" when none.
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

/// Tags `c` as lightly or heavily obscured or magically dark (GG_OBSCURE_NONE clears it).
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
                                                 const gg_cell *cells, int32_t count, int32_t value,
                                                 int32_t *out_done);

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
/// corner of cell (x,y). Coordinates must be finite multiples of 1/GG_WALL_UNITS_PER_CELL
/// (1/1024 cell, exactly: 0.5, 0.25, 3.0078125 are fine, 0.1 is rejected; round with
/// floor(v * 1024 + 0.5) / 1024 as the importers do) with absolute value <= GG_WALL_COORD_LIMIT;
/// identical endpoints make a point wall, which blocks whatever passes through that point
/// (Nat20). Every wall test is exact on that lattice.
///
/// A wall with a `cover` value is a low wall or a window: it never blocks sight, and a line from
/// an attacker to a target that touches it grants at least that cover in
/// gg_scene_cover_between() (GG_COVER_TOTAL = a window: seen, but not targetable through).
/// The default, GG_COVER_NONE, is the Nat20 wall, which blocks sight and gives no cover degree.
///
/// `limited` marks the senses (GG_BLOCKS_SIGHT and/or GG_BLOCKS_LIGHT) for which the wall is a
/// Foundry VTT LIMITED ("terrain") wall: a line of sight (or of light) passes one limited wall
/// and is stopped by the second, while a normal wall still stops it at once; movement never
/// counts limited walls. Limited walls that the line meets at the same point (the joint of a
/// chain of limited segments) count once. A sense must also be in `blocks` for the wall to
/// take part in it. Scenes with limited walls answer field-of-view, seen-cell and light queries
/// with the exact per-cell line of sight (docs/vision.md).
///
/// `sight_proximity_ft` and `light_proximity_ft` > 0 make the wall a Foundry VTT PROXIMITY wall
/// for that sense: transparent to a viewer (or light) whose cell centre is within that many feet
/// (Euclidean, cell_size_ft per cell) of the closest point of the wall, a normal wall beyond.
/// The threshold is kept rounded down to 1/GG_WALL_UNITS_PER_CELL cell. A sense cannot be both
/// limited and proximity.
///
/// `secret` (with a door state other than GG_DOOR_NONE) makes the door a secret door (Foundry
/// VTT `door: 2`): physically a door (closed and locked block, open passes, for sight, light and
/// movement alike); who knows about it is a query option (gg_move_def.knows_secret_doors for
/// movers that open doors, gg_view_def.knows_secret_doors for gg_scene_get_wall_view()).
///
/// `bottom_ft` and `top_ft` give the wall a height range (the Wall Height module's
/// `flags["wall-height"]`): multiples of 1/GG_WALL_HEIGHT_UNITS_PER_FT foot within
/// +-GG_WALL_HEIGHT_LIMIT_FT, bottom <= top, or -HUGE_VAL / +HUGE_VAL for no bound (the default:
/// the wall stands at every elevation). A sight line from eye elevation e0 to target elevation
/// e1 is blocked by such a wall only where the 2-D test blocks and the line's elevation at the
/// crossing lies in [bottom_ft, top_ft] (gg_scene_has_line_of_sight_view(), exact); every query
/// without a gg_view_def (sight, light, movement, cover) is at elevation 0: the wall takes part
/// iff bottom_ft <= 0 <= top_ft (docs/vision.md).
/// @since 0.1
typedef struct gg_wall_def {
    uint32_t struct_size; ///< set by gg_wall_def_default(); do not touch
    double x1, y1, x2, y2;
    uint32_t blocks;           ///< gg_wall_blocks bits; default GG_BLOCKS_ALL (a Nat20 wall)
    gg_door door;              ///< default GG_DOOR_NONE
    gg_one_way one_way;        ///< default GG_ONE_WAY_NONE (blocks from both sides)
    gg_cover cover;            ///< default GG_COVER_NONE (a full-height wall)
    uint32_t limited;          ///< SIGHT/LIGHT bits for which it is LIMITED; default 0 (@since 0.3)
    double sight_proximity_ft; ///< >= 0, finite; default 0 = not a proximity wall (@since 0.3)
    double light_proximity_ft; ///< >= 0, finite; default 0 = not a proximity wall (@since 0.3)
    bool secret;               ///< a secret door (needs a door state); default false (@since 0.3)
    double bottom_ft;          ///< lowest elevation it stands at; default -HUGE_VAL (@since 0.3)
    double top_ft;             ///< highest elevation it stands at; default +HUGE_VAL (@since 0.3)
} gg_wall_def;

/// Wall heights are exact multiples of 1/16 foot (3/4 inch).
#define GG_WALL_HEIGHT_UNITS_PER_FT 16
/// Largest absolute finite wall height, and eye or target elevation, in feet.
#define GG_WALL_HEIGHT_LIMIT_FT (1 << 20)

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
    d.limited = 0u;
    d.sight_proximity_ft = 0.0;
    d.light_proximity_ft = 0.0;
    d.secret = false;
    d.bottom_ft = -HUGE_VAL;
    d.top_ft = HUGE_VAL;
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
///         GG_E_INVALID_ARG for NULL, NaN/infinite coordinates or coordinates off the
///         1/GG_WALL_UNITS_PER_CELL lattice, coordinates beyond GG_WALL_COORD_LIMIT, unknown
///         blocks bits or door value, heights off the 1/16 ft lattice or bottom above top,
///         `secret` without a door state (gg_scene_message() says which); GG_E_TOO_LARGE past 2^24 walls; GG_E_NO_MEMORY (scene unchanged).
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

/// Opens, closes or locks a door (or turns a wall into a door, or back with GG_DOOR_NONE). A
/// secret door stays secret through its states; GG_DOOR_NONE makes it a plain wall.
/// O(length of the wall in cells): no work proportional to the map.
/// @return GG_OK; GG_E_STALE_ID; GG_E_INVALID_ARG for NULL or an unknown state.
/// @thread writer
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_set_door(gg_scene *scene, gg_wall_id id, gg_door door);

/// Reads back a live wall's definition (coordinates exactly as given) in the 0.2 layout: the
/// first 56 bytes of gg_wall_def (up to `cover`), `struct_size` 56, nothing written past them.
/// This is the symbol hosts built against the 0.2 headers call; a build against this header
/// calls gg_scene_get_wall_sized() through the gg_scene_get_wall() macro below (only a call
/// spelled `(gg_scene_get_wall)(...)` or through a function pointer reaches this symbol).
/// @return GG_OK; GG_E_STALE_ID; GG_E_INVALID_ARG for NULL.
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_get_wall(const gg_scene *scene, gg_wall_id id,
                                                gg_wall_def *out_def);

/// Reads back a live wall's definition into a gg_wall_def of `out_size` bytes: the size of the
/// struct the caller was built with, which must be one the library knows (56, the 0.2 layout,
/// or sizeof(gg_wall_def)). Exactly `out_size` bytes of a whole def are written, and
/// `out_def->struct_size` says how many; fields a smaller layout lacks are not written. The
/// caller's memory is never read, so `out_def` need not be initialised.
/// @return GG_OK; GG_E_STALE_ID (nothing written); GG_E_INVALID_ARG for NULL; GG_E_BAD_DEF for
///         an `out_size` the library does not know (nothing written).
/// @thread reader
/// @since 0.3
GG_API GG_NODISCARD gg_status gg_scene_get_wall_sized(const gg_scene *scene, gg_wall_id id,
                                                      gg_wall_def *out_def, size_t out_size);

/// What a build against this header calls: gg_scene_get_wall_sized() with this header's
/// sizeof(gg_wall_def), so a later library whose gg_wall_def grew writes only the bytes this
/// build knows. Each argument is evaluated once; `out_def` may be NULL (GG_E_INVALID_ARG). The
/// size is the type's, not `sizeof *(out_def)`, which would not compile for a NULL argument.
/// @since 0.3
#define gg_scene_get_wall(scene, id, out_def)                                                      \
    gg_scene_get_wall_sized((scene), (id), (out_def), sizeof(gg_wall_def))

/// Where a sight query stands: the eye's and the target's elevation (feet), for walls with
/// heights (gg_wall_def.bottom_ft/top_ft), and what the asker knows. Make it with
/// gg_view_def_default(), then set fields.
/// @since 0.3
typedef struct gg_view_def {
    uint32_t struct_size;       ///< set by gg_view_def_default(); do not touch
    double eye_elevation_ft;    ///< the viewer's eye; a multiple of 1/16 ft within
                                ///< +-GG_WALL_HEIGHT_LIMIT_FT; default 0
    double target_elevation_ft; ///< the point looked at, as eye_elevation_ft; default 0
    /// gg_scene_get_wall_view(): the asker knows the secret doors (a game master). Default
    /// false: a player, to whom a closed or locked secret door is a plain wall.
    bool knows_secret_doors;
} gg_view_def;

/// Eye and target at elevation 0 (the elevation of every query without a view def), secret
/// doors unknown.
/// @thread pure
/// @since 0.3
static inline gg_view_def gg_view_def_default(void)
{
    gg_view_def d;
    d.struct_size = (uint32_t)sizeof d;
    d.eye_elevation_ft = 0.0;
    d.target_elevation_ft = 0.0;
    d.knows_secret_doors = false;
    return d;
}

/// gg_scene_get_wall_sized() as the asker of `view` may know it: unless
/// view->knows_secret_doors, a closed or locked secret door reads as a plain wall (door
/// GG_DOOR_NONE) and an open one as an open door, `secret` false either way, so a player's
/// client draws no secret door. `view` NULL = defaults (a player). Call it as
/// gg_scene_get_wall_view(), the macro below, which passes sizeof(gg_wall_def). New in 0.3, it
/// takes the caller's size from the start so that no unsized symbol has to be kept for it.
/// @return as gg_scene_get_wall_sized(); GG_E_BAD_DEF also for a view def of unknown size.
/// @thread reader
/// @since 0.3
GG_API GG_NODISCARD gg_status gg_scene_get_wall_view_sized(const gg_scene *scene, gg_wall_id id,
                                                           const gg_view_def *view,
                                                           gg_wall_def *out_def, size_t out_size);

/// gg_scene_get_wall_view_sized() with this header's sizeof(gg_wall_def); each argument is
/// evaluated once.
/// @since 0.3
#define gg_scene_get_wall_view(scene, id, view, out_def)                                           \
    gg_scene_get_wall_view_sized((scene), (id), (view), (out_def), sizeof(gg_wall_def))

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
                                                   int32_t *out_feet);

/// Nat20 `within_range`: both cells on the map and distance_ft(a,b) <= range_ft (a negative
/// range is never met). Off-map cells answer false with GG_OK.
/// @return GG_OK; GG_E_INVALID_ARG for NULL.
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_within_range(const gg_scene *scene, gg_cell a, gg_cell b,
                                                    int32_t range_ft, bool *out_within);

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

/// Nat20 `cover_between`, the Nat20-compatible form of gg_scene_cover() in
/// GG_COVER_MODE_TAGGED (which takes bodies and explains itself; docs/api.md): walks the
/// Bresenham cells from `a` to `b` (skipping `a`); a blocked
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

/// The wall part of gg_scene_cover_between(): the most cover that walls with a cover value (low
/// walls, windows) give the segment between the centres of `a` and `b` (touching counts; open
/// doors and one-way walls seen from their open side give none). Cell tags, blocked cells and
/// creatures are not read. gg_rules_check_attack() uses it to apply a cover-tagged square's
/// tag only when the attack comes from its far side while keeping walls as Nat20 counts them.
/// @return GG_OK; GG_E_OUT_OF_BOUNDS (= none); GG_E_INVALID_ARG for NULL.
/// @thread reader
/// @since 0.2
GG_API GG_NODISCARD gg_status gg_scene_wall_cover_between(const gg_scene *scene, gg_cell a,
                                                          gg_cell b, gg_cover *out_cover);

/// Nat20 `light_on_cell`: the cell's light tag or the scene default, combined with the light
/// that light sources put on it (brightest wins; see the vision section); off-map cells answer
/// the default with GG_OK. With no light sources this is exactly Nat20's answer.
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

/// Nat20's orchestrator gate `_in_range_with_los`, the Nat20-compatible boolean form of
/// gg_rules_check_target() (rules.h; it also says which check failed): within_range(a, b,
/// range_ft) and has_line_of_sight(a, b) and cover_between(a, b) without creatures is not total.
/// Used for attack and spell range checks (SRD 5.2 "Cover": total cover blocks direct targeting).
/// Off-map cells answer false with GG_OK.
/// @return GG_OK; GG_E_INVALID_ARG for NULL.
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_in_range_with_los(const gg_scene *scene, gg_cell a,
                                                         gg_cell b, int32_t range_ft, bool *out_ok);

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
GG_API GG_NODISCARD gg_status gg_scene_area_cells(const gg_scene *scene, gg_cell origin,
                                                  const gg_template *tpl, bool includes_origin,
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
/// truesight reaching the Chebyshev distance -> true; target cell heavily obscured (or magically
/// dark, GG_OBSCURE_MAGICAL_DARKNESS) -> false;
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

/// Per-thread working memory for one scene. A query that takes scratch uses it for visited
/// marks, costs and its frontier, so it allocates nothing and does work proportional to what it
/// visits, not to the map. One scratch must not be used by two threads at once. What it holds,
/// and so its size, follows the uses it was made for (gg_scratch_def; docs/memory.md).
typedef struct gg_scratch gg_scratch;

/// The query families a scratch serves (bits of gg_scratch_def.uses).
/// @since 0.1
typedef enum gg_scratch_use {
    /// Field of view (gg_scene_visible_cells(), gg_scene_seen_cells()): room for the sweep's
    /// intervals and walls, O(side + walls) bytes, so that it never falls back to its per-cell
    /// loop. Optional: those queries also run with no scratch (in about 24 KiB of stack).
    GG_SCRATCH_SIGHT = 1,
    /// Bounded searches (gg_scene_reachable(), gg_scene_move_overlay(), gg_rules_flee_route())
    /// with budgets up to budget_ft and movers up to `size`: planes over the Chebyshev window
    /// such a budget can reach, about 85 bytes per window cell, whatever the map's size.
    GG_SCRATCH_BOUNDED = 2,
    /// Every query, on any budget: whole-map planes, about 96 bytes per cell (the 0.1 scratch).
    /// Needed by gg_scene_shortest_path(), gg_scene_lowest_cost_path(), gg_rules_plan_move()
    /// and by fields that GG_SCRATCH_FIELD does not serve.
    GG_SCRATCH_FULL = 4,
    /// gg_scene_move_field() for a Medium-or-smaller mover (1x1) with no avoid list or other
    /// creatures under GG_METRIC_CHEBYSHEV or GG_METRIC_MANHATTAN (any difficult-terrain rule
    /// whose step prices are small multiples of one unit): about 6.1 bytes per cell.
    GG_SCRATCH_FIELD = 8
} gg_scratch_use;

/// What a scratch is made for. Make it with gg_scratch_def_default(), then set fields.
/// @since 0.1
typedef struct gg_scratch_def {
    uint32_t struct_size; ///< set by gg_scratch_def_default(); do not touch
    uint32_t uses;        ///< gg_scratch_use bits, at least one; default GG_SCRATCH_FULL
    int32_t budget_ft;    ///< GG_SCRATCH_BOUNDED: the largest budget served (feet, >= 0);
                          ///< default 120
    gg_size size;         ///< GG_SCRATCH_BOUNDED: the largest mover served; default
                          ///< GG_SIZE_MEDIUM
} gg_scratch_def;

/// Defaults: GG_SCRATCH_FULL (every query; budget 120 ft and a Medium mover for BOUNDED).
/// @thread pure
/// @since 0.1
static inline gg_scratch_def gg_scratch_def_default(void)
{
    gg_scratch_def d;
    d.struct_size = (uint32_t)sizeof d;
    d.uses = (uint32_t)GG_SCRATCH_FULL;
    d.budget_ft = 120;
    d.size = GG_SIZE_MEDIUM;
    return d;
}

/// Bytes of memory a scratch for `scene` under `def` (NULL = defaults) takes, for
/// gg_scratch_init(). The scene's walls count (GG_SCRATCH_SIGHT): walls added later may make a
/// sweep fall back to its exact per-cell loop.
/// @return GG_OK; GG_E_BAD_DEF; GG_E_INVALID_ARG for NULL, no known use bit, unknown bits, a
///         negative budget or an unknown size; GG_E_TOO_LARGE when the size overflows size_t.
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scratch_bytes(const gg_scene *scene, const gg_scratch_def *def,
                                               size_t *out_bytes);

/// Makes scratch for `scene` in caller memory (stb style): `memory` holds at least
/// gg_scratch_bytes() bytes aligned to 16 and stays the caller's; the scratch lives in it (do not
/// pass it to gg_scratch_destroy(), just stop using it and free the memory).
/// @return GG_OK; GG_E_BUFFER_TOO_SMALL (bytes too small or memory misaligned); otherwise as
///         gg_scratch_bytes(); *out_scratch = NULL on failure.
/// @thread reader (making scratch does not modify the scene)
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scratch_init(const gg_scene *scene, const gg_scratch_def *def,
                                              void *memory, size_t bytes, gg_scratch **out_scratch);

/// Creates scratch for `scene` under `def` (NULL = defaults: every query, about 96 bytes per
/// cell), in one block from the scene's allocator.
/// @return GG_OK; GG_E_NO_MEMORY (*out_scratch = NULL); otherwise as gg_scratch_bytes().
/// @thread reader (creating scratch does not modify the scene)
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scratch_create(const gg_scene *scene, const gg_scratch_def *def,
                                                gg_scratch **out_scratch);

/// Frees scratch made by gg_scratch_create(). NULL, and scratch made by gg_scratch_init(), are
/// no-ops.
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
///         made for another scene or without GG_SCRATCH_FULL.
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
///         made for another scene or with neither GG_SCRATCH_BOUNDED nor GG_SCRATCH_FULL;
///         GG_E_BUFFER_TOO_SMALL (nothing written) when the scratch has
///         no GG_SCRATCH_FULL and was made for a smaller budget (gg_scratch_def.budget_ft).
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_reachable(const gg_scene *scene, gg_scratch *scratch,
                                                 gg_cell start, int32_t budget_ft,
                                                 const gg_cell *avoid, int32_t avoid_count,
                                                 gg_reach *out, int32_t capacity,
                                                 int32_t *out_count);

/* ==== section: movement (cost-aware paths, fields, metrics, footprints) ==== */

/* Cost-aware movement (docs/movement.md). Nat20's gg_scene_shortest_path() and
 * gg_scene_reachable() above are unchanged; these queries price every step with a metric, a
 * difficult-terrain rule and the mover's size, and treat other creatures as inputs. */

/// How difficult terrain is priced (SRD 5.2 "Difficult Terrain": every foot of movement in it
/// costs 1 extra foot). A step pays the extra when it enters a difficult cell; leaving one costs
/// normally (as in Nat20).
/// @since 0.1
typedef enum gg_difficult_rule {
    GG_DIFFICULT_DOUBLE = 0,    ///< the step costs double (SRD default)
    GG_DIFFICULT_SURCHARGE = 1, ///< the step costs surcharge_ft more (PF2e-style flat cost)
    GG_DIFFICULT_IGNORE = 2     ///< difficult terrain costs nothing extra
} gg_difficult_rule;

/// Options of a movement query. Make it with gg_move_def_default(), then set fields. Arrays are
/// borrowed for the duration of the call.
/// @since 0.1
typedef struct gg_move_def {
    uint32_t struct_size;        ///< set by gg_move_def_default(); do not touch
    gg_metric metric;            ///< default GG_METRIC_CHEBYSHEV (SRD 5.2)
    gg_difficult_rule difficult; ///< default GG_DIFFICULT_DOUBLE
    int32_t surcharge_ft;        ///< feet added per difficult step with GG_DIFFICULT_SURCHARGE;
                                 ///< >= 0; default 5
    gg_size size;                ///< the mover's size; default GG_SIZE_MEDIUM (1x1)
    int32_t side;                ///< the mover's side: others on the same side are its allies;
                                 ///< default GG_SIDE_NONE (no allies)
    const gg_cell *avoid;        ///< cells never entered by any part of the footprint; may be NULL
    int32_t avoid_count;         ///< >= 0; default 0
    /// Other creatures (not scene state), borrowed; may be NULL. Read: cell, size, side (an
    /// ally is on def->side) and GG_CONDITION_INCAPACITATED (only with pass_size_apart). Hosts
    /// pass only living creatures whose position they know; the mover itself must not be listed.
    const gg_body *others;
    int32_t other_count; ///< >= 0; default 0
    /// SRD 5.2 "Moving Around Other Creatures" (2024): you may also pass through the space of a
    /// creature that is Incapacitated, Tiny, or two sizes larger or smaller than you. Default
    /// false: Nat20's rule, allies passable and every other creature impassable.
    bool pass_size_apart;
    /// SRD 5.2 "Moving Around Other Creatures": another creature's space is Difficult Terrain
    /// for you unless that creature is Tiny or your ally. Default false (Nat20).
    bool occupied_difficult;
    /// The mover opens closed doors on its way: a step that only a closed (not locked) door
    /// stops is legal, and costs what the step costs (opening a door is an object interaction,
    /// not movement; the host spends it). The route is the one the scene would give with those
    /// doors open. Default false: closed doors block, as in Nat20. @since 0.3
    bool open_doors;
    /// With open_doors: the mover knows the scene's secret doors (gg_wall_def.secret) and opens
    /// them too; otherwise a closed secret door is a wall to it. Default false. @since 0.3
    bool knows_secret_doors;
} gg_move_def;

/// Defaults: Chebyshev, difficult terrain doubles, surcharge 5 ft, a Medium mover with no allies,
/// no avoided cells, no other creatures, Nat20 passing rules.
/// @thread pure
/// @since 0.1
static inline gg_move_def gg_move_def_default(void)
{
    gg_move_def d;
    d.struct_size = (uint32_t)sizeof d;
    d.metric = GG_METRIC_CHEBYSHEV;
    d.difficult = GG_DIFFICULT_DOUBLE;
    d.surcharge_ft = 5;
    d.size = GG_SIZE_MEDIUM;
    d.side = GG_SIDE_NONE;
    d.avoid = NULL;
    d.avoid_count = 0;
    d.others = NULL;
    d.other_count = 0;
    d.pass_size_apart = false;
    d.occupied_difficult = false;
    d.open_doors = false;
    d.knows_secret_doors = false;
    return d;
}

/* The movement model every query below shares (docs/movement.md has diagrams):
 *  - The mover is an n x n footprint (n = gg_size_cells(def->size)) named by its top-left
 *    anchor; every cell it covers must be on the map. Paths, fields and costs are per anchor.
 *  - A footprint may stand where every covered cell is unblocked and no wall blocking movement
 *    separates two covered neighbours. A step moves every covered cell one square the same way;
 *    it is legal when each covered cell's own step is legal per gg_scene_edge_distance() (walls,
 *    blocked cells, the corner rule), so no footprint squeezes through a gap narrower than
 *    itself or cuts a blocked corner. The start position itself is never checked.
 *  - A step into a cell listed in `avoid` (by any covered cell), or into the space of an
 *    impassable creature, is illegal. Allies are passable; others are impassable unless
 *    pass_size_apart allows them. No query ever ends a move on a cell shared with another
 *    creature ("You can't willingly end a move in a space occupied by another creature").
 *  - A step costs the metric's price of one orthogonal or diagonal square; it pays the
 *    difficult-terrain rule once when any cell newly entered is difficult (or, with
 *    occupied_difficult, is another non-Tiny, non-allied creature's space).
 *  - Order: fewest feet; among equal feet, fewest steps; among routes equal in both, each cell
 *    is reached by the step whose direction comes first in Nat20's order NW, W, SW, N, S, NE, E,
 *    SE (the field applies this to every optimal predecessor; the path and overlay use the same
 *    rule among the predecessors they settle before the cell). Under GG_METRIC_ALTERNATING a
 *    cell is reached with the cheaper parity, parity 0 on a tie.
 *  - `parity` (0 or 1) is the number of diagonals already taken this move mod 2; costs report
 *    the parity after the move, so legs chain exactly. Other metrics ignore and return it. */

/// The cheapest route from `a` to `b` (anchors) by A*, per the model above. Writes the anchors
/// from `a` to `b` inclusive and, when `out_cost` is not NULL, the route's cost. a == b gives [a]
/// at cost 0. No route, or `b` where the mover cannot end, gives 0 cells with GG_OK (and a cost
/// of 0 steps with feet -1).
/// Work is proportional to the cells searched, never to the map.
/// @return GG_OK; GG_E_BUFFER_TOO_SMALL (nothing written, *out_count = cells needed, cost set);
///         GG_E_OUT_OF_BOUNDS when a footprint at `a` or `b` leaves the map; GG_E_BAD_DEF;
///         GG_E_INVALID_ARG for NULL pointers, negative counts, an unknown enum, a negative
///         surcharge, a parity other than 0/1, or scratch made for another scene or without
///         GG_SCRATCH_FULL; GG_E_TOO_LARGE when a cost could overflow (cell size times map area too large).
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_lowest_cost_path(const gg_scene *scene, gg_scratch *scratch,
                                                        gg_cell a, gg_cell b, int32_t parity,
                                                        const gg_move_def *def, gg_cell *out,
                                                        int32_t capacity, int32_t *out_count,
                                                        gg_metric_cost *out_cost);

/// A full distance field from one origin: the cost and predecessor of every anchor, for many
/// queries from the same origin. It lives in caller memory (see gg_scene_move_field()).
typedef struct gg_move_field gg_move_field;

/// Bytes of caller memory a field for `scene` under `def` needs (about 9 bytes per cell; twice
/// that under GG_METRIC_ALTERNATING, plus 4 under GG_METRIC_EUCLIDEAN).
/// @return GG_OK; GG_E_BAD_DEF; GG_E_INVALID_ARG for NULL pointers or an invalid def.
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_move_field_bytes(const gg_scene *scene, const gg_move_def *def,
                                                  size_t *out_bytes);

/// Builds the field from `origin` (an anchor) into `memory` (at least gg_move_field_bytes(),
/// aligned to 8). Every anchor gets its lowest cost and a predecessor per the model above. The
/// field copies what it needs of the def; it stays valid while `memory` lives and the scene is
/// neither destroyed nor changed (routes of uniform-cost fields are read back from the scene).
/// Work: O(cells) (a full field is proportional to the map by nature); bucketed (no heap) for
/// every metric but Euclidean when step costs are small multiples of one unit.
/// Working memory: scratch made with GG_SCRATCH_FULL, or with GG_SCRATCH_FIELD for the fields
/// that use serves (about 4.1 bytes per cell; docs/memory.md).
/// @return GG_OK (*out_field points into memory); GG_E_BUFFER_TOO_SMALL (bytes too small or
///         memory misaligned); GG_E_OUT_OF_BOUNDS when the origin's footprint leaves the map;
///         GG_E_INVALID_ARG when the scratch serves no such field; otherwise as
///         gg_scene_lowest_cost_path().
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_move_field(const gg_scene *scene, gg_scratch *scratch,
                                                  gg_cell origin, int32_t parity,
                                                  const gg_move_def *def, void *memory,
                                                  size_t bytes, gg_move_field **out_field);

/// The field's cost to reach anchor `c` (the cheaper parity, parity 0 on a tie). *out_reached is
/// false (and *out_cost zero, feet -1) for anchors the field never reached; `out_can_end` (may
/// be NULL) tells whether the mover may end its move there (no other creature's space).
/// @return GG_OK; GG_E_OUT_OF_BOUNDS for an anchor off the field; GG_E_INVALID_ARG for NULL.
/// @thread reader (a built field is immutable)
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_move_field_cost(const gg_move_field *field, gg_cell c,
                                                 bool *out_reached, gg_metric_cost *out_cost,
                                                 bool *out_can_end);

/// The field's route from its origin to `c`, all or nothing as in gg_scene_lowest_cost_path();
/// 0 cells with GG_OK when `c` was not reached or the mover may not end there.
/// @return GG_OK; GG_E_BUFFER_TOO_SMALL; GG_E_OUT_OF_BOUNDS; GG_E_INVALID_ARG for NULL pointers
///         or negative capacity.
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_move_field_path(const gg_move_field *field, gg_cell c,
                                                 gg_cell *out, int32_t capacity,
                                                 int32_t *out_count);

/// One anchor of a movement overlay.
/// @since 0.1
typedef struct gg_move_reach {
    gg_cell cell;        ///< the anchor reached
    gg_cell prev;        ///< the anchor it was reached from; equals `cell` for the origin
    gg_metric_cost cost; ///< cheapest cost (and the parity after it)
    bool can_end;        ///< false when the footprint there shares a cell with another creature
} gg_move_reach;

/// The movement overlay: every anchor reachable from `origin` with cost <= budget_ft, with its
/// cost and predecessor, in nondecreasing cost order (origin first). A negative budget gives
/// [origin]. Work is proportional to the anchors reached, not to the map. Working memory:
/// scratch made with GG_SCRATCH_FULL, or with GG_SCRATCH_BOUNDED for a budget and mover up to
/// its def's.
/// @return GG_OK; GG_PARTIAL (capacity cut the list; *out_count = full count);
///         GG_E_BUFFER_TOO_SMALL (nothing written) when a GG_SCRATCH_BOUNDED scratch (without
///         GG_SCRATCH_FULL) was made for a smaller budget or mover; GG_E_INVALID_ARG for scratch
///         with neither use; otherwise as gg_scene_lowest_cost_path().
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_move_overlay(const gg_scene *scene, gg_scratch *scratch,
                                                    gg_cell origin, int32_t parity,
                                                    int32_t budget_ft, const gg_move_def *def,
                                                    gg_move_reach *out, int32_t capacity,
                                                    int32_t *out_count);

/// Prices a route of anchors the host already has (a dragged ruler path, a waypoint leg) with
/// the scene's terrain and the def's rules, from `parity`. *out_legal counts the leading steps
/// that are legal; *out_cost prices exactly those. A route of 0 or 1 anchors costs 0.
/// @return GG_OK (also when a step is illegal: *out_legal < count - 1); GG_E_OUT_OF_BOUNDS for
///         an anchor whose footprint leaves the map; otherwise as gg_scene_lowest_cost_path().
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_route_cost(const gg_scene *scene, const gg_cell *cells,
                                                  int32_t count, int32_t parity,
                                                  const gg_move_def *def, gg_metric_cost *out_cost,
                                                  int32_t *out_legal);

/// gg_scene_lowest_cost_path() for a mover that may squeeze, SRD 5.1 "Squeezing into a Smaller
/// Space" (SRD 5.2 has no squeezing rule; this is the 5.1 rule for hosts that want it): "A
/// creature can squeeze through a space that is large enough for a creature one size smaller
/// than it", and "while squeezing ... must spend 1 extra foot for every foot it moves there".
/// The model above with three changes: at each anchor the mover takes its own footprint where
/// that fits, else the footprint of the next smaller size anchored there (squeezing; Large and
/// up, since Tiny to Medium share one square), else it cannot stand there; a step between two
/// positions is taken cell by cell by the smaller of the two footprints, and the cells newly
/// entered are those of the arriving footprint outside the leaving one; a step that arrives
/// squeezed costs its price plus the step's plain price again (so a squeezing step through
/// difficult terrain costs three times the plain price under GG_DIFFICULT_DOUBLE: each rule
/// adds its extra foot). Passing rules compare the mover's own size. The search is a plain
/// Dijkstra over anchors, slower than the engines of gg_scene_lowest_cost_path(); a mover that
/// never needs to squeeze gets that query's cost, and the route gg_move_field_path() gives.
/// Writes the anchors from `a` to `b` inclusive and, when `out_squeezing` is not NULL, for each
/// anchor whether the mover stands there squeezed (its own footprint does not fit: SRD 5.1
/// "has disadvantage on attack rolls and Dexterity saving throws" and "attack rolls against
/// the creature have advantage" there, for the host to apply), and the route's cost when
/// `out_cost` is not NULL. a == b gives [a] at cost 0; no route, or `b` where the mover cannot
/// stand or end, gives 0 cells with GG_OK (cost feet -1).
/// @return GG_OK; GG_E_BUFFER_TOO_SMALL (nothing written, *out_count = anchors needed, cost
///         set); GG_E_OUT_OF_BOUNDS when the squeezed footprint (the own one for Medium and
///         smaller) at `a` or `b` leaves the map; otherwise as gg_scene_lowest_cost_path().
/// @thread reader
/// @since 0.2
GG_API GG_NODISCARD gg_status gg_scene_squeeze_path(const gg_scene *scene, gg_scratch *scratch,
                                                    gg_cell a, gg_cell b, int32_t parity,
                                                    const gg_move_def *def, gg_cell *out,
                                                    bool *out_squeezing, int32_t capacity,
                                                    int32_t *out_count, gg_metric_cost *out_cost);

/* ==== end section: movement ==== */

/* ==== section: vision (field of view, visibility, light sources) ==== */

/* ---- Cell bitsets ------------------------------------------------------------------------------
 * Field-of-view queries write a caller-provided bitset: bit (row * width + col) of the array of
 * uint64_t words, bit k of word k / 64 being (word >> (k % 64)) & 1. */

/// Words a cell bitset for `scene` needs: ceil(width * height / 64); 0 for NULL.
/// @thread reader
/// @since 0.1
GG_API size_t gg_scene_bitset_words(const gg_scene *scene);

/// True when cell (col,row) of a scene `width` cells wide is set in `bits`. The cell must be on
/// the scene. Caller-side helper; the library does not check anything.
/// @thread pure
/// @since 0.1
static inline bool gg_bitset_has(const uint64_t *bits, int32_t width, gg_cell c)
{
    size_t k = (size_t)c.row * (size_t)width + (size_t)c.col;
    return ((bits[k >> 6] >> (k & 63u)) & 1u) != 0;
}

/// How a field-of-view query treats the bits already in the caller's bitset.
/// @since 0.1
typedef enum gg_bitset_mode {
    /// Clear every word first (one memset of gg_scene_bitset_words() words), then set.
    GG_BITSET_REPLACE = 1,
    /// Only set bits (OR): the union over several calls, e.g. what a party sees. The work is
    /// then proportional to what is visible, never to the map.
    GG_BITSET_UNION = 2,
    /// As GG_BITSET_REPLACE, but the clearing costs what the previous answer set, not the map:
    /// `scratch` remembers which rows of this bitset (same address and size) its last call wrote
    /// (in any mode) and only those words are cleared. The caller must not change the bitset
    /// between such calls; a bitset the scratch has no record of (another address or size, a
    /// NULL scratch, or after another bitset was written through the same scratch) is cleared
    /// in full, as GG_BITSET_REPLACE does. @since 0.3
    GG_BITSET_REPLACE_TRACKED = 3
} gg_bitset_mode;

/// A range that never limits a field of view.
#define GG_RANGE_UNLIMITED INT32_MAX

/// Field of view: sets the bit of every cell `c` with gg_scene_has_line_of_sight(viewer, c)
/// true and Chebyshev distance * cell_size_ft <= range_ft. The answer is exactly the per-cell
/// loop's, Bresenham's direction dependence included (the walk goes from the viewer), walls,
/// doors and one-way walls (seen from the viewer's centre) included. A viewer whose centre
/// touches a wall that blocks sight sees nothing, not even its own cell (as in Nat20,
/// docs/nat20.md).
///
/// Cost: an exact shadow sweep, octant by octant, over slope intervals: it reads only cells
/// whose sight lines are still open, and tests only walls registered next to them, so the work
/// grows with what is visible (plus, in GG_BITSET_REPLACE mode, clearing the bitset; in
/// GG_BITSET_REPLACE_TRACKED mode only the rows the previous answer used).
/// Working memory: `scratch` may be NULL, and the sweep then works in about 24 KiB of stack
/// (a view that needs more, with many walls or lit intervals, is answered by the exact
/// per-cell loop instead, slower but identical). Scratch made with GG_SCRATCH_SIGHT or
/// GG_SCRATCH_FULL gives it room for any view; it never touches the marks of path and reach
/// queries.
/// @param range_ft  feet, >= 0; GG_RANGE_UNLIMITED for no limit.
/// @param out_count optional: the number of cells the viewer sees (its own cell included).
/// @return GG_OK; GG_E_OUT_OF_BOUNDS (nothing set, *out_count = 0); GG_E_BUFFER_TOO_SMALL when
///         words < gg_scene_bitset_words() (nothing written); GG_E_INVALID_ARG for NULL scene
///         or bits, scratch made for another scene, range_ft < 0 or an unknown mode.
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_visible_cells(const gg_scene *scene, gg_scratch *scratch,
                                                     gg_cell viewer, int32_t range_ft,
                                                     gg_bitset_mode mode, uint64_t *bits,
                                                     size_t words, int32_t *out_count);

/// gg_scene_has_line_of_sight() from an eye at `view->eye_elevation_ft` to a target at
/// `view->target_elevation_ft`: the walk and the walls as there, except that a wall with heights
/// blocks only where the 2-D test blocks and the sight line's elevation at the crossing (linear
/// from eye to target along the segment between the centres) lies in [bottom_ft, top_ft],
/// decided exactly (integer arithmetic, no tolerance). Blocked cells stand at every elevation.
/// With `view` NULL or both elevations 0 it equals gg_scene_has_line_of_sight(); so does a
/// scene without walls with heights. A creature on a balcony (eye 15 ft) sees over a wall whose
/// top is 10 ft to a target at 0 ft when the line is above 10 ft where it crosses the wall.
/// @return GG_OK; GG_E_OUT_OF_BOUNDS (= false); GG_E_BAD_DEF; GG_E_INVALID_ARG for NULL out or
///         an elevation off the 1/16 ft lattice or beyond GG_WALL_HEIGHT_LIMIT_FT.
/// @thread reader
/// @since 0.3
GG_API GG_NODISCARD gg_status gg_scene_has_line_of_sight_view(const gg_scene *scene, gg_cell a,
                                                              gg_cell b, const gg_view_def *view,
                                                              bool *out_visible);

/// gg_scene_visible_cells() with the elevations of `view` (NULL = defaults): the bit of every
/// cell `c` with gg_scene_has_line_of_sight_view(viewer, c, view) within range. Scenes without
/// walls with heights, and views at elevation 0, are answered by gg_scene_visible_cells() (same
/// cost). Otherwise each cell within range is tested on its own: exact, and O(cells in range x
/// walls near each line), slower than the sweep on big views (docs/vision.md).
/// @return as gg_scene_visible_cells(); GG_E_BAD_DEF; GG_E_INVALID_ARG for a bad elevation.
/// @thread reader
/// @since 0.3
GG_API GG_NODISCARD gg_status gg_scene_visible_cells_view(const gg_scene *scene,
                                                          gg_scratch *scratch, gg_cell viewer,
                                                          int32_t range_ft, const gg_view_def *view,
                                                          gg_bitset_mode mode, uint64_t *bits,
                                                          size_t words, int32_t *out_count);

/// The set of cells a creature with `senses` (NULL = none) standing on `viewer` can see under
/// the full gg_scene_can_see() rules: line of sight (as gg_scene_visible_cells()), then
/// blindsight / truesight reach, heavy obscurement, the computed light (light sources, cell
/// tags and the default; see gg_scene_light_on_cell()) and darkvision. Bit c is set exactly
/// when gg_scene_can_see(viewer, c, senses) is true.
/// @return as gg_scene_visible_cells().
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_seen_cells(const gg_scene *scene, gg_scratch *scratch,
                                                  gg_cell viewer, const gg_senses *senses,
                                                  gg_bitset_mode mode, uint64_t *bits, size_t words,
                                                  int32_t *out_count);

/// Which rule a visibility matrix applies.
/// @since 0.1
typedef enum gg_visibility_rule {
    /// gg_scene_has_line_of_sight(cells[i], cells[j]).
    GG_VISIBILITY_LINE_OF_SIGHT = 1,
    /// gg_scene_can_see(cells[i], cells[j], senses ? &senses[i] : NULL).
    GG_VISIBILITY_CAN_SEE = 2
} gg_visibility_rule;

/// Visibility among `count` creatures in one call: out[i * count + j] = 1 when creature i (on
/// cells[i]) sees creature j under `rule`, else 0; the diagonal holds each creature's view of
/// its own cell. Each unordered pair shares its work: the segment between the centres is
/// tested against the walls once, and the Bresenham walks both ways reuse it. The matrix is
/// symmetric where the rules are: it is asymmetric only through Bresenham ties next to blocked
/// cells, one-way walls, and (for GG_VISIBILITY_CAN_SEE) different senses or the target cell's
/// light and obscurement. A creature on an off-map cell sees and is seen by nobody (0 entries,
/// not an error, as Nat20's False).
/// @param senses  GG_VISIBILITY_CAN_SEE only: NULL (no senses for anyone) or `count` entries.
/// @param out     count * count bytes.
/// @return GG_OK; GG_E_INVALID_ARG for NULL scene, NULL cells or out with count > 0,
///         count < 0, count > 46340 (count * count overflows) or an unknown rule.
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_visibility_matrix(const gg_scene *scene,
                                                         const gg_cell *cells, int32_t count,
                                                         const gg_senses *senses,
                                                         gg_visibility_rule rule, uint8_t *out);

/* ---- Light sources ----------------------------------------------------------------------------
 * A light source lights cells within its radii (Chebyshev distance * cell_size_ft, the SRD 5.2
 * grid distance) that it reaches with a line of light: Nat20's line of sight from the light's
 * cell, with walls that block light (GG_BLOCKS_LIGHT; open doors do not; one-way walls judged
 * from the light's centre) in place of walls that block sight. Blocked cells stop light as
 * they stop sight.
 *
 * Combining: the light of a cell is the brightest of (its tag, or the scene default when it has
 * none) and every source that reaches it: bright > dim > dark. Overlapping sources never add
 * up: two dim lights make dim light. Lighting is evaluated when it is read, from the current
 * walls, doors and blocked cells, so opening a door or moving a wall never leaves it stale and
 * writers do no work beyond the light itself. */

/// A light source. Make it with gg_light_def_default(), then set fields.
/// @since 0.1
typedef struct gg_light_def {
    uint32_t struct_size; ///< set by gg_light_def_default(); do not touch
    gg_cell cell;         ///< where the light is; must be on the scene
    int32_t bright_ft;    ///< bright light within this many feet, >= 0
    int32_t dim_ft;       ///< dim light within this many feet (outer radius, as Foundry's
                          ///< `dim`), >= 0; cells within bright_ft are bright regardless
    double angle_deg;     ///< cone angle in degrees, in (0, 360]; default 360 (all round).
                          ///< A cell is lit only if the direction from the light's centre to
                          ///< its centre lies in the closed cone (docs/vision.md, "Light
                          ///< cones"); the light's own cell always is (@since 0.3)
    double rotation_deg;  ///< the cone's axis, Foundry VTT's AmbientLight `rotation`: 0 points
                          ///< down the screen (+row, south), growing clockwise on screen (90
                          ///< points west, 180 north, 270 east); finite, |value| <= 1e6,
                          ///< taken modulo 360; default 0 (@since 0.3)
    uint32_t color_argb;  ///< colour as data, 0xAARRGGBB (alpha 0xFF when the source gives
                          ///< none); the library stores and returns it and never lights by
                          ///< it; meaningful when has_color; default 0 (@since 0.3)
    bool has_color;       ///< the light has a colour (Foundry `color`/`tintColor`, UVTT
                          ///< `color`); default false = the host's plain light (@since 0.3)
} gg_light_def;

/// A torch (SRD 5.2: bright light in a 20-foot radius and dim light for an additional 20 feet)
/// at cell (0,0), lighting all round, without a colour.
/// @thread pure
/// @since 0.1
static inline gg_light_def gg_light_def_default(void)
{
    gg_light_def d;
    d.struct_size = (uint32_t)sizeof d;
    d.cell.col = 0;
    d.cell.row = 0;
    d.bright_ft = 20;
    d.dim_ft = 40;
    d.angle_deg = 360.0;
    d.rotation_deg = 0.0;
    d.color_argb = 0;
    d.has_color = false;
    return d;
}

/// Names a light source; the generation detects an id kept after gg_scene_remove_light().
/// {0, 0} never names a light.
/// @since 0.1
typedef struct gg_light_id {
    uint32_t index;
    uint32_t generation;
} gg_light_id;

/// Adds a light source. O(1) amortised.
/// A def of the 0.2 header's size (ending at dim_ft) reads the later fields as their defaults.
/// @return GG_OK; GG_E_BAD_DEF if `def` was not made by gg_light_def_default();
///         GG_E_INVALID_ARG for NULL, a negative radius, angle_deg outside (0, 360] or NaN,
///         rotation_deg not finite or beyond 1e6 (with a message); GG_E_OUT_OF_BOUNDS for
///         an off-map cell; GG_E_TOO_LARGE past 2^24 lights; GG_E_NO_MEMORY (scene unchanged).
///         `out_id` may be NULL.
/// @thread writer
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_add_light(gg_scene *scene, const gg_light_def *def,
                                                 gg_light_id *out_id);

/// Moves a light or changes its radii (the whole def is replaced). O(1).
/// @return GG_OK; GG_E_STALE_ID; otherwise as gg_scene_add_light() (scene unchanged).
/// @thread writer
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_set_light(gg_scene *scene, gg_light_id id,
                                                 const gg_light_def *def);

/// Removes a light. O(1).
/// @return GG_OK; GG_E_STALE_ID; GG_E_INVALID_ARG for NULL.
/// @thread writer
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_remove_light(gg_scene *scene, gg_light_id id);

/// Reads back a live light's definition in the 0.2 layout: the first 20 bytes of gg_light_def
/// (up to `dim_ft`), `struct_size` 20, nothing written past them; on failure those 20 bytes
/// hold the default. The symbol 0.2-built hosts call; a build against this header calls
/// gg_scene_get_light_sized() through the gg_scene_get_light() macro below.
/// @return GG_OK; GG_E_STALE_ID; GG_E_INVALID_ARG for NULL.
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_get_light(const gg_scene *scene, gg_light_id id,
                                                 gg_light_def *out_def);

/// Reads back a live light's definition into a gg_light_def of `out_size` bytes, one of the
/// sizes the library knows (20, the 0.2 layout, or sizeof(gg_light_def)): exactly `out_size`
/// bytes are written, `out_def->struct_size` says how many, and the caller's memory is never
/// read. On GG_E_STALE_ID (or a NULL scene) those bytes hold the default def.
/// @return GG_OK; GG_E_STALE_ID; GG_E_INVALID_ARG for NULL; GG_E_BAD_DEF for an `out_size` the
///         library does not know (nothing written).
/// @thread reader
/// @since 0.3
GG_API GG_NODISCARD gg_status gg_scene_get_light_sized(const gg_scene *scene, gg_light_id id,
                                                       gg_light_def *out_def, size_t out_size);

/// What a build against this header calls: gg_scene_get_light_sized() with this header's
/// sizeof(gg_light_def) (each argument evaluated once; `out_def` may be NULL).
/// @since 0.3
#define gg_scene_get_light(scene, id, out_def)                                                     \
    gg_scene_get_light_sized((scene), (id), (out_def), sizeof(gg_light_def))

/// Number of live light sources.
/// @thread reader
/// @since 0.1
GG_API int32_t gg_scene_light_count(const gg_scene *scene);

/// Lists the live light sources in id order: their ids (`out_ids`, may be NULL) and definitions
/// (`out_defs`, may be NULL), at most `capacity` of each. The definitions are written in the
/// 0.2 layout, as gg_scene_get_light() (the symbol) writes them, 20 bytes apart. The symbol
/// 0.2-built hosts call; a build against this header calls gg_scene_list_lights_sized() through
/// the gg_scene_list_lights() macro below.
/// @return GG_OK; GG_PARTIAL when `capacity` cut the list (*out_count = full count);
///         GG_E_INVALID_ARG for NULL scene or out_count, or a negative capacity.
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_list_lights(const gg_scene *scene, gg_light_id *out_ids,
                                                   gg_light_def *out_defs, int32_t capacity,
                                                   int32_t *out_count);

/// gg_scene_list_lights() with definitions of `def_size` bytes each, `def_size` apart (the
/// array's stride): one of the sizes gg_scene_get_light_sized() accepts, checked even when
/// `out_defs` is NULL. Each element is written as gg_scene_get_light_sized() writes it.
/// @return as gg_scene_list_lights(); GG_E_BAD_DEF for an unknown `def_size` (nothing written,
///         *out_count 0).
/// @thread reader
/// @since 0.3
GG_API GG_NODISCARD gg_status gg_scene_list_lights_sized(const gg_scene *scene,
                                                         gg_light_id *out_ids,
                                                         gg_light_def *out_defs, size_t def_size,
                                                         int32_t capacity, int32_t *out_count);

/// What a build against this header calls: gg_scene_list_lights_sized() with this header's
/// sizeof(gg_light_def) as the stride (each argument evaluated once; `out_defs` may be NULL).
/// @since 0.3
#define gg_scene_list_lights(scene, out_ids, out_defs, capacity, out_count)                        \
    gg_scene_list_lights_sized((scene), (out_ids), (out_defs), sizeof(gg_light_def), (capacity),   \
                               (out_count))

/// The light that sources alone put on `c` (GG_LIGHT_BRIGHT, GG_LIGHT_DIM, or GG_LIGHT_DARK
/// when no source reaches it), ignoring tags and the default. gg_scene_light_on_cell() combines
/// it with them. Off-map cells answer GG_LIGHT_DARK with GG_OK.
/// @return GG_OK; GG_E_INVALID_ARG for NULL.
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_source_light_on_cell(const gg_scene *scene, gg_cell c,
                                                            gg_light *out_light);

/* ==== end section: vision ==== */

/* ==== section: cover models (corners_2d, corners_3d) ==== */

/// Which procedure gg_scene_cover() runs (docs/cover.md).
/// - GG_COVER_MODE_TAGGED: Nat20's cover_between (gg_scene_cover_between()) on the anchor cells.
/// - GG_COVER_MODE_CORNERS_2D: the 2014 DMG corner rule: the attacker's most favourable corner,
///   four lines to the corners of any one target square.
/// - GG_COVER_MODE_CORNERS_3D: Ikosa-style point sets over cells with floor and ceiling heights.
/// @since 0.1
typedef enum gg_cover_mode {
    GG_COVER_MODE_TAGGED = 0,
    GG_COVER_MODE_CORNERS_2D = 1,
    GG_COVER_MODE_CORNERS_3D = 2
} gg_cover_mode;

/// Which line set gg_scene_cover() keeps among the attacker's sources (corner modes). Topology
/// only measures; turning the measure into an edition's bonus is the rules layer's
/// gg_rules_cover_score() (docs/cover.md).
/// - GG_COVER_CHOICE_DEGREE: the set with the least degree, then the fewest lines blocked at
///   half, three-quarters and total (the 2014 DMG "most favourable corner").
/// - GG_COVER_CHOICE_OBSTRUCTION: the set with the least obstruction (gg_cover_obstruction)
///   first, then as DEGREE; an adjacent melee attack (GG_ATTACK_MELEE, no origin) draws all 16
///   corner-to-corner lines between each adjacent pair of squares with creatures ignored. This
///   is the geometry the 3.5 SRD and Pathfinder cover rules score.
/// @since 0.1
typedef enum gg_cover_choice {
    GG_COVER_CHOICE_DEGREE = 0,
    GG_COVER_CHOICE_OBSTRUCTION = 1
} gg_cover_choice;

/// How obstructed the kept line set is, from the share of its lines blocked at total and the
/// heaviest partly blocked line (a line blocked at three-quarters by a non-creature weighs 0.9,
/// at half 0.5; a line blocked only by creatures weighs 0.5, except in the adjacent-melee set,
/// where creatures are ignored): the larger of the two, v, is bucketed. The tagged mode maps
/// its degree: half -> PARTIAL, three-quarters -> HEAVY, total -> TOTAL.
/// @since 0.1
typedef enum gg_cover_obstruction {
    GG_OBSTRUCTION_NONE = 0,    ///< v = 0: no line blocked
    GG_OBSTRUCTION_SLIGHT = 1,  ///< 0 < v <= 1/4
    GG_OBSTRUCTION_PARTIAL = 2, ///< 1/4 < v <= 3/4
    GG_OBSTRUCTION_HEAVY = 3,   ///< v > 3/4, some line not blocked at total
    GG_OBSTRUCTION_TOTAL = 4    ///< every line blocked at total, or no line exists
} gg_cover_obstruction;

/// The attack being covered. MELEE switches on the adjacent-melee geometry (CHOICE_OBSTRUCTION
/// and 3-D); AREA needs gg_cover_def.origin (the area's point of origin).
/// @since 0.1
typedef enum gg_attack_kind {
    GG_ATTACK_MELEE = 0,
    GG_ATTACK_REACH = 1,
    GG_ATTACK_RANGED = 2,
    GG_ATTACK_AREA = 3
} gg_attack_kind;

/// Units of gg_cover_point and of the 3-D inputs: x and y in sixteenths of a cell, z in inches.
#define GG_COVER_SUBDIV 16
/// Largest absolute height (floor, ceiling, box, creature base or height), in inches.
#define GG_COVER_HEIGHT_LIMIT (1 << 20)
/// A ceiling value meaning "open sky".
#define GG_COVER_NO_CEILING INT32_MAX

/// An exact point: x, y in 1/GG_COVER_SUBDIV cell (grid-corner coordinates, so the corner (3,0)
/// is (48, 0)), z in inches above the 0 datum (ignored in 2-D).
/// @since 0.1
typedef struct gg_cover_point {
    int32_t x, y, z_in;
} gg_cover_point;

/// A 3-D solid block: the cells min..max (inclusive) between heights z0_in < z1_in (inches).
/// `cap` is the cover it gives; GG_COVER_TOTAL blocks effect and sight.
/// @since 0.1
typedef struct gg_cover_box {
    gg_cell min, max;
    int32_t z0_in, z1_in;
    gg_cover cap;
} gg_cover_box;

/// Everything a cover query needs besides the scene and the creatures.
/// Make it with gg_cover_def_default(), then set fields. Every field has a working default, so a
/// flat scene needs nothing (the default mode is GG_COVER_MODE_TAGGED).
/// @since 0.1
typedef struct gg_cover_def {
    uint32_t struct_size;   ///< set by gg_cover_def_default(); do not touch
    gg_cover_mode mode;     ///< default GG_COVER_MODE_TAGGED (Nat20)
    gg_cover_choice choice; ///< default GG_COVER_CHOICE_DEGREE
    gg_attack_kind kind;    ///< default GG_ATTACK_RANGED
    /// Most cover other creatures give: GG_COVER_NONE (ignored), HALF (default), THREE_QUARTERS
    /// (DMG-literal line counting). Creatures never give total cover.
    gg_cover creature_cap;
    bool pinch_pass;          ///< corners: lines squeezing between two touching solids pass
                              ///< (Ikosa); default false (a pinch blocks)
    bool exact_corners;       ///< corners_2d: literal lattice corners (compatibility only);
                              ///< default false (corners are inset into their square)
    bool best_cell;           ///< corners_3d: score each target cell apart, keep the best
                              ///< (the DMG's "any one square"); default false (whole target)
    bool low_obstacle_rule;   ///< 3.5-style: half-cover cells are ignored by an attacker
                              ///< closer to them than the target, or > 6 cells from the
                              ///< target; default false
    bool adjust_on_downward;  ///< 3-D melee: lift/lower points on supported downward
                              ///< attacks too (Ikosa code); default true
    int32_t boost_pct;        ///< 3-D low-point boost, % of body height; default 30
    int32_t melee_top_pct;    ///< 3-D same-level melee top point, % of column; default 95
    int32_t melee_bottom_pct; ///< 3-D same-level melee bottom point; default 30
    /// Exact source point, borrowed: an area's point of origin (2-D and 3-D, not inset) or a
    /// fixed 3-D aim point (inset into its cell column). NULL (default): the attacker's corners.
    const gg_cover_point *origin;
    /// 3-D height field, borrowed, width x height values row-major in inches: the ground of
    /// each cell (NULL = 0 everywhere) and its ceiling (NULL or GG_COVER_NO_CEILING = none).
    const int32_t *floor_in;
    const int32_t *ceiling_in;
    int32_t layer_in;          ///< 3-D layer height in inches; 0 (default) = cell size
    const gg_cover_box *boxes; ///< 3-D solid blocks, borrowed; default NULL
    int32_t box_count;         ///< default 0
} gg_cover_def;

/// A def with every default filled in.
/// @thread pure
/// @since 0.1
static inline gg_cover_def gg_cover_def_default(void)
{
    gg_cover_def d;
    d.struct_size = (uint32_t)sizeof d;
    d.mode = GG_COVER_MODE_TAGGED;
    d.choice = GG_COVER_CHOICE_DEGREE;
    d.kind = GG_ATTACK_RANGED;
    d.creature_cap = GG_COVER_HALF;
    d.pinch_pass = false;
    d.exact_corners = false;
    d.best_cell = false;
    d.low_obstacle_rule = false;
    d.adjust_on_downward = true;
    d.boost_pct = 30;
    d.melee_top_pct = 95;
    d.melee_bottom_pct = 30;
    d.origin = NULL;
    d.floor_in = NULL;
    d.ceiling_in = NULL;
    d.layer_in = 0;
    d.boxes = NULL;
    d.box_count = 0;
    return d;
}

/// What blocked a line (the obstacle that decided its cap).
/// @since 0.1
typedef enum gg_cover_by {
    GG_COVER_BY_NOTHING = 0,
    GG_COVER_BY_CELL = 1,     ///< a blocked or cover-tagged cell (gg_cover_line.cell)
    GG_COVER_BY_WALL = 2,     ///< a wall (gg_cover_line.wall)
    GG_COVER_BY_CREATURE = 3, ///< creatures[gg_cover_line.index]
    GG_COVER_BY_BOX = 4,      ///< boxes[gg_cover_line.index]
    GG_COVER_BY_TERRAIN = 5   ///< the ground or ceiling of gg_cover_line.cell (3-D)
} gg_cover_by;

/// Result flags.
/// @since 0.1
typedef enum gg_cover_flag {
    GG_COVER_FLAG_SOFT = 1u << 0,          ///< only creatures obstruct the kept set (obstruction
                                           ///< SLIGHT..HEAVY); never in adjacent melee
    GG_COVER_FLAG_HIGHER_GROUND = 1u << 1, ///< 3-D melee from above
    GG_COVER_FLAG_NO_LINES = 1u << 2,      ///< no target point exists (reported as total)
    GG_COVER_FLAG_VISIBLE = 1u << 3        ///< some line of the witness set is not blocked by
                                           ///< anything that blocks sight (e.g. a window)
} gg_cover_flag;

/// One line of the witness set, for hosts to draw. Endpoints are the exact corner or point
/// before the infinitesimal inset, as doubles for drawing: x, y in cells, z in feet.
/// @since 0.1
typedef struct gg_cover_line {
    double x0, y0, z0, x1, y1, z1;
    gg_cover cap;    ///< the highest level at which the line is blocked (NONE = clear)
    gg_cover_by by;  ///< what decided `cap` (GG_COVER_BY_NOTHING when clear)
    bool pinch;      ///< blocked by squeezing between two obstacles that touch it
    gg_cell cell;    ///< for BY_CELL and BY_TERRAIN
    gg_wall_id wall; ///< for BY_WALL
    int32_t index;   ///< for BY_CREATURE and BY_BOX; -1 otherwise
} gg_cover_line;

/// The answer of gg_scene_cover(), explaining itself.
/// @since 0.1
typedef struct gg_cover_result {
    gg_cover degree;                  ///< the degree of the kept line set (SRD 5.2 "Cover")
    gg_cover_obstruction obstruction; ///< how obstructed the kept line set is
    uint32_t flags;                   ///< gg_cover_flag bits
    int32_t lines;                    ///< lines in the witness set
    int32_t n_half;                   ///< lines blocked at half or more
    int32_t n_three_quarters;         ///< lines blocked at three-quarters or more
    int32_t n_total;                  ///< lines blocked at total
    gg_cell source_cell;              ///< the attacker cell the chosen source belongs to
    int32_t source_corner;            ///< 2-D: 0 TL, 1 TR, 2 BL, 3 BR; 3-D: 0..7 as (z,y,x) bits;
                                      ///< -1 for an origin point or the tagged mode
    gg_cover_point source;            ///< the chosen source point (before the inset; z in inches)
    gg_cell target_cell; ///< the target cell scored (2-D, 3-D best_cell), else the anchor
} gg_cover_result;

/// Cover of `target` against `attacker` under `def`, measured (docs/cover.md); an edition's
/// bonus is gg_rules_cover_score()'s. `creatures` are the other creatures that may give cover
/// (entries overlapping the attacker or target are ignored). Each body's cell and size are read,
/// and in 3-D its base_in, height_in and supported; side and conditions are not. Writes up to
/// `line_capacity` lines of the witness set to `out_lines` (may be NULL when 0) and their
/// full count to *out_line_count (may be NULL).
/// - TAGGED: gg_scene_cover_between() from the attacker's anchor to the target's, with the
///   creatures' footprint cells as `occupied` (byte-identical with creature_cap HALF).
/// - CORNERS_2D: every attacker corner (or the origin) to the 4 inset corners of each target
///   cell; the best (corner, cell) by def->choice wins: 1-2 blocked lines half, 3-4
///   three-quarters, 4 blocked by effect-blocking obstacles total. Tangency never blocks; a
///   pinch does.
/// - CORNERS_3D: Ikosa point sets (face culling 4/6/7, melee adjustment, downward exclusion,
///   low-point boost with omission), scored > N/2 for three-quarters.
/// Obstacles: blocked cells (total), cover-tagged cells (their tag; total blocks effect),
/// walls blocking movement or sight (total), walls with a cover value (that value; a window,
/// GG_COVER_TOTAL, blocks effect but not sight), creatures (creature_cap), and in 3-D the
/// height field and boxes. Cells of the attacker and target never count. Exact arithmetic;
/// walls are found through the scene's wall index. Allocates nothing. Stack: under 16 KiB in
/// every mode and option at the largest sizes (about 11.5 KiB by gcc -fstack-usage), so a
/// query runs on a small job-thread stack (64 KiB is tested).
/// @return GG_OK; GG_PARTIAL (line_capacity > 0 cut the lines; the result is complete;
///         a capacity of 0 asks for no lines and gives GG_OK);
///         GG_E_BAD_DEF if `def` was not made by gg_cover_def_default(); GG_E_INVALID_ARG for
///         NULL scene/attacker/target/def/out, negative counts, NULL arrays with counts > 0,
///         enum values out of range, a size outside gg_size, percentages outside
///         0..100, heights beyond GG_COVER_HEIGHT_LIMIT (of the height field: those in the
///         cells the query reads), an empty box, AREA without origin;
///         GG_E_OUT_OF_BOUNDS when an attacker or target cell is off the map (*out = none);
///         GG_E_TOO_LARGE when a line touches more obstacles than the query can hold.
///         On failure *out is zeroed with degree GG_COVER_NONE.
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_scene_cover(const gg_scene *scene, const gg_body *attacker,
                                             const gg_body *target, const gg_body *creatures,
                                             int32_t creature_count, const gg_cover_def *def,
                                             gg_cover_result *out, gg_cover_line *out_lines,
                                             int32_t line_capacity, int32_t *out_line_count);

/* ==== end section: cover models ==== */

/* =============================================================================================
 * Readers for exporters: what the writers set, read back (the io layer's export uses only these
 * and the functions above)
 * ============================================================================================= */

/// The values of one tag on `count` cells of one row, from `start` eastwards, exactly as the
/// writers set them, in gg_scene_set_cells()'s terms: 0/1 for GG_TAG_BLOCKED and
/// GG_TAG_DIFFICULT; the gg_cover, gg_light or gg_obscurement value for the others. Unlike
/// gg_scene_cover_on_cell() and gg_scene_light_on_cell() it does not interpret: a blocked cell
/// keeps its own cover tag, and an untagged cell's lighting is GG_LIGHT_DEFAULT (0), not the
/// scene default or the light of sources. A row at a time so an exporter reads a 4096 x 4096
/// scene in milliseconds; `count` 1 reads one cell.
/// @return GG_OK; GG_E_INVALID_ARG for NULL, an unknown tag or count < 0; GG_E_OUT_OF_BOUNDS
///         when a cell of the span is off the map (nothing written).
/// @thread reader
/// @since 0.2
GG_API GG_NODISCARD gg_status gg_scene_cell_tags(const gg_scene *scene, gg_cell_tag tag,
                                                 gg_cell start, int32_t count, int32_t *out_values);

/// The light of untagged cells: the def's default_lighting. GG_LIGHT_DEFAULT for NULL.
/// @thread reader
/// @since 0.2
GG_API gg_light gg_scene_default_lighting(const gg_scene *scene);

/// Lists the live walls in id order: their ids (`out_ids`, may be NULL) and definitions
/// (`out_defs`, may be NULL, as the gg_scene_get_wall() symbol gives them: the 0.2 layout, 56
/// bytes apart), at most `capacity` of each. The symbol 0.2-built hosts call; a build against
/// this header calls gg_scene_list_walls_sized() through the gg_scene_list_walls() macro below.
/// @return GG_OK; GG_PARTIAL when `capacity` cut the list (*out_count = the full count);
///         GG_E_INVALID_ARG for NULL scene or out_count, or a negative capacity.
/// @thread reader
/// @since 0.2
GG_API GG_NODISCARD gg_status gg_scene_list_walls(const gg_scene *scene, gg_wall_id *out_ids,
                                                  gg_wall_def *out_defs, int32_t capacity,
                                                  int32_t *out_count);

/// gg_scene_list_walls() with definitions of `def_size` bytes each, `def_size` apart (the
/// array's stride): one of the sizes gg_scene_get_wall_sized() accepts, checked even when
/// `out_defs` is NULL. Each element is written as gg_scene_get_wall_sized() writes it.
/// @return as gg_scene_list_walls(); GG_E_BAD_DEF for an unknown `def_size` (nothing written,
///         *out_count 0).
/// @thread reader
/// @since 0.3
GG_API GG_NODISCARD gg_status gg_scene_list_walls_sized(const gg_scene *scene, gg_wall_id *out_ids,
                                                        gg_wall_def *out_defs, size_t def_size,
                                                        int32_t capacity, int32_t *out_count);

/// What a build against this header calls: gg_scene_list_walls_sized() with this header's
/// sizeof(gg_wall_def) as the stride (each argument evaluated once; `out_defs` may be NULL).
/// @since 0.3
#define gg_scene_list_walls(scene, out_ids, out_defs, capacity, out_count)                         \
    gg_scene_list_walls_sized((scene), (out_ids), (out_defs), sizeof(gg_wall_def), (capacity),     \
                              (out_count))

/// A copy of the allocator the scene was made with (malloc/free when its def had NULL), for code
/// that works on the scene's behalf and should allocate where the host said (the io exporter).
/// @return GG_OK; GG_E_INVALID_ARG for NULL.
/// @thread reader
/// @since 0.2
GG_API GG_NODISCARD gg_status gg_scene_allocator(const gg_scene *scene,
                                                 gg_allocator *out_allocator);

/* =============================================================================================
 * Visibility polygons (docs/vision.md, "The visibility polygon")
 *
 * The exact region a point sees among the walls, as a polygon a host draws: the walls that block
 * sight (or light), doors, one-way walls, LIMITED walls (one passes, two stop), PROXIMITY walls
 * (judged from the viewer) and walls containing the viewer (no part), by the point rule of
 * GG_WALL_RULE_POINT whatever the scene's rule. Blocked cells are not walls and cast no shadow
 * here. The region is bounded by the map and, optionally, a radius.
 * ============================================================================================= */

/// A visibility (or light) polygon's viewer and options. Make it with gg_polygon_def_default().
/// @since 0.3
typedef struct gg_polygon_def {
    uint32_t struct_size; ///< set by gg_polygon_def_default(); do not touch
    double x;             ///< viewer, grid-corner coordinates (cells); a multiple of
                          ///< 1/GG_WALL_UNITS_PER_CELL in [0, width]; default 0.5 (a centre)
    double y;             ///< likewise in [0, height]; default 0.5
    int32_t range_ft;     ///< Euclidean radius in feet (cell_size_ft per cell), >= 0;
                          ///< default GG_RANGE_UNLIMITED (the map bounds the polygon)
    uint32_t blocks;      ///< GG_BLOCKS_SIGHT (default) or GG_BLOCKS_LIGHT: which walls stop it
    double arc_error;     ///< chord rule: arcs of the radius are drawn as chords with their
                          ///< ends on the circle, each deviating at most this many cells from
                          ///< it; > 0, default 1/256
    double eye_ft;        ///< eye elevation (feet; a multiple of 1/16 within
                          ///< GG_WALL_HEIGHT_LIMIT_FT): a wall with heights takes part iff
                          ///< bottom_ft <= eye_ft <= top_ft; default 0
} gg_polygon_def;

/// A viewer at the centre of cell (0,0) seeing as far as the map, stopped by walls that block
/// sight, at eye elevation 0, with arcs within 1/256 cell.
/// @thread pure
/// @since 0.3
static inline gg_polygon_def gg_polygon_def_default(void)
{
    gg_polygon_def d;
    d.struct_size = (uint32_t)sizeof d;
    d.x = 0.5;
    d.y = 0.5;
    d.range_ft = GG_RANGE_UNLIMITED;
    d.blocks = (uint32_t)GG_BLOCKS_SIGHT;
    d.arc_error = 1.0 / 256.0;
    d.eye_ft = 0.0;
    return d;
}

/// Bytes of working memory gg_scene_visibility_polygon() needs on this scene, for any viewer
/// (about 200 bytes per wall slot and 48 per triangle of the walls' mesh; ask again after
/// adding walls). The memory is the caller's, aligned to 16, and need not be initialised (a
/// call clears what it uses, one bit per wall slot when it sweeps, and trusts nothing else left
/// in it): one buffer per thread.
/// @return GG_OK; GG_E_INVALID_ARG for NULL.
/// @thread reader
/// @since 0.3
GG_API GG_NODISCARD gg_status gg_scene_polygon_work_bytes(const gg_scene *scene, size_t *out_bytes);

/// The visibility polygon of the viewer in `def` (docs/vision.md): the closure of the interior
/// of the points P of the map (and of the closed disc of range_ft) that the point rule says
/// the viewer sees, as `*out_count` vertices (x, y) in `out_xy[2*i]`, `out_xy[2*i+1]` (cells).
/// Vertices go counter-clockwise in the mathematical sense (x east, y south: the shoelace area
/// is positive; clockwise on a screen), with no repeated vertex and no vertex between its two
/// neighbours on one line, starting at the vertex of smallest x (of those, smallest y), chosen
/// from the output vertices alone: the same cycle of vertices always comes out with the same
/// first vertex. (The vertices themselves may differ in their last bits between scenes that
/// see the same region, e.g. with other hidden walls, and the choice is made on those rounded
/// values.) Each vertex is an exact rational computed with one rounding step: within
/// 2^-40 * (width + height) cells of its exact value. With a radius, arcs are chords
/// whose ends lie on the circle (def->arc_error). Cost: the triangles of the walls' mesh the
/// view crosses (an exact triangular expansion from the viewer), not the map; where the scene
/// has no usable mesh (walls added one by one wait for its rebuild once there are more than 64,
/// or they span more than about 150 cells), or the expansion passes its work bound, sorting the
/// walls near the viewer and an exact angular sweep over them.
/// @param work       gg_scene_polygon_work_bytes() bytes, aligned to 16 (the caller's; one per
///                   thread).
/// @param out_xy     2 * capacity doubles; may be NULL with capacity 0 to ask for the count.
/// @return GG_OK; GG_E_BUFFER_TOO_SMALL (nothing useful written, *out_count = vertices needed,
///         or 0 when `work` is too small); GG_E_BAD_DEF; GG_E_INVALID_ARG for NULL, an
///         off-lattice or off-map viewer, range_ft < 0, arc_error <= 0 or NaN, eye_ft off its
///         lattice, blocks other than SIGHT or LIGHT; GG_E_TOO_LARGE when a wall near the
///         viewer lies 2^18 cells away.
/// @thread reader
/// @since 0.3
GG_API GG_NODISCARD gg_status gg_scene_visibility_polygon(const gg_scene *scene, void *work,
                                                          size_t work_bytes,
                                                          const gg_polygon_def *def, double *out_xy,
                                                          int32_t capacity, int32_t *out_count);

/// Rasterises a visibility polygon to cells by the point rule: the bit of cell (c, r) is set iff
/// its centre P is visible from def's viewer by the point rule of docs/vision.md (P in the map
/// and within the radius, no wall that takes part meeting the segment from the viewer to P open
/// at P; a line touching only the end of an open door or window passes, as in line of sight).
/// `xy`, `count` must be the polygon gg_scene_visibility_polygon() gave for `def`: a centre
/// farther than 1e-9 cell from its boundary is inside or outside by the polygon (the two agree
/// there), and a centre nearer is decided by the exact segment test. So on a GG_WALL_RULE_POINT
/// scene without blocked cells, for a viewer at a cell centre, the cells set are exactly those
/// with gg_scene_has_line_of_sight() from it whose centre lies within the radius.
/// Bits as gg_scene_visible_cells(); `mode` GG_BITSET_REPLACE or GG_BITSET_UNION.
/// Cost: a scanline fill, the polygon's rows x the edges crossing each (sorted) plus the cells
/// set, and one exact segment test per centre near the boundary. A viewer whose sight lines
/// may pass the end of a door, window, curtain or proximity wall also tests, exactly, the
/// centres on the rays through those ends anywhere on the map (within the radius's box): one
/// centre at most per row and ray. Allocates nothing (about 14 KiB of stack); a row with more
/// than 256 crossings is decided centre by centre, and with more than 256 such ends, or a viewer
/// on one, every centre of the map (of the radius's box) gets the exact test.
/// @param out_count optional: the cells set by this polygon.
/// @return GG_OK; GG_E_BUFFER_TOO_SMALL when words < gg_scene_bitset_words();
///         GG_E_INVALID_ARG for NULL, count < 0 or another mode; as
///         gg_scene_visibility_polygon() for a bad def.
/// @thread reader
/// @since 0.3
GG_API GG_NODISCARD gg_status gg_scene_polygon_cells(const gg_scene *scene, const double *xy,
                                                     int32_t count, const gg_polygon_def *def,
                                                     gg_bitset_mode mode, uint64_t *bits,
                                                     size_t words, int32_t *out_count);

/// The light polygon of a light source (docs/vision.md, "Light polygons"): the visibility
/// polygon of gg_scene_visibility_polygon() from the centre of the light's cell among the walls
/// that block light (blocks = GG_BLOCKS_LIGHT, eye 0, arcs within 1/256 cell), within its
/// radius, cut to its cone. `which` = GG_LIGHT_BRIGHT: radius bright_ft (the bright region);
/// GG_LIGHT_DIM: radius max(bright_ft, dim_ft) (all that the light reaches; the dim ring is the
/// difference). A cone is the closed wedge of angle_deg about rotation_deg with its apex at the
/// light's centre: the polygon then starts at that centre (at exactly 180 degrees the centre
/// lies on a straight edge and is no vertex). Vertex order, uniqueness and error
/// bound as gg_scene_visibility_polygon(); edges along the cone's sides are cut in doubles.
/// @param work     gg_scene_polygon_work_bytes() bytes, aligned to 16 (one per thread).
/// @param out_xy   2 * capacity doubles; may be NULL with capacity 0 to ask for the count. A
///                 cone needs room for 3 vertices more than the uncut polygon while it is cut.
/// @return GG_OK; GG_E_BUFFER_TOO_SMALL (*out_count = vertices needed: for a cone an upper
///         bound, the uncut count + 3; 0 when `work` is too small); GG_E_STALE_ID;
///         GG_E_INVALID_ARG for NULL or `which` other than BRIGHT or DIM; as
///         gg_scene_visibility_polygon() otherwise.
/// @thread reader
/// @since 0.3
GG_API GG_NODISCARD gg_status gg_scene_light_polygon(const gg_scene *scene, void *work,
                                                     size_t work_bytes, gg_light_id id,
                                                     gg_light which, double *out_xy,
                                                     int32_t capacity, int32_t *out_count);

/// Rasterises a light polygon from gg_scene_light_polygon() (`xy`, `count` for the same light and
/// `which`) as gg_scene_polygon_cells() does, keeping only the cells whose centre lies in the
/// light's closed cone by the exact per-cell test of the lighting queries. Where the rules
/// coincide these are the cells the light lights (gg_scene_source_light_on_cell()): on a
/// GG_WALL_RULE_POINT scene without blocked cells, a cell is set iff the light lights it and
/// its centre lies in the Euclidean disc of the radius. (Lighting measures radii by grid
/// distance, uses Nat20's walk on GG_WALL_RULE_NAT20 scenes, and lets blocked cells stop light;
/// polygons do neither.)
/// @return GG_OK; GG_E_STALE_ID; as gg_scene_polygon_cells() and gg_scene_light_polygon().
/// @thread reader
/// @since 0.3
GG_API GG_NODISCARD gg_status gg_scene_light_polygon_cells(const gg_scene *scene, gg_light_id id,
                                                           const double *xy, int32_t count,
                                                           gg_light which, gg_bitset_mode mode,
                                                           uint64_t *bits, size_t words,
                                                           int32_t *out_count);

#ifdef __cplusplus
}
#endif

#endif /* GRIDGEOM_TOPOLOGY_H */
