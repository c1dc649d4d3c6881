/* json.c - the JSON values, parser and writer behind jansson.h for the WebAssembly build (see
 * the header for why this exists and what it follows). Written for this project; not jansson. */
#include "jansson.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 2048

static json_malloc_t g_malloc = malloc;
static json_free_t g_free = free;

void json_set_alloc_funcs(json_malloc_t malloc_fn, json_free_t free_fn)
{
    g_malloc = malloc_fn;
    g_free = free_fn;
}

void json_get_alloc_funcs(json_malloc_t *malloc_fn, json_free_t *free_fn)
{
    if (malloc_fn != NULL) {
        *malloc_fn = g_malloc;
    }
    if (free_fn != NULL) {
        *free_fn = g_free;
    }
}

/* ---- Values ------------------------------------------------------------------------------------ */

typedef struct pair {
    json_t *value;
    size_t index;
    char key[];
} pair;

typedef struct jobject {
    json_t base;
    pair **items;
    size_t n, cap;
} jobject;

typedef struct jarray {
    json_t base;
    json_t **items;
    size_t n, cap;
} jarray;

typedef struct jstring {
    json_t base;
    size_t len;
    char *text;
} jstring;

typedef struct jinteger {
    json_t base;
    json_int_t value;
} jinteger;

typedef struct jreal {
    json_t base;
    double value;
} jreal;

static json_t g_true = {JSON_TRUE, (size_t)-1};
static json_t g_false = {JSON_FALSE, (size_t)-1};
static json_t g_null = {JSON_NULL, (size_t)-1};

json_t *json_true(void) { return &g_true; }
json_t *json_false(void) { return &g_false; }
json_t *json_null(void) { return &g_null; }

static void *alloc_value(size_t size, json_type type)
{
    json_t *j = g_malloc(size);
    if (j != NULL) {
        memset(j, 0, size);
        j->type = type;
        j->refcount = 1;
    }
    return j;
}

json_t *json_object(void) { return alloc_value(sizeof(jobject), JSON_OBJECT); }
json_t *json_array(void) { return alloc_value(sizeof(jarray), JSON_ARRAY); }

json_t *json_stringn(const char *value, size_t len)
{
    if (value == NULL) {
        return NULL;
    }
    jstring *s = alloc_value(sizeof(jstring), JSON_STRING);
    if (s == NULL) {
        return NULL;
    }
    s->text = g_malloc(len + 1);
    if (s->text == NULL) {
        g_free(s);
        return NULL;
    }
    memcpy(s->text, value, len);
    s->text[len] = '\0';
    s->len = len;
    return &s->base;
}

json_t *json_string(const char *value)
{
    return value == NULL ? NULL : json_stringn(value, strlen(value));
}

json_t *json_integer(json_int_t value)
{
    jinteger *i = alloc_value(sizeof(jinteger), JSON_INTEGER);
    if (i != NULL) {
        i->value = value;
    }
    return i == NULL ? NULL : &i->base;
}

json_t *json_real(double value)
{
    if (!isfinite(value)) {
        return NULL;
    }
    jreal *r = alloc_value(sizeof(jreal), JSON_REAL);
    if (r != NULL) {
        r->value = value;
    }
    return r == NULL ? NULL : &r->base;
}

void json_delete(json_t *json)
{
    switch (json->type) {
    case JSON_OBJECT: {
        jobject *o = (jobject *)json;
        for (size_t i = 0; i < o->n; i++) {
            json_decref(o->items[i]->value);
            g_free(o->items[i]);
        }
        g_free(o->items);
        break;
    }
    case JSON_ARRAY: {
        jarray *a = (jarray *)json;
        for (size_t i = 0; i < a->n; i++) {
            json_decref(a->items[i]);
        }
        g_free(a->items);
        break;
    }
    case JSON_STRING:
        g_free(((jstring *)json)->text);
        break;
    case JSON_INTEGER:
    case JSON_REAL:
    case JSON_TRUE:
    case JSON_FALSE:
    case JSON_NULL:
        break;
    }
    g_free(json);
}

