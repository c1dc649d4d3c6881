/* test_fog.c - the fog-of-war memory (gg_fog) and its byte format, and the party view
 * (gg_scene_party_view). The memory grows by what each view reveals and reports it; save and
 * load round-trip any pattern in both encodings, the bytes are the documented little-endian
 * layout, and load rejects every truncation, every single bit flip, trailing bytes, a size
 * mismatch and hand-made malformed payloads (with a valid checksum) with GG_E_PARSE and a
 * reason, leaving the fog unchanged. The party view equals the union of the members' per-cell
 * rules, and allocates nothing. */
#include "fixture.h"

#include "gridgeom/fog.h"
#include "test_alloc.h"

static gg_fog *fog_of(int32_t w, int32_t h, const gg_allocator *a)
{
    gg_fog_def d = gg_fog_def_default();
    d.width = w;
    d.height = h;
    d.allocator = a;
    gg_fog *f = NULL;
    assert_int_equal(gg_fog_create(&d, &f), GG_OK);
    return f;
}

static bool bit(const uint64_t *b, size_t k) { return ((b[k >> 6] >> (k & 63u)) & 1u) != 0; }
static void set(uint64_t *b, size_t k) { b[k >> 6] |= (uint64_t)1 << (k & 63u); }

static uint8_t *save(const gg_fog *f, size_t *n)
{
    assert_int_equal(gg_fog_save(f, NULL, 0, n), GG_E_BUFFER_TOO_SMALL);
    uint8_t *buf = malloc(*n);
    assert_non_null(buf);
    size_t m = 0;
    assert_int_equal(gg_fog_save(f, buf, *n - 1, &m), GG_E_BUFFER_TOO_SMALL);
    assert_int_equal(m, *n);
    assert_int_equal(gg_fog_save(f, buf, *n, &m), GG_OK);
    assert_int_equal(m, *n);
    return buf;
}

static void fog__reveal_reports_what_is_new(void **state)
{
    (void)state;
    gg_test_alloc ta;
    gg_test_alloc_init(&ta, -1);
    gg_fog *f = fog_of(10, 7, &ta.iface);
    assert_int_equal(gg_fog_width(f), 10);
    assert_int_equal(gg_fog_height(f), 7);
    assert_int_equal(gg_fog_bitset_words(f), 2);
    uint64_t view[2] = {0, 0}, fresh[2] = {9, 9};
    set(view, 3);
    set(view, 69);
    view[1] |= (uint64_t)1 << 40; /* past the map: ignored */
    int32_t n = -1;
    assert_int_equal(gg_fog_reveal(f, view, 2, fresh, &n), GG_OK);
    assert_int_equal(n, 2);
    assert_true(bit(fresh, 3) && bit(fresh, 69));
    assert_int_equal(fresh[1] >> 6, 0);
    memset(view, 0, sizeof view);
    set(view, 3);
    set(view, 4);
    assert_int_equal(gg_fog_reveal(f, view, 2, fresh, &n), GG_OK);
    assert_int_equal(n, 1);
    assert_true(!bit(fresh, 3) && bit(fresh, 4));
    bool e = false;
    assert_int_equal(gg_fog_explored(f, fx_c(9, 6), &e), GG_OK); /* cell 69 */
    assert_true(e);
    assert_int_equal(gg_fog_explored(f, fx_c(10, 0), &e), GG_E_OUT_OF_BOUNDS);
    assert_false(e);
    uint64_t all[3] = {1, 1, 1};
    assert_int_equal(gg_fog_bits(f, all, 3, &n), GG_OK);
    assert_int_equal(n, 3);
    assert_int_equal(all[2], 0);
    assert_int_equal(gg_fog_bits(f, all, 1, &n), GG_E_BUFFER_TOO_SMALL);
    assert_int_equal(gg_fog_reveal(f, view, 1, NULL, &n), GG_E_BUFFER_TOO_SMALL);
    gg_fog_clear(f);
    assert_int_equal(gg_fog_bits(f, all, 2, &n), GG_OK);
    assert_int_equal(n, 0);
    gg_fog_destroy(f);
    assert_int_equal(ta.live_blocks, 0);
    /* bad defs and a failing allocator */
    gg_fog_def d = gg_fog_def_default();
    gg_fog *g = (gg_fog *)&d;
    d.width = 0;
    assert_int_equal(gg_fog_create(&d, &g), GG_E_INVALID_ARG);
    assert_null(g);
    d = gg_fog_def_default();
    d.struct_size = 1;
    assert_int_equal(gg_fog_create(&d, &g), GG_E_BAD_DEF);
    d = gg_fog_def_default();
    d.width = 1 << 15;
    d.height = 1 << 14;
    assert_int_equal(gg_fog_create(&d, &g), GG_E_TOO_LARGE);
    gg_test_alloc_init(&ta, 0);
    d = gg_fog_def_default();
    d.allocator = &ta.iface;
    assert_int_equal(gg_fog_create(&d, &g), GG_E_NO_MEMORY);
    assert_null(g);
    gg_fog_destroy(NULL);
}

