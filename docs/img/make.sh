#!/bin/sh
# Regenerates the pictures in docs/img with the gridgeom tool.
# Usage: docs/img/make.sh [BUILD DIR (default build) or the gridgeom binary] [OUT DIR]
# With OUT DIR the pictures go there instead (tools/gridgeom/test_cli_ops.py case 'pictures'
# draws them into a temporary directory and compares them with the committed ones).
set -eu
cd "$(dirname "$0")/../.."
if [ -f "${1:-build}" ]; then G="$1"; else G="${1:-build}/tools/gridgeom/gridgeom"; fi
O="${2:-docs/img}"
M=tests/data/maps
"$G" draw $M/uvtt/vttmaps__the-litch-and-his-tomb.dd2vtt --out "$O"/litch-sight.svg \
    --from 42,8 --to 20,10 --fov --scale 16 --title "The Litch and his Tomb (UVTT): field of view from 42,8"
"$G" draw $M/uvtt/vttmaps__the-litch-and-his-tomb.dd2vtt --out "$O"/litch-vision.svg \
    --vision "42,8;20.5,17.5;29,9" --scale 16 \
    --title "The Litch and his Tomb: exact visibility polygons from 42,8, (20.5, 17.5) and 29,9"
"$G" draw $M/foundry/zahi__cities-street.json --out "$O"/street-path.svg \
    --from 5,12 --to 20,12 --fov --path --cover --title "Cities Street (Foundry 0.7): sight, path and cover"
"$G" draw $M/foundry/majorvictory__underbark-tavern-top-floor.json --out "$O"/underbark-one-way.svg \
    --from 31,15 --to 26,9 --fov --scale 18 --title "Underbark Tavern: one-way walls (orange) and sight-only railings (purple)"
"$G" draw $M/foundry/majorvictory__dungeon-of-coins.json --out "$O"/coins-template.svg \
    --from 33,24 --template sphere,20 --scale 9 --title "Dungeon of Coins: a 20 ft sphere at 33,24 (line of effect applied)"
"$G" draw $M/uvtt/vttmaps__stone-resolve-academy_ground-floor-north-rooms.dd2vtt \
    --out "$O"/stone-resolve-crop.svg --from 5,5 --to 15,5 \
    --title "Stone Resolve, North Rooms: a cropped export placed by map_origin"
"$G" draw $M/foundry/majorvictory__dungeon-of-coins.json --out "$O"/coins-secret-doors.svg \
    --from 33,24 --fov --scale 9 \
    --title "Dungeon of Coins: doors (brown, locked dark red, open dashed), secret doors dotted gold"
# The overlays of the library's own queries (docs/cli.md, "Overlays").
"$G" draw $M/uvtt/vttmaps__the-litch-and-his-tomb.dd2vtt --out "$O"/litch-field.svg \
    --from 40,6 --field --scale 16 --title "The Litch and his Tomb: distance field from 40,6"
"$G" draw $M/uvtt/vttmaps__the-litch-and-his-tomb.dd2vtt --out "$O"/litch-overlay.svg \
    --from 40,6 --overlay 30,2 --metric alternating --scale 16 \
    --title "The Litch and his Tomb: movement overlay from 40,6, 30 ft bands (5-10-5)"
"$G" draw $M/foundry/zahi__cities-street.json --out "$O"/street-cover-corners.svg \
    --from 14,8 --to 19,14 --cover-mode corners_2d \
    --title "Cities Street: corners_2d cover lines (green clear, black walls)"
"$G" draw $M/foundry/zahi__cities-street.json --out "$O"/street-cover-3d.svg \
    --from 14,8 --to 19,14 --cover-mode corners_3d \
    --title "Cities Street: corners_3d cover lines"
"$G" draw $M/foundry/majorvictory__underbark-tavern-top-floor.json \
    --out "$O"/underbark-lights.svg --lights --scale 18 \
    --title "Underbark Tavern: light sources, their radii and the cells they light"
"$G" draw tests/data/boards/cone-lights.foundry.json --out "$O"/cone-lights.svg --lights --scale 40 \
    --title "Light cones: rotation 0 points south and grows clockwise (0, 270, 180 and 225 here)"
"$G" draw $M/foundry/majorvictory__underbark-tavern-top-floor.json \
    --out "$O"/underbark-matrix.svg --matrix "31,15;26,9;20,14;10,10;30,5" --scale 18 \
    --title "Underbark Tavern: visibility matrix among five creatures"
"$G" draw $M/uvtt/vttmaps__the-litch-and-his-tomb.dd2vtt --out "$O"/litch-creatures.svg \
    --creatures '[{"cell": "41,6", "side": 0}, {"cell": "42,6", "size": "large", "side": 1, "reach_ft": 10}, {"cell": "44,7", "side": 0}, {"cell": "41,9", "side": 0, "base_in": 120}]' \
    --scale 16 --title "The Litch and his Tomb: a Large ogre (reach 10 ft), a flyer 10 ft up, flanking"
"$G" draw tests/data/boards/ridge.hex.json --out "$O"/ridge-hex.svg \
    --from 0,4 --to 10,8 --path --reach 3 \
    --title "ridge.hex.json: sight, path over the ford, reach 3"
# A fog of war kept over six turns (docs/vision.md "Fog of war").
"$G" draw $M/uvtt/vttmaps__the-litch-and-his-tomb.dd2vtt --out "$O"/litch-fog.svg \
    --fog "42,8;40,6;35,8;30,10;25,10;20,10" --scale 16 \
    --title "The Litch and his Tomb: six turns of a fog of war (explored blue-grey, seen now yellow)"
# What changed when a door opens (docs/vision.md "What changed").
"$G" draw $M/foundry/zahi__cities-street.json --out "$O"/street-changes.svg \
    --from 5,12 --fov --changes 110 \
    --title "Cities Street: door 110 opened; the cells whose view from 5,12 changed (magenta)"
# --background: the shared maps come without their pictures (docs/cli.md), so a stand-in one, a
# checkerboard at the file's own 128 px per cell, is embedded in a copy first.
tmp="$(mktemp -d)"
python3 tools/gridgeom/test_background.py --stand-in \
    $M/uvtt/vttmaps__the-litch-and-his-tomb.dd2vtt "$tmp/litch-with-picture.dd2vtt"
"$G" draw "$tmp/litch-with-picture.dd2vtt" --background --out "$O"/litch-background.svg \
    --from 42,8 --fov --scale 14 --title "The Litch and his Tomb over its picture (a stand-in)"
rm -rf "$tmp"
