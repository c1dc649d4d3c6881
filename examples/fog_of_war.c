/* fog_of_war.c - a party keeps its fog of war across three turns while a door opens
 * (gg_fog, gg_scene_party_view and gg_scene_party_views_update, fog.h). Two rooms joined by a
 * door; a fighter and a rogue enter the west room, the rogue walks past a partition to the door
 * (exploring what it hid), and on the
 * third turn the door opens: the change set names the cells to redraw, the fog remembers every
 * cell any member has seen, and it is saved and loaded between turns as a host would. Run by the
 * test suite (suite "examples"), which fails if any answer differs from a full recompute. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gridgeom/gridgeom.h"

#define MAP_W 22
#define MAP_H 9
#define WORDS ((MAP_W * MAP_H + 63) / 64)

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
        fprintf(stderr, "wrong answer: %s\n", what);
        failures++;
    }
}

static bool has(const uint64_t *bits, int c, int r)
{
    return gg_bitset_has(bits, MAP_W, gg_cell_make(c, r));
}

static int count(const uint64_t *bits)
{
    int n = 0;
    for (int r = 0; r < MAP_H; r++)
        for (int c = 0; c < MAP_W; c++)
            n += has(bits, c, r);
    return n;
}

/* The map as the players see it: '@' a party member, 'o' seen now, '.' explored earlier,
 * '*' a cell this turn changed, ' ' never seen. The partition runs down x = 6 from row 3 and
 * the wall with the door down x = 11 (the door between rows 4 and 5). */
static void draw(const gg_viewer *party, int n, const uint64_t *seen, const gg_fog *fog,
                 const uint64_t *changed)
{
    for (int r = 0; r < MAP_H; r++) {
        printf("  ");
        for (int c = 0; c < MAP_W; c++) {
            bool explored = false, member = false;
            CHECK(gg_fog_explored(fog, gg_cell_make(c, r), &explored));
            for (int i = 0; i < n; i++)
                member = member || (party[i].cell.col == c && party[i].cell.row == r);
            char ch = member                                  ? '@'
                      : changed != NULL && has(changed, c, r) ? '*'
                      : has(seen, c, r)                       ? 'o'
                      : explored                              ? '.'
                                                              : ' ';
            putchar(ch);
        }
        printf("\n");
    }
}

/* The fog round-trips through its byte format, as a host saves it between sessions. */
static gg_fog *save_and_reload(gg_fog *fog)
{
    size_t n = 0;
    if (gg_fog_save(fog, NULL, 0, &n) != GG_E_BUFFER_TOO_SMALL) /* the size query */
        exit(1);
    uint8_t *bytes = malloc(n);
    if (bytes == NULL)
        exit(1);
    CHECK(gg_fog_save(fog, bytes, n, &n));
    int32_t w = 0, h = 0;
    const char *why = NULL;
    CHECK(gg_fog_check_bytes(bytes, n, &w, &h, &why));
    gg_fog_def fd = gg_fog_def_default();
    fd.width = w;
    fd.height = h;
    gg_fog *loaded = NULL;
    CHECK(gg_fog_create(&fd, &loaded));
    CHECK(gg_fog_load(loaded, bytes, n, &why));
    uint64_t a[WORDS], b[WORDS];
    CHECK(gg_fog_bits(fog, a, WORDS, NULL));
    CHECK(gg_fog_bits(loaded, b, WORDS, NULL));
    expect(memcmp(a, b, sizeof a) == 0, "the reloaded fog equals the saved one");
    printf("  (fog saved in %zu bytes and reloaded)\n", n);
    free(bytes);
    gg_fog_destroy(fog);
    return loaded;
}

