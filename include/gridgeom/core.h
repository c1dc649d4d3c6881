/* core.h - pure grid geometry: cells and ids, metrics, exact segment tests, line walks, templates.
 * Layer: core. Nothing here allocates or keeps state; every function is @thread pure. */
#ifndef GRIDGEOM_CORE_H
#define GRIDGEOM_CORE_H

#include "gridgeom/base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Cells ------------------------------------------------------------------------------------ */

/// A grid cell. `col` grows east (x), `row` grows south (y); row 0 is the top. Cell (c,r) spans
/// the square [c,c+1] x [r,r+1] in grid-corner coordinates and its centre is (c+0.5, r+0.5).
/// @since 0.1
typedef struct gg_cell {
    int32_t col;
    int32_t row;
} gg_cell;

/// Builds a cell value.
/// @thread pure
/// @since 0.1
static inline gg_cell gg_cell_make(int32_t col, int32_t row)
{
    gg_cell c;
    c.col = col;
    c.row = row;
    return c;
}

/// True when both coordinates are equal.
/// @thread pure
/// @since 0.1
static inline bool gg_cell_eq(gg_cell a, gg_cell b) { return a.col == b.col && a.row == b.row; }

/// Longest cell id gg_cell_format() writes, "-2147483648,-2147483648", plus its NUL.
#define GG_CELL_ID_MAX 24

/// Writes the canonical id "col,row" (decimal, '-' for negatives, no spaces, no leading zeros)
/// and a NUL into `buf`. Returns the id's length without the NUL, like snprintf; when `cap` is
/// too small the id is truncated (still NUL-terminated if cap > 0). GG_CELL_ID_MAX always fits.
/// @thread pure
/// @since 0.1
GG_API int32_t gg_cell_format(gg_cell c, char *buf, size_t cap);

/// Parses a cell id of exactly `len` bytes (no NUL needed) with the strict ASCII grammar:
/// one comma; each part is optional ASCII whitespace (space `\t \n \v \f \r`), an optional '+' or
/// '-' directly followed by one or more digits 0-9 (leading zeros allowed), optional ASCII
/// whitespace. Anything else is rejected: underscores, non-ASCII digits or whitespace, extra
/// commas, empty parts, "1.0", "0x1", "1 0", "--1". Values must fit int32_t.
/// On failure `*out` is (0,0) and `*out_reason` (when not NULL) points at a static English
/// phrase naming the problem, e.g. "the row part is empty"; on success it is set to NULL.
/// A grammar error anywhere in the id is reported before an out-of-range coordinate.
/// @return GG_OK; GG_E_PARSE for text outside the grammar; GG_E_TOO_LARGE when a coordinate does
///         not fit int32_t; GG_E_INVALID_ARG when `text` (with len > 0) or `out` is NULL.
/// @thread pure
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_cell_parse(const char *text, size_t len, gg_cell *out,
                                            const char **out_reason);

/* ---- Metrics ---------------------------------------------------------------------------------- */

/// Chebyshev distance in cells, max(|dcol|, |drow|), computed without overflow (int64).
/// This is the SRD 5.2 default ("Diagonals": every square counts 5 feet).
/// @thread pure
/// @since 0.1
GG_API int64_t gg_chebyshev(gg_cell a, gg_cell b);

/* ---- Exact segment predicates ----------------------------------------------------------------- */

/// A point in doubled grid-corner coordinates ("half units"): the grid corner (x,y) is
/// (2x, 2y), the centre of cell (c,r) is (2c+1, 2r+1), and every half-integer coordinate is an
/// integer. Predicates are exact for |x|,|y| <= GG_HPOINT_LIMIT (64-bit products cannot overflow).
/// Beyond the limit they are still safe to call (no undefined behaviour) but their answer is
/// unspecified; callers that take outside coordinates must validate them.
/// @since 0.1
typedef struct gg_hpoint {
    int32_t x;
    int32_t y;
} gg_hpoint;

