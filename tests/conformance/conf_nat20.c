/* conf_nat20.c - checks one line of nat20_grid.jsonl against the library's public API.
 *
 * A line is {"id", "scene", "query", "expect"}. The scene is read by the library's Nat20
 * importer (gg_scene_import(), the entry point hosts call; cached: consecutive lines usually share
 * it); the query is answered by the library in Nat20's JSON shape, then compared with "expect" by
 * json_equal. Answering the query (with departure (c) from Nat20) is tools/gridgeom/nat20_eval.c,
 * shared with `gridgeom query`.
 * Anything the checker does not understand (unknown op, unknown or missing field, wrong type) is
 * a failure, never a skip. Ops of later issues are CONF_UNSUPPORTED. */
#include "conformance.h"
#ifdef GG_CONF_HAVE_RULES
#include "conf_rules.h"
#endif
#include "nat20_eval.h"

#include <gridgeom/io.h>
#include <gridgeom/topology.h>

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__GNUC__)
#define CONF_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define CONF_PRINTF(f, a)
#endif

/* ---- Messages --------------------------------------------------------------------------------- */

static void setmsg(char *msg, size_t cap, const char *fmt, ...) CONF_PRINTF(3, 4);
static void setmsg(char *msg, size_t cap, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, cap, fmt, ap);
    va_end(ap);
}

/* Compact JSON of v, truncated to `room` characters, into buf. */
static void dump_short(const json_t *v, char *buf, size_t room)
{
    if (v == NULL) {
        snprintf(buf, room, "(nothing)");
        return;
    }
    char *s = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);
    if (s == NULL) {
        snprintf(buf, room, "(unprintable)");
        return;
    }
    size_t n = strlen(s);
    if (n >= room && room > 4) {
        memcpy(buf, s, room - 4);
        memcpy(buf + room - 4, "...", 4);
    } else {
        snprintf(buf, room, "%s", s);
    }
    free(s);
}

/* ---- Scene cache ------------------------------------------------------------------------------- */

static json_t *g_scene_json;
static gg_scene *g_scene;
static gg_scratch *g_scratch;

static void cache_clear(void)
{
    if (g_scratch != NULL) {
        gg_scratch_destroy(g_scratch);
        g_scratch = NULL;
    }
    gg_scene_destroy(g_scene);
    g_scene = NULL;
    json_decref(g_scene_json);
    g_scene_json = NULL;
}

void conf_nat20_finish(void) { cache_clear(); }

/* The line's scene read by the library's Nat20 importer, as a host reads a file: the JSON is
 * written back to text and handed to gg_scene_import() with the default def. The report says
 * what the import changed. Tags on malformed or off-map ids are dropped (Nat20 ignores them:
 * docs/nat20.md, departure d); walls are clipped at the scene edge, dropped outside it and merged,
 * none of which changes an answer. A dropped unknown field (top level or wall) means the vector
 * says something the checker does not understand, and a snapped or approximated wall means the
 * scene is not the one Nat20 answered on: both are failures, never skips. */
static gg_scene *import_scene(json_t *sj, char *msg, size_t cap)
{
    if (!json_is_object(sj)) {
        setmsg(msg, cap, "\"scene\" is not an object");
        return NULL;
    }
    char *text = json_dumps(sj, JSON_COMPACT);
    if (text == NULL) {
        setmsg(msg, cap, "out of memory");
        return NULL;
    }
    gg_import_def def = gg_import_def_default();
    def.format = GG_IO_FORMAT_NAT20;
    gg_scene *scene = NULL;
    gg_import_report *report = NULL;
    gg_io_error err;
    gg_status st = gg_scene_import(text, strlen(text), &def, &scene, &report, &err);
    free(text);
    if (st != GG_OK) {
        setmsg(msg, cap, "scene: %s (%s)", err.message, gg_status_name(st));
        return NULL;
    }
    int32_t notes = gg_import_report_note_count(report);
    for (int32_t i = 0; i < notes; i++) {
        gg_import_note n;
        if (gg_import_report_note(report, i, &n) == GG_OK &&
            ((n.action == GG_IMPORT_DROPPED && strstr(n.what, "unknown") != NULL) ||
             n.action == GG_IMPORT_SNAPPED || n.action == GG_IMPORT_APPROXIMATED)) {
            setmsg(msg, cap, "scene: %s: %s", n.what, n.example);
            gg_scene_destroy(scene);
            scene = NULL;
            break;
        }
    }
    gg_import_report_destroy(report);
    return scene;
}

