/* fog_cloud.c - a Fog Cloud placed through the any-angle areas (gg_shape_def, core.h;
 * gg_rules_shape_cells, rules.h): the squares the 20-ft sphere covers, trimmed by a wall, made
 * Heavily Obscured on the scene with gg_scene_set_obscurement(), and what the archers can see
 * afterwards. Run by the test suite (suite "examples"), which fails if any decision differs from
 * the script. */
#include <stdio.h>
#include <stdlib.h>

#include "gridgeom/rules.h"

#define MAP_W 20
#define MAP_H 14

enum { DRUID, ARCHER, BANDIT_IN, BANDIT_BEHIND, BANDIT_ROOM, N_CREATURES };
static const char *const names[N_CREATURES] = {"Druid", "Archer", "Bandit in the fog",
                                               "Bandit beyond the fog", "Bandit in the room"};

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

int main(void)
{
    gg_scene_def sd = gg_scene_def_default();
    sd.width = MAP_W;
    sd.height = MAP_H;
    gg_scene *s = NULL;
    CHECK(gg_scene_create(&sd, &s));
    /* A closed room in the south-east corner: walls along the grid lines y = 9 (45 ft) from
     * x = 11 to the east edge and x = 11 (55 ft) from y = 9 to the south edge. */
    gg_wall_def w = gg_wall_def_default();
    w.x1 = 11;
    w.y1 = 9;
    w.x2 = 20;
    w.y2 = 9;
    gg_wall_id id;
    CHECK(gg_scene_add_wall(s, &w, &id));
    w.x1 = 11;
    w.y1 = 9;
    w.x2 = 11;
    w.y2 = 14;
    CHECK(gg_scene_add_wall(s, &w, &id));

    gg_creature cr[N_CREATURES];
    static const int32_t at[N_CREATURES][2] = {{1, 1}, {2, 6}, {8, 6}, {17, 6}, {15, 11}};
    for (int i = 0; i < N_CREATURES; i++) {
        cr[i] = gg_creature_default();
        cr[i].body.cell = gg_cell_make(at[i][0], at[i][1]);
        cr[i].body.side = i <= ARCHER ? 0 : 1;
    }

    /* SRD 5.2 Fog Cloud: "a 20-foot-radius Sphere of fog centered on a point within range. The
     * Sphere is Heavily Obscured." The druid centres it on the middle of the top edge of
     * square (9,7), 47.5 ft east and 35 ft south of the map's corner. */
    gg_shape_def fog = gg_shape_def_default();
    fog.shape = GG_SHAPE_SPHERE;
    fog.size_ft = 20;
    fog.origin.x = 47 * GG_AREA_UNITS_PER_FT + GG_AREA_UNITS_PER_FT / 2;
    fog.origin.y = 35 * GG_AREA_UNITS_PER_FT;
    fog.coverage = GG_COVERAGE_HALF;
    gg_shape_rule_def rd = gg_shape_rule_def_default();
    gg_cell cells[MAP_W * MAP_H];
    int32_t n = 0, untrimmed = 0;
    CHECK(gg_shape_cells(MAP_W, MAP_H, 5, &fog, NULL, 0, &untrimmed, NULL));
    CHECK(gg_rules_shape_cells(s, &fog, &rd, cells, MAP_W * MAP_H, &n));
    printf("Fog Cloud, 20-ft radius at (47.5 ft, 35 ft): %d squares at least half covered, "
           "%d with line of effect (the room's walls keep the fog out)\n",
           (int)untrimmed, (int)n);
    expect(untrimmed == 48 && n == 46, "the room's walls keep 2 squares free of fog");

    /* The host makes the fog's squares Heavily Obscured on the scene. */
    for (int32_t i = 0; i < n; i++)
        CHECK(gg_scene_set_obscurement(s, cells[i], GG_OBSCURE_HEAVY));
    for (int32_t r = 2; r < MAP_H; r++) {
        printf("   ");
        for (int32_t c = 0; c < MAP_W; c++) {
            gg_obscurement o = GG_OBSCURE_NONE;
            CHECK(gg_scene_obscurement_on_cell(s, gg_cell_make(c, r), &o));
            char ch = o == GG_OBSCURE_HEAVY ? '%' : '.';
            for (int i = 0; i < N_CREATURES; i++)
                if (at[i][0] == c && at[i][1] == r)
                    ch = (char)('A' + i);
            printf("%c", ch);
        }
        printf("\n");
    }
    printf("   ('%%' heavily obscured; B the archer, C D E the bandits)\n");

    /* SRD 5.2 "Vision and Light": "A creature in a Heavily Obscured area effectively has the
     * Blinded condition" for what lies there: the archer cannot see into the fog. What lies
     * beyond it is seen as the SRD text reads (a host may rule fog between them blocks sight). */
    bool seen[N_CREATURES] = {false};
    for (int i = BANDIT_IN; i < N_CREATURES; i++) {
        CHECK(gg_rules_can_see(s, &cr[ARCHER], &cr[i], &seen[i]));
        printf("   Archer %s the %s\n", seen[i] ? "sees" : "cannot see", names[i]);
    }
    expect(!seen[BANDIT_IN], "the bandit in the fog is hidden");
    bool in_fog = false;
    for (int32_t i = 0; i < n; i++)
        in_fog = in_fog || gg_cell_eq(cells[i], cr[BANDIT_ROOM].body.cell);
    expect(!in_fog, "no fog in the room");
    gg_scene_destroy(s);
    if (failures != 0) {
        fprintf(stderr, "%d decision(s) differ from the script\n", failures);
        return 1;
    }
    printf("All decisions match the script.\n");
    return 0;
}