/* Grows *items (of `size`-byte elements) to hold one more. */
static int grow(void **items, size_t n, size_t *cap, size_t size)
{
    if (n < *cap) {
        return 0;
    }
    size_t ncap = *cap ? *cap * 2 : 8;
    void *bigger = g_malloc(ncap * size);
    if (bigger == NULL) {
        return -1;
    }
    if (n > 0) {
        memcpy(bigger, *items, n * size);
    }
    g_free(*items);
    *items = bigger;
    *cap = ncap;
    return 0;
}

size_t json_object_size(const json_t *object)
{
    return json_is_object(object) ? ((const jobject *)object)->n : 0;
}

static pair *find_pair(const jobject *o, const char *key)
{
    /* Linear: the objects the importers read have few keys; arrays carry the bulk. */
    for (size_t i = 0; i < o->n; i++) {
        if (strcmp(o->items[i]->key, key) == 0) {
            return o->items[i];
        }
    }
    return NULL;
}

json_t *json_object_get(const json_t *object, const char *key)
{
    if (!json_is_object(object) || key == NULL) {
        return NULL;
    }
    pair *p = find_pair((const jobject *)object, key);
    return p == NULL ? NULL : p->value;
}

int json_object_set_new(json_t *object, const char *key, json_t *value)
{
    if (value == NULL) {
        return -1;
    }
    if (!json_is_object(object) || key == NULL || object == value) {
        json_decref(value);
        return -1;
    }
    jobject *o = (jobject *)object;
    pair *p = find_pair(o, key);
    if (p != NULL) {
        json_decref(p->value);
        p->value = value;
        return 0;
    }
    size_t klen = strlen(key);
    p = g_malloc(sizeof *p + klen + 1);
    if (p == NULL || grow((void **)&o->items, o->n, &o->cap, sizeof *o->items) != 0) {
        g_free(p);
        json_decref(value);
        return -1;
    }
    memcpy(p->key, key, klen + 1);
    p->value = value;
    p->index = o->n;
    o->items[o->n++] = p;
    return 0;
}

void *json_object_iter(json_t *object)
{
    if (!json_is_object(object) || ((jobject *)object)->n == 0) {
        return NULL;
    }
    return ((jobject *)object)->items[0];
}

void *json_object_iter_next(json_t *object, void *iter)
{
    if (!json_is_object(object) || iter == NULL) {
        return NULL;
    }
    jobject *o = (jobject *)object;
    size_t next = ((pair *)iter)->index + 1;
    return next < o->n ? o->items[next] : NULL;
}

const char *json_object_iter_key(void *iter) { return iter == NULL ? NULL : ((pair *)iter)->key; }

json_t *json_object_iter_value(void *iter) { return iter == NULL ? NULL : ((pair *)iter)->value; }

void *json_object_key_to_iter(const char *key)
{
    return key == NULL ? NULL : (void *)((uintptr_t)key - offsetof(pair, key));
}

size_t json_array_size(const json_t *array)
{
    return json_is_array(array) ? ((const jarray *)array)->n : 0;
}

json_t *json_array_get(const json_t *array, size_t index)
{
    if (!json_is_array(array) || index >= ((const jarray *)array)->n) {
        return NULL;
    }
    return ((const jarray *)array)->items[index];
}

int json_array_append_new(json_t *array, json_t *value)
{
    if (value == NULL) {
        return -1;
    }
    if (!json_is_array(array) || array == value) {
        json_decref(value);
        return -1;
    }
    jarray *a = (jarray *)array;
    if (grow((void **)&a->items, a->n, &a->cap, sizeof *a->items) != 0) {
        json_decref(value);
        return -1;
    }
    a->items[a->n++] = value;
    return 0;
}

const char *json_string_value(const json_t *string)
{
    return json_is_string(string) ? ((const jstring *)string)->text : NULL;
}

size_t json_string_length(const json_t *string)
{
    return json_is_string(string) ? ((const jstring *)string)->len : 0;
}

json_int_t json_integer_value(const json_t *integer)
{
    return json_is_integer(integer) ? ((const jinteger *)integer)->value : 0;
}

