/* fireball.c - a Fireball aimed at a grid intersection, decided through the any-angle areas
 * (gg_shape_def, core.h; gg_rules_shape_targets, rules.h). Shows which squares the 20-ft sphere
 * covers under each coverage rule, how a wall trims it from the point of origin, and who makes
 * the Dexterity save with what cover. Run by the test suite (suite "examples"), which fails if
 * any decision differs from the script. */
#include <stdio.h>
#include <stdlib.h>

#include "gridgeom/rules.h"

#define MAP_W 16
#define MAP_H 14

enum { WIZARD, ORC, GOBLIN, BUGBEAR, KOBOLD, OGRE_MAGE, SCOUT, N_CREATURES };
static const char *const names[N_CREATURES] = {"Wizard", "Orc",       "Goblin", "Bugbear",
                                               "Kobold", "Ogre mage", "Scout"};

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

/* Draws the squares of `cells` as '*' over the map ('|' marks squares east of the wall). */
static void draw(const gg_cell *cells, int32_t n)
{
    for (int32_t r = 3; r < 12; r++) {
        printf("   ");
        for (int32_t c = 2; c < 14; c++) {
            bool in = false;
            for (int32_t i = 0; i < n; i++)
                in = in || (cells[i].col == c && cells[i].row == r);
            printf("%c", in ? '*' : (c >= 10 && r <= 7 ? ':' : '.'));
        }
        printf("\n");
    }
}

int main(void)
{
    gg_scene_def sd = gg_scene_def_default();
    sd.width = MAP_W;
    sd.height = MAP_H;
    gg_scene *s = NULL;
    CHECK(gg_scene_create(&sd, &s));
    /* A stone wall down the grid line x = 10 (50 ft) from the top to y = 8 (40 ft): the storeroom. */
    gg_wall_def wall = gg_wall_def_default();
    wall.x1 = 10;
    wall.y1 = 0;
    wall.x2 = 10;
    wall.y2 = 8;
    gg_wall_id id;
    CHECK(gg_scene_add_wall(s, &wall, &id));

    gg_creature cr[N_CREATURES];
    static const int32_t at[N_CREATURES][2] = {{1, 12}, {8, 7},  {4, 7}, {6, 4},
                                               {10, 5}, {7, 10}, {5, 4}};
    for (int i = 0; i < N_CREATURES; i++) {
        cr[i] = gg_creature_default();
        cr[i].body.cell = gg_cell_make(at[i][0], at[i][1]);
        cr[i].body.side = i == WIZARD ? 0 : 1;
    }

    /* SRD 5.2 Fireball: "a 20-foot-radius Sphere" centred on a point; the point here is the
     * grid intersection at the top-left corner of square (8,8), 40 ft from each map edge. */
    gg_shape_def fb = gg_shape_def_default();
    fb.shape = GG_SHAPE_SPHERE;
    fb.size_ft = 20;
    fb.origin = gg_area_point_corner(gg_cell_make(8, 8), 5);
    printf("Fireball, 20-ft radius, centred on the grid intersection (40 ft, 40 ft)\n");

    /* 1. The squares it covers under each rule, before walls. */
    static const char *const rule_names[] = {"centre in the sphere (Foundry)",
                                             "at least half covered (2024 grid rule)",
                                             "any part covered (template method)"};
    static const int32_t want[] = {52, 52, 60};
    gg_cell cells[MAP_W * MAP_H];
    for (int rule = 0; rule < 3; rule++) {
        fb.coverage = (gg_coverage)rule;
        int32_t n = 0;
        CHECK(gg_shape_cells(MAP_W, MAP_H, 5, &fb, cells, MAP_W * MAP_H, &n, NULL));
        printf("1. %-40s %d squares\n", rule_names[rule], (int)n);
        expect(n == want[rule], "squares covered by the 20-ft sphere at an intersection");
    }
    fb.coverage = GG_COVERAGE_HALF;

    /* 2. Line of effect: the storeroom wall shields the squares behind it. */
    gg_shape_rule_def rd = gg_shape_rule_def_default();
    int32_t kept = 0;
    CHECK(gg_rules_shape_cells(s, &fb, &rd, cells, MAP_W * MAP_H, &kept));
    printf("2. behind the storeroom wall (':'), %d squares stay in the area "
           "(SRD 5.2 Areas of Effect: Total Cover blocks a line from the point of origin):\n",
           (int)kept);
    draw(cells, kept);
    expect(kept == 47, "the wall trims 5 squares of the sphere");

    /* 3. The creatures it reaches and their Dexterity-save cover. */
    gg_area_target t[N_CREATURES];
    int32_t n = 0;
    CHECK(gg_rules_shape_targets(s, cr, N_CREATURES, &fb, &rd, t, N_CREATURES, &n));
    bool hit[N_CREATURES] = {false};
    for (int32_t i = 0; i < n; i++) {
        int32_t bonus = 0;
        CHECK(gg_rules_cover_bonus(t[i].cover, GG_ROLL_DEX_SAVE, 0u, &bonus));
        printf("3. %-9s in the area: Dexterity save, %s cover, +%d\n", names[t[i].creature],
               gg_rules_cover_name(t[i].cover), (int)bonus);
        hit[t[i].creature] = true;
    }
    expect(hit[ORC] && hit[GOBLIN] && hit[BUGBEAR] && hit[OGRE_MAGE], "the four in the open");
    expect(!hit[KOBOLD], "the kobold behind the storeroom wall");
    expect(!hit[WIZARD], "the wizard 45 ft away");
    expect(!hit[SCOUT], "the scout's square is less than half covered");
    printf("   Kobold not affected: the storeroom wall blocks every line from the point of "
           "origin\n");
    /* 4. The scout at (5,4): the sphere crosses a corner of its square (18 ft from the point of
     * origin at the nearest), under half of it, its centre outside: only the template method
     * ("any part of a square") catches it. */
    static const bool scout_in[] = {false, false, true};
    for (int rule = 0; rule < 3; rule++) {
        fb.coverage = (gg_coverage)rule;
        CHECK(gg_rules_shape_targets(s, cr, N_CREATURES, &fb, &rd, t, N_CREATURES, &n));
        bool scout = false;
        for (int32_t i = 0; i < n; i++)
            scout = scout || t[i].creature == SCOUT;
        printf("4. %-40s %d creatures, scout %s\n", rule_names[rule], (int)n,
               scout ? "caught" : "spared");
        expect(scout == scout_in[rule], "the scout on the sphere's edge");
    }
    gg_scene_destroy(s);
    if (failures != 0) {
        fprintf(stderr, "%d decision(s) differ from the script\n", failures);
        return 1;
    }
    printf("All decisions match the script.\n");
    return 0;
}
