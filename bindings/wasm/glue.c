/* glue.c - flat entry points for the JavaScript wrapper (index.js). WebAssembly exports can take
 * only numbers, so every gg_cell argument arrives as (col, row), structs are filled here from
 * scalars, and outputs go to caller-provided memory in the module's heap. Each function returns
 * the library's gg_status unchanged; the wrapper turns errors into exceptions. Only the public
 * headers are used. Layer: bindings (compiled by bindings/wasm/build.sh only). */
#include <gridgeom/gridgeom.h>
#include <gridgeom/io.h>

#include <emscripten/emscripten.h>
#include <stdlib.h>
#include <string.h>

#define JS EMSCRIPTEN_KEEPALIVE

JS int js_scene_create(int32_t width, int32_t height, int32_t cell_ft, int32_t light,
                       gg_scene **out)
{
    gg_scene_def def = gg_scene_def_default();
    def.width = width;
    def.height = height;
    def.cell_size_ft = cell_ft;
    def.default_lighting = (gg_light)light;
    return gg_scene_create(&def, out);
}

/* out[0] = scene, out[1] = report; err_msg gets the io error's message (256 bytes). */
JS int js_scene_import(const char *data, size_t len, int32_t format, gg_scene **out_scene,
                       gg_import_report **out_report, char *err_msg, int32_t *err_pos)
{
    gg_import_def def = gg_import_def_default();
    def.format = (gg_io_format)format;
    gg_io_error err;
    memset(&err, 0, sizeof err);
    gg_status st = gg_scene_import(data, len, &def, out_scene, out_report, &err);
    if (st != GG_OK) {
        memcpy(err_msg, err.message, sizeof err.message);
        err_pos[0] = err.line;
        err_pos[1] = err.column;
    }
    return st;
}

/* The stats as 18 numbers, in gg_import_stats field order (max_snap_cells included). */
JS int js_report_stats(const gg_import_report *report, double *out)
{
    gg_import_stats s;
    gg_status st = gg_import_report_stats(report, &s);
    if (st != GG_OK) {
        return st;
    }
    const double v[] = {s.format,          s.width,           s.height,
                        s.cell_size_ft,    s.segments_read,   s.walls,
                        s.doors,           s.doors_open,      s.doors_locked,
                        s.one_way,         s.windows,         s.endpoints_snapped,
                        s.max_snap_cells,  s.merged,          s.clipped,
                        s.walls_dropped,   s.lights_read,     s.lights_dropped,
                        s.tags};
    memcpy(out, v, sizeof v);
    return GG_OK;
}

/* out: action, count; texts: what, example (lent by the report). */
JS int js_report_note(const gg_import_report *report, int32_t index, int32_t *out,
                      const char **texts)
{
    gg_import_note n;
    gg_status st = gg_import_report_note(report, index, &n);
    if (st == GG_OK) {
        out[0] = (int32_t)n.action;
        out[1] = n.count;
        texts[0] = n.what;
        texts[1] = n.example;
    }
    return st;
}

JS int js_add_wall(gg_scene *scene, double x1, double y1, double x2, double y2, uint32_t blocks,
                   int32_t door, int32_t one_way, int32_t cover, uint32_t *out_id)
{
    gg_wall_def d = gg_wall_def_default();
    d.x1 = x1;
    d.y1 = y1;
    d.x2 = x2;
    d.y2 = y2;
    d.blocks = blocks;
    d.door = (gg_door)door;
    d.one_way = (gg_one_way)one_way;
    d.cover = (gg_cover)cover;
    gg_wall_id id;
    gg_status st = gg_scene_add_wall(scene, &d, &id);
    if (st == GG_OK) {
        out_id[0] = id.index;
        out_id[1] = id.generation;
    }
    return st;
}

JS int js_set_door(gg_scene *scene, uint32_t index, uint32_t generation, int32_t door)
{
    gg_wall_id id = {index, generation};
    return gg_scene_set_door(scene, id, (gg_door)door);
}

JS int js_remove_wall(gg_scene *scene, uint32_t index, uint32_t generation)
{
    gg_wall_id id = {index, generation};
    return gg_scene_remove_wall(scene, id);
}