double json_real_value(const json_t *real)
{
    return json_is_real(real) ? ((const jreal *)real)->value : 0.0;
}

double json_number_value(const json_t *json)
{
    if (json_is_integer(json)) {
        return (double)json_integer_value(json);
    }
    return json_real_value(json);
}

int json_equal(const json_t *a, const json_t *b)
{
    if (a == NULL || b == NULL || a->type != b->type) {
        return 0;
    }
    if (a == b) {
        return 1;
    }
    switch (a->type) {
    case JSON_OBJECT: {
        const jobject *oa = (const jobject *)a;
        if (oa->n != json_object_size(b)) {
            return 0;
        }
        for (size_t i = 0; i < oa->n; i++) {
            if (!json_equal(oa->items[i]->value, json_object_get(b, oa->items[i]->key))) {
                return 0;
            }
        }
        return 1;
    }
    case JSON_ARRAY: {
        size_t n = json_array_size(a);
        if (n != json_array_size(b)) {
            return 0;
        }
        for (size_t i = 0; i < n; i++) {
            if (!json_equal(json_array_get(a, i), json_array_get(b, i))) {
                return 0;
            }
        }
        return 1;
    }
    case JSON_STRING:
        return json_string_length(a) == json_string_length(b) &&
               memcmp(json_string_value(a), json_string_value(b), json_string_length(a)) == 0;
    case JSON_INTEGER:
        return json_integer_value(a) == json_integer_value(b);
    case JSON_REAL:
        return json_real_value(a) == json_real_value(b);
    case JSON_TRUE:
    case JSON_FALSE:
    case JSON_NULL:
        return 1;
    }
    return 0;
}

/* ---- json_pack (the subset in jansson.h) ------------------------------------------------------- */

static json_t *pack_value(const char **fmt, va_list *ap, int depth);

static void pack_skip(const char **fmt)
{
    while (**fmt == ' ' || **fmt == ':' || **fmt == ',' || **fmt == '\t' || **fmt == '\n') {
        (*fmt)++;
    }
}

static json_t *pack_value(const char **fmt, va_list *ap, int depth)
{
    pack_skip(fmt);
    char c = *(*fmt)++;
    if (depth > MAX_DEPTH) {
        return NULL;
    }
    switch (c) {
    case '{': {
        json_t *o = json_object();
        for (;;) {
            pack_skip(fmt);
            if (**fmt == '}') {
                (*fmt)++;
                return o;
            }
            if (**fmt != 's') {
                json_decref(o);
                return NULL;
            }
            (*fmt)++;
            const char *key = va_arg(*ap, const char *);
            json_t *v = pack_value(fmt, ap, depth + 1);
            if (o == NULL || v == NULL || json_object_set_new(o, key, v) != 0) {
                json_decref(o);
                json_decref(v);
                return NULL;
            }
        }
    }
    case '[': {
        json_t *a = json_array();
        for (;;) {
            pack_skip(fmt);
            if (**fmt == ']') {
                (*fmt)++;
                return a;
            }
            if (**fmt == '\0') {
                json_decref(a);
                return NULL;
            }
            json_t *v = pack_value(fmt, ap, depth + 1);
            if (a == NULL || v == NULL || json_array_append_new(a, v) != 0) {
                json_decref(a);
                json_decref(v);
                return NULL;
            }
        }
    }
    case 's':
        return json_string(va_arg(*ap, const char *));
    case 'i':
        return json_integer(va_arg(*ap, int));
    case 'I':
        return json_integer(va_arg(*ap, json_int_t));
    case 'f':
        return json_real(va_arg(*ap, double));
    case 'b':
        return va_arg(*ap, int) ? json_true() : json_false();
    case 'n':
        return json_null();
    case 'o':
        return va_arg(*ap, json_t *);
    case 'O':
        return json_incref(va_arg(*ap, json_t *));
    default:
        return NULL;
    }
}

json_t *json_pack(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    json_t *v = pack_value(&fmt, &ap, 0);
    va_end(ap);
    pack_skip(&fmt);
    if (v != NULL && *fmt != '\0') {
        json_decref(v);
        v = NULL;
    }
    return v;
}

