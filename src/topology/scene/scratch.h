/* scratch.h - the layout of gg_scratch and the search primitives (generation stamps, FIFO, indexed
 * min-heap) that path and reach queries share. Layer: topology (private). */
#ifndef GG_SRC_TOPOLOGY_SCRATCH_H
#define GG_SRC_TOPOLOGY_SCRATCH_H

#include "topology/scene/scene_internal.h"

/* prev_dir value of a search root: the cell was not reached from a neighbour. */
#define GG__NO_DIR 0xFFu

/* Per-thread working memory for one scene, in one block laid out by gg_scratch_bytes()
 * (docs/memory.md). What it holds depends on the uses it was made for (gg_scratch_def):
 *  - GG_SCRATCH_FULL: every plane over the whole map (about 96 bytes per cell): the Nat20
 *    planes (17 bytes), the movement planes with two parity layers (63) and the 1x1 A*'s labels
 *    (16). Every query runs on it.
 *  - GG_SCRATCH_BOUNDED only: the Nat20 and movement planes over a window of win_side x
 *    win_side cells (the Chebyshev square a budget can reach, footprint included), plus copies
 *    of the scene's cell and move-wall planes over that window. Bounded searches key their
 *    cells inside the window.
 *  - GG_SCRATCH_FIELD only: what the field engines of a 1x1 mover under one price per entered
 *    cell read and write besides the field (gg__mv_field_small()): a one-bit-per-cell map
 *    (f_bits), a queue of ncells cells (f_queue) and the field's step masks (f_masks, derived
 *    per field: the scene stores none), about 6.1 bytes per cell.
 *  - GG_SCRATCH_SIGHT: a field-of-view room (`sight`) sized for the scene's side and walls, so
 *    the sweep never falls back to the per-cell loop (without it the sweep works in about 24 KiB
 *    of stack, or in the FULL planes).
 *
 * Cells are keyed column-major, key = col * height + row, so that comparing keys compares
 * (col, row): the heap's tie rule (Nat20's reachable_cells, docs/nat20.md: equal costs pop by numeric column, then row)
 * becomes one integer comparison. Window keys keep that order (reach.c).
 *
 * A cell's cost / prev_dir / heap_pos are meaningful only when stamp[key] == epoch. Starting a
 * query bumps the epoch, which forgets every mark in O(1): a query touches only the cells it
 * visits, never the whole map. When the epoch wraps (every 2^32 queries) the stamps are cleared.
 *
 * Extending it: a later query kind adds its planes to the layout in scratch.c (sizes per use),
 * and the stamp discipline and the heap are shared as they are. */
struct gg_scratch {
    gg_allocator alloc;    /* copied from the scene: the scratch may outlive it (never used) */
    bool owned;            /* made by gg_scratch_create(): destroy frees the block */
    size_t bytes;          /* the block's size */
    const gg_scene *scene; /* the scene this scratch was made for */
    int32_t width, height;
    size_t ncells;    /* the scene's cells */
    uint32_t uses;    /* gg_scratch_use bits it was made for */
    bool full;        /* planes span the whole map (GG_SCRATCH_FULL) */
    size_t kcells;    /* cells of the Nat20 planes: ncells, or win_side^2, or 0 */
    size_t mcells;    /* cells of the movement planes (their layers hold 2 * mcells) */
    int32_t win_side; /* BOUNDED only: side of the window the planes hold; 0 otherwise */
    uint32_t epoch;
    uint32_t *stamp;   /* [kcells] generation of the marks below */
    int32_t *cost;     /* [kcells] BFS/Dijkstra cost (feet) */
    uint8_t *prev_dir; /* [kcells] gg__dirs index of the step that reached the cell */
    int32_t *heap_pos; /* [kcells] position in `queue` while in the heap; -1 = closed */
    int32_t *queue;    /* [kcells] BFS FIFO, or the binary heap of keys */
    int32_t heap_len;
    /* Movement planes (move_*.c). Index = layer * mcells + row-major cell index in the search's
     * grid (the map, or a window of it); two layers (the 5-10-5 diagonal parity), so
     * [2 * mcells] unless noted. A cell's movement labels are meaningful only when
     * stamp[row-major index] == epoch (the stamp plane is shared: its indexing is per query). */
    int32_t *m_cost;  /* g: units (whole feet under Euclidean); INT32_MAX = unreached */
    int32_t *m_root2; /* [mcells] Euclidean sqrt(2) feet of g */
    int32_t *m_steps; /* steps of g */
    uint8_t *m_prev;  /* direction | predecessor layer << 3; 0xFF = none */
    int32_t *m_pos;   /* heap position; -1 = not in the heap, -2 = settled */
    /* One buffer, two views (a query uses one of them): the heap of keyed entries
     * (move_heap.c), or the queues of the bucketed engines. */
    struct gg__mv_hent *m_heap; /* [2 * mcells] */
    uint32_t *m_queue;          /* [8 * mcells] in the same memory as m_heap */
    uint8_t *m_flag;            /* [mcells] per-cell marks of one movement query */
    /* FULL only: [ncells] the compact A*'s labels (move_astar.c), each valid when its epoch ==
     * epoch; NULL otherwise. */
    struct gg__mv_cnode *m_nodes;
    /* BOUNDED only: the scene's cells and move_walls planes copied over a bounded search's
     * window ([mcells] each), so that the search runs on the window as on a small map. */
    uint8_t *w_cells, *w_mwalls;
    /* Whole-map fields: true with FULL (its planes) or FIELD (f_bits and f_queue, set only
     * without FULL: the field engines then use them for their bit map and queue). */
    bool fields;
    uint8_t *f_bits;   /* [ncells / 8 + 8] */
    uint32_t *f_queue; /* [ncells] */
    uint16_t *f_masks; /* [ncells] each cell's legal steps and difficult neighbours */
    /* SIGHT only: the field-of-view sweep's room (gg__fov_room()); NULL otherwise. */
    unsigned char *sight;
    size_t sight_bytes;
    /* The caller's bitset the last field-of-view query wrote through this scratch (compared by
     * address and size, never read here) and the words [fov_w0, fov_w1) its answers can have
     * set since it was last cleared in full: GG_BITSET_REPLACE_TRACKED clears only those
     * (src/topology/sight/fov.c). fov_bits NULL: no record. */
    const uint64_t *fov_bits;
    size_t fov_words, fov_w0, fov_w1;
    /* Entries the compact A* may use of its bucket pool (in m_cost) and of its heap (m_heap):
     * ncells and 2 * ncells, always enough; tests lower them to reach the compaction paths. */
    size_t m_astar_pool_cap, m_astar_heap_cap;
    /* Run keys the two-price field may keep in its run room (SIZE_MAX: the room's size); tests
     * lower it to reach the direct-label restart (move_field_runs.c). */
    size_t m_field_runs_cap;
};