/* Ten numbers a wall: x1 y1 x2 y2 blocks door one_way cover index generation. */
JS int js_list_walls(const gg_scene *scene, double *out, int32_t capacity, int32_t *out_count)
{
    gg_wall_id *ids = malloc((size_t)(capacity > 0 ? capacity : 1) * sizeof *ids);
    gg_wall_def *defs = malloc((size_t)(capacity > 0 ? capacity : 1) * sizeof *defs);
    gg_status st = GG_E_NO_MEMORY;
    if (ids != NULL && defs != NULL) {
        /* The sized form, as the header's gg_io_list_walls() macro would call it: the stride is
         * this build's gg_wall_def, whatever size the library's grew to. */
        st = gg_io_list_walls_sized(scene, ids, defs, sizeof *defs, capacity, out_count);
        int32_t n = *out_count < capacity ? *out_count : capacity;
        for (int32_t i = 0; st >= 0 && i < n; i++) {
            double *o = out + 10 * i;
            o[0] = defs[i].x1;
            o[1] = defs[i].y1;
            o[2] = defs[i].x2;
            o[3] = defs[i].y2;
            o[4] = defs[i].blocks;
            o[5] = defs[i].door;
            o[6] = defs[i].one_way;
            o[7] = defs[i].cover;
            o[8] = ids[i].index;
            o[9] = ids[i].generation;
        }
    }
    free(ids);
    free(defs);
    return st;
}

/* The two-cell and one-cell questions, by number, so that the wrapper needs one export. */
enum {
    Q_DISTANCE = 1,
    Q_WITHIN_RANGE,
    Q_ADJACENT,
    Q_EDGE_DISTANCE,
    Q_LOS,
    Q_IN_RANGE_WITH_LOS,
    Q_LINE_OF_EFFECT,
    Q_VALID,
    Q_COVER_ON_CELL,
    Q_LIGHT_ON_CELL,
    Q_OBSCUREMENT_ON_CELL,
    Q_CONTAINS
};

JS int js_query2(const gg_scene *scene, int32_t q, int32_t ac, int32_t ar, int32_t bc, int32_t br,
                 int32_t arg, int32_t *out)
{
    gg_cell a = gg_cell_make(ac, ar);
    gg_cell b = gg_cell_make(bc, br);
    bool flag = false;
    gg_status st;
    switch (q) {
    case Q_DISTANCE:
        return gg_scene_distance_ft(scene, a, b, out);
    case Q_WITHIN_RANGE:
        st = gg_scene_within_range(scene, a, b, arg, &flag);
        break;
    case Q_ADJACENT:
        st = gg_scene_is_adjacent(scene, a, b, &flag);
        break;
    case Q_EDGE_DISTANCE:
        return gg_scene_edge_distance(scene, a, b, out);
    case Q_LOS:
        st = gg_scene_has_line_of_sight(scene, a, b, &flag);
        break;
    case Q_IN_RANGE_WITH_LOS:
        st = gg_scene_in_range_with_los(scene, a, b, arg, &flag);
        break;
    case Q_LINE_OF_EFFECT:
        st = gg_scene_has_line_of_effect(scene, a, b, &flag);
        break;
    case Q_VALID:
        st = gg_scene_is_valid_cell(scene, a, &flag);
        break;
    case Q_COVER_ON_CELL: {
        gg_cover c = GG_COVER_NONE;
        st = gg_scene_cover_on_cell(scene, a, &c);
        *out = (int32_t)c;
        return st;
    }
    case Q_LIGHT_ON_CELL: {
        gg_light l = GG_LIGHT_DEFAULT;
        st = gg_scene_light_on_cell(scene, a, &l);
        *out = (int32_t)l;
        return st;
    }
    case Q_OBSCUREMENT_ON_CELL: {
        gg_obscurement o = GG_OBSCURE_NONE;
        st = gg_scene_obscurement_on_cell(scene, a, &o);
        *out = (int32_t)o;
        return st;
    }
    case Q_CONTAINS:
        *out = gg_scene_contains(scene, a);
        return GG_OK;
    default:
        return GG_E_INVALID_ARG;
    }
    *out = flag;
    return st;
}

JS int js_cover_between(const gg_scene *scene, int32_t ac, int32_t ar, int32_t bc, int32_t br,
                        const gg_cell *occupied, int32_t occupied_count, int32_t *out)
{
    gg_cover c = GG_COVER_NONE;
    gg_status st = gg_scene_cover_between(scene, gg_cell_make(ac, ar), gg_cell_make(bc, br),
                                          occupied, occupied_count, &c);
    *out = (int32_t)c;
    return st;
}