/* ---- Parser ------------------------------------------------------------------------------------- */

typedef struct parser {
    const char *s;
    size_t len;
    size_t pos;
    int line;
    size_t line_start;
    json_error_t *error;
} parser;

/* Positions count what was read, as jansson's do: the character at p->pos is included when the
 * reader took it before failing (a wrong token), not at the end of input or for a character a
 * string may not hold (jansson puts that one back). */
static void set_error_at(parser *p, enum json_error_code code, const char *msg, bool taken)
{
    if (p->error == NULL) {
        return;
    }
    json_error_t *e = p->error;
    size_t read = p->pos + (taken && p->pos < p->len ? 1 : 0);
    /* Columns count characters (UTF-8 continuation bytes do not start one); positions bytes. */
    int column = 0;
    for (size_t i = p->line_start; i < read && i < p->len; i++) {
        column += ((unsigned char)p->s[i] & 0xC0) != 0x80;
    }
    e->line = p->line;
    e->column = column;
    e->position = (int)read;
    snprintf(e->source, sizeof e->source, "<buffer>");
    snprintf(e->text, JSON_ERROR_TEXT_LENGTH - 1, "%s", msg);
    e->text[JSON_ERROR_TEXT_LENGTH - 1] = (char)code;
}

static void set_error(parser *p, enum json_error_code code, const char *msg)
{
    set_error_at(p, code, msg, true);
}

static void skip_ws(parser *p)
{
    while (p->pos < p->len) {
        char c = p->s[p->pos];
        if (c == '\n') {
            p->line++;
            p->line_start = p->pos + 1;
        } else if (c != ' ' && c != '\t' && c != '\r') {
            return;
        }
        p->pos++;
    }
}

static json_t *parse_value(parser *p, int depth);

static int hex4(const char *s, unsigned *out)
{
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        char c = s[i];
        v <<= 4;
        if (c >= '0' && c <= '9') {
            v |= (unsigned)(c - '0');
        } else if (c >= 'a' && c <= 'f') {
            v |= (unsigned)(c - 'a' + 10);
        } else if (c >= 'A' && c <= 'F') {
            v |= (unsigned)(c - 'A' + 10);
        } else {
            return -1;
        }
    }
    *out = v;
    return 0;
}

static size_t put_utf8(char *out, unsigned cp)
{
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

/* The length of the well-formed UTF-8 character at s (shortest form, no surrogates, at most
 * U+10FFFF), or 0. */
static size_t utf8_length(const char *s, size_t room)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t n;
    unsigned cp;
    if (u[0] < 0x80) {
        return 1;
    } else if (u[0] >= 0xC2 && u[0] <= 0xDF) {
        n = 2;
        cp = u[0] & 0x1Fu;
    } else if (u[0] >= 0xE0 && u[0] <= 0xEF) {
        n = 3;
        cp = u[0] & 0x0Fu;
    } else if (u[0] >= 0xF0 && u[0] <= 0xF4) {
        n = 4;
        cp = u[0] & 0x07u;
    } else {
        return 0;
    }
    if (n > room) {
        return 0;
    }
    for (size_t i = 1; i < n; i++) {
        if ((u[i] & 0xC0) != 0x80) {
            return 0;
        }
        cp = (cp << 6) | (u[i] & 0x3Fu);
    }
    if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
        (cp >= 0xD800 && cp <= 0xDFFF)) {
        return 0;
    }
    return n;
}

