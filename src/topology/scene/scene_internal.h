/* scene_internal.h - the scene's private layout and the shared internal primitives every
 * topology query is built from. Layer: topology (private). */
#ifndef GG_SRC_TOPOLOGY_SCENE_INTERNAL_H
#define GG_SRC_TOPOLOGY_SCENE_INTERNAL_H

#include <stddef.h>
#include <string.h>

#include "gridgeom/topology.h"
#include "topology/scene/wall_mesh.h"

/* ---- Per-cell byte plane -------------------------------------------------------------------
 * One byte per cell keeps every tag a hot query reads in one cache line per 64 cells. */
#define GG__CELL_BLOCKED 0x01u
#define GG__CELL_DIFFICULT 0x02u
#define GG__COVER_SHIFT 2
#define GG__COVER_MASK 0x0Cu
#define GG__OBSC_SHIFT 4
#define GG__OBSC_MASK 0x30u
#define GG__LIGHT_SHIFT 6
#define GG__LIGHT_MASK 0xC0u

/* The eight step directions in Nat20's neighbour order: NW, W, SW, N, S, NE, E, SE. */
typedef struct gg__dir {
    int8_t dc;
    int8_t dr;
} gg__dir;
extern const gg__dir gg__dirs[8];
/* Index into gg__dirs of the step (dc,dr), both in -1..1 and not both 0. */
static inline int gg__dir_index(int dc, int dr)
{
    return (dc + 1) * 3 + (dr + 1) - ((dc + 1) * 3 + (dr + 1) > 4);
}

/* ---- A 1x1 mover's steps from one interior cell, read off three rows -----------------------
 * Neighbours in spatial order k: NW, N, NE, W, E, SW, S, SE. `mid` is the cell's row, `up` and
 * `dn` the rows above and below, `mwr` the row's move_walls (bits in gg__dirs order). Bit k of
 * gg__row_steps() is set when neighbour k is open, no wall blocks the step, and for a diagonal
 * both orthogonal neighbours are open (the corner rule); bit k of gg__row_difficult() when
 * neighbour k is difficult. Shared by the field engines' whole-map masks and the searches. */
static inline uint8_t gg__row_steps(const uint8_t *up, const uint8_t *mid, const uint8_t *dn,
                                    const uint8_t *mwr, int32_t i, uint8_t keep)
{
    const unsigned B = GG__CELL_BLOCKED;
    unsigned bn = up[i] & B, bw = mid[i - 1] & B, be = mid[i + 1] & B, bs = dn[i] & B;
    unsigned b = (up[i - 1] & B) | bn << 1 | (up[i + 1] & B) << 2 | bw << 3 | be << 4 |
                 (dn[i - 1] & B) << 5 | bs << 6 | (dn[i + 1] & B) << 7;
    unsigned corner = (bw | bn) | (be | bn) << 2 | (bw | bs) << 5 | (be | bs) << 7;
    unsigned mw = mwr[i];
    unsigned walls = (mw & 1u) | (mw >> 3 & 1u) << 1 | (mw >> 5 & 1u) << 2 | (mw >> 1 & 1u) << 3 |
                     (mw >> 6 & 1u) << 4 | (mw >> 2 & 1u) << 5 | (mw >> 4 & 1u) << 6 |
                     (mw >> 7) << 7;
    return (uint8_t)(~(b | corner | walls) & keep);
}

static inline uint8_t gg__row_difficult(const uint8_t *up, const uint8_t *mid, const uint8_t *dn,
                                        int32_t i)
{
    const unsigned D = GG__CELL_DIFFICULT;
    return (uint8_t)((up[i - 1] & D) >> 1 | (up[i] & D) | (up[i + 1] & D) << 1 |
                     (mid[i - 1] & D) << 2 | (mid[i + 1] & D) << 3 | (dn[i - 1] & D) << 4 |
                     (dn[i] & D) << 5 | (dn[i + 1] & D) << 6);
}

/* ---- Walls -----------------------------------------------------------------------------------
 * Wall points live on an exact lattice of GG__WALL_UNIT points per cell ("wall units"): the grid
 * corner (x,y) is (U x, U y) and the centre of cell (c,r) is (U c + U/2, U r + U/2). U = 1024:
 * Dungeondraft writes wall points on a 1/512-cell grid (half a pixel at its 256 px per cell), so
 * every Universal VTT wall of the shared maps is exact, and on the 50-140 px grids of Foundry
 * maps a unit is about a tenth of a pixel, so imported walls keep their drawn positions. It is a
 * power of two, so every lattice point is an exact double. Wall coordinates are bounded by
 * GG_WALL_COORD_LIMIT = 2^19 cells, i.e. 2^29 wall units = GG_HPOINT_LIMIT, within which the
 * core's orientation predicates (gg_orientation, gg_segments_intersect) are exact in int64; the
 * points are passed to them as gg_hpoint, which is just an integer point. Scaling every
 * coordinate by U/2 changes no orientation sign, so Nat20 scenes (corners and centres) answer
 * exactly as they did in half units (docs/vision.md). */
#define GG__WALL_UNIT GG_WALL_UNITS_PER_CELL
#if (GG__WALL_UNIT % 2) != 0 || GG_WALL_COORD_LIMIT * GG__WALL_UNIT > GG_HPOINT_LIMIT
#error "wall units must put centres on the lattice and keep wall coordinates within GG_HPOINT_LIMIT"
#endif

