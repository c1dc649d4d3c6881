/* test_io_image.c - gg_map_image_read(): the rectangle a map's picture covers on the imported
 * scene (Universal VTT, also cropped; Foundry with padding and shifts, v9 and v10 fields), the
 * embedded picture decoded byte for byte, picture headers (PNG, WebP, JPEG), refusals, and the
 * memory contract (every allocation through the def's allocator, none left after a failure). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <gridgeom/io.h>

#include "test_alloc.h"

/* An independent base64 encoder (the reader's decoder is the code under test). */
static char *b64(const unsigned char *b, size_t n)
{
    static const char k[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    char *out = malloc(n / 3 * 4 + 5);
    assert_non_null(out);
    size_t o = 0;
    for (size_t i = 0; i < n; i += 3) {
        uint32_t v = (uint32_t)b[i] << 16 | (i + 1 < n ? (uint32_t)b[i + 1] << 8 : 0) |
                     (i + 2 < n ? b[i + 2] : 0);
        out[o++] = k[v >> 18 & 63];
        out[o++] = k[v >> 12 & 63];
        out[o++] = i + 1 < n ? k[v >> 6 & 63] : '=';
        out[o++] = i + 2 < n ? k[v & 63] : '=';
    }
    out[o] = '\0';
    return out;
}

/* The start of a PNG of w x h px: signature and IHDR (all the reader looks at), then filler. */
static size_t png_head(unsigned char *b, uint32_t w, uint32_t h, size_t filler)
{
    static const unsigned char sig[16] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n',
                                          0,    0,   0,   13,  'I',  'H',  'D',  'R'};
    memcpy(b, sig, 16);
    for (int i = 0; i < 4; i++) {
        b[16 + i] = (unsigned char)(w >> (24 - 8 * i));
        b[20 + i] = (unsigned char)(h >> (24 - 8 * i));
    }
    for (size_t i = 0; i < filler; i++)
        b[24 + i] = (unsigned char)(i * 37 + 11);
    return 24 + filler;
}

static gg_status read_text(const char *text, gg_map_image *img)
{
    gg_import_def def = gg_import_def_default();
    return gg_map_image_read(text, strlen(text), &def, img, NULL);
}

static char *uvtt_with(const char *extra_resolution, const char *image_b64)
{
    char *t = malloc(strlen(image_b64) + 512);
    assert_non_null(t);
    sprintf(t,
            "{\"format\": 0.3, \"resolution\": {\"map_size\": {\"x\": 12, \"y\": 8}, "
            "\"pixels_per_grid\": 64%s}, \"line_of_sight\": [], \"portals\": [], "
            "\"image\": \"%s\"}",
            extra_resolution, image_b64);
    return t;
}

static void image__uvtt_picture_covers_the_export_and_decodes_exactly(void **state)
{
    (void)state;
    unsigned char png[24 + 301];
    size_t n = png_head(png, 12 * 64, 8 * 64, 301);
    char *enc = b64(png, n);
    /* A cropped export: the picture still starts at the scene's corner (0, 0). */
    char *text = uvtt_with(", \"map_origin\": {\"x\": 13, \"y\": 12}", enc);
    gg_map_image img;
    assert_int_equal(read_text(text, &img), GG_OK);
    assert_int_equal(img.format, GG_IO_FORMAT_UVTT);
    assert_int_equal(img.type, GG_IMAGE_PNG);
    assert_int_equal(img.pixel_width, 768);
    assert_int_equal(img.pixel_height, 512);
    assert_true(img.x == 0.0 && img.y == 0.0 && img.width == 12.0 && img.height == 8.0);
    assert_int_equal(img.size, n);
    assert_memory_equal(img.bytes, png, n);
    gg_map_image_clear(&img);
    assert_null(img.bytes);
    free(text);
    free(enc);
}

static void image__uvtt_picture_size_comes_from_its_pixels(void **state)
{
    (void)state;
    /* 6 cells' worth of pixels at 64 px per cell on a 12-cell map: it covers 6 x 4 cells. */
    unsigned char png[24];
    char *enc = b64(png, png_head(png, 6 * 64, 4 * 64, 0));
    char *text = uvtt_with("", enc);
    gg_map_image img;
    assert_int_equal(read_text(text, &img), GG_OK);
    assert_true(img.width == 6.0 && img.height == 4.0);
    gg_map_image_clear(&img);
    free(text);
    free(enc);
    /* Without a picture the rectangle is map_size and there are no bytes. */
    text = uvtt_with("", "");
    assert_int_equal(read_text(text, &img), GG_OK);
    assert_int_equal(img.type, GG_IMAGE_NONE);
    assert_null(img.bytes);
    assert_true(img.width == 12.0 && img.height == 8.0);
    free(text);
}

