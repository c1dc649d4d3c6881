/* scratch.c - gg_scratch lifetime and the shared search primitives (epochs, indexed heap).
 * Layer: topology. */
#include <string.h>

#include "base/alloc.h"
#include "topology/scene/scratch.h"

static void free_planes(gg_scratch *x)
{
    gg__free_array(&x->alloc, x->stamp, x->ncells, sizeof *x->stamp);
    gg__free_array(&x->alloc, x->cost, x->ncells, sizeof *x->cost);
    gg__free_array(&x->alloc, x->prev_dir, x->ncells, sizeof *x->prev_dir);
    gg__free_array(&x->alloc, x->heap_pos, x->ncells, sizeof *x->heap_pos);
    gg__free_array(&x->alloc, x->queue, x->ncells, sizeof *x->queue);
    gg__free_array(&x->alloc, x->m_cost, 2 * x->ncells, sizeof *x->m_cost);
    gg__free_array(&x->alloc, x->m_root2, x->ncells, sizeof *x->m_root2);
    gg__free_array(&x->alloc, x->m_steps, 2 * x->ncells, sizeof *x->m_steps);
    gg__free_array(&x->alloc, x->m_prev, 2 * x->ncells, sizeof *x->m_prev);
    gg__free_array(&x->alloc, x->m_pos, 2 * x->ncells, sizeof *x->m_pos);
    gg__free_array(&x->alloc, x->m_heap, 2 * x->ncells, sizeof *x->m_heap);
    gg__free_array(&x->alloc, x->m_flag, x->ncells, sizeof *x->m_flag);
    gg__free_array(&x->alloc, x->m_nodes, x->ncells, sizeof *x->m_nodes);
}

gg_status gg_scratch_create(const gg_scene *scene, gg_scratch **out_scratch)
{
    if (out_scratch == NULL)
        return GG_E_INVALID_ARG;
    *out_scratch = NULL;
    if (scene == NULL)
        return GG_E_INVALID_ARG;

    gg_scratch *x = gg__alloc_array(&scene->alloc, 1, sizeof *x);
    if (x == NULL)
        return GG_E_NO_MEMORY;
    x->alloc = scene->alloc;
    x->scene = scene;
    x->width = scene->width;
    x->height = scene->height;
    x->ncells = scene->ncells;
    /* Stamps start at 0 and the first query uses epoch 1, so fresh memory holds no marks. */
    x->epoch = 0;
    x->stamp = gg__alloc_array(&x->alloc, x->ncells, sizeof *x->stamp);
    x->cost = gg__alloc_array(&x->alloc, x->ncells, sizeof *x->cost);
    x->prev_dir = gg__alloc_array(&x->alloc, x->ncells, sizeof *x->prev_dir);
    x->heap_pos = gg__alloc_array(&x->alloc, x->ncells, sizeof *x->heap_pos);
    x->queue = gg__alloc_array(&x->alloc, x->ncells, sizeof *x->queue);
    size_t n2 = 2 * x->ncells;
    x->m_cost = gg__alloc_array(&x->alloc, n2, sizeof *x->m_cost);
    x->m_root2 = gg__alloc_array(&x->alloc, x->ncells, sizeof *x->m_root2);
    x->m_steps = gg__alloc_array(&x->alloc, n2, sizeof *x->m_steps);
    x->m_prev = gg__alloc_array(&x->alloc, n2, sizeof *x->m_prev);
    x->m_pos = gg__alloc_array(&x->alloc, n2, sizeof *x->m_pos);
    x->m_heap = gg__alloc_array(&x->alloc, n2, sizeof *x->m_heap);
    x->m_queue = (uint32_t *)(void *)x->m_heap;
    x->m_flag = gg__alloc_array(&x->alloc, x->ncells, sizeof *x->m_flag);
    x->m_nodes = gg__alloc_array(&x->alloc, x->ncells, sizeof *x->m_nodes);
    x->m_astar_pool_cap = x->ncells;
    x->m_astar_heap_cap = n2;
    if (x->stamp == NULL || x->cost == NULL || x->prev_dir == NULL || x->heap_pos == NULL ||
        x->queue == NULL || x->m_cost == NULL || x->m_root2 == NULL || x->m_steps == NULL ||
        x->m_prev == NULL || x->m_pos == NULL || x->m_heap == NULL || x->m_flag == NULL ||
        x->m_nodes == NULL) {
        gg_scratch_destroy(x);
        return GG_E_NO_MEMORY;
    }
    *out_scratch = x;
    return GG_OK;
}

void gg_scratch_destroy(gg_scratch *scratch)
{
    if (scratch == NULL)
        return;
    /* Uses only the scratch's own copy of the allocator: the scene may already be gone. */
    gg_allocator a = scratch->alloc;
    free_planes(scratch);
    gg__free_array(&a, scratch, 1, sizeof *scratch);
}

void gg__scratch_begin(gg_scratch *x)
{
    x->heap_len = 0;
    if (++x->epoch == 0) {
        /* Once every 2^32 queries: old stamps could collide with the new epochs. */
        memset(x->stamp, 0, x->ncells * sizeof *x->stamp);
        for (size_t i = 0; i < x->ncells; ++i)
            x->m_nodes[i].epoch = 0;
        x->epoch = 1;
    }
}

/* (cost, key) order; keys are column-major, so this is Nat20's (cost, col, row). */
static inline bool heap_less(const gg_scratch *x, int32_t a, int32_t b)
{
    return x->cost[a] < x->cost[b] || (x->cost[a] == x->cost[b] && a < b);
}

static void sift_up(gg_scratch *x, int32_t pos)
{
    int32_t key = x->queue[pos];
    while (pos > 0) {
        int32_t parent = (pos - 1) / 2;
        int32_t pk = x->queue[parent];
        if (!heap_less(x, key, pk))
            break;
        x->queue[pos] = pk;
        x->heap_pos[pk] = pos;
        pos = parent;
    }
    x->queue[pos] = key;
    x->heap_pos[key] = pos;
}

static void sift_down(gg_scratch *x, int32_t pos)
{
    int32_t key = x->queue[pos];
    int32_t n = x->heap_len;
    for (;;) {
        int32_t child = 2 * pos + 1;
        if (child >= n)
            break;
        if (child + 1 < n && heap_less(x, x->queue[child + 1], x->queue[child]))
            ++child;
        int32_t ck = x->queue[child];
        if (!heap_less(x, ck, key))
            break;
        x->queue[pos] = ck;
        x->heap_pos[ck] = pos;
        pos = child;
    }
    x->queue[pos] = key;
    x->heap_pos[key] = pos;
}

void gg__heap_push(gg_scratch *x, int32_t key)
{
    int32_t pos = x->heap_len++;
    x->queue[pos] = key;
    sift_up(x, pos);
}

void gg__heap_decrease(gg_scratch *x, int32_t key) { sift_up(x, x->heap_pos[key]); }

int32_t gg__heap_pop(gg_scratch *x)
{
    int32_t top = x->queue[0];
    int32_t last = x->queue[--x->heap_len];
    if (x->heap_len > 0) {
        x->queue[0] = last;
        sift_down(x, 0);
    }
    x->heap_pos[top] = -1;
    return top;
}