/// Largest absolute coordinate the segment predicates accept, in half units (2^29).
#define GG_HPOINT_LIMIT (1 << 29)

/// The centre of `c` in half units.
/// @thread pure
/// @since 0.1
static inline gg_hpoint gg_cell_centre(gg_cell c)
{
    gg_hpoint p;
    p.x = 2 * c.col + 1;
    p.y = 2 * c.row + 1;
    return p;
}

/// Sign of the orientation of the triangle a,b,c: +1, 0 (collinear) or -1. Uses Nat20's
/// expression sign((b.y-a.y)(c.x-b.x) - (b.x-a.x)(c.y-b.y)) in 64-bit integers.
/// @thread pure
/// @since 0.1
GG_API int gg_orientation(gg_hpoint a, gg_hpoint b, gg_hpoint c);

/// Closed segment intersection: true when the segments p1-p2 and p3-p4 share at least one point,
/// touching and collinear overlap included; a zero-length segment is a point. This is the
/// predicate Nat20 uses for sight and steps against walls.
/// @thread pure
/// @since 0.1
GG_API bool gg_segments_intersect(gg_hpoint p1, gg_hpoint p2, gg_hpoint p3, gg_hpoint p4);

/// Proper intersection: true only when the segments cross at a single point interior to both.
/// @thread pure
/// @since 0.1
GG_API bool gg_segments_cross(gg_hpoint p1, gg_hpoint p2, gg_hpoint p3, gg_hpoint p4);

/* ---- Line walks ------------------------------------------------------------------------------- */

/// A caller-held, allocation-free walk over the cells of a line. Treat the fields as private;
/// the struct is a value so that it lives on the caller's stack.
/// @since 0.1
typedef struct gg_line_iter {
    int32_t x, y, x1, y1;
    int32_t sx, sy;
    int64_t dx, dy, err;
    int32_t state; /* 0 = not started, 1 = running, 2 = done */
} gg_line_iter;

/// Starts Nat20's direction-dependent Bresenham walk from `a` to `b`: both endpoints included,
/// max(|dcol|,|drow|)+1 cells; ties step from the start's side, so the walk a->b may differ
/// from b->a reversed (see docs/nat20.md).
/// @thread pure
/// @since 0.1
GG_API gg_line_iter gg_line_begin(gg_cell a, gg_cell b);

/// Writes the next cell of the walk to `*out` and returns true; returns false when the walk is
/// complete (and leaves `*out` unchanged), or when `it` or `out` is NULL.
/// @thread pure
/// @since 0.1
GG_API bool gg_line_next(gg_line_iter *it, gg_cell *out);

/* ---- Area templates ------------------------------------------------------------------------- */

/// Area shapes, SRD 5.2 "Areas of Effect": the one shape enum of every layer (templates here,
/// gg_area_def and gg_aim_def in rules.h). Sphere and Cylinder include their point of origin;
/// Cone, Cube, Emanation and Line do not when the rules layer places them. An Emanation is a
/// sphere-shaped area around its creator, so a template rasterises it as a Sphere.
/// @since 0.1
typedef enum gg_shape {
    GG_SHAPE_SPHERE = 1,
    GG_SHAPE_CYLINDER = 2,
    GG_SHAPE_CONE = 3,
    GG_SHAPE_LINE = 4,
    GG_SHAPE_CUBE = 5,
    GG_SHAPE_EMANATION = 6
} gg_shape;

/// An area template as Nat20 rasterises it. `direction` is reduced to its per-axis sign, so only
/// 8 directions exist; it is ignored by sphere and cylinder and required by the others.
/// @since 0.1
typedef struct gg_template {
    gg_shape shape;
    int32_t size_ft;    /* radius, length or side in feet; n = floor(size_ft / cell_size_ft) */
    bool has_direction; /* false = no direction given */
    gg_cell direction;  /* (dcol, drow); need not be unit length */
} gg_template;