int main(void)
{
    gg_scene_def sd = gg_scene_def_default();
    sd.width = MAP_W;
    sd.height = MAP_H;
    gg_scene *s = NULL;
    CHECK(gg_scene_create(&sd, &s));
    /* Two rooms: the wall x = 11 with a door from (11,4) to (11,5). */
    gg_wall_def w = gg_wall_def_default();
    w.x1 = w.x2 = 11;
    w.y1 = 0;
    w.y2 = 4;
    CHECK(gg_scene_add_wall(s, &w, NULL));
    w.y1 = 5;
    w.y2 = MAP_H;
    CHECK(gg_scene_add_wall(s, &w, NULL));
    gg_wall_def door = w;
    door.y1 = 4;
    door.y2 = 5;
    door.door = GG_DOOR_CLOSED;
    gg_wall_id door_id;
    CHECK(gg_scene_add_wall(s, &door, &door_id));
    /* A partition in the west room, from (6,3) down to the south wall. */
    w.x1 = w.x2 = 6;
    w.y1 = 3;
    w.y2 = MAP_H;
    CHECK(gg_scene_add_wall(s, &w, NULL));

    gg_fog_def fd = gg_fog_def_default();
    fd.width = MAP_W;
    fd.height = MAP_H;
    gg_fog *fog = NULL;
    CHECK(gg_fog_create(&fd, &fog));

    /* The fighter with line of sight; the rogue with darkvision 60 ft (the map is lit). */
    gg_viewer party[2] = {gg_viewer_make(gg_cell_make(1, 1)), gg_viewer_make(gg_cell_make(2, 2))};
    party[1].use_senses = true;
    party[1].senses.darkvision_ft = 60;

    uint64_t seen[WORDS], revealed[WORDS], views[2 * WORDS], kept_party[WORDS];
    int32_t n = 0;

    /* Turn 1: the party enters the west room. */
    CHECK(gg_scene_party_view(s, NULL, party, 2, GG_BITSET_REPLACE, seen, WORDS, &n));
    CHECK(gg_fog_reveal(fog, seen, WORDS, revealed, &n));
    printf("Turn 1: the party sees %d cells; %d newly explored\n", count(seen), n);
    draw(party, 2, seen, fog, NULL);
    expect(n == count(seen), "turn 1 explores all it sees");
    expect(!has(seen, 12, 4), "the door hides the east room");

    /* Turn 2: the rogue walks up to the door; the fighter stays. */
    party[1].cell = gg_cell_make(10, 4);
    CHECK(gg_scene_party_view(s, NULL, party, 2, GG_BITSET_REPLACE, seen, WORDS, &n));
    CHECK(gg_fog_reveal(fog, seen, WORDS, revealed, &n));
    printf("Turn 2: the rogue reaches the door; %d cells newly explored\n", n);
    draw(party, 2, seen, fog, NULL);
    expect(has(revealed, 8, 7), "turn 2 explores behind the partition");
    fog = save_and_reload(fog);

    /* Turn 3: the door opens. The host keeps each member's view, and the change set says what
     * to redraw without recomputing the map. */
    gg_party_views pv = {party, 2, views, WORDS, kept_party, NULL};
    CHECK(gg_scene_party_views_init(s, NULL, &pv));
    gg_change_def ch = gg_change_def_default();
    CHECK(gg_scene_get_wall(s, door_id, &ch.wall_before));
    CHECK(gg_scene_set_door(s, door_id, GG_DOOR_OPEN));
    CHECK(gg_scene_get_wall(s, door_id, &ch.wall_after));
    uint64_t changed[WORDS] = {0};
    int32_t nchanged = 0;
    CHECK(gg_scene_party_views_update(s, NULL, &ch, &pv, changed, &nchanged));
    CHECK(gg_fog_reveal(fog, kept_party, WORDS, revealed, &n));
    printf("Turn 3: the door opens; %d cells changed ('*'), %d newly explored\n", nchanged, n);
    draw(party, 2, kept_party, fog, changed);

    /* Check against a full recompute: the kept union is the party view of the edited scene,
     * and the changed cells are exactly the difference from turn 2's view. */
    uint64_t full[WORDS];
    CHECK(gg_scene_party_view(s, NULL, party, 2, GG_BITSET_REPLACE, full, WORDS, NULL));
    expect(memcmp(full, kept_party, sizeof full) == 0, "the kept party view equals a recompute");
    int diff = 0;
    for (int k = 0; k < WORDS; k++)
        diff += __builtin_popcountll(full[k] ^ seen[k]);
    expect(diff == nchanged, "the change set is the difference of the two views");
    expect(has(changed, 15, 4) && has(kept_party, 15, 4), "the east room shows through the door");
    expect(!has(changed, 3, 3), "nothing changes in the west room");
    expect(n > 0 && n <= nchanged, "the door reveals only cells it changed");
    bool e = false;
    CHECK(gg_fog_explored(fog, gg_cell_make(20, 4), &e));
    expect(e, "the far wall of the east room is explored");

    gg_fog_destroy(fog);
    gg_scene_destroy(s);
    if (failures != 0)
        return 1;
    printf("all answers as expected\n");
    return 0;
}
