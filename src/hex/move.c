/* move.c - hex movement: deterministic A* paths and Dijkstra reachable sets with terrain costs
 * and a maximum height step. Layer: hex. */
#include <string.h>

#include "base/alloc.h"
#include "hex/board_internal.h"

struct gg_hex_scratch {
    gg_allocator alloc;
    bool owned;   /* made by gg_hex_scratch_create(): destroy frees the block */
    size_t bytes; /* the block's size */
    const gg_hex_board *board;
    int32_t count;
    uint32_t epoch;
    int32_t heap_n;
    double *g, *f, *h;
    int32_t *parent, *heap, *pos, *order;
    uint32_t *stamp;
    uint8_t *closed;
};

#define SCRATCH_ARRAYS(X)                                                                          \
    X(g, double)                                                                                   \
    X(f, double)                                                                                   \
    X(h, double)                                                                                   \
    X(parent, int32_t)                                                                             \
    X(heap, int32_t)                                                                               \
    X(pos, int32_t)                                                                                \
    X(order, int32_t)                                                                              \
    X(stamp, uint32_t)                                                                             \
    X(closed, uint8_t)

/* The scratch is one block: the struct, then each array 16-aligned. */
static size_t align16(size_t v) { return (v + 15u) & ~(size_t)15u; }

static size_t scratch_bytes(int32_t count)
{
    size_t b = align16(sizeof(gg_hex_scratch));
#define SIZE_(name, type) b += align16((size_t)count * sizeof(type));
    SCRATCH_ARRAYS(SIZE_)
#undef SIZE_
    return b;
}

/* Lays the scratch out in `memory` (scratch_bytes() bytes, 16-aligned), all of it cleared. */
static gg_hex_scratch *place(const gg_hex_board *board, void *memory)
{
    const size_t total = scratch_bytes(board->count);
    memset(memory, 0, total);
    unsigned char *p = (unsigned char *)memory;
    gg_hex_scratch *s = (gg_hex_scratch *)memory;
    s->alloc = board->alloc;
    s->bytes = total;
    s->board = board;
    s->count = board->count;
    s->epoch = 0;
    p += align16(sizeof *s);
#define PLACE_(name, type)                                                                         \
    s->name = (type *)(void *)p;                                                                   \
    p += align16((size_t)s->count * sizeof(type));
    SCRATCH_ARRAYS(PLACE_)
#undef PLACE_
    return s;
}

gg_status gg_hex_scratch_bytes(const gg_hex_board *board, size_t *out_bytes)
{
    if (out_bytes == NULL)
        return GG_E_INVALID_ARG;
    *out_bytes = 0;
    if (board == NULL)
        return GG_E_INVALID_ARG;
    *out_bytes = scratch_bytes(board->count);
    return GG_OK;
}

gg_status gg_hex_scratch_init(const gg_hex_board *board, void *memory, size_t bytes,
                              gg_hex_scratch **out_scratch)
{
    if (out_scratch == NULL)
        return GG_E_INVALID_ARG;
    *out_scratch = NULL;
    if (board == NULL || memory == NULL)
        return GG_E_INVALID_ARG;
    if (bytes < scratch_bytes(board->count) || ((uintptr_t)memory & 15u) != 0)
        return GG_E_BUFFER_TOO_SMALL;
    *out_scratch = place(board, memory);
    return GG_OK;
}

gg_status gg_hex_scratch_create(const gg_hex_board *board, gg_hex_scratch **out_scratch)
{
    if (out_scratch == NULL)
        return GG_E_INVALID_ARG;
    *out_scratch = NULL;
    if (board == NULL)
        return GG_E_INVALID_ARG;
    void *mem = board->alloc.alloc(board->alloc.ctx, scratch_bytes(board->count), 16);
    if (mem == NULL)
        return GG_E_NO_MEMORY;
    gg_hex_scratch *s = place(board, mem);
    s->owned = true;
    *out_scratch = s;
    return GG_OK;
}