/// Writes the cells of `tpl` placed at `origin`, in Nat20's enumeration order (see
/// docs/nat20.md), keeping only cells inside the width x height rectangle. `cell_size_ft` must be
/// >= 1. Evaluation order: first the call's own arguments (pointers, capacity, width, height,
/// cell_size_ft, which a Nat20 scene guarantees); then, as in Nat20, an origin outside the
/// rectangle gives zero cells and GG_OK before the template (shape, direction) is validated.
/// @return GG_OK; GG_PARTIAL when `capacity` cut the list (*out_count = full count);
///         GG_E_INVALID_ARG for an unknown shape, a missing or (0,0) direction on a shape that
///         needs one, cell_size_ft < 1, negative width/height or capacity, NULL out_count, or
///         NULL out with capacity > 0; GG_E_TOO_LARGE when the full count exceeds INT32_MAX
///         (nothing written). On an error *out_count is 0 (when not NULL). `*out_reason` (when
///         not NULL) names the problem, and is NULL on GG_OK and GG_PARTIAL.
/// @thread pure
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_template_cells(int32_t width, int32_t height, int32_t cell_size_ft,
                                                gg_cell origin, const gg_template *tpl,
                                                gg_cell *out, int32_t capacity, int32_t *out_count,
                                                const char **out_reason);

/* ==== section: metrics (movement measurement, creature sizes and footprints) ==== */

/// How a move on the square grid is measured. Every metric prices a route step by step; "distance"
/// below is the price of the cheapest route on an open grid.
/// @since 0.1
typedef enum gg_metric {
    /// SRD 5.2 default ("Diagonals"): every step, diagonal or not, costs one square (5-5-5).
    GG_METRIC_CHEBYSHEV = 0,
    /// The alternating rule (5-10-5): the first diagonal costs one square, the second two, and so
    /// on. The count of diagonals taken so far (its parity) is an input and an output of every
    /// query, so a move split into legs costs the same as the whole move.
    GG_METRIC_ALTERNATING = 1,
    /// Exact diagonals: a diagonal step costs sqrt(2) squares (Foundry's "exact"). Costs are
    /// kept exactly as feet + root2_feet * sqrt(2); the open-grid distance is octile.
    GG_METRIC_EUCLIDEAN = 2,
    /// Taxicab: only orthogonal steps exist; the distance is |dcol| + |drow| squares.
    GG_METRIC_MANHATTAN = 3
} gg_metric;

/// An exact movement cost. For every metric but GG_METRIC_EUCLIDEAN the cost is `feet` and
/// `root2_feet` is 0; for Euclidean the cost is feet + root2_feet * sqrt(2) (both integers, so
/// comparisons are exact). `steps` counts the steps taken; `parity` is the number of diagonals
/// taken mod 2 after the move under GG_METRIC_ALTERNATING (1: the next diagonal costs double),
/// and the parity given as input, unchanged, under the other metrics.
/// @since 0.1
typedef struct gg_metric_cost {
    int64_t feet;
    int64_t root2_feet;
    int64_t steps;
    int32_t parity;
} gg_metric_cost;

/// The cost in feet as a double (rounded for GG_METRIC_EUCLIDEAN; exact below 2^53 otherwise).
/// @thread pure
/// @since 0.1
static inline double gg_metric_cost_ft(gg_metric_cost c)
{
    return (double)c.feet + (double)c.root2_feet * 1.4142135623730950488;
}

/// Compares the prices of two costs exactly: -1, 0 or +1 as feet + root2_feet*sqrt(2) of `a` is
/// below, equal to or above that of `b`. `steps` and `parity` are not compared. Exact for
/// |feet|, |root2_feet| < 2^62.
/// @thread pure
/// @since 0.1
GG_API int gg_metric_cost_compare(gg_metric_cost a, gg_metric_cost b);

