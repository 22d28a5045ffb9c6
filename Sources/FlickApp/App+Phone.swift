import FlickEngine
import FlickIO
import FlickPhone
import FlickSDL
import FlickSession
import FlickStage
import Foundation

extension App {
    /// What the phone sent since the last frame: touches to the session (the same recorded path
    /// as the mouse, `.touch` so the touch slop applies), a connect (the device's viewport
    /// becomes the scene's), a drop (the touch under way is cancelled), frame reports.
    func pumpPhone() {
        guard let phone else { return }
        for event in phone.server.drain() {
            guard let happening = phone.stream.take(event, takesTouches: player == nil && phone.engine == nil) else { continue }
            switch happening {
            case .connected(let hello, let resumed):
                phoneConnected(hello: hello, resumed: resumed)
            case .touch(let touch, let hostTime):
                phoneTouch(touch, hostTime: hostTime)
            case .answer(let answer, let hostTime):
                phoneAnswer(answer, hostTime: hostTime)
            case .undo(let hostTime):
                // A page that runs the engine gives Undo to its engine and sends it as a record.
                guard phone.engine == nil else { continue }
                phoneUndo(hostTime: hostTime)
            case .records(let batch):
                pageEngine?.take(batch, host: self)
            case .history:
                pageEngine?.sendHistory(host: self)
            case .dropped(let reason, let held):
                note("phone disconnected (\(reason)); the session goes on, the page reconnects by itself")
                logPhone(LogPhone(t: scene.time, what: .dropped, detail: reason))
                // The page's engine goes on without the host: its gesture is the page's to end.
                if held, phone.engine == nil {
                    runner.cancelHeldGesture(at: clock())
                }
                roles.desk.add("phone disconnected: \(reason)", .event, at: scene.time)
            case .refused(let kind, let line):
                let (say, log) = phone.refusal(kind, line)
                if let say { warn(say) }
                if log { logPhone(LogPhone(t: scene.time, what: .refused, detail: line)) }
            }
        }
    }

    private func phoneConnected(hello: PhoneHello, resumed: Bool) {
        guard let phone else { return }
        var device = hello.device
        if phone.engine != nil { device.engine = true }
        if phone.device == nil {
            phone.device = device
            do { try sinks.recorder?.release(device: device) } catch { phone.failure = phone.failure ?? error }
        }
        note("phone \(resumed ? "reconnected" : "connected"): \(device.summary)")
        // A page that runs the engine says when it came back on its own clock: the gap's end.
        let at = phone.engine != nil ? hello.at.map { max($0, scene.time) } ?? scene.time : scene.time
        logPhone(LogPhone(t: at, what: resumed ? .reconnected : .connected, detail: device.summary))
        roles.desk.add("phone \(resumed ? "reconnected" : "connected"): \(device.summary)", .event, at: scene.time)
        // The stage is the phone's own screen, above the page's panel for the participant's side
        // when the session has one: the scene takes its viewport (a recorded input).
        let showsSide = hasParticipantSide && hello.panel > 0
        phone.panel = showsSide ? hello.panel : 0
        phone.lastSide = nil
        let phoneViewport = hello.stage(side: showsSide)
        // The page that runs the engine starts it as the session started (the welcome) and then
        // takes the new viewport as an input of its own; the page that draws the host's frames
        // is told the viewport they have.
        let engineSetup = pageEngine?.welcome(scene: scene, lateWindow: runner.lateInputWindow)
        if engineSetup == nil { takeStage(phoneViewport) }
        let images = screen.faces.images
        let faceList = phone.hashes.enumerated().map { i, hash in
            PhoneWelcome.Face(hash: hash, title: images.indices.contains(i) ? images[i].title : nil)
        }
        let bg = options.look.style.background
        let shadow = CardRenderer.ShadowStyle()
        let welcome = PhoneWelcome(session: session.info.id, viewport: scene.viewport, faces: faceList,
                                   cardBackground: bg.hex, cornerRadius: CardFaces.cornerRadiusPoints,
                                   shadow: .init(blur: shadow.spread, dx: shadow.offset.dx, dy: shadow.offset.dy, opacity: shadow.opacity),
                                   resumed: resumed, panel: phone.panel, engine: engineSetup)
        phone.server.send(welcome.json())
        if engineSetup != nil {
            pageEngine?.facesSent = nil
            takeStage(phoneViewport)
            pageEngine?.flush(host: self)
        }
        publishPhoneSide(force: true)
        publishPhoneFrame(force: true)
    }

    /// The scene takes the phone's stage as its viewport (a recorded input) unless `--stage` set one.
    private func takeStage(_ phoneViewport: Size) {
        guard options.stageFromPhone, scene.viewport != phoneViewport, player == nil else { return }
        phone?.stage = phoneViewport
        screen.stage = Stage(viewport: phoneViewport, window: screen.window.size, margin: screen.presentation.stageMargin,
                      rightInset: panelInset, bottomInset: taskBarInset)
        submit(RecordedInput(t: clock(), .viewport(phoneViewport, window: nil)))
        advanceToNow()
    }

    private func phoneTouch(_ touch: PhoneTouch, hostTime: Double) {
        let t = session.time(sdl: hostTime)
        let p = PointerEvent(pointerID: 1, phase: touch.phase, position: touch.position, time: t, device: .touch)
        submit(RecordedInput(t: t, .pointer(p)))
    }

    /// Sends this frame's render list to the phone when it changed (every frame while it moves).
    func publishPhoneFrame(force: Bool = false) {
        guard let phone, phone.isConnected else { return }
        publishPhoneSide()
        // A page that runs the engine draws its own frames.
        guard phone.engine == nil else { return }
        let theme = Theme.of(scene.interaction)
        let stageColour = theme.stage.hex
        let list = pressed(scene.renderList)
        guard let text = phone.frame(list: list, scene: scene, faceOf: { self.screen.faces.imageIndex(of: $0) },
                                     stage: stageColour, force: force) else { return }
        phone.server.send(text, isFrame: true)
    }
}

extension App {
    /// A phone line into the log; a failed write ends the session like any other (exit 3).
    func logPhone(_ line: LogPhone) {
        do { try sinks.log?.append(line) } catch { phone?.failure = phone?.failure ?? error }
    }
}

/// The window's session as the page's engine link feeds it (`--phone-engine`).
extension App: PageEngineHost {
    var pageEngine: PageEngineLink? { phone?.engine }
    var pageConnected: Bool { phone?.isConnected == true }
    func sendToPage(_ text: String) { phone?.server.send(text) }
    func pageAnswered(_ answer: PhoneAnswer, at t: Double) { phoneAnswer(answer, at: t, record: true) }
    func inputSubmitted() { screen.submittedInputs += 1 }
}
