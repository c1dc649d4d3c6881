/* alloc_check.c - built with emcc by native.test.js: in the WebAssembly build, the io layer's
 * memory (jansson's parse tree included, through the hooks of src/io/io_alloc.c) goes through
 * the caller's allocator, as natively. Imports the map named on the command line with a counting
 * allocator, then again with one that fails at the n-th allocation for every n the import
 * makes; each must fail cleanly (GG_E_NO_MEMORY) and leave nothing allocated. */
#include <gridgeom/gridgeom.h>
#include <gridgeom/io.h>

#include <stdio.h>
#include <stdlib.h>

typedef struct counter {
    long calls, fail_at;
    long long live;
} counter;

static void *count_alloc(void *ctx, size_t size, size_t align)
{
    counter *c = ctx;
    (void)align;
    if (++c->calls == c->fail_at)
        return NULL;
    c->live += (long long)size;
    return malloc(size);
}

static void count_free(void *ctx, void *ptr, size_t size)
{
    counter *c = ctx;
    c->live -= (long long)size;
    free(ptr);
}

int main(int argc, char **argv)
{
    if (argc != 2)
        return 2;
    FILE *f = fopen(argv[1], "rb");
    if (f == NULL)
        return 2;
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *data = malloc((size_t)len);
    if (data == NULL || fread(data, 1, (size_t)len, f) != (size_t)len)
        return 2;
    fclose(f);
    counter c = {0, 0, 0};
    gg_allocator a = {count_alloc, count_free, &c};
    gg_import_def def = gg_import_def_default();
    def.allocator = &a;
    gg_scene *scene = NULL;
    gg_import_report *report = NULL;
    gg_status st = gg_scene_import(data, (size_t)len, &def, &scene, &report, NULL);
    long total = c.calls;
    gg_import_report_destroy(report);
    gg_scene_destroy(scene);
    printf("import: %s, %ld allocations, %lld bytes left\n", gg_status_name(st), total, c.live);
    if (st != GG_OK || c.live != 0)
        return 1;
    long failed_cleanly = 0;
    for (long n = 1; n <= total; n++) {
        counter fc = {0, n, 0};
        gg_allocator fa = {count_alloc, count_free, &fc};
        def.allocator = &fa;
        scene = NULL;
        st = gg_scene_import(data, (size_t)len, &def, &scene, &report, NULL);
        if (st != GG_E_NO_MEMORY || scene != NULL || fc.live != 0) {
            printf("failing allocation %ld: %s, %lld bytes left\n", n, gg_status_name(st), fc.live);
            return 1;
        }
        failed_cleanly++;
    }
    printf("every one of the %ld allocations failed cleanly\n", failed_cleanly);
    free(data);
    return 0;
}