/* An entry of the movement heap: the key (f, fs, state) carried inline, so that sifting reads
 * only the heap array. f is the cost (A*: g + h) as a double, fs_state = steps (A*: + the steps
 * estimate) << 32 | state (see move_engine.h for when the double is exact). */
typedef struct gg__mv_hent {
    double f;
    uint64_t fs_state;
} gg__mv_hent;

/* The labels of one cell for the compact A* (gg__mv_astar_1x1()), in 16 bytes so that relaxing
 * a neighbour reads one cache line; `epoch` plays the stamp's part (meta: see move_astar.c). */
typedef struct gg__mv_cnode {
    int32_t cost, root2; /* g: units and sqrt(2) units */
    uint32_t meta;
    uint32_t epoch;
} gg__mv_cnode;

/* True when `scratch` was made for `scene` (both non-NULL); queries answer GG_E_INVALID_ARG
 * otherwise. The size check also catches a scene recreated at a freed scene's address. */
static inline bool gg__scratch_fits(const gg_scratch *scratch, const gg_scene *scene)
{
    return scratch != NULL && scene != NULL && scratch->scene == scene &&
           scratch->width == scene->width && scratch->height == scene->height;
}

/* As gg__scratch_fits(), and the scratch holds whole-map planes (GG_SCRATCH_FULL). */
static inline bool gg__scratch_full(const gg_scratch *scratch, const gg_scene *scene)
{
    return gg__scratch_fits(scratch, scene) && scratch->full;
}

/* Side of the Chebyshev window (in cells) a bounded search from one anchor needs: every step
 * costs at least min_step_ft, so it never goes further than budget_ft / min_step_ft anchors;
 * a footprint of fp cells adds fp - 1. */
static inline int64_t gg__scratch_window(int64_t budget_ft, int64_t min_step_ft, int32_t fp)
{
    int64_t r = budget_ft < 0 ? 0 : budget_ft / min_step_ft;
    return 2 * r + fp;
}

/* Forgets every mark of the previous query. */
void gg__scratch_begin(gg_scratch *scratch);

static inline int32_t gg__scratch_key(const gg_scratch *x, gg_cell c)
{
    return c.col * x->height + c.row;
}
static inline gg_cell gg__scratch_cell(const gg_scratch *x, int32_t key)
{
    return gg_cell_make(key / x->height, key % x->height);
}
static inline bool gg__scratch_marked(const gg_scratch *x, int32_t key)
{
    return x->stamp[key] == x->epoch;
}
static inline void gg__scratch_mark(gg_scratch *x, int32_t key) { x->stamp[key] = x->epoch; }

/* ---- Indexed binary min-heap over keys, ordered by (cost, key) = (cost, col, row). Each cell is
 * in it at most once; a cheaper route lowers its cost in place (decrease-key), which pops in the
 * same order as Nat20's heap with stale entries skipped, without duplicates. */
void gg__heap_push(gg_scratch *x, int32_t key);     /* key marked, cost set, not in the heap */
void gg__heap_decrease(gg_scratch *x, int32_t key); /* key in the heap, cost just lowered */
int32_t gg__heap_pop(gg_scratch *x);                /* heap not empty; the key becomes closed */

#endif
