/* move_internal.h - the movement model (metric prices, footprints, creatures), the label planes
 * and the entry points of the five search engines that cost-aware paths, fields and overlays
 * share (one file each; move_engine.h lists them). Layer: topology (private). */
#ifndef GG_SRC_TOPOLOGY_MOVE_INTERNAL_H
#define GG_SRC_TOPOLOGY_MOVE_INTERNAL_H

#include "topology/scene/scratch.h"

#include <stddef.h>

/* gg_move_def as the 0.2 header had it: it ends before open_doors (docs/api.md, "Growing
 * without breaking"). */
#define GG__MOVE_DEF_SIZE_0_2 ((uint32_t)offsetof(gg_move_def, open_doors))

#define GG__MV_INF INT32_MAX
#define GG__MV_NO_PREV 0xFFu
/* Queue entries carry a state in the low 27 bits and the units still to travel above them. */
#define GG__MV_STATE_BITS 27
#define GG__MV_STATE_MASK ((1u << GG__MV_STATE_BITS) - 1u)
/* Largest step price (in units) the bucketed engine takes; dearer models use the heap. */
#define GG__MV_MAX_BUCKET_UNITS 16

/* A validated def turned into prices and flags. Prices are in units of unit_ft feet (whole feet
 * and sqrt(2) feet under Euclidean), indexed [class][difficult]: class 0 orthogonal, 1 diagonal
 * from parity 0, 2 diagonal from parity 1. */
typedef struct gg__mv {
    const gg_scene *s;
    const gg_move_def *def;
    /* The grid a 1x1 (`simple`) search runs on: the scene's cell and move_walls planes, or a band
     * of whole rows of them (an overlay's search window, see move_query.c). Everything but
     * gg__mv_step_full() indexes cells, labels and states in this grid. */
    const uint8_t *cells;
    /* move_walls of the grid: a copy in the scratch (a bounded search's window, `mwalls`), or
     * the scene's rows (`mwalls` NULL; row r of the grid is at mwbase + mwoffs[r] + mwoff:
     * gg__move_walls_row()'s layout). */
    const uint8_t *mwalls;
    const uint32_t *mwoffs;
    const uint8_t *mwbase;
    int32_t mwoff;
    /* The grid's rows are the scene's (the map, or a band of its rows from y0), so
     * gg__cell_steps(s, col, row + y0) gives a 1x1 mover's steps from grid cell (col, row). */
    bool scene_rows;
    int32_t w, h, n; /* grid width, height, cells (n is also the stride of the parity layers) */
    int32_t x0, y0;  /* the grid's top-left cell on the scene (a bounded search's window) */
    int32_t layers;  /* 2 under 5-10-5, else 1 */
    gg_metric metric;
    bool euclid;
    int32_t fp;      /* footprint side */
    int32_t unit_ft; /* feet per unit */
    int32_t price[3][2];
    int32_t price_r2[3][2];
    int32_t max_units; /* dearest step in units (non-Euclidean) */
    int32_t min_units; /* cheapest step in units: the heuristic's per-square price */
    int32_t ndirs;
    const uint8_t *dirs; /* indices into gg__dirs, in Nat20 order */
    bool simple;         /* 1x1, no avoid, no other creatures */
    bool uniform;        /* every step costs one unit (steps == cost; the steps plane is unused) */
    bool ignore_difficult;
    int32_t parity_in;
    /* def->open_doors: steps that only closed doors the mover opens stop are legal (judged by
     * gg__step_stopped_view() under `doors`; such movers take the full step test). */
    bool open_doors;
    gg__wview doors;
    gg_move_def def_up; /* a def from the 0.2 header, with the fields it lacks as defaults */
} gg__mv;

/* Validates the def and the call's shared arguments and fills the model. */
gg_status gg__mv_init(gg__mv *m, const gg_scene *s, const gg_move_def *def, int32_t parity);