/* A fog of w x h with cells set where pattern(k) says. */
static gg_fog *patterned(int32_t w, int32_t h, fx_rng *r, int density)
{
    gg_fog *f = fog_of(w, h, NULL);
    size_t words = gg_fog_bitset_words(f);
    uint64_t *v = calloc(words, sizeof *v);
    assert_non_null(v);
    bool on = false;
    for (size_t k = 0; k < (size_t)w * (size_t)h; ++k) {
        if (fx_below(r, 100) < density)
            on = !on; /* runs: long when density is low */
        if (on)
            set(v, k);
    }
    assert_int_equal(gg_fog_reveal(f, v, words, NULL, NULL), GG_OK);
    free(v);
    return f;
}

static void same_fog(const gg_fog *a, const gg_fog *b)
{
    size_t words = gg_fog_bitset_words(a);
    assert_int_equal(words, gg_fog_bitset_words(b));
    uint64_t *x = calloc(words, 8), *y = calloc(words, 8);
    assert_non_null(x);
    assert_non_null(y);
    assert_int_equal(gg_fog_bits(a, x, words, NULL), GG_OK);
    assert_int_equal(gg_fog_bits(b, y, words, NULL), GG_OK);
    assert_memory_equal(x, y, words * 8);
    free(x);
    free(y);
}

static void fog__save_and_load_round_trip(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 0xF06F06u, "fog__save_and_load_round_trip");
    bool saw_raw = false, saw_runs = false;
    for (int i = 0; i < 200; ++i) {
        int32_t w = 1 + fx_below(&r, 80), h = 1 + fx_below(&r, 80);
        int density = fx_below(&r, 4) == 0 ? 50 : fx_below(&r, 10);
        gg_fog *f = patterned(w, h, &r, density);
        size_t n = 0;
        uint8_t *buf = save(f, &n);
        assert_memory_equal(buf, GG_FOG_MAGIC, 4);
        assert_int_equal(buf[4], GG_FOG_FORMAT_VERSION);
        saw_raw = saw_raw || buf[5] == 0;
        saw_runs = saw_runs || buf[5] == 1;
        /* little-endian width and height */
        assert_int_equal(buf[8] | buf[9] << 8, w);
        assert_int_equal(buf[12] | buf[13] << 8, h);
        /* never more than the raw bits and the header */
        assert_true(n <= 28 + ((size_t)w * (size_t)h + 7) / 8);
        int32_t cw = 0, ch = 0;
        assert_int_equal(gg_fog_check_bytes(buf, n, &cw, &ch, NULL), GG_OK);
        assert_int_equal(cw, w);
        assert_int_equal(ch, h);
        gg_fog *g = fog_of(w, h, NULL);
        assert_int_equal(gg_fog_load(g, buf, n, NULL), GG_OK);
        same_fog(f, g);
        /* the same fog gives the same bytes */
        size_t n2 = 0;
        uint8_t *again = save(g, &n2);
        assert_int_equal(n, n2);
        assert_memory_equal(buf, again, n);
        free(again);
        free(buf);
        gg_fog_destroy(f);
        gg_fog_destroy(g);
    }
    assert_true(saw_raw && saw_runs);
}

