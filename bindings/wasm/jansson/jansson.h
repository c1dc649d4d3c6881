/* jansson.h - the part of jansson's API that the io layer uses, for the WebAssembly build only.
 *
 * Debian ships no emscripten build of jansson and this project does not vendor third-party code,
 * so bindings/wasm/build.sh compiles src/io against this small JSON implementation of our own
 * (json.c beside this file) instead. It follows jansson 2.14's documented behaviour for the calls
 * below: objects keep insertion order (a repeated key replaces the earlier value), integers are
 * numbers without '.', 'e' or 'E', the top level must be an object or an array, nesting is limited
 * to 2048 levels, strings must be valid UTF-8, and error positions are jansson's: the line, the
 * column in characters and the byte offset of what was read when the error was found
 * (test/shim.test.js compares both readers on the shared maps and on malformed files).
 * Native builds never see this header: they use the system's jansson. */
#ifndef GG_WASM_JANSSON_H
#define GG_WASM_JANSSON_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum json_type {
    JSON_OBJECT,
    JSON_ARRAY,
    JSON_STRING,
    JSON_INTEGER,
    JSON_REAL,
    JSON_TRUE,
    JSON_FALSE,
    JSON_NULL
} json_type;

typedef struct json_t {
    json_type type;
    size_t refcount;
} json_t;

typedef long long json_int_t;

#define JSON_ERROR_TEXT_LENGTH 160
#define JSON_ERROR_SOURCE_LENGTH 80

typedef struct json_error_t {
    int line;
    int column;
    int position;
    char source[JSON_ERROR_SOURCE_LENGTH];
    char text[JSON_ERROR_TEXT_LENGTH];
} json_error_t;

enum json_error_code {
    json_error_unknown,
    json_error_out_of_memory,
    json_error_stack_overflow,
    json_error_cannot_open_file,
    json_error_invalid_argument,
    json_error_invalid_utf8,
    json_error_premature_end_of_input,
    json_error_end_of_input_expected,
    json_error_invalid_syntax,
    json_error_invalid_format,
    json_error_wrong_type,
    json_error_null_character,
    json_error_null_value,
    json_error_null_byte_in_key,
    json_error_duplicate_key,
    json_error_numeric_overflow,
    json_error_item_not_found,
    json_error_index_out_of_range
};

/* Like jansson, the code is kept in the last byte of the text. */
static inline enum json_error_code json_error_code(const json_error_t *e)
{
    return (enum json_error_code)e->text[JSON_ERROR_TEXT_LENGTH - 1];
}

typedef void *(*json_malloc_t)(size_t);
typedef void (*json_free_t)(void *);
void json_set_alloc_funcs(json_malloc_t malloc_fn, json_free_t free_fn);
void json_get_alloc_funcs(json_malloc_t *malloc_fn, json_free_t *free_fn);

#define json_typeof(j) ((j)->type)
#define json_is_object(j) ((j) && json_typeof(j) == JSON_OBJECT)
#define json_is_array(j) ((j) && json_typeof(j) == JSON_ARRAY)
#define json_is_string(j) ((j) && json_typeof(j) == JSON_STRING)
#define json_is_integer(j) ((j) && json_typeof(j) == JSON_INTEGER)
#define json_is_real(j) ((j) && json_typeof(j) == JSON_REAL)
#define json_is_number(j) (json_is_integer(j) || json_is_real(j))
#define json_is_true(j) ((j) && json_typeof(j) == JSON_TRUE)
#define json_is_false(j) ((j) && json_typeof(j) == JSON_FALSE)
#define json_boolean_value json_is_true
#define json_is_boolean(j) (json_is_true(j) || json_is_false(j))
#define json_is_null(j) ((j) && json_typeof(j) == JSON_NULL)

json_t *json_object(void);
json_t *json_array(void);
json_t *json_string(const char *value);
json_t *json_stringn(const char *value, size_t len);
json_t *json_integer(json_int_t value);
json_t *json_real(double value);
json_t *json_true(void);
json_t *json_false(void);
json_t *json_null(void);

void json_delete(json_t *json);

static inline json_t *json_incref(json_t *json)
{
    if (json != NULL && json->refcount != (size_t)-1) {
        json->refcount++;
    }
    return json;
}

static inline void json_decref(json_t *json)
{
    if (json != NULL && json->refcount != (size_t)-1 && --json->refcount == 0) {
        json_delete(json);
    }
}

size_t json_object_size(const json_t *object);
json_t *json_object_get(const json_t *object, const char *key);
int json_object_set_new(json_t *object, const char *key, json_t *value);
static inline int json_object_set(json_t *object, const char *key, json_t *value)
{
    return json_object_set_new(object, key, json_incref(value));
}
void *json_object_iter(json_t *object);
void *json_object_iter_next(json_t *object, void *iter);
const char *json_object_iter_key(void *iter);
json_t *json_object_iter_value(void *iter);
void *json_object_key_to_iter(const char *key);

#define json_object_foreach(object, key, value)                                                  \
    for (key = json_object_iter_key(json_object_iter(object));                                   \
         key && (value = json_object_iter_value(json_object_key_to_iter(key)));                  \
         key = json_object_iter_key(                                                             \
             json_object_iter_next(object, json_object_key_to_iter(key))))

size_t json_array_size(const json_t *array);
json_t *json_array_get(const json_t *array, size_t index);
int json_array_append_new(json_t *array, json_t *value);
static inline int json_array_append(json_t *array, json_t *value)
{
    return json_array_append_new(array, json_incref(value));
}

#define json_array_foreach(array, index, value)                                                  \
    for (index = 0;                                                                              \
         index < json_array_size(array) && (value = json_array_get(array, index));               \
         index++)

const char *json_string_value(const json_t *string);
size_t json_string_length(const json_t *string);
json_int_t json_integer_value(const json_t *integer);
double json_real_value(const json_t *real);
double json_number_value(const json_t *json);

int json_equal(const json_t *value1, const json_t *value2);

/* json_pack: only the conversions s, i, I, f, b, n, o, O and the brackets {} []. */
json_t *json_pack(const char *fmt, ...);

#define JSON_MAX_INDENT 0x1F
#define JSON_INDENT(n) ((n) & JSON_MAX_INDENT)
#define JSON_COMPACT 0x20
#define JSON_ENSURE_ASCII 0x40
#define JSON_SORT_KEYS 0x80
#define JSON_PRESERVE_ORDER 0x100
#define JSON_ENCODE_ANY 0x200
#define JSON_ESCAPE_SLASH 0x400
#define JSON_REAL_PRECISION(n) (((n) & 0x1F) << 11)
#define JSON_EMBED 0x10000

#define JSON_REJECT_DUPLICATES 0x1
#define JSON_DISABLE_EOF_CHECK 0x2
#define JSON_DECODE_ANY 0x4
#define JSON_DECODE_INT_AS_REAL 0x8
#define JSON_ALLOW_NUL 0x10

json_t *json_loadb(const char *buffer, size_t buflen, size_t flags, json_error_t *error);
size_t json_dumpb(const json_t *json, char *buffer, size_t size, size_t flags);
char *json_dumps(const json_t *json, size_t flags);
int json_dumpf(const json_t *json, FILE *output, size_t flags);

#ifdef __cplusplus
}
#endif

#endif
