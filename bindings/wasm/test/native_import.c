/* native_import.c - imports each file named on the command line and prints the import status and
 * the scene's Nat20 export (or the error's status, line, column and message). native.test.js
 * builds it natively against Debian's jansson and requires the WebAssembly module to print the
 * same for every file: the jansson compiled into the module reads and writes JSON as the native
 * one does. */
#include <gridgeom/gridgeom.h>
#include <gridgeom/io.h>

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        if (f == NULL) {
            perror(argv[i]);
            return 2;
        }
        fseek(f, 0, SEEK_END);
        long len = ftell(f);
        fseek(f, 0, SEEK_SET);
        char *data = malloc((size_t)len + 1);
        if (data == NULL || fread(data, 1, (size_t)len, f) != (size_t)len) {
            return 2;
        }
        fclose(f);
        gg_import_def def = gg_import_def_default();
        gg_scene *scene = NULL;
        gg_import_report *report = NULL;
        gg_io_error err;
        gg_status st = gg_scene_import(data, (size_t)len, &def, &scene, &report, &err);
        free(data);
        printf("== %s: %s\n", argv[i], gg_status_name(st));
        if (st != GG_OK) {
            printf("line %d column %d: %s\n", (int)err.line, (int)err.column, err.message);
            continue;
        }
        size_t need = 0;
        gg_status es = gg_scene_export_nat20(scene, NULL, 0, &need, NULL);
        char *buf = malloc(need + 1);
        if (buf == NULL ||
            (es = gg_scene_export_nat20(scene, buf, need + 1, &need, NULL)) != GG_OK) {
            printf("export: %s\n", gg_status_name(es));
        } else {
            fwrite(buf, 1, need, stdout);
            printf("\n");
        }
        free(buf);
        gg_import_report_destroy(report);
        gg_scene_destroy(scene);
    }
    return 0;
}
