/* fuzz_fog.c - libFuzzer target for the fog-of-war byte format (gg_fog_save / gg_fog_check_bytes
 * / gg_fog_load, docs/vision.md "The fog format"). The first byte picks a mode:
 *   even: the rest is handed to gg_fog_check_bytes() and gg_fog_load() as saved bytes. Both must
 *         agree; a failed load must leave the fog unchanged; a successful one must save and load
 *         again to the same cells with the same count.
 *   odd:  the next bytes build a fog (width, height, cells), which is saved, then damaged by one
 *         bit flip or one truncation chosen by the following bytes: the load must refuse it
 *         (CRC-32 catches every single-bit error) and leave the fog unchanged, while the
 *         undamaged bytes load back to the same cells.
 * A broken promise aborts (a crash for libFuzzer). Build and run: fuzz/run.sh. */
#include <gridgeom/fog.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "fuzz_fog: broken promise: %s\n", #cond);                              \
            abort();                                                                               \
        }                                                                                          \
    } while (0)

static gg_fog *make(int32_t w, int32_t h)
{
    gg_fog_def d = gg_fog_def_default();
    d.width = w;
    d.height = h;
    gg_fog *f = NULL;
    CHECK(gg_fog_create(&d, &f) == GG_OK);
    return f;
}

/* The fog's cells, in a fresh malloc'd bitset. */
static uint64_t *cells(const gg_fog *f, int32_t *count)
{
    size_t words = gg_fog_bitset_words(f);
    uint64_t *b = malloc(words * sizeof *b);
    CHECK(b != NULL);
    CHECK(gg_fog_bits(f, b, words, count) == GG_OK);
    return b;
}

static uint8_t *save(const gg_fog *f, size_t *n)
{
    CHECK(gg_fog_save(f, NULL, 0, n) == GG_E_BUFFER_TOO_SMALL);
    uint8_t *buf = malloc(*n);
    CHECK(buf != NULL);
    CHECK(gg_fog_save(f, buf, *n, n) == GG_OK);
    return buf;
}

static void same(const gg_fog *a, const gg_fog *b)
{
    int32_t na = 0, nb = 0;
    uint64_t *x = cells(a, &na), *y = cells(b, &nb);
    CHECK(na == nb);
    CHECK(memcmp(x, y, gg_fog_bitset_words(a) * sizeof *x) == 0);
    free(x);
    free(y);
}

static void as_bytes(const uint8_t *data, size_t size)
{
    int32_t w = 0, h = 0;
    const char *why = NULL;
    gg_status st = gg_fog_check_bytes(data, size, &w, &h, &why);
    CHECK(st == GG_OK || (st == GG_E_PARSE && why != NULL));
    if (st != GG_OK) {
        CHECK(w == 0 && h == 0);
        gg_fog *f = make(3, 2);
        gg_fog *before = make(3, 2);
        CHECK(gg_fog_load(f, data, size, &why) != GG_OK);
        same(f, before);
        gg_fog_destroy(f);
        gg_fog_destroy(before);
        return;
    }
    if ((int64_t)w * h > 1 << 20)
        return; /* valid but too big to bother with here */
    gg_fog *f = make(w, h);
    CHECK(gg_fog_load(f, data, size, &why) == GG_OK);
    size_t n = 0;
    uint8_t *again = save(f, &n);
    gg_fog *g = make(w, h);
    CHECK(gg_fog_load(g, again, n, &why) == GG_OK);
    same(f, g);
    CHECK(n <= size); /* save picks the shorter encoding: never longer than a valid input */
    free(again);
    gg_fog_destroy(f);
    gg_fog_destroy(g);
}

static void damaged(const uint8_t *data, size_t size)
{
    if (size < 4)
        return;
    int32_t w = 1 + data[0] % 48, h = 1 + data[1] % 48;
    gg_fog *f = make(w, h);
    size_t words = gg_fog_bitset_words(f);
    uint64_t *view = calloc(words, sizeof *view);
    CHECK(view != NULL);
    /* Cells from the bytes after the mutation choice: bit k of the input is cell k. */
    size_t ncell = (size_t)w * (size_t)h;
    for (size_t k = 0; k < ncell && 4 + k / 8 < size; k++)
        if ((data[4 + k / 8] >> (k % 8)) & 1u)
            view[k / 64] |= (uint64_t)1 << (k % 64);
    CHECK(gg_fog_reveal(f, view, words, NULL, NULL) == GG_OK);
    size_t n = 0;
    uint8_t *buf = save(f, &n);
    gg_fog *g = make(w, h);
    const char *why = NULL;
    CHECK(gg_fog_load(g, buf, n, &why) == GG_OK);
    same(f, g);
    gg_fog *blank = make(w, h);
    gg_fog_clear(g);
    unsigned pick = (unsigned)data[2] << 8 | data[3];
    if (pick & 1u) {
        size_t bitpos = (pick >> 1) % (n * 8);
        buf[bitpos / 8] ^= (uint8_t)(1u << (bitpos % 8));
        CHECK(gg_fog_load(g, buf, n, &why) == GG_E_PARSE && why != NULL);
    } else {
        size_t cut = (pick >> 1) % n;
        CHECK(gg_fog_load(g, buf, cut, &why) == GG_E_PARSE && why != NULL);
    }
    same(g, blank);
    free(buf);
    free(view);
    gg_fog_destroy(f);
    gg_fog_destroy(g);
    gg_fog_destroy(blank);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    if ((data[0] & 1u) == 0)
        as_bytes(data + 1, size - 1);
    else
        damaged(data + 1, size - 1);
    return 0;
}
