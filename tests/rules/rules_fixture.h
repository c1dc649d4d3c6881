/* rules_fixture.h - scenes from ASCII art and creature builders for the rules tests.
 * Test code, not library. */
#ifndef GG_RULES_FIXTURE_H
#define GG_RULES_FIXTURE_H

#include <string.h>

#include "gridgeom/rules.h"

/* Map legend: '#' blocked, 'h' half cover, 't' three-quarters, 'T' total cover tag,
 * '~' difficult terrain, 'd' dark, 'H' heavily obscured, anything else open. */
static inline gg_scene *fx_scene(const char *const *rows, int32_t height)
{
    gg_scene_def def = gg_scene_def_default();
    def.width = (int32_t)strlen(rows[0]);
    def.height = height;
    gg_scene *s = NULL;
    if (gg_scene_create(&def, &s) != GG_OK)
        return NULL;
    for (int32_t r = 0; r < height; r++) {
        for (int32_t c = 0; c < def.width; c++) {
            gg_cell cell = gg_cell_make(c, r);
            gg_status st = GG_OK;
            switch (rows[r][c]) {
            case '#': st = gg_scene_set_blocked(s, cell, true); break;
            case 'h': st = gg_scene_set_cover(s, cell, GG_COVER_HALF); break;
            case 't': st = gg_scene_set_cover(s, cell, GG_COVER_THREE_QUARTERS); break;
            case 'T': st = gg_scene_set_cover(s, cell, GG_COVER_TOTAL); break;
            case '~': st = gg_scene_set_difficult(s, cell, true); break;
            case 'd': st = gg_scene_set_lighting(s, cell, GG_LIGHT_DARK); break;
            case 'H': st = gg_scene_set_obscurement(s, cell, GG_OBSCURE_HEAVY); break;
            default: break;
            }
            if (st != GG_OK) {
                gg_scene_destroy(s);
                return NULL;
            }
        }
    }
    return s;
}

static inline gg_scene *fx_open(int32_t w, int32_t h)
{
    gg_scene_def def = gg_scene_def_default();
    def.width = w;
    def.height = h;
    gg_scene *s = NULL;
    return gg_scene_create(&def, &s) == GG_OK ? s : NULL;
}

static inline bool fx_wall(gg_scene *s, double x1, double y1, double x2, double y2)
{
    gg_wall_def w = gg_wall_def_default();
    w.x1 = x1;
    w.y1 = y1;
    w.x2 = x2;
    w.y2 = y2;
    return gg_scene_add_wall(s, &w, NULL) == GG_OK;
}

static inline gg_creature fx_at(int32_t col, int32_t row, int32_t side)
{
    gg_creature c = gg_creature_default();
    c.body.cell = gg_cell_make(col, row);
    c.body.side = side;
    return c;
}

#endif
