/* scratch.c - gg_scratch lifetime and the shared search primitives (epochs, indexed heap).
 * Layer: topology. */
#include <string.h>

#include "base/alloc.h"
#include "topology/scene/scratch.h"
#include "topology/sight/fov.h"

/* Where each plane lives in the scratch's one block (offsets from its start, 16-aligned). */
typedef struct layout {
    size_t total;
    uint32_t uses;
    bool full;
    int32_t win_side;
    size_t kcells, mcells;
    size_t o_stamp, o_cost, o_prev_dir, o_heap_pos, o_queue;
    size_t o_m_cost, o_m_root2, o_m_steps, o_m_prev, o_m_pos, o_m_heap, o_m_flag, o_m_nodes;
    size_t o_w_cells, o_w_mwalls, o_sight, sight_bytes;
    size_t fcells, o_f_bits, o_f_queue, o_f_masks;
    bool overflow;
} layout;

/* Reserves count * size bytes (16-aligned); 0 when count is 0 (the plane is absent). */
static size_t reserve(layout *l, size_t count, size_t size)
{
    if (count == 0)
        return 0;
    if (count > (SIZE_MAX / 4) / size || l->total > SIZE_MAX / 4) {
        l->overflow = true;
        return 0;
    }
    size_t at = (l->total + 15u) & ~(size_t)15u;
    l->total = at + count * size;
    return at;
}

static gg_status plan(const gg_scene *s, const gg_scratch_def *def, layout *l)
{
    memset(l, 0, sizeof *l);
    if (s == NULL)
        return GG_E_INVALID_ARG;
    gg_scratch_def d = def != NULL ? *def : gg_scratch_def_default();
    if (d.struct_size != (uint32_t)sizeof d)
        return GG_E_BAD_DEF;
    const uint32_t known = GG_SCRATCH_SIGHT | GG_SCRATCH_BOUNDED | GG_SCRATCH_FULL |
                           GG_SCRATCH_FIELD;
    if (d.uses == 0 || (d.uses & ~known) != 0 || d.budget_ft < 0 || gg_size_cells(d.size) == 0)
        return GG_E_INVALID_ARG;
    l->total = sizeof(gg_scratch);
    l->uses = d.uses;
    l->full = (d.uses & GG_SCRATCH_FULL) != 0;
    if (!l->full && (d.uses & GG_SCRATCH_BOUNDED)) {
        int64_t side = gg__scratch_window(d.budget_ft, s->cell_size_ft, gg_size_cells(d.size));
        if (side * side >= (int64_t)s->ncells)
            l->full = true; /* the window would hold the whole map: plain planes are smaller */
        else {
            l->win_side = (int32_t)side;
            l->kcells = l->mcells = (size_t)(side * side);
        }
    }
    if (l->full)
        l->kcells = l->mcells = s->ncells;
    const size_t k = l->kcells, m = l->mcells;
    l->o_stamp = reserve(l, k, sizeof(uint32_t));
    l->o_cost = reserve(l, k, sizeof(int32_t));
    l->o_prev_dir = reserve(l, k, sizeof(uint8_t));
    l->o_heap_pos = reserve(l, k, sizeof(int32_t));
    l->o_queue = reserve(l, k, sizeof(int32_t));
    l->o_m_cost = reserve(l, 2 * m, sizeof(int32_t));
    l->o_m_root2 = reserve(l, m, sizeof(int32_t));
    l->o_m_steps = reserve(l, 2 * m, sizeof(int32_t));
    l->o_m_prev = reserve(l, 2 * m, sizeof(uint8_t));
    l->o_m_pos = reserve(l, 2 * m, sizeof(int32_t));
    l->o_m_heap = reserve(l, 2 * m, sizeof(gg__mv_hent));
    l->o_m_flag = reserve(l, m, sizeof(uint8_t));
    if (!l->full && (d.uses & GG_SCRATCH_FIELD)) {
        /* The field engines' bit map (read four bytes past its last bit) and queue. The bounded
         * planes, if any, are not used by fields: these two stand apart. */
        l->fcells = s->ncells;
        l->o_f_bits = reserve(l, s->ncells / 8u + 8u, 1);
        l->o_f_queue = reserve(l, s->ncells, sizeof(uint32_t));
        l->o_f_masks = reserve(l, s->ncells, sizeof(uint16_t));
    }
    if (l->full) {
        l->o_m_nodes = reserve(l, m, sizeof(gg__mv_cnode));
    } else if (l->win_side > 0) {
        l->o_w_cells = reserve(l, m, sizeof(uint8_t));
        l->o_w_mwalls = reserve(l, m, sizeof(uint8_t));
    }
    /* The FULL planes already give the sweep all the room it can use. */
    if ((d.uses & GG_SCRATCH_SIGHT) && !l->full) {
        l->sight_bytes = gg__fov_room_bytes(s);
        l->o_sight = reserve(l, l->sight_bytes, 1);
    }
    return l->overflow ? GG_E_TOO_LARGE : GG_OK;
}