/* True when the footprint anchored at (col,row) lies on the map. */
static inline bool gg__mv_on_map(const gg__mv *m, int32_t col, int32_t row)
{
    return col >= 0 && row >= 0 && col <= m->w - m->fp && row <= m->h - m->fp;
}

/* Full (slow-path) legality of the step from anchor (col,row) in direction d; on success sets
 * *difficult. The anchor must be on the map. */
bool gg__mv_step_full(const gg__mv *m, int32_t col, int32_t row, int d, bool *difficult);

/* Bit d of move_walls for scene cell i: the step from i in direction d touches a wall that
 * blocks movement, unless the mover opens every door that stops it (def->open_doors). */
bool gg__mv_wall_in_step(const gg__mv *m, int32_t i, int d);

/* Row `row` of the grid's move_walls. */
static inline const uint8_t *gg__mv_mwalls_row(const gg__mv *m, int32_t row)
{
    return m->mwalls != NULL ? m->mwalls + (size_t)row * (size_t)m->w
                             : m->mwbase + m->mwoffs[row] + m->mwoff;
}

/* Legality of a step, with the 1x1 fast path inlined. `i` is the row-major index of (col,row). */
static inline bool gg__mv_step(const gg__mv *m, int32_t col, int32_t row, int32_t i, int d,
                               bool *difficult)
{
    if (m->simple) {
        int dc = gg__dirs[d].dc, dr = gg__dirs[d].dr;
        int32_t c2 = col + dc, r2 = row + dr;
        if (c2 < 0 || r2 < 0 || c2 >= m->w || r2 >= m->h)
            return false;
        const uint8_t *cells = m->cells;
        int32_t t = i + dr * m->w + dc;
        if ((cells[t] & GG__CELL_BLOCKED) || (gg__mv_mwalls_row(m, row)[col] & (1u << d)))
            return false;
        if (dc != 0 && dr != 0 && ((cells[i + dc] | cells[i + dr * m->w]) & GG__CELL_BLOCKED))
            return false;
        *difficult = !m->ignore_difficult && (cells[t] & GG__CELL_DIFFICULT);
        return true;
    }
    return gg__mv_step_full(m, col, row, d, difficult);
}

/* Price class of direction d from layer p, and the layer after the step. */
static inline int gg__mv_class(const gg__mv *m, int d, int p, int *next_layer)
{
    bool diag = gg__dirs[d].dc != 0 && gg__dirs[d].dr != 0;
    if (!diag) {
        *next_layer = p;
        return 0;
    }
    if (m->layers == 2) {
        *next_layer = 1 - p;
        return 1 + p;
    }
    *next_layer = p;
    return 1;
}

/* True when cell c lies in the n x n square whose top-left cell is (x0,y0). */
static inline bool gg__mv_in_square(gg_cell c, int32_t x0, int32_t y0, int32_t n)
{
    return c.col >= x0 && c.row >= y0 && c.col < x0 + n && c.row < y0 + n;
}

/* The part of a footprint step that the mover's company decides, shared by every engine: a
 * footprint of side `from_side` at scene anchor (col,row) arrives as side `to_side` at (nc,nr)
 * (the sides differ only when squeezing). False when it newly enters an avoided cell or the
 * space of a creature it may not pass (SRD 5.2 "Moving Around Other Creatures": an ally, an
 * Incapacitated or Tiny creature, or one two sizes apart when def->pass_size_apart); sets
 * *difficult when it newly enters a space that counts as Difficult Terrain. Only cells newly
 * entered count: the overlap must reach outside the old footprint. Sizes are compared, not the
 * squeezed space. */