/* senses: four int32 (darkvision, blindsight, tremorsense, truesight) or NULL for none given. */
JS int js_can_see(const gg_scene *scene, int32_t ac, int32_t ar, int32_t bc, int32_t br,
                  const int32_t *senses, int32_t *out)
{
    gg_senses s = gg_senses_none();
    if (senses != NULL) {
        s.darkvision_ft = senses[0];
        s.blindsight_ft = senses[1];
        s.tremorsense_ft = senses[2];
        s.truesight_ft = senses[3];
    }
    bool seen = false;
    gg_status st = gg_scene_can_see(scene, gg_cell_make(ac, ar), gg_cell_make(bc, br),
                                    senses != NULL ? &s : NULL, &seen);
    *out = seen;
    return st;
}

/* One scratch per JavaScript scene serves every query the wrapper offers: GG_SCRATCH_FULL (the
 * default) covers paths, reach, move plans and flee routes on any budget, and gives field of
 * view room for any view (docs/memory.md gives the sizes). */
JS gg_scratch *js_scratch_create(const gg_scene *scene)
{
    gg_scratch_def def = gg_scratch_def_default();
    gg_scratch *s = NULL;
    return gg_scratch_create(scene, &def, &s) == GG_OK ? s : NULL;
}

JS void js_scratch_destroy(gg_scratch *s) { gg_scratch_destroy(s); }

JS size_t js_bitset_words(const gg_scene *scene) { return gg_scene_bitset_words(scene); }

/* Field of view: the cells the viewer has line of sight to within range_ft (< 0: unlimited),
 * as a row-major bitset of `words` 64-bit words. */
JS int js_field_of_view(const gg_scene *scene, gg_scratch *scratch, int32_t vc, int32_t vr,
                        double range_ft, uint64_t *bits, size_t words, int32_t *out_count)
{
    int32_t range = range_ft < 0 || range_ft >= (double)GG_RANGE_UNLIMITED ? GG_RANGE_UNLIMITED
                                                                          : (int32_t)range_ft;
    return gg_scene_visible_cells(scene, scratch, gg_cell_make(vc, vr), range, GG_BITSET_REPLACE,
                                  bits, words, out_count);
}

JS int js_shortest_path(const gg_scene *scene, gg_scratch *scratch, int32_t ac, int32_t ar,
                        int32_t bc, int32_t br, const gg_cell *avoid, int32_t avoid_count,
                        gg_cell *out, int32_t capacity, int32_t *out_count)
{
    return gg_scene_shortest_path(scene, scratch, gg_cell_make(ac, ar), gg_cell_make(bc, br),
                                  avoid, avoid_count, out, capacity, out_count);
}

JS int js_reachable(const gg_scene *scene, gg_scratch *scratch, int32_t sc, int32_t sr,
                    int32_t budget_ft, const gg_cell *avoid, int32_t avoid_count, gg_reach *out,
                    int32_t capacity, int32_t *out_count)
{
    return gg_scene_reachable(scene, scratch, gg_cell_make(sc, sr), budget_ft, avoid, avoid_count,
                              out, capacity, out_count);
}

static gg_template make_template(int32_t shape, int32_t size_ft, int32_t has_dir, int32_t dc,
                                 int32_t dr)
{
    gg_template t;
    memset(&t, 0, sizeof t);
    t.shape = (gg_shape)shape;
    t.size_ft = size_ft;
    t.has_direction = has_dir != 0;
    t.direction = gg_cell_make(dc, dr);
    return t;
}

/* The template's cells on a width x height board (scene == NULL) or, with line of effect from
 * the origin, on the scene (includes_origin as in gg_scene_area_cells). */
JS int js_template(const gg_scene *scene, int32_t width, int32_t height, int32_t cell_ft,
                   int32_t oc, int32_t orow, int32_t shape, int32_t size_ft, int32_t has_dir,
                   int32_t dc, int32_t dr, int32_t includes_origin, gg_cell *out, int32_t capacity,
                   int32_t *out_count)
{
    gg_template t = make_template(shape, size_ft, has_dir, dc, dr);
    const char *reason = NULL;
    if (scene == NULL) {
        return gg_template_cells(width, height, cell_ft, gg_cell_make(oc, orow), &t, out,
                                 capacity, out_count, &reason);
    }
    return gg_scene_area_cells(scene, gg_cell_make(oc, orow), &t, includes_origin != 0, out,
                               capacity, out_count, &reason);
}

