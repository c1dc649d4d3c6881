/* image.c - gg_map_image_read(): where a Universal VTT or Foundry map puts its own picture on the
 * imported scene, and the picture a Universal VTT file embeds (base64), decoded through the
 * caller's allocator. Drawing tools use it to show the walls over the art (docs/io.md).
 *
 * The rectangle is computed with the importers' own formulas (uvtt.c: coordinates shifted by
 * map_origin; foundry.c: padding rounded up to whole cells, the image shifted by shiftX/offsetX,
 * the grid anchored at canvas (0,0)), so that the picture and the walls share one frame.
 * Layer: io. */
#include <math.h>
#include <string.h>

#include "io/io_internal.h"

static void error_clear(gg_io_error *e)
{
    if (e != NULL)
        memset(e, 0, sizeof *e);
}

/* ---- Picture headers ------------------------------------------------------------------------- */

static uint32_t be32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static uint32_t le24(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16;
}

/* The encoding from the first bytes, and the pixel size where the header gives it (PNG IHDR;
 * WebP VP8, VP8L and VP8X chunks; the first JPEG start-of-frame marker). */
static gg_image_type sniff(const unsigned char *b, size_t n, int32_t *w, int32_t *h)
{
    *w = *h = 0;
    static const unsigned char png[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    if (n >= 8 && memcmp(b, png, 8) == 0) {
        if (n >= 24 && memcmp(b + 12, "IHDR", 4) == 0 && be32(b + 16) <= INT32_MAX &&
            be32(b + 20) <= INT32_MAX) {
            *w = (int32_t)be32(b + 16);
            *h = (int32_t)be32(b + 20);
        }
        return GG_IMAGE_PNG;
    }
    if (n >= 12 && memcmp(b, "RIFF", 4) == 0 && memcmp(b + 8, "WEBP", 4) == 0) {
        if (n >= 30 && memcmp(b + 12, "VP8 ", 4) == 0) {
            *w = (int32_t)((b[26] | b[27] << 8) & 0x3fff);
            *h = (int32_t)((b[28] | b[29] << 8) & 0x3fff);
        } else if (n >= 25 && memcmp(b + 12, "VP8L", 4) == 0) {
            uint32_t bits = (uint32_t)b[21] | (uint32_t)b[22] << 8 | (uint32_t)b[23] << 16 |
                            (uint32_t)b[24] << 24;
            *w = (int32_t)(bits & 0x3fff) + 1;
            *h = (int32_t)((bits >> 14) & 0x3fff) + 1;
        } else if (n >= 30 && memcmp(b + 12, "VP8X", 4) == 0) {
            *w = (int32_t)le24(b + 24) + 1;
            *h = (int32_t)le24(b + 27) + 1;
        }
        return GG_IMAGE_WEBP;
    }
    if (n >= 3 && b[0] == 0xff && b[1] == 0xd8 && b[2] == 0xff) {
        /* Segments after SOI: FF marker, 2-byte big-endian length (which counts itself). */
        size_t i = 2;
        while (i + 9 <= n && b[i] == 0xff) {
            unsigned m = b[i + 1];
            size_t seglen = (size_t)b[i + 2] << 8 | b[i + 3];
            if (m >= 0xc0 && m <= 0xcf && m != 0xc4 && m != 0xc8 && m != 0xcc) {
                *h = (int32_t)(b[i + 5] << 8 | b[i + 6]);
                *w = (int32_t)(b[i + 7] << 8 | b[i + 8]);
                break;
            }
            if (seglen < 2)
                break;
            i += 2 + seglen;
        }
        return GG_IMAGE_JPEG;
    }
    return n == 0 ? GG_IMAGE_NONE : GG_IMAGE_OTHER;
}

/* ---- base64 ---------------------------------------------------------------------------------- */

static int b64_value(unsigned char c)
{
    if (c >= 'A' && c <= 'Z')
        return c - 'A';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 26;
    if (c >= '0' && c <= '9')
        return c - '0' + 52;
    if (c == '+')
        return 62;
    if (c == '/')
        return 63;
    return -1;
}

static bool b64_space(unsigned char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

/* Decodes `text` (standard alphabet; whitespace ignored; '=' padding only at the end; an
 * optional "data:...;base64," prefix) into an exact-size block from the scope's allocator. */
static gg_status b64_decode(gg__io_ctx *ctx, const char *text, size_t n, unsigned char **out,
                            size_t *out_size)
{
    *out = NULL;
    *out_size = 0;
    if (n > 5 && memcmp(text, "data:", 5) == 0) {
        const char *comma = memchr(text, ',', n);
        if (comma == NULL)
            return gg__io_fail(ctx, GG_E_INVALID_ARG, "image: a data: URL without a comma");
        n -= (size_t)(comma + 1 - text);
        text = comma + 1;
    }
    /* First pass: validate and count the sextets. */
    size_t digits = 0, pad = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)text[i];
        if (b64_space(c))
            continue;
        if (c == '=') {
            pad++;
            continue;
        }
        if (b64_value(c) < 0 || pad > 0)
            return gg__io_fail(ctx, GG_E_INVALID_ARG,
                               "image: not base64 (byte %zu of the string is %s)", i,
                               pad > 0 ? "after the '=' padding" : "outside the alphabet");
        digits++;
    }
    if (pad > 2 || digits % 4 == 1 || (pad > 0 && (digits + pad) % 4 != 0))
        return gg__io_fail(ctx, GG_E_INVALID_ARG, "image: not base64 (%zu digits, %zu '=')", digits,
                           pad);
    size_t size = digits / 4 * 3 + (digits % 4 == 0 ? 0 : digits % 4 - 1);
    if (size == 0)
        return GG_OK;
    unsigned char *buf = (unsigned char *)gg__io_alloc(ctx->mem, size);
    if (buf == NULL)
        return gg__io_fail(ctx, GG_E_NO_MEMORY, "out of memory decoding the image");
    uint32_t acc = 0;
    int bits = 0;
    size_t o = 0;
    for (size_t i = 0; i < n && o < size; i++) {
        int v = b64_value((unsigned char)text[i]);
        if (v < 0)
            continue;
        acc = (acc << 6 | (uint32_t)v) & 0xffffff;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            buf[o++] = (unsigned char)(acc >> bits);
        }
    }
    *out = buf;
    *out_size = size;
    return GG_OK;
}