/* Parses the string at p->pos (on the opening quote) into a new buffer of its decoded bytes. */
static char *parse_string_raw(parser *p, size_t *out_len)
{
    size_t start = ++p->pos;
    size_t end = start;
    while (end < p->len && p->s[end] != '"') {
        unsigned char c = (unsigned char)p->s[end];
        if (c < 0x20) {
            p->pos = end;
            set_error_at(p, json_error_invalid_syntax, "control character in string", false);
            return NULL;
        }
        size_t n = utf8_length(p->s + end, p->len - end);
        if (n == 0) {
            p->pos = end;
            set_error_at(p, json_error_invalid_utf8, "unable to decode byte", false);
            return NULL;
        }
        end += c == '\\' ? 2 : n;
    }
    if (end >= p->len) {
        p->pos = p->len;
        set_error(p, json_error_premature_end_of_input, "premature end of input in string");
        return NULL;
    }
    /* Decoding never makes a string longer. */
    char *buf = g_malloc(end - start + 1);
    if (buf == NULL) {
        set_error(p, json_error_out_of_memory, "out of memory");
        return NULL;
    }
    size_t n = 0;
    for (size_t i = start; i < end;) {
        char c = p->s[i];
        if (c != '\\') {
            buf[n++] = c;
            i++;
            continue;
        }
        char e = p->s[i + 1];
        i += 2;
        switch (e) {
        case '"': buf[n++] = '"'; break;
        case '\\': buf[n++] = '\\'; break;
        case '/': buf[n++] = '/'; break;
        case 'b': buf[n++] = '\b'; break;
        case 'f': buf[n++] = '\f'; break;
        case 'n': buf[n++] = '\n'; break;
        case 'r': buf[n++] = '\r'; break;
        case 't': buf[n++] = '\t'; break;
        case 'u': {
            unsigned cp;
            if (i + 4 > end || hex4(p->s + i, &cp) != 0) {
                /* The reader takes the digits and the first character that is not one. */
                size_t bad = i;
                while (bad < i + 4 && bad < p->len && isxdigit((unsigned char)p->s[bad])) {
                    bad++;
                }
                p->pos = bad;
                set_error(p, json_error_invalid_syntax, "invalid \\u escape");
                g_free(buf);
                return NULL;
            }
            i += 4;
            if (cp >= 0xD800 && cp < 0xDC00) {
                unsigned lo;
                if (i + 6 > end || p->s[i] != '\\' || p->s[i + 1] != 'u' ||
                    hex4(p->s + i + 2, &lo) != 0 || lo < 0xDC00 || lo > 0xDFFF) {
                    p->pos = i;
                    set_error(p, json_error_invalid_syntax, "invalid Unicode surrogate pair");
                    g_free(buf);
                    return NULL;
                }
                i += 6;
                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
            } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
                p->pos = i;
                set_error(p, json_error_invalid_syntax, "lone Unicode low surrogate");
                g_free(buf);
                return NULL;
            } else if (cp == 0) {
                p->pos = i;
                set_error(p, json_error_null_character, "\\u0000 is not allowed");
                g_free(buf);
                return NULL;
            }
            n += put_utf8(buf + n, cp);
            break;
        }
        default:
            p->pos = i - 1;
            set_error(p, json_error_invalid_syntax, "invalid escape");
            g_free(buf);
            return NULL;
        }
    }
    buf[n] = '\0';
    p->pos = end + 1;
    *out_len = n;
    return buf;
}

