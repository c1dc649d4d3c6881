/* shared_maps.h - the shared real maps (tests/data/maps, copied from shared/data/maps), relative
 * to that folder: the one list the tests and the benches that run "every shared map" read, so a
 * map added there is added everywhere at once. */
#ifndef GG_TESTS_SHARED_MAPS_H
#define GG_TESTS_SHARED_MAPS_H

static const char *const gg_shared_maps[] = {
    "foundry/majorvictory__dungeon-of-coins.json",
    "foundry/majorvictory__jonto-island.json",
    "foundry/majorvictory__mansion-floor-2.json",
    "foundry/majorvictory__underbark-tavern-top-floor.json",
    "foundry/ocd__collapsed-tower.json",
    "foundry/ocd__nort-gate.json",
    "foundry/zahi__cities-street.json",
    "foundry/zahi__oota-warning-sign.json",
    "uvtt/oganm__test.dd2vtt",
    "uvtt/vttmaps__gold-room.dd2vtt",
    "uvtt/vttmaps__headmasters-quarters.dd2vtt",
    "uvtt/vttmaps__stone-resolve-academy_ground-floor-north-rooms.dd2vtt",
    "uvtt/vttmaps__the-litch-and-his-tomb.dd2vtt",
};
#define GG_SHARED_MAP_COUNT (sizeof gg_shared_maps / sizeof gg_shared_maps[0])

#endif