/* ---- The two formats ------------------------------------------------------------------------- */

static gg_status read_uvtt(gg__io_ctx *ctx, const json_t *root, gg_map_image *img)
{
    const json_t *res = json_object_get(root, "resolution");
    gg_status st = gg__io_want_object(ctx, res, "resolution");
    double sx, sy, ppg;
    if (st != GG_OK ||
        (st = gg__io_point(ctx, json_object_get(res, "map_size"), "resolution.map_size", &sx,
                           &sy)) != GG_OK ||
        (st = gg__io_number(ctx, json_object_get(res, "pixels_per_grid"),
                            "resolution.pixels_per_grid", &ppg)) != GG_OK)
        return st;
    if (!(ppg >= 1.0 && ppg <= 1e6) || !(sx > 0.0 && sx <= 1e9 && sy > 0.0 && sy <= 1e9))
        return gg__io_fail(ctx, GG_E_INVALID_ARG,
                           "resolution: map_size %g x %g at %g pixels per cell is not a picture",
                           sx, sy, ppg);
    /* The picture is the exported rectangle: its corner is map_origin, which the importer makes
     * the scene's (0, 0). */
    img->x = 0.0;
    img->y = 0.0;
    img->width = sx;
    img->height = sy;
    const json_t *image = json_object_get(root, "image");
    if (image == NULL || json_is_null(image))
        return GG_OK;
    if (!json_is_string(image))
        return gg__io_fail(ctx, GG_E_INVALID_ARG, "image: expected a base64 string, found %s",
                           gg__io_json_type(image));
    if ((st = b64_decode(ctx, json_string_value(image), json_string_length(image), &img->bytes,
                         &img->size)) != GG_OK)
        return st;
    img->type = sniff(img->bytes, img->size, &img->pixel_width, &img->pixel_height);
    if (img->pixel_width > 0 && img->pixel_height > 0) {
        /* image_px = (p - map_origin) x pixels_per_grid: the header's size is the exact one. */
        img->width = img->pixel_width / ppg;
        img->height = img->pixel_height / ppg;
    }
    return GG_OK;
}