static json_t *parse_number(parser *p)
{
    size_t i = p->pos;
    bool is_real = false;
    if (i < p->len && p->s[i] == '-') {
        i++;
    }
    if (i >= p->len || p->s[i] < '0' || p->s[i] > '9') {
        p->pos = i;
        set_error_at(p, json_error_invalid_syntax, "invalid number", false);
        return NULL;
    }
    if (p->s[i] == '0' && i + 1 < p->len && p->s[i + 1] >= '0' && p->s[i + 1] <= '9') {
        set_error(p, json_error_invalid_syntax, "leading zero in number");
        return NULL;
    }
    while (i < p->len && p->s[i] >= '0' && p->s[i] <= '9') {
        i++;
    }
    if (i < p->len && p->s[i] == '.') {
        is_real = true;
        i++;
        size_t d = i;
        while (i < p->len && p->s[i] >= '0' && p->s[i] <= '9') {
            i++;
        }
        if (i == d) {
            p->pos = i;
            set_error_at(p, json_error_invalid_syntax, "invalid number", false);
            return NULL;
        }
    }
    if (i < p->len && (p->s[i] == 'e' || p->s[i] == 'E')) {
        is_real = true;
        i++;
        if (i < p->len && (p->s[i] == '+' || p->s[i] == '-')) {
            i++;
        }
        size_t d = i;
        while (i < p->len && p->s[i] >= '0' && p->s[i] <= '9') {
            i++;
        }
        if (i == d) {
            p->pos = i;
            set_error_at(p, json_error_invalid_syntax, "invalid number", false);
            return NULL;
        }
    }
    char tmp[64];
    size_t n = i - p->pos;
    char *text = n < sizeof tmp ? tmp : g_malloc(n + 1);
    if (text == NULL) {
        set_error(p, json_error_out_of_memory, "out of memory");
        return NULL;
    }
    memcpy(text, p->s + p->pos, n);
    text[n] = '\0';
    json_t *v;
    errno = 0;
    if (is_real) {
        double d = strtod(text, NULL);
        v = errno == ERANGE && fabs(d) > 1.0 ? NULL : json_real(d);
    } else {
        long long ll = strtoll(text, NULL, 10);
        v = errno == ERANGE ? NULL : json_integer(ll);
    }
    if (text != tmp) {
        g_free(text);
    }
    if (v == NULL) {
        /* The whole number was read before its value was found out of range. */
        bool range = errno == ERANGE;
        p->pos = i;
        set_error_at(p, range ? json_error_numeric_overflow : json_error_out_of_memory,
                     range ? "number out of range" : "out of memory", false);
        return NULL;
    }
    p->pos = i;
    return v;
}

/* Reads a word of letters (as jansson does) and says whether it is `word`; p->pos is then past
 * the letters either way. */
static bool literal(parser *p, const char *word)
{
    size_t n = 0;
    while (p->pos + n < p->len && isalpha((unsigned char)p->s[p->pos + n])) {
        n++;
    }
    bool same = n == strlen(word) && memcmp(p->s + p->pos, word, n) == 0;
    p->pos += n;
    return same;
}

static json_t *parse_container(parser *p, int depth, bool is_object)
{
    /* Like jansson, the bracket that opens level MAX_DEPTH + 1 is the error. */
    if (depth >= MAX_DEPTH) {
        set_error(p, json_error_stack_overflow, "maximum parsing depth reached");
        return NULL;
    }
    json_t *c = is_object ? json_object() : json_array();
    if (c == NULL) {
        set_error(p, json_error_out_of_memory, "out of memory");
        return NULL;
    }
    char close = is_object ? '}' : ']';
    p->pos++;
    skip_ws(p);
    if (p->pos < p->len && p->s[p->pos] == close) {
        p->pos++;
        return c;
    }
    for (;;) {
        char *key = NULL;
        if (is_object) {
            skip_ws(p);
            if (p->pos >= p->len || p->s[p->pos] != '"') {
                set_error(p, p->pos >= p->len ? json_error_premature_end_of_input
                                              : json_error_invalid_syntax,
                          "string or '}' expected");
                json_decref(c);
                return NULL;
            }
            size_t klen;
            key = parse_string_raw(p, &klen);
            if (key == NULL) {
                json_decref(c);
                return NULL;
            }
            if (strlen(key) != klen) {
                set_error(p, json_error_null_byte_in_key, "NUL byte in object key");
                g_free(key);
                json_decref(c);
                return NULL;
            }
            skip_ws(p);
            if (p->pos >= p->len || p->s[p->pos] != ':') {
                set_error(p, json_error_invalid_syntax, "':' expected");
                g_free(key);
                json_decref(c);
                return NULL;
            }
            p->pos++;
        }
        json_t *v = parse_value(p, depth + 1);
        if (v == NULL) {
            g_free(key);
            json_decref(c);
            return NULL;
        }
        int rc = is_object ? json_object_set_new(c, key, v) : json_array_append_new(c, v);
        g_free(key);
        if (rc != 0) {
            set_error(p, json_error_out_of_memory, "out of memory");
            json_decref(c);
            return NULL;
        }
        skip_ws(p);
        if (p->pos < p->len && p->s[p->pos] == ',') {
            p->pos++;
            continue;
        }
        if (p->pos < p->len && p->s[p->pos] == close) {
            p->pos++;
            return c;
        }
        set_error(p, p->pos >= p->len ? json_error_premature_end_of_input
                                      : json_error_invalid_syntax,
                  is_object ? "'}' expected" : "']' expected");
        json_decref(c);
        return NULL;
    }
}

