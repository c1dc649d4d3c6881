/* test_changes.c - what an edit changed (gg_scene_party_views_update): on random scenes with
 * every kind of wall (doors in every state, secret doors, one-way, limited, proximity, heights,
 * light-only and sight-only, off-grid and diagonal), light sources, dark and obscured cells, under both wall
 * rules, random edits (doors opened, closed and locked, walls added and removed, lights added,
 * moved, resized and removed) must leave the kept views, party and light map exactly as a full
 * recompute (gg_scene_party_views_init) on the edited scene, and report exactly the cells where
 * the two differ. The views themselves equal the per-cell rules. */
#include "fixture.h"

#include "gridgeom/fog.h"
#include "test_alloc.h"
#ifdef GG_TEST_HAVE_IO
#include "gridgeom/io.h"
#include "shared_maps.h"
#endif

typedef struct world {
    gg_scene *s;
    gg_wall_id walls[64];
    int nwalls;
    gg_light_id lights[8];
    int nlights;
    gg_viewer viewers[6];
    int32_t nviewers;
    size_t words;
} world;

static double coord(fx_rng *r, int32_t side)
{
    /* quarters of a cell from -1 to side + 1: on corners, half cells and off the grid */
    return -1.0 + fx_below(r, (side + 2) * 4 + 1) * 0.25;
}

static gg_wall_def random_wall(fx_rng *r, int32_t w, int32_t h)
{
    gg_wall_def d = gg_wall_def_default();
    d.x1 = coord(r, w);
    d.y1 = coord(r, h);
    switch (fx_below(r, 4)) {
    case 0: /* horizontal */
        d.x2 = d.x1 + 0.25 * (1 + fx_below(r, 16));
        d.y2 = d.y1;
        break;
    case 1: /* vertical */
        d.x2 = d.x1;
        d.y2 = d.y1 + 0.25 * (1 + fx_below(r, 16));
        break;
    case 2: /* anywhere */
        d.x2 = coord(r, w);
        d.y2 = coord(r, h);
        break;
    default: /* a point now and then */
        d.x2 = fx_below(r, 4) == 0 ? d.x1 : coord(r, w);
        d.y2 = d.x2 == d.x1 ? d.y1 : coord(r, h);
        break;
    }
    int kind = fx_below(r, 10);
    if (kind == 0)
        d.door = (gg_door)(1 + fx_below(r, 3));
    else if (kind == 1)
        d.one_way = (gg_one_way)(1 + fx_below(r, 2));
    else if (kind == 2)
        d.limited = fx_below(r, 2) ? GG_BLOCKS_SIGHT : (GG_BLOCKS_SIGHT | GG_BLOCKS_LIGHT);
    else if (kind == 3)
        d.sight_proximity_ft = 5.0 * fx_below(r, 3);
    else if (kind == 4)
        d.blocks = fx_below(r, 2) ? GG_BLOCKS_LIGHT : (GG_BLOCKS_SIGHT | GG_BLOCKS_MOVEMENT);
    else if (kind == 5)
        d.light_proximity_ft = 5.0 * (1 + fx_below(r, 2));
    else if (kind == 6) {
        /* a height range: standing at elevation 0 or not (a balcony rail, a beam) */
        d.bottom_ft = fx_below(r, 2) ? 0.0 : 5.0;
        d.top_ft = d.bottom_ft + 2.5 * (1 + fx_below(r, 4));
    } else if (kind == 7) {
        d.door = (gg_door)(1 + fx_below(r, 3));
        d.secret = true;
    }
    return d;
}

static gg_light_def random_light(fx_rng *r, int32_t w, int32_t h)
{
    gg_light_def l = gg_light_def_default();
    l.cell = fx_c(fx_below(r, w), fx_below(r, h));
    l.bright_ft = 5 * fx_below(r, 4);
    l.dim_ft = 5 * fx_below(r, 7);
    return l;
}

