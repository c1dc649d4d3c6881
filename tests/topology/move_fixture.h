/* move_fixture.h - the movement tests' addition to the tests' one fixture family
 * (tests/support/fixture.h): a distance field in the fixture's caller buffer, sized by the
 * internal gg_move_field_bytes(). Test code only. */
#ifndef GG_MOVE_FIXTURE_H
#define GG_MOVE_FIXTURE_H

#include "fixture.h"

#include "topology/move/move_internal.h"

/* The distance field of `def` from `origin` in the fixture's caller buffer (grown to
 * gg_move_field_bytes()); `parity` is the 5-10-5 diagonal parity to start with. */
static inline gg_move_field *fx_field(fixture *f, const gg_move_def *def, gg_cell origin,
                                      int parity)
{
    size_t bytes = 0;
    assert_int_equal(gg_move_field_bytes(f->scene, def, &bytes), GG_OK);
    if (bytes > f->bytes) {
        free(f->mem);
        f->mem = malloc(bytes);
        assert_non_null(f->mem);
        f->bytes = bytes;
    }
    gg_move_field *field = NULL;
    assert_int_equal(gg_scene_move_field(f->scene, f->scratch, origin, parity, def, f->mem,
                                         f->bytes, &field),
                     GG_OK);
    return field;
}

#endif
