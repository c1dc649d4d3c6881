/* visibility.c - what a creature sees under the full can_see rules, as a bitset, and visibility
 * among many creatures in one call. Layer: topology. */
#include <string.h>

#include "topology/sight/fov.h"
#include "topology/sight/sight_kernel.h"

/* ---- can_see after line of sight (Nat20's steps 2-5, docs/nat20.md) -------------------------- */

static bool reaches(int32_t range_ft, int64_t dist_ft)
{
    return range_ft >= 0 && range_ft >= dist_ft;
}

/* Steps 2-5 of Nat20's can_see, for a target already in line of sight. The light is the
 * combined light (tag or default, and sources); sources are consulted last, only for a cell
 * that is dark by its tag and beyond every sense that would settle the question. */
static bool sees_in_sight(const gg_scene *s, gg_cell a, gg_cell b, const gg_senses *senses)
{
    int64_t dist = gg_chebyshev(a, b) * (int64_t)s->cell_size_ft;
    if (senses != NULL &&
        (reaches(senses->blindsight_ft, dist) || reaches(senses->truesight_ft, dist)))
        return true;
    uint8_t byte = s->cells[gg__idx(s, b)];
    if (((byte & GG__OBSC_MASK) >> GG__OBSC_SHIFT) >= GG_OBSCURE_HEAVY) /* magical Darkness too */
        return false;
    unsigned tag = (byte & GG__LIGHT_MASK) >> GG__LIGHT_SHIFT;
    gg_light base = tag == 0 ? s->default_light : (gg_light)tag;
    if (base != GG_LIGHT_DARK)
        return true;
    /* Dark by tag: darkvision settles it either way if it reaches (darkness is seen as dim). */
    if (senses != NULL && reaches(senses->darkvision_ft, dist))
        return true;
    return s->live_lights > 0 && gg__source_lit(s, b);
}

typedef struct seen_ctx {
    const gg_scene *s;
    gg_cell viewer;
    const gg_senses *senses;
} seen_ctx;

static bool keep_seen(void *vctx, gg_cell c)
{
    const seen_ctx *k = (const seen_ctx *)vctx;
    return sees_in_sight(k->s, k->viewer, c, k->senses);
}

gg_status gg_scene_seen_cells(const gg_scene *scene, gg_scratch *scratch, gg_cell viewer,
                              const gg_senses *senses, gg_bitset_mode mode, uint64_t *bits,
                              size_t words, int32_t *out_count)
{
    if (out_count != NULL)
        *out_count = 0;
    int64_t range = 0;
    gg_status st = gg__fov_check(scene, viewer, GG_RANGE_UNLIMITED, mode, scratch, bits, words,
                                 &range);
    if (st != GG_OK)
        return st;
    seen_ctx k = {scene, viewer, senses};
    gg__fov_stats stats;
    gg__fov_sweep(scene, viewer, range, (uint32_t)GG_BLOCKS_SIGHT, scratch, bits, keep_seen, &k,
                  NULL, &stats);
    gg__fov_note(scratch, scene, mode, bits, words, viewer, stats.reach);
    if (out_count != NULL)
        *out_count = (int32_t)stats.cells_set;
    return GG_OK;
}

/* ---- Line of sight both ways between two cells, from one walk of the kernel ------------------ */

/* Whether Nat20's walks a -> b and b -> a can differ in a cell. They differ only in a column
 * where the segment touches a minor grid line at the column's centre (a tie, sight_kernel.h).
 * With DM = g p and Dm = g q (g their gcd), the segment's minor offset at major step j is j q / p,
 * a half-integer for some 0 < j < DM iff p is even (j = p / 2; q is then odd), and p is even iff
 * DM has more factors of 2 than Dm: its lowest set bit is the higher one. A straight line
 * (Dm = 0) and a diagonal (DM = Dm) have none. */
static inline bool has_ties(gg_cell a, gg_cell b)
{
    const int64_t dx = (int64_t)b.col - a.col, dy = (int64_t)b.row - a.row;
    const uint64_t ax = (uint64_t)(dx < 0 ? -dx : dx), ay = (uint64_t)(dy < 0 ? -dy : dy);
    const uint64_t DM = ax >= ay ? ax : ay, Dm = ax >= ay ? ay : ax;
    return Dm != 0 && (DM & (0u - DM)) > (Dm & (0u - Dm));
}

/* Nat20's blocked cells both ways in one Bresenham walk (gg__sk_cells_blocked()'s loop): on a
 * tie (the decision term is 0: the segment touches the minor line at this column's centre) a -> b
 * steps to the next minor row and b -> a's cell is the one before the step; elsewhere the two
 * walks share the cell. GG__SK_AB / GG__SK_BA bits; stops when both are blocked. */
