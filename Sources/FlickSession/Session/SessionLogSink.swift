import FlickEngine

/// What a session did, as its log's lines: the one mapping from a `SessionRunner`'s outputs to
/// the interaction log, so the window, the soak and any headless host write the same lines for
/// the same session. What is not the log's (the recording's inputs, an input applied, a held
/// gesture cancelled at a replay's end) writes nothing.
extension InteractionLog {
    /// Writes `output`'s line, if it has one. `wallClock` gives the wall clock of a session
    /// time (a time control's line carries it); nil where the session has none.
    package func record(_ output: SessionOutput, wallClock: (Double) -> String? = { _ in nil }) throws {
        switch output {
        case .recorded, .applied, .heldGestureCancelled:
            break
        case .refused(let input, let reason, let t):
            try inputRefused(time: t, input: input, reason: "\(reason)")
        case .blocked(let input, let t):
            try inputRefused(time: t, input: input, reason: SessionOutput.blockedReason)
        case .scene(let logged):
            try record(logged)
        case .configChanged(let change, let before, let t):
            try configChanged(time: t, change: change, from: before)
        case .configReloaded(let path, let config, let t):
            try configReloaded(time: t, path: path, config: config)
        case .marker(let marker, _, let t):
            try self.marker(time: t, label: marker.label, task: marker.task)
        case .note(let text, let task, let t):
            try note(time: t, text: text, task: task)
        case .taskStarted(let line):
            try append(line)
        case .taskEnded(let line):
            try append(line)
        case .cardsChanged(let change, let t):
            try append(LogCardsChanged(t: t, change: change))
        case .timeControl(let acted):
            try append(LogTimeControl(t: acted.sceneTime, control: acted.control, scale: acted.scale,
                                      session: acted.clock, wallClock: wallClock(acted.clock)))
        case .questionnaire(let line):
            try append(line)
        case .answer(let line):
            try append(line)
        }
    }
}

extension SessionOutput {
    /// Why a blocked input was not taken, as the log says it.
    package static let blockedReason = "a questionnaire is on the participant's screen"
}
