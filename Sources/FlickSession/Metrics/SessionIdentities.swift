import FlickIO

/// The sessions a study tool has taken, by session id: a session's log and its recording, or
/// two copies of one file, carry the same id and would count one session twice. Every tool that
/// reads several sessions admits each through one of these.
package struct SessionIdentities {
    private var paths: [String: String] = [:]

    package init() {}

    /// Takes the session of `path`, or throws naming both files when its id was taken already.
    /// A session without an id (a log made before ids) is taken as it is.
    package mutating func admit(_ id: String?, path: String) throws {
        guard let id else { return }
        if let other = paths[id] {
            throw UserError("'\(other)' and '\(path)' are the same session (id \(id)): give each session once, as its log or its recording")
        }
        paths[id] = path
    }
}
