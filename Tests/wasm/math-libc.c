// The C library functions the wasm32 link of FlickMath and its driver asks for, there being no
// libc: posix_memalign and free, as a bump allocator that never frees (the driver allocates one
// buffer per function). No math functions: FlickMath needs none, which is the point.
#include <stddef.h>
#include <stdint.h>

extern unsigned char __heap_base;
static uintptr_t heapTop = (uintptr_t)&__heap_base;

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment < 16) alignment = 16;
    uintptr_t start = (heapTop + alignment - 1) & ~(uintptr_t)(alignment - 1);
    uintptr_t end = start + size;
    uintptr_t have = (uintptr_t)__builtin_wasm_memory_size(0) * 65536;
    if (end < start) return 12;  // ENOMEM
    if (end > have) {
        size_t pages = (end - have + 65535) / 65536;
        if (__builtin_wasm_memory_grow(0, pages) == (size_t)-1) return 12;
    }
    heapTop = end;
    *result = (void *)start;
    return 0;
}

void free(void *pointer) { (void)pointer; }
