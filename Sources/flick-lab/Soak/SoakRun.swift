import FlickIO
import FlickSession
import FlickEngine
import FlickEngineTesting
import FlickSessionTesting
import Foundation

/// A long session of random gestures played through the session core (`SessionRunner`, as the
/// window runs it) in fast-forward (frames at 60 Hz of simulated time, as fast as the CPU goes),
/// with every frame checked: finite render list, one slot per card, live slots within the
/// interaction's bound, a clock that never goes back, and a deck that is what the events say.
/// Events go through the real interaction log when asked.
struct SoakRun {
    struct Settings {
        var minutes: Double
        var seed: UInt64
        var cards: Int
        var viewport: Size
        var log: InteractionLog?
    }

    struct Report {
        var frames = 0
        var gestures = 0
        var events = 0
        var refused = 0
        var violations: [String] = []
        var violationCount = 0
        var wall = 0.0
        var residentAtStart = 0
        var residentAfterFirstMinute = 0
        var residentAtEnd = 0
        var residentPeak = 0
        var interrupted = false
    }

    static let hz = 60.0

    /// Resident memory of this process, bytes (from /proc/self/statm).
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    static func run(_ s: Settings) throws -> Report {
        var report = Report()
        var rng = SeededRandom(seed: s.seed)
        let runner = SessionRunner(scene: CardScene(interaction: .switcher, count: s.cards, viewport: s.viewport, time: 0),
                                   tasks: nil, cardNames: [])
        let scene = runner.scene
        let totalFrames = Int((s.minutes * 60 * hz).rounded())
        let original = (0..<scene.deck.count).map { scene.deck.id(at: $0) }
        var model: [CardID] = original
        var modelValid = true
        var lastTime = scene.time
        let start = Date()
        report.residentAtStart = residentBytes()
        report.residentPeak = report.residentAtStart
        try s.log?.started(time: 0, demo: scene.interaction, cards: scene.deck.count, window: s.viewport,
                           stage: Rect(x: 0, y: 0, width: s.viewport.width, height: s.viewport.height),
                           session: .new(participant: "soak", task: "seed \(s.seed)"), viewport: s.viewport,
                           config: scene.config)

        func violation(_ text: String) {
            report.violationCount += 1
            if report.violations.count < 10 { report.violations.append(text) }
        }

        /// The deck as the events say it: each deck event applied to a plain list of ids.
        func track(_ e: SceneEvent) {
            switch e {
            case let .deleted(_, card, index):
                if modelValid {
                    if index >= 0, index < model.count, model[index] == card { model.remove(at: index) } else { modelValid = false }
                }
            case let .restored(_, card, index), let .inserted(_, card, index):
                if modelValid {
                    if index >= 0, index <= model.count { model.insert(card, at: index) } else { modelValid = false }
                }
            case .reset:
                model = original
                modelValid = true
            default:
                break
            }
        }

        var pending: [GestureScript.Step] = []
        var next = 0
        var frame = 0
        while frame < totalFrames {
            if Interrupt.isRequested { report.interrupted = true; break }
            let t = Double(frame) / hz
            if next >= pending.count {
                // The next few seconds of input, starting a little after now.
                var script = GestureScript(startTime: t + 0.05, step: 8)
                report.gestures += Self.randomGestures(&script, &rng, viewport: s.viewport, count: 4)
                pending = script.steps
                next = 0
            }
            let outputs = runner.play(pending, cursor: &next, frameAt: t)
            frame += 1
            report.frames = frame

            if let v = frameViolation(scene) { violation("frame \(frame) (\(scene.interaction.rawValue)): \(v)") }
            if scene.time < lastTime || !scene.time.isFinite { violation("frame \(frame): clock \(lastTime) -> \(scene.time)") }
            lastTime = scene.time
            for output in outputs {
                // Every output's line, as the window writes it (`InteractionLog.record(_:)` of a `SessionOutput`).
                if let log = s.log { try log.record(output) }
                switch output {
                case .refused: report.refused += 1
                case .scene(let logged):
                    let e = logged.event
                    report.events += 1
                    track(e)
                    if case let .gestureEnded(time, _, translation, velocity, _, _) = e,
                       ![time, translation.dx, translation.dy, velocity.dx, velocity.dy].allSatisfy(\.isFinite) {
                        violation("frame \(frame): non-finite \(e)")
                    }
                default: break
                }
            }
            // The deck is what the events say, in every interaction (checked once a simulated
            // second, after committing what late input could still change: the next inputs of
            // the script are all later than now).
            if frame % Int(hz) == 0 {
                runner.commit()
                for output in runner.takeOutputs() {
                    if let log = s.log { try log.record(output) }
                    guard case .scene(let logged) = output else { continue }
                    report.events += 1
                    track(logged.event)
                }
                let ids = (0..<scene.deck.count).map { scene.deck.id(at: $0) }
                if !modelValid || ids != model {
                    violation("frame \(frame) (\(scene.interaction.rawValue)): the events say \(modelValid ? "\(model)" : "an impossible deck"), the deck is \(ids)")
                    model = ids
                    modelValid = true
                }
                let rss = residentBytes()
                report.residentPeak = max(report.residentPeak, rss)
                if frame == Int(60 * hz) { report.residentAfterFirstMinute = rss }
            }
        }
        try s.log?.quit(time: scene.time)
        report.wall = Date().timeIntervalSince(start)
        report.residentAtEnd = residentBytes()
        if report.residentAfterFirstMinute == 0 { report.residentAfterFirstMinute = report.residentAtEnd }
        return report
    }

    /// Appends `count` random gestures (and now and then a key command, a resize or another
    /// interaction) to `script`; returns how many gestures it wrote.
    static func randomGestures(_ script: inout GestureScript, _ rng: inout SeededRandom, viewport: Size, count: Int) -> Int {
        func unit() -> Double { Double(rng.next() >> 11) / Double(1 << 53) }
        func point() -> Point { Point(x: viewport.width * (0.1 + 0.8 * unit()), y: viewport.height * (0.1 + 0.8 * unit())) }
        func direction() -> Vector {
            let a = unit() * 2 * Double.pi
            let d = 20 + unit() * 400
            return Vector(dx: cos(a) * d, dy: sin(a) * d)
        }
        for _ in 0..<count {
            script.device = unit() < 0.5 ? .mouse : .touch
            switch Int(unit() * 100) {
            case 0..<40: script.fling(from: point(), by: direction(), speed: 200 + unit() * 6000)
            case 40..<55: script.drag(from: point(), by: direction(), duration: 0.1 + unit() * 0.8)
            case 55..<65: script.hold(from: point(), by: direction(), for: 0.05 + unit() * 0.3)
            case 65..<72: script.drag(from: point(), by: direction(), duration: 0.2, release: .cancel)
            case 72..<82: script.tap(at: point())
            case 82..<92: script.command(CardScene.Command.allCases[Int(unit() * 1000) % CardScene.Command.allCases.count])
            case 92..<96: script.interaction(Interaction.allCases[Int(unit() * 1000) % Interaction.allCases.count])
            default:
                let sizes = [viewport, Size(width: viewport.height, height: viewport.width), Size(width: 320, height: 568)]
                script.viewport(sizes[Int(unit() * 3) % 3])
            }
            script.wait(0.05 + unit() * 0.6)
        }
        return count
    }
}