static void make_world(fx_rng *r, world *wd)
{
    memset(wd, 0, sizeof *wd);
    int32_t w = 5 + fx_below(r, 12), h = 5 + fx_below(r, 12);
    gg_scene_def d = gg_scene_def_default();
    d.width = w;
    d.height = h;
    d.wall_rule = fx_below(r, 2) ? GG_WALL_RULE_POINT : GG_WALL_RULE_NAT20;
    d.default_lighting = fx_below(r, 2) ? GG_LIGHT_DARK : GG_LIGHT_BRIGHT;
    assert_int_equal(gg_scene_create(&d, &wd->s), GG_OK);
    for (int32_t row = 0; row < h; ++row)
        for (int32_t col = 0; col < w; ++col) {
            int v = fx_below(r, 100);
            if (v < 8)
                assert_int_equal(gg_scene_set_blocked(wd->s, fx_c(col, row), true), GG_OK);
            else if (v < 12)
                assert_int_equal(gg_scene_set_lighting(wd->s, fx_c(col, row), GG_LIGHT_DIM), GG_OK);
            else if (v < 15)
                assert_int_equal(gg_scene_set_obscurement(wd->s, fx_c(col, row), GG_OBSCURE_HEAVY),
                                 GG_OK);
        }
    int nw = (int)fx_below(r, 14);
    for (int i = 0; i < nw; ++i) {
        gg_wall_def wall = random_wall(r, w, h);
        assert_int_equal(gg_scene_add_wall(wd->s, &wall, &wd->walls[wd->nwalls++]), GG_OK);
    }
    int nl = (int)fx_below(r, 4);
    for (int i = 0; i < nl; ++i) {
        gg_light_def l = random_light(r, w, h);
        assert_int_equal(gg_scene_add_light(wd->s, &l, &wd->lights[wd->nlights++]), GG_OK);
    }
    wd->nviewers = 1 + (int32_t)fx_below(r, 6);
    for (int32_t i = 0; i < wd->nviewers; ++i) {
        gg_viewer v = gg_viewer_make(fx_c(fx_below(r, w), fx_below(r, h)));
        if (fx_below(r, 2))
            v.range_ft = 5 * (int32_t)fx_below(r, 10);
        if (fx_below(r, 2)) {
            v.use_senses = true;
            v.senses.darkvision_ft = fx_below(r, 2) ? 10 * (int32_t)fx_below(r, 4) : GG_SENSE_NONE;
            v.senses.blindsight_ft = fx_below(r, 4) == 0 ? 5 : GG_SENSE_NONE;
        }
        wd->viewers[i] = v;
    }
    wd->words = gg_scene_bitset_words(wd->s);
}

typedef struct kept {
    uint64_t *views, *party;
    uint8_t *light;
} kept;

static void kept_alloc(const world *wd, kept *k)
{
    size_t cells = (size_t)gg_scene_width(wd->s) * (size_t)gg_scene_height(wd->s);
    k->views = calloc((size_t)wd->nviewers * wd->words, sizeof(uint64_t));
    k->party = calloc(wd->words, sizeof(uint64_t));
    k->light = calloc(cells, 1);
    assert_non_null(k->views);
    assert_non_null(k->party);
    assert_non_null(k->light);
}

static void kept_free(kept *k)
{
    free(k->views);
    free(k->party);
    free(k->light);
}

static gg_party_views pv_of(const world *wd, const kept *k)
{
    gg_party_views pv;
    pv.viewers = wd->viewers;
    pv.count = wd->nviewers;
    pv.views = k->views;
    pv.words = wd->words;
    pv.party = k->party;
    pv.light = k->light;
    return pv;
}

static bool bit(const uint64_t *b, size_t k) { return ((b[k >> 6] >> (k & 63u)) & 1u) != 0; }

