/* bench_changes.c - what changed after opening a door (issue 19): gg_scene_party_views_update()
 * against recomputing every viewer's view, on the largest shared map by cells.
 *
 * The map is tests/data/maps/foundry/majorvictory__dungeon-of-coins.json (74 x 74 cells, 378
 * walls, 94 doors), imported with the library's importer. The viewers are a uniform sample of
 * 100 open cells (seed fixed), each with line of sight and no range limit: the hardest case for
 * locality, since every viewer's view may reach any door. For every door that is closed or
 * locked, the edit opens it and then restores it; each side brings the per-viewer views and
 * the changed-cell bitset up to date after each edit:
 *   ours: gg_scene_party_views_update() (re-judges the door's shadow wedges only);
 *   base: gg_scene_visible_cells() for every viewer (the exact shadow sweep, the competent
 *         way to recompute a view; issue 19 says "every viewer's polygon", and polygons are
 *         another engineer's work, so the cell views are the baseline), diffed into `changed`.
 * Both sides are checked equal (views and changed cells) on every edit before timing. Target:
 * ours >= 10x cheaper. `--side ours|base|none` runs one side only (none: the setup alone), for
 * callgrind (bench/README.md); `--once` checks, then runs each side once through
 * run_lib_changes and run_base_changes; `--gate` does the same on the first 8 doors (the
 * callgrind gate's workload, bench/callgrind_gate.py). */
#include <gridgeom/fog.h>
#include <gridgeom/io.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"

#define VIEWERS 100
#define GATE_DOORS 8 /* --gate: the first 8 closed doors only */

typedef struct bench {
    gg_scene *s;
    gg_scratch *x;
    gg_viewer viewers[VIEWERS];
    int32_t nviewers;
    size_t words;
    uint64_t *views, *changed, *tmp;
    gg_wall_id doors[256];
    gg_wall_def defs[256];
    int ndoors;
} bench;

static char *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    if (buf == NULL || fread(buf, 1, (size_t)n, f) != (size_t)n) {
        fclose(f);
        free(buf);
        return NULL;
    }
    fclose(f);
    buf[n] = '\0';
    *len = (size_t)n;
    return buf;
}

static void must(gg_status st, const char *what)
{
    if (st != GG_OK) {
        fprintf(stderr, "bench_changes: %s: %s\n", what, gg_status_name(st));
        exit(2);
    }
}

/* Opens (k even) or restores (k odd) door k / 2; fills the change. */
static void edit(bench *b, int k, gg_change_def *ch)
{
    int d = k / 2;
    *ch = gg_change_def_default();
    ch->wall_before = b->defs[d];
    ch->wall_after = b->defs[d];
    if (k % 2 == 0)
        ch->wall_after.door = GG_DOOR_OPEN;
    else
        ch->wall_before.door = GG_DOOR_OPEN;
    must(gg_scene_set_door(b->s, b->doors[d], ch->wall_after.door), "set_door");
}

static void ours_edit(bench *b, int k)
{
    gg_change_def ch;
    edit(b, k, &ch);
    gg_party_views pv = {b->viewers, b->nviewers, b->views, b->words, NULL, NULL};
    memset(b->changed, 0, b->words * sizeof *b->changed);
    must(gg_scene_party_views_update(b->s, b->x, &ch, &pv, b->changed, NULL), "update");
}

static void base_edit(bench *b, int k)
{
    gg_change_def ch;
    edit(b, k, &ch);
    memset(b->changed, 0, b->words * sizeof *b->changed);
    for (int32_t i = 0; i < b->nviewers; i++) {
        uint64_t *v = b->views + (size_t)i * b->words;
        must(gg_scene_visible_cells(b->s, b->x, b->viewers[i].cell, GG_RANGE_UNLIMITED,
                                    GG_BITSET_REPLACE, b->tmp, b->words, NULL),
             "visible_cells");
        for (size_t w = 0; w < b->words; w++) {
            b->changed[w] |= v[w] ^ b->tmp[w];
            v[w] = b->tmp[w];
        }
    }
}

static void ours_all(void *ctx)
{
    bench *b = (bench *)ctx;
    for (int k = 0; k < 2 * b->ndoors; k++)
        ours_edit(b, k);
}

static void base_all(void *ctx)
{
    bench *b = (bench *)ctx;
    for (int k = 0; k < 2 * b->ndoors; k++)
        base_edit(b, k);
}

/* One out-of-line function per side for callgrind (--once, --gate; bench/callgrind_gate.py reads
 * run_lib_<case> and run_base_<case>). */
__attribute__((noinline)) void run_lib_changes(bench *b);
__attribute__((noinline)) void run_base_changes(bench *b);
void run_lib_changes(bench *b) { ours_all(b); }
void run_base_changes(bench *b) { base_all(b); }

