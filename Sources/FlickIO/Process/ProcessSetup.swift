import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Ends the process now with `code` (no unwinding: every file was closed by the caller). With
/// a decode left running in the background (`BackgroundWork`), standard streams are flushed and
/// the process ends at once, without exit handlers.
package func exitProcess(_ code: Int32) -> Never {
    if BackgroundWork.abandoned.load(ordering: .relaxed) {
        Diagnostics.drain()   // exit's handlers, which drain it, do not run after _exit
        fflush(nil)
        Glibc._exit(code)
    }
    Glibc.exit(code)
}

/// What every command does first, before it parses or opens anything.
package enum ProcessSetup {
    /// Descriptors 0-2 that are closed are opened on /dev/null (else the first file a run opens
    /// becomes its "standard error", and messages land in a log); SIGPIPE is ignored (a closed
    /// pipe is a write error, handled, not a silent death that loses the log's last lines);
    /// so is SIGXFSZ (a write past `ulimit -f` is EFBIG, a failed write: the log and the
    /// recording are cut back to their last whole line, a temporary is removed, exit code 3);
    /// SIGINT, SIGTERM, SIGHUP and SIGQUIT become a stop request every loop polls. Children
    /// (`TiedChild`) get every signal back at its default before they exec.
    package static func prepare() {
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
            if opened >= 0 && opened != fd {
                dup2(opened, fd)
                close(opened)
            }
        }
        ignoreWriteSignals()
        Interrupt.install()
    }

    /// SIGPIPE and SIGXFSZ ignored: a write to a closed pipe or past the file-size limit fails
    /// (EPIPE, EFBIG) and is handled as a failed write, instead of ending the process mid-line.
    package static func ignoreWriteSignals() {
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
    }
}
