/* hex.h - hex boards: axial coordinates, lines, rings, terrain sight and movement on hexes.
 * Layer: hex (beside topology; uses base and core only). See docs/hex.md for pictures and rules. */
#ifndef GRIDGEOM_HEX_H
#define GRIDGEOM_HEX_H

#include "gridgeom/base.h"
#include "gridgeom/core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Coordinates ------------------------------------------------------------------------------ */

/// An axial hex coordinate, pointy-top. The cube coordinate s = -q - r is implicit. On screen
/// q grows east and r grows south-east (world +X and +Z in declarative-hex-worlds terms).
/// @since 0.1
typedef struct gg_hex {
    int32_t q;
    int32_t r;
} gg_hex;

/// Builds a hex value.
/// @thread pure
/// @since 0.1
static inline gg_hex gg_hex_make(int32_t q, int32_t r)
{
    gg_hex h;
    h.q = q;
    h.r = r;
    return h;
}

/// True when both coordinates are equal.
/// @thread pure
/// @since 0.1
static inline bool gg_hex_eq(gg_hex a, gg_hex b) { return a.q == b.q && a.r == b.r; }

/// Converts double coordinates (for hosts and bindings that carry numbers as doubles) to a hex.
/// @return GG_OK; GG_E_INVALID_ARG when a value is NaN, infinite or not an integer (`*out` is
///         (0,0)); GG_E_TOO_LARGE when a value does not fit int32_t; GG_E_INVALID_ARG for NULL out.
/// @thread pure
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_hex_from_doubles(double q, double r, gg_hex *out);

/// Hex distance in steps, (|dq| + |dr| + |dq + dr|) / 2, computed in 64-bit integers: exact and
/// free of overflow for every pair of int32 coordinates (e.g. 4294967295 for (2^31-1, -2^31) to
/// (-2^31, 2^31-1)).
/// @thread pure
/// @since 0.1
GG_API int64_t gg_hex_distance(gg_hex a, gg_hex b);

/// The edge directions 0..5 in the reference's neighbour order: E (1,0), SE (0,1), SW (-1,1),
/// W (-1,0), NW (0,-1), NE (1,-1). Clockwise on screen with +r toward the bottom.
/// @since 0.1
typedef enum gg_hex_edge {
    GG_HEX_EDGE_E = 0,
    GG_HEX_EDGE_SE = 1,
    GG_HEX_EDGE_SW = 2,
    GG_HEX_EDGE_W = 3,
    GG_HEX_EDGE_NW = 4,
    GG_HEX_EDGE_NE = 5
} gg_hex_edge;

/// The unit offset of edge `edge`, normalised modulo 6 like the reference (any int32, negative
/// included: -1 is edge 5).
/// @thread pure
/// @since 0.1
GG_API gg_hex gg_hex_direction(int32_t edge);

/// The neighbour of `h` across edge `edge` (normalised modulo 6).
/// @return GG_OK; GG_E_TOO_LARGE when the neighbour does not fit int32_t (`*out` is `h`);
///         GG_E_INVALID_ARG for NULL out.
/// @thread pure
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_hex_neighbor(gg_hex h, int32_t edge, gg_hex *out);

/// Writes the six neighbours of `h` in edge order 0..5 into out[0..5].
/// @return GG_OK; GG_E_TOO_LARGE when one does not fit int32_t (nothing written);
///         GG_E_INVALID_ARG for NULL out.
/// @thread pure
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_hex_neighbors(gg_hex h, gg_hex out[6]);

/// The edge of `a` that `b` lies across (0..5), or -1 when the cells are not adjacent.
/// @thread pure
/// @since 0.1
GG_API int32_t gg_hex_edge_between(gg_hex a, gg_hex b);

/// The opposite edge, (edge + 3) mod 6, after normalising `edge` modulo 6.
/// @thread pure
/// @since 0.1
GG_API int32_t gg_hex_opposite_edge(int32_t edge);

/// Rounds a fractional axial position to the hex containing it, bit-exact with the reference:
/// each cube component is rounded half toward +infinity (ECMAScript Math.round), then the
/// component with the strictly largest error is recomputed (q first, then r if dr > ds, else s).
/// @return GG_OK; GG_E_INVALID_ARG for NaN/infinite input or NULL out; GG_E_TOO_LARGE when the
///         hex does not fit int32_t.
/// @thread pure
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_hex_round(double q, double r, gg_hex *out);

