/* svg_creatures.c - `gridgeom draw --creatures`: creatures of every size on the map (docs/cli.md,
 * "Creatures"), each space outlined in its side's colour with its index and elevation, its reach
 * as a dashed square around its space, and the flanking pairs (gg_rules_flanking() with the Nat20
 * def) as lines between the flankers through the flanked creature. Layer: tools. */
#include "svg.h"

#include <gridgeom/rules.h>

static double px(const gg_cli_frame *f, double x) { return f->m + x * f->s; }

#define CAPTION(...)                                                                               \
    do {                                                                                           \
        if (*used < cap)                                                                           \
            *used += (size_t)snprintf(caption + *used, cap - *used, __VA_ARGS__);                  \
    } while (0)

/* Side 0 blue, every other side red: the picture shows a party against its foes. */
static const char *side_colour(int32_t side) { return side == 0 ? "#1f4fb4" : "#b42a1f"; }

/* The centre of a creature's space, in cells. */
static void centre(const gg_creature *c, double *x, double *y)
{
    double k = gg_size_cells(c->body.size);
    *x = c->body.cell.col + k / 2;
    *y = c->body.cell.row + k / 2;
}

int gg_cli_draw_creatures(const gg_scene *scene, const gg_cli_draw *opt, const gg_cli_frame *fr,
                          char *caption, size_t cap, size_t *used, char *msg, size_t msgcap)
{
    const gg_creature *cr = opt->creatures;
    int32_t n = opt->creature_count;
    gg_rules_def def = gg_rules_def_default();
    double cell_ft = gg_scene_cell_size_ft(scene);
    /* Reach first, under the spaces: at one elevation a reach of R ft around a space is the
     * square R / cell size cells wider on every side (the grid's Chebyshev distance). */
    for (int32_t i = 0; i < n; i++) {
        if (!cr[i].alive || !cr[i].tracked || cr[i].reach_ft <= 0)
            continue;
        double k = gg_size_cells(cr[i].body.size), r = cr[i].reach_ft / cell_ft;
        fprintf(fr->f,
                "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"%s\" "
                "fill-opacity=\"0.08\" stroke=\"%s\" stroke-dasharray=\"4,3\"/>\n",
                px(fr, cr[i].body.cell.col - r), px(fr, cr[i].body.cell.row - r),
                (k + 2 * r) * fr->s, (k + 2 * r) * fr->s, side_colour(cr[i].body.side),
                side_colour(cr[i].body.side));
    }
    /* Flanking: each flanked target once per attacker, the line from the attacker to its ally. */
    int32_t pairs = 0;
    for (int32_t t = 0; t < n; t++)
        for (int32_t a = 0; a < n; a++) {
            if (a == t || !cr[a].tracked || !cr[t].tracked)
                continue;
            gg_flank fl;
            gg_status st = gg_rules_flanking(scene, cr, n, a, t, &def, &fl);
            if (st != GG_OK) {
                snprintf(msg, msgcap, "--creatures: gg_rules_flanking: %s", gg_status_name(st));
                return 1;
            }
            if (!fl.flanked || fl.ally < a)
                continue; /* the pair is drawn from its lower index */
            double x1, y1, x2, y2;
            centre(&cr[a], &x1, &y1);
            centre(&cr[fl.ally], &x2, &y2);
            fprintf(fr->f,
                    "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"#e07b00\" "
                    "stroke-width=\"3\"/>\n",
                    px(fr, x1), px(fr, y1), px(fr, x2), px(fr, y2));
            CAPTION("%s%d flanked by %d and %d", pairs == 0 ? "flanking: " : ", ", (int)t, (int)a,
                    (int)fl.ally);
            pairs++;
        }
    if (pairs == 0)
        CAPTION("flanking: none");
    CAPTION(". ");
    for (int32_t i = 0; i < n; i++) {
        double k = gg_size_cells(cr[i].body.size), x, y;
        centre(&cr[i], &x, &y);
        fprintf(fr->f,
                "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" rx=\"%.2f\" "
                "fill=\"%s\" fill-opacity=\"%s\" stroke=\"#fff\" stroke-width=\"2\"/>\n"
                "<text x=\"%.2f\" y=\"%.2f\" font-family=\"sans-serif\" font-size=\"%.1f\" "
                "text-anchor=\"middle\" fill=\"#fff\">%d</text>\n",
                px(fr, cr[i].body.cell.col + 0.1), px(fr, cr[i].body.cell.row + 0.1),
                (k - 0.2) * fr->s, (k - 0.2) * fr->s, fr->s * 0.2, side_colour(cr[i].body.side),
                cr[i].alive ? "0.85" : "0.35", px(fr, x), px(fr, y + 0.15), fr->s * 0.45, (int)i);
        if (cr[i].body.base_in != 0)
            fprintf(fr->f,
                    "<text x=\"%.2f\" y=\"%.2f\" font-family=\"sans-serif\" font-size=\"%.1f\" "
                    "text-anchor=\"middle\" fill=\"#222\">%+d ft</text>\n",
                    px(fr, x), px(fr, cr[i].body.cell.row - 0.08), fr->s * 0.32,
                    (int)(cr[i].body.base_in / 12));
    }
    return 0;
}
