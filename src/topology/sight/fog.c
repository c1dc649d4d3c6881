/* fog.c - the fog-of-war memory (an explored-cell bitset a host keeps across turns) and its
 * versioned byte format (docs/vision.md "The fog format"). Layer: topology. */
#include <string.h>

#include "base/alloc.h"
#include "gridgeom/fog.h"

struct gg_fog {
    gg_allocator alloc;
    int32_t width, height;
    size_t words;
    uint64_t bits[]; /* words words; bits past width * height stay zero */
};

/* Header layout, all little-endian (docs/vision.md):
 *   0 magic "GGFW", 4 version u8, 5 encoding u8, 6 reserved u16 (0), 8 width u32,
 *   12 height u32, 16 explored u32, 20 payload bytes u32, 24 payload, then CRC-32 u32 of all
 *   bytes before it. */
#define HEADER_BYTES 24u
#define TRAILER_BYTES 4u
enum { ENC_RAW = 0, ENC_RUNS = 1 };

gg_status gg_fog_create(const gg_fog_def *def, gg_fog **out_fog)
{
    if (out_fog == NULL)
        return GG_E_INVALID_ARG;
    *out_fog = NULL;
    if (def == NULL)
        return GG_E_INVALID_ARG;
    if (def->struct_size != (uint32_t)sizeof *def)
        return GG_E_BAD_DEF;
    if (def->width < 1 || def->height < 1)
        return GG_E_INVALID_ARG;
    gg_allocator alloc;
    if (!gg__allocator_resolve(def->allocator, &alloc))
        return GG_E_INVALID_ARG;
    if ((int64_t)def->width * def->height > (int64_t)GG_FOG_MAX_CELLS)
        return GG_E_TOO_LARGE;
    size_t cells = (size_t)def->width * (size_t)def->height;
    size_t words = (cells + 63u) / 64u;
    gg_fog *f = (gg_fog *)gg__alloc_array(&alloc, 1, sizeof *f + words * sizeof(uint64_t));
    if (f == NULL)
        return GG_E_NO_MEMORY;
    f->alloc = alloc;
    f->width = def->width;
    f->height = def->height;
    f->words = words;
    *out_fog = f;
    return GG_OK;
}

void gg_fog_destroy(gg_fog *fog)
{
    if (fog == NULL)
        return;
    gg_allocator a = fog->alloc;
    gg__free_array(&a, fog, 1, sizeof *fog + fog->words * sizeof(uint64_t));
}

int32_t gg_fog_width(const gg_fog *fog) { return fog == NULL ? 0 : fog->width; }
int32_t gg_fog_height(const gg_fog *fog) { return fog == NULL ? 0 : fog->height; }
size_t gg_fog_bitset_words(const gg_fog *fog) { return fog == NULL ? 0 : fog->words; }

static size_t fog_cells(const gg_fog *f) { return (size_t)f->width * (size_t)f->height; }

/* The mask of the cells the last word holds (a view may carry stray bits past the map). */
static uint64_t last_mask(size_t cells)
{
    unsigned rest = (unsigned)(cells & 63u);
    return rest == 0 ? ~(uint64_t)0 : (((uint64_t)1 << rest) - 1u);
}

static int32_t popcount64(uint64_t x)
{
    int32_t n = 0;
    while (x != 0) {
        x &= x - 1u;
        n++;
    }
    return n;
}

gg_status gg_fog_reveal(gg_fog *fog, const uint64_t *view, size_t words, uint64_t *revealed,
                        int32_t *out_revealed)
{
    if (out_revealed != NULL)
        *out_revealed = 0;
    if (fog == NULL || view == NULL)
        return GG_E_INVALID_ARG;
    if (words < fog->words)
        return GG_E_BUFFER_TOO_SMALL;
    int32_t n = 0;
    for (size_t i = 0; i < fog->words; i++) {
        uint64_t v = view[i];
        if (i + 1u == fog->words)
            v &= last_mask(fog_cells(fog));
        uint64_t fresh = v & ~fog->bits[i];
        fog->bits[i] |= v;
        if (revealed != NULL)
            revealed[i] = fresh;
        if (fresh != 0)
            n += popcount64(fresh);
    }
    if (revealed != NULL)
        memset(revealed + fog->words, 0, (words - fog->words) * sizeof *revealed);
    if (out_revealed != NULL)
        *out_revealed = n;
    return GG_OK;
}

gg_status gg_fog_explored(const gg_fog *fog, gg_cell c, bool *out_explored)
{
    if (out_explored == NULL)
        return GG_E_INVALID_ARG;
    *out_explored = false;
    if (fog == NULL)
        return GG_E_INVALID_ARG;
    if (c.col < 0 || c.row < 0 || c.col >= fog->width || c.row >= fog->height)
        return GG_E_OUT_OF_BOUNDS;
    *out_explored = gg_bitset_has(fog->bits, fog->width, c);
    return GG_OK;
}