/* ---- Lines -------------------------------------------------------------------------------------- */

/// An allocation-free walk over the reference hex line. Treat the fields as private.
/// @since 0.1
typedef struct gg_hex_line_iter {
    double aq, ar, dq, dr;
    int64_t n, i;
} gg_hex_line_iter;

/// Starts the reference line from `a` to `b`: n = distance + 1 cells, both endpoints included,
/// sample i at t = i/n computed as a double, q = a.q + (b.q - a.q) * t (two roundings, no fused
/// multiply-add), then gg_hex_round(). Not reversal-symmetric and not translation-invariant
/// (docs/hex.md explains why and shows an example).
/// @thread pure
/// @since 0.1
GG_API gg_hex_line_iter gg_hex_line_begin(gg_hex a, gg_hex b);

/// Writes the next cell of the walk to `*out` and returns true; false when complete.
/// @thread pure
/// @since 0.1
GG_API bool gg_hex_line_next(gg_hex_line_iter *it, gg_hex *out);

/// Writes the reference line from `a` to `b` (distance + 1 cells, see gg_hex_line_begin()).
/// @return GG_OK; GG_PARTIAL when `capacity` cut the list (*out_count = full count);
///         GG_E_TOO_LARGE when the line has more than INT32_MAX cells; GG_E_INVALID_ARG for
///         NULL out_count, negative capacity, or NULL out with capacity > 0.
/// @thread pure
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_hex_line(gg_hex a, gg_hex b, gg_hex *out, int32_t capacity,
                                          int32_t *out_count);

/// Largest absolute cube coordinate (|q|, |r|, |q + r|) the exact supercover accepts: 2^28.
#define GG_HEX_SUPERCOVER_LIMIT (1 << 28)

/// Writes the supercover of the segment between the centres of `a` and `b`: every hex whose
/// closed area the segment touches. Edge rule: boundaries count, so a segment running along an
/// edge takes the hexes on both sides, and one passing through a corner takes all three hexes
/// that meet there. The test is exact (integer arithmetic). Cells are ordered by the segment
/// parameter where the segment enters them, then where it leaves, then q, then r; `a` comes
/// first and `b` last. The supercover always contains every cell of gg_hex_line(a, b).
/// All-or-nothing: when `capacity` is too small nothing is written, *out_count is the exact
/// count and the status is GG_E_BUFFER_TOO_SMALL (out may be NULL to ask for the count).
/// @return GG_OK; GG_E_BUFFER_TOO_SMALL; GG_E_TOO_LARGE when a cube coordinate exceeds
///         GG_HEX_SUPERCOVER_LIMIT or the count exceeds INT32_MAX; GG_E_INVALID_ARG for NULL
///         out_count or negative capacity.
/// @thread pure
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_hex_supercover(gg_hex a, gg_hex b, gg_hex *out, int32_t capacity,
                                                int32_t *out_count);

/* ---- Rings, ranges, spirals --------------------------------------------------------------------- */

/// The ring of cells at exactly `radius` steps, in the reference order: start at
/// center + radius * (0,-1) (NW), then for edges 0..5 take `radius` steps each, emitting each
/// cell before stepping. Radius 0 gives the centre alone. 6 * radius cells otherwise.
/// Callers porting reference code that passes fractional or negative radii normalise with
/// max(0, floor(radius)) first.
/// @return GG_OK; GG_PARTIAL when `capacity` cut the list (*out_count = full count);
///         GG_E_INVALID_ARG for negative radius, NULL out_count, negative capacity, or NULL out
///         with capacity > 0; GG_E_TOO_LARGE when a cell or the count does not fit int32_t.
/// @thread pure
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_hex_ring(gg_hex center, int32_t radius, gg_hex *out,
                                          int32_t capacity, int32_t *out_count);

/// Every cell within `radius` steps, q-major like the reference: for q = -k..k, r from
/// max(-k, -q-k) to min(k, -q+k). 3k(k+1)+1 cells.
/// @return as gg_hex_ring().
/// @thread pure
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_hex_range(gg_hex center, int32_t radius, gg_hex *out,
                                           int32_t capacity, int32_t *out_count);

