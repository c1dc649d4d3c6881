/* quickstart.c - the main example: build a small scene, then ask it for line of sight, cover,
 * a path and a fireball's cells. Run by the test suite (suite "examples"). */
#include <stdio.h>
#include <stdlib.h>

#include "gridgeom/gridgeom.h"

/* A 10x6 tavern: '#' pillar (blocked), 'h' an overturned table (half cover), '~' spilled ale
 * (difficult terrain). A wall runs down the grid line x = 6 from y = 0 to y = 4. */
static const char *const map[] = {
    "..........", "..#.......", "....h.....", ".~~.......", "..........", "..........",
};

#define CHECK(call)                                                                                \
    do {                                                                                           \
        gg_status st_ = (call);                                                                    \
        if (gg_failed(st_)) {                                                                      \
            fprintf(stderr, "%s failed: %s\n", #call, gg_status_message(st_));                     \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

static const char *cover_name(gg_cover c)
{
    static const char *const names[] = {"none", "half", "three_quarters", "total"};
    return names[c];
}

static void print_cell(gg_cell c)
{
    char id[GG_CELL_ID_MAX];
    gg_cell_format(c, id, sizeof id);
    printf(" %s", id);
}

int main(void)
{
    gg_scene_def def = gg_scene_def_default();
    def.width = 10;
    def.height = 6;
    gg_scene *scene = NULL;
    CHECK(gg_scene_create(&def, &scene));
    for (int r = 0; r < def.height; ++r)
        for (int c = 0; c < def.width; ++c) {
            gg_cell cell = gg_cell_make(c, r);
            if (map[r][c] == '#')
                CHECK(gg_scene_set_blocked(scene, cell, true));
            else if (map[r][c] == 'h')
                CHECK(gg_scene_set_cover(scene, cell, GG_COVER_HALF));
            else if (map[r][c] == '~')
                CHECK(gg_scene_set_difficult(scene, cell, true));
        }
    gg_wall_def wall = gg_wall_def_default();
    wall.x1 = 6;
    wall.y1 = 0;
    wall.x2 = 6;
    wall.y2 = 4;
    CHECK(gg_scene_add_wall(scene, &wall, NULL));

    /* Cells come from "col,row" ids as hosts store them. */
    gg_cell archer, goblin, ogre;
    CHECK(gg_cell_parse("0,2", 3, &archer, NULL));
    CHECK(gg_cell_parse("5,2", 3, &goblin, NULL));
    CHECK(gg_cell_parse("8,2", 3, &ogre, NULL));

    bool visible = false;
    CHECK(gg_scene_has_line_of_sight(scene, archer, goblin, &visible));
    printf("archer 0,2 sees goblin 5,2: %s\n", visible ? "yes" : "no");
    CHECK(gg_scene_has_line_of_sight(scene, archer, ogre, &visible));
    printf("archer 0,2 sees ogre 8,2: %s (the wall at x=6)\n", visible ? "yes" : "no");

    gg_cover cover = GG_COVER_NONE;
    CHECK(gg_scene_cover_between(scene, archer, goblin, NULL, 0, &cover));
    printf("goblin's cover from the archer: %s\n", cover_name(cover));
    /* A creature on the line gives half cover (SRD 5.2 "Cover"), never more. */
    gg_cell ally = gg_cell_make(2, 5);
    CHECK(gg_scene_cover_between(scene, gg_cell_make(0, 5), gg_cell_make(4, 5), &ally, 1, &cover));
    printf("cover of 4,5 from 0,5 past an ally on 2,5: %s\n", cover_name(cover));

    gg_scratch *scratch = NULL;
    CHECK(gg_scratch_create(scene, NULL, &scratch));
    gg_cell path[64];
    int32_t n = 0;
    CHECK(gg_scene_shortest_path(scene, scratch, archer, ogre, NULL, 0, path, 64, &n));
    printf("archer's path to the ogre (%d cells):", (int)n);
    int32_t feet = 0;
    for (int32_t k = 0; k < n; ++k) {
        print_cell(path[k]);
        if (k > 0) {
            int32_t step = 0;
            CHECK(gg_scene_edge_distance(scene, path[k - 1], path[k], &step));
            feet += step;
        }
    }
    printf("\n  costing %d ft\n", (int)feet);

    gg_reach reach[128];
    CHECK(gg_scene_reachable(scene, scratch, archer, 15, NULL, 0, reach, 128, &n));
    printf("cells the archer reaches with 15 ft: %d\n", (int)n);

    /* A 10-ft-radius fireball at 7,3: the wall shields the cells west of x = 6 that it
     * cannot reach by line of effect. */
    gg_template fireball = {GG_SHAPE_SPHERE, 10, false, {0, 0}};
    gg_cell cells[64];
    CHECK(gg_scene_area_cells(scene, gg_cell_make(7, 3), &fireball, true, cells, 64, &n, NULL));
    printf("fireball at 7,3 covers %d cells:", (int)n);
    for (int32_t k = 0; k < n; ++k)
        print_cell(cells[k]);
    printf("\n");

    gg_scratch_destroy(scratch);
    gg_scene_destroy(scene);
    return 0;
}
