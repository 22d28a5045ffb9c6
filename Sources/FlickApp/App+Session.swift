import FlickStage
import FlickIO
import FlickSession
import FlickEngine
import FlickSDL
import Foundation

extension App {
    /// What a recording starts with: everything needed to replay it without options.
    static func header(_ options: AppOptions, _ info: SessionInfo, window: Size) -> RecordingHeader {
        let folder = URL(fileURLWithPath: options.cards.folder).standardizedFileURL.path
        let bundled = folder == URL(fileURLWithPath: CardSource.defaultFolder()).standardizedFileURL.path
        var header = RecordingHeader(format: RecordingHeader.formatVersion, flickVersion: FlickVersion.current,
                               session: info.id, started: info.started, participant: info.participant,
                               task: info.task, demo: options.demo, cardFolder: folder, bundledCards: bundled,
                               cardFiles: RecordingHeader.cardFiles(of: options.cards), count: options.count,
                               window: window, stage: options.stage, stageCornerRadius: options.stageCornerRadius,
                               config: options.config, look: options.look.session)
        header.tasks = options.tasks
        header.markers = options.markers
        if options.facilitated { header.facilitator = true }
        header.configDescription = options.configDescription
        header.plan = options.plan
        return header
    }

    /// Advances the session to the frame clock's now (what the timeline has reached plays first).
    func advanceToNow() {
        runner.advance(to: clock())
    }

    /// Headless: frames on a 60 Hz clock from session time 0, as fast as they can be drawn; a
    /// replay runs until its last input has played and everything has settled (`--frames`
    /// overrides), and the screenshot is its last frame or the first at `--at`.
    /// Seconds before --at from which a seeking headless run draws its frames again.
    static let seekDrawnLead = 0.1

    func runHeadless() throws {
        let at = options.screenshotAt
        var shot = false
        var frame = 0
        // A recording with its end line ends where the live session did: its clock stops at the
        // end (`SessionRunner.end`; the last frame is drawn at it) and the session ends there,
        // settled or not. A picture asked for after the end waits for the scene to settle as an
        // old recording does (`replayEnd`).
        var frameTimes: [Double] = []
        while !Interrupt.isRequested {
            let frameStart = PerformanceClock.now
            screen.headlessFrame = frame
            takeListedSources()
            try pollCardKeeping()
            advanceToNow()
            try emitOutputs()
            let now = clock()
            var last: Bool
            if let n = options.frames {
                last = frame >= n - 1
            } else if runner.end != nil {
                last = runner.hasEnded
            } else if let player {
                // A session that ended paused, or cut off with the button down, stays as it was:
                // nothing moves after its last input.
                let settled = player.isFinished && (scene.isAtRest || timeline.isPaused || timeline.pointerDown)
                if settled, let at, now < at {
                    // Nothing moves any more and no input is left: the frame at --at is drawn
                    // at its time straight away (an hour past the end is not an hour of frames).
                    frame = max(frame + 1, Int((at * 60).rounded(.up)))
                    continue
                }
                last = settled && now >= (at ?? 0)
                if !last && now > max(player.duration, at ?? 0) + 60 {
                    warn("the replay had not settled 60 s after its last input; stopping at \(String(format: "%.1f", now)) s")
                    last = true
                }
            } else {
                last = now >= (at ?? 0)
            }
            let shoot = at.map { !shot && now >= $0 } ?? last
            // Seeking to --at: the session is replayed without drawing (the frames are nobody's
            // to see) until a few frames before it, which the tool UI needs to lay itself out.
            if let at, options.screenshot != nil, !shoot, !last, now < at - Self.seekDrawnLead {
                frame += 1
                continue
            }
            // Every face decoded before a frame that is saved (decoding runs in the background).
            try draw(settle: shoot || last)
            if options.reportsFrameTimes {
                screen.renderer.finish()
                frameTimes.append(PerformanceClock.now - frameStart)
            }
            if shoot, let path = options.screenshot {
                try AtomicFile.writePNG(to: path, what: "the screenshot") { try screen.renderer.savePNG(to: $0) }
                shot = true
            }
            screen.renderer.present()
            screen.faces.presented()
            // The picture at --at was the point of the run: the session ends there.
            if last || (shoot && at != nil && options.screenshot != nil) { break }
            frame += 1
        }
        if options.reportsFrameTimes { print(Self.frameTimesLine(frameTimes)) }
        if let at, !shot, options.screenshot != nil, !Interrupt.isRequested {
            throw UserError("--at \(at) is after the last frame (\(String(format: "%.3f", clock())) s); draw more --frames")
        }
    }

    /// `--frame-times`: `{"frames":N,"medianMs":M,"p99Ms":P}` (nearest-rank p99) of the drawn frames.
    nonisolated static func frameTimesLine(_ times: [Double]) -> String {
        let s = times.sorted()
        guard !s.isEmpty else { return "{\"frames\":0}" }
        let median = s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
        let p99 = nearestRank(s, 0.99)
        return String(format: "{\"frames\":%d,\"medianMs\":%.4f,\"p99Ms\":%.4f}", s.count, median * 1000, p99 * 1000)
    }

    /// Pauses or resumes a replay's playback (Space while replaying, `KeyAction.duringReplay`).
    func toggleReplayPause() {
        session.replay.paused.toggle()
        screen.window.title = "flick — replay\(session.replay.paused ? " (paused)" : "")"
    }

    /// In a window: says once when the replay has ended; with `--loop`, starts it again a second later.
    func replayEndCheck() {
        guard let player else { return }
        // The recording's end line is where the live session ended (settled or not); without
        // one, the replay ends once every input has played and the scene is at rest.
        let over = runner.end != nil ? player.isFinished && runner.hasEnded
            : (player.isFinished && (scene.isAtRest || timeline.isPaused || timeline.pointerDown) && clock() >= player.duration)
        if !session.replayEnded, over {
            session.replayEnded = true
            session.replayEndedAt = SDLContext.now
            let at = String(format: "%.2f", clock())
            if options.exitAtEnd {
                note("replay ended at \(at) s; the window closes (--exit-at-end)")
                input.running = false
                return
            }
            note("replay ended at \(at) s\(options.loop ? "; looping" : "; Q or Esc closes the window")")
            roles.toasts.post("Replay ended at \(String(format: "%.1f", clock())) s\(options.loop ? ", looping" : ". Q or Esc closes")",
                        lasting: !options.loop, now: clock())
            screen.window.title = "flick — replay ended (Q or Esc closes)"
        } else if session.replayEnded, options.loop, SDLContext.now - session.replayEndedAt >= 1 {
            runner = SessionRunner(scene: CardScene(interaction: options.demo, count: options.count,
                                                    viewport: options.stage ?? Stage(viewport: nil, window: screen.window.size).viewport,
                                                    config: options.config, time: 0),
                                   tasks: options.tasks, cardNames: imageNames, sessionTask: options.task,
                                   end: Self.replayEnd(options), course: runner.course)
            player.rewind()
            session.replay.restart()
            session.replayEnded = false
            roles.toasts.removeLasting()
            relayout()
            screen.window.title = "flick — replay"
        }
    }
}
