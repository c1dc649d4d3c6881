/* sense_rules.c - SRD 5.2 "Vision and Light", "Blindsight", "Darkvision", "Truesight",
 * "Blinded", "Invisible", "Frightened" for creatures of every size at any elevation, with the
 * darkness kinds and the obscurement options of gg_rules_def (rules.h). Layer: rules. */
#include "rules/rules_internal.h"

/* The rules-level test of Nat20's _special_sense_reaches (a sense of 0 ft is absent). */
static bool rules_reach(int32_t sense_ft, int64_t dist) { return sense_ft > 0 && dist <= sense_ft; }

/* The scene-level test of gg_scene_can_see() (0 ft reaches distance 0). */
static bool scene_reach(int32_t sense_ft, int64_t dist)
{
    return sense_ft >= 0 && dist <= sense_ft;
}

static gg_status obscurement(const gg_scene *scene, gg_cell c, gg_obscurement *out)
{
    return gg_scene_obscurement_on_cell(scene, c, out);
}

/* Heavily obscured squares strictly between v and t on the Bresenham walk (the sight line of
 * gg_scene_has_line_of_sight()). `true_reaches` lets Truesight through magical Darkness, and
 * through fog too when the def says so. */
static gg_status blocked_between(const gg_scene *scene, gg_cell v, gg_cell t,
                                 const gg_rules_def *def, bool true_reaches, bool *out)
{
    *out = false;
    gg_line_iter it = gg_line_begin(v, t);
    gg_cell c;
    while (gg_line_next(&it, &c)) {
        if (gg_cell_eq(c, v) || gg_cell_eq(c, t))
            continue;
        gg_obscurement o = GG_OBSCURE_NONE;
        gg_status st = obscurement(scene, c, &o);
        if (st != GG_OK)
            return st;
        if (o == GG_OBSCURE_MAGICAL_DARKNESS && !true_reaches) {
            *out = true;
            return GG_OK;
        }
        if (o == GG_OBSCURE_HEAVY && !(true_reaches && def->truesight_pierces_fog)) {
            *out = true;
            return GG_OK;
        }
    }
    return GG_OK;
}

/* Steps 1-5 of gg_scene_can_see() for one pair of squares, with the SRD options. */
static gg_status pair_sees(const gg_scene *scene, gg_cell v, gg_cell t, const gg_senses *senses,
                           int64_t dist, const gg_rules_def *def, bool *out)
{
    *out = false;
    bool los = false;
    gg_status st = gg_scene_has_line_of_sight(scene, v, t, &los);
    if (st != GG_OK && st != GG_E_OUT_OF_BOUNDS)
        return st;
    if (!los)
        return GG_OK;
    bool blind = scene_reach(senses->blindsight_ft, dist);
    bool truesight = scene_reach(senses->truesight_ft, dist);
    /* SRD 5.2 "Blindsight": perceives without sight, through darkness and obscurement. Nat20
     * lets Truesight through everything too. */
    if (blind || (truesight && def->truesight_pierces_fog)) {
        *out = true;
        return GG_OK;
    }
    if (def->obscured_between_blocks) {
        bool blocked = false;
        st = blocked_between(scene, v, t, def, truesight, &blocked);
        if (st != GG_OK || blocked)
            return st;
    }
    gg_obscurement o = GG_OBSCURE_NONE;
    st = obscurement(scene, t, &o);
    if (st != GG_OK)
        return st;
    /* SRD 5.2 "Heavily Obscured": Blinded while trying to see something there; Truesight does
     * not see through fog or foliage. */
    if (o == GG_OBSCURE_HEAVY)
        return GG_OK;
    /* SRD 5.2 "Darkness" spell: "Darkvision can't see through it"; SRD 5.2 "Truesight": sees
     * in normal and magical Darkness. */
    if (o == GG_OBSCURE_MAGICAL_DARKNESS) {
        *out = truesight;
        return GG_OK;
    }
    gg_light light = GG_LIGHT_BRIGHT;
    st = gg_scene_light_on_cell(scene, t, &light);
    if (st != GG_OK)
        return st;
    if (light != GG_LIGHT_DARK || truesight) {
        *out = true;
        return GG_OK;
    }
    /* SRD 5.2 "Darkvision": darkness within range is seen as dim light. */
    *out = scene_reach(senses->darkvision_ft, dist);
    return GG_OK;
}

gg_status gg__rules_sees_def(const gg_scene *scene, const gg_creature *viewer,
                             const gg_creature *target, const gg_rules_def *def, bool conditions,
                             bool *out_seen)
{
    *out_seen = true;
    if (!viewer->tracked || !target->tracked)
        return GG_OK; /* Nat20: a position nobody tracks is seen */
    gg__space sv = gg__rules_space(scene, viewer), st_ = gg__rules_space(scene, target);
    int64_t dist = gg__rules_space_distance(scene, &sv, &st_, def->metric);
    if (conditions) {
        bool blind = rules_reach(viewer->senses.blindsight_ft, dist);
        bool truesight = rules_reach(viewer->senses.truesight_ft, dist);
        /* SRD 5.2 "Blinded": "You can't see"; only Blindsight perceives. */
        if ((viewer->body.conditions & GG_CONDITION_BLINDED) != 0u && !blind) {
            *out_seen = false;
            return GG_OK;
        }
        /* SRD 5.2 "Invisible": only Blindsight and Truesight see it. */
        if ((target->body.conditions & GG_CONDITION_INVISIBLE) != 0u && !blind && !truesight) {
            *out_seen = false;
            return GG_OK;
        }
    }
    /* A creature larger than one square is seen when any of its squares is; the viewer looks
     * from its anchor, or from any square with def->any_square. */
    int32_t nv = gg__rules_space_cells(&sv, def->any_square);
    int32_t nt = gg__rules_space_cells(&st_, true);
    for (int32_t i = 0; i < nv; i++) {
        gg_cell v = gg__rules_space_cell(&sv, def->any_square, i);
        for (int32_t j = 0; j < nt; j++) {
            bool seen = false;
            gg_status st = pair_sees(scene, v, gg__rules_space_cell(&st_, true, j), &viewer->senses,
                                     dist, def, &seen);
            if (st != GG_OK) {
                *out_seen = false;
                return st;
            }
            if (seen)
                return GG_OK;
        }
    }
    *out_seen = false;
    return GG_OK;
}

