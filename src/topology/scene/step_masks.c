/* step_masks.c - the scene's step_masks plane: for every cell, which of its eight one-cell steps a
 * 1x1 mover may take and which neighbours are difficult, kept current as cells and walls change,
 * so that a search reads one 16-bit word per settled cell instead of three rows of cells and the
 * cell's move_walls byte. Layer: topology. */
#include "topology/scene/scene_internal.h"

/* Neighbour k in spatial order (NW, N, NE, W, E, SW, S, SE) and its gg__dirs index. */
static const int8_t sm_dc[8] = {-1, 0, 1, -1, 1, -1, 0, 1};
static const int8_t sm_dr[8] = {-1, -1, -1, 0, 0, 1, 1, 1};
static const uint8_t sm_dir[8] = {0, 3, 5, 1, 6, 2, 4, 7};

static inline bool open_cell(const gg_scene *s, int32_t col, int32_t row)
{
    return col >= 0 && row >= 0 && col < s->width && row < s->height &&
           (s->cells[(size_t)row * (size_t)s->width + (size_t)col] & GG__CELL_BLOCKED) == 0;
}

/* A step is legal when the neighbour is on the map and open, no wall blocks the centre-to-centre
 * segment, and a diagonal does not cut a blocked orthogonal neighbour (the corner rule). */
static uint16_t mask_of(const gg_scene *s, int32_t col, int32_t row)
{
    const unsigned mw = gg__move_walls_row(s, row)[col];
    unsigned legal = 0, difficult = 0;
    for (int k = 0; k < 8; ++k) {
        const int32_t c = col + sm_dc[k], r = row + sm_dr[k];
        if (c < 0 || r < 0 || c >= s->width || r >= s->height)
            continue;
        if (s->cells[(size_t)r * (size_t)s->width + (size_t)c] & GG__CELL_DIFFICULT)
            difficult |= 1u << k;
        if (!open_cell(s, c, r) || (mw >> sm_dir[k] & 1u))
            continue;
        if (sm_dc[k] != 0 && sm_dr[k] != 0 && (!open_cell(s, c, row) || !open_cell(s, col, r)))
            continue;
        legal |= 1u << k;
    }
    return (uint16_t)(legal | difficult << 8);
}

void gg__step_masks_refresh(gg_scene *s, int32_t col, int32_t row)
{
    s->step_masks[(size_t)row * (size_t)s->width + (size_t)col] = mask_of(s, col, row);
}

void gg__step_masks_refresh_around(gg_scene *s, gg_cell c)
{
    for (int32_t r = c.row - 1; r <= c.row + 1; ++r)
        for (int32_t col = c.col - 1; col <= c.col + 1; ++col)
            if (col >= 0 && r >= 0 && col < s->width && r < s->height)
                gg__step_masks_refresh(s, col, r);
}

void gg__step_masks_rebuild(gg_scene *s)
{
    const int32_t w = s->width, h = s->height;
    for (int32_t row = 0; row < h; ++row) {
        uint16_t *out = s->step_masks + (size_t)row * (size_t)w;
        if (row == 0 || row == h - 1 || w < 3) {
            for (int32_t col = 0; col < w; ++col)
                out[col] = mask_of(s, col, row);
            continue;
        }
        /* Interior cells from three rows at once (compilers vectorise this loop). */
        const uint8_t *mid = s->cells + (size_t)row * (size_t)w, *up = mid - w, *dn = mid + w;
        const uint8_t *mwr = gg__move_walls_row(s, row);
        for (int32_t i = 1; i < w - 1; ++i)
            out[i] = (uint16_t)(gg__row_steps(up, mid, dn, mwr, i, 0xFFu) |
                                gg__row_difficult(up, mid, dn, i) << 8);
        out[0] = mask_of(s, 0, row);
        out[w - 1] = mask_of(s, w - 1, row);
    }
}
