/* move_field_runs.c - the two-price field engine: a 1x1 mover whose step costs one of two
 * prices set by the cell entered (Chebyshev or Manhattan with difficult terrain), settled from
 * two FIFOs of runs of equal keys, each cell labelled once.
 * Layer: topology. */
#include "topology/move/move_engine.h"

/* One FIFO of gg__mv_field_runs(): cells in key order, cut into runs of equal key (cost << 32 |
 * steps). A run's key is stored once, so an entry is just its cell. */
typedef struct frun {
    uint32_t *cells;  /* the entries */
    uint32_t *start;  /* first entry of run r */
    uint64_t *key;    /* key of run r */
    uint32_t tail;    /* entries so far */
    uint32_t runs;    /* runs so far */
    uint32_t cur;     /* the next run to settle */
} frun;

static inline uint64_t frun_key(const frun *f)
{
    return f->cur < f->runs ? f->key[f->cur] : UINT64_MAX;
}

/* The run that cells queued now with key k join: the last run when it has that key and is not
 * yet settled (it then ends at the tail), else a new one. */
static inline uint32_t frun_target(const frun *f, uint64_t k)
{
    return f->runs > f->cur && f->key[f->runs - 1] == k ? f->runs - 1 : f->runs;
}

/* Opens run r (from frun_target()) at entry `from` when it is new and got entries. */
static inline void frun_close(frun *f, uint32_t r, uint32_t from, uint64_t k)
{
    if (f->tail == from || r < f->runs)
        return;
    f->start[r] = from;
    f->key[r] = k;
    f->runs = r + 1;
}

/* The field with two prices: a FIFO of the cells entered at the plain price and one of those
 * entered at the difficult price. Keys (cost, steps) enter each FIFO in nondecreasing order (a
 * run of equal keys settles before any key it produces, which is larger by at least one unit),
 * so settling the run with the smaller key first settles in (cost, steps) order. Every cell is
 * queued once; a FIFO holds at most n cells and n runs, so the two fit the queue buffer's
 * 8 * ncells words exactly (cells 2n, run starts 2n, run keys 2n doubles). Within a run the
 * cells settle in queue order: it changes no label (a cell's label depends only on the key of
 * the first run that reaches it), and predecessors are derived from labels (gg__mv_prev_of()).
 *
 * The search writes one word per cell, like the breadth-first field: the run that labelled it
 * (2 r for run r of the plain FIFO, 2 r + 1 of the difficult one), in the cost plane. Cells
 * sharing a cost lie in a wide band, so every label plane written during the search would cost
 * a cache miss per cell. The field then keeps the run numbers and the run table (readers go
 * through gg__mv_cost_at() / gg__mv_steps_at()), or, when the table does not fit the room the
 * field has for it, one pass in memory order turns run numbers into costs and steps. */