/* The views equal the per-cell rules (range, then line of sight or can_see). */
static void check_per_cell(const world *wd, const kept *k)
{
    int32_t w = gg_scene_width(wd->s), h = gg_scene_height(wd->s);
    for (int32_t i = 0; i < wd->nviewers; ++i) {
        const gg_viewer *v = &wd->viewers[i];
        for (int32_t row = 0; row < h; ++row)
            for (int32_t col = 0; col < w; ++col) {
                gg_cell c = fx_c(col, row);
                bool want = false;
                if (gg_chebyshev(v->cell, c) * 5 <= (int64_t)v->range_ft) {
                    if (v->use_senses)
                        assert_int_equal(gg_scene_can_see(wd->s, v->cell, c, &v->senses, &want),
                                         GG_OK);
                    else
                        assert_int_equal(gg_scene_has_line_of_sight(wd->s, v->cell, c, &want),
                                         GG_OK);
                }
                if (want != gg_bitset_has(k->views + (size_t)i * wd->words, w, c))
                    fail_msg("viewer %d at %d,%d, cell %d,%d: view %d, per-cell rule %d", (int)i,
                             (int)v->cell.col, (int)v->cell.row, (int)col, (int)row, (int)!want,
                             (int)want);
            }
    }
}

/* Applies one random edit and fills `ch` with its before and after. False when none applied. */
static bool random_edit(fx_rng *r, world *wd, gg_change_def *ch)
{
    int32_t w = gg_scene_width(wd->s), h = gg_scene_height(wd->s);
    *ch = gg_change_def_default();
    switch (fx_below(r, 7)) {
    case 0:
    case 1: { /* a door opened, closed or locked (or a wall turned into one) */
        if (wd->nwalls == 0)
            return false;
        gg_wall_id id = wd->walls[fx_below(r, wd->nwalls)];
        assert_int_equal(gg_scene_get_wall(wd->s, id, &ch->wall_before), GG_OK);
        assert_int_equal(gg_scene_set_door(wd->s, id, (gg_door)fx_below(r, 4)), GG_OK);
        assert_int_equal(gg_scene_get_wall(wd->s, id, &ch->wall_after), GG_OK);
        return true;
    }
    case 2: { /* a wall added */
        if (wd->nwalls == 64)
            return false;
        ch->had_before = false;
        ch->wall_after = random_wall(r, w, h);
        assert_int_equal(gg_scene_add_wall(wd->s, &ch->wall_after, &wd->walls[wd->nwalls++]),
                         GG_OK);
        return true;
    }
    case 3: { /* a wall removed */
        if (wd->nwalls == 0)
            return false;
        int k = (int)fx_below(r, wd->nwalls);
        ch->has_after = false;
        assert_int_equal(gg_scene_get_wall(wd->s, wd->walls[k], &ch->wall_before), GG_OK);
        assert_int_equal(gg_scene_remove_wall(wd->s, wd->walls[k]), GG_OK);
        wd->walls[k] = wd->walls[--wd->nwalls];
        return true;
    }
    case 4: { /* a light moved or resized */
        if (wd->nlights == 0)
            return false;
        gg_light_id id = wd->lights[fx_below(r, wd->nlights)];
        ch->kind = GG_CHANGE_LIGHT;
        assert_int_equal(gg_scene_get_light(wd->s, id, &ch->light_before), GG_OK);
        ch->light_after = random_light(r, w, h);
        assert_int_equal(gg_scene_set_light(wd->s, id, &ch->light_after), GG_OK);
        return true;
    }
    case 5: { /* a light added */
        if (wd->nlights == 8)
            return false;
        ch->kind = GG_CHANGE_LIGHT;
        ch->had_before = false;
        ch->light_after = random_light(r, w, h);
        assert_int_equal(gg_scene_add_light(wd->s, &ch->light_after, &wd->lights[wd->nlights++]),
                         GG_OK);
        return true;
    }
    default: { /* a light removed */
        if (wd->nlights == 0)
            return false;
        int k = (int)fx_below(r, wd->nlights);
        ch->kind = GG_CHANGE_LIGHT;
        ch->has_after = false;
        assert_int_equal(gg_scene_get_light(wd->s, wd->lights[k], &ch->light_before), GG_OK);
        assert_int_equal(gg_scene_remove_light(wd->s, wd->lights[k]), GG_OK);
        wd->lights[k] = wd->lights[--wd->nlights];
        return true;
    }
    }
}