/* The reference CRC-32 (zlib's), for hand-made inputs. */
static uint32_t crc(const uint8_t *p, size_t n)
{
    uint32_t c = 0xFFFFFFFFu;
    for (size_t i = 0; i < n; ++i) {
        c ^= p[i];
        for (int k = 0; k < 8; ++k)
            c = (c & 1u) ? (c >> 1) ^ 0xEDB88320u : c >> 1;
    }
    return ~c;
}

static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; ++i)
        p[i] = (uint8_t)(v >> (8 * i));
}

/* Header + payload + a correct checksum. */
static size_t forge(uint8_t *out, int enc, uint32_t w, uint32_t h, uint32_t explored,
                    const uint8_t *payload, uint32_t len)
{
    memcpy(out, "GGFW", 4);
    out[4] = 1;
    out[5] = (uint8_t)enc;
    out[6] = out[7] = 0;
    put32(out + 8, w);
    put32(out + 12, h);
    put32(out + 16, explored);
    put32(out + 20, len);
    memcpy(out + 24, payload, len);
    put32(out + 24 + len, crc(out, 24 + len));
    return 28 + len;
}

static void expect_parse(const uint8_t *buf, size_t n, gg_fog *f, const char *why_part)
{
    const char *why = NULL;
    assert_int_equal(gg_fog_load(f, buf, n, &why), GG_E_PARSE);
    assert_non_null(why);
    if (why_part != NULL && strstr(why, why_part) == NULL)
        fail_msg("reason \"%s\" does not mention \"%s\"", why, why_part);
    assert_int_equal(gg_fog_check_bytes(buf, n, NULL, NULL, &why), GG_E_PARSE);
}