void gg__mv_field_runs(const gg__mv *m, gg_scratch *x, gg__mv_planes *pl, gg__mv_search *q)
{
    const int32_t w = m->w;
    const uint32_t n = (uint32_t)m->n;
    fsetup f;
    gg__mv_field_setup(m, x, pl, q, &f, true);
    const uint16_t *restrict lmd = f.lmd;
    uint8_t *restrict bm = f.bm;
    int32_t *restrict cost = pl->cost;
    int32_t *restrict steps = pl->steps;
    uint32_t *buf = x->m_queue;
    frun fa = {buf, buf + 2u * n, (uint64_t *)(void *)(buf + 4u * n), 0, 0, 0};
    frun fd = {buf + n, buf + 3u * n, fa.key + n, 0, 0, 0};
    const int32_t pa = m->price[0][0], pb = m->price[0][1];
    fa.cells[0] = (uint32_t)q->start;
    fa.start[0] = 0;
    fa.key[0] = 0;
    fa.tail = 1;
    fa.runs = 1;
    cost[q->start] = 0; /* run 0 of the plain FIFO */
    for (;;) {
        const uint64_t ka = frun_key(&fa), kd = frun_key(&fd);
        if (ka == UINT64_MAX && kd == UINT64_MAX)
            break;
        frun *src = ka <= kd ? &fa : &fd;
        const uint64_t key = ka <= kd ? ka : kd;
        uint32_t i = src->start[src->cur];
        const uint32_t end = src->cur + 1 < src->runs ? src->start[src->cur + 1] : src->tail;
        src->cur++;
        /* Every cell this run reaches joins one of two runs. */
        const uint32_t s1 = (uint32_t)key + 1u, c = (uint32_t)(key >> 32);
        const uint64_t kna = (uint64_t)(c + (uint32_t)pa) << 32 | s1;
        const uint64_t knd = (uint64_t)(c + (uint32_t)pb) << 32 | s1;
        const uint32_t ra = frun_target(&fa, kna), rd = frun_target(&fd, knd);
        const int32_t la = (int32_t)(2u * ra), ld = (int32_t)(2u * rd + 1u);
        const uint32_t a0 = fa.tail, d0 = fd.tail;
        uint32_t *restrict ta = fa.cells + a0, *restrict td = fd.cells + d0;
        const uint32_t *cells = src->cells;
        for (; i < end; ++i) {
            const int32_t cell = (int32_t)cells[i];
            if (i + FIFO_AHEAD < end)
                field_prefetch(lmd, cost, (int32_t)cells[i + FIFO_AHEAD], w, (int32_t)n);
            const uint32_t masks = lmd[cell] & f.keep;
            /* One loop, no branch on the terrain: the cell is stored at both tails and only
             * the tail of its FIFO advances (the other slot is overwritten later; both lie
             * inside their FIFO, which never fills while a cell is still unqueued). */
            for (uint32_t b = unlabelled(bm, f.off, masks & 0xFFu, cell, w, f.inner_lo,
                                         f.inner_len);
                 b != 0; b &= b - 1u) {
                const int k = first_bit(b);
                const int32_t t = cell + f.off[k];
                const uint32_t hard = (masks >> (8 + k)) & 1u;
                bm[(uint32_t)t >> 3] |= (uint8_t)(1u << ((uint32_t)t & 7u));
                cost[t] = hard ? ld : la;
                *ta = (uint32_t)t;
                *td = (uint32_t)t;
                ta += 1u - hard;
                td += hard;
            }
        }
        fa.tail = (uint32_t)(ta - fa.cells);
        fd.tail = (uint32_t)(td - fd.cells);
        frun_close(&fa, ra, a0, kna);
        frun_close(&fd, rd, d0, knd);
    }
    /* The field keeps the run numbers and a copy of the run table when it has room (it nearly
     * always has: a run holds 30 to 60 cells on the benchmark maps); otherwise the labels are
     * written out, in memory order. */
    const size_t runs = (size_t)fa.runs + fd.runs;
    if (pl->run_room != NULL && runs <= pl->run_room_words) {
        memcpy(pl->run_room, fa.key, (size_t)fa.runs * sizeof *fa.key);
        memcpy(pl->run_room + fa.runs, fd.key, (size_t)fd.runs * sizeof *fd.key);
        pl->runs[0] = pl->run_room;
        pl->runs[1] = pl->run_room + fa.runs;
        return;
    }
    const uint64_t *keys[2] = {fa.key, fd.key};
    for (uint32_t i = 0; i < n; ++i) {
        /* Without a branch (reached and unreached cells alternate at random on a cluttered
         * map): an unreached cell reads run 0, whose key is the origin's, and keeps it only as
         * steps, which nothing reads behind an infinite cost. */
        const uint32_t reached = (uint32_t)(bm[i >> 3] >> (i & 7u)) & 1u, keep = 0u - reached;
        const uint32_t r = (uint32_t)cost[i] & keep;
        const uint64_t k = keys[r & 1u][r >> 1];
        cost[i] = (int32_t)(((uint32_t)(k >> 32) & keep) | ((uint32_t)GG__MV_INF & ~keep));
        steps[i] = (int32_t)(uint32_t)k;
    }
}
