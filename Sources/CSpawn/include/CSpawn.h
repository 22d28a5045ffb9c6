#ifndef FLICK_CSPAWN_H
#define FLICK_CSPAWN_H

#include <sys/types.h>

/// Starts the program at `path` with `argv` (NULL-terminated) and this process's environment,
/// its standard input, output and error on `in_fd`, `out_fd` and `err_fd`, every other
/// descriptor closed, signal dispositions and mask at their defaults, in a child the kernel
/// kills with SIGKILL as soon as the calling thread's process ends, however it ends (SIGKILL
/// included): PR_SET_PDEATHSIG, set between fork and exec, where posix_spawn (Foundation's
/// Process) cannot. The child leads a process group of its own (its pid), so its own children
/// can be ended with it (kill(-pid, ...)); the death signal reaches only the child itself.
/// Returns the child's pid, or -errno when it could not be started (exec's
/// errno is reported through a close-on-exec pipe).
pid_t flick_spawn_tied(const char *path, char *const argv[], int in_fd, int out_fd, int err_fd);

/// Whether the child `pid` has ended, without reaping it (waitid with WNOWAIT): 1 ended (a
/// zombie: its pid, and so its process group's id, cannot be reused yet), 0 still running,
/// -errno (ECHILD: not a child, or reaped already).
int flick_child_ended(pid_t pid);

/// pipe2(fds, O_CLOEXEC) (a GNU extension Swift's Glibc module does not show): 0, or -errno.
int flick_pipe_cloexec(int fds[2]);

/// Flushes standard output: 0 when everything written to it went out, the errno of a failed
/// flush, or -1 when an earlier write failed (the stream's error flag; its errno is gone).
int flick_flush_stdout(void);

#endif