static void fog__load_rejects_every_malformed_input(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 0xBADF06u, "fog__load_rejects_every_malformed_input");
    for (int i = 0; i < 20; ++i) {
        int32_t w = 1 + fx_below(&r, 40), h = 1 + fx_below(&r, 40);
        gg_fog *f = patterned(w, h, &r, i % 2 ? 50 : 5);
        size_t n = 0;
        uint8_t *buf = save(f, &n);
        gg_fog *g = patterned(w, h, &r, 30);
        size_t gn = 0;
        uint8_t *gbuf = save(g, &gn);
        for (size_t cut = 0; cut < n; ++cut)
            expect_parse(buf, cut, g, NULL);
        for (size_t b = 0; b < n * 8; ++b) {
            buf[b / 8] ^= (uint8_t)(1u << (b % 8));
            expect_parse(buf, n, g, NULL);
            buf[b / 8] ^= (uint8_t)(1u << (b % 8));
        }
        uint8_t *longer = malloc(n + 1);
        assert_non_null(longer);
        memcpy(longer, buf, n);
        longer[n] = 0;
        expect_parse(longer, n + 1, g, "trailing");
        free(longer);
        /* g is unchanged by all of that */
        size_t gn2 = 0;
        uint8_t *gbuf2 = save(g, &gn2);
        assert_int_equal(gn, gn2);
        assert_memory_equal(gbuf, gbuf2, gn);
        /* another size is refused with its own status */
        gg_fog *other = fog_of(w + 1, h, NULL);
        const char *why = NULL;
        assert_int_equal(gg_fog_load(other, buf, n, &why), GG_E_INVALID_ARG);
        assert_string_equal(why, "size differs from the fog's");
        gg_fog_destroy(other);
        free(gbuf);
        free(gbuf2);
        free(buf);
        gg_fog_destroy(f);
        gg_fog_destroy(g);
    }
    /* Hand-made inputs with a valid checksum. */
    uint8_t out[64];
    gg_fog *f = fog_of(3, 3, NULL);
    const uint8_t ok_runs[] = {4, 5};
    assert_int_equal(gg_fog_load(f, out, forge(out, 1, 3, 3, 5, ok_runs, 2), NULL), GG_OK);
    bool e = false;
    assert_int_equal(gg_fog_explored(f, fx_c(1, 1), &e), GG_OK);
    assert_true(e);
    const uint8_t short_runs[] = {4, 4};
    expect_parse(out, forge(out, 1, 3, 3, 4, short_runs, 2), f, "fewer");
    const uint8_t long_runs[] = {4, 6};
    expect_parse(out, forge(out, 1, 3, 3, 6, long_runs, 2), f, "more");
    const uint8_t empty_run[] = {4, 0, 5};
    expect_parse(out, forge(out, 1, 3, 3, 5, empty_run, 3), f, "empty");
    const uint8_t cut_varint[] = {4, 0x85};
    expect_parse(out, forge(out, 1, 3, 3, 5, cut_varint, 2), f, "cut short");
    const uint8_t overlong[] = {0x84, 0x00, 5};
    expect_parse(out, forge(out, 1, 3, 3, 5, overlong, 3), f, "minimal");
    const uint8_t huge[] = {0xFF, 0xFF, 0xFF, 0xFF, 0x7F};
    expect_parse(out, forge(out, 1, 3, 3, 0, huge, 5), f, "32 bits");
    expect_parse(out, forge(out, 1, 3, 3, 4, ok_runs, 2), f, "count");
    const uint8_t raw_ok[] = {0xFF, 0x01};
    assert_int_equal(gg_fog_load(f, out, forge(out, 0, 3, 3, 9, raw_ok, 2), NULL), GG_OK);
    const uint8_t raw_pad[] = {0xFF, 0x03};
    expect_parse(out, forge(out, 0, 3, 3, 9, raw_pad, 2), f, "padding");
    expect_parse(out, forge(out, 0, 3, 3, 9, raw_ok, 1), f, "raw payload");
    expect_parse(out, forge(out, 0, 0, 3, 0, raw_ok, 0), f, "width");
    expect_parse(out, forge(out, 0, 1u << 20, 1u << 20, 0, raw_ok, 0), f, "width");
    expect_parse(out, forge(out, 2, 3, 3, 9, raw_ok, 2), f, "encoding");
    size_t n = forge(out, 0, 3, 3, 9, raw_ok, 2);
    out[4] = 2;
    put32(out + n - 4, crc(out, n - 4));
    expect_parse(out, n, f, "version");
    n = forge(out, 0, 3, 3, 9, raw_ok, 2);
    out[6] = 1;
    put32(out + n - 4, crc(out, n - 4));
    expect_parse(out, n, f, "reserved");
    n = forge(out, 0, 3, 3, 9, raw_ok, 2);
    out[0] = 'X';
    put32(out + n - 4, crc(out, n - 4));
    expect_parse(out, n, f, "magic");
    n = forge(out, 0, 3, 3, 9, raw_ok, 2);
    put32(out + 20, 1000);
    put32(out + n - 4, crc(out, n - 4));
    expect_parse(out, n, f, "truncated");
    const char *why = NULL;
    assert_int_equal(gg_fog_load(f, NULL, 0, &why), GG_E_PARSE);
    assert_int_equal(gg_fog_load(f, NULL, 5, &why), GG_E_INVALID_ARG);
    assert_int_equal(gg_fog_load(NULL, out, n, &why), GG_E_INVALID_ARG);
    /* the fog still holds the last good load: all nine cells */
    int32_t count = 0;
    uint64_t bits[1];
    assert_int_equal(gg_fog_bits(f, bits, 1, &count), GG_OK);
    assert_int_equal(count, 9);
    gg_fog_destroy(f);
}