static gg_scene *cached_scene(json_t *sj, char *msg, size_t cap)
{
    if (g_scene != NULL && g_scene_json != NULL && json_equal(g_scene_json, sj)) {
        return g_scene;
    }
    cache_clear();
    gg_scene *scene = import_scene(sj, msg, cap);
    if (scene == NULL) {
        return NULL;
    }
    g_scene = scene;
    g_scene_json = json_incref(sj);
    return g_scene;
}

/* Composite orchestrator ops: answered by the rules layer when it is built (conf_rules.c),
 * otherwise counted as "not supported". */
static const char *const k_unsupported[] = {
    "combatant_can_see", "target_cover", "plan_move", "opportunity_schedule",
    "flee_route",        "best_aim",     NULL,
};

static bool in_list(const char *const *list, size_t n, const char *s)
{
    for (size_t i = 0; i < n && list[i] != NULL; i++) {
        if (strcmp(list[i], s) == 0) {
            return true;
        }
    }
    return false;
}

conf_result conf_check_nat20(json_t *line, const char **op, char *msg, size_t msgcap)
{
    *op = NULL;
    if (msgcap > 0) {
        msg[0] = '\0';
    }
    json_t *q = json_object_get(line, "query");
    json_t *jop = json_object_get(q, "op");
    if (!json_is_object(q) || !json_is_string(jop)) {
        setmsg(msg, msgcap, "\"query\" is not an object with a string \"op\"");
        return CONF_FAIL;
    }
    const char *name = json_string_value(jop);
    *op = name;
    {
        const char *key;
        json_t *val;
        json_object_foreach(line, key, val)
        {
            if (strcmp(key, "id") != 0 && strcmp(key, "scene") != 0 && strcmp(key, "query") != 0 &&
                strcmp(key, "expect") != 0) {
                setmsg(msg, msgcap, "unknown top-level field \"%s\"", key);
                return CONF_FAIL;
            }
        }
    }
    if (in_list(k_unsupported, SIZE_MAX, name)) {
#ifdef GG_CONF_HAVE_RULES
        /* The rules layer answers the composite ops (conf_rules.c). */
        gg_scene *rules_scene = cached_scene(json_object_get(line, "scene"), msg, msgcap);
        if (rules_scene == NULL) {
            return CONF_FAIL;
        }
        return conf_check_rules_op(name, q, json_object_get(line, "expect"), rules_scene, msg,
                                   msgcap);
#else
        return CONF_UNSUPPORTED;
#endif
    }
    const gg_n20_op *spec = gg_n20_find_op(name);
    if (spec == NULL) {
        setmsg(msg, msgcap, "unknown op \"%s\"", name);
        return CONF_FAIL;
    }
    if (!json_is_string(json_object_get(line, "id"))) {
        setmsg(msg, msgcap, "missing string \"id\"");
        return CONF_FAIL;
    }
    json_t *expect = json_object_get(line, "expect");
    if (expect == NULL) {
        setmsg(msg, msgcap, "missing \"expect\"");
        return CONF_FAIL;
    }
    if (!gg_n20_check_fields(spec, q, false, msg, msgcap)) {
        return CONF_FAIL;
    }
    json_t *sj = json_object_get(line, "scene");
    gg_scene *scene = NULL;
    if (gg_n20_op_needs_scene(spec)) {
        if (sj == NULL) {
            setmsg(msg, msgcap, "%s needs a \"scene\"", name);
            return CONF_FAIL;
        }
        scene = cached_scene(sj, msg, msgcap);
        if (scene == NULL) {
            return CONF_FAIL;
        }
    }
    json_t *got = gg_n20_answer(spec, q, scene, &g_scratch, msg, msgcap);
    if (got == NULL) {
        return CONF_FAIL;
    }
    conf_result r = CONF_PASS;
    if (!json_equal(got, expect)) {
        char want[480];
        char have[480];
        dump_short(expect, want, sizeof want);
        dump_short(got, have, sizeof have);
        setmsg(msg, msgcap, "expected %s, library answered %s", want, have);
        r = CONF_FAIL;
    }
    json_decref(got);
    return r;
}
