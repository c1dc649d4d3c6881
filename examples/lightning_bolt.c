/* lightning_bolt.c - a Lightning Bolt aimed at any angle, decided through the any-angle areas
 * (gg_shape_def, core.h; gg_rules_shape_targets, rules.h): a 100-ft Line, 5 ft wide, from the
 * caster's square toward a point, the creatures on its squares, and the cover one of them gives
 * another for the Dexterity save. Run by the test suite (suite "examples"), which fails if any
 * decision differs from the script. */
#include <stdio.h>
#include <stdlib.h>

#include "gridgeom/rules.h"

#define MAP_W 26
#define MAP_H 14

enum { SORCERER, GNOLL_A, GNOLL_B, GNOLL_C, HYENA, N_CREATURES };
static const char *const names[N_CREATURES] = {"Sorcerer", "Gnoll 1", "Gnoll 2", "Gnoll 3",
                                               "Hyena"};

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

    gg_creature cr[N_CREATURES];
    static const int32_t at[N_CREATURES][2] = {{1, 2}, {7, 4}, {12, 6}, {19, 9}, {9, 7}};
    for (int i = 0; i < N_CREATURES; i++) {
        cr[i] = gg_creature_default();
        cr[i].body.cell = gg_cell_make(at[i][0], at[i][1]);
        cr[i].body.side = i == SORCERER ? 0 : 1;
    }

    /* SRD 5.2 Lightning Bolt: "A stroke of lightning forming a 100-foot-long, 5-foot-wide Line
     * blasts out from you in a direction you choose." The sorcerer aims from the centre of its
     * square at the centre of square (20,9): the direction (19, 7) squares, about 20 degrees
     * below east, which no 8-direction raster has. */
    const gg_cell aim = gg_cell_make(20, 9);
    gg_shape_def bolt = gg_shape_def_default();
    bolt.shape = GG_SHAPE_LINE;
    bolt.size_ft = 100;
    bolt.line_width_ft = 5;
    bolt.origin = gg_area_point_centre(cr[SORCERER].body.cell, 5);
    bolt.dir_x = aim.col - at[SORCERER][0];
    bolt.dir_y = aim.row - at[SORCERER][1];
    bolt.coverage = GG_COVERAGE_HALF;
    printf("Lightning Bolt, 100 ft x 5 ft, from (%d,%d) towards (%d,%d)\n", at[SORCERER][0],
           at[SORCERER][1], (int)aim.col, (int)aim.row);

    gg_cell cells[MAP_W * MAP_H];
    int32_t n_cells = 0;
    gg_shape_rule_def rd = gg_shape_rule_def_default();
    CHECK(gg_rules_shape_cells(s, &bolt, &rd, cells, MAP_W * MAP_H, &n_cells));
    for (int32_t r = 0; r < 12; r++) {
        printf("   ");
        for (int32_t c = 0; c < MAP_W; c++) {
            char ch = '.';
            for (int32_t i = 0; i < n_cells; i++)
                if (cells[i].col == c && cells[i].row == r)
                    ch = '*';
            for (int i = 0; i < N_CREATURES; i++)
                if (at[i][0] == c && at[i][1] == r)
                    ch = (char)(ch == '*' ? 'X' : 'o');
            printf("%c", ch);
        }
        printf("\n");
    }
    printf("   %d squares at least half under the line ('X' a creature in it, 'o' one outside)\n",
           (int)n_cells);

    gg_area_target t[N_CREATURES];
    int32_t n = 0;
    CHECK(gg_rules_shape_targets(s, cr, N_CREATURES, &bolt, &rd, t, N_CREATURES, &n));
    bool hit[N_CREATURES] = {false};
    gg_cover cover[N_CREATURES] = {GG_COVER_NONE};
    for (int32_t i = 0; i < n; i++) {
        int32_t bonus = 0;
        CHECK(gg_rules_cover_bonus(t[i].cover, GG_ROLL_DEX_SAVE, 0u, &bonus));
        printf("   %-8s Dexterity save, %s cover, +%d\n", names[t[i].creature],
               gg_rules_cover_name(t[i].cover), (int)bonus);
        hit[t[i].creature] = true;
        cover[t[i].creature] = t[i].cover;
    }
    expect(hit[GNOLL_A] && hit[GNOLL_B] && hit[GNOLL_C], "the three gnolls on the line");
    expect(!hit[HYENA], "the hyena two squares below the line");
    expect(!hit[SORCERER], "the line starts at the sorcerer's centre: under half its square");
    expect(cover[GNOLL_A] == GG_COVER_NONE, "nothing stands before the first gnoll");
    /* SRD 5.2 Cover: "another creature" gives Half Cover; the gnolls nearer the sorcerer stand
     * between the point of origin and the ones behind them. */
    expect(cover[GNOLL_B] == GG_COVER_HALF, "the first gnoll shields the second");
    /* A bolt that ends at the first gnoll: 35 ft long. */
    bolt.size_ft = 35;
    CHECK(gg_rules_shape_targets(s, cr, N_CREATURES, &bolt, &rd, t, N_CREATURES, &n));
    printf("   a 35-ft line reaches %d creature(s)\n", (int)n);
    expect(n == 1 && t[0].creature == GNOLL_A, "a 35-ft line stops at the first gnoll");
    gg_scene_destroy(s);
    if (failures != 0) {
        fprintf(stderr, "%d decision(s) differ from the script\n", failures);
        return 1;
    }
    printf("All decisions match the script.\n");
    return 0;
}