gg_status gg_rules_sees(const gg_scene *scene, const gg_creature *creatures, int32_t count,
                        int32_t viewer, int32_t target, const gg_rules_def *def, bool *out_seen)
{
    if (out_seen == NULL)
        return GG_E_INVALID_ARG;
    *out_seen = false;
    gg__roster r;
    gg_status st = gg__rules_prologue(scene, creatures, count, viewer, target, def, &r);
    if (st != GG_OK)
        return st;
    gg_creature v = gg__rules_get(&r, viewer), t = gg__rules_get(&r, target);
    st = gg__rules_sees_def(scene, &v, &t, def, true, out_seen);
    if (st != GG_OK)
        *out_seen = false;
    return st;
}

/* SRD 5.2 "Frightened": is the source of fear within line of sight of `c`? */
static gg_status fear_in_sight(const gg_scene *scene, const gg__roster *r, const gg_creature *c,
                               const gg_rules_def *def, bool *out)
{
    *out = false;
    if (c->frightened_by == GG_NO_CREATURE || !c->tracked)
        return GG_OK;
    gg_creature src = gg__rules_get(r, c->frightened_by);
    if (!gg__rules_present(&src))
        return GG_OK;
    gg__space sc = gg__rules_space(scene, c), ss = gg__rules_space(scene, &src);
    int32_t nc = gg__rules_space_cells(&sc, def->any_square);
    int32_t ns = gg__rules_space_cells(&ss, true);
    for (int32_t i = 0; i < nc; i++)
        for (int32_t j = 0; j < ns; j++) {
            bool los = false;
            gg_status st = gg_scene_has_line_of_sight(scene,
                                                      gg__rules_space_cell(&sc, def->any_square, i),
                                                      gg__rules_space_cell(&ss, true, j), &los);
            if (st != GG_OK && st != GG_E_OUT_OF_BOUNDS)
                return st;
            if (los) {
                *out = true;
                return GG_OK;
            }
        }
    return GG_OK;
}

gg_status gg_rules_attack_sight_def(const gg_scene *scene, const gg_creature *creatures,
                                    int32_t count, int32_t attacker, int32_t target,
                                    const gg_rules_def *def, gg_attack_sight *out)
{
    if (out == NULL)
        return GG_E_INVALID_ARG;
    out->attacker_sees_target = false;
    out->target_sees_attacker = false;
    out->advantage = 0u;
    out->disadvantage = 0u;
    out->mode = GG_ROLL_NORMAL;
    gg__roster r;
    gg_status st = gg__rules_prologue(scene, creatures, count, attacker, target, def, &r);
    if (st != GG_OK)
        return st;
    gg_creature a = gg__rules_get(&r, attacker), t = gg__rules_get(&r, target);
    bool a_sees = true, t_sees = true, a_perceives = true, t_perceives = true, fear = false;
    st = gg__rules_sees_def(scene, &a, &t, def, false, &a_sees);
    if (st == GG_OK)
        st = gg__rules_sees_def(scene, &t, &a, def, false, &t_sees);
    if (st == GG_OK)
        st = gg__rules_sees_def(scene, &a, &t, def, true, &a_perceives);
    if (st == GG_OK)
        st = gg__rules_sees_def(scene, &t, &a, def, true, &t_perceives);
    if (st == GG_OK)
        st = fear_in_sight(scene, &r, &a, def, &fear);
    if (st != GG_OK)
        return st;

    uint32_t adv = 0u, dis = 0u;
    /* "Unseen Attackers and Targets" */
    if (!t_sees)
        adv |= GG_SOURCE_UNSEEN_ATTACKER;
    if (!a_sees)
        dis |= GG_SOURCE_UNSEEN_TARGET;
    /* "Invisible" */
    if ((a.body.conditions & GG_CONDITION_INVISIBLE) != 0u && !t_perceives)
        adv |= GG_SOURCE_INVISIBLE_ATTACKER;
    if ((t.body.conditions & GG_CONDITION_INVISIBLE) != 0u && !a_perceives)
        dis |= GG_SOURCE_INVISIBLE_TARGET;
    /* "Blinded" */
    if ((a.body.conditions & GG_CONDITION_BLINDED) != 0u)
        dis |= GG_SOURCE_BLINDED_ATTACKER;
    if ((t.body.conditions & GG_CONDITION_BLINDED) != 0u)
        adv |= GG_SOURCE_BLINDED_TARGET;
    /* "Frightened": Disadvantage while the source of fear is within line of sight. */
    if (fear)
        dis |= GG_SOURCE_FRIGHTENED_ATTACKER;

    out->attacker_sees_target = a_sees;
    out->target_sees_attacker = t_sees;
    out->advantage = adv;
    out->disadvantage = dis;
    /* "Advantage/Disadvantage": one of each cancels. */
    if (adv != 0u && dis == 0u)
        out->mode = GG_ROLL_ADVANTAGE;
    else if (dis != 0u && adv == 0u)
        out->mode = GG_ROLL_DISADVANTAGE;
    return GG_OK;
}