/* The centre of `c` in wall units. */
static inline gg_hpoint gg__wall_centre(gg_cell c)
{
    gg_hpoint p;
    p.x = GG__WALL_UNIT * c.col + GG__WALL_UNIT / 2;
    p.y = GG__WALL_UNIT * c.row + GG__WALL_UNIT / 2;
    return p;
}

typedef struct gg__wall {
    gg_hpoint a, b;      /* wall units (GG__WALL_UNIT per cell) */
    uint32_t blocks;     /* gg_wall_blocks */
    uint32_t generation; /* odd = live, even = free slot */
    uint8_t door;        /* gg_door */
    uint8_t one_way;     /* gg_one_way */
    uint8_t cover;       /* gg_cover: non-zero = low wall or window, never blocks sight */
    uint8_t limited;     /* gg_wall_blocks bits (sight, light) for which the wall is LIMITED */
    uint32_t prox_sight; /* PROXIMITY threshold for sight in wall units, 0 = none */
    uint32_t prox_light; /* the same for light */
    uint8_t secret;      /* a secret door (door != GG_DOOR_NONE) */
    uint8_t eff;         /* gg__wall_effective_blocks(), kept by gg__wall_update_eff() */
    uint8_t heights;     /* bottom/top bound the wall (else it stands at every elevation) */
    int32_t bottom, top; /* GG__HEIGHT_UNIT per foot; INT32_MIN / INT32_MAX = unbounded */
} gg__wall;

/* Wall heights and eye/target elevations live on an exact lattice of 1/16 ft. */
#define GG__HEIGHT_UNIT GG_WALL_HEIGHT_UNITS_PER_FT

_Static_assert(offsetof(gg__wall, one_way) == offsetof(gg__wall, door) + 1 &&
                   offsetof(gg__wall, cover) == offsetof(gg__wall, door) + 2 &&
                   offsetof(gg__wall, limited) == offsetof(gg__wall, door) + 3,
               "gg__wall_sight_kind() reads door, one_way, cover and limited as one word");

static inline bool gg__wall_live(const gg__wall *w) { return (w->generation & 1u) != 0; }

/* What the wall blocks at any elevation it stands at: an open door blocks nothing, and a low
 * wall or window (cover value) never blocks sight. */
static inline uint32_t gg__wall_blocks_standing(const gg__wall *w)
{
    if (w->door == GG_DOOR_OPEN)
        return 0u;
    return w->cover != GG_COVER_NONE ? (w->blocks & ~(uint32_t)GG_BLOCKS_SIGHT) : w->blocks;
}

/* The wall stands at elevation 0 (every query without a gg_view_def is at elevation 0). */
static inline bool gg__wall_at_ground(const gg__wall *w) { return w->bottom <= 0 && 0 <= w->top; }

/* Recomputes w->eff after its door, blocks, cover or heights changed. */
static inline void gg__wall_update_eff(gg__wall *w)
{
    w->eff = (uint8_t)(gg__wall_at_ground(w) ? gg__wall_blocks_standing(w) : 0u);
}

/* What the wall blocks right now, for every query at elevation 0: gg__wall_blocks_standing(),
 * or nothing when its heights leave out elevation 0. Precomputed: the hot loops read one byte. */
static inline uint32_t gg__wall_effective_blocks(const gg__wall *w) { return w->eff; }

/* A plain wall: a two-way, full-height, always-standing wall or a door (whatever its state or
 * secrecy: a closed secret door is a closed door), neither limited nor proximity, with no cover
 * value. Any other wall must be judged by the exact per-wall predicates below (gg__wall_stops(),
 * gg__wall_stops_view()); a plain wall blocks exactly when gg__wall_effective_blocks() has the
 * sense and the rule's segment test meets it. The one place that says which walls are plain. */
static inline bool gg__wall_plain(const gg__wall *w)
{
    return w->one_way == GG_ONE_WAY_NONE && w->cover == GG_COVER_NONE && w->limited == 0 &&
           w->prox_sight == 0 && w->prox_light == 0 && !w->heights;
}

/* Foundry's one-way rule for something that starts at `origin`: a one-way wall is transparent
 * when the origin lies on its named side. */
static inline bool gg__wall_faces(const gg__wall *w, gg_hpoint origin)
{
    if (w->one_way == GG_ONE_WAY_NONE)
        return true;
    int64_t o = ((int64_t)w->a.y - origin.y) * ((int64_t)w->b.x - origin.x) -
                ((int64_t)w->a.x - origin.x) * ((int64_t)w->b.y - origin.y);
    int side = o < 0 ? GG_ONE_WAY_LEFT : (o > 0 ? GG_ONE_WAY_RIGHT : 0);
    return side != (int)w->one_way;
}

/* ---- The point rule (GG_WALL_RULE_POINT, docs/vision.md) ---------------------------------------
 * Sight from V to P: a wall containing V takes no part, and a wall meets the line only if it
 * meets the half-open segment [V, P) (a wall through P alone does not block); a one-way wall
 * with V on its supporting line does not block. Steps from A to B: when neither centre lies on
 * a wall that blocks movement, the closed Nat20 test; when one does, every wall is judged moved
 * by the infinitesimal (-e, -e^2), i.e. the centres sit a hair right of (and a hair below) the
 * walls: the cell belongs to one side of each wall through it, so it is never pinned and cannot
 * step across a wall by stepping onto it and off again, and since all walls move together their
 * joints stay closed. */

/* How one wall is judged against one segment. */
enum {
    GG__RULE_CLOSED = 0, /* Nat20: the closed test, from a's one-way side */
    GG__RULE_SIGHT = 1,  /* the point rule for a line of sight or light */
    GG__RULE_NUDGED = 2  /* the point rule for a step with a centre on a wall */
};