/// Every cell within `radius` steps, by distance: the centre, then gg_hex_ring() 1, 2, ...
/// (each ring starting at its NW corner). Note: this differs from the honeycomb-grid spiral,
/// which starts each ring at (1,-k). 3k(k+1)+1 cells.
/// @return as gg_hex_ring().
/// @thread pure
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_hex_spiral(gg_hex center, int32_t radius, gg_hex *out,
                                            int32_t capacity, int32_t *out_count);

/* ---- Pixel / world positions ------------------------------------------------------------------ */

/// A pointy-top layout. `size` is the centre-to-corner distance (circumradius) in the caller's
/// unit; a hex is sqrt(3)*size wide (flat to flat) and 2*size tall (point to point); rows are
/// 1.5*size apart. The reference's default geometry (width 2, depth 2.3094) is size = 2/sqrt(3).
/// Hex (0,0) is centred on `origin`. y grows downward on screen (world +Z in the reference).
/// @since 0.1
typedef struct gg_hex_layout {
    double size;
    double origin_x;
    double origin_y;
} gg_hex_layout;

/// Builds a layout.
/// @thread pure
/// @since 0.1
static inline gg_hex_layout gg_hex_layout_make(double size, double origin_x, double origin_y)
{
    gg_hex_layout l;
    l.size = size;
    l.origin_x = origin_x;
    l.origin_y = origin_y;
    return l;
}

/// The centre of `h`: x = origin_x + size*sqrt(3)*(q + r/2), y = origin_y + size*1.5*r.
/// @return GG_OK; GG_E_INVALID_ARG for NULL pointers, size not finite and > 0, or a non-finite
///         origin.
/// @thread pure
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_hex_to_pixel(const gg_hex_layout *layout, gg_hex h, double *out_x,
                                              double *out_y);

/// The hex containing the point (x, y): the inverse of gg_hex_to_pixel() followed by
/// gg_hex_round(), so points on a shared edge or corner resolve by the reference's tie rule.
/// @return GG_OK; GG_E_INVALID_ARG for NULL pointers, a bad layout, or non-finite x/y;
///         GG_E_TOO_LARGE when the hex does not fit int32_t.
/// @thread pure
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_hex_from_pixel(const gg_hex_layout *layout, double x, double y,
                                                gg_hex *out);

/* ---- Boards ----------------------------------------------------------------------------------- */

/// The per-tile data of a hex board. Heights share one caller-chosen unit (the reference uses
/// elevation steps of 1).
/// @since 0.1
typedef struct gg_hex_tile {
    double ground;      /* ground height; any finite value (negative ground is a valley) */
    double obstruction; /* woods, buildings, cover standing on the ground; finite, >= 0 */
    double density;     /* opacity this obstruction adds per traced hex in partial-opacity sight;
                           finite, >= 0; 1 = as opaque as the default threshold */
    double move_cost;   /* movement cost to enter this tile; finite, >= 0 */
    bool blocks_move;   /* impassable terrain or an occupant: never entered (see move defs) */
} gg_hex_tile;

/// Flat open ground: ground 0, obstruction 0, density 1, move_cost 1, not blocking.
/// @thread pure
/// @since 0.1
static inline gg_hex_tile gg_hex_tile_default(void)
{
    gg_hex_tile t;
    t.ground = 0.0;
    t.obstruction = 0.0;
    t.density = 1.0;
    t.move_cost = 1.0;
    t.blocks_move = false;
    return t;
}

/// A board of tiles present or missing, stored densely over an axial parallelogram
/// q in [origin.q, origin.q + q_count), r in [origin.r, origin.r + r_count). Cells outside it
/// are missing. Opaque: create with gg_hex_board_create().
/// @since 0.1
typedef struct gg_hex_board gg_hex_board;

/// Largest q_count * r_count a board may have.
#define GG_HEX_BOARD_MAX_TILES (1 << 24)

/// Board definition.
/// @since 0.1
typedef struct gg_hex_board_def {
    uint32_t struct_size;          /* stamped by gg_hex_board_def_default(); do not set */
    gg_hex origin;                 /* smallest q and r of the storage parallelogram */
    int32_t q_count, r_count;      /* storage extent in cells, each >= 1 */
    const gg_allocator *allocator; /* NULL: libc malloc/free */
} gg_hex_board_def;

