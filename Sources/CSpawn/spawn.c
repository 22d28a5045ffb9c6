#define _GNU_SOURCE
#include "CSpawn.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/// Marks every descriptor from 3 up close-on-exec (the child's own error pipe already is).
static void cloexec_from_3(void) {
#ifdef SYS_close_range
    // CLOSE_RANGE_CLOEXEC (Linux 5.11): one call, no descriptor walk.
    if (syscall(SYS_close_range, 3u, ~0u, 4u /* CLOSE_RANGE_CLOEXEC */) == 0) return;
#endif
    struct rlimit rl;
    long max = getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY ? (long)rl.rlim_cur : 65536;
    if (max > 65536) max = 65536;
    for (int fd = 3; fd < max; fd++) {
        int flags = fcntl(fd, F_GETFD);
        if (flags >= 0) fcntl(fd, F_SETFD, flags | FD_CLOEXEC);
    }
}

pid_t flick_spawn_tied(const char *path, char *const argv[], int in_fd, int out_fd, int err_fd) {
    int report[2];
    if (pipe2(report, O_CLOEXEC) != 0) return -errno;
    pid_t parent = getpid();
    // Every signal blocked across fork: the child must not run this process's handlers before
    // its exec (they would touch the parent's state in a copy of it).
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    pid_t pid = fork();
    if (pid == 0) {
        // The child: async-signal-safe calls only, until exec.
        int err = 0;
        // A process group of its own, led by the child: whatever it starts (a wrapper script's
        // children) is in it, so ending the group (kill(-pid, ...)) ends them all.
        if (setpgid(0, 0) != 0) err = errno;
        if (err == 0 && prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) err = errno;
        // The parent may have ended before the death signal was armed: then end now.
        if (err == 0 && getppid() != parent) _exit(127);
        for (int s = 1; s < NSIG && err == 0; s++) {
            if (s == SIGKILL || s == SIGSTOP) continue;
            struct sigaction action = {0};
            action.sa_handler = SIG_DFL;
            sigaction(s, &action, NULL);   // SIGPIPE was ignored by the parent: ffmpeg gets it back
        }
        int fds[3] = {in_fd, out_fd, err_fd};
        // Moved above 2 first, so one target never overwrites another's source.
        for (int i = 0; i < 3 && err == 0; i++) {
            if (fds[i] >= 0 && fds[i] < 3) {
                int moved = fcntl(fds[i], F_DUPFD_CLOEXEC, 3);
                if (moved < 0) err = errno; else fds[i] = moved;
            }
        }
        for (int i = 0; i < 3 && err == 0; i++) {
            if (fds[i] >= 0 && dup2(fds[i], i) < 0) err = errno;
        }
        if (err == 0) {
            cloexec_from_3();
            sigset_t none;
            sigemptyset(&none);
            sigprocmask(SIG_SETMASK, &none, NULL);
            execve(path, argv, environ);
            err = errno;
        }
        while (write(report[1], &err, sizeof err) < 0 && errno == EINTR) {}
        _exit(127);
    }
    int saved = errno;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    close(report[1]);
    if (pid < 0) {
        close(report[0]);
        return -saved;
    }
    int child_err = 0;
    ssize_t n;
    while ((n = read(report[0], &child_err, sizeof child_err)) < 0 && errno == EINTR) {}
    close(report[0]);
    if (n == (ssize_t)sizeof child_err) {   // exec failed: the child has already ended
        while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {}
        return -(child_err ? child_err : ECHILD);
    }
    return pid;
}

int flick_child_ended(pid_t pid) {
    siginfo_t info;
    info.si_pid = 0;
    while (waitid(P_PID, (id_t)pid, &info, WEXITED | WNOHANG | WNOWAIT) != 0) {
        if (errno != EINTR) return -errno;
    }
    return info.si_pid == pid ? 1 : 0;
}

int flick_pipe_cloexec(int fds[2]) {
    return pipe2(fds, O_CLOEXEC) == 0 ? 0 : -errno;
}

int flick_flush_stdout(void) {
    errno = 0;
    int failed = fflush(stdout) != 0;
    int code = errno;
    if (!failed && !ferror(stdout)) return 0;
    return failed && code ? code : -1;
}
