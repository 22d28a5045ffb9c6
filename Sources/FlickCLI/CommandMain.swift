import FlickCLI
import ArgumentParser
import FlickIO
import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension ParsableCommand {
    /// Parses the command line into `Self` or one of its subcommands and runs it. Every problem,
    /// ours or the argument parser's, is one line on standard error: a usage problem exits 2, a
    /// failed write 3, a signal 128 + its number; help and `--version` print as the parser does.
    package static func runAsFlickCommand(arguments: [String]? = nil) {
        ProcessSetup.prepare()
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            if Interrupt.isRequested {   // a tool whose loop ended on a signal
                note("stopped by \(Interrupt.signalName)")
                exitProcess(Interrupt.exitCode)
            }
            // What went to standard output (--print-config > feel.json, a summary line) is
            // written out now, and a full disk there is a failed write like any other.
            if let problem = StandardOutput.flushProblem() {
                note(problem)
                exitProcess(OutputError.exitCode)
            }
            if let first = OutputFailures.all.first {
                let more = OutputFailures.all.count - 1
                note(first.message + (more > 0 ? " (and \(more) more failed write\(more == 1 ? "" : "s"), said above)" : ""))
                exitProcess(OutputError.exitCode)
            }
            if BackgroundWork.abandoned.load(ordering: .relaxed) { exitProcess(0) }
        } catch is InterruptedError {
            note("stopped by \(Interrupt.signalName); nothing half-written was kept")
            exitProcess(Interrupt.exitCode)
        } catch let error as OutputError {
            note(error.message)
            exitProcess(OutputError.exitCode)
        } catch let error as UserError {
            note(error.message)
            exitProcess(2)
        } catch {
            let code = exitCode(for: error)
            // Help, --version, completion scripts and explicit exit codes: as the parser prints them.
            if code == .success || error is ExitCode { exit(withError: error) }
            let message = fullMessage(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
            note(message.replacingOccurrences(of: "Error: ", with: ""))
            exitProcess(code == .validationFailure ? 2 : code.rawValue)
        }
    }
}