/// Defaults: origin (0,0), extent 0 x 0 (create rejects it; set the extent).
/// @thread pure
/// @since 0.1
static inline gg_hex_board_def gg_hex_board_def_default(void)
{
    gg_hex_board_def d;
    d.struct_size = (uint32_t)sizeof d;
    d.origin.q = 0;
    d.origin.r = 0;
    d.q_count = 0;
    d.r_count = 0;
    d.allocator = NULL;
    return d;
}

/// Creates an empty board (every tile missing). Allocates through def->allocator.
/// @return GG_OK; GG_E_BAD_DEF for a def not from gg_hex_board_def_default();
///         GG_E_INVALID_ARG for NULL pointers, counts < 1, an extent whose last cell does not fit
///         int32_t, or an incomplete allocator; GG_E_TOO_LARGE when q_count * r_count exceeds
///         GG_HEX_BOARD_MAX_TILES; GG_E_NO_MEMORY. On failure *out_board is NULL.
/// @thread owner
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_hex_board_create(const gg_hex_board_def *def,
                                                  gg_hex_board **out_board);

/// Frees the board. NULL is a no-op.
/// @thread owner
/// @since 0.1
GG_API void gg_hex_board_destroy(gg_hex_board *board);

/// Makes `h` present with the values in `*tile` (copied).
/// @return GG_OK; GG_E_OUT_OF_BOUNDS when `h` is outside the storage parallelogram;
///         GG_E_INVALID_ARG for NULL pointers or a tile value outside its documented domain.
/// @thread writer
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_hex_board_set_tile(gg_hex_board *board, gg_hex h,
                                                    const gg_hex_tile *tile);

/// Makes `h` missing.
/// @return GG_OK; GG_E_OUT_OF_BOUNDS when `h` is outside the storage; GG_E_INVALID_ARG for NULL.
/// @thread writer
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_hex_board_remove_tile(gg_hex_board *board, gg_hex h);

/// Copies tile `h` into `*out` and returns true when it is present; returns false (and leaves
/// `*out` untouched) when it is missing, off the storage, or a pointer is NULL.
/// @thread reader
/// @since 0.1
GG_API bool gg_hex_board_tile(const gg_hex_board *board, gg_hex h, gg_hex_tile *out);

/* ---- Terrain sight ---------------------------------------------------------------------------- */

/* gg_sight_def, gg_sight_trace, gg_sight_reason and gg_sight_fault are in core.h: the square
 * terrain sight of terrain.h (layer topology) shares them. */

/// The answer of a hex sight query.
/// @since 0.1
typedef struct gg_hex_sight_result {
    bool visible;
    gg_sight_reason reason;
    gg_sight_fault fault;  /* set when the call returned GG_E_INVALID_ARG */
    int64_t distance;      /* hex distance from -> to (0 when validation failed) */
    bool has_blocker;      /* true for MISSING_TILE and OCCLUDED */
    gg_hex blocker;        /* the first failing cell (an endpoint for a missing endpoint) */
    int32_t blocker_index; /* its index in the trace, or -1 */
    double opacity;        /* partial opacity accumulated up to the answer (0 in plain mode) */
} gg_hex_sight_result;

/// Samples one tile for gg_hex_sight(): returns true and fills `*out` (ground, obstruction,
/// density; other fields ignored) when `h` is present, false when it is missing. Called lazily,
/// only for cells the algorithm reaches, on every query.
/// @since 0.1
typedef bool (*gg_hex_tile_fn)(void *user, gg_hex h, gg_hex_tile *out);