/// The open-grid distance from `a` to `b` under `metric`, with squares of `cell_size_ft` feet,
/// starting with the diagonal parity `parity` (0 or 1; only GG_METRIC_ALTERNATING uses it). It is
/// the cost of the cheapest route with no obstacles and no difficult terrain:
///   Chebyshev  max * cell                           (steps: max)
///   5-10-5     max * cell + floor((min + parity) / 2) * cell   (steps: max)
///   Euclidean  (max - min) * cell + min * cell * sqrt(2)       (steps: max)
///   Manhattan  (max + min) * cell                   (steps: max + min)
/// where max and min are the larger and smaller of |dcol| and |drow|.
/// @return GG_OK; GG_E_INVALID_ARG for NULL out, an unknown metric, cell_size_ft < 1 or a parity
///         other than 0 or 1; GG_E_TOO_LARGE when a coordinate difference exceeds 2^30 cells.
/// @thread pure
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_metric_distance(int32_t cell_size_ft, gg_cell a, gg_cell b,
                                                 int32_t parity, gg_metric metric,
                                                 gg_metric_cost *out);

/// Prices a route of `count` cells (each consecutive pair one step apart: one of the eight
/// neighbours, or one of the four orthogonal ones under GG_METRIC_MANHATTAN) starting with
/// `parity`, ignoring terrain. Pricing a route in legs, each leg starting with the previous
/// leg's output parity, gives the same total as pricing it whole. count 0 or 1 costs 0.
/// @return GG_OK; GG_E_INVALID_ARG for NULL out, NULL cells with count > 0, count < 0, an unknown
///         metric, cell_size_ft < 1, a parity other than 0 or 1, or a pair that is not one step
///         (*out then prices the steps before it).
/// @thread pure
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_metric_route_cost(int32_t cell_size_ft, const gg_cell *cells,
                                                   int32_t count, int32_t parity, gg_metric metric,
                                                   gg_metric_cost *out);

/// Creature sizes (SRD 5.2 "Creature Size"). The footprint side in squares is 1 for Tiny, Small
/// and Medium, 2 for Large, 3 for Huge and 4 for Gargantuan; a footprint is anchored at its
/// top-left cell (lowest column and row).
/// @since 0.1
typedef enum gg_size {
    GG_SIZE_TINY = 0,
    GG_SIZE_SMALL = 1,
    GG_SIZE_MEDIUM = 2,
    GG_SIZE_LARGE = 3,
    GG_SIZE_HUGE = 4,
    GG_SIZE_GARGANTUAN = 5
} gg_size;

/// Footprint side in squares of `size`: 1, 1, 1, 2, 3, 4; 0 for a value outside gg_size.
/// @thread pure
/// @since 0.1
GG_API int32_t gg_size_cells(gg_size size);

/* ---- Bodies: the one creature value of every layer ------------------------------------------ */

/// Conditions the library reads (SRD 5.2 "Conditions"), as bits of gg_body.conditions.
/// Frightened and Charmed have a source, so they are index fields of gg_creature (rules.h)
/// instead of bits.
/// @since 0.1
typedef enum gg_condition {
    GG_CONDITION_BLINDED = 1u << 0,      ///< SRD 5.2 "Blinded"
    GG_CONDITION_INVISIBLE = 1u << 1,    ///< SRD 5.2 "Invisible"
    GG_CONDITION_INCAPACITATED = 1u << 2 ///< SRD 5.2 "Incapacitated" (also set it for
                                         ///< Paralyzed, Petrified, Stunned, Unconscious)
} gg_condition;

/// Every condition bit this version knows; other bits give GG_E_INVALID_ARG.
#define GG_CONDITION_ALL 7u

/// A side nobody is allied with, not even another body on GG_SIDE_NONE (the default side of a
/// mover in gg_move_def, so that other creatures are impassable unless the host says otherwise).
#define GG_SIDE_NONE INT32_MIN

