/* light_color.c - light colours in VTT files read as data for gg_light_def (docs/io.md, "Light
 * sources"). Layer: io. */
#include "io/io_internal.h"

#include <string.h>

static bool hex_digits(const char *s, size_t n, uint32_t *out)
{
    uint32_t v = 0;
    for (size_t k = 0; k < n; ++k) {
        char c = s[k];
        uint32_t d;
        if (c >= '0' && c <= '9')
            d = (uint32_t)(c - '0');
        else if (c >= 'a' && c <= 'f')
            d = (uint32_t)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F')
            d = (uint32_t)(c - 'A' + 10);
        else
            return false;
        v = v << 4 | d;
    }
    *out = v;
    return true;
}

void gg__io_light_color(gg__io_ctx *ctx, const json_t *obj, const char *key, const char *path,
                        bool argb, gg_light_def *light)
{
    const json_t *v = json_object_get(obj, key);
    if (v == NULL || json_is_null(v))
        return;
    const char *s = json_is_string(v) ? json_string_value(v) : NULL;
    if (s != NULL && s[0] == '\0')
        return;
    size_t n = s != NULL ? strlen(s) : 0;
    uint32_t c = 0;
    bool ok = false;
    if (s != NULL && !argb && s[0] == '#' && n == 7)
        ok = hex_digits(s + 1, 6, &c), c |= 0xFF000000u;
    else if (s != NULL && n == 6)
        ok = hex_digits(s, 6, &c), c |= 0xFF000000u;
    else if (s != NULL && argb && n == 8)
        ok = hex_digits(s, 8, &c);
    if (!ok) {
        gg__io_note_add(ctx, GG_IMPORT_DROPPED, 1, "light colours not understood", "%s.%s", path,
                        key);
        return;
    }
    light->color_argb = c;
    light->has_color = true;
}
