#!/usr/bin/python3
"""A tour of gridgeom on a real map: import it, look from one cell, walk to another, ask for
cover, open the doors and look again. Prints the map as text:

    @ viewer   T target   * path   . seen   (blank) not seen   # blocked

Usage: /usr/bin/python3 bindings/python/examples/tactics.py [MAP] [VIEWER] [TARGET]
       (defaults: tests/data/maps/uvtt/vttmaps__headmasters-quarters.dd2vtt, 4,0, 5,7)
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import gridgeom as gg  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")
DEFAULT_MAP = os.path.join(ROOT, "tests", "data", "maps", "uvtt",
                           "vttmaps__headmasters-quarters.dd2vtt")


def draw(scene, viewer, target, seen, path):
    on_path = set(path)
    for row in range(scene.height):
        line = []
        for col in range(scene.width):
            c = (col, row)
            if c == viewer:
                ch = "@"
            elif c == target:
                ch = "T"
            elif c in on_path:
                ch = "*"
            elif not scene.is_valid_cell(c):
                ch = "#"
            else:
                ch = "." if seen[row, col] else " "
            line.append(ch)
        print("|" + "".join(line) + "|")


def main(argv):
    path = argv[1] if len(argv) > 1 else DEFAULT_MAP
    viewer = gg.cell(argv[2] if len(argv) > 2 else "4,0")
    target = gg.cell(argv[3] if len(argv) > 3 else "5,7")
    if gg.HAVE_IO:
        scene, report = gg.import_scene(path=path)
        st = report.stats
        print("%s: %s, %dx%d cells, %d walls, %d doors" % (
            os.path.basename(path), st["format"].name, scene.width, scene.height,
            st["walls"], st["doors"]))
    else:  # the library was built without io: a room with a door instead
        scene = gg.Scene(10, 10)
        scene.add_walls([(5, 0, 5, 4), (5, 5, 5, 10)])
        scene.add_wall(5, 4, 5, 5, door="closed")
        print("built-in room (the library was built without io)")

    seen = scene.visible_cells(viewer)
    # the general route query: 5-10-5 diagonals (SRD 5.2 optional rule), Medium mover
    route, cost = scene.lowest_cost_path(viewer, target, metric="alternating")
    print("from %s: %d cells in sight; %s sees %s: %s; cover %s" % (
        viewer, seen.sum(), viewer, target, scene.line_of_sight(viewer, target),
        scene.cover_between(viewer, target).name.lower()))
    print("path: %s" % ("%s (%g ft)" % (" ".join(map(str, route)), cost) if route else "none"))
    draw(scene, viewer, target, seen, route)

    # Open every door (the importer keeps doors as walls with a door state) and look again.
    opened = 0
    if gg.HAVE_IO:
        for wall_id, wall in gg.list_walls(scene):
            if wall.door != gg.Door.NONE:
                scene.set_door(wall_id, "open")
                opened += 1
    if opened:
        seen = scene.visible_cells(viewer)
        route, cost = scene.lowest_cost_path(viewer, target, metric="alternating")
        print("\nafter opening %d doors: %d cells in sight, %s sees %s: %s, path %g ft" % (
            opened, seen.sum(), viewer, target, scene.line_of_sight(viewer, target), cost))
        draw(scene, viewer, target, seen, route)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