/* A number at root[key], or (v10+) root[obj][key2]; `dflt` when neither is there. */
static gg_status num2(gg__io_ctx *ctx, const json_t *root, const char *key, const char *obj,
                      const char *key2, double dflt, double *out)
{
    const json_t *v = json_object_get(root, key);
    if (json_is_number(v))
        return gg__io_number(ctx, v, key, out);
    const json_t *o = json_object_get(root, obj);
    if (json_is_object(o))
        return gg__io_opt_number(ctx, o, key2, obj, dflt, out);
    *out = dflt;
    return GG_OK;
}

static gg_status read_foundry(gg__io_ctx *ctx, const json_t *root, gg_map_image *img)
{
    double size, width, height, padding, shift_x, shift_y;
    gg_status st;
    if ((st = num2(ctx, root, "grid", "grid", "size", 0.0, &size)) != GG_OK ||
        (st = gg__io_number(ctx, json_object_get(root, "width"), "width", &width)) != GG_OK ||
        (st = gg__io_number(ctx, json_object_get(root, "height"), "height", &height)) != GG_OK ||
        (st = gg__io_opt_number(ctx, root, "padding", "(top level)", 0.0, &padding)) != GG_OK ||
        (st = num2(ctx, root, "shiftX", "background", "offsetX", 0.0, &shift_x)) != GG_OK ||
        (st = num2(ctx, root, "shiftY", "background", "offsetY", 0.0, &shift_y)) != GG_OK)
        return st;
    if (!(size >= 1.0 && size <= 1e6) || !(width > 0.0 && width <= 1e9) ||
        !(height > 0.0 && height <= 1e9) || !(padding >= 0.0 && padding <= 100.0) ||
        fabs(shift_x) > 1e9 || fabs(shift_y) > 1e9)
        return gg__io_fail(ctx, GG_E_INVALID_ARG,
                           "grid %g px, %g x %g px, padding %g, shift (%g, %g): not a scene", size,
                           width, height, padding, shift_x, shift_y);
    /* As foundry.c: the scene rectangle on Foundry's canvas, and the canvas cell the imported
     * scene starts at. */
    double scene_x = ceil(padding * width / size) * size - shift_x;
    double scene_y = ceil(padding * height / size) * size - shift_y;
    img->x = scene_x / size - floor(scene_x / size);
    img->y = scene_y / size - floor(scene_y / size);
    img->width = width / size;
    img->height = height / size;
    const json_t *src = json_object_get(root, "img");
    const json_t *bg = json_object_get(root, "background");
    if (!json_is_string(src) && json_is_object(bg))
        src = json_object_get(bg, "src");
    if (json_is_string(src)) {
        size_t n = json_string_length(src);
        if (n >= sizeof img->source)
            n = sizeof img->source - 1;
        memcpy(img->source, json_string_value(src), n);
        img->source[n] = '\0';
    }
    return GG_OK;
}