static inline bool gg__mv_pass_company(const gg_move_def *def, int32_t col, int32_t row,
                                       int32_t from_side, int32_t nc, int32_t nr, int32_t to_side,
                                       bool *difficult)
{
    for (int32_t k = 0; k < def->avoid_count; ++k)
        if (gg__mv_in_square(def->avoid[k], nc, nr, to_side) &&
            !gg__mv_in_square(def->avoid[k], col, row, from_side))
            return false;
    int my = (int)def->size;
    for (int32_t k = 0; k < def->other_count; ++k) {
        const gg_body *o = &def->others[k];
        int32_t on = gg_size_cells(o->size);
        /* An ally shares the mover's side; GG_SIDE_NONE is nobody's ally. */
        bool ally = def->side != GG_SIDE_NONE && o->side == def->side;
        /* The part of its space the footprint covers after the step. */
        int32_t x0 = o->cell.col > nc ? o->cell.col : nc;
        int32_t y0 = o->cell.row > nr ? o->cell.row : nr;
        int32_t x1 = o->cell.col + on < nc + to_side ? o->cell.col + on : nc + to_side;
        int32_t y1 = o->cell.row + on < nr + to_side ? o->cell.row + on : nr + to_side;
        if (x0 >= x1 || y0 >= y1)
            continue;
        if (x0 >= col && y0 >= row && x1 <= col + from_side && y1 <= row + from_side)
            continue;
        int apart = (int)o->size - my;
        bool passable = ally || (def->pass_size_apart &&
                                 ((o->conditions & GG_CONDITION_INCAPACITATED) != 0u ||
                                  o->size == GG_SIZE_TINY || apart >= 2 || apart <= -2));
        if (!passable)
            return false;
        if (def->occupied_difficult && !ally && o->size != GG_SIZE_TINY)
            *difficult = true;
    }
    return true;
}

/* False when the footprint at (col,row) shares a cell with another creature. */
bool gg__mv_can_end(const gg__mv *m, int32_t col, int32_t row);

/* Admissible, consistent estimate from (col,row) in layer p to the goal anchor, under `metric`
 * (m's own; a search specialised on it passes a constant). */
static inline void gg__mv_heuristic_as(const gg__mv *m, gg_metric metric, int32_t col, int32_t row,
                                       int p, gg_cell goal, int32_t *units, int32_t *root2,
                                       int32_t *steps)
{
    int32_t dx = col > goal.col ? col - goal.col : goal.col - col;
    int32_t dy = row > goal.row ? row - goal.row : goal.row - row;
    int32_t mx = dx > dy ? dx : dy, mn = dx > dy ? dy : dx, u = m->min_units;
    *root2 = 0;
    *steps = mx;
    switch (metric) {
    case GG_METRIC_CHEBYSHEV:
        *units = mx * u;
        break;
    case GG_METRIC_ALTERNATING:
        *units = mx * u + ((mn + p) / 2) * u;
        break;
    case GG_METRIC_EUCLIDEAN:
        *units = (mx - mn) * u;
        *root2 = mn * u;
        break;
    case GG_METRIC_MANHATTAN:
        *units = (mx + mn) * u;
        *steps = mx + mn;
        break;
    }
}

static inline void gg__mv_heuristic(const gg__mv *m, int32_t col, int32_t row, int p, gg_cell goal,
                                    int32_t *units, int32_t *root2, int32_t *steps)
{
    gg__mv_heuristic_as(m, m->metric, col, row, p, goal, units, root2, steps);
}

/* Exact sign of dx + dy*sqrt(2) for |dx|, |dy| < 2^31 (then dx^2 - 2 dy^2 fits 64 bits). Written
 * without branches: searches call it for every neighbour, and either sign is common. */
static inline int gg__mv_sign_r2(int64_t dx, int64_t dy)
{
    const int sx = (dx > 0) - (dx < 0), sy = (dy > 0) - (dy < 0);
    const int64_t q = dx * dx - 2 * dy * dy; /* never 0 for opposite signs: sqrt(2) is irrational */
    const int sq = (q > 0) - (q < 0);
    const int opposite = (sx * sy) < 0;
    const int same = (sx + sy > 0) - (sx + sy < 0); /* signs agree, or one is 0 */
    return same + opposite * (sq * sx - same);      /* opposite: the larger magnitude wins */
}

