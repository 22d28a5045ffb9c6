import FlickSDL
import FlickEngine

/// A recording played through the engine alone, with no window: the same inputs through the
/// same timeline (`SceneTimeline`) and the same `CardScene.apply` as the app, so the events
/// are the live session's. Step it with `advance(to:)` on the frame clock (session seconds);
/// the study tools draw its scene when they want a picture.
package final class HeadlessReplay {
    package let recording: Recording
    package private(set) var scene: CardScene
    private var timeline = SceneTimeline(start: 0)
    private var next = 0
    private var lastInput = -Double.infinity
    private var lastAdvance = -Double.infinity
    /// Recorded config reloads are skipped (a preset replaces the recording's config).
    package let keepsConfig: Bool
    /// Everything that happened, in order: scene events, markers, config reloads.
    package private(set) var items: [SessionItem] = []
    /// The newest pointer event delivered, scene points (for the touch dot of a video).
    package private(set) var pointer: PointerEvent?
    /// Every pointer sample delivered, with where a press landed on a card (for the study's
    /// hesitation, pauses, reversals and heatmaps).
    package private(set) var pointerTrail: [PointerSample] = []
    /// The header's `--tasks` as they ran (the same ends, times and outcomes as the live
    /// session) and which image each card shows as the recorded folder changes play.
    package private(set) var study = StudyInputs(tasks: nil, cardNames: [])
    package var tasks: TaskRun? { study.tasks }
    package var deckImages: DeckImages { study.images }
    /// The facilitator's notes, session seconds.
    package private(set) var notes: [(t: Double, text: String)] = []

    /// `config` replaces the recorded config (and its reloads) when given.
    package init(_ recording: Recording, demo: Interaction, count: Int, viewport: Size, config: SceneConfig,
         keepsConfig: Bool) {
        self.recording = recording
        self.keepsConfig = keepsConfig
        scene = CardScene(interaction: demo, count: count, viewport: viewport, config: config, time: 0)
        scene.advance(to: 0)
    }

    /// The replay its header describes (nil for recordings without one), optionally under another config.
    package convenience init?(_ recording: Recording, config: SceneConfig? = nil) {
        guard let h = recording.header else { return nil }
        self.init(recording, demo: h.demo, count: h.count, viewport: h.stage ?? h.window,
                  config: config ?? h.config, keepsConfig: config != nil)
        study = StudyInputs(tasks: h.tasks, cardNames: h.cardFiles.map(\.name))
    }

    /// The replay stops (as the live session's end did): what waits behind a pause plays at its
    /// instant, a press still down is cancelled (`endOfRecording`), a task under way ends.
    package func finish() {
        endOfRecording(at: lastAdvance)
        _ = study.finish(at: scene.time)
    }

    package var isFinished: Bool { next >= recording.inputs.count }
    /// Every input played and nothing moving. A recording that ended paused, or with the button
    /// still down (a session cut off), has nothing more to come either: it ends at its last input.
    package var isSettled: Bool { isFinished && (scene.isAtRest || timeline.isPaused || timeline.pointerDown) }
    private var lastPointer: PointerEvent?

    /// Plays the inputs due by `clock` and advances the scene to it.
    package func advance(to clock: Double) {
        while next < recording.inputs.count, recording.inputs[next].t <= clock {
            var input = recording.inputs[next]
            next += 1
            if input.config != nil && keepsConfig { continue }
            input.t = max(input.t, lastInput, lastAdvance)
            lastInput = input.t
            if let p = input.pointer { lastPointer = p }
            timeline.submit(input)
            deliver(timeline.due(by: clock))
        }
        deliver(timeline.due(by: clock))
        lastAdvance = clock
        scene.advance(to: max(scene.time, timeline.sceneTime(at: clock)))
        collect()
        _ = study.tick(scene.time)
    }

    /// Runs on the 60 Hz frame grid of a headless replay until everything has settled (at most
    /// `limit` seconds after the last input); returns the session time it stopped at.
    @discardableResult
    package func runToEnd(limit: Double = 60) -> Double {
        var frame = 0
        while true {
            let t = Double(frame) / 60
            advance(to: t)
            // A stop request ends the walk; callers check `Interrupt.isRequested` after it.
            if isSettled || t > recording.duration + limit || Interrupt.isRequested { return t }
            frame += 1
        }
    }

    /// The recording's end is the session's end, as in the app (`App.finishScene`): what waits
    /// behind a pause plays at its instant, and a press still down (a session cut off by SIGKILL
    /// or a full disk, or recorded before the quit cancelled it) is cancelled, so every gesture
    /// is closed. Frames before it show what the participant saw: the card still held.
    private func endOfRecording(at clock: Double) {
        guard clock.isFinite else { return }
        deliver(timeline.drain(at: clock))
        guard timeline.pointerDown, var p = lastPointer else { return }
        p.phase = .cancel
        timeline.submit(RecordedInput(t: lastInput, pointer: p))
        deliver(timeline.drain(at: clock))
    }

    private func deliver(_ due: [(input: RecordedInput, sceneTime: Double)]) {
        for (input, sceneTime) in due {
            let t = max(sceneTime, scene.time)
            if let p = input.pointer {
                pointerTrail.append(PointerSample(t: t, phase: p.phase, position: p.position,
                                                  onCard: p.phase == .down ? cardPoint(p.position) : nil))
            }
            _ = scene.apply(input, at: t)
            if var p = input.pointer { p.time = t; pointer = p }
            collect()
            if let config = input.config { items.append(.config(t: t, config: config)) }
            if let m = input.marker { items.append(.marker(t: t, label: m.label, task: m.task)) }
            if let text = input.note { notes.append((t, text)) }
            _ = study.apply(input, to: scene, at: t)
            if input.cards != nil { collect() }
        }
    }

    /// Where `point` lands on the topmost card of the last frame, normalised to the card.
    private func cardPoint(_ point: Point) -> Point? {
        for a in scene.renderList.reversed() where a.alpha > 0 {
            guard let inverse = a.transform.inverted(), a.size.width > 0, a.size.height > 0 else { continue }
            let local = inverse.apply(to: point)
            if abs(local.x) <= a.size.width / 2 && abs(local.y) <= a.size.height / 2 {
                return Point(x: local.x / a.size.width + 0.5, y: local.y / a.size.height + 0.5)
            }
        }
        return nil
    }

    private func collect() {
        for (e, release) in zip(scene.events, scene.releases) {
            items.append(.scene(e, release))
            _ = study.observe(e, in: scene)
        }
        scene.clearEvents()
    }
}