/* Bytes for a known fog, written out: the format is stable across versions of the library. */
static void fog__bytes_are_the_documented_layout(void **state)
{
    (void)state;
    gg_fog *f = fog_of(4, 2, NULL); /* 8 cells; explore cells 1, 2 and 7 */
    uint64_t v[1] = {(1u << 1) | (1u << 2) | (1u << 7)};
    assert_int_equal(gg_fog_reveal(f, v, 1, NULL, NULL), GG_OK);
    size_t n = 0;
    uint8_t *buf = save(f, &n);
    /* raw: 1 byte (0x86) is shorter than runs 1,2,4,1 (4 bytes) */
    const uint8_t want[] = {'G', 'G', 'F', 'W', 1, 0, 0, 0, 4, 0, 0, 0,   2,
                            0,   0,   0,   3,   0, 0, 0, 1, 0, 0, 0, 0x86};
    assert_int_equal(n, sizeof want + 4);
    assert_memory_equal(buf, want, sizeof want);
    uint32_t c = crc(want, sizeof want);
    assert_int_equal(buf[25] | buf[26] << 8 | buf[27] << 16 | (uint32_t)buf[28] << 24, c);
    free(buf);
    gg_fog_destroy(f);
    /* a big, mostly unexplored fog is stored as runs: 64 x 64 with one room explored */
    f = fog_of(64, 64, NULL);
    uint64_t room[64] = {0};
    for (int row = 10; row < 20; ++row)
        room[row] = 0xFFull << 8;
    assert_int_equal(gg_fog_reveal(f, room, 64, NULL, NULL), GG_OK);
    buf = save(f, &n);
    assert_int_equal(buf[5], 1);
    assert_true(n < 28 + 40); /* 20 runs of one or two bytes, against 512 raw bytes */
    free(buf);
    gg_fog_destroy(f);
}

static void party__equals_the_union_of_per_cell_rules(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 0x9A27Fu, "party__equals_the_union_of_per_cell_rules");
    for (int round = 0; round < 60; ++round) {
        int32_t w = 4 + fx_below(&r, 14), h = 4 + fx_below(&r, 14);
        gg_test_alloc ta;
        gg_test_alloc_init(&ta, -1);
        gg_scene_def d = gg_scene_def_default();
        d.width = w;
        d.height = h;
        d.allocator = &ta.iface;
        d.default_lighting = fx_below(&r, 2) ? GG_LIGHT_DARK : GG_LIGHT_BRIGHT;
        gg_scene *s = NULL;
        assert_int_equal(gg_scene_create(&d, &s), GG_OK);
        for (int i = 0; i < w * h / 8; ++i)
            assert_int_equal(gg_scene_set_blocked(s, fx_c(fx_below(&r, w), fx_below(&r, h)), true),
                             GG_OK);
        for (int i = 0; i < 6; ++i)
            fx_wall(s, fx_below(&r, w + 1), fx_below(&r, h + 1), fx_below(&r, w + 1),
                    fx_below(&r, h + 1));
        gg_light_def l = gg_light_def_default();
        l.cell = fx_c(fx_below(&r, w), fx_below(&r, h));
        assert_int_equal(gg_scene_add_light(s, &l, NULL), GG_OK);
        gg_viewer v[4];
        int32_t n = 1 + fx_below(&r, 4);
        for (int32_t i = 0; i < n; ++i) {
            v[i] = gg_viewer_make(fx_c(fx_below(&r, w), fx_below(&r, h)));
            v[i].range_ft = fx_below(&r, 2) ? GG_RANGE_UNLIMITED : 5 * fx_below(&r, 8);
            v[i].use_senses = fx_below(&r, 2) != 0;
            v[i].senses.darkvision_ft = fx_below(&r, 2) ? 30 : GG_SENSE_NONE;
        }
        size_t words = gg_scene_bitset_words(s);
        uint64_t *bits = calloc(words, 8);
        assert_non_null(bits);
        gg_scratch *x = NULL;
        gg_scratch_def sd = gg_scratch_def_default();
        sd.uses = GG_SCRATCH_SIGHT;
        assert_int_equal(gg_scratch_create(s, &sd, &x), GG_OK);
        /* a tracked answer first, so the party view must clear what it left */
        assert_int_equal(gg_scene_visible_cells(s, x, fx_c(0, 0), GG_RANGE_UNLIMITED,
                                                GG_BITSET_REPLACE_TRACKED, bits, words, NULL),
                         GG_OK);
        gg_test_alloc_fail_from_now(&ta);
        int32_t count = -1;
        assert_int_equal(gg_scene_party_view(s, round % 2 ? x : NULL, v, n,
                                             GG_BITSET_REPLACE_TRACKED, bits, words, &count),
                         GG_OK);
        int32_t want_count = 0;
        for (int32_t row = 0; row < h; ++row)
            for (int32_t col = 0; col < w; ++col) {
                bool any = false;
                for (int32_t i = 0; i < n && !any; ++i) {
                    bool seen = false;
                    if (gg_chebyshev(v[i].cell, fx_c(col, row)) * 5 <= (int64_t)v[i].range_ft) {
                        if (v[i].use_senses)
                            assert_int_equal(gg_scene_can_see(s, v[i].cell, fx_c(col, row),
                                                              &v[i].senses, &seen),
                                             GG_OK);
                        else
                            assert_int_equal(gg_scene_has_line_of_sight(s, v[i].cell,
                                                                        fx_c(col, row), &seen),
                                             GG_OK);
                    }
                    any = seen;
                }
                assert_int_equal(gg_bitset_has(bits, w, fx_c(col, row)), any);
                want_count += any;
            }
        assert_int_equal(count, want_count);
        /* a tracked call through the same scratch after the party view clears all of the
         * party's bits (without the scratch, the bitset changed behind its record) */
        if (round % 2) {
            assert_int_equal(gg_scene_visible_cells(s, x, v[0].cell, 0, GG_BITSET_REPLACE_TRACKED,
                                                    bits, words, &count),
                             GG_OK);
            int32_t left = 0;
            for (size_t k = 0; k < words; ++k)
                left += __builtin_popcountll(bits[k]);
            assert_int_equal(left, count);
        }
        free(bits);
        gg_scratch_destroy(x);
        gg_scene_destroy(s);
    }
}

