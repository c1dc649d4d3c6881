#!/bin/sh
# Regenerates the pictures in docs/img with the gridgeom tool.
# Usage: docs/img/make.sh [BUILD DIR, default build]
set -eu
cd "$(dirname "$0")/../.."
G="${1:-build}/tools/gridgeom/gridgeom"
M=tests/data/maps
"$G" draw $M/uvtt/vttmaps__the-litch-and-his-tomb.dd2vtt --out docs/img/litch-sight.svg \
    --from 42,8 --to 20,10 --fov --scale 16 --title "The Litch and his Tomb (UVTT): field of view from 42,8"
"$G" draw $M/foundry/zahi__cities-street.json --out docs/img/street-path.svg \
    --from 5,12 --to 20,12 --fov --path --cover --title "Cities Street (Foundry 0.7): sight, path and cover"
"$G" draw $M/foundry/majorvictory__underbark-tavern-top-floor.json --out docs/img/underbark-one-way.svg \
    --from 31,15 --to 26,9 --fov --scale 18 --title "Underbark Tavern: one-way walls (orange) and sight-only railings (purple)"
"$G" draw $M/foundry/majorvictory__dungeon-of-coins.json --out docs/img/coins-template.svg \
    --from 33,24 --template sphere,20 --scale 9 --title "Dungeon of Coins: a 20 ft sphere at 33,24 (line of effect applied)"
"$G" draw $M/uvtt/vttmaps__stone-resolve-academy_ground-floor-north-rooms.dd2vtt \
    --out docs/img/stone-resolve-crop.svg --from 5,5 --to 15,5 \
    --title "Stone Resolve, North Rooms: a cropped export placed by map_origin"
