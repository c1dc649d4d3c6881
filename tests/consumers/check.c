/* check.c - the one check every consumer project builds and runs (tests/consumers/run.sh): a
 * scene, a wall (read back), line of sight on both sides of it, a distance. Written in the
 * common subset of C11 and C++17 so the C++ consumer compiles this same file; keep it small and
 * stable. */
#include <stdio.h>

#include "gridgeom/gridgeom.h"

static int fail(const char *what, gg_status s)
{
    fprintf(stderr, "check: %s: %s\n", what, gg_status_message(s));
    return 1;
}

int main(void)
{
    /* Header and library must be the same version (a stale install shows up here). */
    if (gg_version() != GG_VERSION_NUMBER) {
        fprintf(stderr, "check: header %d, library %d\n", (int)GG_VERSION_NUMBER,
                (int)gg_version());
        return 1;
    }
    gg_scene_def def = gg_scene_def_default();
    def.width = 10;
    def.height = 6;
    gg_scene *scene = NULL;
    gg_status s = gg_scene_create(&def, &scene);
    if (gg_failed(s))
        return fail("gg_scene_create", s);

    gg_wall_def wall = gg_wall_def_default(); /* grid-corner coordinates: the line x = 6 */
    wall.x1 = 6;
    wall.y1 = 0;
    wall.x2 = 6;
    wall.y2 = 4;
    s = gg_scene_add_wall(scene, &wall, NULL);
    if (gg_failed(s)) {
        gg_scene_destroy(scene);
        return fail("gg_scene_add_wall", s);
    }

    /* Reading it back: gg_scene_list_walls() is a macro passing this header's
     * sizeof(gg_wall_def), which must compile as C and C++, with a NULL array too. */
    int32_t walls = 0;
    gg_wall_def back = gg_wall_def_default();
    s = gg_scene_list_walls(scene, NULL, NULL, 0, &walls);
    if (s == GG_PARTIAL && walls == 1)
        s = gg_scene_list_walls(scene, NULL, &back, 1, &walls);
    if (gg_failed(s) || back.struct_size != sizeof back || back.x1 != wall.x1) {
        gg_scene_destroy(scene);
        return fail("gg_scene_list_walls", gg_failed(s) ? s : GG_E_INTERNAL);
    }

    gg_cell archer = gg_cell_make(0, 2), goblin = gg_cell_make(5, 2), ogre = gg_cell_make(8, 2);
    bool sees_goblin = false, sees_ogre = true;
    s = gg_scene_has_line_of_sight(scene, archer, goblin, &sees_goblin);
    if (!gg_failed(s))
        s = gg_scene_has_line_of_sight(scene, archer, ogre, &sees_ogre);
    gg_scene_destroy(scene);
    if (gg_failed(s))
        return fail("gg_scene_has_line_of_sight", s);

    printf("sees 5,2: %s; sees 8,2: %s; distance to 8,2: %lld cells\n", sees_goblin ? "yes" : "no",
           sees_ogre ? "yes" : "no", (long long)gg_chebyshev(archer, ogre));
    return 0;
}
