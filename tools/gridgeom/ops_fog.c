/* ops_fog.c - `gridgeom query` ops for a party's view, its fog of war and what a door changes
 * (fog.h; docs/vision.md "Party view", "Fog of war", "What changed"). Layer: tools. */
#include <stdlib.h>
#include <string.h>

#include <gridgeom/fog.h>

#include "ops.h"

/* A party: a list of objects {"cell": "C,R", "range_ft": int, "senses": {...}}. A member with
 * "senses" follows gg_scene_can_see() (use_senses), one without has line of sight only. */
static bool viewers_of(gg_cli_call *c, gg_viewer **out, int32_t *n)
{
    *out = NULL;
    *n = 0;
    json_t *v = json_object_get(c->q, "viewers");
    size_t m = json_array_size(v);
    if (m == 0 || m > 4096) {
        gg_cli_fail(c, "viewers: give 1 to 4096 objects {\"cell\": \"C,R\", ...}");
        return false;
    }
    gg_viewer *vs = gg_cli_alloc(c, m, sizeof *vs);
    if (vs == NULL)
        return false;
    for (size_t i = 0; i < m; i++) {
        json_t *o = json_array_get(v, i), *cell = json_object_get(o, "cell");
        json_t *range = json_object_get(o, "range_ft"), *senses = json_object_get(o, "senses");
        gg_cell at;
        const char *key;
        json_t *val;
        bool known = true;
        json_object_foreach(o, key, val)
        {
            known = known && (strcmp(key, "cell") == 0 || strcmp(key, "range_ft") == 0 ||
                              strcmp(key, "senses") == 0);
        }
        if (!known || !json_is_string(cell) ||
            gg_cell_parse(json_string_value(cell), json_string_length(cell), &at, NULL) != GG_OK ||
            (range != NULL && (!json_is_integer(range) || json_integer_value(range) < 0 ||
                               json_integer_value(range) > INT32_MAX))) {
            gg_cli_fail(c,
                        "viewers[%d]: needs \"cell\": \"C,R\", optional \"range_ft\" (feet, >= 0) "
                        "and \"senses\"",
                        (int)i);
            gg_cli_free(c, vs, m, sizeof *vs);
            return false;
        }
        vs[i] = gg_viewer_make(at);
        if (range != NULL)
            vs[i].range_ft = (int32_t)json_integer_value(range);
        if (senses != NULL) {
            vs[i].use_senses = true;
            if (!gg_cli_senses(c, senses, &vs[i].senses)) {
                gg_cli_free(c, vs, m, sizeof *vs);
                return false;
            }
        }
    }
    *out = vs;
    *n = (int32_t)m;
    return true;
}

static json_t *cells_of_bits(gg_cli_call *c, const uint64_t *bits)
{
    int32_t w = gg_scene_width(c->ctx->scene), h = gg_scene_height(c->ctx->scene);
    json_t *arr = json_array();
    for (int32_t row = 0; arr != NULL && row < h; row++)
        for (int32_t col = 0; col < w; col++)
            if (gg_bitset_has(bits, w, gg_cell_make(col, row)))
                json_array_append_new(arr, gg_cli_cell_json(gg_cell_make(col, row)));
    return arr;
}

