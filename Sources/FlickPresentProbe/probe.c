// The first-present probe of `flick-bench --only first-frame`, kept out of the product: the
// bench starts flick with LD_PRELOAD=libFlickPresentProbe.so, and this SDL_RenderPresent runs
// in place of SDL's. The first call presents the frame through the real SDL_RenderPresent,
// prints one line on standard error and ends the process:
//   flick-first-present monotonic_ns=<CLOCK_MONOTONIC> age_ms=<since the process started>
// CLOCK_MONOTONIC is one clock for every process on the machine, so the bench (the parent) can
// subtract its own reading taken just before the spawn.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef void (*present_fn)(void *renderer);

// Milliseconds since this process started, from /proc/self/stat's start time (clock ticks
// after boot, 10 ms resolution) against CLOCK_BOOTTIME; negative when unreadable.
static double process_age_ms(void) {
    char buf[1024];
    FILE *f = fopen("/proc/self/stat", "r");
    if (!f) return -1;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    char *p = strrchr(buf, ')');
    if (!p) return -1;
    // After "(comm)": field 3 (state) onwards; the start time is field 22.
    int field = 2;
    for (; *p && field < 22; p++) if (*p == ' ') field++;
    if (field != 22) return -1;
    double ticks = strtod(p, NULL);
    struct timespec ts;
    clock_gettime(CLOCK_BOOTTIME, &ts);
    double uptime = (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
    return (uptime - ticks / (double)sysconf(_SC_CLK_TCK)) * 1000;
}

void SDL_RenderPresent(void *renderer) {
    present_fn real = (present_fn)dlsym(RTLD_NEXT, "SDL_RenderPresent");
    if (real) real(renderer);
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    unsigned long long ns = (unsigned long long)ts.tv_sec * 1000000000ull + (unsigned long long)ts.tv_nsec;
    double age = process_age_ms();
    char line[160];
    int len = age >= 0
        ? snprintf(line, sizeof line, "flick-first-present monotonic_ns=%llu age_ms=%.1f\n", ns, age)
        : snprintf(line, sizeof line, "flick-first-present monotonic_ns=%llu age_ms=nan\n", ns);
    if (len > 0) { ssize_t w = write(2, line, (size_t)len); (void)w; }
    _exit(0);
}