static void changes__equal_a_full_recompute_on_random_edits(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 0xF06C4A2Eu, "changes__equal_a_full_recompute_on_random_edits");
    int64_t edits = 0, flips = 0;
    for (int round = 0; round < 300; ++round) {
        world wd;
        make_world(&r, &wd);
        kept k, fresh;
        kept_alloc(&wd, &k);
        kept_alloc(&wd, &fresh);
        gg_party_views pv = pv_of(&wd, &k), pf = pv_of(&wd, &fresh);
        assert_int_equal(gg_scene_party_views_init(wd.s, NULL, &pv), GG_OK);
        check_per_cell(&wd, &k);
        size_t cells = (size_t)gg_scene_width(wd.s) * (size_t)gg_scene_height(wd.s);
        uint64_t *changed = calloc(wd.words, sizeof(uint64_t));
        assert_non_null(changed);
        for (int e = 0; e < 8; ++e) {
            /* The answer before the edit, to diff against. */
            memcpy(fresh.views, k.views, (size_t)wd.nviewers * wd.words * sizeof(uint64_t));
            memcpy(fresh.party, k.party, wd.words * sizeof(uint64_t));
            memcpy(fresh.light, k.light, cells);
            gg_change_def ch;
            if (!random_edit(&r, &wd, &ch))
                continue;
            ++edits;
            memset(changed, 0, wd.words * sizeof(uint64_t));
            int32_t n = -1;
            assert_int_equal(gg_scene_party_views_update(wd.s, NULL, &ch, &pv, changed, &n), GG_OK);
            /* `fresh` holds the old answer: the expected change set is its diff with a full
             * recompute, which then replaces it. */
            uint64_t *old_views = malloc((size_t)wd.nviewers * wd.words * sizeof(uint64_t));
            uint64_t *old_party = malloc(wd.words * sizeof(uint64_t));
            uint8_t *old_light = malloc(cells);
            assert_non_null(old_views);
            assert_non_null(old_party);
            assert_non_null(old_light);
            memcpy(old_views, fresh.views, (size_t)wd.nviewers * wd.words * sizeof(uint64_t));
            memcpy(old_party, fresh.party, wd.words * sizeof(uint64_t));
            memcpy(old_light, fresh.light, cells);
            assert_int_equal(gg_scene_party_views_init(wd.s, NULL, &pf), GG_OK);
            int32_t want_n = 0;
            for (size_t c = 0; c < cells; ++c) {
                bool diff = old_light[c] != fresh.light[c] ||
                            bit(old_party, c) != bit(fresh.party, c);
                for (int32_t i = 0; i < wd.nviewers; ++i) {
                    bool kept_bit = bit(k.views + (size_t)i * wd.words, c);
                    bool want = bit(fresh.views + (size_t)i * wd.words, c);
                    if (kept_bit != want)
                        fail_msg("round %d edit %d kind %d: viewer %d cell %zu,%zu kept %d, "
                                 "recomputed %d",
                                 round, e, (int)ch.kind, (int)i, c % (size_t)gg_scene_width(wd.s),
                                 c / (size_t)gg_scene_width(wd.s), (int)kept_bit, (int)want);
                    diff = diff || bit(old_views + (size_t)i * wd.words, c) != want;
                }
                assert_int_equal(bit(k.party, c), bit(fresh.party, c));
                assert_int_equal(k.light[c], fresh.light[c]);
                if (bit(changed, c) != diff)
                    fail_msg("round %d edit %d kind %d: cell %zu,%zu changed %d, diff %d", round, e,
                             (int)ch.kind, c % (size_t)gg_scene_width(wd.s),
                             c / (size_t)gg_scene_width(wd.s), (int)bit(changed, c), (int)diff);
                want_n += diff;
            }
            assert_int_equal(n, want_n);
            flips += want_n;
            free(old_views);
            free(old_party);
            free(old_light);
        }
        check_per_cell(&wd, &k);
        free(changed);
        kept_free(&k);
        kept_free(&fresh);
        gg_scene_destroy(wd.s);
    }
    printf("# %lld edits, %lld changed cells\n", (long long)edits, (long long)flips);
    assert_true(edits > 1000);
    assert_true(flips > 1000);
}