/// Terrain line of sight from `from` to `to` (the declarative-hex-worlds traceGameboardSight
/// model, docs/hex.md). In order:
/// 1. validation: def, then max_range >= 0, eye_height, target_height (finite, >= 0), then
///    opacity_threshold - failure returns GG_E_INVALID_ARG with out->fault naming the input;
/// 2. range gate: d = gg_hex_distance(from, to) > max_range gives reason RANGE, nothing traced
///    (*out_count = 0) and no tile looked up;
/// 3. trace: the reference hex line (centre) or gg_hex_supercover() is written to `traced`;
/// 4. endpoints: `from`, then `to`, missing gives MISSING_TILE with that endpoint as blocker;
///    eyeZ = ground(from) + eye_height, targetZ = ground(to) + target_height; endpoint
///    obstruction and density are never used;
/// 5. walk: each intermediate cell in trace order: missing gives MISSING_TILE; otherwise
///    top = ground + obstruction blocks when top >= lineZ (equal-height grazing blocks), where
///    lineZ = eyeZ + (targetZ - eyeZ) * (i / d) for centre cell i. In supercover mode lineZ is
///    the lower of the line's heights where it enters and leaves the cell (the segment parameter
///    replaces i/d). The first failing cell wins and later cells are not sampled.
/// Partial opacity (opacity_threshold > 0): a cell whose ground reaches the line still blocks;
/// a cell whose obstruction (but not ground) reaches it adds its density to a running sum, and
/// the cell that brings the sum to >= opacity_threshold is the blocker. opacity_threshold 0 is
/// exactly the plain model, and so is any threshold <= every density.
/// Adjacent and same-cell endpoints are clear when present and in range. Sight is not symmetric.
/// `traced` receives the whole trace, never cut at the blocker (centre: d + 1 cells). Centre
/// mode: a short `traced` (NULL with capacity 0 is fine) gives GG_PARTIAL, *out_count = full
/// count, and the same answer. Supercover mode needs the whole trace: a short buffer gives
/// GG_E_BUFFER_TOO_SMALL with *out_count = the count needed (no answer).
/// Sampled values are checked when read: a non-finite ground, or obstruction/density NaN,
/// infinite or < 0 gives GG_E_INVALID_ARG with fault GROUND, OBSTRUCTION or DENSITY.
/// Allocates nothing.
/// @return GG_OK; GG_PARTIAL; GG_E_INVALID_ARG (see out->fault; NULL out gives it without
///         writing); GG_E_BUFFER_TOO_SMALL; GG_E_TOO_LARGE when an in-range trace has more than
///         INT32_MAX - 1 steps or a supercover endpoint exceeds GG_HEX_SUPERCOVER_LIMIT.
/// @thread pure (the callback decides; the library keeps no state)
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_hex_sight(gg_hex_tile_fn tile, void *user, gg_hex from, gg_hex to,
                                           const gg_sight_def *def, gg_hex *traced,
                                           int32_t capacity, int32_t *out_count,
                                           gg_hex_sight_result *out);

/// gg_hex_sight() over a board's tiles. Board tiles were validated when set, so the GROUND,
/// OBSTRUCTION and DENSITY faults cannot occur.
/// @return as gg_hex_sight(); GG_E_INVALID_ARG (fault ARGUMENT) for a NULL board.
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_hex_board_sight(const gg_hex_board *board, gg_hex from, gg_hex to,
                                                 const gg_sight_def *def, gg_hex *traced,
                                                 int32_t capacity, int32_t *out_count,
                                                 gg_hex_sight_result *out);

/* ---- Movement --------------------------------------------------------------------------------- */

/// Movement rules. A step from tile A to adjacent tile B is allowed when B is present,
/// |B.ground - A.ground| <= max_step and B does not block (see allow_goal_blocked); it costs
/// B.move_cost + climb_cost * max(0, B.ground - A.ground) (descending is free).
/// @since 0.1
typedef struct gg_hex_move_def {
    uint32_t struct_size;     /* stamped by gg_hex_move_def_default(); do not set */
    double max_step;          /* largest ground change per step; finite, >= 0 */
    double climb_cost;        /* extra cost per unit climbed; finite, >= 0 */
    bool allow_start_blocked; /* a path may start on a blocking tile */
    bool allow_goal_blocked;  /* a path may end on a blocking tile (still subject to max_step) */
} gg_hex_move_def;

/// Defaults of the reference profile: max_step 1, climb_cost 1, start may be blocked, goal may
/// not.
/// @thread pure
/// @since 0.1
static inline gg_hex_move_def gg_hex_move_def_default(void)
{
    gg_hex_move_def d;
    d.struct_size = (uint32_t)sizeof d;
    d.max_step = 1.0;
    d.climb_cost = 1.0;
    d.allow_start_blocked = true;
    d.allow_goal_blocked = false;
    return d;
}

