import FlickSession

/// The session's written record: the interaction log and the recording, each fed every output
/// (`App.emitOutputs`), and the inputs the session refused (counted for the HUD, each a log line).
@MainActor
final class SessionSinks {
    let log: InteractionLog?
    let recorder: Recorder?
    var refusedInputs = 0

    init(log: InteractionLog?, recorder: Recorder?) {
        self.log = log
        self.recorder = recorder
    }
}
