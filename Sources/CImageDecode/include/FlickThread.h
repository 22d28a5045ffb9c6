#ifndef FLICK_THREAD_H
#define FLICK_THREAD_H
#ifdef __linux__
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>
/// The calling thread's kernel id (gettid, which Swift's Glibc does not export), for per-thread
/// scheduling calls (setpriority, sched_setscheduler).
static inline int flick_gettid(void) { return (int)syscall(SYS_gettid); }
/// Sets the calling thread's timer slack (how late the kernel may fire its sleeps' timers, to
/// group wake-ups; 50 us by default), nanoseconds; 0 on success, else -1. prctl is variadic,
/// which Swift does not import.
static inline int flick_set_timer_slack(unsigned long nanoseconds) {
    return prctl(PR_SET_TIMERSLACK, nanoseconds, 0, 0, 0) == 0 ? 0 : -1;
}
#else
static inline int flick_gettid(void) { return 0; }
static inline int flick_set_timer_slack(unsigned long nanoseconds) { (void)nanoseconds; return -1; }
#endif
#endif