/* A door in a wall between two rooms: opening it changes exactly the cells seen through it,
 * and closing it again changes them back; `changed` accumulates (OR) across calls; the updates
 * allocate nothing. */
static void changes__a_door_between_two_rooms(void **state)
{
    (void)state;
    gg_test_alloc ta;
    gg_test_alloc_init(&ta, -1);
    gg_scene *s = fx_build(12, 5, 5, &ta.iface, NULL);
    fx_wall(s, 6, 0, 6, 2);
    fx_wall(s, 6, 3, 6, 5);
    gg_wall_def door = gg_wall_def_default();
    door.x1 = door.x2 = 6;
    door.y1 = 2;
    door.y2 = 3;
    door.door = GG_DOOR_CLOSED;
    gg_wall_id id;
    assert_int_equal(gg_scene_add_wall(s, &door, &id), GG_OK);
    gg_viewer v = gg_viewer_make(fx_c(2, 2));
    uint64_t views[1] = {0}, party[1] = {0}, changed[1] = {0};
    gg_party_views pv = {&v, 1, views, 1, party, NULL};
    assert_int_equal(gg_scene_party_views_init(s, NULL, &pv), GG_OK);
    /* the viewer sees its own room only: columns 0-5 */
    int32_t seen = 0;
    for (int32_t c = 0; c < 60; ++c)
        seen += bit(views, (size_t)c);
    assert_int_equal(seen, 30);
    gg_change_def ch = gg_change_def_default();
    ch.wall_before = door;
    ch.wall_after = door;
    ch.wall_after.door = GG_DOOR_OPEN;
    assert_int_equal(gg_scene_set_door(s, id, GG_DOOR_OPEN), GG_OK);
    int32_t n = 0;
    gg_test_alloc_fail_from_now(&ta); /* the update allocates nothing */
    assert_int_equal(gg_scene_party_views_update(s, NULL, &ch, &pv, changed, &n), GG_OK);
    assert_true(n > 0);
    /* every changed cell is east of the wall, now seen, and the party follows */
    for (int32_t k = 0; k < 60; ++k)
        if (bit(changed, (size_t)k)) {
            assert_true(k % 12 >= 6);
            assert_true(bit(views, (size_t)k));
            assert_true(bit(party, (size_t)k));
        }
    assert_true(bit(views, 2 * 12 + 11)); /* straight through the door to the far wall */
    int32_t again = 0;
    assert_int_equal(gg_scene_set_door(s, id, GG_DOOR_CLOSED), GG_OK);
    gg_change_def back = ch;
    back.wall_before = ch.wall_after;
    back.wall_after = ch.wall_before;
    assert_int_equal(gg_scene_party_views_update(s, NULL, &back, &pv, changed, &again), GG_OK);
    assert_int_equal(again, 0); /* the same cells, already marked */
    seen = 0;
    for (int32_t c = 0; c < 60; ++c)
        seen += bit(views, (size_t)c);
    assert_int_equal(seen, 30);
    gg_scene_destroy(s);
}