/* The label planes a search writes: the scratch's (stamped, for queries that touch only what
 * they visit) or a field's (set over the whole map by the engine).
 *
 * Run-labelled planes (a two-price 1x1 field, see gg__mv_field_runs()): when runs[0] is not
 * NULL, cost[] holds a run number for every reached state (2 r: run r of runs[0], 2 r + 1:
 * run r of runs[1]; GG__MV_INF unreached) and the label is that run's key, cost << 32 | steps;
 * steps[] and prev[] are not used (the run table lives in their memory). Read labels with gg__mv_cost_at() and gg__mv_steps_at(). */
typedef struct gg__mv_planes {
    int32_t *cost, *root2, *steps;
    uint8_t *prev;
    uint32_t *stamp; /* NULL: a field's planes, no stamps */
    uint32_t epoch;
    uint8_t *flag; /* per-cell overlay marks (stamped planes only) */
    /* A field's room for a run table (in: NULL for none) and, when the engine used it, the
     * tables (out). */
    uint64_t *run_room;
    size_t run_room_words;
    const uint64_t *runs[2];
} gg__mv_planes;

/* The cost (units) of a state's label; GG__MV_INF when unreached. */
static inline int32_t gg__mv_cost_at(const gg__mv_planes *pl, int32_t st)
{
    const int32_t v = pl->cost[st];
    if (pl->runs[0] == NULL || v == GG__MV_INF)
        return v;
    return (int32_t)(pl->runs[v & 1][(uint32_t)v >> 1] >> 32);
}

/* The steps of a reached state's label. */
static inline int32_t gg__mv_steps_at(const gg__mv_planes *pl, int32_t st)
{
    if (pl->runs[0] == NULL)
        return pl->steps[st];
    const int32_t v = pl->cost[st];
    return (int32_t)(uint32_t)pl->runs[v & 1][(uint32_t)v >> 1];
}

/* What a search is asked for. */
typedef struct gg__mv_search {
    int32_t start;     /* state index of the start */
    int32_t goal_cell; /* A*: row-major goal cell; -1 for a field or overlay */
    int64_t budget_ft; /* overlay budget (inclusive); INT64_MAX = none */
    /* Overlay: the first `capacity` cells settled are written here (cell only), count in
     * *settled; NULL for none. */
    bool overlay;
    gg_move_reach *out;
    int32_t capacity;
    int32_t settled;
    int32_t goal_state; /* A*: the goal state found, -1 when none */
    /* Overlay: the engine wrote every listed entry whole, in scene cells (move_bucket.c's
     * bucket_masks), so the caller adds nothing. */
    bool filled;
} gg__mv_search;

/* True when a whole-map field under `m` runs on the field engines (move_field_bfs.c,
 * move_field_runs.c): a 1x1 mover with no avoid list or other creatures, one layer, no
 * Euclidean prices, a step's price set by the cell entered alone. These fields need only a bit
 * map and a queue of working memory (GG_SCRATCH_FIELD). */
static inline bool gg__mv_field_small(const gg__mv *m)
{
    return m->simple && m->layers == 1 && !m->euclid && m->max_units <= GG__MV_MAX_BUCKET_UNITS &&
           (m->ndirs == 4 ||
            (m->price[1][0] == m->price[0][0] && m->price[1][1] == m->price[0][1]));
}

/* Dijkstra by buckets (non-Euclidean, max_units <= GG__MV_MAX_BUCKET_UNITS). Returns false when
 * its queue would overflow (the caller then restarts with the heap). */
bool gg__mv_bucket_search(const gg__mv *m, gg_scratch *x, gg__mv_planes *pl, gg__mv_search *q);