/// One creature's body as every layer sees it: where it stands, how much space it takes, how
/// high it is, whose side it is on and the conditions that change geometry. Movement (the
/// `others` of gg_move_def), cover (gg_scene_cover()) and the rules layer (gg_creature embeds
/// one) all take this type, so a host keeps one record per creature. Make it with
/// gg_body_make(), then set fields. Each query reads only the fields it documents; the others
/// are ignored (e.g. movement ignores the heights, 2-D cover ignores side and conditions).
/// @since 0.1
typedef struct gg_body {
    gg_cell cell;        ///< anchor: the footprint's top-left cell (lowest column and row)
    gg_size size;        ///< footprint per gg_size_cells(); default GG_SIZE_MEDIUM (1x1)
    int32_t side;        ///< equal sides are allies (GG_SIDE_NONE: allied with nobody);
                         ///< default 0
    uint32_t conditions; ///< gg_condition bits; default 0
    int32_t base_in;     ///< 3-D cover: elevation of its feet in inches; default 0
    int32_t height_in;   ///< 3-D cover: body height in inches; 0 (default) = its footprint side
                         ///< times the layer height
    bool supported;      ///< 3-D cover: standing on something (not flying); default true
} gg_body;

/// A Medium, ground-level, standing body at `cell` on side 0 with no conditions.
/// @thread pure
/// @since 0.1
static inline gg_body gg_body_make(gg_cell cell)
{
    gg_body b;
    b.cell = cell;
    b.size = GG_SIZE_MEDIUM;
    b.side = 0;
    b.conditions = 0u;
    b.base_in = 0;
    b.height_in = 0;
    b.supported = true;
    return b;
}

/// The gap between the footprints of two bodies (their cell and size; other fields are ignored),
/// measured edge to edge: the metric distance between their nearest occupied cells (parity 0),
/// with squares of `cell_size_ft` feet. Overlapping footprints are 0 apart; two creatures side
/// by side are one square apart. A creature with reach R reaches another when the gap in feet is
/// <= R (SRD 5.2 "Reach": a 5-foot reach touches adjacent squares).
/// @return GG_OK; GG_E_INVALID_ARG for NULL pointers, an unknown metric or size, cell_size_ft < 1;
///         GG_E_TOO_LARGE when the gap exceeds 2^30 cells.
/// @thread pure
/// @since 0.1
GG_API GG_NODISCARD gg_status gg_footprint_distance(int32_t cell_size_ft, const gg_body *a,
                                                    const gg_body *b, gg_metric metric,
                                                    gg_metric_cost *out);

/// True when the footprints of two bodies do not overlap and some occupied cell of one is one of
/// the eight neighbours of some occupied cell of the other (edge to edge). False for NULL or
/// unknown sizes.
/// @thread pure
/// @since 0.1
GG_API bool gg_footprints_adjacent(const gg_body *a, const gg_body *b);

/* ==== end section: metrics ==== */

/* ==== section: any-angle areas ==== */

/* Areas of effect as continuous shapes (SRD 5.2 "Areas of Effect") placed at any point of origin,
 * in any direction, and the rule that says which squares they cover. This sits beside Nat20's
 * 8-direction raster (gg_template_cells()), which stays as its own mode. docs/rules.md states the
 * model and the defaults. */

/// Units of gg_area_point: sixteenths of a foot.
#define GG_AREA_UNITS_PER_FT 16

/// A point in sixteenths of a foot from the map's top-left corner, x east, y south. Square
/// (c, r) of a grid with s-foot squares is the closed region [c s, (c+1) s] x [r s, (r+1) s] ft.
/// @since 0.2
typedef struct gg_area_point {
    int32_t x;
    int32_t y;
} gg_area_point;

/// The point (x_ft, y_ft) feet from the map's top-left corner. Points are int32_t sixteenths of
/// a foot, so |x_ft| and |y_ft| must stay below 2^27 (here and in the two helpers below).
/// @thread pure
/// @since 0.2
static inline gg_area_point gg_area_point_ft(int32_t x_ft, int32_t y_ft)
{
    gg_area_point p;
    p.x = x_ft * GG_AREA_UNITS_PER_FT;
    p.y = y_ft * GG_AREA_UNITS_PER_FT;
    return p;
}