/* Sign of c0 + c1 e + c2 e^2 for an infinitesimal e > 0. */
static inline int gg__sgn_eps(int64_t c0, int64_t c1, int64_t c2)
{
    if (c0 != 0)
        return c0 < 0 ? -1 : 1;
    if (c1 != 0)
        return c1 < 0 ? -1 : 1;
    return (c2 > 0) - (c2 < 0);
}

/* p lies on the closed segment a-b. */
static inline bool gg__on_segment(gg_hpoint p, gg_hpoint a, gg_hpoint b)
{
    return gg_segments_intersect(p, p, a, b);
}

/* The closed segment a-b (which touches p) meets the segment from v to p somewhere else than p:
 * only a wall running along the line towards v does. */
static inline bool gg__meets_before(gg_hpoint v, gg_hpoint p, gg_hpoint a, gg_hpoint b)
{
    if (gg_orientation(v, p, a) != 0 || gg_orientation(v, p, b) != 0)
        return false;
    const int64_t dx = (int64_t)v.x - p.x, dy = (int64_t)v.y - p.y;
    return ((int64_t)a.x - p.x) * dx + ((int64_t)a.y - p.y) * dy > 0 ||
           ((int64_t)b.x - p.x) * dx + ((int64_t)b.y - p.y) * dy > 0;
}

/* The one-way side of `origin` moved by (e, e^2): exact, never on the line unless the wall is a
 * point. */
static inline bool gg__wall_faces_nudged(const gg__wall *w, gg_hpoint origin)
{
    if (w->one_way == GG_ONE_WAY_NONE)
        return true;
    int64_t o = ((int64_t)w->a.y - origin.y) * ((int64_t)w->b.x - origin.x) -
                ((int64_t)w->a.x - origin.x) * ((int64_t)w->b.y - origin.y);
    int sg = gg__sgn_eps(o, (int64_t)w->b.y - w->a.y, (int64_t)w->a.x - w->b.x);
    int side = sg < 0 ? GG_ONE_WAY_LEFT : (sg > 0 ? GG_ONE_WAY_RIGHT : 0);
    return side != (int)w->one_way;
}

/* The step a -> b against the wall moved by (-e, -e^2); the step has length. With the shift no
 * point is collinear with the other segment (unless the wall is a point, which then never meets
 * the step), so a strict straddle test decides. */
static inline bool gg__step_meets_nudged(gg_hpoint a, gg_hpoint b, gg_hpoint wa, gg_hpoint wb)
{
    const int64_t dx = (int64_t)b.x - a.x, dy = (int64_t)b.y - a.y;
    const int64_t wx = (int64_t)wb.x - wa.x, wy = (int64_t)wb.y - wa.y;
    /* side of (p - d) of the line a->b: cross(d, p - a) + dy e - dx e^2 */
    int s1 = gg__sgn_eps(dx * ((int64_t)wa.y - a.y) - dy * ((int64_t)wa.x - a.x), dy, -dx);
    int s2 = gg__sgn_eps(dx * ((int64_t)wb.y - a.y) - dy * ((int64_t)wb.x - a.x), dy, -dx);
    /* side of q of the moved wall line: cross(w, q - wa) - wy e + wx e^2 */
    int s3 = gg__sgn_eps(wx * ((int64_t)a.y - wa.y) - wy * ((int64_t)a.x - wa.x), -wy, wx);
    int s4 = gg__sgn_eps(wx * ((int64_t)b.y - wa.y) - wy * ((int64_t)b.x - wa.x), -wy, wx);
    return s1 * s2 < 0 && s3 * s4 < 0;
}

/* Whether the live wall w stops the centre-to-centre segment a -> b for `mask`, judged by
 * `rule` (GG__RULE_*): the one test the index, the linear scan, the field of view and the
 * movement upkeep share. The closed test is necessary under every rule (disjoint closed
 * segments stay apart under an infinitesimal move), so the refinements cost nothing on misses. */
static inline bool gg__wall_stops_geom(int rule, const gg__wall *w, gg_hpoint a, gg_hpoint b)
{
    if (rule == GG__RULE_CLOSED)
        return gg__wall_faces(w, a) && gg_segments_intersect(a, b, w->a, w->b);
    if (!gg_segments_intersect(a, b, w->a, w->b))
        return false;
    if (rule == GG__RULE_NUDGED)
        return gg__wall_faces_nudged(w, a) && gg__step_meets_nudged(a, b, w->a, w->b);
    if (gg__on_segment(a, w->a, w->b))
        return false;
    if (gg__on_segment(b, w->a, w->b) && !gg__meets_before(a, b, w->a, w->b))
        return false;
    if (w->one_way != GG_ONE_WAY_NONE && gg_orientation(w->a, w->b, a) == 0)
        return false; /* a viewer on a one-way wall's line is not blocked by it */
    return gg__wall_faces(w, a);
}

static inline bool gg__wall_stops(int rule, const gg__wall *w, gg_hpoint a, gg_hpoint b,
                                  uint32_t mask)
{
    if (!gg__wall_live(w) || (gg__wall_effective_blocks(w) & mask) == 0)
        return false;
    return gg__wall_stops_geom(rule, w, a, b);
}

