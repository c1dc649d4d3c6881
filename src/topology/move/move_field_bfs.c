/* move_field_bfs.c - the breadth-first field engine (a 1x1 mover, every step one unit), and
 * the set-up it shares with the two-price field (masks, bit map).
 * Layer: topology. */
#include "topology/move/move_engine.h"

/* ---- Fields of a 1x1 mover whose step price depends only on the cell entered --------------- *
 *
 * Under Chebyshev and Manhattan prices (one layer), a step costs pa units into a plain cell and
 * pb into a difficult one, wherever it comes from. Settled in nondecreasing (cost, steps) order,
 * the first settled neighbour that can step into a cell gives it its final label: any later one
 * has a key at least as large, and the step price is the same. So each cell is labelled once and
 * queued once, and a neighbour is skipped as soon as it is labelled, as in a plain breadth-first
 * search. With one price (uniform) that is a breadth-first search; with two, one FIFO per price
 * receives keys (cost + price, steps + 1) in settle order, so each is sorted, and merging their
 * heads settles in (cost, steps) order. Predecessors are not stored (see gg__mv_prev_of()).
 *
 * Per cell the search reads one precomputed mask (the legal steps, and the difficult
 * neighbours) and three bytes of a one-bit-per-cell "labelled" map that stays in cache; the
 * label planes are only written. Masks use the spatial order of the eight neighbours
 * (NW, N, NE, W, E, SW, S, SE), which is how rows of the bit map read. */

/* Spatial bit k is set when neighbour k of (col, row) is on the map and difficult. */
static uint8_t edge_difficult(const gg__mv *m, int32_t col, int32_t row)
{
    uint32_t diff = 0;
    for (int k = 0; k < 8; ++k) {
        int d = sp_dir[k];
        int32_t c2 = col + gg__dirs[d].dc, r2 = row + gg__dirs[d].dr;
        if (c2 >= 0 && r2 >= 0 && c2 < m->w && r2 < m->h &&
            (m->cells[r2 * m->w + c2] & GG__CELL_DIFFICULT))
            diff |= 1u << k;
    }
    return (uint8_t)diff;
}

/* The vector path needs GCC/Clang vector extensions and __builtin_convertvector (GCC 9, every
 * Clang); GG_NO_VECTOR_EXT forces the scalar loop, which rows with fewer than 16 inner cells
 * take anyway (tests/topology/test_move_path.c checks every width from 1). */
#if defined(__has_builtin) && !defined(GG_NO_VECTOR_EXT)
#if __has_builtin(__builtin_convertvector)
#define GG__MV_VEC_MASKS 1
#endif
#elif defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 9 && !defined(GG_NO_VECTOR_EXT)
#define GG__MV_VEC_MASKS 1
#endif

#if defined(GG__MV_VEC_MASKS)
/* Sixteen cell bytes in one vector (SSE2 on x86-64, NEON on Arm, plain code elsewhere), the
 * same bits as 16-bit lanes for the shifts, and eight of each for the widening to the output
 * words. A shift of a 16-bit lane carries bits from one byte into the other (which one depends
 * on the byte order): every use masks the bits it keeps afterwards, so those carries are
 * dropped in either byte order. */
typedef uint8_t mv_bytes __attribute__((vector_size(16)));
typedef uint16_t mv_words __attribute__((vector_size(16)));
typedef uint8_t mv_half __attribute__((vector_size(8)));

static inline mv_bytes bytes_at(const uint8_t *p)
{
    mv_bytes v;
    memcpy(&v, p, sizeof v);
    return v;
}

/* v shifted left by k in every byte (the bits it carries into the other byte of its 16-bit lane
 * are masked off by the caller). */
static inline mv_bytes shl(mv_bytes v, int k) { return (mv_bytes)((mv_words)v << k); }
/* v shifted right by k in every byte (the bits it pulls in from the next byte are masked off by
 * the caller). */
static inline mv_bytes shr(mv_bytes v, int k) { return (mv_bytes)((mv_words)v >> k); }

/* Eight output words: legal | difficult << 8. */
static inline void store_words(uint16_t *out, mv_bytes legal, mv_bytes dif, int half)
{
    mv_half l, d;
    memcpy(&l, (const uint8_t *)&legal + 8 * half, sizeof l);
    memcpy(&d, (const uint8_t *)&dif + 8 * half, sizeof d);
    const mv_words v = __builtin_convertvector(l, mv_words) | __builtin_convertvector(d, mv_words)
                                                                  << 8;
    memcpy(out, &v, sizeof v);
}

/* The masks of the sixteen cells i .. i + 15 of one row: gg__row_steps() and
 * gg__row_difficult() in byte lanes. `walls` false: the row shares the zero move_walls row. */