void gg_hex_scratch_destroy(gg_hex_scratch *s)
{
    if (s == NULL || !s->owned)
        return;
    gg_allocator al = s->alloc;
    al.free(al.ctx, s, s->bytes);
}

/* ---- Frontier: an indexed binary heap ordered by (f, h, index) ------------------------------- */

static void begin(gg_hex_scratch *s)
{
    /* Stamps make each query O(cells touched) instead of O(board). */
    if (++s->epoch == 0) {
        memset(s->stamp, 0, (size_t)s->count * sizeof *s->stamp);
        s->epoch = 1;
    }
    s->heap_n = 0;
}

static void touch(gg_hex_scratch *s, int32_t i)
{
    if (s->stamp[i] != s->epoch) {
        s->stamp[i] = s->epoch;
        s->g[i] = HUGE_VAL;
        s->closed[i] = 0;
        s->pos[i] = -1;
        s->parent[i] = -1;
    }
}

static bool before(const gg_hex_scratch *s, int32_t a, int32_t b)
{
    if (s->f[a] != s->f[b])
        return s->f[a] < s->f[b];
    if (s->h[a] != s->h[b])
        return s->h[a] < s->h[b];
    return a < b;
}

static void sift_up(gg_hex_scratch *s, int32_t k)
{
    int32_t x = s->heap[k];
    while (k > 0) {
        int32_t p = (k - 1) / 2;
        if (!before(s, x, s->heap[p]))
            break;
        s->heap[k] = s->heap[p];
        s->pos[s->heap[k]] = k;
        k = p;
    }
    s->heap[k] = x;
    s->pos[x] = k;
}

static void sift_down(gg_hex_scratch *s, int32_t k)
{
    int32_t x = s->heap[k], n = s->heap_n;
    for (;;) {
        int32_t c = 2 * k + 1;
        if (c >= n)
            break;
        if (c + 1 < n && before(s, s->heap[c + 1], s->heap[c]))
            ++c;
        if (!before(s, s->heap[c], x))
            break;
        s->heap[k] = s->heap[c];
        s->pos[s->heap[k]] = k;
        k = c;
    }
    s->heap[k] = x;
    s->pos[x] = k;
}

static void push_or_decrease(gg_hex_scratch *s, int32_t i)
{
    if (s->pos[i] < 0) {
        s->heap[s->heap_n] = i;
        s->pos[i] = s->heap_n++;
    }
    sift_up(s, s->pos[i]);
}

static int32_t pop(gg_hex_scratch *s)
{
    int32_t top = s->heap[0];
    s->pos[top] = -1;
    if (--s->heap_n > 0) {
        s->heap[0] = s->heap[s->heap_n];
        sift_down(s, 0);
    }
    return top;
}

/* ---- Shared rules ----------------------------------------------------------------------------- */

static const int32_t dir_q[6] = {1, 0, -1, -1, 0, 1};
static const int32_t dir_r[6] = {0, 1, 1, 0, -1, -1};

/* The neighbour of storage index i across edge e, or -1 when it is off the storage. */
static int32_t step_index(const gg_hex_board *b, int32_t i, int e)
{
    int32_t q = i % b->q_count + dir_q[e], r = i / b->q_count + dir_r[e];
    if (q < 0 || r < 0 || q >= b->q_count || r >= b->r_count)
        return -1;
    return r * b->q_count + q;
}

/* Cost of stepping from tile a onto tile b, or -1 when the height step is too large. */
static double step_cost(const gg_hex_move_def *def, const gg_hex_tile *a, const gg_hex_tile *b)
{
    double rise = b->ground - a->ground;
    if (fabs(rise) > def->max_step)
        return -1.0;
    double climb = rise > 0.0 ? def->climb_cost * rise : 0.0;
    return b->move_cost + climb;
}

