/* terrain_sight.c - validation of the arguments the hex and square terrain-sight queries share.
 * Layer: core. */
#include "core/terrain_sight.h"

gg_status gg__sight_validate_slow(const gg_sight_def *def, const void *traced, int32_t capacity,
                                  const int32_t *out_count, gg_sight_fault *fault)
{
    /* In the reference's order (docs/hex.md): the caller's arguments, then range, eye height, target height; the opacity option is
     * ours and comes last. */
    if (out_count == NULL || capacity < 0 || (traced == NULL && capacity > 0) || def == NULL) {
        *fault = GG_SIGHT_FAULT_ARGUMENT;
        return GG_E_INVALID_ARG;
    }
    if (def->struct_size < sizeof(gg_sight_def)) {
        *fault = GG_SIGHT_FAULT_ARGUMENT;
        return GG_E_BAD_DEF;
    }
    if (def->trace != GG_SIGHT_TRACE_CENTRE && def->trace != GG_SIGHT_TRACE_SUPERCOVER) {
        *fault = GG_SIGHT_FAULT_ARGUMENT;
        return GG_E_INVALID_ARG;
    }
    if (def->max_range < 0) {
        *fault = GG_SIGHT_FAULT_RANGE;
        return GG_E_INVALID_ARG;
    }
    if (!gg__finite(def->eye_height) || def->eye_height < 0.0 || !gg__finite(def->target_height) ||
        def->target_height < 0.0) {
        *fault = GG_SIGHT_FAULT_HEIGHT;
        return GG_E_INVALID_ARG;
    }
    if (!gg__finite(def->opacity_threshold) || def->opacity_threshold < 0.0) {
        *fault = GG_SIGHT_FAULT_OPACITY;
        return GG_E_INVALID_ARG;
    }
    return GG_OK;
}