static void setup(bench *b, const char *path)
{
    size_t len = 0;
    char *data = read_all(path, &len);
    if (data == NULL) {
        fprintf(stderr, "bench_changes: cannot read %s\n", path);
        exit(2);
    }
    gg_import_def def = gg_import_def_default();
    gg_io_error err;
    if (gg_scene_import(data, len, &def, &b->s, NULL, &err) != GG_OK) {
        fprintf(stderr, "bench_changes: import failed: %s\n", err.message);
        exit(2);
    }
    free(data);
    gg_scratch_def sd = gg_scratch_def_default();
    sd.uses = GG_SCRATCH_SIGHT;
    must(gg_scratch_create(b->s, &sd, &b->x), "scratch");
    int32_t w = gg_scene_width(b->s), h = gg_scene_height(b->s);
    /* A uniform sample of open cells (not blocked). */
    int32_t *blocked = calloc((size_t)w * (size_t)h, sizeof *blocked);
    if (blocked == NULL)
        exit(2);
    for (int32_t row = 0; row < h; row++) {
        gg_cell start = {0, row};
        must(gg_scene_cell_tags(b->s, GG_TAG_BLOCKED, start, w, blocked + (size_t)row * (size_t)w),
             "cell_tags");
    }
    bench_rng r;
    bench_rng_seed(&r, 0x6F6F67u);
    b->nviewers = 0;
    for (int tries = 0; b->nviewers < VIEWERS && tries < 100000; tries++) {
        gg_cell c = {(int32_t)bench_rng_below(&r, (uint32_t)w),
                     (int32_t)bench_rng_below(&r, (uint32_t)h)};
        if (!blocked[(size_t)c.row * (size_t)w + (size_t)c.col])
            b->viewers[b->nviewers++] = gg_viewer_make(c);
    }
    free(blocked);
    b->words = gg_scene_bitset_words(b->s);
    b->views = calloc((size_t)b->nviewers * b->words, sizeof *b->views);
    b->changed = calloc(b->words, sizeof *b->changed);
    b->tmp = calloc(b->words, sizeof *b->tmp);
    /* Every closed or locked door. */
    gg_wall_id ids[2048];
    gg_wall_def defs[2048];
    int32_t n = 0;
    must(gg_scene_list_walls(b->s, ids, defs, 2048, &n), "list_walls");
    b->ndoors = 0;
    for (int32_t i = 0; i < n && b->ndoors < 256; i++)
        if (defs[i].door == GG_DOOR_CLOSED || defs[i].door == GG_DOOR_LOCKED) {
            b->doors[b->ndoors] = ids[i];
            b->defs[b->ndoors++] = defs[i];
        }
    gg_party_views pv = {b->viewers, b->nviewers, b->views, b->words, NULL, NULL};
    must(gg_scene_party_views_init(b->s, b->x, &pv), "init");
}

int main(int argc, char **argv)
{
    const char *side = NULL;
    const char *path = GG_BENCH_MAPS_DIR "/foundry/majorvictory__dungeon-of-coins.json";
    bool once = getenv("GG_BENCH_ONCE") != NULL, gate = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--side") == 0 && i + 1 < argc)
            side = argv[++i];
        else if (strcmp(argv[i], "--once") == 0)
            once = true;
        else if (strcmp(argv[i], "--gate") == 0)
            gate = once = true;
        else
            path = argv[i];
    }
    static bench b;
    setup(&b, path);
    if (gate && b.ndoors > GATE_DOORS)
        b.ndoors = GATE_DOORS; /* the gate's small fixed workload */
    printf("map %s: %d x %d cells, %d walls, %d closed doors, %d viewers (open cells, line of "
           "sight, unlimited range)\n",
           path, gg_scene_width(b.s), gg_scene_height(b.s), gg_scene_wall_count(b.s), b.ndoors,
           b.nviewers);
    if (side != NULL) {
        /* One side alone, every door opened and restored once, for callgrind's count. */
        if (strcmp(side, "ours") == 0)
            ours_all(&b);
        else if (strcmp(side, "base") == 0)
            base_all(&b);
        printf("side %s: %d edits\n", side, 2 * b.ndoors);
        return 0;
    }
    /* Equal answers first: after every edit, ours and base agree on views and changed cells. */
    size_t vw = (size_t)b.nviewers * b.words;
    uint64_t *views_ours = malloc(vw * sizeof(uint64_t)), *changed_ours = malloc(b.words * 8);
    int64_t changed_cells = 0;
    uint64_t *views_before = malloc(vw * sizeof(uint64_t));
    if (views_ours == NULL || changed_ours == NULL || views_before == NULL)
        return 2;
    for (int k = 0; k < 2 * b.ndoors; k++) {
        memcpy(views_before, b.views, vw * sizeof(uint64_t));
        ours_edit(&b, k);
        memcpy(views_ours, b.views, vw * sizeof(uint64_t));
        memcpy(changed_ours, b.changed, b.words * 8);
        /* the same edit again from the same views, by recomputing */
        gg_change_def ch;
        edit(&b, k, &ch);
        must(gg_scene_set_door(b.s, b.doors[k / 2], ch.wall_before.door), "set_door");
        memcpy(b.views, views_before, vw * sizeof(uint64_t));
        base_edit(&b, k);
        if (memcmp(views_ours, b.views, vw * sizeof(uint64_t)) != 0 ||
            memcmp(changed_ours, b.changed, b.words * 8) != 0) {
            printf("edit %d: update and recompute disagree FAIL\n", k);
            return 1;
        }
        for (size_t w = 0; w < b.words; w++)
            changed_cells += __builtin_popcountll(b.changed[w]);
    }
    printf("checked: %d edits, update equals recompute (views and changed cells; %lld changed "
           "cells in all)\n",
           2 * b.ndoors, (long long)changed_cells);
    if (once) {
        run_lib_changes(&b);
        run_base_changes(&b);
        printf("once: each side ran the %d edits once (run_lib_changes, run_base_changes)\n",
               2 * b.ndoors);
        return 0;
    }
    double ours = 0, base = 0;
    bench_time_pair(ours_all, &b, base_all, &b, 1.0, 3, &ours, &base);
    bool pass = bench_report_ratio("open and restore every door, 100 viewers", ours, base, 10.0);
    free(views_ours);
    free(views_before);
    free(changed_ours);
    free(b.views);
    free(b.changed);
    free(b.tmp);
    gg_scratch_destroy(b.x);
    gg_scene_destroy(b.s);
    return pass ? 0 : 1;
}
