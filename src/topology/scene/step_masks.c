/* step_masks.c - a 1x1 mover's legal steps and difficult neighbours, derived from the cell bytes
 * and move_walls where a search needs them (gg__cell_steps() in scene_internal.h): the two
 * lookup tables of its interior cells, the edge cells, and the neighbour-by-neighbour reference.
 * The scene stores no per-cell step words (issue 15: at most 2 dense bytes per cell).
 * Layer: topology. */
#include "topology/scene/scene_internal.h"

/* ---- The tables -------------------------------------------------------------------------------
 * Index bits 0-5: the row above (gg__steps_up) or below (gg__steps_down) as gg__cell_triple()
 * packs it, west to east: blocked, difficult of each cell; bits 6-11 the cell's own row. An entry
 * holds the legal steps into that row and, for gg__steps_up, west and east (bits in gg__dirs
 * order: 0 NW, 1 W, 2 SW, 3 N, 4 S, 5 NE, 6 E, 7 SE), before walls, and the difficult neighbours
 * among them (bit 8 + d). A diagonal needs its cell and both orthogonal neighbours open (the
 * corner rule, docs/nat20.md). Entries are constant expressions of the index, spelled out by the
 * preprocessor: no table is built at run time. */
#define GG__BIT(i, k) (((unsigned)(i) >> (k)) & 1u)
#define GG__OPEN(x) ((unsigned)!(x))
/* Row bits of the index: blocked west 0, difficult west 1, blocked centre 2, difficult centre
 * 3, blocked east 4, difficult east 5; the cell's own row the same from 6. */
#define GG__UP(i)                                                                                  \
    (uint16_t)(GG__OPEN(GG__BIT(i, 0) | GG__BIT(i, 2) | GG__BIT(i, 6)) << 0 |                      \
               GG__OPEN(GG__BIT(i, 6)) << 1 | GG__OPEN(GG__BIT(i, 2)) << 3 |                       \
               GG__OPEN(GG__BIT(i, 4) | GG__BIT(i, 2) | GG__BIT(i, 10)) << 5 |                     \
               GG__OPEN(GG__BIT(i, 10)) << 6 | GG__BIT(i, 1) << 8 | GG__BIT(i, 7) << 9 |           \
               GG__BIT(i, 3) << 11 | GG__BIT(i, 5) << 13 | GG__BIT(i, 11) << 14)
#define GG__DOWN(i)                                                                                \
    (uint16_t)(GG__OPEN(GG__BIT(i, 0) | GG__BIT(i, 2) | GG__BIT(i, 6)) << 2 |                      \
               GG__OPEN(GG__BIT(i, 2)) << 4 |                                                      \
               GG__OPEN(GG__BIT(i, 4) | GG__BIT(i, 2) | GG__BIT(i, 10)) << 7 |                     \
               GG__BIT(i, 1) << 10 | GG__BIT(i, 3) << 12 | GG__BIT(i, 5) << 15)
#define GG__T16(G, p)                                                                              \
    G(p##0), G(p##1), G(p##2), G(p##3), G(p##4), G(p##5), G(p##6), G(p##7), G(p##8), G(p##9),      \
        G(p##A), G(p##B), G(p##C), G(p##D), G(p##E), G(p##F)
#define GG__T256(G, p)                                                                             \
    GG__T16(G, p##0), GG__T16(G, p##1), GG__T16(G, p##2), GG__T16(G, p##3), GG__T16(G, p##4),      \
        GG__T16(G, p##5), GG__T16(G, p##6), GG__T16(G, p##7), GG__T16(G, p##8), GG__T16(G, p##9),  \
        GG__T16(G, p##A), GG__T16(G, p##B), GG__T16(G, p##C), GG__T16(G, p##D), GG__T16(G, p##E),  \
        GG__T16(G, p##F)
#define GG__T4096(G)                                                                               \
    GG__T256(G, 0x0), GG__T256(G, 0x1), GG__T256(G, 0x2), GG__T256(G, 0x3), GG__T256(G, 0x4),      \
        GG__T256(G, 0x5), GG__T256(G, 0x6), GG__T256(G, 0x7), GG__T256(G, 0x8), GG__T256(G, 0x9),  \
        GG__T256(G, 0xA), GG__T256(G, 0xB), GG__T256(G, 0xC), GG__T256(G, 0xD), GG__T256(G, 0xE),  \
        GG__T256(G, 0xF)

const uint16_t gg__steps_up[4096] = {GG__T4096(GG__UP)};
const uint16_t gg__steps_down[4096] = {GG__T4096(GG__DOWN)};

/* ---- Neighbour by neighbour -------------------------------------------------------------------
 * Neighbour k in spatial order (NW, N, NE, W, E, SW, S, SE) and its gg__dirs index. */
static const int8_t sm_dc[8] = {-1, 0, 1, -1, 1, -1, 0, 1};
static const int8_t sm_dr[8] = {-1, -1, -1, 0, 0, 1, 1, 1};
static const uint8_t sm_dir[8] = {0, 3, 5, 1, 6, 2, 4, 7};

static inline bool open_cell(const gg_scene *s, int32_t col, int32_t row)
{
    return col >= 0 && row >= 0 && col < s->width && row < s->height &&
           (s->cells[(size_t)row * (size_t)s->width + (size_t)col] & GG__CELL_BLOCKED) == 0;
}

/* A step is legal when the neighbour is on the map and open, no wall blocks the centre-to-centre
 * segment, and a diagonal does not cut a blocked orthogonal neighbour (the corner rule). Bit k
 * of the result for spatial neighbour k (legal), bit 8 + k (difficult); `dirs` gives the
 * gg__dirs index each k lands on instead. */
static uint32_t steps_of(const gg_scene *s, int32_t col, int32_t row, const uint8_t *dirs)
{
    const unsigned mw = gg__move_walls_row(s, row)[col];
    uint32_t legal = 0, difficult = 0;
    for (int k = 0; k < 8; ++k) {
        const int32_t c = col + sm_dc[k], r = row + sm_dr[k];
        if (c < 0 || r < 0 || c >= s->width || r >= s->height)
            continue;
        if (s->cells[(size_t)r * (size_t)s->width + (size_t)c] & GG__CELL_DIFFICULT)
            difficult |= 1u << dirs[k];
        if (!open_cell(s, c, r) || (mw >> sm_dir[k] & 1u))
            continue;
        if (sm_dc[k] != 0 && sm_dr[k] != 0 && (!open_cell(s, c, row) || !open_cell(s, col, r)))
            continue;
        legal |= 1u << dirs[k];
    }
    return legal | difficult << 8;
}

uint32_t gg__cell_steps_edge(const gg_scene *s, int32_t col, int32_t row)
{
    return steps_of(s, col, row, sm_dir);
}

uint32_t gg__cell_steps_spatial_ref(const gg_scene *s, int32_t col, int32_t row)
{
    static const uint8_t identity[8] = {0, 1, 2, 3, 4, 5, 6, 7};
    return steps_of(s, col, row, identity);
}
