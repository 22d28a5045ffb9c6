import FlickStage
import FlickCLI
import FlickIO
import FlickSession
import Foundation

/// Reads sessions on every core: a recording is replayed headless through the engine as it is
/// read, and a log is parsed, which is most of `flick study`'s time, and each session is
/// independent of the others. `measure` runs on the worker too (what the study keeps of a
/// session), and `body` gets the results in the order given, on the calling thread; at most a
/// few sessions (two per core) are read ahead of it, so a study of a thousand sessions holds
/// only what it keeps. The first session refused, in that order, is the error thrown.
enum SessionLoader {
    static func forEach<T>(_ paths: [String], cores: Int = ProcessInfo.processInfo.activeProcessorCount,
                           measure: @escaping @Sendable (Int, StudySession) throws -> T,
                           _ body: (String, T) throws -> Void) throws {
        try OrderedWork.run(count: paths.count, workers: cores, { i in
            if Interrupt.isRequested { throw InterruptedError() }
            return try measure(i, try StudySession.load(paths[i]))
        }, consume: { i, measured in try body(paths[i], measured) })
    }

    static func forEach(_ paths: [String], cores: Int = ProcessInfo.processInfo.activeProcessorCount,
                        _ body: (String, StudySession) throws -> Void) throws {
        try forEach(paths, cores: cores, measure: { $1 }, body)
    }
}
