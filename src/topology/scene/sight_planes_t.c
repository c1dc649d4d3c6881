/* sight_planes_t.c - the transposed blocked plane: a blocked bit per cell stored column by
 * column (bit c * height + r for cell (c, r)), the transpose of the scene's blocked_bits. The
 * field-of-view sweep (src/topology/sight/fov.c) reads the cells of a column of the map as one
 * run of bits here, so in its four column-major octants it tests up to 64 cells with a word
 * read, as it does along rows in blocked_bits. One bit per cell, kept current by the one writer
 * of blocked bits (gg__sight_planes_set_blocked()). Layer: topology. */
#include "base/alloc.h"
#include "topology/scene/scene_internal.h"

/* One spare word at the end, so that a reader may fetch the word after any bit's word. */
static size_t words_t(const gg_scene *s) { return (s->ncells + 63u) / 64u + 1u; }

size_t gg__blocked_t_bytes(const gg_scene *s) { return words_t(s) * sizeof(uint64_t); }

bool gg__blocked_t_alloc(gg_scene *s)
{
    s->blocked_bits_t = (uint64_t *)gg__alloc_array(&s->alloc, words_t(s), sizeof(uint64_t));
    return s->blocked_bits_t != NULL;
}

void gg__blocked_t_free(gg_scene *s)
{
    gg__free_array(&s->alloc, s->blocked_bits_t, words_t(s), sizeof(uint64_t));
    s->blocked_bits_t = NULL;
}

void gg__blocked_t_set(gg_scene *s, size_t i, bool blocked)
{
    const size_t W = (size_t)s->width, H = (size_t)s->height;
    const size_t t = (i % W) * H + i / W;
    const uint64_t bit = (uint64_t)1 << (t & 63u);
    if (blocked)
        s->blocked_bits_t[t >> 6] |= bit;
    else
        s->blocked_bits_t[t >> 6] &= ~bit;
}
