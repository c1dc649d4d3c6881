/* io_alloc.c - the io layer's memory, jansson's included, goes through the caller's allocator.
 *
 * jansson has one process-wide pair of allocation hooks (json_set_alloc_funcs()) and no
 * per-call allocator. Swapping the hooks around each import would race with every other thread
 * of the host that uses jansson, and with other imports. So the hooks are set once, the first
 * time an io call needs them, to two trampolines: while an io call is running on a thread it
 * opens a scope (gg__io_mem_begin) that points a thread-local variable at the caller's
 * allocator, and jansson's allocations on that thread go there; on any thread without an open
 * scope the trampolines forward to the hooks that were installed before (malloc/free, or the
 * host's own), so a host's jansson use is untouched. The only state shared between threads is
 * the pair of saved hooks, written once before any trampoline can run. docs/io.md and
 * docs/threading.md describe the contract.
 *
 * jansson's free hook receives no size while gg_allocator.free wants one, so each block made in
 * a scope carries its size in a 16-byte header. That is sound because an io call frees every
 * jansson value it made before it closes its scope, and never frees inside a scope a value made
 * outside one: a pointer reaching the free trampoline with a scope open always has the header.
 * Layer: io. */
#include <jansson.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "io/io_internal.h"

/* The header before each jansson block made in a scope; 16 bytes keeps jansson's alignment. */
#define MEM_HEADER ((size_t)16)

static _Thread_local gg__io_mem *tl_scope;

static json_malloc_t saved_malloc;
static json_free_t saved_free;
/* 0 = hooks not set, 1 = being set by some thread, 2 = set (saved_* readable). */
static atomic_int hooks_state;

static void *trampoline_malloc(size_t size)
{
    gg__io_mem *m = tl_scope;
    if (m == NULL)
        return saved_malloc(size);
    if (size > SIZE_MAX - MEM_HEADER) {
        m->failed = true;
        return NULL;
    }
    unsigned char *p = (unsigned char *)m->alloc.alloc(m->alloc.ctx, size + MEM_HEADER, 16);
    if (p == NULL) {
        m->failed = true;
        return NULL;
    }
    size_t total = size + MEM_HEADER;
    memcpy(p, &total, sizeof total);
    return p + MEM_HEADER;
}

static void trampoline_free(void *ptr)
{
    if (ptr == NULL)
        return;
    gg__io_mem *m = tl_scope;
    if (m == NULL) {
        saved_free(ptr);
        return;
    }
    unsigned char *p = (unsigned char *)ptr - MEM_HEADER;
    size_t total;
    memcpy(&total, p, sizeof total);
    m->alloc.free(m->alloc.ctx, p, total);
}

static void install_hooks(void)
{
    if (atomic_load_explicit(&hooks_state, memory_order_acquire) == 2)
        return;
    int expected = 0;
    if (atomic_compare_exchange_strong_explicit(&hooks_state, &expected, 1, memory_order_acq_rel,
                                                memory_order_acquire)) {
        json_get_alloc_funcs(&saved_malloc, &saved_free);
        json_set_alloc_funcs(trampoline_malloc, trampoline_free);
        atomic_store_explicit(&hooks_state, 2, memory_order_release);
        return;
    }
    /* Another thread is setting them: two function pointers, a few instructions. */
    while (atomic_load_explicit(&hooks_state, memory_order_acquire) != 2) {
    }
}

static void *libc_alloc(void *ctx, size_t size, size_t align)
{
    (void)ctx;
    (void)align; /* malloc's alignment covers every align the library asks for (<= 16) */
    return malloc(size == 0 ? 1 : size);
}

static void libc_free(void *ctx, void *ptr, size_t size)
{
    (void)ctx;
    (void)size;
    free(ptr);
}

bool gg__io_allocator_resolve(const gg_allocator *in, gg_allocator *out)
{
    if (in == NULL) {
        out->alloc = libc_alloc;
        out->free = libc_free;
        out->ctx = NULL;
        return true;
    }
    if (in->alloc == NULL || in->free == NULL)
        return false;
    *out = *in;
    return true;
}

void gg__io_mem_begin(gg__io_mem *m, const gg_allocator *resolved)
{
    install_hooks();
    m->alloc = *resolved;
    m->failed = false;
    m->outer = tl_scope;
    tl_scope = m;
}

void gg__io_mem_end(gg__io_mem *m) { tl_scope = m->outer; }

void *gg__io_alloc(gg__io_mem *m, size_t bytes)
{
    void *p = m->alloc.alloc(m->alloc.ctx, bytes == 0 ? 1 : bytes, 16);
    if (p == NULL)
        m->failed = true;
    return p;
}

void *gg__io_grow(gg__io_mem *m, void *ptr, size_t old_bytes, size_t new_bytes)
{
    void *p = gg__io_alloc(m, new_bytes);
    if (p == NULL)
        return NULL;
    if (ptr != NULL) {
        memcpy(p, ptr, old_bytes < new_bytes ? old_bytes : new_bytes);
        gg__io_free(m, ptr, old_bytes);
    }
    return p;
}

void gg__io_free(gg__io_mem *m, void *ptr, size_t bytes)
{
    if (ptr != NULL)
        m->alloc.free(m->alloc.ctx, ptr, bytes == 0 ? 1 : bytes);
}