/// The centre of square `c` on a grid of `cell_size_ft` squares.
/// @thread pure
/// @since 0.2
static inline gg_area_point gg_area_point_centre(gg_cell c, int32_t cell_size_ft)
{
    gg_area_point p;
    p.x = (2 * c.col + 1) * cell_size_ft * (GG_AREA_UNITS_PER_FT / 2);
    p.y = (2 * c.row + 1) * cell_size_ft * (GG_AREA_UNITS_PER_FT / 2);
    return p;
}

/// The grid intersection at the top-left corner of square `c`.
/// @thread pure
/// @since 0.2
static inline gg_area_point gg_area_point_corner(gg_cell c, int32_t cell_size_ft)
{
    gg_area_point p;
    p.x = c.col * cell_size_ft * GG_AREA_UNITS_PER_FT;
    p.y = c.row * cell_size_ft * GG_AREA_UNITS_PER_FT;
    return p;
}

/// Which squares an area covers.
/// @since 0.2
typedef enum gg_coverage {
    /// The square's centre lies in the shape, its boundary included (Foundry VTT's default).
    GG_COVERAGE_CENTRE = 0,
    /// At least half of the square's area lies in the shape, exactly half included (the 2024
    /// grid rule, "covers at least half a square"). The default of gg_shape_def_default().
    GG_COVERAGE_HALF = 1,
    /// The shape and the square share a region of positive area; touching along an edge or at
    /// a corner alone does not count (Xanathar's template method, "any part of a square").
    GG_COVERAGE_TOUCH = 2
} gg_coverage;

/// Largest size_ft and line_width_ft of a gg_shape_def (8192 ft).
#define GG_SHAPE_MAX_FT 8192
/// Largest |dir_x| and |dir_y| after both are divided by their greatest common divisor.
#define GG_SHAPE_MAX_DIR 32768
/// Largest cell size the any-angle functions accept, in feet.
#define GG_SHAPE_MAX_CELL_FT 1024

/// An area of effect as a continuous 2-D shape (all shapes are closed sets; heights are not
/// modelled, so a Cylinder is a Sphere's disc). Make it with gg_shape_def_default(), then set
/// fields. Shapes, with O the origin, d the direction and L = size_ft:
/// - Sphere, Cylinder: the disc of radius L centred on O.
/// - Cone: the isosceles triangle with apex O, axis d and length L along it, whose far edge is
///   L wide (SRD 5.2 "Cone": the width at a point equals its distance from the point of
///   origin; half-angle atan(1/2), about 26.57 degrees).
/// - Line: the rectangle L long along d and line_width_ft wide whose starting short edge is
///   centred on O.
/// - Cube: the square of side L with O at the middle of one side, extending along d; with
///   cube_from_corner, the square with one corner at O and its diagonal along d.
/// - Emanation: every point within L of the space of `source` (its cell and size; the other
///   body fields are ignored), minus the source's own squares; origin and direction are unused.
/// @since 0.2
typedef struct gg_shape_def {
    uint32_t struct_size;  ///< set by gg_shape_def_default(); do not touch
    gg_shape shape;        ///< default GG_SHAPE_SPHERE
    int32_t size_ft;       ///< radius, length, side or emanation distance; 1..GG_SHAPE_MAX_FT;
                           ///< default 0 (must be set)
    int32_t line_width_ft; ///< a Line's width, 1..GG_SHAPE_MAX_FT; default 5
    gg_area_point origin;  ///< the point of origin; default (0,0)
    int32_t dir_x;         ///< direction (any non-zero integer vector; Cone, Line, Cube);
    int32_t dir_y;         ///< default (1, 0), east
    bool cube_from_corner; ///< Cube variant: origin at a corner, diagonal along d; default false
    gg_body source;        ///< Emanation: the creature whose space it surrounds; default a
                           ///< Medium body at (0,0)
    gg_coverage coverage;  ///< which squares it covers; default GG_COVERAGE_HALF
} gg_shape_def;