/* ---- Views: elevations and doors a query opens (wall_kinds.c, docs/vision.md) ------------------
 * A query with a gg_view_def, or a mover that opens doors, judges the walls through a view. With
 * `elevation` a wall with heights stops a line only where the 2-D test stops it and the line's
 * elevation there (from e0 at a to e1 at b) lies in [bottom, top]; without it every wall is
 * taken at elevation 0 (gg__wall_effective_blocks()). `opens` names the closed (not locked) doors
 * that count as open. */
#define GG__OPENS_DOORS 1u  /* closed doors that are not secret */
#define GG__OPENS_SECRET 2u /* closed secret doors */
typedef struct gg__wview {
    bool elevation;
    int32_t e0, e1; /* GG__HEIGHT_UNIT per foot */
    uint32_t opens; /* GG__OPENS_* */
} gg__wview;

/* What w blocks under the view, before its heights are compared with the line. */
static inline uint32_t gg__wall_view_blocks(const gg__wall *w, const gg__wview *v)
{
    if (v->opens != 0 && w->door == GG_DOOR_CLOSED &&
        (v->opens & (w->secret ? GG__OPENS_SECRET : GG__OPENS_DOORS)) != 0)
        return 0u;
    return v->elevation ? gg__wall_blocks_standing(w) : gg__wall_effective_blocks(w);
}

/* The line a -> b (which the 2-D test `rule` says w stops) meets w where its elevation, linear
 * from e0 at a to e1 at b, lies in [bottom, top]. Exact (wide integers). */
bool gg__wall_height_meets(int rule, const gg__wall *w, gg_hpoint a, gg_hpoint b, int32_t e0,
                           int32_t e1);

/* gg__wall_stops() under a view. */
static inline bool gg__wall_stops_view(int rule, const gg__wall *w, gg_hpoint a, gg_hpoint b,
                                       uint32_t mask, const gg__wview *v)
{
    if (!gg__wall_live(w) || (gg__wall_view_blocks(w, v) & mask) == 0 ||
        !gg__wall_stops_geom(rule, w, a, b))
        return false;
    return !v->elevation || !w->heights || gg__wall_height_meets(rule, w, a, b, v->e0, v->e1);
}

/* Foundry's PROXIMITY walls: w is transparent to the sense(s) of `mask` for an origin at `v`
 * within its threshold of the closest point of the wall (wall_kinds.c; exact). */
bool gg__wall_proximity_clear(const gg__wall *w, gg_hpoint v, uint32_t mask);

/* The sense(s) of `mask` are all limited on w: the wall alone does not stop the line. */
static inline bool gg__wall_limited_for(const gg__wall *w, uint32_t mask)
{
    return w->limited != 0 && (mask & ~(uint32_t)w->limited) == 0;
}

/* Foundry's LIMITED walls: a line passes the first and is stopped by the second. Each limited
 * wall that stops the line is named by where it meets it: an endpoint of the wall on the line
 * (the first, a before b), so the joint of two chained limited segments counts once, or else
 * the wall itself; an index may visit a wall once per bucket, and the name keeps that from
 * counting twice. gg__wall_limited_second() counts one more limited wall that stops a -> b:
 * true once two distinct ones have (*have and *first carry the count). */
typedef struct gg__lim_key {
    int64_t x, y; /* a point, or x = INT64_MIN and y = the wall's slot */
} gg__lim_key;
bool gg__wall_limited_second(const gg_scene *s, const gg__wall *w, gg_hpoint a, gg_hpoint b,
                             bool *have, gg__lim_key *first);

/* The segment test of gg__segment_hits_wall() for sight or light under a view (wall_kinds.c). */
bool gg__segment_hits_wall_view(const gg_scene *s, gg_hpoint a, gg_hpoint b, uint32_t mask,
                                const gg__wview *v);

/* The same test with the GG__RULE_* given instead of the scene's (gg__segment_rule()): the
 * doorway rule applies under GG__RULE_SIGHT. The one implementation of both that and the
 * visibility polygon's point-rule test (gg__point_rule_blocked(), with an eye at one elevation). */
bool gg__segment_hits_wall_rule(const gg_scene *s, gg_hpoint a, gg_hpoint b, uint32_t mask,
                                int rule, const gg__wview *v);

/* The step a -> b (centres) for a mover under a view that opens doors: whether a wall stops it,
 * exactly as in the scene with the view's doors open (rule, doorways and all). */
bool gg__step_stopped_view(const gg_scene *s, gg_hpoint a, gg_hpoint b, const gg__wview *v);

/* A closed door that blocks movement and that the view opens passes through p. Opening doors only
 * removes walls, and removes reasons to stop (doorway.c), except that under the point rule a
 * step from a centre on such a door is judged by the closed test once the door is open
 * (gg__segment_rule()): the one case where a step the scene allows may stop an opener. */
bool gg__centre_on_opened_door(const gg_scene *s, gg_hpoint p, const gg__wview *v);

/* ---- The sight planes (sight_planes.c, the sight kernel in src/topology/sight/sight_kernel.h)
 * Every live wall falls in one of three kinds for sight and light. PLAIN walls (axis-aligned,
 * both ends on grid corners, block sight and light, nothing else special) are bits on the grid's
 * edges and corners: a centre-to-centre segment meets such a wall exactly when it crosses an
 * edge the wall covers or passes through a corner the wall touches. EXACT walls (everything else:
 * off the grid lines, diagonal, doors (secret ones too), one-way, LIMITED, proximity, cover
 * values, heights, points, and any kind added later) are tested one by one with the exact predicates above, in the cells the
 * walk enters. NONE walls can never block sight or light. This is the ONE place that decides:
 * a new wall property must make its walls EXACT here (or the kernel would ignore it). */
