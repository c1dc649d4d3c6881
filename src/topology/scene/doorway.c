/* doorway.c - doorways under the point rule: a line that only grazes the end of an open door or
 * window (its jamb) passes, so the cells in line with an opening see and step straight through
 * it, whatever its offset from the grid (docs/vision.md). Layer: topology.
 *
 * Dungeondraft portals often end half a cell off the grid: an open door from (5, 2.5) to
 * (5, 3.5) leaves the centre lines y = 2.5 and y = 3.5 touching the walls' ends at its jambs, and
 * touching blocks, so only the diagonal through (5, 3) passes. Here a touch at a point J where an
 * open portal ends does not block when the line does not cross the walls at J: every wall that
 * stops the line and contains J is a ray (or two) from J, and the line passes when none runs
 * along it and all lie on one side of it. That is the walls' own topology at J, so a closed
 * door (a ray on the other side), a joint or a T still blocks, and no joint leaks.
 *
 * Foundry's see-through kinds at a jamb, for sight and light: a PROXIMITY wall open to the
 * line's origin (within its threshold) stops nothing for that line, so it is an open portal and
 * no ray: a window set in a wall is a doorway for a viewer close enough to see through it, and a
 * wall for one farther away. A LIMITED wall (a curtain) is one a line may pass once, so it makes
 * J a jamb as an open door does, and it is a ray of its own: a line that grazes J passes (the
 * curtain is not crossed, nothing is counted); a line that crosses the walls at J with the
 * full-height walls all on one side of it crosses the curtain there, so the full walls are
 * excused (grazed at their ends) and the limited walls at J count once, as a crossing of the
 * curtain anywhere else would; full walls on both sides (a joint) still block. */
#include "topology/scene/scene_internal.h"
#include "topology/scene/wall_index.h"

typedef struct jamb_ctx {
    const gg_scene *s;
    gg_hpoint j, a, b;
    uint32_t mask;
    int rule;
    const gg__wview *view;
    bool portal;                /* an open (for mask) portal ends at j */
    bool left, right;           /* a stopping wall leaves j on that side of a -> b */
    bool hard_left, hard_right; /* ... one that is not limited for the mask */
    bool blocked;               /* a stopping wall at j runs along the line, or is a point */
} jamb_ctx;

static bool same(gg_hpoint p, gg_hpoint q) { return p.x == q.x && p.y == q.y; }

/* The ray from j towards q (q != j), against the direction of a -> b; `hard` when its wall is
 * not limited for the mask. */
static void ray(jamb_ctx *c, gg_hpoint q, bool hard)
{
    const int64_t dx = (int64_t)c->b.x - c->a.x, dy = (int64_t)c->b.y - c->a.y;
    const int64_t cr = dx * ((int64_t)q.y - c->j.y) - dy * ((int64_t)q.x - c->j.x);
    const int sd = (cr > 0) - (cr < 0);
    if (sd == 0)
        c->blocked = true;
    else if (sd > 0)
        c->left = true, c->hard_left |= hard;
    else
        c->right = true, c->hard_right |= hard;
}

static void visit(jamb_ctx *c, const gg__wall *w)
{
    if (!gg__wall_live(w) || !gg__on_segment(c->j, w->a, w->b))
        return;
    /* A wall whose heights leave out the line's elevation at J is not there at all. */
    if (w->heights && (c->view->elevation ? !gg__wall_height_meets(c->rule, w, c->a, c->b,
                                                                   c->view->e0, c->view->e1)
                                          : !gg__wall_at_ground(w)))
        return;
    const bool clear = gg__wall_proximity_clear(w, c->a, c->mask);
    const bool open = (gg__wall_view_blocks(w, c->view) & c->mask) == 0 || clear ||
                      gg__wall_limited_for(w, c->mask);
    if (gg__is_portal(w) && open && (same(w->a, c->j) || same(w->b, c->j)))
        c->portal = true;
    if (clear || !gg__wall_stops_view(c->rule, w, c->a, c->b, c->mask, c->view))
        return;
    if (same(w->a, w->b)) {
        c->blocked = true;
        return;
    }
    const bool hard = !gg__wall_limited_for(w, c->mask);
    if (!same(w->a, c->j))
        ray(c, w->a, hard);
    if (!same(w->b, c->j))
        ray(c, w->b, hard);
}

static bool visit_bucket(void *vctx, int32_t i, int32_t jj)
{
    jamb_ctx *c = (jamb_ctx *)vctx;
    const gg__wall_index *ix = &c->s->index;
    const size_t b = (size_t)jj * (size_t)ix->bw + (size_t)i;
    for (uint32_t k = ix->start[b]; k < ix->start[b + 1]; ++k)
        visit(c, &c->s->walls[ix->items[k]]);
    return false;
}

static const gg__wview ground = {false, 0, 0, 0u};

bool gg__doorway_excuses(const gg_scene *s, int rule, const gg__wall *w, gg_hpoint a, gg_hpoint b,
                         uint32_t mask, bool linear)
{
    return gg__doorway_excuses_view(s, rule, w, a, b, mask, linear, &ground);
}

bool gg__doorway_excuses_view(const gg_scene *s, int rule, const gg__wall *w, gg_hpoint a,
                              gg_hpoint b, uint32_t mask, bool linear, const gg__wview *v)
{
    if (!s->point_rule || s->portal_walls == 0)
        return false;
    /* The touch must be a wall end J strictly inside a -> b, the other end off the line. */
    const int o1 = gg_orientation(a, b, w->a), o2 = gg_orientation(a, b, w->b);
    if ((o1 == 0) == (o2 == 0))
        return false; /* a crossing, a run along the line, or a touch at a or b only */
    jamb_ctx c = {
        s, o1 == 0 ? w->a : w->b, a, b, mask, rule, v, false, false, false, false, false, false};
    if (same(c.j, a) || same(c.j, b))
        return false;
    if (linear) {
        for (uint32_t k = 0; k < s->wall_slots; ++k)
            visit(&c, &s->walls[k]);
    } else {
        const gg__wall_index *ix = &s->index;
        for (uint32_t k = 0; k < ix->pending_count; ++k)
            visit(&c, &s->walls[ix->pending[k]]);
        if (ix->built)
            (void)gg__for_each_bucket(c.j, c.j, (int64_t)GG__WALL_UNIT << ix->bucket_shift, 0,
                                      ix->bw, ix->bh, visit_bucket, &c);
    }
    if (!c.portal || c.blocked)
        return false;
    if (!(c.left && c.right))
        return true; /* a graze: nothing is crossed at J */
    /* Crossed at J: through the limited walls there when the full walls all lie on one side. */
    return !(c.hard_left && c.hard_right) && !gg__wall_limited_for(w, mask);
}
