import FlickSession

extension App {
    /// A replay under another `--config` is a what-if: its tasks and the participant's side
    /// follow the recording's course as recorded (`RecordedCourse`), found by replaying the
    /// recording under its own config first. Nil for a live session, a replay as recorded, and
    /// a replay given other `--tasks` (then the tasks are the new file's, decided anew).
    static func replayCourse(_ options: AppOptions) -> RecordedCourse? {
        guard options.configOverridden, let recording = options.replay?.recording,
              let header = recording.header, header.tasks != nil, options.tasks == header.tasks else { return nil }
        return RecordedCourse.of(recording).flatMap { $0.isEmpty ? nil : $0 }
    }
}