static gg_status read_checked(const char *data, size_t len, gg__io_ctx *ctx, gg_map_image *img)
{
    const gg_import_def *def = ctx->def;
    if ((int)def->format < GG_IO_FORMAT_AUTO || (int)def->format > GG_IO_FORMAT_FOUNDRY)
        return gg__io_fail(ctx, GG_E_INVALID_ARG, "unknown format %d", (int)def->format);
    if (len > def->max_bytes)
        return gg__io_fail(ctx, GG_E_TOO_LARGE,
                           "the input is %zu bytes; the limit is %zu (gg_import_def.max_bytes)",
                           len, def->max_bytes);
    if (len == 0)
        return gg__io_fail(ctx, GG_E_PARSE, "the input is empty");
    json_error_t jerr;
    json_t *root = json_loadb(data, len, 0, &jerr);
    if (root == NULL || ctx->mem->failed) {
        /* A failed allocation voids the parse (import.c says why). */
        if (ctx->mem->failed || json_error_code(&jerr) == json_error_out_of_memory) {
            json_decref(root);
            return gg__io_fail(ctx, GG_E_NO_MEMORY, "out of memory parsing the JSON");
        }
        gg_status st = gg__io_fail(ctx, GG_E_PARSE, "JSON error at line %d, column %d: %s",
                                   jerr.line, jerr.column, jerr.text);
        if (ctx->err != NULL) {
            ctx->err->line = jerr.line;
            ctx->err->column = jerr.column;
            ctx->err->position = (int64_t)jerr.position;
        }
        return st;
    }
    gg_io_format fmt = def->format;
    if (fmt == GG_IO_FORMAT_AUTO && json_is_object(root)) {
        /* gg_scene_import()'s detection, for the two formats that have pictures. */
        if (json_object_get(root, "resolution") != NULL &&
            (json_object_get(root, "line_of_sight") != NULL ||
             json_object_get(root, "portals") != NULL))
            fmt = GG_IO_FORMAT_UVTT;
        else if (json_object_get(root, "walls") != NULL && json_object_get(root, "grid") != NULL)
            fmt = GG_IO_FORMAT_FOUNDRY;
    }
    img->format = fmt;
    gg_status st;
    if (fmt == GG_IO_FORMAT_UVTT)
        st = gg__io_want_object(ctx, root, "(top level)") == GG_OK ? read_uvtt(ctx, root, img)
                                                                   : GG_E_INVALID_ARG;
    else if (fmt == GG_IO_FORMAT_FOUNDRY)
        st = gg__io_want_object(ctx, root, "(top level)") == GG_OK ? read_foundry(ctx, root, img)
                                                                   : GG_E_INVALID_ARG;
    else
        st = gg__io_fail(ctx, GG_E_INVALID_ARG,
                         "not a Universal VTT or Foundry scene: only those carry a picture");
    json_decref(root);
    return st;
}

gg_status gg_map_image_read(const char *data, size_t len, const gg_import_def *def,
                            gg_map_image *out_image, gg_io_error *out_error)
{
    error_clear(out_error);
    gg__io_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.err = out_error;
    if (out_image != NULL)
        memset(out_image, 0, sizeof *out_image);
    if (def == NULL || out_image == NULL || (data == NULL && len > 0))
        return gg__io_fail(&ctx, GG_E_INVALID_ARG, "NULL def, data or out_image");
    if (def->struct_size != (uint32_t)sizeof *def)
        return gg__io_fail(&ctx, GG_E_BAD_DEF,
                           "the import def was not made by gg_import_def_default()");
    ctx.def = def;
    gg_allocator alloc;
    if (!gg__io_allocator_resolve(def->allocator, &alloc))
        return gg__io_fail(&ctx, GG_E_INVALID_ARG, "the allocator has NULL functions");
    gg__io_mem mem;
    gg__io_mem_begin(&mem, &alloc);
    ctx.mem = &mem;
    out_image->allocator = alloc;
    gg_status st = read_checked(data, len, &ctx, out_image);
    gg__io_mem_end(&mem);
    if (st != GG_OK)
        gg_map_image_clear(out_image);
    return st;
}

void gg_map_image_clear(gg_map_image *image)
{
    if (image == NULL)
        return;
    if (image->bytes != NULL && image->allocator.free != NULL)
        image->allocator.free(image->allocator.ctx, image->bytes, image->size);
    memset(image, 0, sizeof *image);
}