/// A Sphere of size 0 (set size_ft) at (0,0), direction east, 5-ft line width, covering by
/// GG_COVERAGE_HALF.
/// @thread pure
/// @since 0.2
static inline gg_shape_def gg_shape_def_default(void)
{
    gg_shape_def d;
    d.struct_size = (uint32_t)sizeof d;
    d.shape = GG_SHAPE_SPHERE;
    d.size_ft = 0;
    d.line_width_ft = 5;
    d.origin.x = 0;
    d.origin.y = 0;
    d.dir_x = 1;
    d.dir_y = 0;
    d.cube_from_corner = false;
    d.source = gg_body_make(gg_cell_make(0, 0));
    d.coverage = GG_COVERAGE_HALF;
    return d;
}

/// Whether `shape` covers square `c` (of `cell_size_ft` feet) under shape->coverage, decided
/// exactly, ties included: integer arithmetic in Z[sqrt(dx^2+dy^2)] for the polygons (the exact
/// area of the clipped polygon for GG_COVERAGE_HALF); for discs and emanations the rational
/// parts are exact and a circular arc crossing the square makes the covered area irrational, so
/// it never equals one half exactly (docs/rules.md). An emanation never covers its source.
/// @return GG_OK; GG_E_BAD_DEF if `shape` was not made by gg_shape_def_default();
///         GG_E_INVALID_ARG for NULL, an unknown shape or coverage, size_ft or line_width_ft
///         < 1, a (0,0) direction on a Cone, Line or Cube, an unknown source size or
///         cell_size_ft < 1; GG_E_TOO_LARGE for sizes past GG_SHAPE_MAX_FT, a direction past
///         GG_SHAPE_MAX_DIR or cell_size_ft past GG_SHAPE_MAX_CELL_FT. *out_covered is false
///         on failure; `*out_reason` (may be NULL) names the problem, NULL on success.
/// @thread pure
/// @since 0.2
GG_API GG_NODISCARD gg_status gg_shape_covers_cell(int32_t cell_size_ft, gg_cell c,
                                                   const gg_shape_def *shape, bool *out_covered,
                                                   const char **out_reason);

/// How an area decides that a creature is in it.
/// @since 0.2
typedef enum gg_area_affect {
    /// Any of the creature's squares is covered (SRD 5.2 "Areas of Effect" on a grid: a
    /// creature is in the area when its space is). The default.
    GG_AFFECT_ANY_SQUARE = 0,
    /// Token variant: the coverage rule applied to the creature's whole space as one region
    /// (its token): the token's centre (GG_COVERAGE_CENTRE, Foundry's token targeting), half of
    /// the token's area (HALF) or any of it (TOUCH). For a 1x1 creature both variants test
    /// its one square and agree.
    GG_AFFECT_TOKEN = 1
} gg_area_affect;

/// Whether `shape` reaches a creature whose space is `body` (cell and size; other fields are
/// ignored) under `affect`. An emanation never reaches its own source (a body equal in cell and
/// size to shape->source). Decided exactly as gg_shape_covers_cell().
/// @return as gg_shape_covers_cell(); GG_E_INVALID_ARG also for a NULL body, an unknown size
///         or an unknown affect.
/// @thread pure
/// @since 0.2
GG_API GG_NODISCARD gg_status gg_shape_covers_body(int32_t cell_size_ft, const gg_body *body,
                                                   const gg_shape_def *shape, gg_area_affect affect,
                                                   bool *out_covered, const char **out_reason);

/// Writes the squares `shape` covers inside the width x height grid, rows top to bottom and
/// columns left to right within a row. Size query first: capacity 0 (out may be NULL) gives the
/// count. Allocates nothing.
/// @return GG_OK; GG_PARTIAL when `capacity` cut the list (*out_count = full count, the first
///         `capacity` cells written); the statuses of gg_shape_covers_cell(); GG_E_INVALID_ARG
///         also for negative width, height or capacity, NULL out_count, or NULL out with
///         capacity > 0. On an error *out_count is 0.
/// @thread pure
/// @since 0.2
GG_API GG_NODISCARD gg_status gg_shape_cells(int32_t width, int32_t height, int32_t cell_size_ft,
                                             const gg_shape_def *shape, gg_cell *out,
                                             int32_t capacity, int32_t *out_count,
                                             const char **out_reason);