gg_status gg_scratch_bytes(const gg_scene *scene, const gg_scratch_def *def, size_t *out_bytes)
{
    if (out_bytes == NULL)
        return GG_E_INVALID_ARG;
    *out_bytes = 0;
    layout l;
    gg_status st = plan(scene, def, &l);
    if (st == GG_OK)
        *out_bytes = l.total;
    return st;
}

#define AT(type, off) ((off) == 0 ? NULL : (type *)(void *)(base + (off)))

/* Lays the scratch out in `memory`. The whole block is cleared once, here, so that no query
 * ever reads memory it did not write or stamp (and caller memory needs no preparation). */
static gg_scratch *place(const gg_scene *scene, const layout *l, void *memory)
{
    unsigned char *base = (unsigned char *)memory;
    gg_scratch *x = (gg_scratch *)memory;
    memset(memory, 0, l->total);
    x->alloc = scene->alloc;
    x->bytes = l->total;
    x->scene = scene;
    x->width = scene->width;
    x->height = scene->height;
    x->ncells = scene->ncells;
    x->uses = l->uses;
    x->full = l->full;
    x->kcells = l->kcells;
    x->mcells = l->mcells;
    x->win_side = l->win_side;
    /* Stamps start at 0 and the first query uses epoch 1, so cleared stamps hold no marks. */
    x->epoch = 0;
    x->stamp = AT(uint32_t, l->o_stamp);
    x->cost = AT(int32_t, l->o_cost);
    x->prev_dir = AT(uint8_t, l->o_prev_dir);
    x->heap_pos = AT(int32_t, l->o_heap_pos);
    x->queue = AT(int32_t, l->o_queue);
    x->m_cost = AT(int32_t, l->o_m_cost);
    x->m_root2 = AT(int32_t, l->o_m_root2);
    x->m_steps = AT(int32_t, l->o_m_steps);
    x->m_prev = AT(uint8_t, l->o_m_prev);
    x->m_pos = AT(int32_t, l->o_m_pos);
    x->m_heap = AT(gg__mv_hent, l->o_m_heap);
    x->m_queue = (uint32_t *)(void *)x->m_heap;
    x->m_flag = AT(uint8_t, l->o_m_flag);
    x->m_nodes = AT(gg__mv_cnode, l->o_m_nodes);
    x->w_cells = AT(uint8_t, l->o_w_cells);
    x->w_mwalls = AT(uint8_t, l->o_w_mwalls);
    x->sight = AT(unsigned char, l->o_sight);
    x->sight_bytes = l->sight_bytes;
    x->m_astar_pool_cap = l->mcells;
    x->m_astar_heap_cap = 2 * l->mcells;
    x->m_field_runs_cap = SIZE_MAX;
    x->fields = l->full || l->fcells > 0;
    if (l->fcells > 0) {
        x->f_bits = AT(uint8_t, l->o_f_bits);
        x->f_queue = AT(uint32_t, l->o_f_queue);
        x->f_masks = AT(uint16_t, l->o_f_masks);
    }
    return x;
}

gg_status gg_scratch_init(const gg_scene *scene, const gg_scratch_def *def, void *memory,
                          size_t bytes, gg_scratch **out_scratch)
{
    if (out_scratch == NULL)
        return GG_E_INVALID_ARG;
    *out_scratch = NULL;
    layout l;
    gg_status st = plan(scene, def, &l);
    if (st != GG_OK)
        return st;
    if (memory == NULL)
        return GG_E_INVALID_ARG;
    if (bytes < l.total || ((uintptr_t)memory & 15u) != 0)
        return GG_E_BUFFER_TOO_SMALL;
    *out_scratch = place(scene, &l, memory);
    return GG_OK;
}

gg_status gg_scratch_create(const gg_scene *scene, const gg_scratch_def *def,
                            gg_scratch **out_scratch)
{
    if (out_scratch == NULL)
        return GG_E_INVALID_ARG;
    *out_scratch = NULL;
    layout l;
    gg_status st = plan(scene, def, &l);
    if (st != GG_OK)
        return st;
    /* One block: a scratch is one allocation (and one free) whatever it serves. */
    void *mem = scene->alloc.alloc(scene->alloc.ctx, l.total, 16);
    if (mem == NULL)
        return GG_E_NO_MEMORY;
    gg_scratch *x = place(scene, &l, mem);
    x->owned = true;
    *out_scratch = x;
    return GG_OK;
}

void gg_scratch_destroy(gg_scratch *scratch)
{
    if (scratch == NULL || !scratch->owned)
        return;
    /* Uses only the scratch's own copy of the allocator: the scene may already be gone. */
    gg_allocator a = scratch->alloc;
    a.free(a.ctx, scratch, scratch->bytes);
}

void gg__scratch_begin(gg_scratch *x)
{
    x->heap_len = 0;
    if (++x->epoch == 0) {
        /* Once every 2^32 queries: old stamps could collide with the new epochs. */
        if (x->stamp != NULL)
            memset(x->stamp, 0, x->kcells * sizeof *x->stamp);
        for (size_t i = 0; x->m_nodes != NULL && i < x->mcells; ++i)
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