static void changes__rejects_bad_input_and_changes_nothing(void **state)
{
    (void)state;
    gg_scene *s = fx_open(8, 8);
    gg_viewer v = gg_viewer_make(fx_c(1, 1));
    uint64_t views[1] = {0}, changed[1] = {0};
    gg_party_views pv = {&v, 1, views, 1, NULL, NULL};
    assert_int_equal(gg_scene_party_views_init(s, NULL, &pv), GG_OK);
    uint64_t before = views[0];
    gg_change_def ch = gg_change_def_default();
    ch.wall_after.x1 = 0.1; /* off the wall lattice */
    int32_t n = 7;
    assert_int_equal(gg_scene_party_views_update(s, NULL, &ch, &pv, changed, &n), GG_E_INVALID_ARG);
    assert_int_equal(n, 0);
    ch = gg_change_def_default();
    ch.struct_size = 3;
    assert_int_equal(gg_scene_party_views_update(s, NULL, &ch, &pv, changed, &n), GG_E_BAD_DEF);
    ch = gg_change_def_default();
    ch.kind = (gg_change_kind)9;
    assert_int_equal(gg_scene_party_views_update(s, NULL, &ch, &pv, changed, &n), GG_E_INVALID_ARG);
    ch = gg_change_def_default();
    ch.kind = GG_CHANGE_LIGHT;
    ch.light_before.dim_ft = -5;
    assert_int_equal(gg_scene_party_views_update(s, NULL, &ch, &pv, changed, &n), GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_party_views_update(s, NULL, NULL, &pv, changed, &n),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_party_views_update(s, NULL, &ch, &pv, NULL, &n), GG_E_INVALID_ARG);
    v.cell = fx_c(8, 0);
    ch = gg_change_def_default();
    assert_int_equal(gg_scene_party_views_update(s, NULL, &ch, &pv, changed, &n),
                     GG_E_OUT_OF_BOUNDS);
    v.cell = fx_c(1, 1);
    v.range_ft = -1;
    assert_int_equal(gg_scene_party_views_init(s, NULL, &pv), GG_E_INVALID_ARG);
    v.range_ft = GG_RANGE_UNLIMITED;
    pv.words = 0;
    assert_int_equal(gg_scene_party_views_init(s, NULL, &pv), GG_E_BUFFER_TOO_SMALL);
    assert_int_equal(views[0], before);
    assert_int_equal(changed[0], 0);
    gg_scene_destroy(s);
}

#ifdef GG_TEST_HAVE_IO
/* Every shared map (tests/data/maps): a dozen viewers (line of sight, ranges, darkvision), every
 * wall kind the maps use (doors, one-way, limited, proximity, light-only, heights as imported),
 * and their lights; doors and walls toggled and lights moved, each update equal to a full
 * recompute. */