/// Per-thread working memory for movement queries on one board (frontier, costs, parents).
/// @since 0.1
typedef struct gg_hex_scratch gg_hex_scratch;

/// Creates scratch sized for `board` (about 45 bytes per tile), in one block from the board's
/// allocator.
/// @return GG_OK; GG_E_INVALID_ARG for NULL pointers; GG_E_NO_MEMORY. *out is NULL on failure.
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_hex_scratch_create(const gg_hex_board *board,
                                                    gg_hex_scratch **out_scratch);

/// Bytes of caller memory a scratch for `board` takes (gg_hex_scratch_init()).
/// @return GG_OK; GG_E_INVALID_ARG for NULL pointers.
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_hex_scratch_bytes(const gg_hex_board *board, size_t *out_bytes);

/// Makes scratch for `board` in caller memory (stb style): `memory` holds at least
/// gg_hex_scratch_bytes() bytes aligned to 16 and stays the caller's (gg_hex_scratch_destroy()
/// is a no-op on it; stop using the scratch, then free the memory). docs/memory.md.
/// @return GG_OK; GG_E_BUFFER_TOO_SMALL (too few bytes or misaligned memory); GG_E_INVALID_ARG
///         for NULL pointers. *out_scratch is NULL on failure.
/// @thread reader
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_hex_scratch_init(const gg_hex_board *board, void *memory,
                                                  size_t bytes, gg_hex_scratch **out_scratch);

/// Frees scratch made by gg_hex_scratch_create(). NULL, and scratch made by
/// gg_hex_scratch_init(), are no-ops.
/// @thread owner
/// @since 0.1
GG_API void gg_hex_scratch_destroy(gg_hex_scratch *scratch);

/// Summary of a path query.
/// @since 0.1
typedef struct gg_hex_path_result {
    bool found;
    double cost;     /* total cost; INFINITY when not found */
    int32_t visited; /* cells expanded (informative; not part of the contract) */
} gg_hex_path_result;

/// The cheapest path from `from` to `to` (A* with the admissible heuristic distance times the
/// board's cheapest entry cost). Deterministic: frontier ties break on lower estimate, then
/// lower remaining distance, then lower storage index (r-major, then q). Not found (GG_OK,
/// found false, *out_count 0) when either end is missing, when the start blocks and
/// !allow_start_blocked, when the goal blocks and !allow_goal_blocked, or when no route exists.
/// from == to is found at cost 0 once those pre-checks pass. The goal's height step is checked
/// on the route like every other step. The path lists both ends. All-or-nothing output.
/// @return GG_OK; GG_E_BUFFER_TOO_SMALL (nothing written, *out_count = cells needed, *out
///         filled); GG_E_INVALID_ARG for NULL pointers, a bad def or values, negative capacity,
///         or scratch made for another board.
/// @thread reader - one board, many threads, one scratch per thread.
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_hex_board_path(const gg_hex_board *board, gg_hex_scratch *scratch,
                                                gg_hex from, gg_hex to, const gg_hex_move_def *def,
                                                gg_hex *out, int32_t capacity, int32_t *out_count,
                                                gg_hex_path_result *out_result);

/// One reachable cell.
/// @since 0.1
typedef struct gg_hex_reach {
    gg_hex hex;
    double cost;
} gg_hex_reach;

/// Every cell reachable from `start` with total cost <= budget (inclusive), sorted by cost, then
/// r, then q. The start is always included at cost 0 (even on a blocking tile); blocking tiles
/// are never entered. A missing start or a negative budget gives no cells.
/// @return GG_OK; GG_PARTIAL when `capacity` cut the list (*out_count = full count);
///         GG_E_INVALID_ARG for NULL pointers, a NaN budget, a bad def, negative capacity, or
///         scratch made for another board.
/// @thread reader - one board, many threads, one scratch per thread.
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_hex_board_reachable(const gg_hex_board *board,
                                                     gg_hex_scratch *scratch, gg_hex start,
                                                     double budget, const gg_hex_move_def *def,
                                                     gg_hex_reach *out, int32_t capacity,
                                                     int32_t *out_count);

#ifdef __cplusplus
}
#endif

#endif /* GRIDGEOM_HEX_H */
