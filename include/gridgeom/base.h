/* base.h - status codes, allocator, export macros and version of libgridgeom.
 * Layer: base (every other header includes this one). */
#ifndef GRIDGEOM_BASE_H
#define GRIDGEOM_BASE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Export and attribute macros ------------------------------------------------------------ */

#if defined(GG_SHARED) && defined(_WIN32)
#if defined(GG_BUILDING)
#define GG_API __declspec(dllexport)
#else
#define GG_API __declspec(dllimport)
#endif
#elif defined(GG_SHARED) && defined(__GNUC__)
#define GG_API __attribute__((visibility("default")))
#else
#define GG_API
#endif

#if defined(__GNUC__)
#define GG_NODISCARD __attribute__((warn_unused_result))
#else
#define GG_NODISCARD
#endif

/* ---- Version ---------------------------------------------------------------------------------- */

#define GG_VERSION_MAJOR 0
#define GG_VERSION_MINOR 2
#define GG_VERSION_PATCH 0
/// The version as one number: major * 10000 + minor * 100 + patch.
#define GG_VERSION_NUMBER (GG_VERSION_MAJOR * 10000 + GG_VERSION_MINOR * 100 + GG_VERSION_PATCH)

/// The version of the library actually linked, as GG_VERSION_NUMBER. Compare it with the macro
/// to catch a header/library mismatch.
/// @thread pure
/// @since 0.1
GG_API int32_t gg_version(void);

/// The linked version as a string, "0.2.0". Static storage.
/// @thread pure
/// @since 0.1
GG_API const char *gg_version_string(void);

/* ---- Status codes ----------------------------------------------------------------------------- */

/// One list generates the enum, gg_status_name() and gg_status_message().
/// Values are explicit and append-only; a value is never reused.
#define GG_STATUS_LIST(X)                                                                          \
    X(GG_OK, 0, "success")                                                                         \
    X(GG_PARTIAL, 1, "success; the result was truncated to the caller's capacity")                 \
    X(GG_E_INVALID_ARG, -1, "an argument is outside its documented domain")                        \
    X(GG_E_OUT_OF_BOUNDS, -2, "a cell or corner lies outside the scene")                           \
    X(GG_E_NO_MEMORY, -3, "the allocator returned NULL")                                           \
    X(GG_E_BUFFER_TOO_SMALL, -4, "the caller's buffer is too small")                               \
    X(GG_E_STALE_ID, -5, "the id names an object that was removed")                                \
    X(GG_E_BAD_DEF, -6, "the definition was not made by its _default() function")                  \
    X(GG_E_PARSE, -7, "the text could not be parsed")                                              \
    X(GG_E_TOO_LARGE, -8, "a size or count exceeds what the library supports")                     \
    X(GG_E_INTERNAL, -9, "a library invariant failed; please report it")

/// Result of every function that can fail. Negative values are errors; GG_OK and GG_PARTIAL
/// are successes.
/// @since 0.1
typedef enum gg_status {
#define GG_STATUS_ENUM_(name, value, text) name = value,
    GG_STATUS_LIST(GG_STATUS_ENUM_)
#undef GG_STATUS_ENUM_
} gg_status;

/// The enumerator's name, e.g. "GG_E_STALE_ID"; "GG_UNKNOWN_STATUS" for values not in the list.
/// Static storage.
/// @thread pure
/// @since 0.1
GG_API const char *gg_status_name(gg_status s);

/// A one-sentence English description of `s`. Static storage.
/// @thread pure
/// @since 0.1
GG_API const char *gg_status_message(gg_status s);

/// True for error statuses (negative values).
/// @thread pure
/// @since 0.1
static inline bool gg_failed(gg_status s) { return (int)s < 0; }

/* ---- Allocation ------------------------------------------------------------------------------- */

/// A caller-supplied allocator. Objects that allocate take a pointer to one in their def and keep
/// a copy; there is no process-wide hook. `alloc` returns NULL on failure and memory aligned to
/// at least `align` (a power of two no greater than 16). `free` receives the size that was
/// requested, so arena and pool allocators need no headers. A NULL allocator pointer in a def
/// means the C library's malloc/free.
/// @since 0.1
typedef struct gg_allocator {
    void *(*alloc)(void *ctx, size_t size, size_t align);
    void (*free)(void *ctx, void *ptr, size_t size);
    void *ctx;
} gg_allocator;

#ifdef __cplusplus
}
#endif

#endif /* GRIDGEOM_BASE_H */
