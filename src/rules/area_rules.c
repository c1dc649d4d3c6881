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

/* ==== Areas at any angle (core.h gg_shape_def) =============================================== */

/* Where line of effect starts: a fixed point (in 1/GG_COVER_SUBDIV square) seen from the cell
 * that holds it, or the Emanation source's whole space. */
typedef struct effect_src {
    bool from_body;
    gg_body body;         /* the attacker body given to gg_scene_cover() */
    gg_cover_point point; /* the point of origin, for !from_body */
} effect_src;

static int64_t div_round(int64_t a, int64_t b)
{
    /* nearest integer to a / b (b > 0), halves away from minus infinity */
    int64_t q = a >= 0 ? (a + b / 2) / b : -((-a + (b - 1) / 2) / b);
    return q;
}

static int64_t floor_div64(int64_t a, int64_t b)
{
    int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0)))
        --q;
    return q;
}

static gg_status effect_source(const gg_scene *scene, const gg_shape_def *shape, effect_src *src)
{
    memset(src, 0, sizeof *src);
    if (shape->shape == GG_SHAPE_EMANATION) {
        src->from_body = true;
        src->body = gg_body_make(shape->source.cell);
        src->body.size = shape->source.size;
        return gg_scene_contains(scene, shape->source.cell) ? GG_OK : GG_E_OUT_OF_BOUNDS;
    }
    /* A point in 1/16 ft is cell_size_ft / 16 ft per 1/16 square: 1/16 square = cell_size_ft
     * units. */
    int64_t cs = gg_scene_cell_size_ft(scene);
    src->point.x = (int32_t)div_round(shape->origin.x, cs);
    src->point.y = (int32_t)div_round(shape->origin.y, cs);
    src->point.z_in = 0;
    int64_t cell_units = cs * GG_AREA_UNITS_PER_FT;
    gg_cell at = gg_cell_make((int32_t)floor_div64(shape->origin.x, cell_units),
                              (int32_t)floor_div64(shape->origin.y, cell_units));
    /* A point on the map's right or bottom edge belongs to the last square. */
    if (at.col == gg_scene_width(scene) && shape->origin.x == (int64_t)at.col * cell_units)
        at.col--;
    if (at.row == gg_scene_height(scene) && shape->origin.y == (int64_t)at.row * cell_units)
        at.row--;
    if (!gg_scene_contains(scene, at))
        return GG_E_OUT_OF_BOUNDS;
    src->body = gg_body_make(at);
    src->body.size = GG_SIZE_TINY;
    return GG_OK;
}

/* The 2-D corner cover of `target` from the area's source, with `others` giving half cover. */
static gg_status effect_cover(const gg_scene *scene, const effect_src *src, const gg_body *target,
                              const gg_body *others, int32_t n_others, gg_cover *out)
{
    gg_cover_def cd = gg_cover_def_default();
    cd.mode = GG_COVER_MODE_CORNERS_2D;
    if (src->from_body) {
        cd.kind = GG_ATTACK_RANGED;
    } else {
        cd.kind = GG_ATTACK_AREA;
        cd.origin = &src->point;
    }
    gg_cover_result res;
    gg_status st = gg_scene_cover(scene, &src->body, target, others, n_others, &cd, &res, NULL, 0,
                                  NULL);
    *out = st == GG_OK ? res.degree : GG_COVER_NONE;
    return st;
}

/* SRD 5.2 "Areas of Effect": a square is in the area when some unblocked straight line reaches it
 * from the point of origin; only Total Cover blocks one. */
static gg_status effect_reaches(const gg_scene *scene, const effect_src *src, gg_cell c, bool *out)
{
    gg_body t = gg_body_make(c);
    gg_cover cover = GG_COVER_NONE;
    gg_status st = effect_cover(scene, src, &t, NULL, 0, &cover);
    *out = st == GG_OK && cover != GG_COVER_TOTAL;
    return st;
}

static gg_status check_rule_def(const gg_shape_rule_def *def)
{
    if (def == NULL)
        return GG_E_INVALID_ARG;
    if (def->struct_size < (uint32_t)sizeof(gg_shape_rule_def))
        return GG_E_BAD_DEF;
    if (def->affect != GG_AFFECT_ANY_SQUARE && def->affect != GG_AFFECT_TOKEN)
        return GG_E_INVALID_ARG;
    return GG_OK;
}

/* The covered squares, trimmed by line of effect, to a buffer (visited in core's order). */
typedef struct shape_walk {
    const gg_scene *scene;
    const effect_src *src; /* NULL: no trimming */
    gg_cell *out;
    int64_t cap, n;
    gg_status st;
} shape_walk;

static bool shape_cell(void *ctx, gg_cell c)
{
    shape_walk *w = ctx;
    if (w->src != NULL) {
        bool reached = false;
        w->st = effect_reaches(w->scene, w->src, c, &reached);
        if (w->st != GG_OK)
            return false;
        if (!reached)
            return true;
    }
    if (w->n < w->cap)
        w->out[w->n] = c;
    w->n++;
    return true;
}