static const gg_cli_field k_party[] = {
    {"viewers", GG_CLI_OBJECTS, true, NULL},
    {"list", GG_CLI_BOOL, false, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

static json_t *op_party_view(gg_cli_call *c)
{
    gg_viewer *vs;
    int32_t n;
    if (!viewers_of(c, &vs, &n))
        return NULL;
    size_t words = gg_scene_bitset_words(c->ctx->scene);
    uint64_t *bits = gg_cli_alloc(c, words, sizeof *bits);
    json_t *r = NULL;
    int32_t count = 0;
    if (bits != NULL) {
        gg_status st = gg_scene_party_view(c->ctx->scene, NULL, vs, n, GG_BITSET_REPLACE, bits,
                                           words, &count);
        if (st != GG_OK)
            r = gg_cli_status_fail(c, "gg_scene_party_view", st);
        else {
            r = json_pack("{s:i}", "count", (int)count);
            if (r != NULL && gg_cli_bool(c, "list", false))
                json_object_set_new(r, "cells", cells_of_bits(c, bits));
        }
        gg_cli_free(c, bits, words, sizeof *bits);
    }
    gg_cli_free(c, vs, (size_t)n, sizeof *vs);
    return r;
}

static const gg_cli_field k_fog[] = {
    {"viewers", GG_CLI_OBJECTS, true, NULL},
    {"explored", GG_CLI_CELLS, false, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

/* One turn of a fog of war: the cells already explored ("explored"), grown by the party's view;
 * answers the cells revealed, the explored count and the saved fog (hex of gg_fog_save()). */
static json_t *op_fog_turn(gg_cli_call *c)
{
    gg_viewer *vs;
    int32_t n;
    if (!viewers_of(c, &vs, &n))
        return NULL;
    const gg_scene *s = c->ctx->scene;
    int32_t w = gg_scene_width(s);
    gg_fog_def fd = gg_fog_def_default();
    fd.width = w;
    fd.height = gg_scene_height(s);
    fd.allocator = c->ctx->mem;
    gg_fog *fog = NULL;
    gg_cell *explored = NULL;
    int32_t ne = 0;
    size_t words = gg_scene_bitset_words(s);
    uint64_t *view = gg_cli_alloc(c, words, sizeof *view);
    uint64_t *fresh = gg_cli_alloc(c, words, sizeof *fresh);
    uint64_t *old = gg_cli_alloc(c, words, sizeof *old);
    json_t *r = NULL;
    gg_status st = GG_OK;
    const char *fn = "gg_fog_create";
    if (view == NULL || fresh == NULL || old == NULL ||
        !gg_cli_cells(c, "explored", &explored, &ne))
        goto done;
    for (int32_t i = 0; i < ne; i++) {
        if (explored[i].col < 0 || explored[i].row < 0 || explored[i].col >= w ||
            explored[i].row >= fd.height) {
            gg_cli_fail(c, "explored: cell %d,%d is off the map", (int)explored[i].col,
                        (int)explored[i].row);
            goto done;
        }
        size_t k = (size_t)explored[i].row * (size_t)w + (size_t)explored[i].col;
        old[k >> 6] |= (uint64_t)1 << (k & 63u);
    }
    if ((st = gg_fog_create(&fd, &fog)) != GG_OK ||
        (fn = "gg_fog_reveal", st = gg_fog_reveal(fog, old, words, NULL, NULL)) != GG_OK ||
        (fn = "gg_scene_party_view",
         st = gg_scene_party_view(s, NULL, vs, n, GG_BITSET_REPLACE, view, words, NULL)) != GG_OK)
        goto done;
    int32_t revealed = 0, total = 0;
    size_t bytes = 0;
    (fn = "gg_fog_reveal", st = gg_fog_reveal(fog, view, words, fresh, &revealed));
    if (st != GG_OK || (st = gg_fog_bits(fog, view, words, &total)) != GG_OK)
        goto done;
    if (gg_fog_save(fog, NULL, 0, &bytes) != GG_E_BUFFER_TOO_SMALL) {
        fn = "gg_fog_save";
        st = GG_E_INTERNAL;
        goto done;
    }
    uint8_t *buf = gg_cli_alloc(c, bytes, 1);
    char *hex = gg_cli_alloc(c, 2 * bytes + 1, 1);
    fn = "gg_fog_save";
    if (buf != NULL && hex != NULL && (st = gg_fog_save(fog, buf, bytes, &bytes)) == GG_OK) {
        for (size_t i = 0; i < bytes; i++) {
            static const char digits[] = "0123456789abcdef";
            hex[2 * i] = digits[buf[i] >> 4];
            hex[2 * i + 1] = digits[buf[i] & 15u];
        }
        r = json_pack("{s:o,s:i,s:i,s:s}", "revealed", cells_of_bits(c, fresh), "explored",
                      (int)total, "saved_bytes", (int)bytes, "saved", hex);
        (void)revealed;
    }
    if (buf != NULL)
        gg_cli_free(c, buf, bytes, 1);
    if (hex != NULL)
        gg_cli_free(c, hex, 2 * bytes + 1, 1);
done:
    if (r == NULL && st != GG_OK)
        gg_cli_status_fail(c, fn, st);
    gg_fog_destroy(fog);
    if (explored != NULL)
        gg_cli_free(c, explored, (size_t)ne, sizeof *explored);
    if (view != NULL)
        gg_cli_free(c, view, words, sizeof *view);
    if (fresh != NULL)
        gg_cli_free(c, fresh, words, sizeof *fresh);
    if (old != NULL)
        gg_cli_free(c, old, words, sizeof *old);
    gg_cli_free(c, vs, (size_t)n, sizeof *vs);
    return r;
}

static const gg_cli_field k_door_changes[] = {
    {"wall", GG_CLI_INT, true, NULL},        {"door", GG_CLI_NAME, true, gg_cli_door_names},
    {"viewers", GG_CLI_OBJECTS, true, NULL}, {"light", GG_CLI_BOOL, false, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

/* Sets a door's state (the edit persists, as set_door) and answers which cells the change
 * altered for the party (gg_scene_party_views_update): any member's view, the party's union,
 * and with "light": true the light of cells. */
static json_t *op_door_changes(gg_cli_call *c)
{
    gg_scene *s = c->ctx->scene;
    int32_t index = gg_cli_int(c, "wall", -1), nw = gg_scene_wall_count(s), got = 0;
    gg_wall_id id = {0, 0};
    bool found = false;
    gg_wall_id *ids = gg_cli_alloc(c, (size_t)(nw > 0 ? nw : 1), sizeof *ids);
    if (ids == NULL)
        return NULL;
    if (gg_scene_list_walls(s, ids, NULL, nw, &got) == GG_OK)
        for (int32_t i = 0; i < got && !found; i++)
            if (ids[i].index == (uint32_t)index) {
                id = ids[i];
                found = true;
            }
    gg_cli_free(c, ids, (size_t)(nw > 0 ? nw : 1), sizeof *ids);
    if (!found) {
        gg_cli_fail(c, "no wall %d (the \"walls\" op lists them)", (int)index);
        return NULL;
    }
    gg_viewer *vs;
    int32_t n;
    if (!viewers_of(c, &vs, &n))
        return NULL;
    size_t words = gg_scene_bitset_words(s);
    size_t ncells = (size_t)gg_scene_width(s) * (size_t)gg_scene_height(s);
    bool light = gg_cli_bool(c, "light", false);
    uint64_t *views = gg_cli_alloc(c, (size_t)n * words, sizeof *views);
    uint64_t *party = gg_cli_alloc(c, words, sizeof *party);
    uint64_t *changed = gg_cli_alloc(c, words, sizeof *changed);
    uint8_t *lights = light ? gg_cli_alloc(c, ncells, 1) : NULL;
    json_t *r = NULL;
    if (views != NULL && party != NULL && changed != NULL && (!light || lights != NULL)) {
        gg_party_views pv = {vs, n, views, words, party, lights};
        gg_change_def ch = gg_change_def_default();
        int32_t before = 0, after = 0, count = 0;
        gg_status st = gg_scene_party_views_init(s, NULL, &pv);
        const char *fn = "gg_scene_party_views_init";
        if (st == GG_OK) {
            fn = "gg_scene_get_wall";
            st = gg_scene_get_wall(s, id, &ch.wall_before);
        }
        for (size_t k = 0; st == GG_OK && k < words; k++)
            before += __builtin_popcountll(party[k]);
        if (st == GG_OK) {
            st = gg_scene_set_door(s, id, (gg_door)gg_cli_name(c, "door", 0));
            if (st != GG_OK)
                r = gg_cli_writer_fail(c, "gg_scene_set_door", st);
        }
        if (st == GG_OK) {
            fn = "gg_scene_party_views_update";
            if ((st = gg_scene_get_wall(s, id, &ch.wall_after)) == GG_OK)
                st = gg_scene_party_views_update(s, NULL, &ch, &pv, changed, &count);
        }
        for (size_t k = 0; st == GG_OK && k < words; k++)
            after += __builtin_popcountll(party[k]);
        if (st == GG_OK)
            r = json_pack("{s:i,s:o,s:i,s:i}", "changed", (int)count, "cells",
                          cells_of_bits(c, changed), "party_before", (int)before, "party_after",
                          (int)after);
        else if (r == NULL)
            r = gg_cli_status_fail(c, fn, st);
    }
    if (views != NULL)
        gg_cli_free(c, views, (size_t)n * words, sizeof *views);
    if (party != NULL)
        gg_cli_free(c, party, words, sizeof *party);
    if (changed != NULL)
        gg_cli_free(c, changed, words, sizeof *changed);
    if (lights != NULL)
        gg_cli_free(c, lights, ncells, 1);
    gg_cli_free(c, vs, (size_t)n, sizeof *vs);
    return r;
}

const gg_cli_op gg_cli_ops_fog[] = {
    {"party_view", GG_CLI_NEEDS_SCENE, k_party, NULL, op_party_view, "gg_scene_party_view"},
    {"fog_turn", GG_CLI_NEEDS_SCENE, k_fog, NULL, op_fog_turn,
     "gg_fog_reveal, gg_scene_party_view, gg_fog_save"},
    {"door_changes", GG_CLI_NEEDS_SCENE, k_door_changes, NULL, op_door_changes,
     "gg_scene_set_door, gg_scene_party_views_update"},
    {NULL, 0, NULL, NULL, NULL, NULL},
};