static inline unsigned cells_blocked_both(const gg_scene *s, gg_cell a, gg_cell b)
{
    const gg__sk_axes ax = gg__sk_axes_of(s, a, b);
    const int64_t DM = ax.DM, Dm = ax.Dm, M = ax.M, m = ax.m, W = s->width;
    const unsigned both = (unsigned)(GG__SK_AB | GG__SK_BA);
    const uint64_t *bits = s->blocked_bits;
    int64_t k = (int64_t)a.row * W + a.col;
    int64_t G = 2 * Dm - DM;
    unsigned st = 0;
    for (int64_t n = DM - 1; n > 0; --n) {
        k += M;
        unsigned here = both;
        if (G >= 0) {
            if (G == 0) { /* a tie */
                if (gg__sk_bit(bits, k))
                    st |= GG__SK_BA;
                here = GG__SK_AB;
            }
            k += m;
            G -= 2 * DM;
        }
        G += 2 * Dm;
        if (gg__sk_bit(bits, k)) {
            st |= here;
            if (st == both)
                return st;
        }
    }
    return st;
}

/* How often a plain pre-walk settled a pair (scenes with EXACT walls), to decide whether to keep
 * trying it (sight_both_ways()). Per call: the matrix keeps no state between calls. */
typedef struct prewalk {
    uint32_t hits, misses, pairs;
} prewalk;

static inline GG__SK_ALWAYS void sight_both_ways(const gg_scene *s, gg_cell a, gg_cell b,
                                                 prewalk *pw, bool *ab, bool *ba)
{
    const uint32_t mask = (uint32_t)GG_BLOCKS_SIGHT;
    const unsigned both = (unsigned)(GG__SK_AB | GG__SK_BA);
    unsigned r;
    if (s->sight_exact > 0) {
        /* EXACT walls are judged from each end (the two-way walk), and out of line, at a cost of
         * their own per bucket of the wall index the walk enters. A blocked cell or a plain wall
         * before them makes that work moot: a walk of the plain planes alone first, kept while it
         * settles at least as many pairs as it misses (and tried on every 32nd pair otherwise,
         * so a crowd in the open turns it off and a crowd among walls back on), costs a crowd in
         * the open about 1/32 of a plain walk a pair and saves a crowd among walls most of its
         * EXACT tests. Either way the answer is the two-way walk's: the plain walk
         * stops both directions only at what the full walk also stops both at. */
        if (pw->hits >= pw->misses || (pw->pairs & 31u) == 0) {
            if (gg__sk_walk(s, a, b, mask, true, false, true) == both) {
                ++pw->hits;
                *ab = *ba = false;
                return;
            }
            ++pw->misses;
        }
        ++pw->pairs;
        r = gg__sk_walk(s, a, b, mask, true, true, true);
    } else if (s->sight_plain > 0) {
        /* Plain walls stop both ways; without a tie the cells are the same both ways too, and
         * the one-way walk answers both (a FALLBACK bit stays as it is). */
        if (has_ties(a, b)) {
            r = gg__sk_walk(s, a, b, mask, true, false, true);
        } else {
            r = gg__sk_walk(s, a, b, mask, true, false, false);
            if (r & GG__SK_AB)
                r |= GG__SK_BA;
        }
    } else if (has_ties(a, b)) {
        r = cells_blocked_both(s, a, b);
    } else {
        r = gg__sk_cells_blocked(s, a, b) ? both : 0u;
    }
    if (r & GG__SK_FALLBACK) {
        *ab = gg__line_of_sight_exact(s, a, b);
        *ba = gg__line_of_sight_exact(s, b, a);
        return;
    }
    *ab = (r & GG__SK_AB) == 0;
    *ba = (r & GG__SK_BA) == 0;
}

gg_status gg_scene_visibility_matrix(const gg_scene *scene, const gg_cell *cells, int32_t count,
                                     const gg_senses *senses, gg_visibility_rule rule, uint8_t *out)
{
    if (scene == NULL || count < 0 || count > 46340 ||
        (count > 0 && (cells == NULL || out == NULL)))
        return GG_E_INVALID_ARG;
    if (rule != GG_VISIBILITY_LINE_OF_SIGHT && rule != GG_VISIBILITY_CAN_SEE)
        return GG_E_INVALID_ARG;
    size_t n = (size_t)count;
    if (n == 0)
        return GG_OK; /* (and out may be NULL: memset(NULL, 0, 0) is undefined) */
    memset(out, 0, n * n);
    bool can_see = rule == GG_VISIBILITY_CAN_SEE;
    prewalk pw = {0, 0, 0};
    for (size_t i = 0; i < n; ++i) {
        gg_cell a = cells[i];
        if (!gg__in(scene, a))
            continue;
        const gg_senses *sa = (can_see && senses != NULL) ? &senses[i] : NULL;
        for (size_t j = i; j < n; ++j) {
            gg_cell b = cells[j];
            if (!gg__in(scene, b))
                continue;
            const gg_senses *sb = (can_see && senses != NULL) ? &senses[j] : NULL;
            bool ab, ba;
            if (j == i) /* only an EXACT wall through the centre can blind a cell to itself */
                ab = ba = (gg__wall_plane_row(scene, a.row)[a.col] & GG__SP_EXACT) == 0 ||
                          gg__line_of_sight(scene, a, a);
            else
                sight_both_ways(scene, a, b, &pw, &ab, &ba);
            if (can_see) {
                ab = ab && sees_in_sight(scene, a, b, sa);
                ba = ba && sees_in_sight(scene, b, a, sb);
            }
            out[i * n + j] = ab ? 1u : 0u;
            out[j * n + i] = ba ? 1u : 0u;
        }
    }
    return GG_OK;
}