gg_status gg_rules_shape_cells(const gg_scene *scene, const gg_shape_def *shape,
                               const gg_shape_rule_def *def, gg_cell *out, int32_t capacity,
                               int32_t *out_count)
{
    if (out_count == NULL)
        return GG_E_INVALID_ARG;
    *out_count = 0;
    if (scene == NULL || shape == NULL || capacity < 0 || (out == NULL && capacity > 0))
        return GG_E_INVALID_ARG;
    gg_status st = check_rule_def(def);
    if (st != GG_OK)
        return st;
    int32_t w = gg_scene_width(scene), h = gg_scene_height(scene);
    int32_t cs = gg_scene_cell_size_ft(scene);
    int64_t total = 0;
    /* Validate the shape before the origin: a bad shape is reported as such. */
    st = gg__shape_visit(0, 0, cs, shape, NULL, NULL, &total, NULL); /* validation only */
    if (st != GG_OK)
        return st;
    effect_src src;
    if (def->line_of_effect) {
        st = effect_source(scene, shape, &src);
        if (st != GG_OK)
            return st;
    }
    shape_walk walk = {scene, def->line_of_effect ? &src : NULL, out, capacity, 0, GG_OK};
    st = gg__shape_visit(w, h, cs, shape, shape_cell, &walk, &total, NULL);
    if (st != GG_OK)
        return st;
    if (walk.st != GG_OK)
        return walk.st;
    *out_count = (int32_t)walk.n;
    return walk.n > capacity ? GG_PARTIAL : GG_OK;
}

gg_status gg_rules_shape_targets(const gg_scene *scene, const gg_creature *creatures, int32_t count,
                                 const gg_shape_def *shape, const gg_shape_rule_def *def,
                                 gg_area_target *out, int32_t capacity, int32_t *out_count)
{
    if (out_count == NULL)
        return GG_E_INVALID_ARG;
    *out_count = 0;
    /* Any size: the every-size creature checks (a Large creature is in the area by any of its
     * four squares). */
    gg__roster r;
    gg_status st = gg__rules_roster_sized(scene, creatures, count, true, &r);
    if (st != GG_OK)
        return st;
    if (shape == NULL || capacity < 0 || (out == NULL && capacity > 0))
        return GG_E_INVALID_ARG;
    st = check_rule_def(def);
    if (st != GG_OK)
        return st;
    int32_t cs = gg_scene_cell_size_ft(scene);
    int64_t total = 0;
    st = gg__shape_visit(0, 0, cs, shape, NULL, NULL, &total, NULL);
    if (st != GG_OK)
        return st;
    /* Without trimming an off-map origin is allowed; its creatures then get no cover. */
    effect_src src;
    st = effect_source(scene, shape, &src);
    bool have_src = st == GG_OK;
    if (st != GG_OK && def->line_of_effect)
        return st;
    /* SRD 5.2 "Cover" for the save: other creatures give half cover. gg_scene_cover() ignores
     * the entries that overlap the source or the target, so one list serves every target. */
    gg_body others[GG_RULES_MAX_CREATURES];
    int32_t n_others = 0;
    for (int32_t j = 0; j < count; j++) {
        gg_creature o = gg__rules_get(&r, j);
        if (gg__rules_present(&o))
            others[n_others++] = o.body;
    }
    int32_t n = 0;
    for (int32_t i = 0; i < count; i++) {
        gg_creature c = gg__rules_get(&r, i);
        if (!gg__rules_present(&c))
            continue;
        bool in = false;
        st = gg_shape_covers_body(cs, &c.body, shape, def->affect, &in, NULL);
        if (st != GG_OK)
            return st;
        if (!in)
            continue;
        int32_t side = gg_size_cells(c.body.size);
        /* Line of effect to one of its squares; for ANY_SQUARE, to one of its covered squares. */
        bool reached = !def->line_of_effect;
        for (int32_t k = 0; k < side * side && !reached; ++k) {
            gg_cell sq = gg_cell_make(c.body.cell.col + k % side, c.body.cell.row + k / side);
            if (!gg_scene_contains(scene, sq))
                continue;
            if (def->affect == GG_AFFECT_ANY_SQUARE) {
                bool cov = false;
                st = gg_shape_covers_cell(cs, sq, shape, &cov, NULL);
                if (st != GG_OK)
                    return st;
                if (!cov)
                    continue;
            }
            st = effect_reaches(scene, &src, sq, &reached);
            if (st != GG_OK)
                return st;
        }
        if (!reached)
            continue;
        gg_cover cover = GG_COVER_NONE;
        if (have_src) {
            st = effect_cover(scene, &src, &c.body, others, n_others, &cover);
            if (st != GG_OK)
                return st;
        }
        if (n < capacity) {
            out[n].creature = i;
            out[n].cover = cover;
        }
        n++;
    }
    *out_count = n;
    return n > capacity ? GG_PARTIAL : GG_OK;
}
