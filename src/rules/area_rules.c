/* area_rules.c - SRD 5.2 "Areas of Effect": the creatures an area reaches, with their cover, and
 * the monster aim that catches the most enemies. Layer: rules. */
#include <string.h>

#include "core/template_walk.h"
#include "rules/rules_internal.h"

/* SRD 5.2 "Areas of Effect": the grid shape of each SRD shape and whether its point of origin
 * is in the area (only a Sphere's and a Cylinder's is). */
static bool area_template(const gg_area_def *a, gg_template *tpl, bool *includes_origin)
{
    *tpl = a->tpl;
    bool directional = false;
    switch (a->tpl.shape) {
    case GG_SHAPE_SPHERE:
    case GG_SHAPE_CYLINDER:
        *includes_origin = true;
        break;
    case GG_SHAPE_EMANATION: /* a sphere around its creator; the template walks it as one */
        *includes_origin = false;
        break;
    case GG_SHAPE_CUBE:
    case GG_SHAPE_CONE:
    case GG_SHAPE_LINE:
        *includes_origin = false;
        directional = true;
        break;
    default:
        return false;
    }
    if (tpl->size_ft <= 0)
        return false;
    bool no_direction = !tpl->has_direction || (tpl->direction.col == 0 && tpl->direction.row == 0);
    if (directional && no_direction)
        return false;
    if (!directional)
        tpl->has_direction = false;
    return true;
}

/* The walk over the area's cells: marks each present creature standing on a kept cell. */
typedef struct hit_walk {
    const gg_scene *scene;
    const gg__roster *r;
    gg_cell origin;
    bool includes_origin;
    bool *hit;
    gg_status st;
} hit_walk;

static bool visit_cell(void *ctx, gg_cell c)
{
    hit_walk *h = ctx;
    if (!h->includes_origin && gg_cell_eq(c, h->origin))
        return true;
    bool checked = false, reached = false;
    for (int32_t i = 0; i < h->r->count; i++) {
        gg_creature k = gg__rules_get(h->r, i);
        if (!gg__rules_present(&k) || !gg_cell_eq(k.body.cell, c))
            continue;
        if (!checked) {
            /* SRD 5.2 "Point of Origin": "To block a line, an obstruction must provide Total
             * Cover." (gg_scene_has_line_of_effect(), creatures ignored). */
            h->st = gg_scene_has_line_of_effect(h->scene, h->origin, c, &reached);
            if (h->st != GG_OK)
                return false;
            checked = true;
        }
        /* A 1x1 footprint touches a kept cell when it stands on it (footprints: later). */
        h->hit[i] = h->hit[i] || reached;
    }
    return true;
}

/* hit[i] = creature i stands on a cell of the trimmed area (gg_scene_area_cells() membership).
 * The template is walked by core, so the shapes exist in one place only. */
static gg_status area_hits(const gg_scene *scene, const gg__roster *r, const gg_template *tpl,
                           bool includes_origin, gg_cell origin, bool *hit)
{
    for (int32_t i = 0; i < r->count; i++)
        hit[i] = false;
    hit_walk h;
    h.scene = scene;
    h.r = r;
    h.origin = origin;
    h.includes_origin = includes_origin;
    h.hit = hit;
    h.st = GG_OK;
    int64_t total = 0;
    gg_status st = gg__template_visit(tpl, origin, gg_scene_cell_size_ft(scene),
                                      gg_scene_width(scene), gg_scene_height(scene), visit_cell, &h,
                                      &total, NULL);
    if (gg_failed(st))
        return st;
    return h.st;
}