static void changes__equal_a_full_recompute_on_every_shared_map(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 0x3A95u, "changes__equal_a_full_recompute_on_every_shared_map");
    int64_t edits = 0, flips = 0;
    for (size_t m = 0; m < GG_SHARED_MAP_COUNT; ++m) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s", GG_TEST_MAPS_DIR, gg_shared_maps[m]);
        world wd;
        memset(&wd, 0, sizeof wd);
        gg_import_def def = gg_import_def_default();
        gg_io_error err;
        if (gg_scene_import_file(path, &def, &wd.s, NULL, &err) != GG_OK)
            fail_msg("%s: %s", gg_shared_maps[m], err.message);
        int32_t w = gg_scene_width(wd.s), h = gg_scene_height(wd.s);
        wd.nviewers = 6;
        for (int32_t i = 0; i < wd.nviewers; ++i) {
            gg_viewer v = gg_viewer_make(fx_c(fx_below(&r, w), fx_below(&r, h)));
            if (i % 3 == 1)
                v.range_ft = 30;
            if (i % 3 == 2) {
                v.use_senses = true;
                v.senses.darkvision_ft = 60;
            }
            wd.viewers[i] = v;
        }
        wd.words = gg_scene_bitset_words(wd.s);
        int32_t nw = gg_scene_wall_count(wd.s), nl = gg_scene_light_count(wd.s);
        gg_wall_id *ids = calloc((size_t)nw + 1, sizeof *ids);
        gg_light_id *lids = calloc((size_t)nl + 1, sizeof *lids);
        assert_non_null(ids);
        assert_non_null(lids);
        assert_int_equal(gg_scene_list_walls(wd.s, ids, NULL, nw, &nw), GG_OK);
        assert_int_equal(gg_scene_list_lights(wd.s, lids, NULL, nl, &nl), GG_OK);
        kept k, fresh;
        kept_alloc(&wd, &k);
        kept_alloc(&wd, &fresh);
        gg_party_views pv = pv_of(&wd, &k), pf = pv_of(&wd, &fresh);
        assert_int_equal(gg_scene_party_views_init(wd.s, NULL, &pv), GG_OK);
        size_t cells = (size_t)w * (size_t)h;
        uint64_t *changed = calloc(wd.words, sizeof(uint64_t));
        assert_non_null(changed);
        for (int e = 0; e < 10; ++e) {
            gg_change_def ch = gg_change_def_default();
            if (nl > 0 && e % 4 == 3) {
                gg_light_id id = lids[fx_below(&r, nl)];
                ch.kind = GG_CHANGE_LIGHT;
                assert_int_equal(gg_scene_get_light(wd.s, id, &ch.light_before), GG_OK);
                ch.light_after = ch.light_before;
                ch.light_after.cell = fx_c(fx_below(&r, w), fx_below(&r, h));
                assert_int_equal(gg_scene_set_light(wd.s, id, &ch.light_after), GG_OK);
            } else if (nw > 0) {
                gg_wall_id id = ids[fx_below(&r, nw)];
                assert_int_equal(gg_scene_get_wall(wd.s, id, &ch.wall_before), GG_OK);
                gg_door to = ch.wall_before.door == GG_DOOR_OPEN ? GG_DOOR_CLOSED : GG_DOOR_OPEN;
                assert_int_equal(gg_scene_set_door(wd.s, id, to), GG_OK);
                assert_int_equal(gg_scene_get_wall(wd.s, id, &ch.wall_after), GG_OK);
            } else {
                continue;
            }
            ++edits;
            memset(changed, 0, wd.words * sizeof(uint64_t));
            int32_t n = 0;
            assert_int_equal(gg_scene_party_views_update(wd.s, NULL, &ch, &pv, changed, &n), GG_OK);
            assert_int_equal(gg_scene_party_views_init(wd.s, NULL, &pf), GG_OK);
            if (memcmp(k.views, fresh.views, (size_t)wd.nviewers * wd.words * sizeof(uint64_t)) !=
                    0 ||
                memcmp(k.party, fresh.party, wd.words * sizeof(uint64_t)) != 0 ||
                memcmp(k.light, fresh.light, cells) != 0)
                fail_msg("%s edit %d (kind %d): the update differs from a full recompute",
                         gg_shared_maps[m], e, (int)ch.kind);
            flips += n;
        }
        free(changed);
        free(ids);
        free(lids);
        kept_free(&k);
        kept_free(&fresh);
        gg_scene_destroy(wd.s);
    }
    printf("# %lld edits on the shared maps, %lld changed cells\n", (long long)edits,
           (long long)flips);
    assert_true(edits >= 100 && flips > 0);
}
#endif

int main(void)
{
    const struct CMUnitTest tests[] = {
#ifdef GG_TEST_HAVE_IO
        cmocka_unit_test(changes__equal_a_full_recompute_on_every_shared_map),
#endif
        cmocka_unit_test(changes__equal_a_full_recompute_on_random_edits),
        cmocka_unit_test(changes__a_door_between_two_rooms),
        cmocka_unit_test(changes__rejects_bad_input_and_changes_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