enum { GG__SIGHT_NONE = 0, GG__SIGHT_PLAIN = 1, GG__SIGHT_EXACT = 2 };
static inline int gg__wall_sight_kind(const gg__wall *w)
{
    const uint32_t sl = (uint32_t)GG_BLOCKS_SIGHT | (uint32_t)GG_BLOCKS_LIGHT;
    if (!gg__wall_live(w) || (w->door == GG_DOOR_NONE && (w->blocks & sl) == 0))
        return GG__SIGHT_NONE;
    /* door, one_way, cover and limited are four adjacent bytes: one load tests them all (the
     * kernel runs this on every wall of a bucket it scans). */
    uint32_t kinds;
    memcpy(&kinds, &w->door, sizeof kinds);
    if (kinds != 0 || (w->prox_sight | w->prox_light) != 0 || (w->blocks & sl) != sl ||
        w->secret != 0 || w->heights != 0)
        return GG__SIGHT_EXACT;
    if ((w->a.x != w->b.x) == (w->a.y != w->b.y)) /* diagonal, or a point */
        return GG__SIGHT_EXACT;
    if (w->a.x % GG__WALL_UNIT != 0 || w->a.y % GG__WALL_UNIT != 0 || w->b.x % GG__WALL_UNIT != 0 ||
        w->b.y % GG__WALL_UNIT != 0)
        return GG__SIGHT_EXACT;
    return GG__SIGHT_PLAIN;
}

/* Bits of the wall plane: one byte per grid corner (x, y), x in 0..width, y in 0..height, read
 * through gg__wall_plane_row(). The byte at (x, y) also speaks for cell (x, y) (its north-west
 * corner). */
#define GG__SP_WEST 0x01u   /* a plain wall covers the edge (x, y)-(x, y+1): cell (x,y)'s west */
#define GG__SP_NORTH 0x02u  /* a plain wall covers the edge (x, y)-(x+1, y): cell (x,y)'s north */
#define GG__SP_CORNER 0x04u /* a plain wall touches the corner point (x, y) */
#define GG__SP_EXACT 0x08u  /* an EXACT wall may touch cell (x, y)'s closed square */

/* Walls are indexed in square buckets of 2^bucket_shift cells (chosen at each rebuild: as fine
 * as the map allows, coarser when the walls are few for the map), stored as CSR arrays built in
 * one pass. Walls added after the last build sit in `pending` and are tested linearly until the next
 * rebuild (done by a writer once pending grows past a threshold), so adding one wall is cheap. */
typedef struct gg__wall_index {
    int32_t bucket_shift; /* log2 of bucket side in cells */
    int32_t bw, bh;       /* buckets across and down (cover the map rectangle) */
    uint32_t *start;      /* bw*bh+1 offsets into items */
    uint32_t *items;      /* wall indices */
    size_t items_cap;
    uint32_t *pending; /* wall indices not yet in the CSR arrays */
    uint32_t pending_count, pending_cap;
    bool built; /* start/items valid */
} gg__wall_index;

struct gg_scene {
    gg_allocator alloc;
    int32_t width, height, cell_size_ft;
    gg_light default_light;
    size_t ncells;
    uint8_t *cells; /* GG__CELL_* bits */
    /* move_walls, read through gg__move_walls_row(): bit d of the byte of cell (col, row) is set
     * when the centre-to-centre step from that cell in direction gg__dirs[d] touches a wall that
     * blocks movement, so step legality is one byte read. Held in the wall rows below. */
    /* A 1x1 mover's legal steps and difficult neighbours are not stored: a search derives them
     * from these planes, per settled cell (gg__cell_steps()) or into its scratch for a whole
     * map (docs/memory.md), so the scene's dense storage stays under 2 bytes a cell. */
    /* The sight kernel's planes (sight_planes.c): a blocked bit per cell (bit r * width + c, the
     * same as the cell byte's GG__CELL_BLOCKED), and the wall plane (GG__SP_* bits, one byte per
     * grid corner, (width + 1) x (height + 1)) held by rows, together with move_walls:
     * row y (wall_base + wall_off[y]) is corner row y of the wall plane (width + 1 bytes)
     * followed by cell row y of move_walls (width bytes; unused in the last row). A row gets its
     * own bytes in the pool once a wall came within two rows of it (gg__sight_planes_reserve());
     * every other row has offset 0, a row of zeros that is never written (the pool's first row,
     * or before any wall a constant row of the library). So both planes follow the walls: a
     * map's rows without walls cost a 4-byte offset each (docs/memory.md). */
    uint64_t *blocked_bits;
    uint32_t *wall_off;       /* [height + 1] byte offsets from wall_base */
    const uint8_t *wall_base; /* offset 0: zeros */
    size_t wall_stride;       /* 2 * width + 1 */
    uint8_t *wall_pool;       /* wall_pool_cap rows, the first wall_pool_used in use; NULL: none */
    uint8_t *wall_zero_own;   /* the zero row of a map too wide for the constant one, else NULL */
    uint32_t wall_pool_cap, wall_pool_used;
    /* blocked_bits transposed (bit c * height + r; sight_planes_t.c), for the field of view. */
    uint64_t *blocked_bits_t;
    uint32_t sight_plain, sight_exact; /* live walls of each gg__wall_sight_kind() */
    gg__wall *walls;
    uint32_t wall_cap, wall_slots; /* slots used (live or free) */
    uint32_t live_walls;
    uint32_t cover_walls;   /* live walls with a cover value (0 = skip that test) */
    uint32_t portal_walls;  /* live doors and windows (0 = no doorway can open, doorways.c) */
    uint32_t limited_walls; /* live walls limited for some sense (0 = first hit decides) */
    uint32_t prox_walls;    /* live proximity walls (0 = no wall depends on the viewer) */
    uint32_t height_walls;  /* live walls with heights (0 = elevation changes nothing) */
    uint32_t free_head;     /* free-slot list through gg__wall.a.x, UINT32_MAX = none */
    gg__wall_index index;
    bool point_rule; /* gg_scene_def.wall_rule == GG_WALL_RULE_POINT */
    char message[192];
    /* ---- Light sources (src/topology/light.c). Zeroed at create = no lights; freed by
     * gg__lights_free() in gg_scene_destroy(). Free slots chain through `next_free` as
     * index + 1, 0 = none. */
    struct gg__light *lights;
    uint32_t light_cap, light_slots, live_lights, light_free_head;
    /* ---- The constrained triangulation of the walls (wall_mesh.c): rebuilt at the end of every
     * wall index rebuild (and at every add to a small scene: gg__wall_index_add()), freed with
     * the index; zeroed at create = not valid. */
    gg__wall_mesh mesh;
};