JS int js_push_path(const gg_scene *scene, int32_t oc, int32_t orow, int32_t tc, int32_t tr,
                    int32_t distance_ft, const gg_cell *occupied, int32_t occupied_count,
                    gg_cell *out, int32_t capacity, int32_t *out_count)
{
    return gg_scene_push_path(scene, gg_cell_make(oc, orow), gg_cell_make(tc, tr), distance_ft,
                              occupied, occupied_count, out, capacity, out_count);
}

/* The grid line from a to b (gg_line_begin/next): up to capacity cells; the full count. */
JS int js_line(int32_t ac, int32_t ar, int32_t bc, int32_t br, gg_cell *out, int32_t capacity,
               int32_t *out_count)
{
    gg_line_iter it = gg_line_begin(gg_cell_make(ac, ar), gg_cell_make(bc, br));
    gg_cell c;
    int32_t n = 0;
    while (gg_line_next(&it, &c)) {
        if (n < capacity) {
            out[n] = c;
        }
        n++;
    }
    *out_count = n;
    return n <= capacity ? GG_OK : GG_E_BUFFER_TOO_SMALL;
}

JS int js_segments_intersect(const int32_t *hp)
{
    gg_hpoint p[4];
    for (int i = 0; i < 4; i++) {
        p[i].x = hp[2 * i];
        p[i].y = hp[2 * i + 1];
    }
    return gg_segments_intersect(p[0], p[1], p[2], p[3]);
}

JS int js_cell_parse(const char *text, size_t len, int32_t *out)
{
    gg_cell c;
    const char *reason = NULL;
    gg_status st = gg_cell_parse(text, len, &c, &reason);
    if (st == GG_OK) {
        out[0] = c.col;
        out[1] = c.row;
    }
    return st;
}

JS int js_scene_info(const gg_scene *scene, int32_t *out)
{
    out[0] = gg_scene_width(scene);
    out[1] = gg_scene_height(scene);
    out[2] = gg_scene_cell_size_ft(scene);
    out[3] = gg_scene_wall_count(scene);
    return GG_OK;
}

/* ---- Rules layer: creatures are built in place in a heap array --------------------------------- */

JS gg_creature *js_creatures_alloc(int32_t count)
{
    gg_creature *c = malloc((size_t)(count > 0 ? count : 1) * sizeof *c);
    for (int32_t i = 0; c != NULL && i < count; i++) {
        c[i] = gg_creature_default();
    }
    return c;
}

/* ints: col row tracked side alive reach_ft disengaging frightened_by speed_ft movement_left_ft
 * conditions size darkvision blindsight tremorsense truesight charmed_by reaction_available. */
JS void js_creature_set(gg_creature *c, int32_t index, const int32_t *v)
{
    gg_creature *k = &c[index];
    k->body.cell = gg_cell_make(v[0], v[1]);
    k->tracked = v[2] != 0;
    k->body.side = v[3];
    k->alive = v[4] != 0;
    k->reach_ft = v[5];
    k->disengaging = v[6] != 0;
    k->frightened_by = v[7];
    k->speed_ft = v[8];
    k->movement_left_ft = v[9];
    k->body.conditions = (uint32_t)v[10];
    k->body.size = (gg_size)v[11];
    k->senses.darkvision_ft = v[12];
    k->senses.blindsight_ft = v[13];
    k->senses.tremorsense_ft = v[14];
    k->senses.truesight_ft = v[15];
    k->charmed_by = v[16];
    k->reaction_available = v[17] != 0;
}

JS int js_rules_can_see(const gg_scene *scene, const gg_creature *c, int32_t viewer,
                        int32_t target, int32_t *out)
{
    bool seen = false;
    gg_status st = gg_rules_can_see(scene, &c[viewer], &c[target], &seen);
    *out = seen;
    return st;
}

/* has_origin false: an attack from the caster's cell. */
JS int js_rules_target_cover(const gg_scene *scene, const gg_creature *c, int32_t count,
                             int32_t caster, int32_t target, int32_t has_origin, int32_t oc,
                             int32_t orow, int32_t *out)
{
    gg_cell origin = gg_cell_make(oc, orow);
    gg_cover cover = GG_COVER_NONE;
    gg_status st = gg_rules_target_cover(scene, c, count, caster, target,
                                         has_origin ? &origin : NULL, &cover);
    *out = (int32_t)cover;
    return st;
}