static void party__rejects_bad_arguments(void **state)
{
    (void)state;
    gg_scene *s = fx_open(5, 5);
    uint64_t bits[1] = {77};
    gg_viewer v = gg_viewer_make(fx_c(5, 0));
    int32_t n = 3;
    assert_int_equal(gg_scene_party_view(s, NULL, &v, 1, GG_BITSET_REPLACE, bits, 1, &n),
                     GG_E_OUT_OF_BOUNDS);
    assert_int_equal(n, 0);
    assert_int_equal(bits[0], 77);
    v.cell = fx_c(0, 0);
    v.range_ft = -5;
    assert_int_equal(gg_scene_party_view(s, NULL, &v, 1, GG_BITSET_REPLACE, bits, 1, &n),
                     GG_E_INVALID_ARG);
    v.range_ft = 0;
    assert_int_equal(gg_scene_party_view(s, NULL, &v, 1, GG_BITSET_REPLACE, bits, 0, &n),
                     GG_E_BUFFER_TOO_SMALL);
    assert_int_equal(gg_scene_party_view(s, NULL, &v, 1, (gg_bitset_mode)7, bits, 1, &n),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_party_view(s, NULL, NULL, 1, GG_BITSET_REPLACE, bits, 1, &n),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_party_view(s, NULL, &v, -1, GG_BITSET_REPLACE, bits, 1, &n),
                     GG_E_INVALID_ARG);
    /* nobody sees nothing; one viewer with range 0 sees its own cell; UNION keeps old bits */
    assert_int_equal(gg_scene_party_view(s, NULL, NULL, 0, GG_BITSET_REPLACE, bits, 1, &n), GG_OK);
    assert_int_equal(n, 0);
    assert_int_equal(bits[0], 0);
    bits[0] = 1u << 24;
    assert_int_equal(gg_scene_party_view(s, NULL, &v, 1, GG_BITSET_UNION, bits, 1, &n), GG_OK);
    assert_int_equal(n, 2);
    assert_int_equal(bits[0], (1u << 24) | 1u);
    gg_scene_destroy(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fog__reveal_reports_what_is_new),
        cmocka_unit_test(fog__save_and_load_round_trip),
        cmocka_unit_test(fog__load_rejects_every_malformed_input),
        cmocka_unit_test(fog__bytes_are_the_documented_layout),
        cmocka_unit_test(party__equals_the_union_of_per_cell_rules),
        cmocka_unit_test(party__rejects_bad_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