/* Dijkstra (goal_cell < 0) or A* (goal_cell >= 0) with the scratch's indexed heap. */
void gg__mv_heap_search(const gg__mv *m, gg_scratch *x, gg__mv_planes *pl, gg__mv_search *q);

/* True when gg__mv_astar_1x1() serves a path query under `m`: a 1x1 mover on one layer (no
 * avoid list, no other creatures, not 5-10-5) whose heap keys are exact doubles. */
bool gg__mv_astar_1x1_fits(const gg__mv *m, const gg_scratch *x);

/* A* from `start` to `goal` (row-major cells) with the labels in compact nodes; writes the
 * route as gg_scene_lowest_cost_path() does (all or nothing) and its cost. No route: GG_OK
 * with *out_count untouched. The scratch must have begun a query (gg__scratch_begin()).
 * GG__MV_GAVE_UP, with nothing written, when its queue had no room: never with the scratch's
 * own capacities (see move_astar.c), only when a test lowered them; the caller then runs
 * gg__mv_heap_search(). */
#define GG__MV_GAVE_UP ((gg_status)-1000)
gg_status gg__mv_astar_1x1(const gg__mv *m, gg_scratch *x, int32_t start, int32_t goal,
                           gg_cell *out, int32_t capacity, int32_t *out_count,
                           gg_metric_cost *out_cost);

/* Initialises the labels of every layer of `cell` when the planes are stamped and it is not yet
 * marked in this query. */
static inline void gg__mv_touch(const gg__mv *m, gg__mv_planes *pl, int32_t *pos, int32_t cell)
{
    if (pl->stamp == NULL || pl->stamp[cell] == pl->epoch)
        return;
    pl->stamp[cell] = pl->epoch;
    for (int32_t l = 0; l < m->layers; ++l) {
        int32_t st = l * m->n + cell;
        pl->cost[st] = GG__MV_INF;
        pl->steps[st] = GG__MV_INF;
        pl->prev[st] = GG__MV_NO_PREV;
        if (pos != NULL)
            pos[st] = -1;
    }
    if (pl->root2 != NULL)
        pl->root2[cell] = 0;
    pl->flag[cell] = 0;
}

/* The bucketed 1x1 search stores no predecessors: the predecessor of a reached state is the
 * neighbour state whose label plus the step's price gives its label (cost, and steps) and whose
 * step into it comes first in Nat20 order, exactly the tie rule; found here from the labels and
 * the scene. Returns direction | predecessor layer << 3, or -1 for the start. */
int gg__mv_prev_of(const gg__mv *m, const gg__mv_planes *pl, int32_t state);

/* True when a search under `m` stores no predecessors (see gg__mv_prev_of()). */
static inline bool gg__mv_lazy_prev(const gg__mv *m)
{
    return m->simple && !m->euclid && m->max_units <= GG__MV_MAX_BUCKET_UNITS;
}

/* The better layer of `cell` (lower cost, then fewer steps, then layer 0); -1 when unreached. */
int32_t gg__mv_best_state(const gg__mv *m, const gg__mv_planes *pl, int32_t cell);

/* The cost of a state's label (scratch planes: no run table) as a gg_metric_cost; inline, as
 * overlays call it per cell. */
static inline gg_metric_cost gg__mv_label_cost(const gg__mv *m, const gg__mv_planes *pl,
                                               int32_t state)
{
    gg_metric_cost c;
    c.feet = (int64_t)pl->cost[state] * m->unit_ft;
    c.root2_feet = m->euclid ? (int64_t)pl->root2[state] * m->unit_ft : 0;
    c.steps = m->uniform ? pl->cost[state] : pl->steps[state];
    c.parity = m->layers == 2 ? (int32_t)(state / m->n) : m->parity_in;
    return c;
}

/* Writes the anchors from the start to `state` (all or nothing). */
gg_status gg__mv_write_path(int32_t w, int32_t n, const uint8_t *prev, int32_t state, gg_cell *out,
                            int32_t capacity, int32_t *out_count);

#endif
