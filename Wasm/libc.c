// The C library functions the Embedded Swift engine links against in WebAssembly, where there
// is no libc: memory allocation (posix_memalign, free), the memory primitives, and the random
// bytes the standard library seeds its hashing with. Built by the toolchain's clang for wasm32.
//
// The allocator keeps freed blocks in lists by size class (powers of two, 16 bytes to 1 GiB) and
// takes new ones from the top of the heap, growing the memory as it needs: a long session frees
// and reuses its frames' arrays instead of growing without end.
#include <stddef.h>
#include <stdint.h>

extern unsigned char __heap_base;
static uintptr_t heapTop = (uintptr_t)&__heap_base;

// Each block starts with a 16-byte header holding its class; the caller's pointer follows it.
enum { HEADER = 16, CLASSES = 27 };
static void *freeList[CLASSES];

static int classOf(size_t size) {
    size_t need = size + HEADER;
    int c = 0;
    while (((size_t)16 << c) < need) {
        if (++c == CLASSES) return -1;
    }
    return c;
}

static void *take(size_t bytes) {
    uintptr_t start = (heapTop + 15) & ~(uintptr_t)15;
    uintptr_t end = start + bytes;
    if (end < start) return 0;
    uintptr_t have = (uintptr_t)__builtin_wasm_memory_size(0) * 65536;
    if (end > have) {
        size_t pages = (end - have + 65535) / 65536;
        if (__builtin_wasm_memory_grow(0, pages) == (size_t)-1) return 0;
    }
    heapTop = end;
    return (void *)start;
}

static void *allocate(size_t size) {
    int c = classOf(size);
    if (c < 0) return 0;
    unsigned char *block = freeList[c];
    if (block) {
        freeList[c] = *(void **)(block + HEADER);
    } else {
        block = take((size_t)16 << c);
        if (!block) return 0;
    }
    *(int *)block = c;
    return block + HEADER;
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    // Blocks are 16-aligned; Swift asks for at most that on wasm32.
    if (alignment > 16) return 22;  // EINVAL
    void *p = allocate(size);
    if (!p) return 12;  // ENOMEM
    *result = p;
    return 0;
}

void *malloc(size_t size) { return allocate(size); }

void free(void *pointer) {
    if (!pointer) return;
    unsigned char *block = (unsigned char *)pointer - HEADER;
    int c = *(int *)block;
    *(void **)pointer = freeList[c];
    freeList[c] = block;
}

void *memcpy(void *to, const void *from, size_t n) {
    __builtin_memcpy(to, from, n);
    return to;
}

void *memmove(void *to, const void *from, size_t n) {
    __builtin_memmove(to, from, n);
    return to;
}

void *memset(void *to, int value, size_t n) {
    __builtin_memset(to, value, n);
    return to;
}

int memcmp(const void *a, const void *b, size_t n) {
    const unsigned char *x = a, *y = b;
    for (size_t i = 0; i < n; i++) {
        if (x[i] != y[i]) return x[i] < y[i] ? -1 : 1;
    }
    return 0;
}

// The engine never depends on hashing order, so a fixed seed keeps runs alike.
void arc4random_buf(void *buffer, size_t n) {
    unsigned char *b = buffer;
    for (size_t i = 0; i < n; i++) b[i] = (unsigned char)(0x5A ^ i);
}

// Double.rounded() (to nearest, ties away from zero) calls round. Exact: x - trunc(x) is
// representable, so this equals the C library's round for every input, NaN and ±0 included.
double round(double x) {
    double t = __builtin_trunc(x);
    if (__builtin_fabs(x - t) >= 0.5) t += __builtin_copysign(1.0, x);
    return t;
}
