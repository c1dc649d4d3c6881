/* ogre_round.c - one scripted combat round against a Large ogre, decided through the every-size
 * rules API (include/gridgeom/rules.h, SRD 5.2 reading, gg_rules_def_srd()): the ogre squeezes
 * into a tunnel and moves around the party, a rogue leaves its reach and provokes, the fighter
 * and the rogue flank it, a flying wizard stays out of its reach, magical Darkness blinds its
 * darkvision, and fear gives it Disadvantage. Prints each decision and its reason; run by the
 * test suite (suite "examples"), which fails if any decision differs from the script. */
#include <stdio.h>
#include <stdlib.h>

#include "gridgeom/rules.h"

/* A 12x8 cave. '#' rock. A one-square tunnel opens at (2,3) on the west side. */
static const char *const map[] = {
    "############", "##.........#", "##.........#", "...........#",
    "##.........#", "##.........#", "##.........#", "############",
};
#define MAP_W 12
#define MAP_H 8

enum { FIGHTER, ROGUE, WIZARD, OGRE, N_CREATURES };
static const char *const names[N_CREATURES] = {"Fighter", "Rogue", "Wizard", "Ogre"};

static int failures;

#define CHECK(call)                                                                                \
    do {                                                                                           \
        gg_status st_ = (call);                                                                    \
        if (gg_failed(st_)) {                                                                      \
            fprintf(stderr, "%s failed: %s\n", #call, gg_status_name(st_));                        \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

static void expect(bool ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "unexpected decision: %s\n", what);
        failures++;
    }
}

static gg_scene *build_map(void)
{
    gg_scene_def def = gg_scene_def_default();
    def.width = MAP_W;
    def.height = MAP_H;
    gg_scene *s = NULL;
    CHECK(gg_scene_create(&def, &s));
    for (int32_t r = 0; r < MAP_H; r++)
        for (int32_t c = 0; c < MAP_W; c++)
            if (map[r][c] == '#')
                CHECK(gg_scene_set_blocked(s, gg_cell_make(c, r), true));
    return s;
}

static gg_creature creature(int32_t col, int32_t row, int32_t side, gg_size size)
{
    gg_creature c = gg_creature_default();
    c.body.cell = gg_cell_make(col, row);
    c.body.side = side;
    c.body.size = size;
    return c;
}

/* 1. The ogre could squeeze into the tunnel mouth; instead it walks around the fighter, whose
 * space it cannot pass (one size apart), to stand beside it. */
static void ogre_moves(const gg_scene *s, gg_scratch *x, gg_creature *cr, const gg_rules_def *def)
{
    gg_space sp;
    CHECK(gg_rules_space(s, cr, N_CREATURES, OGRE, gg_cell_make(1, 3), def, &sp));
    printf("Ogre at the tunnel mouth (1,3): %s (Disadvantage on attacks and Dexterity saves, "
           "attacks against it have Advantage, movement costs double)\n",
           sp.squeezing ? "squeezing" : "fits");
    expect(sp.squeezing && sp.can_end, "the ogre squeezes in the 5-ft tunnel");

    /* SRD 5.2 has no squeezing rule, so no route takes the ogre into the tunnel; a host that
     * plays SRD 5.1 "Squeezing into a Smaller Space" asks for it, and the route says where the
     * ogre squeezes (each step there costs double). */
    gg_cell route[32];
    bool squeezed[32];
    int32_t rn = 0;
    gg_metric_cost rc;
    CHECK(gg_rules_route(s, x, cr, N_CREATURES, OGRE, gg_cell_make(0, 3), def, route, squeezed, 32,
                         &rn, &rc));
    expect(rn == 0, "without squeezing the ogre cannot enter the tunnel");
    gg_rules_def tight = *def;
    tight.squeeze = true;
    CHECK(gg_rules_route(s, x, cr, N_CREATURES, OGRE, gg_cell_make(0, 3), &tight, route, squeezed,
                         32, &rn, &rc));
    int32_t in_tunnel = 0;
    for (int32_t k = 0; k < rn; k++)
        in_tunnel += squeezed[k] ? 1 : 0;
    printf("With SRD 5.1 squeezing the ogre could crawl to (0,3): %d steps, %d of them squeezed, "
           "%lld ft\n",
           (int)rn - 1, (int)in_tunnel, (long long)rc.feet);
    expect(rn == 4 && in_tunnel == 2 && rc.feet == 25, "the ogre crawls 10 ft of tunnel for 20 ft");

    gg_body others[N_CREATURES];
    gg_move_def md;
    int32_t n = 0;
    CHECK(gg_rules_move_def(s, cr, N_CREATURES, OGRE, def, others, N_CREATURES, &md, &n));
    gg_cell path[32];
    int32_t count = 0;
    gg_metric_cost cost;
    CHECK(gg_scene_lowest_cost_path(s, x, cr[OGRE].body.cell, gg_cell_make(6, 3), 0, &md, path, 32,
                                    &count, &cost));
    printf("Ogre walks from (%d,%d) to (6,3) around the fighter: %d steps, %lld ft\n",
           (int)cr[OGRE].body.cell.col, (int)cr[OGRE].body.cell.row, (int)count - 1,
           (long long)cost.feet);
    expect(count == 5 && cost.feet == 20, "the ogre's 10-ft space detours around the fighter");
    cr[OGRE].body.cell = gg_cell_make(6, 3);
}

/* 2. The rogue slips along the ogre's side, then away: it provokes only when it leaves the
 * reach measured from the ogre's whole 10-ft space (from the ogre's anchor alone it would
 * have been out of reach a step earlier). */
static void rogue_moves(const gg_scene *s, gg_creature *cr, const gg_rules_def *def)
{
    gg_cell route[3] = {cr[ROGUE].body.cell, gg_cell_make(8, 4), gg_cell_make(9, 5)};
    gg_oa_event ev[N_CREATURES];
    int32_t n = 0;
    CHECK(gg_rules_opportunity_attacks(s, cr, N_CREATURES, ROGUE, route, 3, def, ev, N_CREATURES,
                                       &n));
    for (int32_t i = 0; i < n; i++)
        printf("Rogue leaves (%d,%d): %s makes an Opportunity Attack\n", (int)route[ev[i].step].col,
               (int)route[ev[i].step].row, names[ev[i].reactor]);
    expect(n == 1 && ev[0].reactor == OGRE && ev[0].step == 1,
           "the ogre attacks as the rogue leaves (8,4), its reach measured from its space");
    /* The rogue takes the hit, falters and stays beside the ogre. */
    cr[ROGUE].body.cell = gg_cell_make(8, 4);
}

/* 3. The fighter attacks from the west side, the rogue on the east side: flanking. */
static void fighter_flanks(const gg_scene *s, gg_creature *cr, const gg_rules_def *def)
{
    gg_flank f;
    CHECK(gg_rules_flanking(s, cr, N_CREATURES, FIGHTER, OGRE, def, &f));
    printf("Fighter attacks the ogre: %s%s\n", f.flanked ? "flanking with the " : "no flank",
           f.flanked ? names[f.ally] : "");
    expect(f.flanked && f.ally == ROGUE, "the fighter flanks the ogre with the rogue");
}

/* 4. The wizard flies 15 ft up: out of the ogre's reach, and it fires without cover. */
static void wizard_flies(const gg_scene *s, gg_creature *cr, const gg_rules_def *def)
{
    gg_attack_check up;
    CHECK(gg_rules_check_attack(s, cr, N_CREATURES, OGRE, WIZARD, cr[OGRE].reach_ft, def, &up));
    printf("Ogre swings at the flying wizard: %s (%d ft away)\n",
           gg_rules_target_check_name(up.check), (int)up.distance_ft);
    expect(up.check == GG_TARGET_OUT_OF_RANGE && up.distance_ft == 10,
           "the wizard 15 ft up is 10 ft above the ogre's 10-ft-tall space");
    gg_attack_check bolt;
    CHECK(gg_rules_check_attack(s, cr, N_CREATURES, WIZARD, OGRE, 120, def, &bolt));
    printf("Wizard's Fire Bolt from (%d,%d) to the ogre's square (%d,%d): %s, %s cover\n",
           (int)bolt.from.col, (int)bolt.from.row, (int)bolt.to.col, (int)bolt.to.row,
           gg_rules_target_check_name(bolt.check), gg_rules_cover_name(bolt.cover));
    expect(bolt.check == GG_TARGET_OK && bolt.cover == GG_COVER_NONE,
           "the wizard picks an ogre square no ally covers");
}

/* 5. Darkness on the fighter: the ogre's darkvision can't see through it; the wizard's fear
 * spell frightens the ogre while the wizard is within its line of sight. */
static void ogre_attacks(gg_scene *s, gg_creature *cr, const gg_rules_def *def)
{
    for (int32_t r = 2; r <= 4; r++)
        for (int32_t c = 3; c <= 5; c++)
            CHECK(gg_scene_set_obscurement(s, gg_cell_make(c, r), GG_OBSCURE_MAGICAL_DARKNESS));
    cr[OGRE].frightened_by = WIZARD;
    gg_attack_sight as;
    CHECK(gg_rules_attack_sight_def(s, cr, N_CREATURES, OGRE, FIGHTER, def, &as));
    printf("Ogre attacks the fighter in magical Darkness: %s (%s%s)\n",
           as.mode == GG_ROLL_DISADVANTAGE ? "Disadvantage" : "not Disadvantage",
           (as.disadvantage & GG_SOURCE_UNSEEN_TARGET) ? "can't see it" : "",
           (as.disadvantage & GG_SOURCE_FRIGHTENED_ATTACKER) ? ", frightened" : "");
    expect(as.mode == GG_ROLL_DISADVANTAGE && !as.attacker_sees_target &&
               (as.disadvantage & GG_SOURCE_FRIGHTENED_ATTACKER) != 0u,
           "darkvision fails in magical Darkness and fear adds Disadvantage");
    bool sees = false;
    CHECK(gg_rules_sees(s, cr, N_CREATURES, FIGHTER, OGRE, def, &sees));
    printf("Fighter, in the Darkness, sees the ogre: %s\n", sees ? "yes" : "no");
    expect(sees, "the ogre stands in plain light; the fighter looks out of the Darkness");
}

int main(void)
{
    gg_scene *s = build_map();
    gg_scratch *x = NULL;
    CHECK(gg_scratch_create(s, NULL, &x));
    gg_creature cr[N_CREATURES];
    cr[FIGHTER] = creature(5, 3, 0, GG_SIZE_MEDIUM);
    cr[ROGUE] = creature(8, 3, 0, GG_SIZE_MEDIUM);
    cr[WIZARD] = creature(7, 6, 0, GG_SIZE_MEDIUM);
    cr[WIZARD].body.base_in = 15 * 12; /* Fly: 15 ft up */
    cr[WIZARD].body.supported = false;
    cr[OGRE] = creature(3, 2, 1, GG_SIZE_LARGE);
    cr[OGRE].senses.darkvision_ft = 60;
    const gg_rules_def def = gg_rules_def_srd();

    printf("Round 1 in the cave\n");
    ogre_moves(s, x, cr, &def);
    rogue_moves(s, cr, &def);
    fighter_flanks(s, cr, &def);
    wizard_flies(s, cr, &def);
    ogre_attacks(s, cr, &def);

    gg_scratch_destroy(x);
    gg_scene_destroy(s);
    if (failures != 0) {
        fprintf(stderr, "%d decision(s) differ from the script\n", failures);
        return 1;
    }
    printf("End of round.\n");
    return 0;
}
