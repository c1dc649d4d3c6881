/* cover_fixture.h - helpers for the cover model tests: maps drawn with the symbols of
 * the cover worked cases (A attacker, T target, # solid, h half, q three-quarters,
 * c creature), walls in grid coordinates, and a query runner. Test code only. */
#ifndef GG_COVER_FIXTURE_H
#define GG_COVER_FIXTURE_H

#include "fixture.h"

typedef struct cfx {
    gg_scene *s;
    gg_body att, tgt;
    gg_body cr[32];
    int ncr;
    gg_cover_line lines[64];
    int32_t nlines;
} cfx;

/* The size whose footprint side is `side` cells (1..4): Medium, Large, Huge, Gargantuan. */
static inline gg_size cfx_size(int side)
{
    static const gg_size k[5] = {GG_SIZE_MEDIUM, GG_SIZE_MEDIUM, GG_SIZE_LARGE, GG_SIZE_HUGE,
                                 GG_SIZE_GARGANTUAN};
    return k[side];
}

/* Rows top to bottom; a run of k A's (or T's) in the first row holding them makes a k x k body. */
static inline void cfx_build(cfx *c, int w, int h, const char *const *rows)
{
    memset(c, 0, sizeof *c);
    c->s = fx_open(w, h);
    bool seen_a = false, seen_t = false;
    for (int r = 0; r < h; ++r)
        for (int x = 0; x < w && rows[r][x]; ++x) {
            gg_cell cell = gg_cell_make(x, r);
            char ch = rows[r][x];
            if (ch == '#')
                assert_int_equal(gg_scene_set_blocked(c->s, cell, true), GG_OK);
            else if (ch == 'h')
                assert_int_equal(gg_scene_set_cover(c->s, cell, GG_COVER_HALF), GG_OK);
            else if (ch == 'q')
                assert_int_equal(gg_scene_set_cover(c->s, cell, GG_COVER_THREE_QUARTERS), GG_OK);
            else if (ch == 'c')
                c->cr[c->ncr++] = gg_body_make(cell);
            else if ((ch == 'A' && !seen_a) || (ch == 'T' && !seen_t)) {
                int k = 0;
                while (x + k < w && rows[r][x + k] == ch)
                    ++k;
                gg_body b = gg_body_make(cell);
                b.size = cfx_size(k);
                if (ch == 'A') {
                    c->att = b;
                    seen_a = true;
                } else {
                    c->tgt = b;
                    seen_t = true;
                }
            }
        }
}

static inline gg_wall_id cfx_wall(cfx *c, double x1, double y1, double x2, double y2,
                                  gg_cover cover)
{
    gg_wall_def w = gg_wall_def_default();
    w.x1 = x1;
    w.y1 = y1;
    w.x2 = x2;
    w.y2 = y2;
    w.cover = cover;
    gg_wall_id id;
    assert_int_equal(gg_scene_add_wall(c->s, &w, &id), GG_OK);
    return id;
}

static inline gg_cover_def cfx_def(gg_cover_mode mode)
{
    gg_cover_def d = gg_cover_def_default();
    d.mode = mode;
    return d;
}

static inline gg_cover_result cfx_run(cfx *c, const gg_cover_def *d)
{
    gg_cover_result r;
    gg_status st = gg_scene_cover(c->s, &c->att, &c->tgt, c->cr, c->ncr, d, &r, c->lines, 64,
                                  &c->nlines);
    assert_int_equal(st, GG_OK);
    return r;
}

static inline gg_cover cfx_degree(cfx *c, gg_cover_mode mode)
{
    gg_cover_def d = cfx_def(mode);
    return cfx_run(c, &d).degree;
}

/* The caps of the witness lines as a string of N/H/Q/T. */
static inline const char *cfx_caps(const cfx *c, char *buf)
{
    static const char k[4] = {'N', 'H', 'Q', 'T'};
    int n = c->nlines < 63 ? c->nlines : 63;
    for (int i = 0; i < n; ++i)
        buf[i] = k[c->lines[i].cap];
    buf[n] = 0;
    return buf;
}

static inline void cfx_swap(cfx *c)
{
    gg_body t = c->att;
    c->att = c->tgt;
    c->tgt = t;
}

static inline void cfx_free(cfx *c) { gg_scene_destroy(c->s); }

#endif