static int32_t count_bits(const uint64_t *bits, size_t words)
{
    int32_t n = 0;
    for (size_t i = 0; i < words; i++)
        n += popcount64(bits[i]);
    return n;
}

gg_status gg_fog_bits(const gg_fog *fog, uint64_t *out, size_t words, int32_t *out_count)
{
    if (out_count != NULL)
        *out_count = 0;
    if (fog == NULL || out == NULL)
        return GG_E_INVALID_ARG;
    if (words < fog->words)
        return GG_E_BUFFER_TOO_SMALL;
    memcpy(out, fog->bits, fog->words * sizeof *out);
    memset(out + fog->words, 0, (words - fog->words) * sizeof *out);
    if (out_count != NULL)
        *out_count = count_bits(fog->bits, fog->words);
    return GG_OK;
}

void gg_fog_clear(gg_fog *fog)
{
    if (fog != NULL)
        memset(fog->bits, 0, fog->words * sizeof *fog->bits);
}

/* ---- The byte format ------------------------------------------------------------------------- */

/* CRC-32 (IEEE 802.3, reflected, as zlib's crc32): a bit at a time, so no table to keep. */
static uint32_t crc32_bytes(const uint8_t *p, size_t n)
{
    uint32_t c = 0xFFFFFFFFu;
    for (size_t i = 0; i < n; i++) {
        c ^= p[i];
        for (int k = 0; k < 8; k++)
            c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1u)));
    }
    return ~c;
}

static void put_u32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

static uint32_t get_u32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static bool bit_at(const uint64_t *bits, size_t k)
{
    return ((bits[k >> 6] >> (k & 63u)) & 1u) != 0;
}

/* Bytes of the unsigned LEB128 encoding of v. */
static size_t varint_bytes(uint32_t v)
{
    size_t n = 1;
    while (v >= 0x80u) {
        v >>= 7;
        n++;
    }
    return n;
}

/* Walks the runs of equal bits, starting with a (possibly empty) run of unexplored cells, and
 * either sizes their encoding (out == NULL) or writes it. Returns the payload bytes. */
static size_t runs_encode(const gg_fog *f, uint8_t *out)
{
    size_t cells = fog_cells(f), n = 0, k = 0;
    bool value = false;
    while (k < cells) {
        size_t start = k;
        while (k < cells && bit_at(f->bits, k) == value)
            k++;
        uint32_t run = (uint32_t)(k - start);
        if (out != NULL) {
            uint32_t v = run;
            while (v >= 0x80u) {
                out[n++] = (uint8_t)(v | 0x80u);
                v >>= 7;
            }
            out[n++] = (uint8_t)v;
        } else {
            n += varint_bytes(run);
        }
        value = !value;
    }
    return n;
}

gg_status gg_fog_save(const gg_fog *fog, uint8_t *out, size_t capacity, size_t *out_bytes)
{
    if (out_bytes == NULL)
        return GG_E_INVALID_ARG;
    *out_bytes = 0;
    if (fog == NULL)
        return GG_E_INVALID_ARG;
    size_t cells = fog_cells(fog);
    size_t raw = (cells + 7u) / 8u;
    size_t runs = runs_encode(fog, NULL);
    int enc = runs < raw ? ENC_RUNS : ENC_RAW;
    size_t payload = enc == ENC_RUNS ? runs : raw;
    size_t total = HEADER_BYTES + payload + TRAILER_BYTES;
    *out_bytes = total;
    if (out == NULL || capacity < total)
        return GG_E_BUFFER_TOO_SMALL;
    memcpy(out, GG_FOG_MAGIC, 4);
    out[4] = (uint8_t)GG_FOG_FORMAT_VERSION;
    out[5] = (uint8_t)enc;
    out[6] = out[7] = 0;
    put_u32(out + 8, (uint32_t)fog->width);
    put_u32(out + 12, (uint32_t)fog->height);
    put_u32(out + 16, (uint32_t)count_bits(fog->bits, fog->words));
    put_u32(out + 20, (uint32_t)payload);
    uint8_t *p = out + HEADER_BYTES;
    if (enc == ENC_RUNS) {
        (void)runs_encode(fog, p);
    } else {
        /* Cell k is bit k % 8 of byte k / 8, whatever the host's byte order. */
        for (size_t b = 0; b < raw; b++) {
            size_t k = b * 8u;
            p[b] = (uint8_t)(fog->bits[k >> 6] >> (k & 63u));
        }
    }
    put_u32(out + HEADER_BYTES + payload, crc32_bytes(out, HEADER_BYTES + payload));
    return GG_OK;
}

/* Parses and checks `data`; with `bits` (words for width * height cells, zeroed) also decodes
 * the cells. Returns NULL when the bytes are well formed, else the reason. */
