/* runner.c - gg-conformance FILE...: checks every vector line of every file against the library.
 *
 * Each line is one JSON object. A line with a "query" object is a Nat20 grid case
 * (conf_check_nat20); a line with a top-level "op" is a hex sight case (conf_check_hex). The
 * runner prints pass / fail counts per op, "not supported" counts on their own lines, the first
 * failure messages, and as its last line exactly "N passed, N failed". Exit status 0 only when
 * nothing failed (not-supported cases are neither passed nor failed). Test code, not library. */
#include "conformance.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_FAILURE_MESSAGES 20
#define MSG_CAP 1024

typedef struct op_stat {
    char *name;
    long passed;
    long failed;
    long unsupported;
} op_stat;

typedef struct run_state {
    op_stat *ops;
    size_t n_ops;
    size_t cap_ops;
    long passed;
    long failed;
    long unsupported;
    long messages_printed;
} run_state;

static char *dup_string(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d != NULL) {
        memcpy(d, s, n);
    }
    return d;
}

static op_stat *find_op(run_state *st, const char *name)
{
    for (size_t i = 0; i < st->n_ops; i++) {
        if (strcmp(st->ops[i].name, name) == 0) {
            return &st->ops[i];
        }
    }
    if (st->n_ops == st->cap_ops) {
        size_t cap = st->cap_ops ? st->cap_ops * 2 : 32;
        op_stat *grown = realloc(st->ops, cap * sizeof *grown);
        if (grown == NULL) {
            fputs("gg-conformance: out of memory\n", stderr);
            exit(2);
        }
        st->ops = grown;
        st->cap_ops = cap;
    }
    op_stat *o = &st->ops[st->n_ops];
    o->name = dup_string(name);
    if (o->name == NULL) {
        fputs("gg-conformance: out of memory\n", stderr);
        exit(2);
    }
    o->passed = o->failed = o->unsupported = 0;
    st->n_ops++;
    return o;
}

static void record(run_state *st, const char *op, conf_result r, const char *where,
                   const char *case_id, const char *msg)
{
    op_stat *o = find_op(st, op != NULL ? op : "(unrecognised line)");
    switch (r) {
    case CONF_PASS:
        o->passed++;
        st->passed++;
        break;
    case CONF_UNSUPPORTED:
        o->unsupported++;
        st->unsupported++;
        break;
    case CONF_FAIL:
    default:
        o->failed++;
        st->failed++;
        if (st->messages_printed < MAX_FAILURE_MESSAGES) {
            printf("FAIL %s [%s] %s: %s\n", case_id != NULL ? case_id : "(no id)", where, o->name,
                   msg[0] != '\0' ? msg : "(no message)");
            st->messages_printed++;
        }
        break;
    }
}

/* Reads a whole file into a NUL-terminated buffer; lines of any length are then just spans. */
static char *read_file(const char *path, size_t *out_len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        return NULL;
    }
    size_t cap = 1u << 16;
    size_t len = 0;
    char *buf = malloc(cap);
    if (buf == NULL) {
        fclose(f);
        return NULL;
    }
    for (;;) {
        if (cap - len < 2) {
            char *grown = realloc(buf, cap * 2);
            if (grown == NULL) {
                free(buf);
                fclose(f);
                return NULL;
            }
            buf = grown;
            cap *= 2;
        }
        size_t got = fread(buf + len, 1, cap - len - 1, f);
        len += got;
        if (got == 0) {
            break;
        }
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(buf);
        return NULL;
    }
    buf[len] = '\0';
    *out_len = len;
    return buf;
}

static int is_blank(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r' && s[i] != '\n') {
            return 0;
        }
    }
    return 1;
}

static void check_line(run_state *st, const char *path, long lineno, const char *text, size_t len)
{
    char where[512];
    char msg[MSG_CAP];
    msg[0] = '\0';
    snprintf(where, sizeof where, "%s:%ld", path, lineno);

    json_error_t err;
    json_t *line = json_loadb(text, len, 0, &err);
    if (line == NULL) {
        snprintf(msg, sizeof msg, "malformed JSON: %s (column %d)", err.text, err.column);
        record(st, "(malformed JSON)", CONF_FAIL, where, NULL, msg);
        return;
    }
    const char *case_id = NULL;
    json_t *jid = json_object_get(line, "id");
    if (json_is_string(jid)) {
        case_id = json_string_value(jid);
    }

    const char *op = NULL;
    conf_result r;
    if (!json_is_object(line)) {
        snprintf(msg, sizeof msg, "a vector line must be a JSON object");
        r = CONF_FAIL;
    } else if (json_object_get(line, "query") != NULL) {
        r = conf_check_nat20(line, &op, msg, sizeof msg);
    } else if (json_object_get(line, "op") != NULL) {
#ifdef GG_CONF_HAVE_HEX
        r = conf_check_hex(line, &op, msg, sizeof msg);
#else
        json_t *jop = json_object_get(line, "op");
        if (json_is_string(jop)) {
            op = json_string_value(jop);
        }
        snprintf(msg, sizeof msg, "hex support not built (conf_hex.c is missing)");
        r = CONF_FAIL;
#endif
    } else {
        snprintf(msg, sizeof msg, "line has neither a \"query\" object nor a top-level \"op\"");
        r = CONF_FAIL;
    }
    record(st, op, r, where, case_id, msg);
    json_decref(line);
}

static void run_file(run_state *st, const char *path)
{
    size_t len = 0;
    char *buf = read_file(path, &len);
    if (buf == NULL) {
        char msg[MSG_CAP];
        snprintf(msg, sizeof msg, "cannot read the file");
        record(st, "(unreadable file)", CONF_FAIL, path, NULL, msg);
        return;
    }
    size_t pos = 0;
    long lineno = 0;
    while (pos < len) {
        size_t end = pos;
        while (end < len && buf[end] != '\n') {
            end++;
        }
        lineno++;
        if (!is_blank(buf + pos, end - pos)) {
            check_line(st, path, lineno, buf + pos, end - pos);
        }
        pos = end + 1;
    }
    free(buf);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s VECTORS.jsonl...\n", argc > 0 ? argv[0] : "gg-conformance");
        return 2;
    }
    run_state st;
    memset(&st, 0, sizeof st);
    for (int i = 1; i < argc; i++) {
        run_file(&st, argv[i]);
    }
    conf_nat20_finish();

    if (st.failed > st.messages_printed) {
        printf("... %ld more failures not shown\n", st.failed - st.messages_printed);
    }
    for (size_t i = 0; i < st.n_ops; i++) {
        const op_stat *o = &st.ops[i];
        if (o->passed != 0 || o->failed != 0) {
            printf("%-28s %6ld passed, %ld failed\n", o->name, o->passed, o->failed);
        }
    }
    for (size_t i = 0; i < st.n_ops; i++) {
        const op_stat *o = &st.ops[i];
        if (o->unsupported != 0) {
            printf("%s: %ld not supported\n", o->name, o->unsupported);
        }
    }
    if (st.unsupported != 0) {
        printf("total: %ld not supported\n", st.unsupported);
    }
    printf("%ld passed, %ld failed\n", st.passed, st.failed);
    for (size_t i = 0; i < st.n_ops; i++) {
        free(st.ops[i].name);
    }
    free(st.ops);
    return st.failed == 0 ? 0 : 1;
}