/* out: count, cost_ft, result. */
JS int js_rules_plan_move(const gg_scene *scene, gg_scratch *scratch, const gg_creature *c,
                          int32_t count, int32_t mover, int32_t dc, int32_t dr, gg_cell *path,
                          int32_t capacity, int32_t *out)
{
    gg_move_result res = GG_MOVE_UNREACHABLE;
    gg_status st = gg_rules_plan_move(scene, scratch, c, count, mover, gg_cell_make(dc, dr), path,
                                      capacity, &out[0], &out[1], &res);
    out[2] = (int32_t)res;
    return st;
}

JS const char *js_move_result_name(int32_t r) { return gg_rules_move_result_name((gg_move_result)r); }

JS int js_rules_opportunity_schedule(const gg_scene *scene, const gg_creature *c, int32_t count,
                                     int32_t mover, const gg_cell *route, int32_t route_count,
                                     gg_oa_event *out, int32_t capacity, int32_t *out_count)
{
    return gg_rules_opportunity_schedule(scene, c, count, mover, route, route_count, out,
                                         capacity, out_count);
}

/* The route out of reach of the threats (gg_rules_flee_route); working memory is allocated
 * here. *out_count 0 when no cell is better. */
JS int js_rules_flee_route(const gg_scene *scene, gg_scratch *scratch, int32_t sc, int32_t sr,
                           int32_t budget_ft, const gg_cell *threats, int32_t threat_count,
                           const gg_cell *avoid, int32_t avoid_count, const gg_cell *occupied,
                           int32_t occupied_count, gg_cell *out, int32_t capacity,
                           int32_t *out_count)
{
    gg_flee_def d = gg_flee_def_default();
    d.start = gg_cell_make(sc, sr);
    d.budget_ft = budget_ft;
    d.threats = threats;
    d.threat_count = threat_count;
    d.avoid = avoid;
    d.avoid_count = avoid_count;
    d.occupied = occupied;
    d.occupied_count = occupied_count;
    int32_t wcap = 0;
    gg_status st = gg_rules_flee_work_capacity(scene, budget_ft, &wcap);
    if (st != GG_OK) {
        return st;
    }
    gg_reach *work = malloc(((size_t)wcap + 1) * sizeof *work);
    if (work == NULL) {
        return GG_E_NO_MEMORY;
    }
    st = gg_rules_flee_route(scene, scratch, &d, work, wcap, out, capacity, out_count);
    free(work);
    return st;
}

JS int js_rules_flee_capacity(const gg_scene *scene, int32_t budget_ft, int32_t *out)
{
    return gg_rules_flee_work_capacity(scene, budget_ft, out);
}

/* def ints: shape size_ft actor affects choice max_targets harmful; out ints: found origin.col
 * origin.row has_direction dir.col dir.row enemies allies; roles: one int32 per creature. */
JS int js_rules_best_aim(const gg_scene *scene, const gg_creature *c, int32_t count,
                         const int32_t *def, const gg_cell *targets, int32_t target_count,
                         int32_t *out, int32_t *roles)
{
    gg_aim_def d = gg_aim_def_default();
    d.shape = (gg_shape)def[0];
    d.size_ft = def[1];
    d.actor = def[2];
    d.affects = (gg_affects)def[3];
    d.choice = def[4] != 0;
    d.max_targets = def[5];
    d.harmful = def[6] != 0;
    d.target_cells = targets;
    d.target_count = target_count;
    gg_area_role *r = malloc((size_t)(count > 0 ? count : 1) * sizeof *r);
    if (r == NULL) {
        return GG_E_NO_MEMORY;
    }
    gg_aim aim;
    memset(&aim, 0, sizeof aim);
    gg_status st = gg_rules_best_aim(scene, c, count, &d, &aim, r);
    if (st == GG_OK) {
        const int32_t v[] = {aim.found,         aim.origin.col,    aim.origin.row,
                             aim.has_direction, aim.direction.col, aim.direction.row,
                             aim.enemies,       aim.allies};
        memcpy(out, v, sizeof v);
        for (int32_t i = 0; i < count; i++) {
            roles[i] = (int32_t)r[i];
        }
    }
    free(r);
    return st;
}