/* Frees the light sources (light.c); safe on a scene that has none. */
void gg__lights_free(gg_scene *s);

static inline bool gg__in(const gg_scene *s, gg_cell c)
{
    return c.col >= 0 && c.row >= 0 && c.col < s->width && c.row < s->height;
}
static inline size_t gg__idx(const gg_scene *s, gg_cell c)
{
    return (size_t)c.row * (size_t)s->width + (size_t)c.col;
}
/* The following take in-bounds cells. */
static inline bool gg__blocked(const gg_scene *s, gg_cell c)
{
    return (s->cells[gg__idx(s, c)] & GG__CELL_BLOCKED) != 0;
}
/* The blocked bit of the cell at storage index i (gg__idx), for walks that step through a row
 * or a column by index (the field-of-view sweep). */
static inline bool gg__blocked_at(const gg_scene *s, size_t i)
{
    return (s->cells[i] & GG__CELL_BLOCKED) != 0;
}
/* True when none of the n cells at storage indices i .. i + n - 1 (a run of one row) is
 * blocked: eight cells per test. */
static inline bool gg__run_open(const gg_scene *s, size_t i, size_t n)
{
    const uint8_t *p = s->cells + i;
    const uint64_t ones = 0x0101010101010101ull * GG__CELL_BLOCKED;
    size_t k = 0;
    for (; k + 8 <= n; k += 8) {
        uint64_t v;
        memcpy(&v, p + k, sizeof v);
        if (v & ones)
            return false;
    }
    for (; k < n; ++k)
        if (p[k] & GG__CELL_BLOCKED)
            return false;
    return true;
}
static inline bool gg__difficult(const gg_scene *s, gg_cell c)
{
    return (s->cells[gg__idx(s, c)] & GG__CELL_DIFFICULT) != 0;
}
static inline gg_cover gg__cover_tag(const gg_scene *s, gg_cell c)
{
    return (gg_cover)((s->cells[gg__idx(s, c)] & GG__COVER_MASK) >> GG__COVER_SHIFT);
}

/* Bytes of the scene's dense storage: every array whose size follows the cell or row count (cell
 * bytes, the blocked bits, the table of wall rows and, on maps over 4096 wide, the zero row). And the storage
 * that follows the walls: the wall slots, the wall index (its bucket offsets, items and pending
 * list), the wall rows that have their own bytes and the wall mesh (wall_mesh.h). Together with
 * the scene struct and its lights, everything the scene allocated (docs/memory.md). */
size_t gg__scene_dense_bytes(const gg_scene *s);
size_t gg__scene_wall_bytes(const gg_scene *s);