static inline void mask_block(const uint8_t *up, const uint8_t *mid, const uint8_t *dn,
                              const uint8_t *mwr, bool walls, uint16_t *out, int32_t i,
                              uint8_t keep, bool with_difficult)
{
    const mv_bytes a = bytes_at(up + i - 1), b = bytes_at(up + i), c = bytes_at(up + i + 1);
    const mv_bytes l = bytes_at(mid + i - 1), r = bytes_at(mid + i + 1);
    const mv_bytes x = bytes_at(dn + i - 1), y = bytes_at(dn + i), z = bytes_at(dn + i + 1);
    /* Blocked neighbours (0 or 1 a byte) and, for a diagonal, the orthogonal neighbours it
     * passes (the corner rule), at bit k for spatial neighbour k. */
    const mv_bytes bn = b & 1, bw = l & 1, be = r & 1, bs = y & 1;
    mv_bytes forbid = ((a & 1) | bn | bw) | shl(bn, 1) | shl((c & 1) | bn | be, 2) | shl(bw, 3) |
                      shl(be, 4) | shl((x & 1) | bs | bw, 5) | shl(bs, 6) |
                      shl((z & 1) | bs | be, 7);
    if (walls) {
        /* move_walls bit d (gg__dirs order) to spatial bit k (masked after the shift). */
        const mv_bytes mw = bytes_at(mwr + i);
        forbid |= (mw & 0x81) | (shr(mw, 2) & 0x02) | (shr(mw, 3) & 0x04) | (shl(mw, 2) & 0x08) |
                  (shr(mw, 2) & 0x10) | (shl(mw, 3) & 0x20) | (shl(mw, 2) & 0x40);
    }
    const mv_bytes legal = ~forbid & keep;
    mv_bytes dif = {0};
    if (with_difficult)
        dif = (shr(a, 1) & 0x01) | (b & 0x02) | (shl(c, 1) & 0x04) | (shl(l, 2) & 0x08) |
              (shl(r, 3) & 0x10) | (shl(x, 4) & 0x20) | (shl(y, 5) & 0x40) | (shl(z, 6) & 0x80);
    store_words(out + i, legal, dif, 0);
    store_words(out + i + 8, legal, dif, 1);
}

/* The interior cells 1 .. w - 2 of one row, sixteen at a time (the field derives every cell's
 * masks per call, since the scene stores none); the last block overlaps the one before it
 * (same words) instead of leaving a scalar tail. Returns the first cell left for the scalar
 * loop: w - 1 unless the row has fewer than 16 interior cells. */
static int32_t row_masks_vec(const uint8_t *up, const uint8_t *mid, const uint8_t *dn,
                             const uint8_t *mwr, bool walls, uint16_t *out, int32_t w, uint8_t keep,
                             bool with_difficult)
{
    if (w - 2 < 16)
        return 1;
    int32_t i = 1;
    for (; i + 16 <= w - 1; i += 16)
        mask_block(up, mid, dn, mwr, walls, out, i, keep, with_difficult);
    if (i < w - 1)
        mask_block(up, mid, dn, mwr, walls, out, w - 17, keep, with_difficult);
    return w - 1;
}
#endif

/* The word of a cell on the grid's edge: from the scene's reference when the grid is the whole
 * map (neighbour by neighbour), else through the model (a grid that is not the whole map: its
 * edge rows are edges; the whole-map fields, which are all that reach this today, never take
 * that branch). */
static uint16_t edge_word(const gg__mv *m, bool whole, int32_t col, int32_t row, uint8_t keep,
                          bool with_difficult)
{
    if (whole) {
        const uint32_t r = gg__cell_steps_spatial_ref(m->s, col, row);
        return (uint16_t)((r & keep) | (with_difficult ? r & 0xFF00u : 0u));
    }
    return (uint16_t)(gg__mv_edge_legal(m, row * m->w + col, col, row) |
                      (with_difficult ? edge_difficult(m, col, row) << 8 : 0));
}

/* lmd[cell] = legal steps | difficult neighbours << 8 (with_difficult) for every cell of the
 * grid, in one pass over the map: interior rows sixteen cells at a time where the compiler has
 * vector extensions, the rest cell by cell. */