static void image__headers_of_webp_and_jpeg(void **state)
{
    (void)state;
    /* WebP lossless (VP8L): 14-bit width-1 and height-1 after the 0x2f signature byte. */
    unsigned char webp[30] = {'R', 'I', 'F', 'F', 22,  0,  0, 0, 'W', 'E', 'B',
                              'P', 'V', 'P', '8', 'L', 10, 0, 0, 0,   0x2f};
    uint32_t bits = (uint32_t)(300 - 1) | (uint32_t)(200 - 1) << 14;
    for (int i = 0; i < 4; i++)
        webp[21 + i] = (unsigned char)(bits >> (8 * i));
    /* WebP extended (VP8X): 24-bit width-1 and height-1 at bytes 24 and 27. */
    unsigned char webpx[30] = {'R', 'I', 'F', 'F', 22,  0,   0,  0, 'W', 'E',
                               'B', 'P', 'V', 'P', '8', 'X', 10, 0, 0,   0};
    webpx[24] = (unsigned char)((5000 - 1) & 0xff);
    webpx[25] = (unsigned char)((5000 - 1) >> 8);
    webpx[27] = (unsigned char)((70 - 1) & 0xff);
    /* JPEG: SOI, an APP0 segment to skip, then SOF0 with height 96 and width 640. */
    unsigned char jpeg[] = {0xff, 0xd8, 0xff, 0xe0, 0,   4, 'J', 'F', 0xff, 0xc0, 0, 11,
                            8,    0,    96,   2,    128, 3, 0,   0,   0,    0,    0};
    struct {
        const unsigned char *b;
        size_t n;
        gg_image_type type;
        int32_t w, h;
    } cases[] = {{webp, sizeof webp, GG_IMAGE_WEBP, 300, 200},
                 {webpx, sizeof webpx, GG_IMAGE_WEBP, 5000, 70},
                 {jpeg, sizeof jpeg, GG_IMAGE_JPEG, 640, 96}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *enc = b64(cases[i].b, cases[i].n);
        char *text = uvtt_with("", enc);
        gg_map_image img;
        assert_int_equal(read_text(text, &img), GG_OK);
        assert_int_equal(img.type, cases[i].type);
        assert_int_equal(img.pixel_width, cases[i].w);
        assert_int_equal(img.pixel_height, cases[i].h);
        assert_true(img.width == cases[i].w / 64.0);
        gg_map_image_clear(&img);
        free(text);
        free(enc);
    }
}

static void image__foundry_rectangle_follows_padding_and_shift(void **state)
{
    (void)state;
    gg_map_image img;
    /* v9 fields: 1000 x 600 px, grid 100, padding 0.25 -> pad 300 x 200 (whole cells); shiftX
     * -30 moves the picture right: scene rectangle at canvas (330, 200 - 20 = 180). */
    assert_int_equal(
        read_text("{\"width\": 1000, \"height\": 600, \"grid\": 100, \"padding\": 0.25,"
                  " \"shiftX\": -30, \"shiftY\": 20, \"walls\": [],"
                  " \"img\": \"maps/cave%20one.webp\"}",
                  &img),
        GG_OK);
    assert_int_equal(img.format, GG_IO_FORMAT_FOUNDRY);
    assert_int_equal(img.type, GG_IMAGE_NONE);
    assert_null(img.bytes);
    assert_string_equal(img.source, "maps/cave%20one.webp");
    assert_true(img.x > 0.3 - 1e-12 && img.x < 0.3 + 1e-12);
    assert_true(img.y > 0.8 - 1e-12 && img.y < 0.8 + 1e-12);
    assert_true(img.width == 10.0 && img.height == 6.0);
    /* v10 fields: grid object, background.offsetX/Y and background.src. */
    assert_int_equal(read_text("{\"width\": 1050, \"height\": 700, \"padding\": 0,"
                               " \"grid\": {\"type\": 1, \"size\": 70},"
                               " \"background\": {\"src\": \"a.png\", \"offsetX\": 35,"
                               " \"offsetY\": 0}, \"walls\": []}",
                               &img),
                     GG_OK);
    assert_string_equal(img.source, "a.png");
    assert_true(img.x == 0.5 && img.y == 0.0 && img.width == 15.0 && img.height == 10.0);
    /* The importer agrees on the frame: the scene spans the picture's cells. */
    gg_import_def def = gg_import_def_default();
    gg_scene *scene = NULL;
    const char *t = "{\"width\": 1050, \"height\": 700, \"padding\": 0, \"grid\": {\"type\": 1, "
                    "\"size\": 70}, \"background\": {\"offsetX\": 35, \"offsetY\": 0}, "
                    "\"walls\": []}";
    assert_int_equal(gg_scene_import(t, strlen(t), &def, &scene, NULL, NULL), GG_OK);
    assert_int_equal(gg_scene_width(scene), 16); /* 0.5 + 15 cells -> 16 partial/whole cells */
    assert_int_equal(gg_scene_height(scene), 10);
    gg_scene_destroy(scene);
}