static json_t *parse_value(parser *p, int depth)
{
    skip_ws(p);
    if (p->pos >= p->len) {
        set_error(p, json_error_premature_end_of_input, "premature end of input");
        return NULL;
    }
    char c = p->s[p->pos];
    switch (c) {
    case '{':
        return parse_container(p, depth, true);
    case '[':
        return parse_container(p, depth, false);
    case '"': {
        size_t n;
        char *s = parse_string_raw(p, &n);
        if (s == NULL) {
            return NULL;
        }
        json_t *v = json_stringn(s, n);
        g_free(s);
        if (v == NULL) {
            set_error(p, json_error_out_of_memory, "out of memory");
        }
        return v;
    }
    case 't':
        if (literal(p, "true")) {
            return json_true();
        }
        set_error_at(p, json_error_invalid_syntax, "invalid token", false);
        return NULL;
    case 'f':
        if (literal(p, "false")) {
            return json_false();
        }
        set_error_at(p, json_error_invalid_syntax, "invalid token", false);
        return NULL;
    case 'n':
        if (literal(p, "null")) {
            return json_null();
        }
        set_error_at(p, json_error_invalid_syntax, "invalid token", false);
        return NULL;
    default:
        if (c == '-' || (c >= '0' && c <= '9')) {
            return parse_number(p);
        }
        break;
    }
    set_error(p, json_error_invalid_syntax, "invalid token");
    return NULL;
}

json_t *json_loadb(const char *buffer, size_t buflen, size_t flags, json_error_t *error)
{
    parser p = {buffer, buflen, 0, 1, 0, error};
    if (error != NULL) {
        memset(error, 0, sizeof *error);
        error->line = -1;
        error->column = -1;
        error->position = 0;
    }
    if (buffer == NULL) {
        set_error(&p, json_error_invalid_argument, "wrong arguments");
        return NULL;
    }
    skip_ws(&p);
    if (!(flags & JSON_DECODE_ANY) && p.pos < p.len && p.s[p.pos] != '{' && p.s[p.pos] != '[') {
        set_error(&p, json_error_invalid_syntax, "'[' or '{' expected");
        return NULL;
    }
    json_t *v = parse_value(&p, 0);
    if (v == NULL) {
        return NULL;
    }
    if (!(flags & JSON_DISABLE_EOF_CHECK)) {
        skip_ws(&p);
        if (p.pos < p.len) {
            set_error(&p, json_error_end_of_input_expected, "end of file expected");
            json_decref(v);
            return NULL;
        }
    }
    return v;
}

/* ---- Writer ------------------------------------------------------------------------------------- */

typedef struct writer {
    char *buf;
    size_t size;
    size_t n;
} writer;

static void put(writer *w, const char *s, size_t len)
{
    if (w->n < w->size) {
        size_t room = w->size - w->n;
        memcpy(w->buf + w->n, s, len < room ? len : room);
    }
    w->n += len;
}

static void puts_(writer *w, const char *s) { put(w, s, strlen(s)); }

static void newline_indent(writer *w, size_t flags, int depth)
{
    if (JSON_INDENT(flags) == 0) {
        return;
    }
    put(w, "\n", 1);
    for (int i = 0; i < depth * (int)JSON_INDENT(flags); i++) {
        put(w, " ", 1);
    }
}

static void dump_string(writer *w, const char *s, size_t len, size_t flags)
{
    put(w, "\"", 1);
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        char esc[8];
        switch (c) {
        case '"': puts_(w, "\\\""); break;
        case '\\': puts_(w, "\\\\"); break;
        case '\b': puts_(w, "\\b"); break;
        case '\f': puts_(w, "\\f"); break;
        case '\n': puts_(w, "\\n"); break;
        case '\r': puts_(w, "\\r"); break;
        case '\t': puts_(w, "\\t"); break;
        case '/':
            puts_(w, (flags & JSON_ESCAPE_SLASH) ? "\\/" : "/");
            break;
        default:
            if (c < 0x20) {
                snprintf(esc, sizeof esc, "\\u%04X", c);
                puts_(w, esc);
            } else {
                put(w, (const char *)&c, 1);
            }
        }
    }
    put(w, "\"", 1);
}

