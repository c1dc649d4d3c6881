/* background.c - `gridgeom draw --background`: the map's picture as an SVG <image> placed by
 * gg_map_image_read() (the importers' frame, so walls and art share the grid). Layer: tools. */
#include "background.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static void setmsg(char *msg, size_t cap, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static void setmsg(char *msg, size_t cap, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, cap, fmt, ap);
    va_end(ap);
}

/* The whole file at `path` (malloc), or NULL with errno set. `limit` bounds its size. */
static unsigned char *read_all(const char *path, size_t limit, size_t *out_size)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    unsigned char *buf = NULL;
    size_t size = 0, cap = 0;
    for (;;) {
        if (size == cap) {
            size_t ncap = cap == 0 ? 65536 : cap * 2;
            if (cap > limit) {
                errno = EFBIG;
                break;
            }
            unsigned char *nb = realloc(buf, ncap);
            if (nb == NULL) {
                errno = ENOMEM;
                break;
            }
            buf = nb;
            cap = ncap;
        }
        size_t got = fread(buf + size, 1, cap - size, f);
        size += got;
        if (got == 0) {
            if (ferror(f))
                break;
            fclose(f);
            *out_size = size;
            return buf;
        }
    }
    int e = errno;
    free(buf);
    fclose(f);
    errno = e;
    return NULL;
}

static const char *mime_of(gg_image_type t)
{
    switch (t) {
    case GG_IMAGE_PNG:
        return "image/png";
    case GG_IMAGE_JPEG:
        return "image/jpeg";
    case GG_IMAGE_WEBP:
        return "image/webp";
    case GG_IMAGE_NONE:
    case GG_IMAGE_OTHER:
        break;
    }
    return NULL;
}

/* The encoding of a picture file from its first bytes, as the io layer tells them apart. */
static const char *sniff_mime(const unsigned char *b, size_t n)
{
    static const unsigned char png[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    if (n >= 8 && memcmp(b, png, 8) == 0)
        return "image/png";
    if (n >= 3 && b[0] == 0xff && b[1] == 0xd8 && b[2] == 0xff)
        return "image/jpeg";
    if (n >= 12 && memcmp(b, "RIFF", 4) == 0 && memcmp(b + 8, "WEBP", 4) == 0)
        return "image/webp";
    return NULL;
}

int gg_cli_background_load(const char *map_path, const char *image_path, const gg_import_def *def,
                           gg_cli_background *out, char *msg, size_t msgcap)
{
    memset(out, 0, sizeof *out);
    size_t len = 0;
    unsigned char *data = read_all(map_path, def->max_bytes, &len);
    if (data == NULL) {
        setmsg(msg, msgcap, "--background: cannot read %s: %s", map_path, strerror(errno));
        return 1;
    }
    gg_io_error err;
    gg_status st = gg_map_image_read((const char *)data, len, def, &out->image, &err);
    free(data);
    if (st != GG_OK) {
        setmsg(msg, msgcap, "--background: %s (%s)", err.message, gg_status_name(st));
        return 1;
    }
    if (image_path != NULL) {
        out->file = read_all(image_path, (size_t)48 << 20, &out->file_size);
        if (out->file == NULL) {
            setmsg(msg, msgcap, "--background-image: cannot read %s: %s", image_path,
                   strerror(errno));
            gg_cli_background_free(out);
            return 1;
        }
        out->mime = sniff_mime(out->file, out->file_size);
        if (out->mime == NULL) {
            setmsg(msg, msgcap, "--background-image: %s is not a PNG, JPEG or WebP picture",
                   image_path);
            gg_cli_background_free(out);
            return 1;
        }
        return 0;
    }
    out->mime = mime_of(out->image.type);
    if (out->mime != NULL)
        return 0;
    if (out->image.format == GG_IO_FORMAT_FOUNDRY)
        setmsg(msg, msgcap,
               "--background: a Foundry scene does not hold its picture (it names \"%s\"); "
               "pass the file with --background-image FILE",
               out->image.source);
    else if (out->image.type == GG_IMAGE_NONE)
        setmsg(msg, msgcap,
               "--background: the map embeds no picture (its \"image\" is empty); pass one with "
               "--background-image FILE");
    else
        setmsg(msg, msgcap, "--background: the embedded picture is not PNG, JPEG or WebP");
    gg_cli_background_free(out);
    return 1;
}

void gg_cli_background_free(gg_cli_background *bg)
{
    gg_map_image_clear(&bg->image);
    free(bg->file);
    bg->file = NULL;
    bg->file_size = 0;
    bg->mime = NULL;
}

void gg_cli_background_svg(FILE *out, const gg_cli_background *bg, double margin, double scale)
{
    static const char k_b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    const unsigned char *b = bg->file != NULL ? bg->file : bg->image.bytes;
    size_t n = bg->file != NULL ? bg->file_size : bg->image.size;
    /* preserveAspectRatio none: the rectangle, not the picture's own aspect, is the truth (the
     * grid's pixels per cell may differ across axes after rounding in the exporting tool). */
    fprintf(out,
            "<image x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" "
            "preserveAspectRatio=\"none\" href=\"data:%s;base64,",
            margin + bg->image.x * scale, margin + bg->image.y * scale, bg->image.width * scale,
            bg->image.height * scale, bg->mime);
    char chunk[4096];
    size_t used = 0;
    for (size_t i = 0; i < n; i += 3) {
        uint32_t v = (uint32_t)b[i] << 16;
        if (i + 1 < n)
            v |= (uint32_t)b[i + 1] << 8;
        if (i + 2 < n)
            v |= b[i + 2];
        chunk[used++] = k_b64[v >> 18 & 63];
        chunk[used++] = k_b64[v >> 12 & 63];
        chunk[used++] = i + 1 < n ? k_b64[v >> 6 & 63] : '=';
        chunk[used++] = i + 2 < n ? k_b64[v & 63] : '=';
        if (used + 4 > sizeof chunk) {
            fwrite(chunk, 1, used, out);
            used = 0;
        }
    }
    fwrite(chunk, 1, used, out);
    fputs("\"/>\n", out);
}