static gg_status check_common(const gg_hex_board *board, const gg_hex_move_def *def,
                              const gg_hex_scratch *scratch, const void *out, int32_t capacity)
{
    if (board == NULL || def == NULL || scratch == NULL || capacity < 0 ||
        (out == NULL && capacity > 0))
        return GG_E_INVALID_ARG;
    if (def->struct_size < sizeof(gg_hex_move_def))
        return GG_E_BAD_DEF;
    if (!gg__finite(def->max_step) || def->max_step < 0.0 || !gg__finite(def->climb_cost) ||
        def->climb_cost < 0.0)
        return GG_E_INVALID_ARG;
    if (scratch->board != board || scratch->count != board->count)
        return GG_E_INVALID_ARG;
    return GG_OK;
}

/* ---- Paths ------------------------------------------------------------------------------------ */

gg_status gg_hex_board_path(const gg_hex_board *board, gg_hex_scratch *scratch, gg_hex from,
                            gg_hex to, const gg_hex_move_def *def, gg_hex *out, int32_t capacity,
                            int32_t *out_count, gg_hex_path_result *res)
{
    if (out_count == NULL || res == NULL) {
        if (out_count != NULL)
            *out_count = 0;
        if (res != NULL) {
            res->found = false;
            res->cost = HUGE_VAL;
            res->visited = 0;
        }
        return GG_E_INVALID_ARG;
    }
    *out_count = 0;
    res->found = false;
    res->cost = HUGE_VAL;
    res->visited = 0;
    gg_status st = check_common(board, def, scratch, out, capacity);
    if (st != GG_OK)
        return st;

    int32_t si = gg__board_index(board, from), gi = gg__board_index(board, to);
    if (si < 0 || gi < 0 || !board->present[si] || !board->present[gi])
        return GG_OK;
    /* Pre-checks without the reference's quirks: from == to is found once the start check
     * passes, and the goal is tested for blocking only (its height step is checked on the
     * route, against the tile it is entered from). */
    if (!def->allow_start_blocked && board->tiles[si].blocks_move)
        return GG_OK;
    if (si == gi) {
        res->found = true;
        res->cost = 0.0;
        res->visited = 1;
        *out_count = 1;
        if (capacity < 1)
            return GG_E_BUFFER_TOO_SMALL;
        out[0] = from;
        return GG_OK;
    }
    if (!def->allow_goal_blocked && board->tiles[gi].blocks_move)
        return GG_OK;

    /* distance * (cheapest entry cost) never overestimates and is consistent. */
    double m = board->min_move_cost;
    begin(scratch);
    touch(scratch, si);
    scratch->g[si] = 0.0;
    scratch->h[si] = (double)gg_hex_distance(from, to) * m;
    scratch->f[si] = scratch->h[si];
    push_or_decrease(scratch, si);
    int32_t visited = 0;
    bool found = false;
    while (scratch->heap_n > 0) {
        int32_t x = pop(scratch);
        scratch->closed[x] = 1;
        ++visited;
        if (x == gi) {
            found = true;
            break;
        }
        const gg_hex_tile *tx = &board->tiles[x];
        for (int e = 0; e < 6; ++e) {
            int32_t ni = step_index(board, x, e);
            if (ni < 0 || !board->present[ni])
                continue;
            touch(scratch, ni);
            if (scratch->closed[ni])
                continue;
            const gg_hex_tile *tn = &board->tiles[ni];
            if (tn->blocks_move && !(ni == gi && def->allow_goal_blocked))
                continue;
            double c = step_cost(def, tx, tn);
            if (c < 0.0)
                continue;
            double ng = scratch->g[x] + c;
            if (ng < scratch->g[ni]) {
                if (scratch->pos[ni] < 0 && scratch->g[ni] == HUGE_VAL)
                    scratch->h[ni] = (double)gg_hex_distance(gg__board_hex(board, ni), to) * m;
                scratch->g[ni] = ng;
                scratch->parent[ni] = x;
                scratch->f[ni] = ng + scratch->h[ni];
                push_or_decrease(scratch, ni);
            }
        }
    }
    res->visited = visited;
    if (!found)
        return GG_OK;
    res->found = true;
    res->cost = scratch->g[gi];
    int32_t len = 0;
    for (int32_t i = gi; i >= 0; i = scratch->parent[i])
        ++len;
    *out_count = len;
    if (len > capacity)
        return GG_E_BUFFER_TOO_SMALL;
    int32_t k = len;
    for (int32_t i = gi; i >= 0; i = scratch->parent[i])
        out[--k] = gg__board_hex(board, i);
    return GG_OK;
}