gg_status gg_rules_area_targets(const gg_scene *scene, const gg_creature *creatures, int32_t count,
                                const gg_area_def *area, gg_area_target *out, int32_t capacity,
                                int32_t *out_count)
{
    if (out_count == NULL)
        return GG_E_INVALID_ARG;
    *out_count = 0;
    gg__roster r;
    gg_status st = gg__rules_roster(scene, creatures, count, &r);
    if (st != GG_OK)
        return st;
    if (area == NULL || capacity < 0 || (out == NULL && capacity > 0))
        return GG_E_INVALID_ARG;
    if (area->struct_size < (uint32_t)sizeof(gg_area_def))
        return GG_E_BAD_DEF;
    gg_template tpl;
    bool includes_origin = false;
    if (!area_template(area, &tpl, &includes_origin))
        return GG_E_INVALID_ARG;
    if (!gg_scene_contains(scene, area->origin))
        return GG_E_OUT_OF_BOUNDS;
    bool hit[GG_RULES_MAX_CREATURES];
    st = area_hits(scene, &r, &tpl, includes_origin, area->origin, hit);
    if (st != GG_OK)
        return st;
    int32_t n = 0;
    for (int32_t i = 0; i < count; i++) {
        if (!hit[i])
            continue;
        gg_creature c = gg__rules_get(&r, i);
        /* SRD 5.2 "Cover" for the Dexterity save, from the point of origin (docs/nat20.md). */
        gg_cover cover = GG_COVER_NONE;
        if (gg_cell_eq(area->origin, c.body.cell))
            st = gg_scene_cover_on_cell(scene, c.body.cell, &cover);
        else
            st = gg__rules_cover_with_creatures(scene, &r, i, GG_NO_CREATURE, area->origin,
                                                c.body.cell, &cover);
        if (st != GG_OK)
            return st;
        if (n < capacity) {
            out[n].creature = i;
            out[n].cover = cover;
        }
        n++;
    }
    *out_count = n;
    return n > capacity ? GG_PARTIAL : GG_OK;
}

/* One aim candidate's outcome. */
typedef struct aim_eval {
    bool affects_actor;
    int32_t enemies;
    int32_t allies;
    int64_t spread;
} aim_eval;

/* Nat20's select_affected followed by the score terms of best_aim (docs/nat20.md). `roles`, when
 * not NULL, receives every creature's role. */
static gg_status evaluate(const gg_scene *scene, const gg__roster *r, const gg_aim_def *d,
                          const gg_creature *actor, const gg_template *tpl, bool includes_origin,
                          gg_cell origin, gg_area_role *roles, aim_eval *ev)
{
    memset(ev, 0, sizeof *ev);
    bool in_area[GG_RULES_MAX_CREATURES];
    gg_status st = area_hits(scene, r, tpl, includes_origin, origin, in_area);
    if (st != GG_OK)
        return st;
    int32_t picked = 0;
    bool narrowed = d->choice || d->max_targets > 0;
    for (int32_t i = 0; i < r->count; i++) {
        gg_area_role role = GG_ROLE_OUTSIDE;
        gg_creature c = gg__rules_get(r, i);
        if (in_area[i]) {
            bool ally = c.body.side == actor->body.side; /* the actor is its own ally */
            bool keep = true;
            if (d->affects == GG_AFFECTS_ENEMIES)
                keep = !ally;
            else if (d->affects == GG_AFFECTS_ALLIES)
                keep = ally;
            /* "each creature of your choice" / "up to N creatures": the AI keeps enemies for
             * harm and allies for help. */
            if (keep && narrowed)
                keep = d->harmful ? !ally : ally;
            if (keep && d->max_targets > 0 && picked >= d->max_targets)
                keep = false;
            role = keep ? GG_ROLE_AFFECTED : GG_ROLE_SPARED;
            if (keep) {
                picked++;
                if (i == d->actor)
                    ev->affects_actor = true;
                if (ally) {
                    ev->allies++;
                } else {
                    ev->enemies++;
                    int64_t dc = (int64_t)c.body.cell.col - origin.col;
                    int64_t dr = (int64_t)c.body.cell.row - origin.row;
                    int64_t off;
                    if (tpl->has_direction) {
                        off = dc * tpl->direction.row - dr * tpl->direction.col;
                        off = off < 0 ? -off : off;
                    } else {
                        off = gg_chebyshev(origin, c.body.cell);
                    }
                    ev->spread += off;
                }
            }
        }
        if (roles != NULL)
            roles[i] = role;
    }
    return GG_OK;
}

/* Strictly better by (enemies - allies, -allies, -spread). */
static bool better(const aim_eval *a, const aim_eval *b)
{
    int64_t na = (int64_t)a->enemies - a->allies, nb = (int64_t)b->enemies - b->allies;
    if (na != nb)
        return na > nb;
    if (a->allies != b->allies)
        return a->allies < b->allies;
    return a->spread < b->spread;
}

