/* combat_round.c - one scripted combat round on a built-in map, decided through the rules API
 * (include/gridgeom/rules.h): a move that provokes, an attack through half cover, a fireball
 * trimmed by a wall, and an invisible attacker. Prints each decision and its reason; run by the
 * test suite (suite "examples"), which fails if any decision differs from the script. */
#include <stdio.h>
#include <stdlib.h>

#include "gridgeom/rules.h"

/* A 16x10 ruined chapel. 'h' a low wall (half cover), '#' a pillar. A stone wall runs down the
 * grid line x = 11 from y = 0 to y = 6, closing off the vestry to the east. */
static const char *const map[] = {
    "................", "................", "................", "....#...........",
    "................", ".....h..........", "................", "................",
    "................", "................",
};
#define MAP_W 16
#define MAP_H 10

enum { ROGUE, FIGHTER, WIZARD, GOBLIN, ORC, BANDIT, HOBGOBLIN, IMP, N_CREATURES };
static const char *const names[N_CREATURES] = {"Rogue", "Fighter", "Wizard",    "Goblin",
                                               "Orc",   "Bandit",  "Hobgoblin", "Imp"};

static int failures;

#define CHECK(call)                                                                                \
    do {                                                                                           \
        gg_status st_ = (call);                                                                    \
        if (gg_failed(st_)) {                                                                      \
            fprintf(stderr, "%s failed: %s\n", #call, gg_status_name(st_));                        \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

/* The script: a decision that differs from what the round expects fails the example. */
static void expect(bool ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "unexpected decision: %s\n", what);
        failures++;
    }
}

static void print_cell(gg_cell c) { printf("(%d,%d)", (int)c.col, (int)c.row); }

static gg_scene *build_map(void)
{
    gg_scene_def def = gg_scene_def_default();
    def.width = MAP_W;
    def.height = MAP_H;
    gg_scene *s = NULL;
    CHECK(gg_scene_create(&def, &s));
    for (int32_t r = 0; r < MAP_H; r++) {
        for (int32_t c = 0; c < MAP_W; c++) {
            if (map[r][c] == '#')
                CHECK(gg_scene_set_blocked(s, gg_cell_make(c, r), true));
            if (map[r][c] == 'h')
                CHECK(gg_scene_set_cover(s, gg_cell_make(c, r), GG_COVER_HALF));
        }
    }
    gg_wall_def w = gg_wall_def_default();
    w.x1 = 11;
    w.y1 = 0;
    w.x2 = 11;
    w.y2 = 6;
    CHECK(gg_scene_add_wall(s, &w, NULL));
    return s;
}

static gg_creature creature(int32_t col, int32_t row, int32_t side)
{
    gg_creature c = gg_creature_default();
    c.body.cell = gg_cell_make(col, row);
    c.body.side = side;
    return c;
}

/* 1. The rogue dashes past the goblin: plan, then who attacks where. */
static void rogue_moves(const gg_scene *s, gg_scratch *x, gg_creature *cr)
{
    gg_cell path[32];
    int32_t n = 0, cost = 0;
    gg_move_result res;
    printf("1. Rogue moves from (2,1) past the goblin to (6,0), beside the bandit\n");
    /* First she tries the orc's square: refused, nothing spent. */
    CHECK(gg_rules_plan_move(s, x, cr, N_CREATURES, ROGUE, cr[ORC].body.cell, path, 32, &n, &cost,
                             &res));
    printf("   move to the orc's square (7,5): %s (SRD 5.2 Moving Around Other Creatures)\n",
           gg_rules_move_result_name(res));
    expect(res == GG_MOVE_OCCUPIED, "the orc's square is occupied");

    CHECK(gg_rules_plan_move(s, x, cr, N_CREATURES, ROGUE, gg_cell_make(6, 0), path, 32, &n, &cost,
                             &res));
    printf("   move to (6,0): %s, %d ft of %d ft, route", gg_rules_move_result_name(res), (int)cost,
           (int)cr[ROGUE].movement_left_ft);
    for (int32_t i = 0; i < n; i++) {
        printf(" ");
        print_cell(path[i]);
    }
    printf("\n");
    expect(res == GG_MOVE_OK, "the rogue can reach (6,0)");

    gg_oa_event ev[N_CREATURES];
    int32_t ne = 0;
    CHECK(gg_rules_opportunity_schedule(s, cr, N_CREATURES, ROGUE, path, n, ev, N_CREATURES, &ne));
    for (int32_t i = 0; i < ne; i++) {
        printf("   opportunity attack: %s, as she leaves ", names[ev[i].reactor]);
        print_cell(path[ev[i].step]);
        printf(" for ");
        print_cell(path[ev[i].step + 1]);
        printf(" (SRD 5.2 Opportunity Attacks: she leaves its reach)\n");
    }
    expect(ne == 1 && ev[0].reactor == GOBLIN, "the goblin, and only it, attacks");
    cr[GOBLIN].reaction_available = false;
    cr[ROGUE].body.cell = path[n - 1];
    cr[ROGUE].movement_left_ft -= cost;
}

/* 2. The fighter shoots the orc across the low wall. */
static void fighter_shoots(const gg_scene *s, const gg_creature *cr)
{
    gg_target_check check;
    gg_cover cover;
    int32_t bonus = 0;
    printf("2. Fighter shoots the orc with a longbow (range 150 ft)\n");
    CHECK(gg_rules_check_target(s, cr[FIGHTER].body.cell, cr[ORC].body.cell, 150, &check));
    printf("   can target: %s (SRD 5.2 Range, Cover)\n", gg_rules_target_check_name(check));
    CHECK(gg_rules_target_cover(s, cr, N_CREATURES, FIGHTER, ORC, NULL, &cover));
    CHECK(gg_rules_cover_bonus(cover, GG_ROLL_ATTACK, 0u, &bonus));
    printf("   the orc has %s cover behind the low wall: +%d to its AC (SRD 5.2 Cover)\n",
           gg_rules_cover_name(cover), (int)bonus);
    expect(check == GG_TARGET_OK && cover == GG_COVER_HALF && bonus == 2, "half cover, +2 AC");
}

/* 3. The wizard's fireball: the vestry wall shields the hobgoblin. */
static void wizard_fireball(const gg_scene *s, const gg_creature *cr)
{
    gg_area_def fireball = gg_area_def_default();
    fireball.tpl.shape = GG_SHAPE_SPHERE;
    fireball.tpl.size_ft = 20;
    fireball.origin = gg_cell_make(9, 3);
    gg_target_check check;
    printf("3. Wizard casts Fireball (20-ft sphere) centred on ");
    print_cell(fireball.origin);
    printf("\n");
    CHECK(gg_rules_check_target(s, cr[WIZARD].body.cell, fireball.origin, 150, &check));
    printf("   point of origin in range and in sight: %s\n", gg_rules_target_check_name(check));
    gg_area_target t[N_CREATURES];
    int32_t n = 0;
    CHECK(gg_rules_area_targets(s, cr, N_CREATURES, &fireball, t, N_CREATURES, &n));
    bool hob = false, rogue = false;
    for (int32_t i = 0; i < n; i++) {
        int32_t bonus = 0;
        CHECK(gg_rules_cover_bonus(t[i].cover, GG_ROLL_DEX_SAVE, 0u, &bonus));
        printf("   %-9s Dexterity save, %s cover: +%d (SRD 5.2 Areas of Effect, Cover)\n",
               names[t[i].creature], gg_rules_cover_name(t[i].cover), (int)bonus);
        hob = hob || t[i].creature == HOBGOBLIN;
        rogue = rogue || t[i].creature == ROGUE;
    }
    CHECK(gg_rules_check_target(s, fireball.origin, cr[HOBGOBLIN].body.cell, 20, &check));
    printf("   Hobgoblin not affected: %s from the point of origin, the vestry wall blocks the "
           "line of effect (SRD 5.2 Point of Origin)\n",
           gg_rules_target_check_name(check));
    expect(!hob && rogue && n == 3 && check == GG_TARGET_NO_LINE_OF_SIGHT,
           "the fireball catches the rogue, the orc and the bandit, "
           "not the hobgoblin");
}

/* 4. The invisible imp stings the wizard. */
static void imp_attacks(const gg_scene *s, const gg_creature *cr)
{
    gg_attack_sight sight;
    bool seen = true;
    printf("4. The invisible Imp stings the Wizard\n");
    CHECK(gg_rules_can_see(s, &cr[WIZARD], &cr[IMP], &seen));
    printf("   the wizard %s the imp (SRD 5.2 Invisible)\n", seen ? "sees" : "cannot see");
    CHECK(gg_rules_attack_sight(s, &cr[IMP], &cr[WIZARD], &sight));
    printf("   attack roll: %s (%s)\n",
           sight.mode == GG_ROLL_ADVANTAGE      ? "Advantage"
           : sight.mode == GG_ROLL_DISADVANTAGE ? "Disadvantage"
                                                : "normal",
           (sight.advantage & GG_SOURCE_INVISIBLE_ATTACKER) != 0u
               ? "SRD 5.2 Invisible: the target cannot see the attacker"
               : "no sight source");
    expect(!seen && sight.mode == GG_ROLL_ADVANTAGE, "the invisible imp attacks with Advantage");
}

int main(void)
{
    gg_scene *s = build_map();
    gg_scratch *x = NULL;
    CHECK(gg_scratch_create(s, NULL, &x));
    gg_creature cr[N_CREATURES];
    cr[ROGUE] = creature(2, 1, 0);
    cr[FIGHTER] = creature(1, 5, 0);
    cr[WIZARD] = creature(1, 8, 0);
    cr[GOBLIN] = creature(3, 2, 1);
    cr[ORC] = creature(7, 5, 1);
    cr[BANDIT] = creature(7, 1, 1);
    cr[HOBGOBLIN] = creature(12, 3, 1);
    cr[IMP] = creature(2, 8, 1);
    cr[IMP].body.conditions = GG_CONDITION_INVISIBLE;

    printf("Round 1 in the ruined chapel\n");
    rogue_moves(s, x, cr);
    fighter_shoots(s, cr);
    wizard_fireball(s, cr);
    imp_attacks(s, cr);

    gg_scratch_destroy(x);
    gg_scene_destroy(s);
    if (failures != 0) {
        fprintf(stderr, "%d decision(s) differ from the script\n", failures);
        return 1;
    }
    printf("End of round.\n");
    return 0;
}
