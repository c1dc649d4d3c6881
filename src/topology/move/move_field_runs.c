/* move_field_runs.c - the two-price field engine: a 1x1 mover whose step costs one of two
 * prices set by the cell entered (Chebyshev or Manhattan with difficult terrain), settled from
 * two FIFOs of runs of equal keys, each cell labelled once.
 * Layer: topology. */
#include "topology/move/move_engine.h"

/* The two FIFOs share one buffer of n cells: every cell is queued once, in one of them, so the
 * plain FIFO grows up from the buffer's start and the difficult one down from its end, and they
 * never meet. An entry is just its cell: a run's key (cost << 32 | steps) and first entry are
 * kept once, in a record of the field's run room (its steps and predecessor planes, unused by
 * a run-labelled field), the plain FIFO's from the front and the difficult one's from the back.
 * The keys stay there: that is where the field reads them. */
typedef struct frun_rec {
    uint64_t key;
    uint32_t start, unused;
} frun_rec;

typedef struct frun {
    uint32_t *cells; /* entry i is cells[i * dir] */
    frun_rec *rec;   /* run r is rec[r * dir] */
    ptrdiff_t dir;   /* +1 (the plain FIFO) or -1 (the difficult one) */
    uint32_t tail;   /* entries so far */
    uint32_t runs;   /* runs so far */
    uint32_t cur;    /* the next run to settle */
} frun;

static inline const frun_rec *frun_at(const frun *f, uint32_t r)
{
    return &f->rec[(ptrdiff_t)r * f->dir];
}

static inline uint64_t frun_key(const frun *f)
{
    return f->cur < f->runs ? frun_at(f, f->cur)->key : UINT64_MAX;
}

/* The run that cells queued now with key k join: the last run when it has that key and is not
 * yet settled (it then ends at the tail), else a new one. */
static inline uint32_t frun_target(const frun *f, uint64_t k)
{
    return f->runs > f->cur && frun_at(f, f->runs - 1)->key == k ? f->runs - 1 : f->runs;
}

/* Opens run r (from frun_target()) at entry `from` when it is new and got entries. */
static inline void frun_close(frun *f, uint32_t r, uint32_t from, uint64_t k)
{
    if (f->tail == from || r < f->runs)
        return;
    frun_rec *e = &f->rec[(ptrdiff_t)r * f->dir];
    e->key = k;
    e->start = from;
    f->runs = r + 1;
}

/* The labels written directly, when the run room cannot hold every run's key (a pathological
 * map, or a test's lowered cap): the same two FIFOs in the same buffer, a cell's key read from
 * its cost and steps planes, settled cell by cell from the FIFO whose head has the smaller key
 * (the order among equal keys changes no label). */
static void field_direct(const gg__mv *m, gg__mv_planes *pl, const gg__mv_search *q,
                         const fsetup *f, uint32_t *buf)
{
    const int32_t w = m->w;
    const uint32_t n = (uint32_t)m->n;
    uint8_t *restrict bm = f->bm;
    int32_t *restrict cost = pl->cost;
    int32_t *restrict steps = pl->steps;
    const int32_t pa = m->price[0][0], pb = m->price[0][1];
    uint32_t ah = 0, at = 1, dh = 0, dt = 0; /* plain: buf[0..]; difficult: buf[n - 1 - i] */
    buf[0] = (uint32_t)q->start;
    while (ah < at || dh < dt) {
        int32_t cell;
        if (dh == dt) {
            cell = (int32_t)buf[ah++];
        } else if (ah == at) {
            cell = (int32_t)buf[n - 1u - dh++];
        } else {
            const int32_t ca = (int32_t)buf[ah], cd = (int32_t)buf[n - 1u - dh];
            const uint64_t ka = (uint64_t)(uint32_t)cost[ca] << 32 | (uint32_t)steps[ca];
            const uint64_t kd = (uint64_t)(uint32_t)cost[cd] << 32 | (uint32_t)steps[cd];
            if (ka <= kd) {
                cell = ca;
                ++ah;
            } else {
                cell = cd;
                ++dh;
            }
        }
        const uint32_t masks = f->lmd[cell] & f->keep;
        for (uint32_t b = unlabelled(bm, f->off, masks & 0xFFu, cell, w, f->inner_lo, f->inner_len);
             b != 0; b &= b - 1u) {
            const int k = gg__low_bit(b);
            const int32_t t = cell + f->off[k];
            const uint32_t hard = (masks >> (8 + k)) & 1u;
            bm[(uint32_t)t >> 3] |= (uint8_t)(1u << ((uint32_t)t & 7u));
            cost[t] = cost[cell] + (hard ? pb : pa);
            steps[t] = steps[cell] + 1;
            if (hard)
                buf[n - 1u - dt++] = (uint32_t)t;
            else
                buf[at++] = (uint32_t)t;
        }
    }
    /* Unreached cells keep the infinite cost field_clear() gave them: a restart reaches the
     * cells the run search had reached, and relabels each. */
}

