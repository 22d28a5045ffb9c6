import FlickEngine
import FlickIO
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

extension SessionSinks {
    /// The sinks `options` asks for: the log given and, with `--record`, the recorder, whose
    /// header lists every card file (made only when recording, so a large deck does not stat
    /// every file before the first frame) and waits for the phone, when there is one, and for
    /// the cards' hashes; and the keeper that keeps the pictures as shown beside the recording
    /// (Cards/CardStore.swift), not yet started.
    static func make(_ options: AppOptions, info: SessionInfo, window: Size,
                     log: InteractionLog?) throws -> (sinks: SessionSinks, keeper: CardKeeper?) {
        guard let path = options.recordPath else { return (SessionSinks(log: log, recorder: nil), nil) }
        let header = App.header(options, info, window: window)
        let store = CardStore(besideRecording: path)
        try store.requireRealFolder()
        let recorder = try Recorder(path: path, header: header, overwrite: options.overwrite, waitsForDevice: options.phone != nil,
                                    waitsForCards: true)
        let keeper = CardKeeper(store: store, folder: options.cards.folder, files: header.cardFiles)
        return (SessionSinks(log: log, recorder: recorder), keeper)
    }
}