/* Sets scene->message (printf-style) and returns `status`, for writer failures. */
gg_status gg__scene_fail(gg_scene *s, gg_status status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* True when the closed segment a-b (wall units) touches a live wall whose effective blocks
 * intersect `mask` and that blocks from a's side (one-way walls). Uses the wall index; exact. */
bool gg__segment_hits_wall(const gg_scene *s, gg_hpoint a, gg_hpoint b, uint32_t mask);

/* The highest cover value among live, closed, facing low walls/windows that the closed segment
 * a-b touches (GG_COVER_NONE when none). */
gg_cover gg__segment_wall_cover(const gg_scene *s, gg_hpoint a, gg_hpoint b);

/* The same, with the doorway excuse (doorway.c) on or off: off gives the plain touching test
 * that the field-of-view sweep computes. */
bool gg__segment_hits_wall_ex(const gg_scene *s, gg_hpoint a, gg_hpoint b, uint32_t mask,
                              bool doorways);

/* Reference implementation of the same test over every wall: the slow path that property
 * tests and benchmarks compare the index against. */
bool gg__segment_hits_wall_linear(const gg_scene *s, gg_hpoint a, gg_hpoint b, uint32_t mask);

/* The GG__RULE_* that judges every wall against the segment a -> b for `mask`: CLOSED under the
 * Nat20 rule; under the point rule SIGHT for sight and light, and for a step (mask movement
 * alone) NUDGED when a or b lies on a live wall that blocks movement, else CLOSED. */
int gg__segment_rule(const gg_scene *s, gg_hpoint a, gg_hpoint b, uint32_t mask);

/* Nat20 step cost from a to b (both on the map): GG_STEP_ILLEGAL or cell_size_ft (x2 when b is
 * difficult). O(1): reads the cell plane and move_walls. */
int32_t gg__step_cost(const gg_scene *s, gg_cell a, gg_cell b);

/* Nat20 line of sight between two on-map cells. */
bool gg__line_of_sight(const gg_scene *s, gg_cell a, gg_cell b);

/* Nat20's line of sight with the walls that block `mask` (sight and/or light): the kernel's one
 * walk (gg__line_of_sight() is this with GG_BLOCKS_SIGHT). For light from a source: the walk
 * that fov.c's gg__line_of_mask() makes in two passes (gg__walk_blocked(), then
 * gg__segment_hits_wall()) in one. */
bool gg__sight_line(const gg_scene *s, gg_cell a, gg_cell b, uint32_t mask);

/* The same by the old two passes (the blocked-cell walk, then every wall in the index buckets
 * along the segment): the kernel's fallback for a corner under the point rule with portals. */
bool gg__line_of_sight_exact(const gg_scene *s, gg_cell a, gg_cell b);

/* True when a blocked cell lies strictly between a and b on Nat20's Bresenham walk (the cell
 * half of gg__line_of_sight; walls not looked at). */
bool gg__walk_blocked(const gg_scene *s, gg_cell a, gg_cell b);

/* Whether a wall stops the segment between the centres of the on-map cells a and b for `mask`
 * (sight and/or light only): the sight kernel's wall half (sight.c), what
 * gg__segment_hits_wall() answers for two centres. */
bool gg__sight_walls_hit(const gg_scene *s, gg_cell a, gg_cell b, uint32_t mask);

/* Nat20 cover_between for two on-map cells. */
gg_cover gg__cover_between(const gg_scene *s, gg_cell a, gg_cell b, const gg_cell *occupied,
                           int32_t occupied_count);

/* ---- Doorways (doorway.c) -------------------------------------------------------------------
 * Under the point rule, a line (sight, light or step) that touches the walls only at a point J
 * where an open door or window ends, without crossing them there, passes: the cells in line
 * with an opening see and step straight through it whatever its offset. A wall w that stops
 * a -> b by the rule `rule` is excused when this holds at the one point where it touches.
 * `linear` tests every wall instead of the index (the slow path). */
static inline bool gg__is_portal(const gg__wall *w)
{
    return w->door != GG_DOOR_NONE || w->cover != GG_COVER_NONE || w->limited != 0 ||
           w->prox_sight != 0 || w->prox_light != 0;
}
bool gg__doorway_excuses(const gg_scene *s, int rule, const gg__wall *w, gg_hpoint a, gg_hpoint b,
                         uint32_t mask, bool linear);
/* The same under a view (its elevations and open doors). */
bool gg__doorway_excuses_view(const gg_scene *s, int rule, const gg__wall *w, gg_hpoint a,
                              gg_hpoint b, uint32_t mask, bool linear, const gg__wview *v);

/* Wall kinds (walls.c): a height in feet as GG__HEIGHT_UNIT units, false when off the lattice
 * or beyond GG_WALL_HEIGHT_LIMIT_FT (side -1 / +1 accepts -HUGE_VAL / +HUGE_VAL as unbounded);
 * a live wall's def as gg_scene_get_wall() gives it (a secret door as a player sees it unless
 * knows_secrets); a caller's view def, or the defaults for NULL (NULL back: bad struct_size). */
bool gg__height_units(double ft, int side, int32_t *out);
void gg__wall_def_of(const gg_scene *s, const gg__wall *w, bool knows_secrets, gg_wall_def *out);
const gg_view_def *gg__view_def_or_default(const gg_view_def *view, gg_view_def *dflt);

/* Sight planes upkeep (sight_planes.c). alloc: at scene creation (false = no memory); free: at
 * destroy. wall_added: a wall just became live (or changed); wall_removed: `old` (a copy of the
 * wall as it was, the slot already released or changed) no longer holds. set_blocked: the cell
 * byte's blocked bit of cell index i changed to `blocked`. */
bool gg__sight_planes_alloc(gg_scene *s);
/* Bytes the sight planes hold: the dense part (blocked bits, the row table and the zero row,
 * which gg__scene_dense_bytes() counts) and the wall rows' own bytes (gg__scene_wall_bytes()). */
size_t gg__sight_planes_bytes(const gg_scene *s);
size_t gg__sight_planes_wall_bytes(const gg_scene *s);
/* Gives every wall row that w can write (its wall plane marks and its move_walls bits, as it is
 * now or after any door change) its own bytes: called before the wall is added, so painting and
 * move_walls upkeep never allocate. */
gg_status gg__sight_planes_reserve(gg_scene *s, const gg__wall *w);
/* Corner row y (0..height) of the wall plane, for reading. */
static inline const uint8_t *gg__wall_plane_row(const gg_scene *s, int64_t y)
{
    return s->wall_base + s->wall_off[y];
}
/* Cell row `row` (0..height - 1) of move_walls, for reading. */
static inline const uint8_t *gg__move_walls_row(const gg_scene *s, int64_t row)
{
    return gg__wall_plane_row(s, row) + s->width + 1;
}
/* The same for writing: a row reserved for the wall being added or refreshed (every row a
 * wall's move_walls upkeep touches lies within two rows of its points). */
static inline uint8_t *gg__move_walls_row_w(gg_scene *s, int64_t row)
{
    return s->wall_pool + s->wall_off[row] + s->width + 1;
}
void gg__sight_planes_free(gg_scene *s);
void gg__sight_planes_wall_added(gg_scene *s, const gg__wall *w);
void gg__sight_planes_wall_removed(gg_scene *s, const gg__wall *old);
/* The transposed blocked plane (sight_planes_t.c): alloc/free with the sight planes; set keeps
 * cell index i's bit equal to blocked_bits'; bytes is its size (counted as dense storage). */
size_t gg__blocked_t_bytes(const gg_scene *s);
bool gg__blocked_t_alloc(gg_scene *s);
void gg__blocked_t_free(gg_scene *s);
void gg__blocked_t_set(gg_scene *s, size_t i, bool blocked);
static inline void gg__sight_planes_set_blocked(gg_scene *s, size_t i, bool blocked)
{
    gg__blocked_t_set(s, i, blocked);
    const uint64_t bit = (uint64_t)1 << (i & 63u);
    if (blocked)
        s->blocked_bits[i >> 6] |= bit;
    else
        s->blocked_bits[i >> 6] &= ~bit;
}

/* Recomputes move_walls for every cell whose steps could touch the closed segment a-b. */
void gg__refresh_move_walls_near(gg_scene *s, gg_hpoint a, gg_hpoint b);

/* ---- A 1x1 mover's steps from one cell, derived where a search settles it (step_masks.c) ------
 * gg__cell_steps(s, col, row): bit d (gg__dirs order) set when the step from (col, row) in
 * direction d is legal (the neighbour is on the map and open, no wall that blocks movement
 * touches the step, and a diagonal cuts no blocked orthogonal neighbour: the corner rule), bit
 * 8 + d when that neighbour is on the map and difficult. For an open (col, row); a blocked one
 * gets the same bits (no search asks). Nothing is stored per cell: an interior cell reads its
 * three rows of cell bytes with one unaligned 4-byte load each (the cell plane has
 * GG__CELL_PAD spare bytes at its end for the last one), packs each row's blocked and
 * difficult bits with one multiply, and looks the two halves of its 3 x 3 neighbourhood up in
 * two tables (gg__steps_up, gg__steps_down); its move_walls byte removes the walled steps.
 * Edge cells take gg__cell_steps_edge(). */
#define GG__CELL_PAD 3u
extern const uint16_t gg__steps_up[4096];
extern const uint16_t gg__steps_down[4096];
uint32_t gg__cell_steps_edge(const gg_scene *s, int32_t col, int32_t row);

/* The blocked and difficult bits of three adjacent cell bytes at p[0..2] as six bits:
 * blocked(p0), difficult(p0), blocked(p1), difficult(p1), blocked(p2), difficult(p2). The
 * multiply moves byte k's two bits to 12 + 2k without carries (the other partial products land
 * on bits 0-1, 6-9, 20-23 and 28-29). */
static inline uint32_t gg__cell_triple_of(uint32_t v)
{
    return ((v & 0x030303u) * 0x1041u) >> 12 & 0x3Fu;
}

/* The same from the three bytes one by one, in any byte order: what big-endian hosts use (a
 * native load there would put p[0] in the high byte), compiled everywhere so that the tests
 * check it on every host (test_step_masks.c). */
static inline uint32_t gg__cell_triple_bytes(const uint8_t *p)
{
    return gg__cell_triple_of((uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16);
}

static inline uint32_t gg__cell_triple(const uint8_t *p)
{
#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) &&                                 \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint32_t v; /* one load; the fourth byte is masked off (GG__CELL_PAD covers it) */
    memcpy(&v, p, sizeof v);
    return gg__cell_triple_of(v);
#else
    return gg__cell_triple_bytes(p);
#endif
}

_Static_assert(GG__CELL_BLOCKED == 1u && GG__CELL_DIFFICULT == 2u,
               "gg__cell_triple() reads the blocked and difficult bits as bits 0 and 1");

/* gg__cell_steps() of an interior cell: p points at its west neighbour's byte, w is the row
 * length, mw the cell's move_walls byte. */
static inline uint32_t gg__cell_steps_inner(const uint8_t *p, size_t w, uint32_t mw)
{
    const uint32_t mid = gg__cell_triple(p) << 6;
    const uint32_t word = gg__steps_up[gg__cell_triple(p - w) | mid] |
                          gg__steps_down[gg__cell_triple(p + w) | mid];
    return word & ~mw;
}

/* True when (col, row) has all eight neighbours on the map (gg__cell_steps_inner() applies). */
static inline bool gg__cell_inner(const gg_scene *s, int32_t col, int32_t row)
{
    return (uint32_t)(col - 1) < (uint32_t)(s->width - 2) &&
           (uint32_t)(row - 1) < (uint32_t)(s->height - 2);
}

static inline uint32_t gg__cell_steps(const gg_scene *s, int32_t col, int32_t row)
{
    if (!gg__cell_inner(s, col, row))
        return gg__cell_steps_edge(s, col, row);
    const size_t w = (size_t)s->width;
    return gg__cell_steps_inner(s->cells + (size_t)row * w + (size_t)col - 1u, w,
                                gg__move_walls_row(s, row)[col]);
}

/* The reference for gg__cell_steps() and the field engines' whole-map masks: the same bits in
 * spatial order (NW, N, NE, W, E, SW, S, SE; bit k a legal step, bit 8 + k a difficult
 * neighbour), computed neighbour by neighbour (tests and edge rows). */
uint32_t gg__cell_steps_spatial_ref(const gg_scene *s, int32_t col, int32_t row);

#endif