/* The field with two prices: a FIFO of the cells entered at the plain price and one of those
 * entered at the difficult price. Keys (cost, steps) enter each FIFO in nondecreasing order (a
 * run of equal keys settles before any key it produces, which is larger by at least one unit),
 * so settling the run with the smaller key first settles in (cost, steps) order. Every cell is
 * queued once. Within a run the cells settle in queue order: it changes no label (a cell's
 * label depends only on the key of the first run that reaches it), and predecessors are derived
 * from labels (gg__mv_prev_of()).
 *
 * The search writes one word per cell, like the breadth-first field: the run that labelled it
 * (2 r for run r of the plain FIFO, 2 r + 1 of the difficult one), in the cost plane. Cells
 * sharing a cost lie in a wide band, so every label plane written during the search would cost
 * a cache miss per cell. The field then keeps the run numbers and the run table (readers go
 * through gg__mv_cost_at() / gg__mv_steps_at()). When the run room cannot hold the table (a run
 * holds 30 to 60 cells on the benchmark maps, and the room has 0.6 words per cell), the search
 * starts again and writes the labels directly (field_direct()). Working memory: the bit map,
 * the n-cell buffer and the step masks (derived per field), about 6.1 bytes per cell. */
void gg__mv_field_runs(const gg__mv *m, gg_scratch *x, gg__mv_planes *pl, gg__mv_search *q)
{
    const int32_t w = m->w;
    const uint32_t n = (uint32_t)m->n;
    fsetup f;
    gg__mv_field_setup(m, x, pl, q, &f, true);
    uint32_t *buf = x->f_queue != NULL ? x->f_queue : x->m_queue;
    /* Records of 16 bytes: two words each. */
    size_t words = pl->run_room_words < x->m_field_runs_cap ? pl->run_room_words
                                                            : x->m_field_runs_cap;
    const size_t room = words / 2u;
    if (room < 2) {
        field_direct(m, pl, q, &f, buf);
        return;
    }
    const uint16_t *restrict lmd = f.lmd;
    uint8_t *restrict bm = f.bm;
    int32_t *restrict cost = pl->cost;
    frun_rec *rec = (frun_rec *)(void *)pl->run_room;
    frun fa = {buf, rec, 1, 0, 0, 0};
    frun fd = {buf + n - 1u, rec + room - 1u, -1, 0, 0, 0};
    const int32_t pa = m->price[0][0], pb = m->price[0][1];
    fa.cells[0] = (uint32_t)q->start;
    rec[0].key = 0;
    rec[0].start = 0;
    fa.tail = 1;
    fa.runs = 1;
    cost[q->start] = 0; /* run 0 of the plain FIFO */
    for (;;) {
        const uint64_t ka = frun_key(&fa), kd = frun_key(&fd);
        if (ka == UINT64_MAX && kd == UINT64_MAX)
            break;
        frun *src = ka <= kd ? &fa : &fd;
        const uint64_t key = ka <= kd ? ka : kd;
        /* Every cell this run reaches joins one of two runs. */
        const uint32_t s1 = (uint32_t)key + 1u, c = (uint32_t)(key >> 32);
        const uint64_t kna = (uint64_t)(c + (uint32_t)pa) << 32 | s1;
        const uint64_t knd = (uint64_t)(c + (uint32_t)pb) << 32 | s1;
        const uint32_t ra = frun_target(&fa, kna), rd = frun_target(&fd, knd);
        if (ra + rd + 2u > room) {
            /* The records of the runs this one may open would not fit: label directly. */
            memset(bm, 0, ((size_t)n + 7u) / 8u + 4u);
            bm[(uint32_t)q->start >> 3] |= (uint8_t)(1u << ((uint32_t)q->start & 7u));
            pl->steps[q->start] = 0;
            field_direct(m, pl, q, &f, buf);
            return;
        }
        uint32_t i = frun_at(src, src->cur)->start;
        const uint32_t end = src->cur + 1 < src->runs ? frun_at(src, src->cur + 1)->start
                                                      : src->tail;
        src->cur++;
        const int32_t la = (int32_t)(2u * ra), ld = (int32_t)(2u * rd + 1u);
        const uint32_t a0 = fa.tail, d0 = fd.tail;
        uint32_t *restrict ta = fa.cells + a0, *restrict td = fd.cells - d0;
        const ptrdiff_t dir = src->dir, ahead = (ptrdiff_t)FIFO_AHEAD * dir;
        const uint32_t *cells = src->cells + (ptrdiff_t)i * dir;
        for (; i < end; ++i, cells += dir) {
            const int32_t cell = (int32_t)*cells;
            if (i + FIFO_AHEAD < end)
                field_prefetch(lmd, cost, (int32_t)cells[ahead], w, (int32_t)n);
            const uint32_t masks = lmd[cell] & f.keep;
            /* One loop, no branch on the terrain: the cell is stored at both tails and only
             * the tail of its FIFO advances (the other slot is overwritten later; both lie
             * in the free middle of the buffer, or on its last free slot together, while a
             * cell is still unqueued). */
            for (uint32_t b =
                     unlabelled(bm, f.off, masks & 0xFFu, cell, w, f.inner_lo, f.inner_len);
                 b != 0; b &= b - 1u) {
                const int k = gg__low_bit(b);
                const int32_t t = cell + f.off[k];
                const uint32_t hard = (masks >> (8 + k)) & 1u;
                bm[(uint32_t)t >> 3] |= (uint8_t)(1u << ((uint32_t)t & 7u));
                cost[t] = hard ? ld : la;
                *ta = (uint32_t)t;
                *td = (uint32_t)t;
                ta += 1u - hard;
                td -= hard;
            }
        }
        fa.tail = (uint32_t)(ta - fa.cells);
        fd.tail = (uint32_t)(fd.cells - td);
        frun_close(&fa, ra, a0, kna);
        frun_close(&fd, rd, d0, knd);
    }
    /* The keys stay in the run room, as the field reads them: the plain FIFO's first, then the
     * difficult one's (whose records, at the back, are reversed into order first). Each key
     * moves to a word at or before its record's, so the copy runs forward in place. */
    uint64_t *rk = pl->run_room;
    frun_rec *dr = rec + room - fd.runs;
    for (uint32_t a = 0, b = fd.runs; a + 1u < b; ++a, --b) {
        const frun_rec t = dr[a];
        dr[a] = dr[b - 1u];
        dr[b - 1u] = t;
    }
    for (uint32_t r = 0; r < fa.runs; ++r)
        rk[r] = rec[r].key;
    for (uint32_t r = 0; r < fd.runs; ++r)
        rk[fa.runs + r] = dr[r].key;
    pl->runs[0] = rk;
    pl->runs[1] = rk + fa.runs;
}
