#ifndef FLICK_THREAD_H
#define FLICK_THREAD_H
#ifdef __linux__
#include <sys/syscall.h>
#include <unistd.h>
/// The calling thread's kernel id (gettid, which Swift's Glibc does not export), for per-thread
/// scheduling calls (setpriority, sched_setscheduler).
static inline int flick_gettid(void) { return (int)syscall(SYS_gettid); }
#else
static inline int flick_gettid(void) { return 0; }
#endif
#endif
