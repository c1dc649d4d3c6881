/* svg_fog.c - the fog-of-war overlays of `gridgeom draw` (fog.h; docs/vision.md):
 *   --fog C,R;...   a token walks through these cells, one turn each: the cells its fog memory
 *                   (gg_fog) has explored, and those it sees on the last turn;
 *   --changes WALL  the door of wall WALL is opened (or closed, when it is open) on the loaded
 *                   scene, and the cells whose view from A changed, as
 *                   gg_scene_party_views_update() answers them, are drawn over the edited map.
 * Layer: tools. */
#include "svg.h"

#include <stdlib.h>
#include <string.h>

#include <gridgeom/fog.h>

int gg_cli_changes_prepare(gg_scene *scene, gg_cli_draw *opt, uint64_t **out_bits, char *msg,
                           size_t msgcap)
{
    *out_bits = NULL;
    int32_t n = gg_scene_wall_count(scene), got = 0;
    gg_wall_id *ids = calloc((size_t)(n > 0 ? n : 1), sizeof *ids);
    gg_wall_id id = {0, 0};
    bool found = false;
    if (ids != NULL && gg_scene_list_walls(scene, ids, NULL, n, &got) == GG_OK)
        for (int32_t i = 0; i < got && !found; i++)
            if (ids[i].index == (uint32_t)opt->changes_wall) {
                id = ids[i];
                found = true;
            }
    free(ids);
    if (!found) {
        snprintf(msg, msgcap, "--changes: no wall %d (gridgeom query's \"walls\" op lists them)",
                 (int)opt->changes_wall);
        return 1;
    }
    size_t words = gg_scene_bitset_words(scene);
    uint64_t *views = calloc(words, sizeof *views), *changed = calloc(words, sizeof *changed);
    gg_viewer v = gg_viewer_make(opt->from);
    gg_party_views pv = {&v, 1, views, words, NULL, NULL};
    gg_change_def ch = gg_change_def_default();
    gg_status st = views == NULL || changed == NULL ? GG_E_NO_MEMORY
                                                    : gg_scene_party_views_init(scene, NULL, &pv);
    if (st == GG_OK)
        st = gg_scene_get_wall(scene, id, &ch.wall_before);
    if (st == GG_OK)
        st = gg_scene_set_door(scene, id,
                               ch.wall_before.door == GG_DOOR_OPEN ? GG_DOOR_CLOSED : GG_DOOR_OPEN);
    if (st == GG_OK)
        st = gg_scene_get_wall(scene, id, &ch.wall_after);
    if (st == GG_OK)
        st = gg_scene_party_views_update(scene, NULL, &ch, &pv, changed, &opt->changes_count);
    free(views);
    if (st != GG_OK) {
        free(changed);
        snprintf(msg, msgcap, "--changes: %s", gg_status_name(st));
        return 1;
    }
    opt->changes = changed;
    opt->changes_opened = ch.wall_after.door == GG_DOOR_OPEN;
    *out_bits = changed;
    return 0;
}

int gg_cli_fog_prepare(const gg_scene *scene, gg_cli_draw *opt, uint64_t **out_bits, char *msg,
                       size_t msgcap)
{
    *out_bits = NULL;
    size_t words = gg_scene_bitset_words(scene);
    uint64_t *bits = calloc(2 * words, sizeof *bits); /* explored, then the last view */
    gg_fog_def fd = gg_fog_def_default();
    fd.width = gg_scene_width(scene);
    fd.height = gg_scene_height(scene);
    gg_fog *fog = NULL;
    gg_status st = bits == NULL ? GG_E_NO_MEMORY : gg_fog_create(&fd, &fog);
    for (int32_t t = 0; st == GG_OK && t < opt->fog_turn_count; t++) {
        gg_viewer v = gg_viewer_make(opt->fog_turns[t]);
        st = gg_scene_party_view(scene, NULL, &v, 1, GG_BITSET_REPLACE, bits + words, words,
                                 &opt->fog_seen);
        if (st == GG_OK)
            st = gg_fog_reveal(fog, bits + words, words, NULL, NULL);
    }
    if (st == GG_OK)
        st = gg_fog_bits(fog, bits, words, &opt->fog_explored);
    gg_fog_destroy(fog);
    if (st != GG_OK) {
        free(bits);
        snprintf(msg, msgcap, "--fog: %s", gg_status_name(st));
        return 1;
    }
    opt->fog = bits;
    *out_bits = bits;
    return 0;
}

int gg_cli_draw_changes(const gg_scene *scene, const gg_cli_draw *opt, const gg_cli_frame *fr,
                        char *caption, size_t cap, size_t *used, char *msg, size_t msgcap)
{
    (void)msg;
    (void)msgcap;
    int32_t w = gg_scene_width(scene);
    if (opt->fog != NULL) {
        /* explored (blue-grey), then what the last turn sees (pale yellow) over it */
        const uint64_t *now = opt->fog + gg_scene_bitset_words(scene);
        fputs("<g fill-opacity=\"0.6\">\n", fr->f);
        for (int32_t r = 0; r < fr->h; r++)
            for (int32_t c = 0; c < fr->w; c++) {
                gg_cell cell = gg_cell_make(c, r);
                if (gg_bitset_has(opt->fog, w, cell))
                    fprintf(fr->f,
                            "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" "
                            "fill=\"%s\"/>\n",
                            fr->m + c * fr->s, fr->m + r * fr->s, fr->s, fr->s,
                            gg_bitset_has(now, w, cell) ? "#fff176" : "#90a4ae");
            }
        for (int32_t t = 0; t < opt->fog_turn_count; t++)
            fprintf(fr->f,
                    "<text x=\"%.2f\" y=\"%.2f\" font-size=\"%.1f\" text-anchor=\"middle\" "
                    "fill-opacity=\"1\">%d</text>\n",
                    fr->m + (opt->fog_turns[t].col + 0.5) * fr->s,
                    fr->m + (opt->fog_turns[t].row + 0.75) * fr->s, fr->s * 0.7, (int)(t + 1));
        fputs("</g>\n", fr->f);
        if (*used < cap)
            *used += (size_t)snprintf(caption + *used, cap - *used,
                                      "fog: %d turns, %d cells explored (blue-grey), %d seen on "
                                      "the last turn (yellow). ",
                                      (int)opt->fog_turn_count, (int)opt->fog_explored,
                                      (int)opt->fog_seen);
    }
    if (opt->changes == NULL)
        return 0;
    fputs("<g fill=\"#d81b60\" fill-opacity=\"0.55\">\n", fr->f);
    for (int32_t r = 0; r < fr->h; r++)
        for (int32_t c = 0; c < fr->w; c++)
            if (gg_bitset_has(opt->changes, w, gg_cell_make(c, r)))
                fprintf(fr->f, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\"/>\n",
                        fr->m + c * fr->s, fr->m + r * fr->s, fr->s, fr->s);
    fputs("</g>\n", fr->f);
    if (*used < cap)
        *used += (size_t)snprintf(caption + *used, cap - *used,
                                  "changes: wall %d %s, %d cells changed for A (magenta). ",
                                  (int)opt->changes_wall, opt->changes_opened ? "opened" : "closed",
                                  (int)opt->changes_count);
    return 0;
}