/* Nat20's AIM_DIRECTIONS: N, NE, E, SE, S, SW, W, NW. */
static const gg_cell k_aim_dirs[8] = {{0, -1}, {1, -1}, {1, 0},  {1, 1},
                                      {0, 1},  {-1, 1}, {-1, 0}, {-1, -1}};

gg_status gg_rules_best_aim(const gg_scene *scene, const gg_creature *creatures, int32_t count,
                            const gg_aim_def *def, gg_aim *out, gg_area_role *out_roles)
{
    if (out == NULL)
        return GG_E_INVALID_ARG;
    memset(out, 0, sizeof *out);
    gg__roster r;
    gg_status st = gg__rules_roster(scene, creatures, count, &r);
    if (st != GG_OK)
        return st;
    if (def == NULL)
        return GG_E_INVALID_ARG;
    if (def->struct_size < (uint32_t)sizeof(gg_aim_def))
        return GG_E_BAD_DEF;
    if (def->size_ft <= 0 || def->max_targets < 0 || def->target_count < 0 ||
        (def->target_cells == NULL && def->target_count > 0) || def->actor < 0 ||
        def->actor >= count)
        return GG_E_INVALID_ARG;
    switch (def->affects) {
    case GG_AFFECTS_CREATURES:
    case GG_AFFECTS_ENEMIES:
    case GG_AFFECTS_ALLIES:
        break;
    default:
        return GG_E_INVALID_ARG;
    }
    gg_area_def a = gg_area_def_default();
    a.tpl.shape = def->shape;
    a.tpl.size_ft = def->size_ft;
    bool target_anchored = def->shape == GG_SHAPE_SPHERE || def->shape == GG_SHAPE_CYLINDER;
    bool directional = def->shape == GG_SHAPE_CUBE || def->shape == GG_SHAPE_CONE ||
                       def->shape == GG_SHAPE_LINE;
    if (!target_anchored && !directional && def->shape != GG_SHAPE_EMANATION)
        return GG_E_INVALID_ARG;
    gg_creature actor = gg__rules_get(&r, def->actor);
    if (!actor.tracked)
        return GG_E_OUT_OF_BOUNDS;

    int32_t n_cand = target_anchored ? def->target_count : directional ? 8 : 1;
    bool found = false;
    aim_eval best_ev;
    memset(&best_ev, 0, sizeof best_ev);
    gg_area_def best_area = a;
    for (int32_t k = 0; k < n_cand; k++) {
        gg_area_def cand = a;
        if (target_anchored) {
            cand.origin = def->target_cells[k];
            if (!gg_scene_contains(scene, cand.origin))
                continue;
        } else {
            cand.origin = actor.body.cell;
            if (directional) {
                cand.tpl.has_direction = true;
                cand.tpl.direction = k_aim_dirs[k];
            }
        }
        gg_template tpl;
        bool includes_origin = false;
        if (!area_template(&cand, &tpl, &includes_origin))
            return GG_E_INVALID_ARG;
        aim_eval ev;
        st = evaluate(scene, &r, def, &actor, &tpl, includes_origin, cand.origin, NULL, &ev);
        if (st != GG_OK)
            return st;
        if (ev.affects_actor || ev.enemies == 0)
            continue;
        if (!found || better(&ev, &best_ev)) {
            found = true;
            best_ev = ev;
            best_area = cand;
        }
    }
    if (!found) {
        if (out_roles != NULL) {
            for (int32_t i = 0; i < count; i++)
                out_roles[i] = GG_ROLE_OUTSIDE;
        }
        return GG_OK;
    }
    if (out_roles != NULL) {
        gg_template tpl;
        bool includes_origin = false;
        (void)area_template(&best_area, &tpl, &includes_origin);
        aim_eval ev;
        st = evaluate(scene, &r, def, &actor, &tpl, includes_origin, best_area.origin, out_roles,
                      &ev);
        if (st != GG_OK)
            return st;
    }
    out->found = true;
    out->origin = best_area.origin;
    out->has_direction = best_area.tpl.has_direction;
    out->direction = best_area.tpl.direction;
    out->enemies = best_ev.enemies;
    out->allies = best_ev.allies;
    return GG_OK;
}
