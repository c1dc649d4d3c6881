/* fuzz_import.c - libFuzzer target for gg_scene_import(): one binary per format
 * (GG_FUZZ_FORMAT = GG_IO_FORMAT_NAT20, _UVTT or _FOUNDRY). Any input must give a status and
 * message, never a crash, a leak or undefined behaviour; a scene that loads must also export
 * and re-import to the same text. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <gridgeom/io.h>

#ifndef GG_FUZZ_FORMAT
#error "define GG_FUZZ_FORMAT"
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    gg_import_def def = gg_import_def_default();
    def.format = GG_FUZZ_FORMAT;
    def.max_walls = 1 << 14;
    gg_scene *scene = NULL;
    gg_import_report *report = NULL;
    gg_io_error err;
    gg_status st = gg_scene_import((const char *)data, size, &def, &scene, &report, &err);
    if (st != GG_OK) {
        if (scene != NULL || report != NULL || err.status != st || err.message[0] == '\0')
            abort();
        return 0;
    }
    /* Keep huge scenes cheap: the round trip is the expensive part. */
    if ((int64_t)gg_scene_width(scene) * gg_scene_height(scene) <= 1 << 16) {
        size_t need = 0;
        if (gg_scene_export_nat20(scene, NULL, 0, &need, &err) != GG_E_BUFFER_TOO_SMALL)
            abort();
        char *a = malloc(need + 1);
        if (a != NULL && gg_scene_export_nat20(scene, a, need + 1, &need, &err) == GG_OK) {
            gg_import_def d2 = gg_import_def_default();
            d2.format = GG_IO_FORMAT_NAT20;
            gg_scene *again = NULL;
            if (gg_scene_import(a, need, &d2, &again, NULL, &err) != GG_OK)
                abort();
            size_t need2 = 0;
            char *b = malloc(need + 1);
            if (b != NULL && (gg_scene_export_nat20(again, b, need + 1, &need2, &err) != GG_OK ||
                              need2 != need || memcmp(a, b, need) != 0))
                abort();
            free(b);
            gg_scene_destroy(again);
        }
        free(a);
    }
    gg_import_report_destroy(report);
    gg_scene_destroy(scene);
    return 0;
}
