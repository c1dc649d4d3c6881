/* sight_rules.c - SRD 5.2 "Blinded", "Invisible", "Unseen Attackers and Targets": whether one
 * creature sees another, and the sight sources of Advantage and Disadvantage. Layer: rules. */
#include "rules/rules_internal.h"

/* Nat20's _special_sense_reaches: a sense of 0 ft or none is absent here (a truthiness test),
 * unlike in gg_scene_can_see() where 0 ft reaches distance 0 (docs/nat20.md). No line of sight
 * is needed: only the Chebyshev distance counts. */
static bool sense_reaches(const gg_scene *scene, int32_t sense_ft, gg_cell a, gg_cell b)
{
    if (sense_ft <= 0)
        return false;
    bool within = false;
    return gg_scene_within_range(scene, a, b, sense_ft, &within) == GG_OK && within;
}

gg_status gg__rules_sees(const gg_scene *scene, const gg_creature *viewer,
                         const gg_creature *target, bool *out_seen)
{
    *out_seen = true;
    if (!viewer->tracked || !target->tracked)
        return GG_OK; /* Nat20: a position nobody tracks is seen */
    bool blind_reaches = sense_reaches(scene, viewer->senses.blindsight_ft, viewer->body.cell,
                                       target->body.cell);
    bool true_reaches = sense_reaches(scene, viewer->senses.truesight_ft, viewer->body.cell,
                                      target->body.cell);
    /* SRD 5.2 "Blinded": "You can't see"; Blindsight perceives without sight. Truesight is
     * sight, so it does not help a Blinded viewer (departure (b): Nat20's code variant). */
    if ((viewer->body.conditions & GG_CONDITION_BLINDED) != 0u && !blind_reaches) {
        *out_seen = false;
        return GG_OK;
    }
    /* SRD 5.2 "Invisible": only senses that see the invisible (Blindsight, Truesight) help;
     * darkvision never does. */
    bool invisible = (target->body.conditions & GG_CONDITION_INVISIBLE) != 0u;
    if (invisible && !blind_reaches && !true_reaches) {
        *out_seen = false;
        return GG_OK;
    }
    return gg_scene_can_see(scene, viewer->body.cell, target->body.cell, &viewer->senses, out_seen);
}

gg_status gg_rules_can_see(const gg_scene *scene, const gg_creature *viewer,
                           const gg_creature *target, bool *out_seen)
{
    if (out_seen == NULL)
        return GG_E_INVALID_ARG;
    *out_seen = false;
    if (scene == NULL)
        return GG_E_INVALID_ARG;
    gg_status st = gg__rules_check_creature(scene, viewer, INT32_MAX);
    if (st == GG_OK)
        st = gg__rules_check_creature(scene, target, INT32_MAX);
    if (st != GG_OK)
        return st;
    st = gg__rules_sees(scene, viewer, target, out_seen);
    if (st != GG_OK)
        *out_seen = false;
    return st;
}

/* Raw sight as Nat20's _target_visibility_maps reads it: untracked positions are seen and
 * conditions do not matter. */
static gg_status raw_sees(const gg_scene *scene, const gg_creature *viewer,
                          const gg_creature *target, bool *out)
{
    *out = true;
    if (!viewer->tracked || !target->tracked)
        return GG_OK;
    return gg_scene_can_see(scene, viewer->body.cell, target->body.cell, &viewer->senses, out);
}

gg_status gg_rules_attack_sight(const gg_scene *scene, const gg_creature *attacker,
                                const gg_creature *target, gg_attack_sight *out)
{
    if (out == NULL)
        return GG_E_INVALID_ARG;
    out->attacker_sees_target = false;
    out->target_sees_attacker = false;
    out->advantage = 0u;
    out->disadvantage = 0u;
    out->mode = GG_ROLL_NORMAL;
    if (scene == NULL)
        return GG_E_INVALID_ARG;
    gg_status st = gg__rules_check_creature(scene, attacker, INT32_MAX);
    if (st == GG_OK)
        st = gg__rules_check_creature(scene, target, INT32_MAX);
    if (st != GG_OK)
        return st;

    bool a_sees = true, t_sees = true, a_perceives = true, t_perceives = true;
    st = raw_sees(scene, attacker, target, &a_sees);
    if (st == GG_OK)
        st = raw_sees(scene, target, attacker, &t_sees);
    if (st == GG_OK)
        st = gg__rules_sees(scene, attacker, target, &a_perceives);
    if (st == GG_OK)
        st = gg__rules_sees(scene, target, attacker, &t_perceives);
    if (st != GG_OK)
        return st;

    uint32_t adv = 0u, dis = 0u;
    /* "Unseen Attackers and Targets": attacking what you can't see has Disadvantage; attacking
     * a target that can't see you has Advantage. */
    if (!t_sees)
        adv |= GG_SOURCE_UNSEEN_ATTACKER;
    if (!a_sees)
        dis |= GG_SOURCE_UNSEEN_TARGET;
    /* "Invisible": attacks against you have Disadvantage and yours have Advantage, unless the
     * other creature can somehow see you. */
    if ((attacker->body.conditions & GG_CONDITION_INVISIBLE) != 0u && !t_perceives)
        adv |= GG_SOURCE_INVISIBLE_ATTACKER;
    if ((target->body.conditions & GG_CONDITION_INVISIBLE) != 0u && !a_perceives)
        dis |= GG_SOURCE_INVISIBLE_TARGET;
    /* "Blinded": attacks against you have Advantage and yours have Disadvantage. */
    if ((attacker->body.conditions & GG_CONDITION_BLINDED) != 0u)
        dis |= GG_SOURCE_BLINDED_ATTACKER;
    if ((target->body.conditions & GG_CONDITION_BLINDED) != 0u)
        adv |= GG_SOURCE_BLINDED_TARGET;

    out->attacker_sees_target = a_sees;
    out->target_sees_attacker = t_sees;
    out->advantage = adv;
    out->disadvantage = dis;
    /* "Advantage/Disadvantage": several sources still give one roll, and one of each cancels. */
    if (adv != 0u && dis == 0u)
        out->mode = GG_ROLL_ADVANTAGE;
    else if (dis != 0u && adv == 0u)
        out->mode = GG_ROLL_DISADVANTAGE;
    return GG_OK;
}
