/* ops.h - the op table of `gridgeom query` beyond the Nat20 ops: one entry per op (name, family,
 * JSON schema, handler), spread over one file per family (ops_paths.c, ops_sight.c, ops_cover.c,
 * ops_rules.c, ops_sizes.c, ops_hex.c, ops_edit.c, ops_fog.c). The schema is checked by ops.c
 * before a handler runs, so a handler reads its fields without checking their JSON types again.
 * Adding an op is one entry in its family's table and one handler (docs/cli.md, "Adding an op").
 * Layer: tools. */
#ifndef GG_TOOLS_OPS_H
#define GG_TOOLS_OPS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <gridgeom/hex.h>
#include <gridgeom/rules.h>
#include <gridgeom/topology.h>
#include <jansson.h>

/* The JSON type of a query field. */
typedef enum gg_cli_type {
    GG_CLI_CELL,    /* "C,R" */
    GG_CLI_CELLS,   /* ["C,R", ...] */
    GG_CLI_INT,     /* an integer within int32_t */
    GG_CLI_NUMBER,  /* a finite number */
    GG_CLI_BOOL,    /* true / false */
    GG_CLI_NAME,    /* a string from the field's `names` */
    GG_CLI_NAMES,   /* a list of strings from the field's `names` */
    GG_CLI_OBJECT,  /* an object (its own fields are checked by the handler's parser) */
    GG_CLI_OBJECTS, /* a list of objects */
    GG_CLI_HEX,     /* [q, r] integers */
    GG_CLI_POINT,   /* [x, y] or [x, y, z] numbers */
    GG_CLI_INTS,    /* a list of integers */
    GG_CLI_NUMBERS  /* a list of finite numbers */
} gg_cli_type;

/* One field of an op's schema. */
typedef struct gg_cli_field {
    const char *name;
    gg_cli_type type;
    bool required;
    const char *const *names; /* GG_CLI_NAME / GG_CLI_NAMES: accepted values, NULL-terminated */
} gg_cli_field;

/* What an op needs loaded. */
typedef enum gg_cli_needs { GG_CLI_NEEDS_SCENE = 1, GG_CLI_NEEDS_HEX = 2 } gg_cli_needs;

/* The state one `gridgeom query` run keeps between lines: the loaded map (a square scene or a hex
 * board), its working memory, and the allocator everything comes from. Edits (doors, walls,
 * lights, cell tags) change the scene in place, so later lines see them. */
typedef struct gg_cli_ctx {
    gg_scene *scene;             /* NULL when a hex board is loaded */
    gg_hex_board *board;         /* NULL when a square map is loaded */
    const gg_allocator *mem;     /* every buffer of a handler comes from here */
    gg_scratch **scratch;        /* the run's full scratch, made on first use (shared with the
                                    Nat20 ops) */
    gg_hex_scratch *hex_scratch; /* made on first use */
} gg_cli_ctx;

/* One call of a handler: the context, the query object, and where a failure message goes. */
typedef struct gg_cli_call {
    gg_cli_ctx *ctx;
    json_t *q;
    char *msg;
    size_t cap;
} gg_cli_call;

/* A handler answers the query (the result value), or returns NULL with c->msg set. */
typedef json_t *(*gg_cli_handler)(gg_cli_call *c);

typedef struct gg_cli_op {
    const char *name;
    gg_cli_needs needs;
    const gg_cli_field *fields; /* terminated by {NULL}; the op's own fields */
    const gg_cli_field *shared; /* may be NULL: a shared group (movement options, ...) */
    gg_cli_handler fn;
    const char *doc; /* one line: which library function answers it */
} gg_cli_op;

/* A family: a name and its table, terminated by an entry with a NULL name. */
typedef struct gg_cli_family {
    const char *name;
    const gg_cli_op *ops;
} gg_cli_family;

extern const gg_cli_op gg_cli_ops_paths[];
extern const gg_cli_op gg_cli_ops_sight[];
extern const gg_cli_op gg_cli_ops_polygon[];
extern const gg_cli_op gg_cli_ops_cover[];
extern const gg_cli_op gg_cli_ops_rules[];
extern const gg_cli_op gg_cli_ops_sizes[];
extern const gg_cli_op gg_cli_ops_areas[];
/* The optional fields of a gg_shape_def (ops_areas.c). */
extern const gg_cli_field gg_cli_shape_fields[];
extern const gg_cli_op gg_cli_ops_hex[];
extern const gg_cli_op gg_cli_ops_edit[];
extern const gg_cli_op gg_cli_ops_fog[];

/* The op called `name` in any family, or NULL. */
const gg_cli_op *gg_cli_find_op(const char *name);

/* The field `key` of the op's schema (its own fields, then its shared group), or NULL. */
const gg_cli_field *gg_cli_find_field(const gg_cli_op *op, const char *key);

/* Checks q against the op's schema (unknown, missing and mistyped fields; "op" and "id" are
 * always allowed). False with msg set otherwise. */
