/* board.c - the hex board: tiles present or missing over a dense axial parallelogram.
 * Layer: hex. */
#include <string.h>

#include "base/alloc.h"
#include "hex/board_internal.h"

gg_status gg_hex_board_create(const gg_hex_board_def *def, gg_hex_board **out_board)
{
    if (out_board == NULL)
        return GG_E_INVALID_ARG;
    *out_board = NULL;
    if (def == NULL)
        return GG_E_INVALID_ARG;
    if (def->struct_size < sizeof(gg_hex_board_def))
        return GG_E_BAD_DEF;
    if (def->q_count < 1 || def->r_count < 1)
        return GG_E_INVALID_ARG;
    if ((int64_t)def->origin.q + def->q_count - 1 > INT32_MAX ||
        (int64_t)def->origin.r + def->r_count - 1 > INT32_MAX)
        return GG_E_INVALID_ARG;
    int64_t n = (int64_t)def->q_count * def->r_count;
    if (n > GG_HEX_BOARD_MAX_TILES)
        return GG_E_TOO_LARGE;
    gg_allocator al;
    if (!gg__allocator_resolve(def->allocator, &al))
        return GG_E_INVALID_ARG;
    gg_hex_board *b = (gg_hex_board *)gg__alloc_array(&al, 1, sizeof *b);
    if (b == NULL)
        return GG_E_NO_MEMORY;
    b->alloc = al;
    b->origin = def->origin;
    b->q_count = def->q_count;
    b->r_count = def->r_count;
    b->count = (int32_t)n;
    /* The margin: origin - (1, 1) is top's index 0. */
    b->top_stride = (int64_t)def->q_count + 2;
    b->top_count = b->top_stride * ((int64_t)def->r_count + 2);
    b->top_base = -(((int64_t)def->origin.r - 1) * b->top_stride + ((int64_t)def->origin.q - 1));
    b->min_move_cost = HUGE_VAL;
    b->tiles = (gg_hex_tile *)gg__alloc_array(&al, (size_t)n, sizeof *b->tiles);
    b->present = (uint8_t *)gg__alloc_array(&al, (size_t)n, 1);
    b->top = (double *)gg__alloc_array(&al, (size_t)b->top_count, sizeof *b->top);
    if (b->tiles == NULL || b->present == NULL || b->top == NULL) {
        gg_hex_board_destroy(b);
        return GG_E_NO_MEMORY;
    }
    for (int64_t i = 0; i < b->top_count; ++i)
        b->top[i] = HUGE_VAL; /* no tile yet, and the margin */
    *out_board = b;
    return GG_OK;
}

void gg_hex_board_destroy(gg_hex_board *board)
{
    if (board == NULL)
        return;
    gg_allocator al = board->alloc;
    gg__free_array(&al, board->tiles, (size_t)board->count, sizeof *board->tiles);
    gg__free_array(&al, board->present, (size_t)board->count, 1);
    gg__free_array(&al, board->top, (size_t)board->top_count, sizeof *board->top);
    gg__free_array(&al, board, 1, sizeof *board);
}

static bool tile_ok(const gg_hex_tile *t)
{
    return gg__finite(t->ground) && gg__finite(t->obstruction) && t->obstruction >= 0.0 &&
           gg__finite(t->density) && t->density >= 0.0 && gg__finite(t->move_cost) &&
           t->move_cost >= 0.0;
}

gg_status gg_hex_board_set_tile(gg_hex_board *board, gg_hex h, const gg_hex_tile *tile)
{
    if (board == NULL || tile == NULL || !tile_ok(tile))
        return GG_E_INVALID_ARG;
    int32_t i = gg__board_index(board, h);
    if (i < 0)
        return GG_E_OUT_OF_BOUNDS;
    board->tiles[i] = *tile;
    board->tiles[i].blocks_move = tile->blocks_move ? true : false;
    board->present[i] = 1;
    /* the sum gg__sight_blocks() forms */
    board->top[gg__board_top_index(board, h)] = tile->ground + tile->obstruction;
    /* A lower bound for the A* heuristic: it only ever decreases, so it stays admissible. */
    if (tile->move_cost < board->min_move_cost)
        board->min_move_cost = tile->move_cost;
    return GG_OK;
}

gg_status gg_hex_board_remove_tile(gg_hex_board *board, gg_hex h)
{
    if (board == NULL)
        return GG_E_INVALID_ARG;
    int32_t i = gg__board_index(board, h);
    if (i < 0)
        return GG_E_OUT_OF_BOUNDS;
    board->present[i] = 0;
    board->top[gg__board_top_index(board, h)] = HUGE_VAL;
    return GG_OK;
}

bool gg_hex_board_tile(const gg_hex_board *board, gg_hex h, gg_hex_tile *out)
{
    if (board == NULL || out == NULL)
        return false;
    int32_t i = gg__board_index(board, h);
    if (i < 0 || !board->present[i])
        return false;
    *out = board->tiles[i];
    return true;
}