static const char *parse(const uint8_t *data, size_t size, int32_t *w, int32_t *h, uint64_t *bits)
{
    if (size < HEADER_BYTES + TRAILER_BYTES)
        return "truncated: shorter than the header and checksum";
    if (memcmp(data, GG_FOG_MAGIC, 4) != 0)
        return "not a fog memory (bad magic)";
    if (data[4] != GG_FOG_FORMAT_VERSION)
        return "unsupported format version";
    if (data[5] != ENC_RAW && data[5] != ENC_RUNS)
        return "unknown encoding";
    if (data[6] != 0 || data[7] != 0)
        return "reserved bytes are not zero";
    uint32_t width = get_u32(data + 8), height = get_u32(data + 12);
    uint32_t explored = get_u32(data + 16), payload = get_u32(data + 20);
    if (width < 1 || height < 1 || (uint64_t)width * height > (uint64_t)GG_FOG_MAX_CELLS)
        return "width or height out of range";
    uint64_t cells = (uint64_t)width * height;
    if ((uint64_t)payload + HEADER_BYTES + TRAILER_BYTES != (uint64_t)size)
        return size < (uint64_t)payload + HEADER_BYTES + TRAILER_BYTES
                   ? "truncated: the payload is shorter than its length says"
                   : "trailing bytes after the checksum";
    if (crc32_bytes(data, HEADER_BYTES + payload) != get_u32(data + HEADER_BYTES + payload))
        return "checksum mismatch";
    if (explored > cells)
        return "explored count exceeds the cells";
    const uint8_t *p = data + HEADER_BYTES;
    uint64_t seen = 0;
    if (data[5] == ENC_RAW) {
        if (payload != (cells + 7u) / 8u)
            return "raw payload length does not match width * height";
        if ((cells & 7u) != 0 && (p[payload - 1] >> (cells & 7u)) != 0)
            return "padding bits after the last cell are set";
        for (uint32_t b = 0; b < payload; b++) {
            seen += (uint64_t)popcount64(p[b]);
            if (bits != NULL && p[b] != 0) {
                size_t k = (size_t)b * 8u;
                bits[k >> 6] |= (uint64_t)p[b] << (k & 63u);
            }
        }
    } else {
        uint64_t k = 0;
        bool value = false, first = true;
        uint32_t i = 0;
        while (i < payload) {
            uint64_t run = 0;
            int shift = 0;
            for (;;) {
                if (i >= payload)
                    return "a run's varint is cut short";
                uint8_t byte = p[i++];
                if (shift == 28 && (byte & 0xF0u) != 0)
                    return "a run exceeds 32 bits";
                run |= (uint64_t)(byte & 0x7Fu) << shift;
                if ((byte & 0x80u) == 0) {
                    if (byte == 0 && shift > 0)
                        return "a run's varint is not minimal";
                    break;
                }
                shift += 7;
            }
            if (run == 0 && !first)
                return "an empty run after the first";
            if (run > cells - k)
                return "the runs cover more cells than width * height";
            if (value) {
                seen += run;
                if (bits != NULL)
                    for (uint64_t j = k; j < k + run; j++)
                        bits[j >> 6] |= (uint64_t)1 << (j & 63u);
            }
            k += run;
            value = !value;
            first = false;
        }
        if (k != cells)
            return "the runs cover fewer cells than width * height";
    }
    if (seen != explored)
        return "explored count does not match the cells";
    *w = (int32_t)width;
    *h = (int32_t)height;
    return NULL;
}

gg_status gg_fog_check_bytes(const uint8_t *data, size_t size, int32_t *out_width,
                             int32_t *out_height, const char **out_reason)
{
    if (out_width != NULL)
        *out_width = 0;
    if (out_height != NULL)
        *out_height = 0;
    if (out_reason != NULL)
        *out_reason = NULL;
    if (data == NULL && size > 0)
        return GG_E_INVALID_ARG;
    int32_t w = 0, h = 0;
    const char *why = data == NULL ? "truncated: no bytes" : parse(data, size, &w, &h, NULL);
    if (why != NULL) {
        if (out_reason != NULL)
            *out_reason = why;
        return GG_E_PARSE;
    }
    if (out_width != NULL)
        *out_width = w;
    if (out_height != NULL)
        *out_height = h;
    return GG_OK;
}

gg_status gg_fog_load(gg_fog *fog, const uint8_t *data, size_t size, const char **out_reason)
{
    if (out_reason != NULL)
        *out_reason = NULL;
    if (fog == NULL || (data == NULL && size > 0))
        return GG_E_INVALID_ARG;
    int32_t w = 0, h = 0;
    const char *why = data == NULL ? "truncated: no bytes" : parse(data, size, &w, &h, NULL);
    if (why == NULL && (w != fog->width || h != fog->height)) {
        if (out_reason != NULL)
            *out_reason = "size differs from the fog's";
        return GG_E_INVALID_ARG;
    }
    if (why != NULL) {
        if (out_reason != NULL)
            *out_reason = why;
        return GG_E_PARSE;
    }
    /* Checked in full first, so the fog is replaced only by a valid memory. */
    memset(fog->bits, 0, fog->words * sizeof *fog->bits);
    (void)parse(data, size, &w, &h, fog->bits);
    return GG_OK;
}
