/* wall_mesh.h - a constrained triangulation of the map rectangle whose edges include every live
 * wall: what the visibility polygon walks through (triangular expansion), so that its cost
 * follows the region a viewer sees, not the walls it has to sort. Built with the wall index,
 * exact on the 1/1024 wall lattice. Layer: topology (private). */
#ifndef GG_SRC_TOPOLOGY_WALL_MESH_H
#define GG_SRC_TOPOLOGY_WALL_MESH_H

#include <stdbool.h>
#include <stdint.h>

#include "gridgeom/core.h"

struct gg_scene;

#define GG__MESH_NONE UINT32_MAX

/* Edge i of a triangle runs from v[i] to v[(i + 1) % 3]; the triangle lies on its left:
 * cross(v1 - v0, v2 - v0) > 0 (x right, y down as everywhere in wall units: the same sign
 * convention as gg_orientation(v0, v1, v2) > 0). */
typedef struct gg__mesh_tri {
    uint32_t v[3]; /* vertex indices */
    uint32_t n[3]; /* n[i]: the triangle across edge i; GG__MESH_NONE on the map's edge */
    uint32_t c[3]; /* c[i]: the constraint on edge i (see con_start), GG__MESH_NONE: no wall */
} gg__mesh_tri;

/* The corner of T at vertex v (v one of T's vertices). */
static inline uint32_t gg__mesh_corner(const gg__mesh_tri *T, uint32_t v)
{
    return T->v[0] == v ? 0 : (T->v[1] == v ? 1 : 2);
}

typedef struct gg__wall_mesh {
    bool valid; /* built over every live wall of the last index rebuild (see below) */
    uint32_t nv, nt, nc;
    gg_hpoint *vert;     /* nv vertices, absolute wall units; the map's 4 corners among them */
    gg__mesh_tri *tri;   /* nt triangles */
    uint32_t *con_start; /* nc + 1 offsets into con_wall */
    uint32_t *con_wall;  /* the wall slots lying along constraint k (a mesh edge, both of its
                          * triangles' c[] name k): con_wall[con_start[k] .. con_start[k + 1]) */
    uint32_t *seed;      /* one triangle per seed cell (sbw * sbh cells of 2^seed_shift wall
                          * units, row by row): one with a point in or near that cell, where
                          * locating starts */
    int32_t seed_shift, sbw, sbh;
    size_t vert_cap, tri_cap, con_cap, conw_cap, seed_cap; /* allocated counts (for freeing) */
    /* ---- Added: walls that cross. Real maps' walls often overshoot a joint and cross another
     * wall where neither ends (7 of the 13 shared maps); the crossing is no lattice point, so it
     * cannot be a vertex. Such a mesh is not `valid`, but it is built and `loose`: the first
     * wall of a crossing pair to be inserted is a chain of constrained edges as usual, the later
     * one (a "loose" wall) is left out of the constraints from the crossing on (the edges it was
     * forced along before stay constrained and list it), and every triangle whose closure meets
     * a loose wall lists it: loose_wall[loose_start[t] .. loose_start[t + 1]) for triangle t.
     * So an expansion through a loose mesh must also judge, in every triangle it enters, the
     * loose walls listed there. loose_start/loose_wall are NULL unless `loose`. */
    bool loose;
    uint32_t nloose;       /* loose walls */
    uint32_t *loose_start; /* nt + 1 offsets into loose_wall */
    uint32_t *loose_wall;  /* wall slots */
    size_t loose_cap, loosew_cap;
} gg__wall_mesh;

/* The edge of the triangle across edge i of t that is that edge reversed (t.n[i] not NONE). */
static inline uint32_t gg__mesh_back_edge(const gg__wall_mesh *m, uint32_t t, uint32_t i)
{
    const gg__mesh_tri *u = &m->tri[m->tri[t].n[i]];
    const uint32_t b = m->tri[t].v[i == 2 ? 0 : i + 1];
    for (uint32_t k = 0; k < 3; ++k)
        if (u->n[k] == t && u->v[k] == b)
            return k;
    return 0; /* unreachable in a consistent mesh */
}

/* Builds the mesh of every live wall of non-zero length (the scene's walls as they are now, on
 * the index's buckets; gg__wall_index_rebuild() builds it with gg__wall_mesh_build_into() below
 * instead, so that the index and the mesh change together). Never fails the caller: when
 * the mesh cannot be built (no memory, two walls whose interiors cross at a point that is not an
 * end of either, coordinates past what the exact predicates take, or a work bound for hostile
 * input exceeded) it is freed and `valid` stays false, and queries use their other path; with
 * crossing walls alone it is kept, `loose` (see above). */
void gg__wall_mesh_build(struct gg_scene *s);
void gg__wall_mesh_free(struct gg_scene *s);

/* What gg__wall_index_rebuild() calls, before it replaces the index, so that the two change
 * together: builds the mesh of the scene's live walls with its seeds on the buckets of `grid`
 * (the index about to be installed), coarsened to about four per vertex, into *out (zeroed
 * first; not the scene's mesh). GG_E_NO_MEMORY when an allocation failed (*out then holds
 * nothing): the rebuild fails with it and keeps the old
 * index and mesh, so that no failed allocation goes unnoticed (the io and tool fault tests fail
 * every allocation in turn). Every other reason the mesh cannot be built gives GG_OK with
 * out->valid false. gg__wall_mesh_release() frees a mesh that is not (or no longer) the
 * scene's. */
struct gg__wall_index;
gg_status gg__wall_mesh_build_into(struct gg_scene *s, const struct gg__wall_index *grid,
                                   gg__wall_mesh *out);
void gg__wall_mesh_release(struct gg_scene *s, gg__wall_mesh *m);

/* The mesh may be used: valid (built over every live wall: adding a wall clears `valid` and
 * `loose` until the next index rebuild, or at once while the scene has at most 64 walls within
 * about 150 cells: gg__wall_index_add()). Removed walls stay in the mesh as dead walls
 * (gg__wall_live() false): transparent. */
bool gg__wall_mesh_usable(const struct gg_scene *s);

/* The same for a mesh that is valid or loose (see `loose` above). */
bool gg__wall_mesh_usable_loose(const struct gg_scene *s);

/* The triangle whose closure holds p (wall units, within the map), exactly, by a walk from the
 * seed of p's seed cell. *where: 0 strictly inside, 1 + i on the interior of edge i, 4 + i on
 * vertex v[i]. GG__MESH_NONE when the mesh is not usable (nor usable loose) or p is outside the
 * map. Allocates nothing; safe from many threads at once. */
uint32_t gg__wall_mesh_locate(const struct gg_scene *s, gg_hpoint p, int *where);

/* The grid of extra vertices every mesh has over its walls' bounding box (on open ground they
 * keep triangles small, so a viewer's cost follows what lies near it): nx x ny points from
 * (x0, y0), `step` wall units apart (16 cells; more from a box of 512 cells on, so at most 34 points
 * a side), every one within the map and a vertex of the mesh. None (nx = 0) without walls. */
typedef struct gg__mesh_grid {
    int64_t x0, y0, step;
    int32_t nx, ny;
} gg__mesh_grid;
gg__mesh_grid gg__wall_mesh_grid(const struct gg_scene *s);

/* Bytes the mesh holds (for the scene's memory report). */
size_t gg__wall_mesh_bytes(const struct gg_scene *s);

#endif