static int dump_value(writer *w, const json_t *v, size_t flags, int depth)
{
    char num[48];
    if (depth > MAX_DEPTH) {
        return -1;
    }
    switch (v->type) {
    case JSON_NULL: puts_(w, "null"); return 0;
    case JSON_TRUE: puts_(w, "true"); return 0;
    case JSON_FALSE: puts_(w, "false"); return 0;
    case JSON_INTEGER:
        snprintf(num, sizeof num, "%lld", json_integer_value(v));
        puts_(w, num);
        return 0;
    case JSON_REAL: {
        double d = json_real_value(v);
        int prec = (int)((flags >> 11) & 0x1F);
        snprintf(num, sizeof num, "%.*g", prec ? prec : 17, d);
        if (strpbrk(num, ".eE") == NULL) {
            strcat(num, ".0");
        }
        puts_(w, num);
        return 0;
    }
    case JSON_STRING:
        dump_string(w, json_string_value(v), json_string_length(v), flags);
        return 0;
    case JSON_ARRAY: {
        size_t n = json_array_size(v);
        put(w, "[", 1);
        if (n == 0) {
            put(w, "]", 1);
            return 0;
        }
        newline_indent(w, flags, depth + 1);
        for (size_t i = 0; i < n; i++) {
            if (dump_value(w, json_array_get(v, i), flags, depth + 1) != 0) {
                return -1;
            }
            if (i + 1 < n) {
                put(w, ",", 1);
                if (JSON_INDENT(flags) == 0 && !(flags & JSON_COMPACT)) {
                    put(w, " ", 1);
                }
                newline_indent(w, flags, depth + 1);
            }
        }
        newline_indent(w, flags, depth);
        put(w, "]", 1);
        return 0;
    }
    case JSON_OBJECT: {
        const jobject *o = (const jobject *)v;
        put(w, "{", 1);
        if (o->n == 0) {
            put(w, "}", 1);
            return 0;
        }
        newline_indent(w, flags, depth + 1);
        for (size_t i = 0; i < o->n; i++) {
            dump_string(w, o->items[i]->key, strlen(o->items[i]->key), flags);
            puts_(w, (flags & JSON_COMPACT) ? ":" : ": ");
            if (dump_value(w, o->items[i]->value, flags, depth + 1) != 0) {
                return -1;
            }
            if (i + 1 < o->n) {
                put(w, ",", 1);
                if (JSON_INDENT(flags) == 0 && !(flags & JSON_COMPACT)) {
                    put(w, " ", 1);
                }
                newline_indent(w, flags, depth + 1);
            }
        }
        newline_indent(w, flags, depth);
        put(w, "}", 1);
        return 0;
    }
    }
    return -1;
}

size_t json_dumpb(const json_t *json, char *buffer, size_t size, size_t flags)
{
    if (json == NULL || (!(flags & JSON_ENCODE_ANY) && !json_is_object(json) &&
                         !json_is_array(json))) {
        return 0;
    }
    writer w = {buffer, buffer == NULL ? 0 : size, 0};
    return dump_value(&w, json, flags, 0) == 0 ? w.n : 0;
}

char *json_dumps(const json_t *json, size_t flags)
{
    size_t n = json_dumpb(json, NULL, 0, flags);
    if (n == 0) {
        return NULL;
    }
    char *s = g_malloc(n + 1);
    if (s != NULL) {
        json_dumpb(json, s, n, flags);
        s[n] = '\0';
    }
    return s;
}

int json_dumpf(const json_t *json, FILE *output, size_t flags)
{
    char *s = json_dumps(json, flags);
    if (s == NULL) {
        return -1;
    }
    size_t n = strlen(s);
    int rc = fwrite(s, 1, n, output) == n ? 0 : -1;
    g_free(s);
    return rc;
}