bool gg_cli_check_schema(const gg_cli_op *op, json_t *q, char *msg, size_t cap);

/* Runs the op (schema already checked). NULL with msg set when it failed. */
json_t *gg_cli_run_op(const gg_cli_op *op, gg_cli_ctx *ctx, json_t *q, char *msg, size_t cap);

/* Prints one line per op: "  name  field:type ... [field:type]" (by family). */
void gg_cli_list_ops(FILE *out);

/* ---- Helpers for handlers (ops_args.c) ------------------------------------------------------------ */

void gg_cli_fail(gg_cli_call *c, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* A failed library call: "<function>: <STATUS>: <message>"; returns NULL. */
json_t *gg_cli_status_fail(gg_cli_call *c, const char *fn, gg_status st);
/* A failed scene writer call: the same, with the scene's explanation (gg_scene_message()). */
json_t *gg_cli_writer_fail(gg_cli_call *c, const char *fn, gg_status st);

/* Memory from the context's allocator (count * size bytes, zeroed); NULL sets "out of memory". */
void *gg_cli_alloc(gg_cli_call *c, size_t count, size_t size);
void gg_cli_free(gg_cli_call *c, void *p, size_t count, size_t size);

bool gg_cli_has(gg_cli_call *c, const char *key);
gg_cell gg_cli_cell(gg_cli_call *c, const char *key); /* parse checked by the schema */
int32_t gg_cli_int(gg_cli_call *c, const char *key, int32_t def);
double gg_cli_number(gg_cli_call *c, const char *key, double def);
bool gg_cli_bool(gg_cli_call *c, const char *key, bool def);
/* The index of a GG_CLI_NAME field's value in its names list, or `def` when absent. */
int gg_cli_name(gg_cli_call *c, const char *key, int def);
/* A cell list (may be absent: *out NULL, *n 0). False (message set) when memory ran out. */
bool gg_cli_cells(gg_cli_call *c, const char *key, gg_cell **out, int32_t *n);
gg_hex gg_cli_hex(gg_cli_call *c, const char *key);
/* The scene's full scratch, made on first use; NULL with the message set. */
gg_scratch *gg_cli_scratch(gg_cli_call *c);

/* Creatures: a list of objects (docs/cli.md "Creatures"). Parsed into the array (from the
 * context's allocator; free with gg_cli_free(c, p, n, sizeof *p)). False with msg set. */
bool gg_cli_creatures(gg_cli_call *c, const char *key, gg_creature **out, int32_t *n);
bool gg_cli_bodies(gg_cli_call *c, const char *key, gg_body **out, int32_t *n);
bool gg_cli_senses(gg_cli_call *c, json_t *v, gg_senses *out);
/* The movement options shared by the path ops (gg_cli_move_fields) into a def; the borrowed
 * arrays are returned for freeing with gg_cli_move_def_free(). */
typedef struct gg_cli_move {
    gg_move_def def;
    gg_cell *avoid;
    gg_body *others;
} gg_cli_move;
extern const gg_cli_field gg_cli_move_fields[];
bool gg_cli_move_def(gg_cli_call *c, gg_cli_move *m);
void gg_cli_move_free(gg_cli_call *c, gg_cli_move *m);

/* The rules options shared by the every-size rules ops (gg_cli_rules_fields: a preset "rules",
 * then overrides) into a gg_rules_def. */
extern const gg_cli_field gg_cli_rules_fields[];
gg_rules_def gg_cli_rules_def(gg_cli_call *c);

/* JSON answers */
/* A route answer: its cost, "found", the "path" and, when `squeezing` is not NULL, "squeezing"
 * (whether the mover stands squeezed at each anchor of the path). */
json_t *gg_cli_route_json(const gg_cell *path, const bool *squeezing, int32_t n,
                          gg_metric_cost cost);
/* gg_attack_sight: who sees whom, the advantage and disadvantage sources, the roll mode. */
json_t *gg_cli_attack_sight_json(const gg_attack_sight *s);
json_t *gg_cli_cell_json(gg_cell c);
json_t *gg_cli_cells_json(const gg_cell *cells, int32_t n);
json_t *gg_cli_cost_json(gg_metric_cost cost);
json_t *gg_cli_hex_json(gg_hex h);

/* Names of the library's enums, in enum order (index = value unless said). */
extern const char *const gg_cli_cover_names[];  /* none half three_quarters total */
extern const char *const gg_cli_light_names[];  /* default bright dim dark */
extern const char *const gg_cli_size_names[];   /* tiny ... gargantuan */
extern const char *const gg_cli_metric_names[]; /* chebyshev alternating euclidean manhattan */
extern const char *const gg_cli_shape_names[];  /* sphere cylinder cone line cube emanation
                                                    (index + 1 = gg_shape) */
extern const char *const gg_cli_door_names[];   /* none closed open locked */
const char *gg_cli_enum_name(const char *const *names, int value);

#endif
