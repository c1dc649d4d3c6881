/* scratch.h - the layout of gg_scratch and the search primitives (generation stamps, FIFO, indexed
 * min-heap) that path and reach queries share. Layer: topology (private). */
#ifndef GG_SRC_TOPOLOGY_SCRATCH_H
#define GG_SRC_TOPOLOGY_SCRATCH_H

#include "topology/scene/scene_internal.h"

/* prev_dir value of a search root: the cell was not reached from a neighbour. */
#define GG__NO_DIR 0xFFu

/* Per-thread working memory for one scene, about 17 bytes per cell for the Nat20 queries plus
 * about 63 for the movement planes (two parity layers) and 16 for the 1x1 A*'s labels.
 *
 * Cells are keyed column-major, key = col * height + row, so that comparing keys compares
 * (col, row): the heap's tie rule (Nat20 §12: equal costs pop by numeric column, then row)
 * becomes one integer comparison.
 *
 * A cell's cost / prev_dir / heap_pos are meaningful only when stamp[key] == epoch. Starting a
 * query bumps the epoch, which forgets every mark in O(1): a query touches only the cells it
 * visits, never the whole map. When the epoch wraps (every 2^32 queries) the stamps are cleared.
 *
 * Extending it: a later query kind (cost-aware paths, distance fields) adds its per-cell planes
 * below the shared ones, allocates them in gg_scratch_create() and frees them in
 * gg_scratch_destroy(); the stamp discipline and the heap are shared as they are. */
struct gg_scratch {
    gg_allocator alloc;     /* copied from the scene: the scratch may outlive it (never used) */
    const gg_scene *scene;  /* the scene this scratch was made for */
    int32_t width, height;
    size_t ncells;
    uint32_t epoch;
    uint32_t *stamp;        /* [ncells] generation of the marks below */
    int32_t *cost;          /* [ncells] BFS/Dijkstra cost (feet) */
    uint8_t *prev_dir;      /* [ncells] gg__dirs index of the step that reached the cell */
    int32_t *heap_pos;      /* [ncells] position in `queue` while in the heap; -1 = closed */
    int32_t *queue;         /* [ncells] BFS FIFO, or the binary heap of keys */
    int32_t heap_len;
    /* Movement planes (move_*.c). Index = layer * ncells + row-major cell index; two layers
     * (the 5-10-5 diagonal parity), so [2 * ncells] unless noted. A cell's movement labels are
     * meaningful only when stamp[row-major index] == epoch (the stamp plane is shared: its
     * indexing is per query). */
    int32_t *m_cost;        /* g: units (whole feet under Euclidean); INT32_MAX = unreached */
    int32_t *m_root2;       /* [ncells] Euclidean sqrt(2) feet of g */
    int32_t *m_steps;       /* steps of g */
    uint8_t *m_prev;        /* direction | predecessor layer << 3; 0xFF = none */
    int32_t *m_pos;         /* heap position; -1 = not in the heap, -2 = settled */
    /* One buffer, two views (a query uses one of them): the heap of keyed entries
     * (move_search.c), or the queues of the bucketed engines. */
    struct gg__mv_hent *m_heap; /* [2 * ncells] */
    uint32_t *m_queue;          /* [8 * ncells] in the same memory as m_heap */
    uint8_t *m_flag;        /* [ncells] per-cell marks of one movement query */
    /* [ncells] the compact A*'s labels (move_search.c), each valid when its epoch == epoch. */
    struct gg__mv_cnode *m_nodes;
    /* Entries the compact A* may use of its bucket pool (in m_cost) and of its heap (m_heap):
     * ncells and 2 * ncells, always enough; tests lower them to reach the compaction paths. */
    size_t m_astar_pool_cap, m_astar_heap_cap;
};

/* An entry of the movement heap: the key (f, fs, state) carried inline, so that sifting reads
 * only the heap array. f is the cost (A*: g + h) as a double, fs_state = steps (A*: + the steps
 * estimate) << 32 | state (see move_search.c for when the double is exact). */
typedef struct gg__mv_hent {
    double f;
    uint64_t fs_state;
} gg__mv_hent;

/* The labels of one cell for the compact A* (gg__mv_astar_1x1()), in 16 bytes so that relaxing
 * a neighbour reads one cache line; `epoch` plays the stamp's part (meta: see move_search.c). */
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