/* ==== end section: any-angle areas ==== */

/* ==== section: terrain sight vocabulary ==== */

/* The options and answers shared by the two terrain-sight models on height boards: hexes
 * (gg_hex_sight() in hex.h) and squares (gg_square_sight() in terrain.h). They live here, below
 * both, because hex and topology stand side by side and neither may include the other. */

/// Which cells a sight query tests.
/// @since 0.1
typedef enum gg_sight_trace {
    GG_SIGHT_TRACE_CENTRE = 0,    /* the reference line: one cell per step (hex line / Bresenham) */
    GG_SIGHT_TRACE_SUPERCOVER = 1 /* every cell the centre-to-centre segment touches */
} gg_sight_trace;

/// Why a sight query answered as it did.
/// @since 0.1
typedef enum gg_sight_reason {
    GG_SIGHT_CLEAR = 0,
    GG_SIGHT_RANGE = 1,        /* farther than max_range: nothing traced or looked up */
    GG_SIGHT_MISSING_TILE = 2, /* an endpoint or a traced cell has no tile */
    GG_SIGHT_OCCLUDED = 3      /* terrain or obstruction reached the sight line */
} gg_sight_reason;

/// Which input made a query fail with GG_E_INVALID_ARG (in validation order).
/// @since 0.1
typedef enum gg_sight_fault {
    GG_SIGHT_FAULT_NONE = 0,
    GG_SIGHT_FAULT_ARGUMENT = 1,    /* a NULL pointer, bad def or bad capacity */
    GG_SIGHT_FAULT_RANGE = 2,       /* max_range < 0 */
    GG_SIGHT_FAULT_HEIGHT = 3,      /* eye or target height NaN, infinite or < 0 */
    GG_SIGHT_FAULT_GROUND = 4,      /* a sampled ground height is not finite */
    GG_SIGHT_FAULT_OBSTRUCTION = 5, /* a sampled obstruction is NaN, infinite or < 0 */
    GG_SIGHT_FAULT_DENSITY = 6,     /* a sampled density is NaN, infinite or < 0 */
    GG_SIGHT_FAULT_OPACITY = 7      /* opacity_threshold NaN, infinite or < 0 */
} gg_sight_fault;

/// No range limit.
#define GG_SIGHT_UNLIMITED INT64_MAX

/// Sight query options. Heights are in the board's height unit, range in steps.
/// @since 0.1
typedef struct gg_sight_def {
    uint32_t struct_size;     /* stamped by gg_sight_def_default(); do not set */
    int64_t max_range;        /* >= 0; a target exactly max_range away is in range */
    double eye_height;        /* observer's eye above the ground of `from`; finite, >= 0 */
    double target_height;     /* target point above the ground of `to`; finite, >= 0 */
    gg_sight_trace trace;     /* GG_SIGHT_TRACE_CENTRE (the reference) or _SUPERCOVER */
    double opacity_threshold; /* 0: any obstruction reaching the line blocks (the reference);
                                 > 0: partial opacity, see gg_hex_sight() */
} gg_sight_def;

/// Defaults: unlimited range, eye and target at ground level (0), centre trace, no partial
/// opacity. Set eye_height and target_height (the reference examples use 1.7).
/// @thread pure
/// @since 0.1
static inline gg_sight_def gg_sight_def_default(void)
{
    gg_sight_def d;
    d.struct_size = (uint32_t)sizeof d;
    d.max_range = GG_SIGHT_UNLIMITED;
    d.eye_height = 0.0;
    d.target_height = 0.0;
    d.trace = GG_SIGHT_TRACE_CENTRE;
    d.opacity_threshold = 0.0;
    return d;
}

/* ==== end section: terrain sight vocabulary ==== */

#ifdef __cplusplus
}
#endif

#endif /* GRIDGEOM_CORE_H */
