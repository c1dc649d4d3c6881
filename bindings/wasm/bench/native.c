/* native.c - the native side of bench.js: the same line-of-sight and field-of-view workload
 * as the WebAssembly side, on the same map, timed with the best of several rounds. Prints one
 * JSON line: {"los_ns": per call, "fov_ns": per call, "los_true": ..., "fov_cells": ...}; the
 * counts let bench.js check that both sides did the same work. Built by bench.js from the
 * library's sources with the same -O2 as the WebAssembly build. */
#define _POSIX_C_SOURCE 199309L
#include <gridgeom/gridgeom.h>
#include <gridgeom/io.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: native MAP STRIDE ROUNDS\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    if (f == NULL) {
        perror(argv[1]);
        return 2;
    }
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *data = malloc((size_t)len);
    if (data == NULL || fread(data, 1, (size_t)len, f) != (size_t)len) {
        fprintf(stderr, "cannot read %s\n", argv[1]);
        return 2;
    }
    fclose(f);
    int stride = atoi(argv[2]);
    int rounds = atoi(argv[3]);
    gg_import_def def = gg_import_def_default();
    gg_scene *scene = NULL;
    gg_io_error err;
    if (gg_scene_import(data, (size_t)len, &def, &scene, NULL, &err) != GG_OK) {
        fprintf(stderr, "import: %s\n", err.message);
        return 2;
    }
    free(data);
    int32_t w = gg_scene_width(scene);
    int32_t h = gg_scene_height(scene);
    gg_scratch_def sdef = gg_scratch_def_default();
    sdef.uses = (uint32_t)GG_SCRATCH_SIGHT;
    gg_scratch *scratch = NULL;
    if (gg_scratch_create(scene, &sdef, &scratch) != GG_OK) {
        return 2;
    }
    size_t words = gg_scene_bitset_words(scene);
    uint64_t *bits = malloc(words * sizeof *bits);
    double best_los = 1e300, best_fov = 1e300;
    long los_true = 0, los_calls = 0, fov_cells = 0, fov_calls = 0;
    for (int r = 0; r < rounds; r++) {
        long t_true = 0, calls = 0;
        double t0 = now_ns();
        /* Line of sight from every stride-th cell to every cell. */
        for (int32_t vr = 0; vr < h; vr += stride) {
            for (int32_t vc = 0; vc < w; vc += stride) {
                for (int32_t row = 0; row < h; row++) {
                    for (int32_t col = 0; col < w; col++) {
                        bool vis = false;
                        if (gg_scene_has_line_of_sight(scene, gg_cell_make(vc, vr),
                                                       gg_cell_make(col, row), &vis) != GG_OK) {
                            return 1;
                        }
                        t_true += vis;
                        calls++;
                    }
                }
            }
        }
        double t1 = now_ns();
        long cells = 0, fcalls = 0;
        /* Field of view from every cell. */
        for (int32_t vr = 0; vr < h; vr++) {
            for (int32_t vc = 0; vc < w; vc++) {
                int32_t count = 0;
                if (gg_scene_visible_cells(scene, scratch, gg_cell_make(vc, vr),
                                           GG_RANGE_UNLIMITED, GG_BITSET_REPLACE, bits, words,
                                           &count) != GG_OK) {
                    return 1;
                }
                cells += count;
                fcalls++;
            }
        }
        double t2 = now_ns();
        if (t1 - t0 < best_los) {
            best_los = t1 - t0;
        }
        if (t2 - t1 < best_fov) {
            best_fov = t2 - t1;
        }
        los_true = t_true;
        los_calls = calls;
        fov_cells = cells;
        fov_calls = fcalls;
    }
    printf("{\"los_ns\": %.2f, \"fov_ns\": %.2f, \"los_calls\": %ld, \"los_true\": %ld, "
           "\"fov_calls\": %ld, \"fov_cells\": %ld}\n",
           best_los / (double)los_calls, best_fov / (double)fov_calls, los_calls, los_true,
           fov_calls, fov_cells);
    free(bits);
    gg_scratch_destroy(scratch);
    gg_scene_destroy(scene);
    return 0;
}
