/* def_sizes.h - the sizes the 0.2 headers gave the defs that have grown since, and the rule the
 * sized getters use to accept a caller's size. Layer: topology (private).
 *
 * The 0.2 layouts are prefixes of today's (fields are only added at the end), so a 0.2-sized
 * def is the first GG__*_DEF_SIZE_0_2 bytes of a current one (docs/api.md, "Growing without
 * breaking"). */
#ifndef GG_SRC_TOPOLOGY_DEF_SIZES_H
#define GG_SRC_TOPOLOGY_DEF_SIZES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gridgeom/topology.h"

/* A 0.2 wall def ends before `limited` (56 bytes on x86-64). */
#define GG__WALL_DEF_SIZE_0_2 ((uint32_t)offsetof(gg_wall_def, limited))

/* A 0.2 light def ends after dim_ft (20 bytes: the double after it is aligned to 8, so
 * offsetof(angle_deg) is not the old size). */
#define GG__LIGHT_DEF_SIZE_0_2 ((uint32_t)(offsetof(gg_light_def, dim_ft) + sizeof(int32_t)))

/* The sizes a getter writes: a layout the library knows, no other. A size between two known
 * ones would cut a field in half, and one above today's names fields this library cannot fill;
 * input defs follow the same rule (a struct_size the library cannot read is GG_E_BAD_DEF). */
static inline bool gg__def_out_size_known(size_t size, uint32_t size_0_2, size_t size_now)
{
    return size == size_0_2 || size == size_now;
}

#endif /* GG_SRC_TOPOLOGY_DEF_SIZES_H */