GG__MV_INLINE void cell_masks(const gg__mv *m, uint16_t *restrict lmd, const bool with_difficult)
{
    const int32_t w = m->w, h = m->h;
    const uint8_t keep = m->ndirs == 4 ? GG__MV_SP_ORTH : 0xFFu;
    const bool whole = m->cells == m->s->cells && m->mwalls == NULL && h == m->s->height;
    for (int32_t row = 0; row < h; ++row) {
        const size_t r0 = (size_t)row * (size_t)w;
        uint16_t *restrict out = lmd + r0;
        if (row == 0 || row == h - 1 || w < 3) {
            for (int32_t col = 0; col < w; ++col)
                out[col] = edge_word(m, whole, col, row, keep, with_difficult);
            continue;
        }
        const uint8_t *up = m->cells + r0 - (size_t)w, *mid = up + w, *dn = mid + w;
        const uint8_t *mwr = gg__mv_mwalls_row(m, row);
        int32_t i = 1;
#if defined(GG__MV_VEC_MASKS)
        /* A row without walls near it shares the zero row: its walls forbid nothing. */
        const bool walls = m->mwalls != NULL || m->mwoffs[row] != 0u;
        i = row_masks_vec(up, mid, dn, mwr, walls, out, w, keep, with_difficult);
#endif
        for (; i < w - 1; ++i)
            out[i] = (uint16_t)(gg__row_steps(up, mid, dn, mwr, i, keep) |
                                (with_difficult ? gg__row_difficult(up, mid, dn, i) << 8 : 0));
        out[0] = edge_word(m, whole, 0, row, keep, with_difficult);
        out[w - 1] = edge_word(m, whole, w - 1, row, keep, with_difficult);
    }
}

void gg__mv_field_setup(const gg__mv *m, gg_scratch *x, gg__mv_planes *pl, const gg__mv_search *q,
                        fsetup *f, bool with_difficult)
{
    const int32_t w = m->w, n = m->n;
    /* The bit map in the cost plane (8 * ncells bytes), free during a field. */
    f->bm = x->f_bits != NULL ? x->f_bits : (uint8_t *)(void *)x->m_cost;
    const int32_t off[8] = {-w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1};
    memcpy(f->off, off, sizeof off);
    /* Cells whose eight neighbours (and their bits) all lie inside the planes; off-map ones
     * wrap to the other edge of the map and are never legal. */
    f->inner_lo = (uint32_t)w + 1u;
    f->inner_len = n > 2 * w + 2 ? (uint32_t)(n - 2 * w - 2) : 0u;
    /* The masks, made for this grid (the whole map for every field that reaches this; a grid of
     * fewer rows would have its edge rows as edges) in one pass: in the scratch's mask plane
     * (GG_SCRATCH_FIELD) or its predecessor plane (2 * ncells bytes, free during a field). The
     * scene stores no step words (docs/memory.md). */
    uint16_t *lmd = x->f_masks != NULL ? x->f_masks : (uint16_t *)(void *)x->m_prev;
    if (with_difficult)
        cell_masks(m, lmd, true);
    else
        cell_masks(m, lmd, false);
    f->lmd = lmd;
    f->keep = 0xFFFFu;
    memset(f->bm, 0, ((size_t)n + 7u) / 8u + 4u);
    pl->cost[q->start] = 0;
    pl->steps[q->start] = 0;
    pl->prev[q->start] = GG__MV_NO_PREV;
    f->bm[(uint32_t)q->start >> 3] |= (uint8_t)(1u << ((uint32_t)q->start & 7u));
}

/* The breadth-first field (every step one unit). */
void gg__mv_field_bfs(const gg__mv *m, gg_scratch *x, gg__mv_planes *pl, gg__mv_search *q)
{
    fsetup f;
    gg__mv_field_setup(m, x, pl, q, &f, false);
    const int32_t w = m->w;
    const uint16_t *restrict lmd = f.lmd;
    uint8_t *restrict bm = f.bm;
    int32_t *restrict cost = pl->cost;
    uint32_t *restrict queue = x->f_queue != NULL ? x->f_queue : x->m_queue;
    uint32_t head = 0, tail = 0, layer_end = 1;
    int32_t nc = 1; /* the cost of cells entered from the layer being settled */
    queue[tail++] = (uint32_t)q->start;
    while (head < tail) {
        if (head == layer_end) {
            layer_end = tail;
            ++nc;
        }
        const int32_t cell = (int32_t)queue[head++];
        if (head + FIFO_AHEAD < tail)
            field_prefetch(lmd, cost, (int32_t)queue[head + FIFO_AHEAD], w, m->n);
        uint32_t cand = unlabelled(bm, f.off, lmd[cell] & f.keep, cell, w, f.inner_lo, f.inner_len);
        for (; cand != 0; cand &= cand - 1u) {
            const int32_t t = cell + f.off[gg__low_bit(cand)];
            bm[(uint32_t)t >> 3] |= (uint8_t)(1u << ((uint32_t)t & 7u));
            cost[t] = nc;
            queue[tail++] = (uint32_t)t;
        }
    }
}
