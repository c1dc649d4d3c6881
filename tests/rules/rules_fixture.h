/* rules_fixture.h - creature builders for the rules tests, over the tests' one fixture family
 * (tests/support/fixture.h: scenes from ASCII pictures, walls). Test code, not library. */
#ifndef GG_RULES_FIXTURE_H
#define GG_RULES_FIXTURE_H

#include "fixture.h"
#include "gridgeom/rules.h"

static inline gg_creature fx_at(int32_t col, int32_t row, int32_t side)
{
    gg_creature c = gg_creature_default();
    c.body.cell = gg_cell_make(col, row);
    c.body.side = side;
    return c;
}

#endif