/* ---- Reachable sets --------------------------------------------------------------------------- */

/* (cost, index) order; index order is (r, q) order. */
static bool reach_less(const gg_hex_scratch *s, int32_t a, int32_t b)
{
    if (s->g[a] != s->g[b])
        return s->g[a] < s->g[b];
    return a < b;
}

static void sort_sift(const gg_hex_scratch *s, int32_t *v, int32_t k, int32_t n)
{
    int32_t x = v[k];
    for (;;) {
        int32_t c = 2 * k + 1;
        if (c >= n)
            break;
        if (c + 1 < n && reach_less(s, v[c], v[c + 1]))
            ++c;
        if (!reach_less(s, x, v[c]))
            break;
        v[k] = v[c];
        k = c;
    }
    v[k] = x;
}

static void heap_sort(const gg_hex_scratch *s, int32_t *v, int32_t n)
{
    for (int32_t k = n / 2 - 1; k >= 0; --k)
        sort_sift(s, v, k, n);
    for (int32_t end = n - 1; end > 0; --end) {
        int32_t t = v[0];
        v[0] = v[end];
        v[end] = t;
        sort_sift(s, v, 0, end);
    }
}

gg_status gg_hex_board_reachable(const gg_hex_board *board, gg_hex_scratch *scratch, gg_hex start,
                                 double budget, const gg_hex_move_def *def, gg_hex_reach *out,
                                 int32_t capacity, int32_t *out_count)
{
    if (out_count == NULL)
        return GG_E_INVALID_ARG;
    *out_count = 0;
    gg_status st = check_common(board, def, scratch, out, capacity);
    if (st != GG_OK)
        return st;
    if (isnan(budget))
        return GG_E_INVALID_ARG;
    int32_t si = gg__board_index(board, start);
    if (si < 0 || !board->present[si] || budget < 0.0)
        return GG_OK;

    begin(scratch);
    touch(scratch, si);
    scratch->g[si] = 0.0;
    scratch->h[si] = 0.0;
    scratch->f[si] = 0.0;
    push_or_decrease(scratch, si);
    int32_t n = 0;
    while (scratch->heap_n > 0) {
        int32_t x = pop(scratch);
        scratch->closed[x] = 1;
        scratch->order[n++] = x;
        const gg_hex_tile *tx = &board->tiles[x];
        for (int e = 0; e < 6; ++e) {
            int32_t ni = step_index(board, x, e);
            if (ni < 0 || !board->present[ni] || board->tiles[ni].blocks_move)
                continue;
            touch(scratch, ni);
            if (scratch->closed[ni])
                continue;
            double c = step_cost(def, tx, &board->tiles[ni]);
            if (c < 0.0)
                continue;
            double ng = scratch->g[x] + c;
            /* The budget is inclusive. */
            if (ng > budget || ng >= scratch->g[ni])
                continue;
            scratch->g[ni] = ng;
            scratch->h[ni] = 0.0;
            scratch->f[ni] = ng;
            push_or_decrease(scratch, ni);
        }
    }
    heap_sort(scratch, scratch->order, n);
    int32_t w = n < capacity ? n : capacity;
    for (int32_t k = 0; k < w; ++k) {
        out[k].hex = gg__board_hex(board, scratch->order[k]);
        out[k].cost = scratch->g[scratch->order[k]];
    }
    *out_count = n;
    return n > capacity ? GG_PARTIAL : GG_OK;
}
