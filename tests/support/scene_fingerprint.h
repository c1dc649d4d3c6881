/* scene_fingerprint.h - a hash of a scene's query answers, so a fault-injection test can prove a
 * writer or an export that failed left the scene exactly as it was: every cell's tags, validity,
 * cover, light and obscurement, every step to a neighbour, sight and cover from a few viewers,
 * and the walls and lights read back. Public API only. Test code only. */
#ifndef GG_TEST_SCENE_FINGERPRINT_H
#define GG_TEST_SCENE_FINGERPRINT_H

#include <stdint.h>

#include "gridgeom/topology.h"

static inline uint64_t sfp_mix(uint64_t h, uint64_t v)
{
    h ^= v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
    return h * 0x100000001B3ull;
}

/* Answers that are not GG_OK still count: the status goes into the hash. */
static inline uint64_t scene_fingerprint(const gg_scene *s)
{
    uint64_t h = 1469598103934665603ull;
    const int32_t w = gg_scene_width(s), ht = gg_scene_height(s);
    h = sfp_mix(h, (uint64_t)w);
    h = sfp_mix(h, (uint64_t)ht);
    h = sfp_mix(h, (uint64_t)gg_scene_cell_size_ft(s));
    h = sfp_mix(h, (uint64_t)gg_scene_default_lighting(s));
    const gg_cell viewers[3] = {gg_cell_make(0, 0), gg_cell_make(w / 2, ht / 2),
                                gg_cell_make(w - 1, ht - 1)};
    for (int32_t r = 0; r < ht; ++r) {
        for (int32_t c = 0; c < w; ++c) {
            const gg_cell cell = gg_cell_make(c, r);
            for (int tag = GG_TAG_BLOCKED; tag <= GG_TAG_OBSCUREMENT; ++tag) {
                int32_t v = -1;
                h = sfp_mix(h, (uint64_t)gg_scene_cell_tags(s, (gg_cell_tag)tag, cell, 1, &v));
                h = sfp_mix(h, (uint64_t)v);
            }
            bool valid = false;
            gg_cover cover = GG_COVER_NONE;
            gg_light light = GG_LIGHT_DEFAULT;
            gg_obscurement obsc = GG_OBSCURE_NONE;
            h = sfp_mix(h, (uint64_t)gg_scene_is_valid_cell(s, cell, &valid) * 7u + valid);
            h = sfp_mix(h, (uint64_t)gg_scene_cover_on_cell(s, cell, &cover) * 7u + cover);
            h = sfp_mix(h, (uint64_t)gg_scene_light_on_cell(s, cell, &light) * 7u + light);
            h = sfp_mix(h, (uint64_t)gg_scene_obscurement_on_cell(s, cell, &obsc) * 7u + obsc);
            for (int dr = -1; dr <= 1; ++dr)
                for (int dc = -1; dc <= 1; ++dc) {
                    int32_t cost = 0;
                    if (dr == 0 && dc == 0)
                        continue;
                    gg_status st = gg_scene_edge_distance(s, cell, gg_cell_make(c + dc, r + dr),
                                                          &cost);
                    h = sfp_mix(h, (uint64_t)st * 7u + (uint64_t)(int64_t)cost);
                }
            for (int k = 0; k < 3; ++k) {
                bool seen = false;
                gg_cover cb = GG_COVER_NONE;
                h = sfp_mix(h,
                            (uint64_t)gg_scene_has_line_of_sight(s, viewers[k], cell, &seen) * 7u +
                                seen);
                h = sfp_mix(h, (uint64_t)gg_scene_cover_between(s, viewers[k], cell, NULL, 0, &cb) *
                                       7u +
                                   cb);
            }
        }
    }
    int32_t n = 0;
    gg_wall_id wid[64];
    gg_wall_def wdef[64];
    h = sfp_mix(h, (uint64_t)gg_scene_list_walls(s, wid, wdef, 64, &n));
    h = sfp_mix(h, (uint64_t)n);
    for (int32_t k = 0; k < n && k < 64; ++k) {
        h = sfp_mix(h, ((uint64_t)wid[k].index << 32) | wid[k].generation);
        h = sfp_mix(h, (uint64_t)(int64_t)(wdef[k].x1 * 2.0));
        h = sfp_mix(h, (uint64_t)(int64_t)(wdef[k].y1 * 2.0));
        h = sfp_mix(h, (uint64_t)(int64_t)(wdef[k].x2 * 2.0));
        h = sfp_mix(h, (uint64_t)(int64_t)(wdef[k].y2 * 2.0));
        h = sfp_mix(h, ((uint64_t)wdef[k].blocks << 24) | ((uint64_t)wdef[k].door << 16) |
                           ((uint64_t)wdef[k].one_way << 8) | (uint64_t)wdef[k].cover);
    }
    gg_light_id lid[64];
    gg_light_def ldef[64];
    h = sfp_mix(h, (uint64_t)gg_scene_list_lights(s, lid, ldef, 64, &n));
    h = sfp_mix(h, (uint64_t)n);
    for (int32_t k = 0; k < n && k < 64; ++k) {
        h = sfp_mix(h, ((uint64_t)lid[k].index << 32) | lid[k].generation);
        h = sfp_mix(h, ((uint64_t)(uint32_t)ldef[k].cell.col << 32) | (uint32_t)ldef[k].cell.row);
        h = sfp_mix(h, ((uint64_t)(uint32_t)ldef[k].bright_ft << 32) | (uint32_t)ldef[k].dim_ft);
    }
    return h;
}

#endif