static void image__refusals(void **state)
{
    (void)state;
    gg_map_image img;
    gg_import_def def = gg_import_def_default();
    gg_io_error err;
    const char *nat20 = "{\"width\": 3, \"height\": 3}";
    assert_int_equal(gg_map_image_read(nat20, strlen(nat20), &def, &img, &err), GG_E_INVALID_ARG);
    assert_non_null(strstr(err.message, "Universal VTT or Foundry"));
    char *text = uvtt_with("", "iVBO!w0K");
    assert_int_equal(gg_map_image_read(text, strlen(text), &def, &img, &err), GG_E_INVALID_ARG);
    assert_non_null(strstr(err.message, "not base64"));
    assert_null(img.bytes);
    free(text);
    text = uvtt_with("", "QUJDRA=x");
    assert_int_equal(gg_map_image_read(text, strlen(text), &def, &img, &err), GG_E_INVALID_ARG);
    free(text);
    const char *broken = "{\"resolution\": {\n\"map_size\": }";
    assert_int_equal(gg_map_image_read(broken, strlen(broken), &def, &img, &err), GG_E_PARSE);
    assert_int_equal(err.line, 2);
    assert_int_equal(gg_map_image_read(NULL, 0, NULL, &img, &err), GG_E_INVALID_ARG);
    gg_import_def bad = def;
    bad.struct_size = 0;
    assert_int_equal(gg_map_image_read(nat20, strlen(nat20), &bad, &img, &err), GG_E_BAD_DEF);
    def.max_bytes = 4;
    assert_int_equal(gg_map_image_read(nat20, strlen(nat20), &def, &img, &err), GG_E_TOO_LARGE);
    gg_map_image_clear(NULL);
}

static void image__every_allocation_through_the_def_and_none_left_on_failure(void **state)
{
    (void)state;
    unsigned char png[24 + 4000];
    char *enc = b64(png, png_head(png, 640, 448, 4000));
    char *text = uvtt_with("", enc);
    gg_test_alloc ta;
    gg_test_alloc_init(&ta, -1);
    gg_import_def def = gg_import_def_default();
    def.allocator = &ta.iface;
    gg_map_image img;
    assert_int_equal(gg_map_image_read(text, strlen(text), &def, &img, NULL), GG_OK);
    long total = ta.calls;
    assert_true(total >= 5);             /* jansson's values and the picture, all through the def */
    assert_int_equal(ta.live_blocks, 1); /* only the picture outlives the call */
    gg_map_image_clear(&img);
    assert_int_equal(ta.live_blocks, 0);
    assert_int_equal(ta.live_bytes, 0);
    for (long n = 0; n < total; n++) {
        gg_test_alloc_init(&ta, n);
        def.allocator = &ta.iface;
        assert_int_equal(gg_map_image_read(text, strlen(text), &def, &img, NULL), GG_E_NO_MEMORY);
        assert_null(img.bytes);
        assert_int_equal(ta.live_blocks, 0);
    }
    free(text);
    free(enc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(image__uvtt_picture_covers_the_export_and_decodes_exactly),
        cmocka_unit_test(image__uvtt_picture_size_comes_from_its_pixels),
        cmocka_unit_test(image__headers_of_webp_and_jpeg),
        cmocka_unit_test(image__foundry_rectangle_follows_padding_and_shift),
        cmocka_unit_test(image__refusals),
        cmocka_unit_test(image__every_allocation_through_the_def_and_none_left_on_failure),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
